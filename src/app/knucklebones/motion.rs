//! The dice in motion, as tweens ([`crate::app::motion`]): a placed die slides into
//! its slot with a hop, the die of the turn tumbles to rest, a knocked-out die is
//! thrown off the table and vanishes.

use std::f32::consts::PI;

use bevy::prelude::*;
use bevy_tweening::{Lens, Tween};

use crate::app::motion::{self, Throw, TweenAnim, Vanishes};

/// How long a placed die slides, in seconds.
pub(super) const SLIDE: f32 = 0.35;
/// How long the roll tumbles.
pub(super) const TUMBLE: f32 = 0.55;
/// How long a knocked-out die flies before it is gone.
const KNOCKED_OUT: f32 = 1.1;

/// A die knocked out of a tray, flying off the table; it is despawned when it has
/// flown.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct KnockedOut;

/// A die sliding from `from` to `to` in `duration` seconds, hopping `arc` high.
pub(super) fn slide(from: Transform, to: Transform, duration: f32, arc: f32) -> TweenAnim {
    motion::path(EaseFunction::SmoothStep, from, to, arc, duration)
}

/// A die knocked out from `start`, thrown with `velocity` after `delay` seconds.
pub(super) fn knock_out(start: Transform, velocity: Vec3, delay: f32) -> impl Bundle {
    let (tween, vanishes): (TweenAnim, Vanishes) = motion::throw(
        Throw {
            start,
            velocity,
            spin: Vec3::new(9.0, 4.0, 6.0),
            duration: KNOCKED_OUT,
        },
        delay,
    );
    (KnockedOut, tween, vanishes)
}

/// The pose of a rolled die `t` seconds into its tumble: dropping and spinning,
/// slowing to rest.
pub(super) fn tumbled(rest: &Transform, spin: Vec3, t: f32) -> Transform {
    let left = 1.0 - (t / TUMBLE).clamp(0.0, 1.0);
    let height = 2.5 * left * left + 0.35 * (left * 3.0 * PI).sin().abs() * left;
    let turn = spin * left * left;
    Transform::from_translation(rest.translation + Vec3::new(-0.8 * left, height, 0.6 * left))
        .with_rotation(Quat::from_euler(EulerRot::XYZ, turn.x, turn.y, turn.z) * rest.rotation)
}

/// The roll as a lens: [`tumbled`] over the tumble's time.
#[derive(Clone, Copy, Debug)]
struct Tumble {
    rest: Transform,
    spin: Vec3,
}

impl Lens<Transform> for Tumble {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        *target = tumbled(&self.rest, self.spin, ratio * TUMBLE);
    }
}

/// The roll: after `delay` seconds (the die waits, scaled to nothing, for the placed
/// die to leave the spot), it falls and spins into its `rest` pose. Returns the pose
/// to spawn it in and its tween.
pub(super) fn tumble(rest: Transform, spin: Vec3, delay: f32) -> (Transform, TweenAnim) {
    let tween = Tween::new(
        EaseFunction::Linear,
        std::time::Duration::from_secs_f32(TUMBLE),
        Tumble { rest, spin },
    );
    let start = tumbled(&rest, spin, 0.0);
    let start = if delay > 0.0 {
        start.with_scale(Vec3::splat(motion::NOTHING))
    } else {
        start
    };
    (start, motion::after(delay, tween))
}
