//! The Tic-tac-toe table: the board with its nine cells, the X and O pieces, the
//! phantom of the side to move, the last-move marker and the winning line. All of it is a view of [`CurrentGame`] (plus [`Analysis`] and
//! the hint), brought in line in [`AppSystems::SyncView`].

use bevy::prelude::*;

use crate::app::labels::{BoardLabels, Label, LabelKind, LabelSystems, grid_coordinates};

use super::layout::{CELL, TOP, cell_centre};
use super::{CurrentGame, TIC_TAC_TOE};
use crate::app::pointer::Hovered;
use crate::app::sound::{Cue, PlaySound, add_cues};
use crate::app::table::{AppSystems, Phase, Players, TableGame};
use crate::app::{motion, theme};
use crate::asset_file;
use crate::rules::Player;
use crate::rules::tictactoe::{Cell, TicTacToe};

type HoveredCell = Hovered<TicTacToe>;

/// Board thickness.
const THICKNESS: f32 = 0.35;
/// The pieces' height above the board.
const PIECE_LIFT: f32 = 0.16;

/// A board cell, as an entity: the flat tile that the analysis and the hint tint.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCell(pub Cell);

/// A placed piece: an X or an O, on its cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Who played it.
    pub owner: Player,
    /// Where.
    pub cell: Cell,
}

/// A piece of the winning line.
#[derive(Component, Debug)]
pub struct WinningPiece;

/// The glowing bar through the winning line.
#[derive(Component, Debug)]
pub struct WinLine;

/// The translucent preview of `0`'s piece under the pointer (one for X, one for O).
#[derive(Component, Debug)]
pub struct Phantom(pub Player);

/// The red marker over the most recent piece.
#[derive(Component, Debug)]
pub struct LastMoveMarker;

/// Meshes and materials of the Tic-tac-toe table.
#[derive(Resource, Debug, Clone)]
struct TicTacToeAssets {
    bar: Handle<Mesh>,
    ring: Handle<Mesh>,
    marker: Handle<Mesh>,
    /// Per player: normal, phantom.
    looks: [[Handle<StandardMaterial>; 2]; 2],
    gold: Handle<StandardMaterial>,
    marker_material: Handle<StandardMaterial>,
    /// A cell tile without a tint (see `tint.rs`).
    cell_tile: Handle<StandardMaterial>,
}

/// The colour of `player`'s pieces: X red lacquer, O blue.
#[must_use]
pub(crate) fn mark_colour(player: Player) -> Color {
    match player {
        Player::First => Color::srgb(0.78, 0.12, 0.1),
        Player::Second => Color::srgb(0.12, 0.35, 0.8),
    }
}

/// Lays the board when the game comes on the table; keeps the pieces, the marker
/// and the phantom in line with the game.
/// A piece put on its cell.
pub const PIECE: Cue = Cue::new(asset_file!("sounds/piece.wav"));

pub(super) fn plugin(app: &mut App) {
    add_cues(app, &[PIECE]);
    // The board stands whenever Tic-tac-toe is the game chosen, behind the menu too
    // (the title scene); the phantoms and the marker only while it is played. The
    // board can come with the first state transition, before `Startup` (the settings
    // kept Tic-tac-toe as the game chosen), so its assets are made then, once.
    app.add_systems(
        OnEnter(TicTacToe::KIND),
        (
            load_assets.run_if(not(resource_exists::<TicTacToeAssets>)),
            spawn_board,
        )
            .chain(),
    )
    .add_systems(OnEnter(TIC_TAC_TOE), spawn_markers)
    .add_systems(
        Update,
        (
            (sync_pieces, move_marker, highlight_winning_line)
                .chain()
                .run_if(resource_changed::<CurrentGame>),
            show_phantom,
        )
            .in_set(AppSystems::SyncView)
            .run_if(in_state(TIC_TAC_TOE)),
    )
    .add_systems(
        Update,
        board_labels
            .in_set(LabelSystems)
            .run_if(in_state(TicTacToe::KIND)),
    );
}

fn load_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut looks = |player: Player| {
        let normal = StandardMaterial {
            base_color: mark_colour(player),
            perceptual_roughness: 0.3,
            clearcoat: 0.7,
            ..default()
        };
        [
            materials.add(normal.clone()),
            materials.add(StandardMaterial {
                base_color: mark_colour(player).with_alpha(0.4),
                alpha_mode: AlphaMode::Blend,
                ..normal
            }),
        ]
    };
    let looks = [looks(Player::First), looks(Player::Second)];
    commands.insert_resource(TicTacToeAssets {
        bar: meshes.add(Cuboid::new(CELL * 0.72, 0.24, 0.22)),
        ring: meshes.add(Torus::new(CELL * 0.2, CELL * 0.31)),
        marker: meshes.add(Cuboid::from_length(0.2)),
        looks,
        gold: materials.add(theme::win_highlight()),
        marker_material: materials.add(theme::last_move_marker()),
        cell_tile: materials.add(theme::clear_tint()),
    });
}

