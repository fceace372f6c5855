//! The dice in motion: a placed die slides into its slot, the die of the turn tumbles
//! to rest, a knocked-out die flies off the table. Each is a component that a system
//! advances every frame and removes (or despawns its die) when it is done.

use std::f32::consts::PI;

use bevy::prelude::*;

/// How long a placed die slides, in seconds.
pub const SLIDE: f32 = 0.35;
/// How long the roll tumbles.
const TUMBLE: f32 = 0.55;
/// How long a knocked-out die flies before it is gone.
const KNOCKED_OUT: f32 = 1.1;

/// A die knocked out of a tray, flying off; despawns when it has flown.
#[derive(Component, Clone, Copy, Debug)]
pub struct KnockedOut {
    pub(super) velocity: Vec3,
    pub(super) spin: Vec3,
    pub(super) age: f32,
}

/// A move between two transforms over `duration` seconds, with a hop of `arc`.
#[derive(Component, Clone, Copy, Debug)]
pub struct Slide {
    from: Transform,
    to: Transform,
    age: f32,
    duration: f32,
    arc: f32,
}

/// The roll: the die falls and spins into its final `rest` pose.
#[derive(Component, Clone, Copy, Debug)]
pub struct Tumble {
    pub(super) rest: Transform,
    pub(super) spin: Vec3,
    pub(super) age: f32,
}

impl Slide {
    pub(super) fn new(from: Transform, to: Transform, duration: f32, arc: f32) -> Self {
        Self {
            from,
            to,
            age: 0.0,
            duration,
            arc,
        }
    }
}

/// Smooth start and stop.
fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// Moves sliding dice along their path; the slide ends exactly at its target.
pub(super) fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut dice: Query<(Entity, &mut Slide, &mut Transform)>,
) {
    for (entity, mut slide, mut transform) in &mut dice {
        slide.age += time.delta_secs();
        let t = (slide.age / slide.duration).clamp(0.0, 1.0);
        let e = ease(t);
        transform.translation = slide.from.translation.lerp(slide.to.translation, e)
            + Vec3::Y * slide.arc * (PI * t).sin();
        transform.rotation = slide.from.rotation.slerp(slide.to.rotation, e);
        if t >= 1.0 {
            *transform = slide.to;
            commands.entity(entity).remove::<Slide>();
        }
    }
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

/// Rolls the die of the turn to rest.
pub(super) fn tumble(
    mut commands: Commands,
    time: Res<Time>,
    mut dice: Query<(Entity, &mut Tumble, &mut Transform, &mut Visibility)>,
) {
    for (entity, mut tumble, mut transform, mut visibility) in &mut dice {
        tumble.age += time.delta_secs();
        // Hidden while it waits for the placed die to leave the spot.
        visibility.set_if_neq(if tumble.age < 0.0 {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        });
        *transform = tumbled(&tumble.rest, tumble.spin, tumble.age.max(0.0));
        if tumble.age >= TUMBLE {
            *transform = tumble.rest;
            commands.entity(entity).remove::<Tumble>();
        }
    }
}

/// Knocked-out dice fly off the table under gravity, spinning, and are gone.
pub(super) fn fly(
    mut commands: Commands,
    time: Res<Time>,
    mut dice: Query<(Entity, &mut KnockedOut, &mut Transform)>,
) {
    let dt = time.delta_secs();
    for (entity, mut out, mut transform) in &mut dice {
        out.age += dt;
        if out.age < 0.0 {
            continue;
        }
        out.velocity.y -= 14.0 * dt;
        transform.translation += out.velocity * dt;
        let spin = out.spin * dt;
        transform.rotate(Quat::from_euler(EulerRot::XYZ, spin.x, spin.y, spin.z));
        if out.age > KNOCKED_OUT {
            commands.entity(entity).despawn();
        }
    }
}
