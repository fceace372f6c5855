//! The pointer: a ray from the camera through the cursor, cut with the board's plane
//! and snapped to the nearest intersection; a left click there requests a move.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::board::BoardLayout;
use super::{MoveRequested, Phase};
use crate::app::camera::MainCamera;
use crate::app::{AppSystems, Screen};
use crate::rules::gomoku::Point;

/// The board intersection under the pointer, if any. `None` while the pointer is off
/// the board, over an egui window, or looking around with the right mouse button.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredPoint(pub Option<Point>);

/// Pointer systems need a window, a camera and egui, so only the full app adds them.
pub(in crate::app) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_pointer, click_to_place)
            .chain()
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Updates [`HoveredPoint`] from the cursor.
pub fn track_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    layout: Res<BoardLayout>,
    egui: Res<EguiWantsInput>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut hovered: ResMut<HoveredPoint>,
) {
    let (camera, camera_transform) = *camera;
    let point = if egui.wants_any_pointer_input() || mouse.pressed(MouseButton::Right) {
        None
    } else {
        window
            .cursor_position()
            .and_then(|cursor| camera.viewport_to_world(camera_transform, cursor).ok())
            .and_then(|ray| {
                let distance = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y))?;
                layout.nearest_point(ray.get_point(distance))
            })
    };
    hovered.set_if_neq(HoveredPoint(point));
}

/// A left click on an intersection asks to play there; the move path decides whether
/// the move is legal.
pub fn click_to_place(
    mouse: Res<ButtonInput<MouseButton>>,
    hovered: Res<HoveredPoint>,
    phase: Res<State<Phase>>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if !mouse.just_pressed(MouseButton::Left) || !matches!(phase.get(), Phase::ToMove(_)) {
        return;
    }
    if let Some(point) = hovered.0 {
        requests.write(MoveRequested { point });
    }
}