/// Lays the board, its grid and its nine cell tiles, and frames the camera on it.
fn spawn_board(
    mut commands: Commands,
    assets: Res<TicTacToeAssets>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    commands.insert_resource(super::layout::framing());
    let side = CELL * 3.0 + 0.8;
    commands.spawn((
        Name::new("Tic-tac-toe board"),
        Mesh3d(meshes.add(Cuboid::new(side, THICKNESS, side))),
        MeshMaterial3d(materials.add(theme::wood(
            Color::srgb(0.86, 0.66, 0.42),
            images.add(theme::wood_texture()),
        ))),
        Transform::from_xyz(0.0, TOP - THICKNESS / 2.0, 0.0),
        DespawnOnExit(TicTacToe::KIND),
    ));
    let inlay = materials.add(StandardMaterial {
        base_color: Color::srgb(0.2, 0.12, 0.07),
        perceptual_roughness: 0.7,
        ..default()
    });
    let groove = meshes.add(Cuboid::new(0.12, 0.03, CELL * 3.0));
    for i in [-0.5, 0.5] {
        for turn in [0.0, std::f32::consts::FRAC_PI_2] {
            let offset = i * CELL;
            let at = if turn == 0.0 {
                Vec3::new(offset, TOP + 0.005, 0.0)
            } else {
                Vec3::new(0.0, TOP + 0.005, offset)
            };
            commands.spawn((
                Name::new("Grid line"),
                Mesh3d(groove.clone()),
                MeshMaterial3d(inlay.clone()),
                Transform::from_translation(at).with_rotation(Quat::from_rotation_y(turn)),
                DespawnOnExit(TicTacToe::KIND),
            ));
        }
    }
    let tile = meshes.add(Cuboid::new(CELL * 0.86, 0.01, CELL * 0.86));
    for cell in Cell::ALL {
        commands.spawn((
            Name::new(format!("Cell {cell}")),
            BoardCell(cell),
            Mesh3d(tile.clone()),
            MeshMaterial3d(assets.cell_tile.clone()),
            Transform::from_translation(cell_centre(cell) + Vec3::Y * 0.012),
            DespawnOnExit(TicTacToe::KIND),
        ));
    }
}

/// The phantoms and the last-move marker, hidden until there is something to show.
fn spawn_markers(mut commands: Commands, assets: Res<TicTacToeAssets>) {
    for player in Player::BOTH {
        let phantom = commands
            .spawn((
                Name::new(format!("Phantom {player:?}")),
                Phantom(player),
                Transform::default(),
                Visibility::Hidden,
                DespawnOnExit(TIC_TAC_TOE),
            ))
            .id();
        spawn_shape(&mut commands, &assets, phantom, player, 1);
    }
    commands.spawn((
        Name::new("Last move marker"),
        LastMoveMarker,
        Mesh3d(assets.marker.clone()),
        MeshMaterial3d(assets.marker_material.clone()),
        Transform::default(),
        Visibility::Hidden,
        DespawnOnExit(TIC_TAC_TOE),
    ));
}

/// The meshes of an X (two crossed bars) or an O (a torus) under `parent`, in the
/// normal (`look` 0) or phantom (1) material.
fn spawn_shape(
    commands: &mut Commands,
    assets: &TicTacToeAssets,
    parent: Entity,
    player: Player,
    look: usize,
) {
    let material = MeshMaterial3d(assets.looks[player.index()][look].clone());
    match player {
        Player::First => {
            for angle in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
                commands.spawn((
                    Mesh3d(assets.bar.clone()),
                    material.clone(),
                    Transform::from_rotation(Quat::from_rotation_y(angle)),
                    ChildOf(parent),
                ));
            }
        }
        Player::Second => {
            commands.spawn((
                Mesh3d(assets.ring.clone()),
                material,
                Transform::default(),
                ChildOf(parent),
            ));
        }
    }
}

/// Where a piece on `cell` stands.
fn piece_transform(cell: Cell) -> Transform {
    Transform::from_translation(cell_centre(cell) + Vec3::Y * PIECE_LIFT)
}

