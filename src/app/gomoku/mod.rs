//! Gomoku on the table: the game's place in the shared move path
//! ([`TableGame`]), its settings, and its board view: the wooden board, the stones,
//! the pointer snapped to intersections.

pub mod board;
pub mod input;
pub mod pieces;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use super::ai::{AiJob, AiProgress, pauses_text, plugin_for, slices};
use super::table::{self, TableGame};
use super::{GameKind, OnTable};
use crate::ai::Level;
use crate::ai::gomoku::best_move_in_slices;
use crate::record::GameRecord;
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, GomokuError, Point, Rule, stone_name};

/// Settings chosen in the menu; every new game starts from them.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GomokuSettings {
    /// Board width and height.
    pub size: BoardSize,
    /// Free-style or standard (exactly five).
    pub rule: Rule,
}

impl GomokuSettings {
    /// The settings `game` is played with.
    #[must_use]
    pub fn of(game: &Gomoku) -> Self {
        Self {
            size: game.size(),
            rule: game.rule(),
        }
    }
}

/// While Gomoku is on the table: its systems run, its entities live.
pub const GOMOKU: OnTable = OnTable(GameKind::Gomoku);

/// The Gomoku game on the table.
pub type CurrentGame = table::CurrentGame<Gomoku>;

/// A request to place a stone.
pub type MoveRequested = table::MoveRequested<Gomoku>;

impl TableGame for Gomoku {
    type Settings = GomokuSettings;
    const KIND: GameKind = GameKind::Gomoku;

    fn new_game(settings: &GomokuSettings) -> Self {
        Gomoku::new(settings.size, settings.rule)
    }

    fn adopt_settings(&self, settings: &mut GomokuSettings) {
        *settings = GomokuSettings::of(self);
    }

    fn check(&self, point: Point) -> Result<(), GomokuError> {
        Gomoku::check(self, point)
    }

    fn undo(&mut self) -> Option<Point> {
        Gomoku::undo(self)
    }

    fn plies(&self) -> usize {
        self.moves().len()
    }

    fn move_names(&self) -> Vec<String> {
        self.moves().iter().map(ToString::to_string).collect()
    }

    fn side_name(player: Player) -> &'static str {
        stone_name(player)
    }

    fn side_colour(player: Player) -> Color {
        match player {
            Player::First => Color::srgb(0.08, 0.08, 0.09),
            Player::Second => Color::srgb(0.94, 0.93, 0.9),
        }
    }

    const HINT_MARK: &'static str = "cyan ring";
    const CONTROLS: &'static str = "Left click: place a stone";

    fn describe(&self) -> String {
        let rule = match self.rule() {
            Rule::FreeStyle => "free-style",
            Rule::Standard => "standard (exactly five)",
        };
        format!("{} · {rule}", self.size())
    }

    fn think(
        &self,
        level: Level,
        job: AiJob,
    ) -> impl Future<Output = Option<Point>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            let report = |info: &crate::ai::gomoku::SearchInfo| {
                job.report(AiProgress {
                    depth: info.depth,
                    nodes: info.nodes,
                    best: info.best.map(|p| p.to_string()),
                });
            };
            let mut slices = slices();
            let result = best_move_in_slices(&game, level, job.stop(), report, &mut slices).await?;
            info!(
                "AI {level} chose {} in {:.2} s: depth {}, {} nodes{}",
                result.best,
                result.elapsed.as_secs_f64(),
                result.depth,
                result.nodes,
                pauses_text(&slices)
            );
            Some(result.best)
        }
    }

    fn to_record(&self) -> GameRecord {
        GameRecord::Gomoku(self.clone())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((table::plugin::<Gomoku>, plugin_for::<Gomoku>))
        .add_plugins((board::plugin, pieces::plugin));
}
