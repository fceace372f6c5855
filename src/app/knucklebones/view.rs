//! The Knucklebones table: two wooden trays facing each other across the table
//! (Player 1 near the camera, Player 2 across), 3D dice with pips ([`dice`]), the die
//! of the turn rolled beside the trays, placed dice sliding into their slots, removed
//! dice knocked off the table ([`motion`]), and the hovered column lit.
//!
//! The dice are a view of [`CurrentGame`]. A move announced by
//! [`MoveApplied`] is animated (the rolled die slides into its slot, the opponent's
//! matching dice fly off, the rest of that column closes up, a new die tumbles in);
//! any other change (new game, undo, redo, load) lays the trays out again at once.
//!
//! [`dice`]: super::dice
//! [`motion`]: super::motion

use bevy::prelude::*;

use super::dice::{self, DiceAssets, spawn_die};
use super::layout::{
    COLUMN_PITCH, FLOOR, GAP, ROLL_SPOT, SLOT_PITCH, outward, rest_transform, slot_centre,
    slot_transform,
};
use super::motion::{self, SLIDE};
use super::{CurrentGame, KNUCKLEBONES};
use crate::app::pointer::Hovered;
use crate::app::room::light::TABLE_TOP;
use crate::app::sound::{Cue, PlaySound, add_cues};
use crate::app::table::{AppSystems, MoveApplied, Phase, Players, TableGame};
use crate::app::theme;
use crate::asset_file;
use crate::rules::Player;
use crate::rules::knucklebones::{COLUMN_SLOTS, Column, Knucklebones};

type Hint = crate::app::ai::Hint<Knucklebones>;
type HoveredColumn = Hovered<Knucklebones>;

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

/// A tray's floor, per side.
#[derive(Component, Debug)]
pub struct Tray(pub Player);

/// The light strip under a column of the mover's tray: the hovered column (green,
/// or red when full) or the hint (cyan).
#[derive(Component, Debug)]
struct ColumnLight;

/// Lays the table when the game comes on it; keeps the dice and the column light in
/// line with the game, and the dice moving.
/// A die rolling.
pub const DICE_ROLL: Cue = Cue::new(asset_file!("sounds/dice-roll.wav"));
/// A die coming to rest (in the roll spot, or in its slot).
pub const DICE_LAND: Cue = Cue::new(asset_file!("sounds/dice-land.wav"));
/// A die knocked out of a tray.
pub const DICE_KNOCKED: Cue = Cue::new(asset_file!("sounds/dice-knocked.wav"));

pub(super) fn plugin(app: &mut App) {
    add_cues(app, &[DICE_ROLL, DICE_LAND, DICE_KNOCKED]);
    // The trays stand whenever Knucklebones is the game chosen, behind the menu too
    // (the title scene). That can be from the first state transition, before
    // `Startup` (the settings kept Knucklebones as the game chosen), so the dice's
    // meshes and materials are made then, once.
    app.add_systems(
        OnEnter(Knucklebones::KIND),
        (
            dice::load_assets.run_if(not(resource_exists::<DiceAssets>)),
            spawn_table,
        )
            .chain(),
    )
    .add_systems(OnExit(KNUCKLEBONES), put_out_light)
    .add_systems(
        Update,
        (
            sync_dice,
            (
                light_column,
                mark_matches.run_if(resource_changed::<CurrentGame>),
            ),
        )
            .chain()
            .in_set(AppSystems::SyncView)
            .run_if(in_state(KNUCKLEBONES)),
    );
}

/// The trays stay behind the menu; the column light goes out.
fn put_out_light(mut lights: Query<&mut Visibility, With<ColumnLight>>) {
    for mut visibility in &mut lights {
        *visibility = Visibility::Hidden;
    }
}

/// Lays the two trays and the column light, and frames the camera on the table.
fn spawn_table(
    mut commands: Commands,
    assets: Res<DiceAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    commands.insert_resource(super::layout::framing());
    let wood = materials.add(StandardMaterial {
        perceptual_roughness: 0.6,
        ..theme::wood(
            Color::srgb(0.62, 0.43, 0.26),
            images.add(theme::wood_texture()),
        )
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
            DespawnOnExit(Knucklebones::KIND),
        ));
        commands.spawn((
            Name::new("Tray felt"),
            Mesh3d(floor.clone()),
            MeshMaterial3d(felt.clone()),
            Transform::from_translation(centre),
            DespawnOnExit(Knucklebones::KIND),
        ));
        for x in [-0.5, 0.5] {
            commands.spawn((
                Name::new("Column divider"),
                Mesh3d(divider.clone()),
                MeshMaterial3d(wood.clone()),
                Transform::from_translation(centre + Vec3::new(x * COLUMN_PITCH, 0.05, 0.0)),
                DespawnOnExit(Knucklebones::KIND),
            ));
        }
    }
    commands.spawn((
        Name::new("Roll spot"),
        // A felt-topped puck as tall as the trays' floors, standing on the table.
        Mesh3d(meshes.add(Cylinder::new(0.85, FLOOR - TABLE_TOP))),
        MeshMaterial3d(felt),
        Transform::from_translation(Vec3::new(
            ROLL_SPOT.x,
            (FLOOR + TABLE_TOP) / 2.0 + 0.01,
            ROLL_SPOT.z,
        )),
        DespawnOnExit(Knucklebones::KIND),
    ));
    commands.spawn((
        Name::new("Column light"),
        ColumnLight,
        Mesh3d(meshes.add(Cuboid::new(COLUMN_PITCH * 0.92, 0.03, depth - 0.1))),
        MeshMaterial3d(assets.lights[0].clone()),
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(Knucklebones::KIND),
    ));
}

/// Keeps the dice in line with the game: an applied move is animated; any other
/// change lays everything out again.
fn sync_dice(
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
    let (start, tumble) = motion::tumble(rest, spin, delay);
    commands.write_message(PlaySound::after(DICE_ROLL, delay));
    commands.write_message(PlaySound::after(DICE_LAND, delay + motion::TUMBLE * 0.9));
    let die = spawn_die(commands, assets, owner, value, start);
    commands
        .entity(die)
        .insert((RolledDie { owner, value }, tumble));
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
            // Its slide replaces its tumble, even one not yet begun.
            commands
                .entity(entity)
                .remove::<RolledDie>()
                .insert((die, motion::slide(*from, to, SLIDE, 0.8)));
            commands.write_message(PlaySound::after(DICE_LAND, SLIDE));
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
                .insert(motion::knock_out(
                    *transform,
                    Vec3::new(sideways, 5.5, outward(opponent) * 4.0),
                    SLIDE * 0.8,
                ));
            commands.write_message(PlaySound::after(DICE_KNOCKED, SLIDE * 0.8));
        } else {
            if d.slot != kept {
                let to = slot_transform(opponent, column, kept, d.value);
                commands.entity(entity).insert((
                    TrayDie { slot: kept, ..*d },
                    motion::slide(*transform, to, 0.3, 0.0),
                ));
            }
            kept += 1;
        }
    }
    spawn_roll(commands, game, assets, SLIDE);
}

/// Lights the hovered column of the mover's tray (green, red when full) where a
/// person is to move, or the hinted column (cyan).
fn light_column(
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
fn mark_matches(
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
