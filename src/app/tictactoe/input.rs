//! The pointer over the 3x3 board: the cell under it (a left click there is the
//! shared `click_to_move`). `V` switches the analysis tint.

use bevy::prelude::*;

use super::layout::cell_at;
use super::{Analysis, TIC_TAC_TOE};
use crate::app::pointer::{HoverSystems, Hovered, PointerOnTable};
use crate::app::table::{AppSystems, ToggleAnalysis};
use crate::rules::tictactoe::TicTacToe;

/// The cell under the pointer, if any.
type HoveredCell = Hovered<TicTacToe>;

/// The cell under the pointer (before the shared click reads it) and the analysis
/// switch.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            track_pointer.in_set(HoverSystems),
            toggle_analysis.in_set(AppSystems::ApplyMoves),
        )
            .run_if(in_state(TIC_TAC_TOE)),
    );
}

/// Updates [`HoveredCell`] from the pointer on the table.
fn track_pointer(pointer: Res<PointerOnTable>, mut hovered: ResMut<HoveredCell>) {
    let cell = pointer.at_height(0.0).and_then(cell_at);
    hovered.set_if_neq(Hovered(cell));
}

/// The shared [`ToggleAnalysis`] (the `V` key) switches the analysis tint.
fn toggle_analysis(mut toggles: MessageReader<ToggleAnalysis>, mut analysis: ResMut<Analysis>) {
    if !toggles.read().count().is_multiple_of(2) {
        analysis.0 = !analysis.0;
    }
}
