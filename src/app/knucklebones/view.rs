//! The Knucklebones table: two wooden trays facing each other across the table
//! (Player 1 near the camera, Player 2 across), 3D dice with pips, the die of the
//! turn rolled beside the trays, placed dice sliding into their slots, removed dice
//! knocked off the table, and the hovered column lit.
//!
//! The dice are a view of [`CurrentGame`]. A move announced by
//! [`MoveApplied`] is animated (the rolled die slides into its slot, the opponent's
//! matching dice fly off, the rest of that column closes up, a new die tumbles in);
//! any other change (new game, undo, redo, load) lays the trays out again at once.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::prelude::*;

use super::input::HoveredColumn;
use super::{CurrentGame, KNUCKLEBONES};
use crate::app::camera::CameraHome;
use crate::app::gomoku::board::wood_texture;
use crate::app::table::{MoveApplied, Phase, start_game};
use crate::app::{AppSystems, Players};
use crate::rules::Player;
use crate::rules::knucklebones::{COLUMN_SLOTS, Column, Knucklebones};

type Hint = crate::app::ai::Hint<Knucklebones>;

/// Edge of a die.
pub const DIE: f32 = 0.8;
/// Distance between slot centres along a column.
const SLOT_PITCH: f32 = 1.0;
/// Distance between column centres.
const COLUMN_PITCH: f32 = 1.25;
/// Distance from the table's middle line to slot 0 of either tray.
const GAP: f32 = 1.0;
/// Height of a tray's floor.
const FLOOR: f32 = 0.0;
/// Where the die of the turn lies, beside the trays.
const ROLL_SPOT: Vec3 = Vec3::new(3.3, FLOOR + DIE / 2.0, 0.0);
/// How long a placed die slides, in seconds.
const SLIDE: f32 = 0.35;
/// How long the roll tumbles.
const TUMBLE: f32 = 0.55;
/// How long a knocked-out die flies before it is gone.
const KNOCKED_OUT: f32 = 1.1;

/// A die in a tray slot.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrayDie {
    /// Whose tray.
    pub owner: Player,
    /// Which column.
    pub column: Column,
    /// Which slot, from the middle of the table outward.
    pub slot: usize,
    /// The face up.
    pub value: u8,
}

/// The die of the turn, rolled and waiting to be placed.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolledDie {
    /// Who rolled it.
    pub owner: Player,
    /// The face up.
    pub value: u8,
}

/// A die knocked out of a tray, flying off; despawns when it has flown.
#[derive(Component, Clone, Copy, Debug)]
pub struct KnockedOut {
    velocity: Vec3,
    spin: Vec3,
    age: f32,
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
    rest: Transform,
    spin: Vec3,
    age: f32,
}

/// A tray's floor, per side.
#[derive(Component, Debug)]
pub struct Tray(pub Player);

/// The light strip under a column of the mover's tray: the hovered column (green,
/// or red when full) or the hint (cyan).
#[derive(Component, Debug)]
pub struct ColumnLight;

/// Meshes and materials of the dice table.
#[derive(Resource, Debug, Clone)]
pub struct DiceAssets {
    cube: Handle<Mesh>,
    pip: Handle<Mesh>,
    /// Per player: the die body and its pips.
    bodies: [Handle<StandardMaterial>; 2],
    pips: [Handle<StandardMaterial>; 2],
    /// A die that scores with its twins in its column.
    matched: [Handle<StandardMaterial>; 2],
    /// Column lights: legal, full, hint.
    lights: [Handle<StandardMaterial>; 3],
}

/// The colour of `player`'s dice: Player 1 bone white, Player 2 lacquer red.
#[must_use]
pub fn dice_colour(player: Player) -> Color {
    match player {
        Player::First => Color::srgb(0.95, 0.92, 0.84),
        Player::Second => Color::srgb(0.66, 0.13, 0.14),
    }
}