/// Spawns a piece for every marked cell without one and despawns pieces on cells
/// that are now empty (new game, undo, load). The last move's piece, alone new, is
/// dropped onto its cell and settles.
fn sync_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Res<TicTacToeAssets>,
    pieces: Query<(Entity, &Piece)>,
    mut sounds: MessageWriter<PlaySound>,
) {
    let mut shown = [None; 9];
    for (entity, piece) in &pieces {
        if game.mark(piece.cell) == Some(piece.owner) && shown[piece.cell.index()].is_none() {
            shown[piece.cell.index()] = Some(entity);
        } else {
            commands.entity(entity).despawn();
        }
    }
    let missing: Vec<(Cell, Player)> = Cell::ALL
        .into_iter()
        .filter(|cell| shown[cell.index()].is_none())
        .filter_map(|cell| Some((cell, game.mark(cell)?)))
        .collect();
    let drop_one = missing.len() == 1 && game.last_move() == Some(missing[0].0);
    for (cell, owner) in missing {
        let mut piece = commands.spawn((
            Name::new(format!("{owner:?} on {cell}")),
            Piece { owner, cell },
            piece_transform(cell),
            Visibility::default(),
            DespawnOnExit(TIC_TAC_TOE),
        ));
        if drop_one {
            piece.insert(motion::drop_onto(piece_transform(cell), 1.6, 0.15));
            sounds.write(PlaySound::after(PIECE, 0.15));
        }
        let piece = piece.id();
        spawn_shape(&mut commands, &assets, piece, owner, 0);
    }
}

/// Puts the marker over the last piece, or hides it on an empty board.
fn move_marker(
    game: Res<CurrentGame>,
    mut marker: Single<(&mut Transform, &mut Visibility), With<LastMoveMarker>>,
) {
    let (transform, visibility) = &mut *marker;
    match game.last_move() {
        Some(cell) => {
            transform.translation = cell_centre(cell) + Vec3::new(0.62, 0.5, -0.62);
            transform.rotation = Quat::from_rotation_y(std::f32::consts::FRAC_PI_4);
            **visibility = Visibility::Visible;
        }
        None => **visibility = Visibility::Hidden,
    }
}

/// A gold bar through the winning three, and the three pieces turned gold.
fn highlight_winning_line(
    mut commands: Commands,
    game: Res<CurrentGame>,
    assets: Res<TicTacToeAssets>,
    pieces: Query<(Entity, &Piece, &Children, Has<WinningPiece>)>,
    lines: Query<Entity, With<WinLine>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let line = game.winning_line();
    for (entity, piece, children, marked) in &pieces {
        let winning = line.is_some_and(|line| line.contains(&piece.cell));
        if winning == marked {
            continue;
        }
        let material = if winning {
            commands.entity(entity).insert(WinningPiece);
            assets.gold.clone()
        } else {
            commands.entity(entity).remove::<WinningPiece>();
            assets.looks[piece.owner.index()][0].clone()
        };
        for &child in children {
            commands
                .entity(child)
                .insert(MeshMaterial3d(material.clone()));
        }
    }
    for entity in &lines {
        commands.entity(entity).despawn();
    }
    if let Some([first, _, last]) = line {
        let (from, to) = (cell_centre(first), cell_centre(last));
        let lift = Vec3::Y * (PIECE_LIFT + 0.2);
        let full = Transform::from_translation((from + to) / 2.0 + lift)
            .with_rotation(Quat::from_rotation_arc(Vec3::Y, (to - from).normalize()));
        // Drawn from the first piece to the last once the last has landed.
        let (start, draw) = motion::draw_bar(full, from + lift, 0.15, 0.4);
        commands.spawn((
            Name::new("Winning line"),
            WinLine,
            Mesh3d(meshes.add(Capsule3d::new(0.09, from.distance(to) + CELL * 0.6))),
            MeshMaterial3d(assets.gold.clone()),
            start,
            draw,
            DespawnOnExit(TIC_TAC_TOE),
        ));
    }
}

/// Shows the phantom of the side to move over the hovered cell, only where a person
/// to move may play now.
fn show_phantom(
    game: Res<CurrentGame>,
    players: Res<Players>,
    hovered: Res<HoveredCell>,
    phase: Res<State<Phase>>,
    mut phantoms: Query<(&Phantom, &mut Transform, &mut Visibility)>,
) {
    let target = hovered
        .0
        .filter(|&cell| phase.person_to_move(&players).is_some() && game.check(cell).is_ok());
    for (phantom, mut transform, mut visibility) in &mut phantoms {
        match target {
            Some(cell) if phantom.0 == game.side_to_move() => {
                let wanted = piece_transform(cell);
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

/// The board's coordinates on its rim, and each piece's move number over it.
fn board_labels(game: Res<CurrentGame>, mut labels: ResMut<BoardLabels>) {
    let at = |x: u8, y: u8| Cell::new(x, y).map_or(Vec3::ZERO, cell_centre);
    // Between the outer cells' edge and the board's rim, 0.4 wide.
    grid_coordinates(&mut labels.0, (3, 3), at, CELL * 0.6, CELL * 0.45);
    for (i, cell) in crate::rules::Game::history(&**game).into_iter().enumerate() {
        labels.0.push(Label {
            at: cell_centre(cell) + Vec3::Y * (PIECE_LIFT + 0.3),
            text: (i + 1).to_string(),
            cell: CELL * 0.6,
            kind: LabelKind::MoveNumber {
                dark: i.is_multiple_of(2),
            },
        });
    }
}
