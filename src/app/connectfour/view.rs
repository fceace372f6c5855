//! The Connect Four table: an upright blue rack with round holes facing the camera,
//! red and yellow discs that fall into their slots with a small bounce, the phantom
//! disc of the side to move over the hovered column, the last-move marker and the
//! winning four. All of it is a view of [`CurrentGame`], brought in line in
//! [`AppSystems::SyncView`].

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::asset::RenderAssetUsages;
use bevy::mesh::Indices;
use bevy::prelude::*;

use crate::app::labels::{BoardLabels, Label, LabelKind, LabelSystems, grid_coordinates};
use bevy::render::render_resource::PrimitiveTopology;

use super::layout::{
    BASE, DISC_RADIUS, DISC_THICKNESS, DROP_HEIGHT, HOLE_RADIUS, PANEL_INNER, PANEL_OUTER, PITCH,
    column_x, slot_centre,
};
use super::{CONNECT_FOUR, CurrentGame};
use crate::app::pointer::Hovered;
use crate::app::sound::{Cue, PlaySound, add_cues};
use crate::app::table::{AppSystems, Phase, Players, TableGame};
use crate::app::{motion, theme};
use crate::asset_file;
use crate::rules::Player;
use crate::rules::connectfour::{Column, ConnectFour, HEIGHT, Slot, WIDTH};

type HoveredColumn = Hovered<ConnectFour>;

/// Gravity on a falling disc, in world units per second squared.
const GRAVITY: f32 = 40.0;

/// A disc in the rack.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disc {
    /// Whose disc.
    pub owner: Player,
    /// Where it rests.
    pub slot: Slot,
}

/// A disc of the winning four.
#[derive(Component, Debug)]
pub struct WinningDisc;

/// The gold bar across the winning four.
#[derive(Component, Debug)]
pub struct WinLine;

/// The translucent disc of `0` over the hovered column.
#[derive(Component, Debug)]
pub struct Phantom(pub Player);

/// The marker on the most recent disc.
#[derive(Component, Debug)]
pub struct LastMoveMarker;

/// Meshes and materials of the Connect Four table.
#[derive(Resource, Debug, Clone)]
struct ConnectFourAssets {
    disc: Handle<Mesh>,
    /// Per player: normal, phantom, glowing (a disc of the winning four: it keeps
    /// its colour, so a red four never looks like yellow discs).
    looks: [[Handle<StandardMaterial>; 3]; 2],
    gold: Handle<StandardMaterial>,
    marker: Handle<Mesh>,
    marker_material: Handle<StandardMaterial>,
}

/// The colour of `player`'s discs: red and yellow.
#[must_use]
pub(crate) fn disc_colour(player: Player) -> Color {
    match player {
        Player::First => Color::srgb(0.8, 0.09, 0.07),
        Player::Second => Color::srgb(0.96, 0.76, 0.08),
    }
}

/// Lays the rack when the game comes on the table; keeps the discs, the marker and
/// the phantom in line with the game; a dropped disc falls as a tween.
/// A disc dropping into the rack.
const DISC: Cue = Cue::new(asset_file!("sounds/disc.wav"));

pub(super) fn plugin(app: &mut App) {
    add_cues(app, &[DISC]);
    app.add_systems(Startup, load_assets)
        // The rack stands whenever Connect Four is the game chosen, behind the menu
        // too (the title scene); the phantoms and the marker only while it is played.
        .add_systems(OnEnter(ConnectFour::KIND), spawn_rack)
        .add_systems(OnEnter(CONNECT_FOUR), spawn_markers)
        .add_systems(
            Update,
            (
                (sync_discs, move_marker, highlight_winning_four)
                    .chain()
                    .run_if(resource_changed::<CurrentGame>),
                show_phantom,
            )
                .chain()
                .in_set(AppSystems::SyncView)
                .run_if(in_state(CONNECT_FOUR)),
        )
        .add_systems(
            Update,
            rack_labels
                .in_set(LabelSystems)
                .run_if(in_state(ConnectFour::KIND)),
        );
}

