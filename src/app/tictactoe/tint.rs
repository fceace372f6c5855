//! The cells' tints: the hinted cell cyan and, with the analysis on, every empty cell
//! by its solved value for the side to move (green wins, amber draws, red loses).

use bevy::prelude::*;

use super::view::BoardCell;
use super::{Analysis, CurrentGame, TIC_TAC_TOE};
use crate::ai::tictactoe::{Value, move_values};
use crate::app::table::AppSystems;
use crate::app::theme::{self, Signal};
use crate::rules::tictactoe::TicTacToe;

type Hint = crate::app::ai::Hint<TicTacToe>;

/// Which tint a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tint {
    Plain = 0,
    Win = 1,
    Draw = 2,
    Loss = 3,
    Hint = 4,
}

/// The tints' materials, by [`Tint`].
#[derive(Resource, Debug, Clone)]
struct CellTints([Handle<StandardMaterial>; 5]);

/// The tints, while Tic-tac-toe is on the table.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_tints)
        .add_systems(
            Update,
            tint_cells
                .in_set(AppSystems::SyncView)
                .run_if(in_state(TIC_TAC_TOE)),
        )
        // The board stays behind the menu: its cells go back to plain wood.
        .add_systems(OnExit(TIC_TAC_TOE), clear_cells);
}

fn clear_cells(
    tints: Res<CellTints>,
    mut cells: Query<&mut MeshMaterial3d<StandardMaterial>, With<BoardCell>>,
) {
    for mut material in &mut cells {
        material.0 = tints.0[Tint::Plain as usize].clone();
    }
}

fn load_tints(mut commands: Commands, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.insert_resource(CellTints([
        materials.add(theme::clear_tint()),
        materials.add(Signal::Good.tint(0.55)),
        materials.add(Signal::Fair.tint(0.55)),
        materials.add(Signal::Bad.tint(0.55)),
        materials.add(Signal::Hint.tint(0.7)),
    ]));
}

/// Tints the cells: the hinted cell cyan; with the analysis on, every empty cell by
/// its solved value for the side to move (green wins, amber draws, red loses).
fn tint_cells(
    game: Res<CurrentGame>,
    analysis: Res<Analysis>,
    hint: Res<Hint>,
    tints: Res<CellTints>,
    mut cells: Query<(&BoardCell, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let values = if analysis.0 && !game.editing() {
        move_values(&game)
    } else {
        [None; 9]
    };
    let hinted = hint.for_game(&game);
    for (cell, mut material) in &mut cells {
        let tint = if hinted == Some(cell.0) {
            Tint::Hint
        } else {
            match values[cell.0.index()] {
                Some(Value::Win(_)) => Tint::Win,
                Some(Value::Draw) => Tint::Draw,
                Some(Value::Loss(_)) => Tint::Loss,
                None => Tint::Plain,
            }
        };
        let wanted = &tints.0[tint as usize];
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
    }
}
