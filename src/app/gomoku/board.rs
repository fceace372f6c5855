//! The wooden board: its layout (points <-> world positions), the board body, grid
//! lines and star points, a [`Cell`] entity on every intersection, and the framing
//! camera view for its size.

use bevy::prelude::*;

use crate::app::labels::{BoardLabels, Label, LabelKind, LabelSystems, grid_coordinates};

use super::CurrentGame;
use crate::app::camera::Framing;
use crate::app::table::{AppSystems, TableGame};
use crate::app::theme;
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, Point};

/// World units between neighbouring grid lines.
pub(super) const SPACING: f32 = 1.0;
/// Stone radius as a share of the grid spacing.
pub(super) const STONE_RADIUS: f32 = 0.46 * SPACING;
/// Stones are spheres squashed to this share of their width, like real go stones.
pub(super) const STONE_FLATNESS: f32 = 0.42;
/// Wood beyond the outermost lines, in world units.
const MARGIN: f32 = 0.95;
/// Thickness of the board body; its top face is the plane y = 0.
const THICKNESS: f32 = 0.7;
/// Width of a grid line.
const LINE_WIDTH: f32 = 0.035;
/// Radius of a star point.
const STAR_RADIUS: f32 = 0.09;

/// Maps board points to world positions and back for the board on the table.
///
/// The board lies on the plane y = 0, centred on the origin; column `a` is on the left
/// and row `1` nearest to the default camera (towards +z).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    size: BoardSize,
}

impl BoardLayout {
    /// The layout of a board of `size`.
    #[must_use]
    pub fn new(size: BoardSize) -> Self {
        Self { size }
    }

    /// The board's size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    fn half_extent(&self) -> Vec2 {
        Vec2::new(
            f32::from(self.size.width() - 1),
            f32::from(self.size.height() - 1),
        ) * SPACING
            / 2.0
    }

    /// The world position of intersection `p` on the board's top face.
    #[must_use]
    pub fn to_world(&self, p: Point) -> Vec3 {
        let half = self.half_extent();
        Vec3::new(
            f32::from(p.x) * SPACING - half.x,
            0.0,
            half.y - f32::from(p.y) * SPACING,
        )
    }

    /// The intersection nearest to `world` (only x and z matter), or `None` when that
    /// is more than half a spacing off the board's outer lines.
    #[must_use]
    pub fn nearest_point(&self, world: Vec3) -> Option<Point> {
        let half = self.half_extent();
        let col = ((world.x + half.x) / SPACING).round();
        let row = ((half.y - world.z) / SPACING).round();
        let (w, h) = (f32::from(self.size.width()), f32::from(self.size.height()));
        ((0.0..w).contains(&col) && (0.0..h).contains(&row))
            .then(|| Point::new(col as u8, row as u8))
    }

    /// The size of the wooden body (x, z) including the margin.
    #[must_use]
    pub fn body_size(&self) -> Vec2 {
        (self.half_extent() + Vec2::splat(MARGIN)) * 2.0
    }

    /// The home view's framing: from the player's side, above, every point's cell
    /// (half a spacing round it, up to a stone's height) in view.
    #[must_use]
    pub fn framing(&self) -> Framing {
        let body = self.body_size();
        let reach = body.x.max(body.y * 1.25);
        let half = self.half_extent() + Vec2::splat(SPACING / 2.0);
        let top = 2.0 * STONE_RADIUS * STONE_FLATNESS;
        Framing::of_box(
            Vec3::new(0.0, reach * 1.05, reach * 0.72),
            Vec3::ZERO,
            Vec3::new(-half.x, 0.0, -half.y),
            Vec3::new(half.x, top, half.y),
        )
    }
}

/// Star points: the corner points and the centre, plus the side points on big boards;
/// the classic five on 15x15.
#[must_use]
pub(crate) fn star_points(size: BoardSize) -> Vec<Point> {
    fn marks(n: u8) -> Vec<u8> {
        let edge = if n >= 13 { 3 } else { 2 };
        let mut marks = vec![edge, n - 1 - edge];
        if n % 2 == 1 {
            marks.insert(1, n / 2);
        }
        marks
    }
    let (xs, ys) = (marks(size.width()), marks(size.height()));
    let full_grid = size.width() >= 17 && size.height() >= 17;
    let mut stars = Vec::new();
    for (i, &x) in xs.iter().enumerate() {
        for (j, &y) in ys.iter().enumerate() {
            let x_middle = xs.len() == 3 && i == 1;
            let y_middle = ys.len() == 3 && j == 1;
            // Corners always; the centre when both sides are odd; edges only on big boards.
            if full_grid || x_middle == y_middle {
                stars.push(Point::new(x, y));
            }
        }
    }
    stars
}

/// The wooden board body.
#[derive(Component, Debug)]
pub struct Board;

/// A grid line or star point drawn on the board.
#[derive(Component, Debug)]
struct BoardMarking;

