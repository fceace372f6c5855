//! Motion on the table, one mechanism for every game: whatever moves (a stone's drop
//! and settle, a Connect Four disc's fall, a die's slide, tumble and flight off the
//! table, the winning line drawn across its pieces) is a tween of its `Transform`,
//! played by bevy_tweening's [`TweenAnim`] with one of the lenses here. A tween ends
//! exactly on its last pose and then leaves the entity, so "still moving" is simply
//! `With<TweenAnim>`; an entity marked [`Vanishes`] is despawned when its tween ends.
//!
//! Motion is only ever a view: the game's state has already changed when a piece
//! starts to move, so an animation never delays the next move or an AI.

use std::f32::consts::PI;
use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::{
    AnimCompletedEvent, AnimationSystem, Delay, EaseMethod, Lens, Tween, TweeningPlugin,
};

pub use bevy_tweening::TweenAnim;

/// The tween player, and the despawning of what vanishes.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(TweeningPlugin).add_systems(
        Update,
        despawn_vanished.after(AnimationSystem::AnimationUpdate),
    );
}

/// An entity despawned when its tween ends (a die knocked off the table).
#[derive(Component, Clone, Copy, Debug, Default)]
pub(super) struct Vanishes;

fn despawn_vanished(
    mut commands: Commands,
    mut done: MessageReader<AnimCompletedEvent>,
    vanishing: Query<(), With<Vanishes>>,
) {
    for event in done.read() {
        if vanishing.contains(event.anim_entity) {
            commands.entity(event.anim_entity).despawn();
        }
    }
}

/// The scale of something not there yet. Never zero: a zero scale has no inverse,
/// and the NaNs it makes in bounds and normals blacked out the whole frame.
pub(super) const NOTHING: f32 = 1e-3;

fn seconds(s: f32) -> Duration {
    Duration::from_secs_f32(s.max(0.0))
}

/// `tween`, after `delay` seconds in which its target stays as it was spawned.
#[must_use]
pub fn after(delay: f32, tween: Tween) -> TweenAnim {
    if delay > 0.0 {
        TweenAnim::new(Delay::new(seconds(delay)).then(tween))
    } else {
        TweenAnim::new(tween)
    }
}

/// A move from one pose to another, with a hop of `arc` at its middle (a die put in
/// its slot, dice closing up in a column, the camera flying home).
#[derive(Clone, Copy, Debug)]
struct Path {
    pub from: Transform,
    pub to: Transform,
    pub arc: f32,
}

impl Lens<Transform> for Path {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        target.translation = self.from.translation.lerp(self.to.translation, ratio)
            + Vec3::Y * self.arc * (PI * ratio.clamp(0.0, 1.0)).sin();
        target.rotation = self.from.rotation.slerp(self.to.rotation, ratio);
        target.scale = self.from.scale.lerp(self.to.scale, ratio);
    }
}

/// `Path` over `duration` seconds, eased by `ease`.
#[must_use]
pub fn path(
    ease: EaseFunction,
    from: Transform,
    to: Transform,
    arc: f32,
    duration: f32,
) -> TweenAnim {
    TweenAnim::new(Tween::new(ease, seconds(duration), Path { from, to, arc }))
}

/// A bar (a mesh along its local Y axis, posed at `full`) drawn out from its end at
/// `from` to its full length, after `delay` seconds at nothing: a winning line.
/// Returns the pose to spawn it in and its tween.
#[must_use]
pub(super) fn draw_bar(
    full: Transform,
    from: Vec3,
    delay: f32,
    duration: f32,
) -> (Transform, TweenAnim) {
    let start = full
        .with_translation(from)
        .with_scale(full.scale * Vec3::new(1.0, NOTHING, 1.0));
    let tween = Tween::new(
        EaseFunction::CubicOut,
        seconds(duration),
        Path {
            from: start,
            to: full,
            arc: 0.0,
        },
    );
    (start, after(delay, tween))
}

/// A fall straight down onto `rest` from `height` above it, bouncing to a stop.
#[derive(Clone, Copy, Debug)]
struct Fall {
    pub rest: Transform,
    pub height: f32,
}

impl Lens<Transform> for Fall {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        *target = self.rest;
        target.translation.y += self.height * (1.0 - ratio);
    }
}

/// The share of a drop spent falling; the rest is two small bounces.
const FALL_SHARE: f32 = 0.7;

/// A drop's progress (0 high, 1 at rest) at `t` of its time: an accelerating fall,
/// then a bounce of 6% of the height and one of 1.5%.
fn fall_and_settle(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    if t < FALL_SHARE {
        let f = t / FALL_SHARE;
        return f * f;
    }
    let u = (t - FALL_SHARE) / (1.0 - FALL_SHARE);
    let (u, height) = if u < 0.65 {
        (u / 0.65, 0.06)
    } else {
        ((u - 0.65) / 0.35, 0.015)
    };
    1.0 - height * 4.0 * u * (1.0 - u)
}

/// A piece dropped onto `rest` from `height` above: it falls for `fall` seconds,
/// bounces twice, a little, and settles. The pose to spawn it in (`height` above
/// `rest`) and its tween.
#[must_use]
pub(super) fn drop_onto(rest: Transform, height: f32, fall: f32) -> (Transform, TweenAnim) {
    let mut start = rest;
    start.translation.y += height;
    let tween = Tween::new(
        EaseMethod::CustomFunction(fall_and_settle),
        seconds(fall / FALL_SHARE),
        Fall { rest, height },
    );
    (start, TweenAnim::new(tween))
}

/// Grows from nothing to `full` (its scale), in place: a highlight appearing.
#[derive(Clone, Copy, Debug)]
struct Grow {
    pub full: Transform,
    /// Which axes grow (1) and which keep their full scale (0).
    pub axes: Vec3,
}

