//! The pointer over the 3x3 board: the cell under it, and a left click there asks to
//! mark it for a person whose turn it is. `V` switches the analysis tint.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::view::cell_at;
use super::{Analysis, CurrentGame, MoveRequested, TIC_TAC_TOE};
use crate::app::pointer::{PointerOnTable, PointerOverUi, PointerSystems, clicked_on_table};
use crate::app::table::Phase;
use crate::app::{AppSystems, Players};
use crate::rules::tictactoe::Cell;

/// The cell under the pointer, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredCell(pub Option<Cell>);

/// Pointer and keys need a window and egui, so only the full app adds them;
/// [`click_to_mark`] is part of the game itself.
pub(in crate::app) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_pointer.before(click_to_mark), toggle_analysis)
            .in_set(AppSystems::RecordInput)
            .after(PointerSystems)
            .run_if(in_state(TIC_TAC_TOE)),
    );
}

/// Updates [`HoveredCell`] from the pointer on the table.
pub fn track_pointer(pointer: Res<PointerOnTable>, mut hovered: ResMut<HoveredCell>) {
    let cell = pointer.at_height(0.0).and_then(cell_at);
    hovered.set_if_neq(HoveredCell(cell));
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

/// A left click on a cell asks to mark it, when a person is to move and the pointer
/// is not on the UI; the move path decides whether the move is legal.
pub fn click_to_mark(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    hovered: Res<HoveredCell>,
    ui: Res<PointerOverUi>,
    phase: Res<State<Phase>>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if phase.person_to_move(&players).is_none() || !clicked_on_table(mouse.as_deref(), *ui) {
        return;
    }
    if let Some(cell) = hovered.0 {
        requests.write(MoveRequested::new(cell, game.generation()));
    }
}
