//! Where everything lies on the dice table: the two trays facing each other (Player 1
//! near the camera), their slots and columns, the roll spot, the spots of the score
//! labels, and the rotation that shows a die's value on top.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::prelude::*;

use crate::app::camera::Framing;
use crate::rules::Player;
use crate::rules::knucklebones::{COLUMN_SLOTS, Column};

/// Edge of a die.
pub(crate) const DIE: f32 = 0.8;
/// Distance between slot centres along a column.
pub(crate) const SLOT_PITCH: f32 = 1.0;
/// Distance between column centres.
pub(crate) const COLUMN_PITCH: f32 = 1.25;
/// Distance from the table's middle line to slot 0 of either tray.
pub(crate) const GAP: f32 = 1.0;
/// Height of a tray's floor: the trays' rims (0.31 under it) stand on the table.
pub(crate) const FLOOR: f32 = crate::app::room::light::TABLE_TOP + 0.31;
/// Where the die of the turn lies, beside the trays.
pub(crate) const ROLL_SPOT: Vec3 = Vec3::new(3.3, FLOOR + DIE / 2.0, 0.0);
/// Toward `player`'s side of the table: +z (near the camera) for Player 1.
pub(crate) fn outward(player: Player) -> f32 {
    match player {
        Player::First => 1.0,
        Player::Second => -1.0,
    }
}

/// The home view's framing: from Player 1's side, above, both trays with their
/// column scores at their outer ends, the die of the turn beside them and the
/// totals' labels in view.
#[must_use]
pub fn framing() -> Framing {
    let left = slot_centre(Player::Second, Column::ALL[0], 0).x;
    let reach = column_label_spot(Player::First, Column::ALL[0]).z + SLOT_PITCH / 2.0;
    Framing::of_box(
        Vec3::new(0.5, 10.0, 8.0),
        Vec3::new(0.5, FLOOR, 0.0),
        // Room on the left for the totals' labels.
        Vec3::new(left - COLUMN_PITCH / 2.0 - 1.2, FLOOR, -reach),
        Vec3::new(ROLL_SPOT.x + DIE, FLOOR + DIE, reach),
    )
}

/// The centre of a die resting in `slot` of `column` of `player`'s tray. Columns run
/// left to right for both players as the camera sees them, so column 1 faces column
/// 1 across the table.
#[must_use]
pub fn slot_centre(player: Player, column: Column, slot: usize) -> Vec3 {
    Vec3::new(
        (column.index() as f32 - 1.0) * COLUMN_PITCH,
        FLOOR + DIE / 2.0,
        outward(player) * (GAP + SLOT_PITCH * (slot as f32 + 0.5)),
    )
}

/// Above the outer end of a column, where its score is shown.
#[must_use]
pub(crate) fn column_label_spot(player: Player, column: Column) -> Vec3 {
    slot_centre(player, column, COLUMN_SLOTS) + Vec3::Y * 0.1
}

/// Beside a tray, left of its first column, where its total is shown: the label's
/// right edge, so that however wide the name, it grows away from the dice.
#[must_use]
pub(crate) fn total_label_spot(player: Player) -> Vec3 {
    Vec3::new(
        -COLUMN_PITCH - DIE / 2.0 - 0.5,
        FLOOR,
        outward(player) * (GAP + SLOT_PITCH * 1.5),
    )
}

/// The column of `player`'s tray a point on the table lies over, if any.
#[must_use]
pub(crate) fn column_at(player: Player, at: Vec3) -> Option<Column> {
    let along = at.z * outward(player);
    if !(GAP - 0.3..=GAP + SLOT_PITCH * COLUMN_SLOTS as f32 + 0.3).contains(&along) {
        return None;
    }
    let column = (at.x / COLUMN_PITCH + 1.5).floor();
    if !(0.0..3.0).contains(&column) {
        return None;
    }
    Column::new(column as usize)
}

/// The rotation that shows `value` on top. The die's own faces: 1 up (+y), 6 down,
/// 2 toward +z, 5 toward -z, 3 toward +x, 4 toward -x (opposite faces add to 7).
#[must_use]
pub(crate) fn face_up(value: u8) -> Quat {
    match value {
        1 => Quat::IDENTITY,
        2 => Quat::from_rotation_x(-FRAC_PI_2),
        3 => Quat::from_rotation_z(FRAC_PI_2),
        4 => Quat::from_rotation_z(-FRAC_PI_2),
        5 => Quat::from_rotation_x(FRAC_PI_2),
        _ => Quat::from_rotation_x(PI),
    }
}

/// A die at rest in a slot, facing up with `value`, squarely.
pub(crate) fn slot_transform(owner: Player, column: Column, slot: usize, value: u8) -> Transform {
    Transform::from_translation(slot_centre(owner, column, slot)).with_rotation(face_up(value))
}

/// The die of the turn at rest on the roll spot.
pub(crate) fn rest_transform(value: u8) -> Transform {
    Transform::from_translation(ROLL_SPOT)
        .with_rotation(Quat::from_rotation_y(0.4) * face_up(value))
}