impl Lens<Transform> for Grow {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        *target = self.full;
        let ratio = ratio.max(NOTHING);
        target.scale = self.full.scale * (Vec3::ONE - self.axes + self.axes * ratio);
    }
}

/// `Grow` along `axes` in `duration` seconds, after `delay` seconds at nothing (the
/// caller spawns it scaled by [`NOTHING`] on those axes), overshooting a little at
/// the end.
#[must_use]
pub(super) fn grow(full: Transform, axes: Vec3, delay: f32, duration: f32) -> TweenAnim {
    let tween = Tween::new(
        EaseFunction::BackOut,
        seconds(duration),
        Grow { full, axes },
    );
    after(delay, tween)
}

/// A thrown body: from `start` with `velocity`, under gravity, spinning at `spin`
/// radians a second about each axis, for `duration` seconds.
#[derive(Clone, Copy, Debug)]
pub(super) struct Throw {
    pub start: Transform,
    pub velocity: Vec3,
    pub spin: Vec3,
    pub duration: f32,
}

/// Gravity on thrown things, in world units per second squared.
const GRAVITY: f32 = 14.0;

impl Lens<Transform> for Throw {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let t = ratio * self.duration;
        let turn = self.spin * t;
        target.translation =
            self.start.translation + self.velocity * t - Vec3::Y * 0.5 * GRAVITY * t * t;
        target.rotation =
            Quat::from_euler(EulerRot::XYZ, turn.x, turn.y, turn.z) * self.start.rotation;
    }
}

/// `Throw`, after `delay` seconds where it is; despawned when it has flown.
#[must_use]
pub(super) fn throw(throw: Throw, delay: f32) -> (TweenAnim, Vanishes) {
    let tween = Tween::new(EaseFunction::Linear, seconds(throw.duration), throw);
    (after(delay, tween), Vanishes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pose_at<L: Lens<Transform>>(lens: &mut L, ratio: f32) -> Transform {
        let mut world = World::new();
        let entity = world.spawn(Transform::default()).id();
        let mut entity = world.entity_mut(entity);
        let target = entity.get_mut::<Transform>().expect("spawned with one");
        lens.lerp(target, ratio);
        *entity.get::<Transform>().expect("spawned with one")
    }

    #[test]
    fn a_fall_starts_above_its_rest_and_ends_on_it() {
        let rest = Transform::from_xyz(1.0, 0.2, -3.0).with_scale(Vec3::new(1.0, 0.4, 1.0));
        let mut fall = Fall { rest, height: 2.0 };
        let start = pose_at(&mut fall, 0.0);
        assert_eq!(start.translation, Vec3::new(1.0, 2.2, -3.0));
        assert_eq!(start.scale, rest.scale);
        assert_eq!(pose_at(&mut fall, 1.0), rest);
    }

    #[test]
    fn a_path_hops_in_the_middle_and_ends_on_its_target() {
        let from = Transform::from_xyz(0.0, 0.0, 0.0);
        let to = Transform::from_xyz(4.0, 0.0, 0.0).with_rotation(Quat::from_rotation_y(1.0));
        let mut path = Path { from, to, arc: 1.0 };
        let middle = pose_at(&mut path, 0.5);
        assert!((middle.translation - Vec3::new(2.0, 1.0, 0.0)).length() < 1e-5);
        let end = pose_at(&mut path, 1.0);
        assert!((end.translation - to.translation).length() < 1e-5);
        assert!(end.rotation.angle_between(to.rotation) < 1e-3);
    }

    #[test]
    fn a_throw_rises_then_falls_under_gravity() {
        let mut throw = Throw {
            start: Transform::IDENTITY,
            velocity: Vec3::new(1.0, 7.0, 0.0),
            spin: Vec3::ZERO,
            duration: 2.0,
        };
        // Apex at t = 0.5 s (v / g): 1.75 high; back at 0 at t = 1 s.
        let apex = pose_at(&mut throw, 0.25);
        assert!((apex.translation - Vec3::new(0.5, 1.75, 0.0)).length() < 1e-4);
        let landed = pose_at(&mut throw, 0.5);
        assert!(landed.translation.y.abs() < 1e-4);
        assert!(pose_at(&mut throw, 1.0).translation.y < -10.0);
    }

    #[test]
    fn a_drop_falls_faster_and_faster_then_settles_without_passing_its_rest() {
        assert_eq!(fall_and_settle(0.0), 0.0);
        assert_eq!(fall_and_settle(1.0), 1.0);
        let quarter = fall_and_settle(FALL_SHARE / 4.0);
        let half = fall_and_settle(FALL_SHARE / 2.0);
        assert!(half - quarter > quarter, "it accelerates");
        assert_eq!(fall_and_settle(FALL_SHARE), 1.0, "it lands");
        let bounces =
            (0..=100).map(|i| fall_and_settle(FALL_SHARE + (1.0 - FALL_SHARE) * i as f32 / 100.0));
        let lowest = bounces.fold(1.0_f32, f32::min);
        assert!(
            (0.9..1.0).contains(&lowest),
            "it bounces a little: {lowest}"
        );
    }

    #[test]
    fn growing_scales_only_the_chosen_axes() {
        let full = Transform::from_xyz(1.0, 2.0, 3.0).with_scale(Vec3::new(2.0, 0.5, 2.0));
        let mut grow = Grow {
            full,
            axes: Vec3::Y,
        };
        let half = pose_at(&mut grow, 0.5);
        assert_eq!(half.scale, Vec3::new(2.0, 0.25, 2.0));
        assert_eq!(half.translation, full.translation);
        assert_eq!(pose_at(&mut grow, 1.0), full);
    }
}
