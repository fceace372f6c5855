//! The pointer over the board: the ray from the camera through the cursor, cut with
//! the board's plane and snapped to the nearest intersection. A left click there is
//! the shared `click_to_move`; nothing reaches the board while the pointer is on
//! the UI.

use bevy::prelude::*;

use super::GOMOKU;
use super::board::BoardLayout;
use crate::app::pointer::{HoverSystems, Hovered, PointerOnTable};
use crate::rules::gomoku::Gomoku;

/// The board intersection under the pointer, if any.
pub type HoveredPoint = Hovered<Gomoku>;

/// The point under the pointer, before the shared click reads it.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        track_pointer.in_set(HoverSystems).run_if(in_state(GOMOKU)),
    );
}

/// Updates [`HoveredPoint`] from the pointer on the table.
fn track_pointer(
    pointer: Res<PointerOnTable>,
    layout: Res<BoardLayout>,
    mut hovered: ResMut<HoveredPoint>,
) {
    let point = pointer
        .at_height(0.0)
        .and_then(|at| layout.nearest_point(at));
    hovered.set_if_neq(Hovered(point));
}