/// The columns' letters under the rack, on its front, and each disc's move number
/// on it.
fn rack_labels(game: Res<CurrentGame>, mut labels: ResMut<BoardLabels>) {
    let front = Vec3::Z * (PANEL_OUTER + 0.02);
    let at = |x: u8, y: u8| {
        let column = Column::ALL[usize::from(x).min(Column::ALL.len() - 1)];
        slot_centre(Slot { column, row: y }) + front
    };
    grid_coordinates(&mut labels.0, (WIDTH, 0), at, PITCH * 0.62, PITCH * 0.5);
    let mut heights = [0u8; WIDTH as usize];
    for (i, column) in crate::rules::Game::history(&**game).into_iter().enumerate() {
        let row = heights[column.index()];
        heights[column.index()] += 1;
        labels.0.push(Label {
            at: slot_centre(Slot { column, row }) + Vec3::Z * (DISC_THICKNESS / 2.0 + 0.01),
            text: (i + 1).to_string(),
            cell: PITCH * 0.8,
            kind: LabelKind::MoveNumber {
                dark: i.is_multiple_of(2),
            },
        });
    }
}

fn load_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut looks = |player: Player| {
        let normal = StandardMaterial {
            base_color: disc_colour(player),
            perceptual_roughness: 0.35,
            clearcoat: 0.6,
            ..default()
        };
        [
            materials.add(normal.clone()),
            materials.add(StandardMaterial {
                base_color: disc_colour(player).with_alpha(0.45),
                alpha_mode: AlphaMode::Blend,
                ..normal.clone()
            }),
            materials.add(StandardMaterial {
                emissive: disc_colour(player).to_linear() * 6.0,
                ..normal
            }),
        ]
    };
    let looks = [looks(Player::First), looks(Player::Second)];
    commands.insert_resource(ConnectFourAssets {
        disc: meshes.add(
            Cylinder::new(DISC_RADIUS, DISC_THICKNESS)
                .mesh()
                .resolution(40),
        ),
        looks,
        gold: materials.add(theme::win_highlight()),
        marker: meshes.add(Sphere::new(0.09).mesh().uv(16, 8)),
        marker_material: materials.add(theme::last_move_marker()),
    });
}

/// A disc's pose at `centre`: its flat faces toward the camera.
fn disc_transform(centre: Vec3) -> Transform {
    Transform::from_translation(centre).with_rotation(Quat::from_rotation_x(FRAC_PI_2))
}

/// Lays the rack (two holed panels, side posts, a foot bar and feet), and frames the
/// camera on it.
fn spawn_rack(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(super::layout::framing());
    let blue = materials.add(StandardMaterial {
        base_color: Color::srgb(0.07, 0.24, 0.72),
        perceptual_roughness: 0.3,
        clearcoat: 0.5,
        double_sided: true,
        cull_mode: None,
        ..default()
    });
    let panel = meshes.add(holed_panel());
    for (name, z) in [("Front panel", 1.0), ("Back panel", -1.0)] {
        commands.spawn((
            Name::new(name),
            Mesh3d(panel.clone()),
            MeshMaterial3d(blue.clone()),
            Transform::from_xyz(0.0, 0.0, 0.0).with_scale(Vec3::new(1.0, 1.0, z)),
            DespawnOnExit(ConnectFour::KIND),
        ));
    }
    let width = f32::from(WIDTH) * PITCH;
    let height = f32::from(HEIGHT) * PITCH;
    let depth = PANEL_OUTER * 2.0;
    let post = meshes.add(Cuboid::new(0.22, height + 0.5, depth));
    for side in [-1.0, 1.0] {
        commands.spawn((
            Name::new("Rack post"),
            Mesh3d(post.clone()),
            MeshMaterial3d(blue.clone()),
            Transform::from_xyz(side * (width / 2.0 + 0.11), BASE + height / 2.0 + 0.05, 0.0),
            DespawnOnExit(ConnectFour::KIND),
        ));
        // A foot, across the table, so the rack stands.
        commands.spawn((
            Name::new("Rack foot"),
            Mesh3d(meshes.add(Cuboid::new(0.3, 0.16, 2.2))),
            MeshMaterial3d(blue.clone()),
            Transform::from_xyz(side * (width / 2.0 + 0.11), -0.62, 0.0),
            DespawnOnExit(ConnectFour::KIND),
        ));
    }
    commands.spawn((
        Name::new("Rack bottom"),
        Mesh3d(meshes.add(Cuboid::new(width + 0.44, 0.2, depth))),
        MeshMaterial3d(blue),
        Transform::from_xyz(0.0, BASE - 0.1, 0.0),
        DespawnOnExit(ConnectFour::KIND),
    ));
}