/// Anything that stands on the board and goes with it when a board of another size
/// is laid (the stones).
#[derive(Component, Debug, Default)]
pub(super) struct OnBoard;

/// An intersection of the board, an entity: what is drawn on one point hangs from it
/// as children (its stone, its forbidden mark) or sits on it as components
/// ([`Hover`]). Spawned with the board, W x H of them, and rebuilt with it when a game
/// of another size comes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[require(OnBoard, Transform, Visibility)]
pub struct Cell {
    /// Column, from the left.
    pub x: u8,
    /// Row, from the bottom.
    pub y: u8,
}

impl Cell {
    /// The point this cell stands on.
    #[must_use]
    pub fn point(self) -> Point {
        Point::new(self.x, self.y)
    }
}

/// The cell under the pointer (at most one).
#[derive(Component, Debug)]
pub(super) struct Hover;

/// The red cross on a cell that is forbidden to Black under renju, shown while Black
/// is to move.
#[derive(Component, Debug)]
pub struct ForbiddenMark;

/// The cell entities of the board on the table, by point.
#[derive(Resource, Debug, Clone)]
pub(super) struct Cells {
    size: BoardSize,
    entities: Vec<Entity>,
}

impl Cells {
    /// The cell entity of `p`, if `p` is on the board.
    #[must_use]
    pub fn get(&self, p: Point) -> Option<Entity> {
        self.size
            .contains(i32::from(p.x), i32::from(p.y))
            .then(|| self.entities[self.size.index(p)])
    }
}

/// Laying a new board runs before anything is put on it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct BoardSystems;

pub(super) fn plugin(app: &mut App) {
    // The board stands on the table whenever Gomoku is the game chosen: behind the
    // menu too (the title scene), laid for the menu's settings there.
    app.add_systems(OnEnter(Gomoku::KIND), spawn_board)
        .add_systems(
            Update,
            (
                resize_board
                    .run_if(resource_changed::<CurrentGame>)
                    .in_set(BoardSystems)
                    .in_set(AppSystems::SyncView),
                board_labels.in_set(LabelSystems),
            )
                .run_if(in_state(Gomoku::KIND)),
        );
}

/// The board's coordinates, and each stone's move number on it.
fn board_labels(
    game: Res<CurrentGame>,
    layout: Option<Res<BoardLayout>>,
    mut labels: ResMut<BoardLabels>,
) {
    let Some(layout) = layout else {
        return;
    };
    let size = layout.size();
    grid_coordinates(
        &mut labels.0,
        (size.width(), size.height()),
        |x, y| layout.to_world(Point::new(x, y)),
        MARGIN * 0.55,
        SPACING,
    );
    let top = Vec3::Y * (2.0 * STONE_RADIUS * STONE_FLATNESS + 0.01);
    for (i, &p) in game.moves().iter().enumerate() {
        labels.0.push(Label {
            at: layout.to_world(p) + top,
            text: (i + 1).to_string(),
            cell: SPACING,
            kind: LabelKind::MoveNumber {
                // On a black stone (a set-up position may start with White).
                dark: game.stone(p) == Some(Player::First),
            },
        });
    }
}

/// A loaded game of another size gets a new board: the old board and its stones go,
/// [`spawn_board`] lays the new one (and the camera frames it); the stones follow.
fn resize_board(
    mut commands: Commands,
    game: Res<CurrentGame>,
    layout: Res<BoardLayout>,
    old: Query<Entity, Or<(With<Board>, With<BoardMarking>, With<OnBoard>)>>,
) {
    if layout.size() == game.size() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    commands.run_system_cached(spawn_board);
}

