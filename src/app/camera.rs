//! The camera: Bevy's free camera (WASD/QE to move, right mouse to look, wheel for
//! speed), the lights and the table, and a home view each game sets to frame its board.

use bevy::camera_controller::free_camera::{FreeCamera, FreeCameraPlugin, FreeCameraState};
use bevy::light::CascadeShadowConfigBuilder;
use bevy::prelude::*;

use super::Screen;

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

/// The web build renders with WebGL2, which has room for one directional light with
/// one shadow cascade: there the key light has a single cascade over a shorter
/// distance, and a brighter ambient light takes the fill light's place.
const WEBGL2: bool = cfg!(target_arch = "wasm32");

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(FreeCameraPlugin)
        .init_resource::<CameraHome>()
        .add_message::<ResetCamera>()
        .insert_resource(ClearColor(Color::srgb(0.11, 0.12, 0.14)))
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.95, 0.88),
            // On WebGL2 this stands in for the fill light as well.
            brightness: if WEBGL2 { 550.0 } else { 350.0 },
            ..default()
        })
        .add_systems(Startup, (spawn_camera, spawn_table_and_lights))
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

/// A dark tabletop under the board, a warm key light with soft shadows, and a cool
/// fill from the other side.
fn spawn_table_and_lights(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Name::new("Table"),
        Mesh3d(meshes.add(Plane3d::default().mesh().size(120.0, 120.0))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.16, 0.2, 0.17),
            perceptual_roughness: 0.95,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.7, 0.0),
    ));
    commands.spawn((
        Name::new("Key light"),
        DirectionalLight {
            color: Color::srgb(1.0, 0.93, 0.82),
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        if WEBGL2 {
            CascadeShadowConfigBuilder {
                num_cascades: 1,
                maximum_distance: 45.0,
                ..default()
            }
        } else {
            CascadeShadowConfigBuilder {
                num_cascades: 2,
                maximum_distance: 80.0,
                first_cascade_far_bound: 30.0,
                ..default()
            }
        }
        .build(),
        Transform::from_xyz(-8.0, 20.0, 10.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    if !WEBGL2 {
        commands.spawn((
            Name::new("Fill light"),
            DirectionalLight {
                color: Color::srgb(0.75, 0.82, 1.0),
                illuminance: 1_800.0,
                ..default()
            },
            Transform::from_xyz(10.0, 8.0, -6.0).looking_at(Vec3::ZERO, Vec3::Y),
        ));
    }
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
