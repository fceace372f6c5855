//! The camera: Bevy's free camera (WASD/QE to move, right mouse to look, wheel for
//! speed), and a home view each game sets to frame its board. The table and the
//! lights are the theme's (`app::theme`).

use bevy::camera::SubCameraView;
use bevy::camera_controller::free_camera::{FreeCamera, FreeCameraPlugin, FreeCameraState};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy_tweening::{AnimCompletedEvent, AnimationSystem};

use super::motion::{self, TweenAnim};
use super::table::Screen;

/// The view a game's board is framed from (Reset camera returns here), and the point
/// it looks at, which the title scene's camera circles.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraHome {
    /// Where the camera stands and where it looks.
    pub view: Transform,
    /// The point in the middle of the view.
    pub focus: Vec3,
}

impl CameraHome {
    /// A view from `eye` looking at `focus`, upright.
    #[must_use]
    pub fn looking_at(eye: Vec3, focus: Vec3) -> Self {
        Self {
            view: Transform::from_translation(eye).looking_at(focus, Vec3::Y),
            focus,
        }
    }

    /// The title scene's view `seconds` into the menu: the table in its room, seen
    /// from across it (from the home view's side, a little above the table, far
    /// enough back for its edge and legs), turning slowly about the vertical through
    /// the board, back and forth (a swing of ±0.3 rad every 40 s).
    #[must_use]
    pub fn swaying(&self, seconds: f32) -> Transform {
        let phase = seconds * std::f32::consts::TAU / SWAY_PERIOD;
        let turn = Quat::from_rotation_y(SWAY_ANGLE * phase.sin());
        let side = (self.view.translation - self.focus).with_y(0.0);
        let side = side.try_normalize().unwrap_or(Vec3::Z);
        let (rise, across) = TITLE_ELEVATION.sin_cos();
        let eye = self.focus + turn * (side * across + Vec3::Y * rise) * TITLE_DISTANCE;
        let focus = self.focus.with_y(TITLE_FOCUS_HEIGHT);
        Transform::from_translation(eye).looking_at(focus, Vec3::Y)
    }
}

/// The title scene's camera: how far from the board, how high above the table (as
/// an angle), and the height it looks at (below the table top, so the legs show).
const TITLE_DISTANCE: f32 = 98.0;
const TITLE_ELEVATION: f32 = 0.4;
const TITLE_FOCUS_HEIGHT: f32 = -8.0;

impl Default for CameraHome {
    fn default() -> Self {
        Self::looking_at(Vec3::new(0.0, 18.0, 13.0), Vec3::ZERO)
    }
}

/// One back-and-forth of the title scene's camera, in seconds, and how far it turns.
const SWAY_PERIOD: f32 = 40.0;
const SWAY_ANGLE: f32 = 0.3;

/// The panels over the window as egui laid them out in the last frame (the HUD or
/// the menu, the corner windows, the compact layout's bar and drawer), in physical
/// pixels from the window's top left: the home view frames the board in what they
/// leave free ([`free_area`]). Written by `app::ui_theme` only when they change.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Panels(pub Vec<Rect>);

/// What a game's home view shows, set by the game when it lays its board: the
/// camera looks from `eye`'s side at `focus`, from as near as it can while every
/// point of `keep` (the corners of the playable cells) stays in the part of the
/// window the panels leave free. [`CameraHome`] follows from it.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Framing {
    /// Where the camera looks from: its direction from `focus` (the distance is the
    /// framing's to choose).
    pub eye: Vec3,
    /// The point that appears in the middle of the free part of the window.
    pub focus: Vec3,
    /// The points that must be in view.
    pub keep: Vec<Vec3>,
}

impl Framing {
    /// A framing that keeps the box from `low` to `high` (its eight corners) in view.
    #[must_use]
    pub fn of_box(eye: Vec3, focus: Vec3, low: Vec3, high: Vec3) -> Self {
        let keep = box_corners(low, high).to_vec();
        Self { eye, focus, keep }
    }
}