/// The phantoms and the last-move marker, hidden until there is something to show.
fn spawn_markers(mut commands: Commands, assets: Res<ConnectFourAssets>) {
    for player in Player::BOTH {
        commands.spawn((
            Name::new(format!("Phantom {player:?}")),
            Phantom(player),
            Mesh3d(assets.disc.clone()),
            MeshMaterial3d(assets.looks[player.index()][1].clone()),
            disc_transform(Vec3::new(0.0, DROP_HEIGHT, 0.0)),
            Visibility::Hidden,
            DespawnOnExit(CONNECT_FOUR),
        ));
    }
    commands.spawn((
        Name::new("Last move marker"),
        LastMoveMarker,
        Mesh3d(assets.marker.clone()),
        MeshMaterial3d(assets.marker_material.clone()),
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(CONNECT_FOUR),
    ));
}

/// One panel of the rack, its outer face at `z = PANEL_OUTER` and its inner one at
/// `PANEL_INNER`: a 7 by 6 grid of squares each with a round hole, and the holes'
/// walls. (The back panel is the same mesh mirrored.)
fn holed_panel() -> Mesh {
    const SEGMENTS: usize = 32;
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut normals: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    // A quad a-b-c-d facing `normal` (its winding chosen to match).
    let mut quad = |corners: [Vec3; 4], normal: Vec3| {
        let [a, b, c, _] = corners;
        let base = positions.len() as u32;
        for p in corners {
            positions.push(p.to_array());
            normals.push(normal.to_array());
        }
        let facing = (b - a).cross(c - a).dot(normal) >= 0.0;
        if facing {
            indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
        } else {
            indices.extend([base, base + 2, base + 1, base, base + 3, base + 2]);
        }
    };
    for column in Column::ALL {
        for row in 0..HEIGHT {
            let centre = slot_centre(Slot { column, row }).truncate();
            let point = |k: usize| {
                let angle = TAU * k as f32 / SEGMENTS as f32;
                let dir = Vec2::new(angle.cos(), angle.sin());
                let on_square = dir * (0.5 * PITCH / dir.x.abs().max(dir.y.abs()));
                (centre + dir * HOLE_RADIUS, centre + on_square, dir)
            };
            for k in 0..SEGMENTS {
                let (c0, s0, d0) = point(k);
                let (c1, s1, d1) = point(k + 1);
                for (z, normal) in [(PANEL_OUTER, Vec3::Z), (PANEL_INNER, -Vec3::Z)] {
                    quad(
                        [c0.extend(z), s0.extend(z), s1.extend(z), c1.extend(z)],
                        normal,
                    );
                }
                let inward = -((d0 + d1) / 2.0).normalize().extend(0.0);
                quad(
                    [
                        c0.extend(PANEL_OUTER),
                        c1.extend(PANEL_OUTER),
                        c1.extend(PANEL_INNER),
                        c0.extend(PANEL_INNER),
                    ],
                    inward,
                );
            }
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

/// Spawns a disc for every filled slot without one and despawns discs of slots now
/// empty (new game, undo, load). A single new disc, the last move, drops in from
/// above; several at once (a load) are simply there.
fn sync_discs(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Res<ConnectFourAssets>,
    discs: Query<(Entity, &Disc)>,
    mut sounds: MessageWriter<PlaySound>,
) {
    let mut shown = Vec::new();
    for (entity, disc) in &discs {
        if game.disc(disc.slot) == Some(disc.owner) && !shown.contains(&disc.slot) {
            shown.push(disc.slot);
        } else {
            commands.entity(entity).despawn();
        }
    }
    let missing: Vec<(Slot, Player)> = Column::ALL
        .into_iter()
        .flat_map(|column| (0..HEIGHT).map(move |row| Slot { column, row }))
        .filter(|slot| !shown.contains(slot))
        .filter_map(|slot| Some((slot, game.disc(slot)?)))
        .collect();
    let drop_one = missing.len() == 1 && game.last_slot() == Some(missing[0].0);
    for (slot, owner) in missing {
        let rest = slot_centre(slot);
        let start = if drop_one {
            Vec3::new(rest.x, DROP_HEIGHT, 0.0)
        } else {
            rest
        };
        let mut disc = commands.spawn((
            Name::new(format!("{owner:?} disc on {slot}")),
            Disc { owner, slot },
            Mesh3d(assets.disc.clone()),
            MeshMaterial3d(assets.looks[owner.index()][0].clone()),
            disc_transform(start),
            DespawnOnExit(CONNECT_FOUR),
        ));
        if drop_one {
            let height = DROP_HEIGHT - rest.y;
            let fall = (2.0 * height / GRAVITY).sqrt();
            disc.insert(motion::drop_onto(disc_transform(rest), height, fall));
            sounds.write(PlaySound::after(DISC, fall));
        }
    }
}

/// Puts the marker on the face of the last disc, or hides it.
fn move_marker(
    game: Res<CurrentGame>,
    mut marker: Single<(&mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    let (transform, visibility) = &mut *marker;
    match game.last_slot() {
        Some(slot) => {
            transform.translation = slot_centre(slot) + Vec3::Z * (DISC_THICKNESS / 2.0 + 0.03);
            **visibility = Visibility::Visible;
        }
        None => **visibility = Visibility::Hidden,
    }
}

/// The winning discs glow in their colour, and a gold bar crosses each winning line
/// in front of the rack.
fn highlight_winning_four(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Res<ConnectFourAssets>,
    discs: Query<(Entity, &Disc, Has<WinningDisc>)>,
    lines: Query<Entity, With<WinLine>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let line = game.winning_line();
    for (entity, disc, marked) in &discs {
        let winning = line.contains(&disc.slot);
        if winning == marked {
            continue;
        }
        if winning {
            commands.entity(entity).insert((
                WinningDisc,
                MeshMaterial3d(assets.looks[disc.owner.index()][2].clone()),
            ));
        } else {
            commands
                .entity(entity)
                .remove::<WinningDisc>()
                .insert(MeshMaterial3d(assets.looks[disc.owner.index()][0].clone()));
        }
    }
    for entity in &lines {
        commands.entity(entity).despawn();
    }
    // A bar along each winning line, from its first disc to its last.
    for line in game.winning_lines() {
        let (Some(&first), Some(&last)) = (line.first(), line.last()) else {
            continue;
        };
        let (from, to) = (slot_centre(first), slot_centre(last));
        let front = Vec3::Z * (PANEL_OUTER + 0.12);
        let full = Transform::from_translation((from + to) / 2.0 + front)
            .with_rotation(Quat::from_rotation_arc(Vec3::Y, (to - from).normalize()));
        // Drawn once the last disc has about landed.
        let (start, draw) = motion::draw_bar(full, from + front, 0.5, 0.45);
        commands.spawn((
            Name::new("Winning line"),
            WinLine,
            Mesh3d(meshes.add(Capsule3d::new(0.08, from.distance(to) + 0.4))),
            MeshMaterial3d(assets.gold.clone()),
            start,
            draw,
            DespawnOnExit(CONNECT_FOUR),
        ));
    }
}

/// Shows the phantom disc of the side to move over the hovered column, only where
/// a person to move may drop a disc now.
fn show_phantom(
    game: Res<CurrentGame>,
    players: Res<Players>,
    hovered: Res<HoveredColumn>,
    phase: Res<State<Phase>>,
    mut phantoms: Query<(&Phantom, &mut Transform, &mut Visibility)>,
) {
    let target = hovered
        .0
        .filter(|&column| phase.person_to_move(&players).is_some() && game.check(column).is_ok());
    for (phantom, mut transform, mut visibility) in &mut phantoms {
        match target {
            Some(column) if phantom.0 == game.side_to_move() => {
                let wanted = disc_transform(Vec3::new(column_x(column), DROP_HEIGHT, 0.0));
                if *transform != wanted {
                    *transform = wanted;
                }
                visibility.set_if_neq(Visibility::Visible);
            }
            _ => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}
