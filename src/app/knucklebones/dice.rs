//! The dice: their meshes and materials (a body and pips per player, a glow for dice
//! that score with a twin, the column lights), and a die with its pips as an entity.

use bevy::prelude::*;

use super::KNUCKLEBONES;
use super::layout::DIE;
use crate::app::theme::Signal;
use crate::rules::Player;

/// Meshes and materials of the dice table.
#[derive(Resource, Debug, Clone)]
pub(super) struct DiceAssets {
    pub(super) cube: Handle<Mesh>,
    pub(super) pip: Handle<Mesh>,
    /// Per player: the die body and its pips.
    pub(super) bodies: [Handle<StandardMaterial>; 2],
    pub(super) pips: [Handle<StandardMaterial>; 2],
    /// A die that scores with its twins in its column.
    pub(super) matched: [Handle<StandardMaterial>; 2],
    /// Column lights: legal, full, hint.
    pub(super) lights: [Handle<StandardMaterial>; 3],
}

/// The colour of `player`'s dice: Player 1 bone white, Player 2 lacquer red.
#[must_use]
pub(crate) fn dice_colour(player: Player) -> Color {
    match player {
        Player::First => Color::srgb(0.95, 0.92, 0.84),
        Player::Second => Color::srgb(0.66, 0.13, 0.14),
    }
}

/// The pips of every face, in the die's own frame.
fn pip_spots() -> Vec<Vec3> {
    let faces: [(u8, Vec3, Vec3, Vec3); 6] = [
        (1, Vec3::Y, Vec3::X, Vec3::Z),
        (6, -Vec3::Y, Vec3::X, Vec3::Z),
        (2, Vec3::Z, Vec3::X, Vec3::Y),
        (5, -Vec3::Z, Vec3::X, Vec3::Y),
        (3, Vec3::X, Vec3::Z, Vec3::Y),
        (4, -Vec3::X, Vec3::Z, Vec3::Y),
    ];
    let q = DIE * 0.26;
    let mut spots = Vec::new();
    for (value, normal, u, v) in faces {
        let layout: &[(f32, f32)] = match value {
            1 => &[(0.0, 0.0)],
            2 => &[(-1.0, -1.0), (1.0, 1.0)],
            3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
            4 => &[(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)],
            5 => &[
                (-1.0, -1.0),
                (-1.0, 1.0),
                (0.0, 0.0),
                (1.0, -1.0),
                (1.0, 1.0),
            ],
            _ => &[
                (-1.0, -1.0),
                (-1.0, 0.0),
                (-1.0, 1.0),
                (1.0, -1.0),
                (1.0, 0.0),
                (1.0, 1.0),
            ],
        };
        for &(a, b) in layout {
            spots.push(normal * (DIE / 2.0 - 0.025) + u * a * q + v * b * q);
        }
    }
    spots
}

/// Makes the dice's meshes and materials, once.
pub(super) fn load_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut body = |player: Player, glow: LinearRgba| {
        materials.add(StandardMaterial {
            base_color: dice_colour(player),
            emissive: glow,
            perceptual_roughness: 0.35,
            clearcoat: 0.6,
            ..default()
        })
    };
    let bodies = [
        body(Player::First, LinearRgba::BLACK),
        body(Player::Second, LinearRgba::BLACK),
    ];
    let matched = [
        body(Player::First, LinearRgba::rgb(0.35, 0.25, 0.0)),
        body(Player::Second, LinearRgba::rgb(0.45, 0.2, 0.0)),
    ];
    let mut plain = |color: Color| {
        materials.add(StandardMaterial {
            base_color: color,
            perceptual_roughness: 0.6,
            ..default()
        })
    };
    let pips = [
        plain(Color::srgb(0.07, 0.07, 0.09)),
        plain(Color::srgb(0.97, 0.95, 0.9)),
    ];
    let lights = [
        materials.add(Signal::Good.tint(0.35)),
        materials.add(Signal::Bad.tint(0.35)),
        materials.add(Signal::Hint.tint(0.45)),
    ];
    commands.insert_resource(DiceAssets {
        cube: meshes.add(Cuboid::from_length(DIE)),
        pip: meshes.add(
            Sphere::new(DIE * 0.085)
                .mesh()
                .ico(2)
                .expect("a small sphere"),
        ),
        bodies,
        pips,
        matched,
        lights,
    });
}

/// Spawns a die of `owner` showing `value`, with its pips, at `transform`.
pub(super) fn spawn_die(
    commands: &mut Commands,
    assets: &DiceAssets,
    owner: Player,
    value: u8,
    transform: Transform,
) -> Entity {
    let die = commands
        .spawn((
            Name::new(format!("Die {value} ({owner:?})")),
            Mesh3d(assets.cube.clone()),
            MeshMaterial3d(assets.bodies[owner.index()].clone()),
            transform,
            DespawnOnExit(KNUCKLEBONES),
        ))
        .id();
    for spot in pip_spots() {
        commands.spawn((
            Mesh3d(assets.pip.clone()),
            MeshMaterial3d(assets.pips[owner.index()].clone()),
            Transform::from_translation(spot),
            ChildOf(die),
        ));
    }
    die
}
