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
            ),
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

/// Moves the camera to its home view and resets the controller's look angles to match.
fn go_home(
    home: Res<CameraHome>,
    mut camera: Single<(&mut Transform, &mut FreeCameraState), With<MainCamera>>,
) {
    let (transform, state) = &mut *camera;
    **transform = home.0;
    // A fresh state re-reads pitch and yaw from the transform on the next frame.
    let enabled = state.enabled;
    **state = FreeCameraState::default();
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
