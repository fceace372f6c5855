//! The stones (children of their cells), the phantom stone, the last-move marker, the
//! hint marker, the winning-line highlight and renju's forbidden marks: all a view of
//! [`CurrentGame`] (and the [`Hint`]), brought in line with it in
//! [`AppSystems::SyncView`].

use std::collections::HashMap;

use bevy::prelude::*;

use super::board::{
    BoardLayout, BoardSystems, Cells, ForbiddenMark, OnBoard, SPACING, STONE_FLATNESS, STONE_RADIUS,
};
use super::{CurrentGame, GOMOKU};
use crate::app::motion::{self, TweenAnim};
use crate::app::pointer::Hovered;
use crate::app::sound::{Cue, PlaySound, add_cues};
use crate::app::table::{AppSystems, EditTools, Phase, Players};
use crate::app::theme;
use crate::asset_file;
use crate::rules::Player;
use crate::rules::gomoku::{Gomoku, Move, Point, Status};

type Hint = crate::app::ai::Hint<Gomoku>;
type HoveredPoint = Hovered<Gomoku>;

/// How high the last-move marker floats above the board, in world units.
const MARKER_HEIGHT: f32 = 0.8;
/// How far above the board a played stone is dropped from, and how long it falls.
const DROP_HEIGHT: f32 = 1.2 * SPACING;
const DROP_FALL: f32 = 0.13;
/// How long the winning line takes to be drawn across the five, and each ring to
/// appear after the one before.
const WIN_DRAW: f32 = 0.45;
const WIN_RING_STEP: f32 = 0.09;
/// How opaque the phantom stone is.
const PHANTOM_ALPHA: f32 = 0.45;

/// A stone on the board, owned by `owner`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[require(OnBoard)]
pub struct Piece {
    /// Who played it.
    pub owner: Player,
}

/// The board point an entity stands on.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnPoint(pub Point);

/// A stone that is part of the winning line.
#[derive(Component, Debug)]
pub struct WinningStone;

/// The glowing ring laid around each stone of the winning line.
#[derive(Component, Debug)]
pub struct WinRing;

/// The glowing bar drawn through the winning line, above the stones.
#[derive(Component, Debug)]
pub struct WinLine;

/// The translucent preview of the side to move's stone under the pointer.
#[derive(Component, Debug)]
pub struct Phantom;

/// The red marker over the most recent stone.
#[derive(Component, Debug)]
pub struct LastMoveMarker;

/// The AI's suggested point: a pulsing cyan ring on its cell, there while the hint's
/// position is on the board.
#[derive(Component, Debug)]
pub struct HintMarker;

/// Meshes and materials shared by every stone.
#[derive(Resource, Debug, Clone)]
struct StoneAssets {
    stone: Handle<Mesh>,
    marker: Handle<Mesh>,
    ring: Handle<Mesh>,
    ring_material: Handle<StandardMaterial>,
    /// Per player: normal and phantom look.
    looks: [StoneLooks; 2],
    marker_material: Handle<StandardMaterial>,
    hint_material: Handle<StandardMaterial>,
    offer_material: Handle<StandardMaterial>,
}

#[derive(Debug, Clone)]
struct StoneLooks {
    normal: Handle<StandardMaterial>,
    phantom: Handle<StandardMaterial>,
}

impl StoneAssets {
    fn looks(&self, player: Player) -> &StoneLooks {
        &self.looks[player.index()]
    }
}

/// A stone set down on the wooden board.
pub const STONE: Cue = Cue::new(asset_file!("sounds/stone.wav"));

pub(super) fn plugin(app: &mut App) {
    add_cues(app, &[STONE]);
    app.add_systems(Startup, load_stone_assets)
        .add_systems(OnEnter(GOMOKU), spawn_phantom_and_marker)
        // The board stays behind the menu: renju's crosses go out with the game.
        .add_systems(OnExit(GOMOKU), hide_forbidden_marks)
        .add_systems(
            Update,
            (
                (
                    sync_pieces,
                    move_marker,
                    highlight_winning_line,
                    mark_forbidden_points,
                )
                    .chain()
                    .run_if(resource_changed::<CurrentGame>),
                (show_phantom, show_hint, show_offers),
            )
                .after(BoardSystems)
                .in_set(AppSystems::SyncView)
                .run_if(in_state(GOMOKU)),
        );
}

