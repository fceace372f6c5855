//! Knucklebones on the table: its place in the app ([`TableGame`]: the move list in
//! words, the score in the status line, its AI in the app), and its view: two trays facing each other, 3D dice with pips, the
//! roll of each turn, dice sliding into their slots and knocked out of the
//! opponent's, and the column scores.

mod dice;
pub mod input;
pub mod layout;
pub mod motion;
mod scores;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::ai::{AiJob, AiProgress, pauses_text, slices};
use super::locale::Locale;
use super::table::{self, OnTable, TableGame};
use crate::ai::{Analysis, GameAi, Level, Verdict};
use crate::rules::knucklebones::{Column, Knucklebones, KnucklebonesError};
use crate::rules::{Game, Outcome, Player};
use crate::tr;

/// While Knucklebones is on the table: its systems run, its entities live.
pub(super) const KNUCKLEBONES: OnTable = OnTable::of::<Knucklebones>();

/// The Knucklebones game on the table.
pub type CurrentGame = table::CurrentGame<Knucklebones>;

/// A request to place the die in a column.
pub type MoveRequested = table::MoveRequested<Knucklebones>;

impl TableGame for Knucklebones {
    fn move_names(&self, locale: &Locale) -> Vec<String> {
        self.placements()
            .iter()
            .map(|p| {
                let knocked = match p.removed {
                    0 => String::new(),
                    n => format!(" ×{n}"),
                };
                let column = p.column.to_string();
                let placed = tr!(locale, "knucklebones-move", die = p.die, column = column);
                format!("{placed}{knocked}")
            })
            .collect()
    }

    fn side_colour(player: Player) -> Color {
        dice::dice_colour(player)
    }

    fn status_text(&self, locale: &Locale) -> String {
        let (one, two) = (self.score(Player::First), self.score(Player::Second));
        match self.outcome() {
            None => tr!(
                locale,
                "knucklebones-rolled",
                die = self.die(),
                first = one,
                second = two
            ),
            Some(Outcome::Win(winner)) => tr!(
                locale,
                "knucklebones-wins",
                side = locale.side(Self::NAME, winner),
                high = one.max(two),
                low = one.min(two)
            ),
            Some(Outcome::Draw) => tr!(locale, "knucklebones-draw", first = one, second = two),
        }
    }

    fn setup_status_text(&self, locale: &Locale) -> String {
        let (first, second) = (self.score(Player::First), self.score(Player::Second));
        tr!(
            locale,
            "knucklebones-setup",
            die = self.die(),
            first = first,
            second = second
        )
    }

    fn refusal(error: &KnucklebonesError, locale: &Locale) -> String {
        match error {
            KnucklebonesError::ColumnFull(column) => {
                tr!(locale, "refused-full", column = column.to_string())
            }
            KnucklebonesError::GameOver => tr!(locale, "refused-over"),
            other => other.to_string(),
        }
    }

    fn describe(&self, locale: &Locale) -> String {
        tr!(
            locale,
            "knucklebones-describe",
            seed = self.seed().to_string(),
            starter = locale.side(Self::NAME, self.starter())
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
                ..AiProgress::default()
            });
            Some(choice.column)
        }
    }

    /// The review's level ([`GameAi::REVIEW_LEVEL`]): the expected result over the
    /// dice to come.
    fn appraise(
        &self,
        job: AiJob,
    ) -> impl Future<Output = Option<Analysis<Column>>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            let mut rng = StdRng::from_rng(&mut rand::rng());
            let level = Knucklebones::REVIEW_LEVEL;
            let mut slices = slices();
            let choice = crate::ai::knucklebones::best_move_in_slices(
                &game,
                level,
                &mut rng,
                job.stop(),
                &mut slices,
            )
            .await;
            job.report_work(slices.longest_work());
            let choice = choice?;
            Some(Analysis {
                best: choice.column,
                value: choice.value.map(|v| format!("{v:.3}")),
                // From -1 (a sure loss) to +1, to the review's 0 to 1.
                verdict: choice.value.map(|v| Verdict::Expected((v + 1.0) / 2.0)),
            })
        }
    }

    /// The face of the die a click puts, and the die in hand.
    fn edit_rows(
        ui: &mut bevy_egui::egui::Ui,
        game: &table::CurrentGame<Self>,
        tools: &mut table::EditTools,
        edits: &mut MessageWriter<table::EditPosition<Self>>,
        locale: &Locale,
    ) {
        ui.horizontal(|ui| {
            ui.label(tr!(locale, "edit-face"));
            for face in 1..=6 {
                if ui
                    .selectable_label(tools.face == face, face.to_string())
                    .clicked()
                {
                    tools.face = face;
                    tools.take = false;
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label(tr!(locale, "edit-die"));
            for face in 1..=6 {
                if ui
                    .selectable_label(game.die() == face, face.to_string())
                    .clicked()
                {
                    edits.write(table::EditPosition::new(move |game: &mut Self| {
                        game.set_up_die(face).map_err(|e| e.to_string())
                    }));
                }
            }
        });
    }

    fn plugin(app: &mut App) {
        app.add_plugins((view::plugin, input::plugin, scores::plugin));
    }
}
