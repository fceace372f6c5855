//! Knucklebones on the table: its place in the shared move path ([`TableGame`]), the
//! dice settings, and its view: two trays facing each other, 3D dice with pips, the
//! roll of each turn, dice sliding into their slots and knocked out of the
//! opponent's, and the column scores.

pub mod input;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::ai::{AiJob, AiProgress, pauses_text, plugin_for, slices};
use super::table::{self, TableGame};
use super::{GameKind, OnTable};
use crate::ai::Level;
use crate::record::GameRecord;
use crate::rules::knucklebones::{Column, Knucklebones, KnucklebonesError};
use crate::rules::{Outcome, Player};

/// While Knucklebones is on the table: its systems run, its entities live.
pub const KNUCKLEBONES: OnTable = OnTable(GameKind::Knucklebones);

/// The Knucklebones game on the table.
pub type CurrentGame = table::CurrentGame<Knucklebones>;

/// A request to place the die in a column.
pub type MoveRequested = table::MoveRequested<Knucklebones>;

/// Who places the first die of a new game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Starter {
    /// Player 1.
    #[default]
    First,
    /// Player 2.
    Second,
    /// A coin toss for every game.
    Random,
}

/// The menu's dice settings.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnucklebonesSettings {
    /// The dice seed; `None`: a fresh random seed for every game (shown in the HUD,
    /// so a good game can be replayed).
    pub seed: Option<u64>,
    /// Who starts.
    pub starter: Starter,
}

/// What people call a side.
#[must_use]
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "Player 1",
        Player::Second => "Player 2",
    }
}

impl TableGame for Knucklebones {
    type Settings = KnucklebonesSettings;
    const KIND: GameKind = GameKind::Knucklebones;
    const HINT_MARK: &'static str = "cyan column";
    const CONTROLS: &'static str = "Click a column of your tray or press 1/2/3";

    fn new_game(settings: &KnucklebonesSettings) -> Self {
        let seed = settings.seed.unwrap_or_else(rand::random);
        let starter = match settings.starter {
            Starter::First => Player::First,
            Starter::Second => Player::Second,
            Starter::Random if rand::random() => Player::First,
            Starter::Random => Player::Second,
        };
        Knucklebones::new(seed, starter)
    }

    fn check(&self, column: Column) -> Result<(), KnucklebonesError> {
        Knucklebones::check(self, column)
    }

    fn undo(&mut self) -> Option<Column> {
        Knucklebones::undo(self)
    }

    fn plies(&self) -> usize {
        self.placements().len()
    }

    fn move_names(&self) -> Vec<String> {
        self.placements()
            .iter()
            .map(|p| {
                let knocked = match p.removed {
                    0 => String::new(),
                    n => format!(" ×{n}"),
                };
                format!("{} in {}{knocked}", p.die, p.column)
            })
            .collect()
    }

    fn side_name(player: Player) -> &'static str {
        player_name(player)
    }

    fn side_colour(player: Player) -> Color {
        view::dice_colour(player)
    }

    fn status_text(&self) -> String {
        let (one, two) = (self.score(Player::First), self.score(Player::Second));
        match self.outcome() {
            None => format!("Rolled a {} · score {one} – {two}", self.die()),
            Some(Outcome::Win(winner)) => {
                let (high, low) = (one.max(two), one.min(two));
                format!("{} wins {high} – {low}", player_name(winner))
            }
            Some(Outcome::Draw) => format!("Draw {one} – {two}"),
        }
    }

    fn describe(&self) -> String {
        format!(
            "seed {} · {} started",
            self.seed(),
            player_name(self.starter())
        )
    }

    fn think(
        &self,
        level: Level,
        job: AiJob,
    ) -> impl Future<Output = Option<Column>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            // Its own generator: the thread's may not be held across a pause.
            let mut rng = StdRng::from_rng(&mut rand::rng());
            let mut slices = slices();
            let choice = crate::ai::knucklebones::best_move_in_slices(
                &game,
                level,
                &mut rng,
                job.stop(),
                &mut slices,
            )
            .await?;
            info!(
                "AI {level} chose column {}: depth {}, {} nodes{}",
                choice.column,
                choice.depth,
                choice.nodes,
                pauses_text(&slices)
            );
            job.report(AiProgress {
                depth: choice.depth,
                nodes: choice.nodes,
                best: Some(choice.column.to_string()),
            });
            Some(choice.column)
        }
    }

    fn to_record(&self) -> GameRecord {
        GameRecord::Knucklebones(self.clone())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        table::plugin::<Knucklebones>,
        plugin_for::<Knucklebones>,
        view::plugin,
    ))
    .add_systems(
        Update,
        input::keys_to_place
            .in_set(super::AppSystems::RecordInput)
            .run_if(in_state(KNUCKLEBONES)),
    );
}