/// The eight corners of the box from `low` to `high`: corner `i` takes its x from
/// `high` where bit 1 of `i` is set, its y where bit 2 is, its z where bit 4 is.
#[must_use]
pub(crate) fn box_corners(low: Vec3, high: Vec3) -> [Vec3; 8] {
    std::array::from_fn(|i| {
        Vec3::new(
            if i & 1 == 0 { low.x } else { high.x },
            if i & 2 == 0 { low.y } else { high.y },
            if i & 4 == 0 { low.z } else { high.z },
        )
    })
}

/// The free part of the window, as a fraction of the window the board may take up
/// at least: where the panels leave less (the compact layout's menu sheet), the view
/// is framed in the whole window, under them.
const LEAST_FREE: f32 = 0.3;
/// The room kept between the board and the free area's edges: this share of its
/// size, and some pixels.
const MARGIN_SHARE: f32 = 0.05;
const MARGIN_PIXELS: f32 = 6.0;

/// The one 3D camera.
#[derive(Component, Debug)]
pub(super) struct MainCamera;

/// Put the camera back at [`CameraHome`].
#[derive(Message, Clone, Copy, Debug, Default)]
pub(super) struct ResetCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(FreeCameraPlugin)
        .init_resource::<CameraHome>()
        .init_resource::<Panels>()
        .add_message::<ResetCamera>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            // Each game's board sets a new home when it is laid, which brings the
            // camera there in the next update; this covers coming back to the same.
            OnEnter(Screen::Playing),
            go_home,
        )
        .add_systems(
            Update,
            (
                fit_narrow_window,
                frame_home,
                // A new board (a loaded game of another size) brings a new home view.
                go_home
                    .run_if(on_message::<ResetCamera>.or_eager(
                        resource_changed::<Framing>.and_eager(in_state(Screen::Playing)),
                    )),
                // Panels opened or folded, a window resized: a camera at home stays
                // at home.
                follow_home,
                sway.run_if(in_state(Screen::Menu)),
                landed.after(AnimationSystem::AnimationUpdate),
            )
                .chain(),
        );
}

fn spawn_camera(mut commands: Commands, home: Res<CameraHome>) {
    commands.spawn((
        Name::new("Camera"),
        MainCamera,
        Camera3d::default(),
        tonemapping(),
        home.view,
        FreeCamera {
            walk_speed: 6.0,
            run_speed: 18.0,
            // M is the game's mute key; G grabs the cursor instead.
            keyboard_key_toggle_cursor_grab: KeyCode::KeyG,
            // The controller's view snaps (Numpad 1, 3, 7) are off: Connect Four and
            // Knucklebones pick columns with the number keys, the numpad's too, and
            // Reset camera is the way home. F35 is on no keyboard in use.
            axis_top: NO_KEY,
            axis_right: NO_KEY,
            axis_front: NO_KEY,
            ..default()
        },
    ));
}

/// A key no keyboard sends: what the free camera's unwanted keys are bound to.
const NO_KEY: KeyCode = KeyCode::F35;

/// Bevy's default, TonyMcMapface, on the desktop; in the browser one computed in the
/// shader, by the same author: the web build leaves out the default's lookup tables
/// (see the bevy sections of Cargo.toml).
fn tonemapping() -> Tonemapping {
    if cfg!(target_arch = "wasm32") {
        Tonemapping::SomewhatBoringDisplayTransform
    } else {
        Tonemapping::TonyMcMapface
    }
}

/// How long the camera takes to fly to a new home view.
const FLIGHT_SECONDS: f32 = 0.6;

/// Set on the camera once it has been put anywhere on purpose: the first view of
/// the session is taken at once, every later one is reached by moving there.
#[derive(Component, Debug)]
struct Placed;