fn load_stone_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut looks = |base: Color, roughness: f32| {
        let normal = StandardMaterial {
            base_color: base,
            perceptual_roughness: roughness,
            reflectance: 0.6,
            clearcoat: 0.8,
            clearcoat_perceptual_roughness: 0.1,
            ..default()
        };
        StoneLooks {
            phantom: materials.add(StandardMaterial {
                base_color: base.with_alpha(PHANTOM_ALPHA),
                alpha_mode: AlphaMode::Blend,
                ..normal.clone()
            }),
            normal: materials.add(normal),
        }
    };
    let black = looks(Color::srgb(0.04, 0.04, 0.05), 0.25);
    let white = looks(Color::srgb(0.93, 0.92, 0.88), 0.3);
    commands.insert_resource(StoneAssets {
        stone: meshes.add(Sphere::new(STONE_RADIUS).mesh().uv(48, 24)),
        marker: meshes.add(Cuboid::from_length(0.22 * SPACING)),
        // Outer radius half a spacing: rings of neighbouring stones touch, never overlap.
        ring: meshes.add(Torus::new(STONE_RADIUS * 0.86, 0.5 * SPACING)),
        ring_material: materials.add(theme::win_highlight()),
        looks: [black, white],
        marker_material: materials.add(theme::last_move_marker()),
        hint_material: materials.add(theme::hint_glow()),
        offer_material: materials.add(theme::win_highlight()),
    });
}

/// Where a stone on `p` rests: its flattened sphere sits on the board's top face.
fn stone_transform(layout: &BoardLayout, p: Point) -> Transform {
    Transform::from_translation(layout.to_world(p) + Vec3::Y * STONE_RADIUS * STONE_FLATNESS)
        .with_scale(Vec3::new(1.0, STONE_FLATNESS, 1.0))
}

fn spawn_phantom_and_marker(mut commands: Commands, assets: Res<StoneAssets>) {
    commands.spawn((
        Name::new("Phantom stone"),
        Phantom,
        Mesh3d(assets.stone.clone()),
        MeshMaterial3d(assets.looks(Player::First).phantom.clone()),
        Transform::from_scale(Vec3::new(1.0, STONE_FLATNESS, 1.0)),
        Visibility::Hidden,
        DespawnOnExit(GOMOKU),
    ));
    commands.spawn((
        Name::new("Last move marker"),
        LastMoveMarker,
        Mesh3d(assets.marker.clone()),
        MeshMaterial3d(assets.marker_material.clone()),
        Transform::from_rotation(Quat::from_rotation_y(std::f32::consts::FRAC_PI_4)),
        Visibility::Hidden,
        DespawnOnExit(GOMOKU),
    ));
}

/// A stone's place on its cell: the flattened sphere rests on the board's top face.
fn stone_on_cell() -> Transform {
    Transform::from_translation(Vec3::Y * STONE_RADIUS * STONE_FLATNESS).with_scale(Vec3::new(
        1.0,
        STONE_FLATNESS,
        1.0,
    ))
}

/// Spawns a stone, as a child of its cell, for every occupied point without one and
/// despawns stones whose point is now empty (new game, undo, load). A single new
/// stone, the last move, is dropped onto the board and settles; several at once (a
/// load) are simply there.
fn sync_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    cells: Res<Cells>,
    assets: Res<StoneAssets>,
    pieces: Query<(Entity, &Piece, &OnPoint)>,
    mut sounds: MessageWriter<PlaySound>,
) {
    let mut shown: HashMap<Point, (Entity, Player)> = pieces
        .iter()
        .map(|(entity, piece, on)| (on.0, (entity, piece.owner)))
        .collect();
    let mut missing = Vec::new();
    // The stones set up before the first move, then the moves'.
    let set_up = game.setup().iter().map(|&(p, _)| p);
    for p in set_up.chain(game.moves().iter().copied()) {
        let Some(owner) = game.stone(p) else {
            continue;
        };
        match shown.remove(&p) {
            Some((_, shown_owner)) if shown_owner == owner => {}
            stale => {
                if let Some((entity, _)) = stale {
                    commands.entity(entity).despawn();
                }
                missing.push((p, owner));
            }
        }
    }
    for (entity, _) in shown.into_values() {
        commands.entity(entity).despawn();
    }
    let drop_one = missing.len() == 1 && game.last_move() == Some(missing[0].0);
    for (p, owner) in missing {
        let Some(cell) = cells.get(p) else {
            continue;
        };
        let mut stone = commands.spawn((
            Name::new(format!("Stone {p}")),
            Piece { owner },
            OnPoint(p),
            Mesh3d(assets.stone.clone()),
            MeshMaterial3d(assets.looks(owner).normal.clone()),
            stone_on_cell(),
            ChildOf(cell),
            // The board (and its cells) stays behind the menu; this goes.
            DespawnOnExit(GOMOKU),
        ));
        if drop_one {
            stone.insert(motion::drop_onto(stone_on_cell(), DROP_HEIGHT, DROP_FALL));
            sounds.write(PlaySound::after(STONE, DROP_FALL));
        }
    }
}

