//! The camera: Bevy's free camera (WASD/QE to move, right mouse to look, wheel for
//! speed), and a home view each game sets to frame its board. The table and the
//! lights are the theme's (`app::theme`).

use bevy::camera_controller::free_camera::{FreeCamera, FreeCameraPlugin, FreeCameraState};
use bevy::prelude::*;

use super::table::Screen;

/// The view a game's board is framed from; Reset camera returns here.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraHome(pub Transform);

impl Default for CameraHome {
    fn default() -> Self {
        Self(Transform::from_xyz(0.0, 18.0, 13.0).looking_at(Vec3::ZERO, Vec3::Y))
    }
}

/// The one 3D camera.
#[derive(Component, Debug)]
pub struct MainCamera;

/// Put the camera back at [`CameraHome`].
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ResetCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(FreeCameraPlugin)
        .init_resource::<CameraHome>()
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
                fly,
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
            ..default()
        },
    ));
}

/// How long the camera takes to fly to a new home view.
const FLIGHT_SECONDS: f32 = 0.6;

/// The camera on its way to its home view: from where it was, eased in and out.
#[derive(Component, Clone, Copy, Debug)]
struct Flight {
    from: Transform,
    to: Transform,
    elapsed: f32,
}

/// Sends the camera to its home view: at once the first time (the first board of
/// the session, nothing to fly from), by a short flight after that (a new game, a
/// new board size, Reset camera).
fn go_home(
    home: Res<CameraHome>,
    mut commands: Commands,
    camera: Single<(Entity, &mut Transform, &mut FreeCameraState), With<MainCamera>>,
    mut shown: Local<bool>,
) {
    let (entity, mut transform, mut state) = camera.into_inner();
    if *shown && *transform != home.0 {
        commands.entity(entity).insert(Flight {
            from: *transform,
            to: home.0,
            elapsed: 0.0,
        });
    } else {
        *shown = true;
        *transform = home.0;
        reset_look(&mut state);
    }
}

/// Moves a flying camera along its way; at the end it hands the view back to the
/// free camera.
fn fly(
    time: Res<Time>,
    mut commands: Commands,
    mut camera: Query<(Entity, &mut Transform, &mut FreeCameraState, &mut Flight)>,
) {
    for (entity, mut transform, mut state, mut flight) in &mut camera {
        flight.elapsed += time.delta_secs();
        let t = (flight.elapsed / FLIGHT_SECONDS).min(1.0);
        let eased = EaseFunction::CubicInOut.sample_clamped(t);
        transform.translation = flight.from.translation.lerp(flight.to.translation, eased);
        transform.rotation = flight.from.rotation.slerp(flight.to.rotation, eased);
        if t >= 1.0 {
            commands.entity(entity).remove::<Flight>();
            reset_look(&mut state);
        }
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
