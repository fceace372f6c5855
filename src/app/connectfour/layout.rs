//! Where the upright rack stands on the table: slots to world positions, and the
//! column under the pointer. The rack faces the camera (+z); its discs stand in the
//! plane z = 0, between its front and back panels.

use bevy::prelude::*;

use crate::app::camera::Framing;
use crate::rules::connectfour::{Column, HEIGHT, Slot, WIDTH};

/// Distance between slot centres, across and up.
pub(super) const PITCH: f32 = 1.0;
/// A disc's radius and thickness.
pub(super) const DISC_RADIUS: f32 = 0.42;
pub(super) const DISC_THICKNESS: f32 = 0.22;
/// The holes' radius in the panels.
pub(super) const HOLE_RADIUS: f32 = 0.44;
/// Height of the bottom of the lowest slot (the table is at -0.7).
pub(super) const BASE: f32 = -0.45;
/// The front panel's faces, and the back panel's (mirrored about z = 0).
pub(super) const PANEL_OUTER: f32 = 0.22;
pub(super) const PANEL_INNER: f32 = 0.14;
/// Where the falling disc starts and the phantom hovers: above the rack.
pub(super) const DROP_HEIGHT: f32 = BASE + HEIGHT as f32 * PITCH + 0.75;

/// The centre of a disc resting in `slot`.
#[must_use]
pub fn slot_centre(slot: Slot) -> Vec3 {
    Vec3::new(
        column_x(slot.column),
        BASE + (f32::from(slot.row) + 0.5) * PITCH,
        0.0,
    )
}

/// The home view's framing: in front of the rack, a little above it, every slot, the
/// column caps over them and the disc held above them (and its thickness before and
/// behind) in view.
#[must_use]
pub fn framing() -> Framing {
    let top = DROP_HEIGHT + DISC_RADIUS;
    let middle = (BASE + top) / 2.0;
    let half_width = f32::from(WIDTH) * PITCH / 2.0;
    Framing::of_box(
        Vec3::new(0.0, middle + 2.2, 13.0),
        Vec3::new(0.0, middle, 0.0),
        Vec3::new(-half_width, BASE, -0.25),
        Vec3::new(half_width, top, 0.25),
    )
}

/// The x of `column`'s centre: `a` on the left as the camera sees it.
#[must_use]
pub(super) fn column_x(column: Column) -> f32 {
    (column.index() as f32 - (f32::from(WIDTH) - 1.0) / 2.0) * PITCH
}

/// The column under a point on the rack's front plane: within the rack's width,
/// from a little below it to the drop height.
#[must_use]
pub(crate) fn column_at(at: Vec3) -> Option<Column> {
    let index = (at.x / PITCH + f32::from(WIDTH) / 2.0).floor();
    let in_height = (BASE - 0.3..=DROP_HEIGHT + 0.6).contains(&at.y);
    if !(0.0..f32::from(WIDTH)).contains(&index) || !in_height {
        return None;
    }
    Column::new(index as usize)
}

/// Where the pointer's ray meets the rack's front plane.
#[must_use]
pub(crate) fn on_front(ray: Ray3d) -> Option<Vec3> {
    let plane_at = Vec3::Z * PANEL_OUTER;
    let distance = ray.intersect_plane(plane_at, InfinitePlane3d::new(Vec3::Z))?;
    Some(ray.get_point(distance))
}
