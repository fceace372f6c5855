//! The pointer over the board: the ray from the camera through the cursor, cut with
//! the board's plane and snapped to the nearest intersection's cell. A left click there is
//! the shared `click_to_move`; nothing reaches the board while the pointer is on
//! the UI.

use bevy::prelude::*;

use super::GOMOKU;
use super::board::{BoardLayout, Cell, Cells, Hover};
use crate::app::pointer::{HoverSystems, Hovered, PointerOnTable};
use crate::rules::gomoku::{Gomoku, Move};

/// The board intersection under the pointer, if any.
type HoveredPoint = Hovered<Gomoku>;

/// The point under the pointer, before the shared click reads it.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        track_pointer.in_set(HoverSystems).run_if(in_state(GOMOKU)),
    );
}

/// Resolves the pointer on the table to a cell: the ray cast of the shared pointer,
/// cut with the board's plane and snapped to the nearest intersection, then that
/// point's cell entity, which gets [`Hover`]; [`HoveredPoint`] follows it for the
/// shared click. (A ray cast rather than Bevy's mesh picking: the cells have no
/// meshes to hit, and a point is found by arithmetic without testing 225 of them.)
fn track_pointer(
    mut commands: Commands,
    pointer: Res<PointerOnTable>,
    layout: Res<BoardLayout>,
    cells: Res<Cells>,
    hovering: Query<(Entity, &Cell), With<Hover>>,
    mut hovered: ResMut<HoveredPoint>,
) {
    let cell = pointer
        .at_height(0.0)
        .and_then(|at| layout.nearest_point(at))
        .and_then(|p| cells.get(p).map(|entity| (entity, p)));
    for (entity, was) in &hovering {
        if cell.is_none_or(|(_, p)| was.point() != p) {
            commands.entity(entity).remove::<Hover>();
        }
    }
    if let Some((entity, _)) = cell
        && !hovering.contains(entity)
    {
        commands.entity(entity).insert(Hover);
    }
    hovered.set_if_neq(Hovered(cell.map(|(_, p)| Move::Stone(p))));
}
