//! Connect Four on the table: its place in the app ([`TableGame`]), the upright
//! rack and its falling discs ([`view`]), the pointer and the keys 1 to 7
//! ([`input`]), and the analysis that tints every column by its solved value
//! ([`analysis`]).

pub mod analysis;
pub mod input;
pub mod layout;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::ai::{AiJob, AiProgress, pauses_text, slices};
use super::locale::Locale;
use super::table::{self, OnTable, TableGame};
use crate::ai::{Analysis, GameAi, Level};
use crate::rules::Player;
use crate::rules::connectfour::{Column, ConnectFour, ConnectFourError};
use crate::tr;

/// While Connect Four is on the table: its systems run, its entities live.
pub(super) const CONNECT_FOUR: OnTable = OnTable::of::<ConnectFour>();

/// The Connect Four game on the table.
pub type CurrentGame = table::CurrentGame<ConnectFour>;

/// A request to drop a disc into a column.
pub type MoveRequested = table::MoveRequested<ConnectFour>;

impl TableGame for ConnectFour {
    fn side_colour(player: Player) -> Color {
        view::disc_colour(player)
    }

    fn describe(&self, locale: &Locale) -> String {
        tr!(locale, "connectfour-describe")
    }

    fn refusal(error: &ConnectFourError, locale: &Locale) -> String {
        match error {
            ConnectFourError::ColumnFull(column) => {
                tr!(locale, "refused-full", column = column.to_string())
            }
            ConnectFourError::GameOver => tr!(locale, "refused-over"),
            other => other.to_string(),
        }
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
            let choice = crate::ai::connectfour::best_move_in_slices(
                &game,
                level,
                &mut rng,
                job.stop(),
                &mut slices,
            )
            .await?;
            let source = if choice.from_book {
                " from the book"
            } else {
                ""
            };
            let value = choice
                .score
                .map_or(String::new(), |s| format!(" ({})", s.text()));
            info!(
                "AI {level} chose column {}{source}{value}: {} nodes{}",
                choice.column,
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

    /// Level 5: the solver, so every value is exact (win, draw or loss, and when).
    fn appraise(
        &self,
        job: AiJob,
    ) -> impl Future<Output = Option<Analysis<Column>>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            let mut rng = StdRng::from_rng(&mut rand::rng());
            let mut slices = slices();
            let choice = crate::ai::connectfour::best_move_in_slices(
                &game,
                ConnectFour::REVIEW_LEVEL,
                &mut rng,
                job.stop(),
                &mut slices,
            )
            .await;
            job.report_work(slices.longest_work());
            let choice = choice?;
            Some(Analysis {
                best: choice.column,
                value: choice.score.map(|s| s.text()),
                verdict: choice.score.map(|s| s.verdict()),
            })
        }
    }

    fn plugin(app: &mut App) {
        app.add_plugins((view::plugin, input::plugin, analysis::plugin));
    }
}