/// Spawns the board for the current game's size and sets the camera's home view.
pub(super) fn spawn_board(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let layout = BoardLayout::new(game.size());
    commands.insert_resource(layout);
    commands.insert_resource(layout.framing());

    let body = layout.body_size();
    let wood = materials.add(StandardMaterial {
        reflectance: 0.35,
        ..theme::wood(
            Color::srgb(0.93, 0.74, 0.47),
            images.add(theme::wood_texture()),
        )
    });
    commands.spawn((
        Name::new("Board"),
        Board,
        Mesh3d(meshes.add(Cuboid::new(body.x, THICKNESS, body.y))),
        MeshMaterial3d(wood),
        Transform::from_xyz(0.0, -THICKNESS / 2.0, 0.0),
        DespawnOnExit(Gomoku::KIND),
    ));

    let ink = materials.add(StandardMaterial {
        base_color: Color::srgb(0.12, 0.08, 0.05),
        perceptual_roughness: 0.9,
        ..default()
    });
    let half = Vec2::new(body.x, body.y) / 2.0 - Vec2::splat(MARGIN);
    let (w, h) = (layout.size().width(), layout.size().height());
    let column_line = meshes.add(Cuboid::new(LINE_WIDTH, 0.002, half.y * 2.0 + LINE_WIDTH));
    let row_line = meshes.add(Cuboid::new(half.x * 2.0 + LINE_WIDTH, 0.002, LINE_WIDTH));
    for x in 0..w {
        let at = layout.to_world(Point::new(x, 0));
        commands.spawn((
            Name::new(format!("Grid column {}", char::from(b'a' + x))),
            BoardMarking,
            Mesh3d(column_line.clone()),
            MeshMaterial3d(ink.clone()),
            Transform::from_xyz(at.x, 0.001, 0.0),
            DespawnOnExit(Gomoku::KIND),
        ));
    }
    for y in 0..h {
        let at = layout.to_world(Point::new(0, y));
        commands.spawn((
            Name::new(format!("Grid row {}", y + 1)),
            BoardMarking,
            Mesh3d(row_line.clone()),
            MeshMaterial3d(ink.clone()),
            Transform::from_xyz(0.0, 0.001, at.z),
            DespawnOnExit(Gomoku::KIND),
        ));
    }
    // The cells, each with its (hidden) forbidden mark: two thin red bars crossed.
    let cross = meshes.add(Cuboid::new(0.5 * SPACING, 0.01, 0.07 * SPACING));
    let red = materials.add(theme::forbidden_mark());
    let mut cells = Vec::with_capacity(layout.size().area());
    for p in layout.size().points() {
        let cell = commands
            .spawn((
                Name::new(format!("Cell {p}")),
                Cell { x: p.x, y: p.y },
                Transform::from_translation(layout.to_world(p)),
                DespawnOnExit(Gomoku::KIND),
            ))
            .with_children(|cell| {
                for angle in [std::f32::consts::FRAC_PI_4, -std::f32::consts::FRAC_PI_4] {
                    cell.spawn((
                        ForbiddenMark,
                        Mesh3d(cross.clone()),
                        MeshMaterial3d(red.clone()),
                        Transform::from_xyz(0.0, 0.01, 0.0)
                            .with_rotation(Quat::from_rotation_y(angle)),
                        Visibility::Hidden,
                    ));
                }
            })
            .id();
        cells.push(cell);
    }
    debug_assert!(
        layout
            .size()
            .points()
            .enumerate()
            .all(|(i, p)| layout.size().index(p) == i)
    );
    commands.insert_resource(Cells {
        size: layout.size(),
        entities: cells,
    });

    let star = meshes.add(Cylinder::new(STAR_RADIUS, 0.003));
    for p in star_points(layout.size()) {
        commands.spawn((
            Name::new(format!("Star point {p}")),
            BoardMarking,
            Mesh3d(star.clone()),
            MeshMaterial3d(ink.clone()),
            Transform::from_translation(layout.to_world(p) + Vec3::Y * 0.0015),
            DespawnOnExit(Gomoku::KIND),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_maps_back_to_itself() {
        for (w, h) in [(10, 10), (15, 15), (20, 11), (12, 19)] {
            let layout = BoardLayout::new(BoardSize::new(w, h).unwrap());
            for p in layout.size().points() {
                let world = layout.to_world(p);
                assert_eq!(layout.nearest_point(world), Some(p));
                // Anywhere within a little under half a spacing snaps to the same point.
                let off = Vec3::new(0.45, 0.0, -0.45) * SPACING;
                assert_eq!(layout.nearest_point(world + off), Some(p));
            }
        }
    }

    #[test]
    fn row_one_is_nearest_the_player_and_column_a_on_the_left() {
        let layout = BoardLayout::new(BoardSize::STANDARD);
        let a1 = layout.to_world(Point::new(0, 0));
        let o15 = layout.to_world(Point::new(14, 14));
        assert!(a1.x < o15.x && a1.z > o15.z);
        assert_eq!(layout.to_world(Point::new(7, 7)), Vec3::ZERO);
    }

    #[test]
    fn points_off_the_board_snap_to_nothing() {
        let layout = BoardLayout::new(BoardSize::STANDARD);
        let edge = layout.to_world(Point::new(14, 0));
        assert_eq!(layout.nearest_point(edge + Vec3::X * 0.6), None);
        assert_eq!(layout.nearest_point(edge + Vec3::Z * 0.6), None);
        assert_eq!(layout.nearest_point(Vec3::new(100.0, 0.0, 0.0)), None);
    }

    #[test]
    fn star_points_are_the_classic_five_on_fifteen() {
        let size = BoardSize::STANDARD;
        let mut stars: Vec<String> = star_points(size).iter().map(|p| p.to_string()).collect();
        stars.sort();
        assert_eq!(stars, ["d12", "d4", "h8", "l12", "l4"]);
        assert_eq!(star_points(BoardSize::new(19, 19).unwrap()).len(), 9);
        assert_eq!(star_points(BoardSize::new(10, 10).unwrap()).len(), 4);
        for (w, h) in [(10, 20), (11, 13), (20, 20)] {
            let size = BoardSize::new(w, h).unwrap();
            for p in star_points(size) {
                assert!(
                    size.contains(i32::from(p.x), i32::from(p.y)),
                    "{p} on {size}"
                );
            }
        }
    }
}
