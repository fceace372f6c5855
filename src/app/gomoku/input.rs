//! The pointer over the board: the ray from the camera through the cursor, cut with
//! the board's plane and snapped to the nearest intersection. A left click there is
//! the shared [`click_to_move`]; nothing reaches the board while the pointer is on
//! the UI.

use bevy::prelude::*;

use super::GOMOKU;
use super::board::BoardLayout;
use crate::app::AppSystems;
use crate::app::pointer::{Hovered, PointerOnTable, PointerSystems, click_to_move};
use crate::rules::gomoku::Gomoku;

/// The board intersection under the pointer, if any.
pub type HoveredPoint = Hovered<Gomoku>;

/// Pointer tracking needs a window, a camera and egui, so only the full app adds it;
/// the click ([`click_to_move`]) is part of the game itself.
pub(in crate::app) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        track_pointer
            .in_set(AppSystems::RecordInput)
            .after(PointerSystems)
            .before(click_to_move::<Gomoku>)
            .run_if(in_state(GOMOKU)),
    );
}

/// Updates [`HoveredPoint`] from the pointer on the table.
pub fn track_pointer(
    pointer: Res<PointerOnTable>,
    layout: Res<BoardLayout>,
    mut hovered: ResMut<HoveredPoint>,
) {
    let point = pointer
        .at_height(0.0)
        .and_then(|at| layout.nearest_point(at));
    hovered.set_if_neq(Hovered(point));
}
