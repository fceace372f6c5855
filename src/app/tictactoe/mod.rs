//! Tic-tac-toe on the table: its place in the app ([`TableGame`]), the analysis
//! switch and panel, and its view: a wooden 3x3 board, X pieces (two crossed bars) and
//! O pieces (a torus), the phantom, the last-move marker, the winning line, and the
//! analysis tint of every empty cell by its solved value.

mod analysis;
pub mod input;
pub mod layout;
mod tint;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use super::ai::AiJob;
use super::locale::Locale;
use super::table::{self, OnTable, TableGame};
use crate::ai::{Budget, GameAi, Level};
use crate::rules::Player;
use crate::rules::tictactoe::{Cell, TicTacToe, TicTacToeError};
use crate::tr;
use rand::SeedableRng;

/// While Tic-tac-toe is on the table: its systems run, its entities live.
pub(super) const TIC_TAC_TOE: OnTable = OnTable::of::<TicTacToe>();

/// The Tic-tac-toe game on the table.
pub type CurrentGame = table::CurrentGame<TicTacToe>;

/// A request to mark a cell.
pub type MoveRequested = table::MoveRequested<TicTacToe>;

/// Whether every empty cell is tinted by its solved value for the side to move.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Analysis(pub bool);

impl TableGame for TicTacToe {
    fn side_colour(player: Player) -> Color {
        view::mark_colour(player)
    }

    fn describe(&self, locale: &Locale) -> String {
        tr!(locale, "tictactoe-describe")
    }

    fn refusal(error: &TicTacToeError, locale: &Locale) -> String {
        match error {
            TicTacToeError::Occupied(cell) => tr!(locale, "refused-taken", at = cell.to_string()),
            TicTacToeError::GameOver => tr!(locale, "refused-over"),
            other => other.to_string(),
        }
    }

    fn think(
        &self,
        level: Level,
        _: AiJob,
    ) -> impl Future<Output = Option<Cell>> + ConditionalSend + 'static {
        let game = self.clone();
        // A table look-up: nothing to stop, report or pause.
        async move { crate::ai::tictactoe::best_move(&game, level, &mut rand::rng()) }
    }

    /// The solved game: every value exact.
    fn appraise(
        &self,
        _: AiJob,
    ) -> impl Future<Output = Option<crate::ai::Analysis<Cell>>> + ConditionalSend + 'static {
        let game = self.clone();
        async move {
            let mut rng = rand::rngs::StdRng::seed_from_u64(0);
            game.analyse(TicTacToe::REVIEW_LEVEL, Budget::Level, &mut rng)
        }
    }

    fn plugin(app: &mut App) {
        app.init_resource::<Analysis>()
            .add_systems(
                OnEnter(TIC_TAC_TOE),
                |at_start: Option<Res<table::AnalysisAtStart>>, mut analysis: ResMut<Analysis>| {
                    analysis.0 |= at_start.is_some();
                },
            )
            .add_plugins((view::plugin, tint::plugin, input::plugin, analysis::plugin));
    }
}
