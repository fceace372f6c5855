//! The pointer: a ray from the camera through the cursor, cut with the board's plane
//! and snapped to the nearest intersection; a left click there requests a move for a
//! person whose turn it is. Nothing reaches the board while the pointer is on the UI.

use bevy::prelude::*;

use super::board::BoardLayout;
use super::{CurrentGame, GOMOKU, MoveRequested};
use crate::app::pointer::{PointerOnTable, PointerOverUi, PointerSystems, clicked_on_table};
use crate::app::table::Phase;
use crate::app::{AppSystems, Players};
use crate::rules::gomoku::Point;

/// The board intersection under the pointer, if any. `None` while the pointer is off
/// the board, over an egui window, or looking around with the right mouse button.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredPoint(pub Option<Point>);

/// Pointer tracking needs a window, a camera and egui, so only the full app adds it;
/// [`click_to_place`] is part of the game itself.
pub(in crate::app) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        track_pointer
            .in_set(AppSystems::RecordInput)
            .after(PointerSystems)
            .before(click_to_place)
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
    hovered.set_if_neq(HoveredPoint(point));
}

/// A left click on an intersection asks to play there, when a person is to move and
/// the pointer is not on the UI; the move path decides whether the move is legal.
pub fn click_to_place(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    hovered: Res<HoveredPoint>,
    ui: Res<PointerOverUi>,
    phase: Res<State<Phase>>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if phase.person_to_move(&players).is_none() || !clicked_on_table(mouse.as_deref(), *ui) {
        return;
    }
    if let Some(point) = hovered.0 {
        requests.write(MoveRequested::new(point, game.generation()));
    }
}
