//! The camera: Bevy's free camera (WASD/QE to move, right mouse to look, wheel for
//! speed), and a home view each game sets to frame its board. The table and the
//! lights are the theme's (`app::theme`).

use bevy::camera::SubCameraView;
use bevy::camera_controller::free_camera::{FreeCamera, FreeCameraPlugin, FreeCameraState};
use bevy::prelude::*;
use bevy_tweening::{AnimCompletedEvent, AnimationSystem};

use super::motion::{self, TweenAnim};
use super::table::Screen;

/// The view a game's board is framed from; Reset camera returns here.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraHome(pub Transform);

impl Default for CameraHome {
    fn default() -> Self {
        Self(Transform::from_xyz(0.0, 18.0, 13.0).looking_at(Vec3::ZERO, Vec3::Y))
    }
}

/// How many physical pixels at the window's left the HUD covers: the view is
/// framed in the rest (its centre moved right by half of it), so the board stands
/// beside the HUD rather than under it. Zero on the menu.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct LeftInset(pub f32);

/// The one 3D camera.
#[derive(Component, Debug)]
pub struct MainCamera;

/// Put the camera back at [`CameraHome`].
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResetCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(FreeCameraPlugin)
        .init_resource::<CameraHome>()
        .init_resource::<LeftInset>()
        .add_systems(OnExit(Screen::Playing), |mut inset: ResMut<LeftInset>| {
            inset.0 = 0.0;
        })
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
                enable_controls.run_if(state_changed::<Screen>),
                landed.after(AnimationSystem::AnimationUpdate),
                frame_beside_hud,
            )
                .chain(),
        );
}

fn spawn_camera(mut commands: Commands, home: Res<CameraHome>) {
    commands.spawn((
        Name::new("Camera"),
        MainCamera,
        Camera3d::default(),
        home.0,
        FreeCamera {
            walk_speed: 6.0,
            run_speed: 18.0,
            // M is the game's mute key; G grabs the cursor instead.
            keyboard_key_toggle_cursor_grab: KeyCode::KeyG,
            ..default()
        },
    ));
}

/// How long the camera takes to fly to a new home view.
const FLIGHT_SECONDS: f32 = 0.6;

/// Sends the camera to its home view: at once the first time (the first board of
/// the session, nothing to fly from), by a short flight after that (a new game, a
/// new board size, Reset camera), a tween like every motion on the table.
fn go_home(
    home: Res<CameraHome>,
    mut commands: Commands,
    camera: Single<(Entity, &mut Transform, &mut FreeCameraState), With<MainCamera>>,
    mut shown: Local<bool>,
) {
    let (entity, mut transform, mut state) = camera.into_inner();
    if *shown && *transform != home.0 {
        commands.entity(entity).insert(motion::path(
            EaseFunction::CubicInOut,
            *transform,
            home.0,
            0.0,
            FLIGHT_SECONDS,
        ));
    } else {
        *shown = true;
        commands.entity(entity).remove::<TweenAnim>();
        *transform = home.0;
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

/// Moves the view's centre right by half the HUD's width: the camera renders the
/// left part of a wider image (Bevy's sub-camera view), whose centre is where the
/// board's centre appears.
fn frame_beside_hud(
    inset: Res<LeftInset>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<MainCamera>>,
) {
    let size = window.physical_size();
    // Never more than half the window: a very narrow window keeps its centre.
    let inset = inset.0.clamp(0.0, size.x as f32 / 2.0) as u32;
    let view = (inset > 0 && size.x > 0 && size.y > 0).then(|| SubCameraView {
        full_size: UVec2::new(size.x + inset, size.y),
        offset: Vec2::ZERO,
        size,
    });
    if camera.sub_camera_view != view {
        camera.sub_camera_view = view;
    }
}

/// A fresh controller state re-reads pitch and yaw from the transform on the next
/// frame; whether it listens stays as it was.
fn reset_look(state: &mut FreeCameraState) {
    let enabled = state.enabled;
    *state = FreeCameraState::default();
    state.enabled = enabled;
}

/// The free camera listens to keys only while a game is on the table.
fn enable_controls(
    screen: Res<State<Screen>>,
    mut states: Query<&mut FreeCameraState, With<MainCamera>>,
) {
    for mut state in &mut states {
        state.enabled = *screen.get() == Screen::Playing;
    }
}
