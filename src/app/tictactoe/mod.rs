//! Tic-tac-toe on the table: its place in the shared move path ([`TableGame`]), the
//! analysis switch, and its view: a wooden 3x3 board, X pieces (two crossed bars) and
//! O pieces (a torus), the phantom, the last-move marker, the winning line, and the
//! analysis tint of every empty cell by its solved value.

pub mod input;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use super::ai::{AiJob, plugin_for};
use super::table::{self, TableGame};
use super::{GameKind, OnTable};
use crate::ai::Level;
use crate::record::GameRecord;
use crate::rules::Player;
use crate::rules::tictactoe::{Cell, TicTacToe, TicTacToeError, mark_name};

/// While Tic-tac-toe is on the table: its systems run, its entities live.
pub const TIC_TAC_TOE: OnTable = OnTable(GameKind::TicTacToe);

/// The Tic-tac-toe game on the table.
pub type CurrentGame = table::CurrentGame<TicTacToe>;

/// A request to mark a cell.
pub type MoveRequested = table::MoveRequested<TicTacToe>;

/// Tic-tac-toe has no settings of its own: who plays X is the menu's seat for the
/// first side.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TicTacToeSettings;

/// Whether every empty cell is tinted by its solved value for the side to move.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Analysis(pub bool);

impl TableGame for TicTacToe {
    type Settings = TicTacToeSettings;
    const KIND: GameKind = GameKind::TicTacToe;
    const HINT_MARK: &'static str = "cyan cell";
    const CONTROLS: &'static str = "Left click: mark a cell · V analysis";

    fn new_game(_: &TicTacToeSettings) -> Self {
        TicTacToe::new()
    }

    fn check(&self, cell: Cell) -> Result<(), TicTacToeError> {
        TicTacToe::check(self, cell)
    }

    fn undo(&mut self) -> Option<Cell> {
        TicTacToe::undo(self)
    }

    fn plies(&self) -> usize {
        self.moves().len()
    }

    fn move_names(&self) -> Vec<String> {
        self.moves().iter().map(ToString::to_string).collect()
    }

    fn side_name(player: Player) -> &'static str {
        mark_name(player)
    }

    fn side_colour(player: Player) -> Color {
        view::mark_colour(player)
    }

    fn describe(&self) -> String {
        "3x3 · three in a row wins · X first".to_owned()
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

    fn to_record(&self) -> GameRecord {
        GameRecord::TicTacToe(self.clone())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>().add_plugins((
        table::plugin::<TicTacToe>,
        plugin_for::<TicTacToe>,
        view::plugin,
    ));
}
