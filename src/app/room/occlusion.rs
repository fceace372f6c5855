//! What the table top hides: the floor, the rug, the table's own legs and apron,
//! wherever the camera is. Bevy's opaque pass is not sorted by depth, so a piece the
//! table covers is still shaded, pixel by pixel, before the table is drawn over it;
//! on a CPU rasteriser (the browser without a GPU) that hidden layer cost as much as
//! the room's visible part (docs/scene.md). Pieces found wholly hidden are not drawn,
//! and the floor's and the rug's grids are drawn only in the cells left in view.
//!
//! The test is made on the screen: a point under the plane of the table top, seen
//! from above it, is hidden exactly when its image falls inside the image of the top,
//! since the line of sight then crosses the top's plane inside the top on its way
//! down. A box is hidden when the part of its image on the screen lies inside the
//! top's image.

use bevy::math::{Mat4, Vec2, Vec3, Vec4};

use super::light::{TABLE_HALF, TABLE_TOP};
use crate::app::camera::box_corners;

/// Depth in front of the eye (clip space w) from which points count as seen: a
/// little over zero, so nothing divides by zero.
const NEAR_W: f32 = 1e-3;

/// The table top as a camera sees it: what every test of one frame shares.
pub struct TopView {
    /// Whether the eye is above the top's plane (else nothing is hidden).
    above: bool,
    clip_from_world: Mat4,
    /// The image of the top's upper face ([`table_top_image`]).
    top: Vec<Vec2>,
}

impl TopView {
    /// The top seen from a camera at `eye` whose clip-from-world matrix is
    /// `clip_from_world`.
    #[must_use]
    pub fn new(eye: Vec3, clip_from_world: Mat4) -> Self {
        Self {
            above: eye.y > TABLE_TOP,
            clip_from_world,
            top: table_top_image(clip_from_world),
        }
    }

    /// Whether the box spanning `low` to `high` (world space, wholly under the
    /// table top's plane) is wholly hidden by the table top, or off the screen.
    /// False whenever unsure: the eye under the top, or the box reaching the top's
    /// plane.
    #[must_use]
    pub fn hides(&self, low: Vec3, high: Vec3) -> bool {
        if !self.above || high.y >= TABLE_TOP {
            return false;
        }
        // Corner `a | bit` is corner `a` moved along one axis (see `box_corners`).
        let edges = (0..8).flat_map(|a| {
            [1, 2, 4]
                .into_iter()
                .filter(move |bit| a & bit == 0)
                .map(move |bit| (a, a | bit))
        });
        let clip = box_corners(low, high).map(|c| self.clip_from_world * c.extend(1.0));
        // The box's part in front of the eye: its corners there and the points where
        // its edges cross into view. Their images span the image of that part.
        let mut seen: Vec<Vec4> = clip.iter().copied().filter(|c| c.w > NEAR_W).collect();
        seen.extend(edges.filter_map(|(a, b)| crossing(clip[a], clip[b])));
        let image = convex_hull(seen.iter().map(|c| Vec2::new(c.x, c.y) / c.w).collect());
        let on_screen = clip_to_screen(image);
        // Nowhere on the screen: Bevy's frustum test, made on boxes around whole
        // meshes, lets a large piece through whose every triangle then misses.
        on_screen.is_empty()
            || (self.top.len() >= 3 && on_screen.iter().all(|&p| inside(&self.top, p)))
    }
}

/// The image of the table top's upper face, clipped to what lies in front of the eye.
fn table_top_image(clip_from_world: Mat4) -> Vec<Vec2> {
    let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(x, z)| {
        clip_from_world * Vec4::new(x * TABLE_HALF.x, TABLE_TOP, z * TABLE_HALF.y, 1.0)
    });
    let mut front = Vec::new();
    for (i, &a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % 4];
        if a.w > NEAR_W {
            front.push(a);
        }
        front.extend(crossing(a, b));
    }
    front.iter().map(|c| Vec2::new(c.x, c.y) / c.w).collect()
}