/// Sends the camera to its home view: at once the first time (nothing to fly from),
/// by a short flight after that (a new game, a new board size, Reset camera, Start
/// from the title scene), a tween like every motion on the table.
fn go_home(
    home: Res<CameraHome>,
    mut commands: Commands,
    camera: Single<(Entity, &mut Transform, &mut FreeCameraState, Has<Placed>), With<MainCamera>>,
) {
    let (entity, mut transform, mut state, placed) = camera.into_inner();
    if placed && *transform != home.view {
        commands.entity(entity).insert(motion::path(
            EaseFunction::CubicInOut,
            *transform,
            home.view,
            0.0,
            FLIGHT_SECONDS,
        ));
    } else {
        commands.entity(entity).remove::<TweenAnim>().insert(Placed);
        *transform = home.view;
        reset_look(&mut state);
    }
}

/// At the end of a flight the free camera takes the view back, from where it is.
fn landed(
    mut done: MessageReader<AnimCompletedEvent>,
    mut cameras: Query<&mut FreeCameraState, With<MainCamera>>,
) {
    for event in done.read() {
        if let Ok(mut state) = cameras.get_mut(event.anim_entity) {
            reset_look(&mut state);
        }
    }
}

/// The title scene: behind the menu the camera sways slowly about the chosen game's
/// board. It eases onto that path (from the game just left, or the board of the game
/// just chosen) rather than jumping to it.
fn sway(
    time: Res<Time>,
    home: Res<CameraHome>,
    mut commands: Commands,
    camera: Single<(Entity, &mut Transform, Has<TweenAnim>, Has<Placed>), With<MainCamera>>,
    mut since: Local<Option<f32>>,
    screen: Res<State<Screen>>,
) {
    let (entity, mut transform, flying, placed) = camera.into_inner();
    if screen.is_changed() {
        *since = None;
    }
    let now = time.elapsed_secs();
    let start = *since.get_or_insert(now);
    let goal = home.swaying(now - start);
    if !placed {
        commands.entity(entity).insert(Placed);
        *transform = goal;
        return;
    }
    if flying {
        // A flight to a game's home view, started before the menu opened, gives way.
        commands.entity(entity).remove::<TweenAnim>();
    }
    // Exponential easing: about 95% of the way in a second, whatever the frame rate.
    let share = 1.0 - (-3.0 * time.delta_secs()).exp();
    transform.translation = transform.translation.lerp(goal.translation, share);
    transform.rotation = transform.rotation.slerp(goal.rotation, share);
}

/// Frames the home view in the part of the window the panels leave free: the view's
/// centre moved to that part's centre (the camera renders part of a bigger image,
/// Bevy's sub-camera view, whose centre is there), and the camera as near as keeps
/// every point the game asks for inside it. Worked out again only when the board,
/// the panels, the window's size or the field of view change, not every frame.
fn frame_home(
    framing: Option<Res<Framing>>,
    panels: Res<Panels>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    camera: Single<(&mut Camera, &Projection), With<MainCamera>>,
    mut home: ResMut<CameraHome>,
    mut framed_for: Local<Option<(UVec2, f32)>>,
) {
    let size = window.physical_size();
    if size.x == 0 || size.y == 0 {
        return;
    }
    let (mut camera, projection) = camera.into_inner();
    let Projection::Perspective(perspective) = projection else {
        return;
    };
    let new_board = framing.as_ref().is_some_and(|framing| framing.is_changed());
    let seen = Some((size, perspective.fov));
    if *framed_for == seen && !panels.is_changed() && !new_board {
        return;
    }
    *framed_for = seen;
    let framing = framing.as_deref();
    let free = free_area(size.as_vec2(), &panels.0, framing);
    let view = sub_view(size, free.center());
    if camera.sub_camera_view != view {
        camera.sub_camera_view = view;
    }
    if let Some(framing) = framing {
        let framed = home_view(framing, size, free, perspective.fov);
        if *home != framed {
            *home = framed;
        }
    }
}