/// Floats the red marker over the last stone (riding down with it when it was just
/// dropped); hides it on an empty board.
fn move_marker(
    mut commands: Commands,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    marker: Single<(Entity, &mut Transform, &mut Visibility), With<LastMoveMarker>>,
    stones: Query<(&OnPoint, Ref<Piece>), With<TweenAnim>>,
) {
    let (entity, mut transform, mut visibility) = marker.into_inner();
    match game.last_move() {
        Some(p) => {
            let over = transform.with_translation(layout.to_world(p) + Vec3::Y * MARKER_HEIGHT);
            if stones
                .iter()
                .any(|(on, piece)| on.0 == p && piece.is_added())
            {
                commands
                    .entity(entity)
                    .insert(motion::drop_onto(over, DROP_HEIGHT, DROP_FALL));
            } else {
                commands.entity(entity).remove::<TweenAnim>();
                *transform = over;
            }
            *visibility = Visibility::Visible;
        }
        None => *visibility = Visibility::Hidden,
    }
}

/// Marks the stones of the winning line and lays a glowing ring around each, so the
/// five stand out while keeping their colour; clears both when the game is not won.
fn highlight_winning_line(
    mut commands: Commands,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    assets: Res<StoneAssets>,
    pieces: Query<(Entity, &OnPoint, Has<WinningStone>), With<Piece>>,
    rings: Query<Entity, Or<(With<WinRing>, With<WinLine>)>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let line: &[Point] = match game.status() {
        Status::Won { line, .. } => line,
        _ => &[],
    };
    for (entity, on, marked) in &pieces {
        match (line.contains(&on.0), marked) {
            (true, false) => {
                commands.entity(entity).insert(WinningStone);
            }
            (false, true) => {
                commands.entity(entity).remove::<WinningStone>();
            }
            _ => {}
        }
    }
    // This runs only when the game changed, so rebuilding the few highlight entities
    // is cheap and always matches the current line.
    for entity in &rings {
        commands.entity(entity).despawn();
    }
    // The line is drawn from the first stone to the last; the rings light up along
    // it one after another.
    if let (Some(&first), Some(&last)) = (line.first(), line.last()) {
        let (from, to) = (layout.to_world(first), layout.to_world(last));
        let length = from.distance(to) + SPACING * 0.5;
        let full = Transform::from_translation((from + to) / 2.0 + Vec3::Y * STONE_RADIUS * 1.1)
            .with_rotation(Quat::from_rotation_arc(Vec3::Y, (to - from).normalize()));
        let (start, draw) = motion::draw_bar(
            full,
            from + Vec3::Y * STONE_RADIUS * 1.1,
            DROP_FALL,
            WIN_DRAW,
        );
        commands.spawn((
            Name::new("Winning line"),
            WinLine,
            Mesh3d(meshes.add(Capsule3d::new(0.05 * SPACING, length))),
            MeshMaterial3d(assets.ring_material.clone()),
            start,
            draw,
            DespawnOnExit(GOMOKU),
        ));
    }
    for (i, &p) in line.iter().enumerate() {
        let full = Transform::from_translation(layout.to_world(p) + Vec3::Y * 0.02)
            .with_scale(Vec3::new(1.0, 0.5, 1.0));
        commands.spawn((
            Name::new(format!("Winning ring {p}")),
            WinRing,
            Mesh3d(assets.ring.clone()),
            MeshMaterial3d(assets.ring_material.clone()),
            full.with_scale(full.scale * motion::NOTHING),
            motion::grow(full, Vec3::ONE, DROP_FALL + WIN_RING_STEP * i as f32, 0.25),
            DespawnOnExit(GOMOKU),
        ));
    }
}