/// Toward `player`'s side of the table: +z (near the camera) for Player 1.
fn outward(player: Player) -> f32 {
    match player {
        Player::First => 1.0,
        Player::Second => -1.0,
    }
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
pub fn column_label_spot(player: Player, column: Column) -> Vec3 {
    slot_centre(player, column, COLUMN_SLOTS) + Vec3::Y * 0.1
}

/// Beside a tray, where its total is shown.
#[must_use]
pub fn total_label_spot(player: Player) -> Vec3 {
    Vec3::new(
        -1.9 * COLUMN_PITCH,
        FLOOR,
        outward(player) * (GAP + SLOT_PITCH * 1.5),
    )
}

/// The column of `player`'s tray a point on the table lies over, if any.
#[must_use]
pub fn column_at(player: Player, at: Vec3) -> Option<Column> {
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
pub fn face_up(value: u8) -> Quat {
    match value {
        1 => Quat::IDENTITY,
        2 => Quat::from_rotation_x(-FRAC_PI_2),
        3 => Quat::from_rotation_z(FRAC_PI_2),
        4 => Quat::from_rotation_z(-FRAC_PI_2),
        5 => Quat::from_rotation_x(FRAC_PI_2),
        _ => Quat::from_rotation_x(PI),
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

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_assets)
        .add_systems(
            OnEnter(KNUCKLEBONES),
            spawn_table.after(start_game::<Knucklebones>),
        )
        .add_systems(
            Update,
            (
                sync_dice,
                (
                    light_column,
                    mark_matches.run_if(resource_changed::<CurrentGame>),
                ),
                (slide, tumble, fly),
            )
                .chain()
                .in_set(AppSystems::SyncView)
                .run_if(in_state(KNUCKLEBONES)),
        );
}

fn load_assets(
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
    let mut light = |color: Color, glow: LinearRgba| {
        materials.add(StandardMaterial {
            base_color: color,
            emissive: glow,
            alpha_mode: AlphaMode::Blend,
            ..default()
        })
    };
    let lights = [
        light(
            Color::srgba(0.3, 0.9, 0.4, 0.35),
            LinearRgba::rgb(0.0, 0.3, 0.05),
        ),
        light(
            Color::srgba(0.95, 0.2, 0.15, 0.35),
            LinearRgba::rgb(0.3, 0.0, 0.0),
        ),
        light(
            Color::srgba(0.2, 0.85, 1.0, 0.45),
            LinearRgba::rgb(0.05, 0.5, 0.8),
        ),
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

/// Lays the two trays and the column light, and frames the camera on the table.
pub fn spawn_table(
    mut commands: Commands,
    assets: Res<DiceAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    commands.insert_resource(CameraHome(
        Transform::from_xyz(0.8, 10.0, 8.0).looking_at(Vec3::new(0.8, 0.0, 0.6), Vec3::Y),
    ));
    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.62, 0.43, 0.26),
        base_color_texture: Some(images.add(wood_texture())),
        perceptual_roughness: 0.6,
        ..default()
    });
    let felt = materials.add(StandardMaterial {
        base_color: Color::srgb(0.12, 0.3, 0.2),
        perceptual_roughness: 0.95,
        ..default()
    });
    let width = COLUMN_PITCH * 3.0 + 0.3;
    let depth = SLOT_PITCH * COLUMN_SLOTS as f32 + 0.3;
    let rim = meshes.add(Cuboid::new(width + 0.3, 0.3, depth + 0.3));
    let floor = meshes.add(Cuboid::new(width, 0.02, depth));
    let divider = meshes.add(Cuboid::new(0.06, 0.12, depth));
    for player in Player::BOTH {
        let centre = Vec3::new(0.0, FLOOR, outward(player) * (GAP + depth / 2.0 - 0.15));
        commands.spawn((
            Name::new(format!("Tray {player:?}")),
            Tray(player),
            Mesh3d(rim.clone()),
            MeshMaterial3d(wood.clone()),
            Transform::from_translation(centre - Vec3::Y * 0.16),
            DespawnOnExit(KNUCKLEBONES),
        ));
        commands.spawn((
            Name::new("Tray felt"),
            Mesh3d(floor.clone()),
            MeshMaterial3d(felt.clone()),
            Transform::from_translation(centre),
            DespawnOnExit(KNUCKLEBONES),
        ));
        for x in [-0.5, 0.5] {
            commands.spawn((
                Name::new("Column divider"),
                Mesh3d(divider.clone()),
                MeshMaterial3d(wood.clone()),
                Transform::from_translation(centre + Vec3::new(x * COLUMN_PITCH, 0.05, 0.0)),
                DespawnOnExit(KNUCKLEBONES),
            ));
        }
    }
    commands.spawn((
        Name::new("Roll spot"),
        Mesh3d(meshes.add(Cylinder::new(0.85, 0.02))),
        MeshMaterial3d(felt),
        Transform::from_translation(Vec3::new(ROLL_SPOT.x, FLOOR, ROLL_SPOT.z)),
        DespawnOnExit(KNUCKLEBONES),
    ));
    commands.spawn((
        Name::new("Column light"),
        ColumnLight,
        Mesh3d(meshes.add(Cuboid::new(COLUMN_PITCH * 0.92, 0.03, depth - 0.1))),
        MeshMaterial3d(assets.lights[0].clone()),
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(KNUCKLEBONES),
    ));
}

/// Spawns a die of `owner` showing `value`, with its pips, at `transform`.
fn spawn_die(
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

/// A die at rest in a slot, facing up with `value`, squarely.
fn slot_transform(owner: Player, column: Column, slot: usize, value: u8) -> Transform {
    Transform::from_translation(slot_centre(owner, column, slot)).with_rotation(face_up(value))
}

/// The die of the turn at rest on the roll spot.
fn rest_transform(value: u8) -> Transform {
    Transform::from_translation(ROLL_SPOT)
        .with_rotation(Quat::from_rotation_y(0.4) * face_up(value))
}

/// Keeps the dice in line with the game: an applied move is animated; any other
/// change lays everything out again.
pub fn sync_dice(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Res<DiceAssets>,
    mut applied: MessageReader<MoveApplied<Knucklebones>>,
    tray_dice: Query<(Entity, &TrayDie, &Transform)>,
    rolled: Query<(Entity, &RolledDie, &Transform)>,
    mut shown: Local<Option<u64>>,
) {
    let moves = applied.read().count();
    if *shown == Some(game.generation()) {
        return;
    }
    let one_move_on = shown.is_some_and(|g| g + 1 == game.generation()) && moves == 1;
    *shown = Some(game.generation());
    if one_move_on && let Some(placement) = game.last_placement().copied() {
        animate_move(
            &mut commands,
            &game,
            &assets,
            placement,
            &tray_dice,
            &rolled,
        );
        return;
    }
    // Lay out from scratch.
    for (entity, ..) in &tray_dice {
        commands.entity(entity).despawn();
    }
    for (entity, ..) in &rolled {
        commands.entity(entity).despawn();
    }
    for owner in Player::BOTH {
        for column in Column::ALL {
            for (slot, &value) in game.tray(owner).column(column).iter().enumerate() {
                let die = spawn_die(
                    &mut commands,
                    &assets,
                    owner,
                    value,
                    slot_transform(owner, column, slot, value),
                );
                commands.entity(die).insert(TrayDie {
                    owner,
                    column,
                    slot,
                    value,
                });
            }
        }
    }
    spawn_roll(&mut commands, &game, &assets, 0.0);
}

/// The die of the turn, tumbling in from above after `delay` seconds.
fn spawn_roll(commands: &mut Commands, game: &Knucklebones, assets: &DiceAssets, delay: f32) {
    if game.is_over() {
        return;
    }
    let (owner, value) = (game.side_to_move(), game.die());
    let rest = rest_transform(value);
    let spin = Vec3::new(
        7.0 + f32::from(value),
        3.0 * f32::from(value % 3),
        5.0 - f32::from(value),
    );
    let die = spawn_die(commands, assets, owner, value, tumbled(&rest, spin, 0.0));
    commands.entity(die).insert((
        RolledDie { owner, value },
        Tumble {
            rest,
            spin,
            age: -delay,
        },
    ));
}

/// One move, animated: the rolled die slides into its slot, the opponent's dice of
/// its value in that column fly off, the others close up, the next die is rolled.
fn animate_move(
    commands: &mut Commands,
    game: &Knucklebones,
    assets: &DiceAssets,
    placement: crate::rules::knucklebones::Placement,
    tray_dice: &Query<(Entity, &TrayDie, &Transform)>,
    rolled: &Query<(Entity, &RolledDie, &Transform)>,
) {
    let mover = placement.player;
    let column = placement.column;
    let slot = game.tray(mover).column(column).len() - 1;
    let to = slot_transform(mover, column, slot, placement.die);
    let die = TrayDie {
        owner: mover,
        column,
        slot,
        value: placement.die,
    };
    match rolled.iter().next() {
        Some((entity, _, from)) => {
            // Shown even if it was played before its roll came into view.
            commands
                .entity(entity)
                .remove::<(RolledDie, Tumble)>()
                .insert((
                    die,
                    Slide::new(*from, to, SLIDE, 0.8),
                    Visibility::Inherited,
                ));
        }
        None => {
            let entity = spawn_die(commands, assets, mover, placement.die, to);
            commands.entity(entity).insert(die);
        }
    }
    // The opponent's column: the removed dice fly, the rest close up.
    let opponent = mover.opponent();
    let mut kept = 0;
    let mut dice: Vec<_> = tray_dice
        .iter()
        .filter(|(_, d, _)| d.owner == opponent && d.column == column)
        .collect();
    dice.sort_by_key(|(_, d, _)| d.slot);
    for (entity, d, transform) in dice {
        if d.value == placement.die {
            let sideways = (d.slot as f32 - 1.0) * 1.5;
            commands
                .entity(entity)
                .remove::<TrayDie>()
                .insert(KnockedOut {
                    velocity: Vec3::new(sideways, 5.5, outward(opponent) * 4.0),
                    spin: Vec3::new(9.0, 4.0, 6.0),
                    age: -SLIDE * 0.8,
                });
        } else {
            if d.slot != kept {
                let to = slot_transform(opponent, column, kept, d.value);
                commands.entity(entity).insert((
                    TrayDie { slot: kept, ..*d },
                    Slide::new(*transform, to, 0.3, 0.0),
                ));
            }
            kept += 1;
        }
    }
    spawn_roll(commands, game, assets, SLIDE);
}

impl Slide {
    fn new(from: Transform, to: Transform, duration: f32, arc: f32) -> Self {
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
pub fn slide(
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
fn tumbled(rest: &Transform, spin: Vec3, t: f32) -> Transform {
    let left = 1.0 - (t / TUMBLE).clamp(0.0, 1.0);
    let height = 2.5 * left * left + 0.35 * (left * 3.0 * PI).sin().abs() * left;
    let turn = spin * left * left;
    Transform::from_translation(rest.translation + Vec3::new(-0.8 * left, height, 0.6 * left))
        .with_rotation(Quat::from_euler(EulerRot::XYZ, turn.x, turn.y, turn.z) * rest.rotation)
}

/// Rolls the die of the turn to rest.
pub fn tumble(
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
pub fn fly(
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

/// Lights the hovered column of the mover's tray (green, red when full) where a
/// person is to move, or the hinted column (cyan).
pub fn light_column(
    game: Res<CurrentGame>,
    hovered: Res<HoveredColumn>,
    hint: Res<Hint>,
    players: Res<Players>,
    phase: Res<State<Phase>>,
    assets: Res<DiceAssets>,
    mut light: Single<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<ColumnLight>,
    >,
) {
    let person = phase.person_to_move(&players).is_some();
    let (column, look) = match (hint.for_game(&game), hovered.0) {
        (_, Some(column)) if person => {
            let full = game.check(column).is_err();
            (Some(column), usize::from(full))
        }
        (Some(column), _) => (Some(column), 2),
        _ => (None, 0),
    };
    let (transform, visibility, material) = &mut *light;
    let Some(column) = column else {
        visibility.set_if_neq(Visibility::Hidden);
        return;
    };
    let side = game.side_to_move();
    let mut at = slot_centre(side, column, 1);
    at.y = FLOOR + 0.02;
    if transform.translation != at {
        transform.translation = at;
    }
    visibility.set_if_neq(Visibility::Visible);
    if material.0 != assets.lights[look] {
        material.0 = assets.lights[look].clone();
    }
}

/// Dice that score with a twin in their column glow a little, so pairs and triples
/// read at a glance.
pub fn mark_matches(
    game: Res<CurrentGame>,
    assets: Res<DiceAssets>,
    mut dice: Query<(&TrayDie, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    for (die, mut material) in &mut dice {
        let twins = game.tray(die.owner).count(die.column, die.value);
        let wanted = if twins > 1 {
            &assets.matched[die.owner.index()]
        } else {
            &assets.bodies[die.owner.index()]
        };
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
    }
}
