//! The pointer over the 3x3 board: the cell under it (a left click there is the
//! shared `click_to_move`). `V` switches the analysis tint.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::layout::cell_at;
use super::{Analysis, TIC_TAC_TOE};
use crate::app::pointer::{HoverSystems, Hovered, PointerOnTable};
use crate::app::table::AppSystems;
use crate::rules::tictactoe::TicTacToe;

/// The cell under the pointer, if any.
pub type HoveredCell = Hovered<TicTacToe>;

/// The cell under the pointer (before the shared click reads it) and the `V` key.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            track_pointer.in_set(HoverSystems),
            toggle_analysis.in_set(AppSystems::RecordInput),
        )
            .run_if(in_state(TIC_TAC_TOE)),
    );
}

/// Updates [`HoveredCell`] from the pointer on the table.
fn track_pointer(pointer: Res<PointerOnTable>, mut hovered: ResMut<HoveredCell>) {
    let cell = pointer.at_height(0.0).and_then(cell_at);
    hovered.set_if_neq(Hovered(cell));
}

/// `V` switches the analysis tint (not while typing in the HUD).
fn toggle_analysis(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut analysis: ResMut<Analysis>,
) {
    let typing = egui.is_some_and(|egui| egui.wants_any_keyboard_input());
    if keys.is_some_and(|keys| keys.just_pressed(KeyCode::KeyV)) && !typing {
        analysis.0 = !analysis.0;
    }
}
