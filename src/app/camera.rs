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

    /// The title scene's view `seconds` into the menu: the home view turned a little
    /// about the vertical through the focus, back and forth, slowly (a swing of
    /// ±0.3 rad every 40 s), and a little higher, so the board shows its depth.
    #[must_use]
    pub fn swaying(&self, seconds: f32) -> Transform {
        let phase = seconds * std::f32::consts::TAU / SWAY_PERIOD;
        let turn = Quat::from_rotation_y(SWAY_ANGLE * phase.sin());
        // A little further back than in play, so the board stands clear of the menu.
        let eye = self.focus + turn * (self.view.translation - self.focus) * 1.15;
        let eye = eye + Vec3::Y * (eye - self.focus).length() * 0.08;
        Transform::from_translation(eye).looking_at(self.focus, Vec3::Y)
    }
}

impl Default for CameraHome {
    fn default() -> Self {
        Self::looking_at(Vec3::new(0.0, 18.0, 13.0), Vec3::ZERO)
    }
}

/// One back-and-forth of the title scene's camera, in seconds, and how far it turns.
const SWAY_PERIOD: f32 = 40.0;
const SWAY_ANGLE: f32 = 0.3;

/// How many physical pixels at the window's left (the HUD, the menu) and top (the
/// compact layout's bar) the panels cover: the view is framed in the rest (its
/// centre moved right and down by half of each), so the board stands beside the
/// panels rather than under them.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct PanelInset {
    pub left: f32,
    pub top: f32,
}

/// The one 3D camera.
#[derive(Component, Debug)]
pub(super) struct MainCamera;

/// Put the camera back at [`CameraHome`].
#[derive(Message, Clone, Copy, Debug, Default)]
pub(super) struct ResetCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(FreeCameraPlugin)
        .init_resource::<CameraHome>()
        .init_resource::<PanelInset>()
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
                // A new board (a loaded game of another size) brings a new home view.
                go_home.run_if(
                    on_message::<ResetCamera>.or_eager(
                        resource_changed::<CameraHome>.and_eager(in_state(Screen::Playing)),
                    ),
                ),
                sway.run_if(in_state(Screen::Menu)),
                landed.after(AnimationSystem::AnimationUpdate),
                frame_beside_hud,
                fit_narrow_window,
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

/// Moves the view's centre right by half the HUD's width (and down by half the
/// compact bar's height): the camera renders the top left part of a bigger image
/// (Bevy's sub-camera view), whose centre is where the board's centre appears.
fn frame_beside_hud(
    inset: Res<PanelInset>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<MainCamera>>,
) {
    let size = window.physical_size();
    // Never more than half the window: a very narrow window keeps its centre.
    let left = inset.left.clamp(0.0, size.x as f32 / 2.0) as u32;
    let top = inset.top.clamp(0.0, size.y as f32 / 2.0) as u32;
    let view = ((left > 0 || top > 0) && size.x > 0 && size.y > 0).then(|| SubCameraView {
        full_size: UVec2::new(size.x + left, size.y + top),
        offset: Vec2::ZERO,
        size,
    });
    if camera.sub_camera_view != view {
        camera.sub_camera_view = view;
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