/// The rectangle of a window of `size` (physical pixels) that no panel covers and
/// in which the board (`framing`'s points, seen from its side) can be largest: of
/// the rectangles between the panels' edges, the one that holds the biggest copy of
/// the board's outline. The whole window where the panels leave less than
/// [`LEAST_FREE`] of it, or where there is no board.
#[must_use]
pub fn free_area(size: Vec2, panels: &[Rect], framing: Option<&Framing>) -> Rect {
    let window = Rect::from_corners(Vec2::ZERO, size);
    let panels: Vec<Rect> = panels
        .iter()
        .map(|panel| panel.intersect(window))
        .filter(|panel| panel.width() > 0.5 && panel.height() > 0.5)
        .collect();
    // The board's outline as seen from the home view's side: width over height.
    let aspect = framing.map_or(1.0, outline_aspect);
    // How tall a board of that outline fits in `r`.
    let fits = |r: &Rect| (r.width() / aspect).min(r.height());
    let edges = |along: fn(&Rect) -> [f32; 2], end: f32| {
        let mut edges: Vec<f32> = panels.iter().flat_map(along).collect();
        edges.extend([0.0, end]);
        edges.sort_by(f32::total_cmp);
        edges.dedup();
        edges
    };
    let xs = edges(|r| [r.min.x, r.max.x], size.x);
    let ys = edges(|r| [r.min.y, r.max.y], size.y);
    let mut best: Option<(f32, Rect)> = None;
    for (i, &x0) in xs.iter().enumerate() {
        for &x1 in &xs[i + 1..] {
            for (j, &y0) in ys.iter().enumerate() {
                for &y1 in &ys[j + 1..] {
                    let r = Rect::new(x0, y0, x1, y1);
                    let covered = panels.iter().any(|panel| {
                        let overlap = panel.intersect(r);
                        overlap.width() > 0.5 && overlap.height() > 0.5
                    });
                    if !covered && best.is_none_or(|(score, _)| fits(&r) > score) {
                        best = Some((fits(&r), r));
                    }
                }
            }
        }
    }
    match best {
        Some((score, r)) if score >= LEAST_FREE * fits(&window) => r,
        _ => window,
    }
}

/// Width over height of the outline of `framing`'s points, seen from its eye.
fn outline_aspect(framing: &Framing) -> f32 {
    let look = Transform::from_translation(framing.eye).looking_at(framing.focus, Vec3::Y);
    let to_view = look.compute_affine().inverse();
    let (mut low, mut high) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for &point in &framing.keep {
        let v = to_view.transform_point3(point);
        let at = v.truncate() / (-v.z).max(1e-3);
        low = low.min(at);
        high = high.max(at);
    }
    let extent = high - low;
    if extent.x > 0.0 && extent.y > 0.0 {
        extent.x / extent.y
    } else {
        1.0
    }
}

/// The sub-camera view that puts the view's centre at `centre` (physical pixels) of
/// a window of `size`: the window is the part of a bigger image, whose centre is
/// there. `None` when that is the window's own centre.
#[must_use]
pub fn sub_view(size: UVec2, centre: Vec2) -> Option<SubCameraView> {
    let size_f = size.as_vec2();
    let half = centre.max(size_f - centre);
    let full = (half * 2.0).ceil().as_uvec2().max(size);
    if full == size {
        return None;
    }
    // Where the window starts in the bigger image: its centre is at `centre`.
    let offset = (full.as_vec2() / 2.0 - centre).max(Vec2::ZERO);
    Some(SubCameraView {
        full_size: full,
        offset,
        size,
    })
}

