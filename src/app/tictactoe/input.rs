//! The pointer over the 3x3 board: the cell under it (a left click there is the
//! shared [`click_to_move`]). `V` switches the analysis tint.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::view::cell_at;
use super::{Analysis, TIC_TAC_TOE};
use crate::app::AppSystems;
use crate::app::pointer::{Hovered, PointerOnTable, PointerSystems, click_to_move};
use crate::rules::tictactoe::TicTacToe;

/// The cell under the pointer, if any.
pub type HoveredCell = Hovered<TicTacToe>;

/// Pointer and keys need a window and egui, so only the full app adds them; the
/// click ([`click_to_move`]) is part of the game itself.
pub(in crate::app) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            track_pointer.before(click_to_move::<TicTacToe>),
            toggle_analysis,
        )
            .in_set(AppSystems::RecordInput)
            .after(PointerSystems)
            .run_if(in_state(TIC_TAC_TOE)),
    );
}

/// Updates [`HoveredCell`] from the pointer on the table.
pub fn track_pointer(pointer: Res<PointerOnTable>, mut hovered: ResMut<HoveredCell>) {
    let cell = pointer.at_height(0.0).and_then(cell_at);
    hovered.set_if_neq(Hovered(cell));
}

/// `V` switches the analysis tint (not while typing in the HUD).
pub fn toggle_analysis(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    mut analysis: ResMut<Analysis>,
) {
    if keys.just_pressed(KeyCode::KeyV) && !egui.wants_any_keyboard_input() {
        analysis.0 = !analysis.0;
    }
}