/// Shows the red cross on every cell forbidden to Black while Black is to move under
/// renju; hides them all otherwise.
fn mark_forbidden_points(
    game: Res<CurrentGame>,
    cells: Res<Cells>,
    mut marks: Query<(&ChildOf, &mut Visibility), With<ForbiddenMark>>,
) {
    let forbidden: Vec<Entity> = game
        .fouls()
        .into_iter()
        .filter_map(|(p, _)| cells.get(p))
        .collect();
    for (parent, mut visibility) in &mut marks {
        visibility.set_if_neq(if forbidden.contains(&parent.parent()) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

fn hide_forbidden_marks(mut marks: Query<&mut Visibility, With<ForbiddenMark>>) {
    for mut visibility in &mut marks {
        visibility.set_if_neq(Visibility::Hidden);
    }
}

/// Shows the phantom stone of the side to move over the hovered point, only where a
/// person to move may play now; in the Edit mode, the stone a click puts, on any
/// empty point.
fn show_phantom(
    game: Res<CurrentGame>,
    players: Res<Players>,
    hovered: Res<HoveredPoint>,
    layout: Res<BoardLayout>,
    assets: Res<StoneAssets>,
    phase: Res<State<Phase>>,
    tools: Res<EditTools>,
    mut phantom: Single<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<Phantom>,
    >,
) {
    let (transform, visibility, material) = &mut *phantom;
    // Setting up a position, the stone a click puts, on any empty point.
    let hovered = hovered.0.and_then(Move::point);
    let (side, target) = if game.editing() {
        let empty = |p: &Point| game.stone(*p).is_none();
        (tools.side, hovered.filter(|p| !tools.take && empty(p)))
    } else {
        let playable = |p: &Point| phase.person_to_move(&players).is_some() && game.is_legal(*p);
        (game.side_to_move(), hovered.filter(playable))
    };
    let Some(p) = target else {
        visibility.set_if_neq(Visibility::Hidden);
        return;
    };
    let look = &assets.looks(side).phantom;
    if material.0 != *look {
        material.0 = look.clone();
    }
    // Only touch what changes, so an idle pointer costs no transform propagation.
    transform.set_if_neq(stone_transform(&layout, p));
    visibility.set_if_neq(Visibility::Visible);
}

/// A fifth stone offered under Taraguchi-10: a gold ring on its point until White
/// picks.
#[derive(Component, Debug)]
pub struct OfferMarker;

/// Rings the offered fifth stones' points (Taraguchi-10) while White picks: one
/// ring on each offered point's cell, none once the opening has moved on.
fn show_offers(
    mut commands: Commands,
    game: Res<CurrentGame>,
    cells: Res<Cells>,
    assets: Res<StoneAssets>,
    rings: Query<(Entity, &ChildOf), With<OfferMarker>>,
) {
    if !game.is_changed() {
        return;
    }
    let wanted: Vec<Entity> = game
        .opening_state()
        .offers
        .iter()
        .filter_map(|&p| cells.get(p))
        .collect();
    let mut shown = Vec::new();
    for (ring, parent) in &rings {
        if wanted.contains(&parent.parent()) {
            shown.push(parent.parent());
        } else {
            commands.entity(ring).despawn();
        }
    }
    for cell in wanted.into_iter().filter(|cell| !shown.contains(cell)) {
        commands.spawn((
            Name::new("Offered fifth stone"),
            OfferMarker,
            Mesh3d(assets.ring.clone()),
            MeshMaterial3d(assets.offer_material.clone()),
            Transform::from_xyz(0.0, 0.03, 0.0).with_scale(Vec3::new(0.8, 0.5, 0.8)),
            ChildOf(cell),
            DespawnOnExit(GOMOKU),
        ));
    }
}

/// Hangs the hint ring on the suggested point's cell while the hint is current (a new
/// ring when the point changes), gently pulsing so it reads as advice rather than a
/// stone or the last-move marker.
fn show_hint(
    mut commands: Commands,
    game: Res<CurrentGame>,
    hint: Res<Hint>,
    cells: Res<Cells>,
    assets: Res<StoneAssets>,
    time: Res<Time>,
    mut rings: Query<(Entity, &ChildOf, &mut Transform), With<HintMarker>>,
) {
    let cell = hint
        .for_game(&game)
        .and_then(Move::point)
        .and_then(|p| cells.get(p));
    let pulse = 1.0 + 0.08 * (time.elapsed_secs() * 4.0).sin();
    let look = Transform::from_xyz(0.0, 0.03, 0.0).with_scale(Vec3::new(pulse, 0.5, pulse));
    let mut shown = false;
    for (ring, parent, mut transform) in &mut rings {
        if Some(parent.parent()) == cell {
            *transform = look;
            shown = true;
        } else {
            commands.entity(ring).despawn();
        }
    }
    if let Some(cell) = cell
        && !shown
    {
        commands.spawn((
            Name::new("Hint marker"),
            HintMarker,
            Mesh3d(assets.ring.clone()),
            MeshMaterial3d(assets.hint_material.clone()),
            look,
            ChildOf(cell),
            // The board (and its cells) stays behind the menu; this goes.
            DespawnOnExit(GOMOKU),
        ));
    }
}