/// The home view of `framing` in a window of `size` whose `free` part shows the
/// board, with a vertical field of view `fov` over the bigger image of the
/// [`sub_view`]: the camera on the line from the focus toward the eye, as near as
/// keeps every point in `free` (less a margin).
#[must_use]
pub fn home_view(framing: &Framing, size: UVec2, free: Rect, fov: f32) -> CameraHome {
    let centre = free.center();
    let full_height = sub_view(size, centre).map_or(size.y, |view| view.full_size.y);
    let focal = full_height as f32 / 2.0 / (fov / 2.0).tan();
    let margin = free.size() * MARGIN_SHARE + Vec2::splat(MARGIN_PIXELS);
    let room = Rect::from_corners(free.min + margin, free.max - margin);
    let away = framing.eye - framing.focus;
    let (direction, reach) = (away.normalize_or(Vec3::Y), away.length().max(0.1));
    let rotation = Transform::from_translation(framing.eye)
        .looking_at(framing.focus, Vec3::Y)
        .rotation;
    let to_view = rotation.inverse();
    let shows_all = |distance: f32| {
        let eye = framing.focus + direction * distance;
        framing.keep.iter().all(|&point| {
            let v = to_view * (point - eye);
            let depth = -v.z;
            depth > 0.05 && room.contains(centre + Vec2::new(v.x, -v.y) * focal / depth)
        })
    };
    // The points close in on the centre as the camera backs away: the nearest
    // distance that shows them all, by bisection.
    let (mut near, mut far) = (reach * 0.05, reach * 50.0);
    let distance = if room.width() <= 0.0 || room.height() <= 0.0 || !shows_all(far) {
        reach
    } else {
        for _ in 0..40 {
            let middle = (near + far) / 2.0;
            if shows_all(middle) {
                far = middle;
            } else {
                near = middle;
            }
        }
        far
    };
    CameraHome {
        view: Transform::from_translation(framing.focus + direction * distance)
            .with_rotation(rotation),
        focus: framing.focus,
    }
}

/// A camera at the home view (or on its way there) follows it to the new one: the
/// panels opened or folded, the window changed. One the player has moved stays. (A
/// new board's home is [`go_home`]'s.)
fn follow_home(
    home: Res<CameraHome>,
    framing: Option<Res<Framing>>,
    screen: Res<State<Screen>>,
    mut before: Local<Option<Transform>>,
    mut commands: Commands,
    camera: Single<(Entity, &mut Transform, Has<TweenAnim>), With<MainCamera>>,
) {
    let old = before.replace(home.view);
    let new_board = framing.is_some_and(|framing| framing.is_changed());
    if !home.is_changed() || new_board || *screen.get() != Screen::Playing {
        return;
    }
    let (entity, mut transform, flying) = camera.into_inner();
    let at_home = old.is_some_and(|old| {
        old.translation.distance(transform.translation) < 1e-3
            && old.rotation.angle_between(transform.rotation) < 1e-3
    });
    if flying {
        commands.entity(entity).insert(motion::path(
            EaseFunction::CubicOut,
            *transform,
            home.view,
            0.0,
            FLIGHT_SECONDS / 2.0,
        ));
    } else if at_home {
        *transform = home.view;
    }
}

/// A fresh controller state re-reads pitch and yaw from the transform on the next
/// frame; whether it listens stays as it was (`app::touch` holds it while a finger
/// is down, and lets it listen while a game is on the table).
pub(super) fn reset_look(state: &mut FreeCameraState) {
    let enabled = state.enabled;
    *state = FreeCameraState::default();
    state.enabled = enabled;
}

/// The narrowest a window is framed for: a narrower one (a phone upright) sees as far
/// across as a square window would, not less: its vertical field of view grows
/// instead (Bevy's is fixed, 45°), and the board keeps most of the window's width.
const DESIGN_ASPECT: f32 = 1.0;
const DESIGN_FOV: f32 = std::f32::consts::FRAC_PI_4;

/// The vertical field of view that shows a window of `aspect` (width / height) as
/// much across as a [`DESIGN_ASPECT`] one at [`DESIGN_FOV`].
#[must_use]
pub fn fov_for_aspect(aspect: f32) -> f32 {
    if aspect >= DESIGN_ASPECT || aspect <= 0.0 {
        return DESIGN_FOV;
    }
    let across = (DESIGN_FOV / 2.0).tan() * DESIGN_ASPECT;
    2.0 * (across / aspect).atan()
}

/// Keeps the board's width in a narrow window: see [`fov_for_aspect`].
fn fit_narrow_window(
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    mut projection: Single<&mut Projection, With<MainCamera>>,
) {
    let size = window.size();
    if size.y <= 0.0 {
        return;
    }
    let fov = fov_for_aspect(size.x / size.y);
    if let Projection::Perspective(perspective) = &mut **projection
        && (perspective.fov - fov).abs() > 1e-4
    {
        perspective.fov = fov;
    }
}