/// Where the segment from `a` to `b` crosses into view, if it does.
fn crossing(a: Vec4, b: Vec4) -> Option<Vec4> {
    ((a.w > NEAR_W) != (b.w > NEAR_W)).then(|| a + (b - a) * ((NEAR_W - a.w) / (b.w - a.w)))
}

/// The convex hull of `points`, counter-clockwise (Andrew's monotone chain).
fn convex_hull(mut points: Vec<Vec2>) -> Vec<Vec2> {
    points.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let mut hull: Vec<Vec2> = Vec::with_capacity(points.len() * 2);
    for pass in [points.clone(), points.into_iter().rev().collect()] {
        let start = hull.len();
        for p in pass {
            while hull.len() >= start + 2
                && (hull[hull.len() - 1] - hull[hull.len() - 2]).perp_dot(p - hull[hull.len() - 2])
                    <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// The part of the convex `polygon` on the screen (normalised device coordinates,
/// -1 to 1 both ways): Sutherland and Hodgman's clipping by each side in turn.
fn clip_to_screen(mut polygon: Vec<Vec2>) -> Vec<Vec2> {
    for (axis, sign) in [(0, 1.0), (0, -1.0), (1, 1.0), (1, -1.0)] {
        // Inside where sign * coordinate <= 1.
        let outside = |p: Vec2| sign * p[axis] - 1.0;
        let mut kept = Vec::with_capacity(polygon.len() + 1);
        for (i, &a) in polygon.iter().enumerate() {
            let b = polygon[(i + 1) % polygon.len()];
            let (da, db) = (outside(a), outside(b));
            if da <= 0.0 {
                kept.push(a);
            }
            if (da <= 0.0) != (db <= 0.0) {
                kept.push(a + (b - a) * (da / (da - db)));
            }
        }
        polygon = kept;
        if polygon.is_empty() {
            break;
        }
    }
    polygon
}

/// Whether `p` lies inside the convex `polygon` (either winding), its edge included.
fn inside(polygon: &[Vec2], p: Vec2) -> bool {
    let sides = polygon.iter().enumerate().map(|(i, &a)| {
        let b = polygon[(i + 1) % polygon.len()];
        (b - a).perp_dot(p - a)
    });
    let (mut left, mut right) = (true, true);
    for side in sides {
        left &= side >= -1e-6;
        right &= side <= 1e-6;
    }
    left || right
}

#[cfg(test)]
mod tests {
    use super::super::light::FLOOR;
    use super::*;
    use bevy::math::Affine3A;

    /// One test with its own view of the top.
    fn hidden_by_table_top(eye: Vec3, clip_from_world: Mat4, low: Vec3, high: Vec3) -> bool {
        TopView::new(eye, clip_from_world).hides(low, high)
    }

    /// A 60° camera at `eye` looking at `at`, its window `aspect` wide for one high.
    fn camera(eye: Vec3, at: Vec3, aspect: f32) -> Mat4 {
        let view = Affine3A::look_at_rh(eye, at, Vec3::Y);
        Mat4::perspective_infinite_reverse_rh(60f32.to_radians(), aspect, 0.1) * Mat4::from(view)
    }

    fn floor_under_the_table() -> (Vec3, Vec3) {
        (
            Vec3::new(-TABLE_HALF.x + 1.0, FLOOR, -TABLE_HALF.y + 1.0),
            Vec3::new(TABLE_HALF.x - 1.0, FLOOR + 0.12, TABLE_HALF.y - 1.0),
        )
    }

    #[test]
    fn seen_from_high_above_the_floor_under_the_top_is_hidden_and_beside_it_not() {
        let eye = Vec3::new(0.0, 30.0, 14.0);
        let view = camera(eye, Vec3::ZERO, 1.6);
        let (low, high) = floor_under_the_table();
        assert!(hidden_by_table_top(eye, view, low, high));
        let beside = (Vec3::new(30.0, FLOOR, -10.0), Vec3::new(50.0, FLOOR, 10.0));
        assert!(!hidden_by_table_top(eye, view, beside.0, beside.1));
        // A leg under a corner of the top.
        let leg = (
            Vec3::new(15.0, FLOOR, 10.0),
            Vec3::new(17.4, TABLE_TOP - 1.2, 12.4),
        );
        assert!(hidden_by_table_top(eye, view, leg.0, leg.1));
    }

    #[test]
    fn a_piece_hidden_only_where_it_is_on_the_screen_counts_as_hidden() {
        // Close over the table: a wide strip of floor reaching far past the edge of
        // the top, but all of it that is on the screen lies behind the top.
        let eye = Vec3::new(0.0, 12.0, 2.0);
        let view = camera(eye, Vec3::ZERO, 1.0);
        let strip = (Vec3::new(-90.0, FLOOR, -2.0), Vec3::new(90.0, FLOOR, 2.0));
        assert!(hidden_by_table_top(eye, view, strip.0, strip.1));
        // From farther up, the ends of the strip come into view beside the table.
        let far = Vec3::new(0.0, 80.0, 2.0);
        assert!(!hidden_by_table_top(
            far,
            camera(far, Vec3::ZERO, 1.0),
            strip.0,
            strip.1
        ));
    }

    #[test]
    fn from_the_side_from_under_the_top_or_for_what_reaches_above_it_nothing_is_hidden() {
        let (low, high) = floor_under_the_table();
        // Low, from across the room (the title scene).
        let side = Vec3::new(60.0, 5.0, 60.0);
        assert!(!hidden_by_table_top(
            side,
            camera(side, Vec3::ZERO, 1.6),
            low,
            high
        ));
        // Under the table, looking along the floor.
        let under = Vec3::new(0.0, FLOOR + 5.0, 0.0);
        let view = camera(under, Vec3::new(10.0, FLOOR, 0.0), 1.6);
        assert!(!hidden_by_table_top(under, view, low, high));
        // A box that reaches the top's plane is never taken as hidden.
        let eye = Vec3::new(0.0, 30.0, 14.0);
        let tall = (low, high.with_y(TABLE_TOP + 1.0));
        assert!(!hidden_by_table_top(
            eye,
            camera(eye, Vec3::ZERO, 1.6),
            tall.0,
            tall.1
        ));
    }

    #[test]
    fn a_box_partly_behind_the_eye_is_judged_by_its_part_in_front() {
        // Looking straight down from just over the top: the floor reaches far behind
        // the eye, and what of it is in front is all under the top.
        let eye = Vec3::new(0.0, 4.0, 0.0);
        let view = camera(eye, Vec3::new(0.0, 0.0, -0.5), 1.0);
        let floor = (Vec3::new(-5.0, FLOOR, -5.0), Vec3::new(5.0, FLOOR, 200.0));
        assert!(hidden_by_table_top(eye, view, floor.0, floor.1));
        // A level look from just over the top's edge sees past it.
        let edge = Vec3::new(0.0, TABLE_TOP + 0.5, TABLE_HALF.y + 1.0);
        let level = camera(edge, Vec3::new(0.0, TABLE_TOP - 2.0, 60.0), 1.6);
        let ahead = (Vec3::new(-5.0, FLOOR, 20.0), Vec3::new(5.0, FLOOR, 200.0));
        assert!(!hidden_by_table_top(edge, level, ahead.0, ahead.1));
    }

    #[test]
    fn hulls_and_clips_are_what_they_should_be() {
        let square = convex_hull(vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.5, 0.5),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.0, 1.0),
        ]);
        assert_eq!(square.len(), 4);
        assert!(inside(&square, Vec2::new(0.5, 0.2)));
        assert!(!inside(&square, Vec2::new(1.5, 0.2)));
        let big = vec![
            Vec2::new(-3.0, -3.0),
            Vec2::new(3.0, -3.0),
            Vec2::new(3.0, 3.0),
            Vec2::new(-3.0, 3.0),
        ];
        let clipped = clip_to_screen(big);
        assert_eq!(clipped.len(), 4);
        assert!(
            clipped
                .iter()
                .all(|p| p.x.abs() <= 1.0 + 1e-6 && p.y.abs() <= 1.0 + 1e-6)
        );
        assert!(
            clip_to_screen(vec![
                Vec2::new(2.0, 2.0),
                Vec2::new(3.0, 2.0),
                Vec2::new(3.0, 3.0)
            ])
            .is_empty()
        );
    }
}
