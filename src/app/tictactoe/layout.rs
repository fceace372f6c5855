//! Where the 3x3 board lies on the table: cells to world positions and back. The view
//! lays the board by it, the input finds the cell under the pointer with it.

use bevy::prelude::*;

use crate::app::camera::Framing;
use crate::rules::tictactoe::Cell;

/// Distance between cell centres, in world units.
pub(super) const CELL: f32 = 2.0;
/// Height of the board's top face: the board (`view::THICKNESS` thick) stands on the
/// table.
pub(super) const TOP: f32 = crate::app::room::light::TABLE_TOP + 0.35;

/// The home view's framing: from the near side, above, the nine cells (with a piece's
/// height) in view.
#[must_use]
pub fn framing() -> Framing {
    let half = 1.5 * CELL;
    Framing::of_box(
        Vec3::new(0.0, 9.5, 6.5),
        Vec3::new(0.0, TOP, 0.0),
        Vec3::new(-half, TOP, -half),
        Vec3::new(half, TOP + 0.5, half),
    )
}

/// The centre of `cell` on the board's top face: `a1` at the near left, as seen
/// from the home view.
#[must_use]
pub fn cell_centre(cell: Cell) -> Vec3 {
    Vec3::new(
        (f32::from(cell.x()) - 1.0) * CELL,
        TOP,
        (1.0 - f32::from(cell.y())) * CELL,
    )
}

/// The cell a point on the board lies in, if any.
#[must_use]
pub(crate) fn cell_at(at: Vec3) -> Option<Cell> {
    let column = (at.x / CELL + 1.5).floor();
    let row = (1.5 - at.z / CELL).floor();
    if !(0.0..3.0).contains(&column) || !(0.0..3.0).contains(&row) {
        return None;
    }
    Cell::new(column as u8, row as u8)
}
