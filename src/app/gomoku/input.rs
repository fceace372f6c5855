//! The pointer: a ray from the camera through the cursor, cut with the board's plane
//! and snapped to the nearest intersection; a left click there requests a move for a
//! person whose turn it is. Nothing reaches the board while the pointer is on the UI.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

use super::board::BoardLayout;
use super::{CurrentGame, MoveRequested, Phase};
use crate::app::camera::MainCamera;
use crate::app::{AppSystems, Players, Screen};
use crate::rules::gomoku::Point;

/// The board intersection under the pointer, if any. `None` while the pointer is off
/// the board, over an egui window, or looking around with the right mouse button.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredPoint(pub Option<Point>);

/// Whether the pointer is on the UI (an egui window, a widget being dragged): then
/// clicks belong to the UI, not the board.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointerOverUi(pub bool);

/// Pointer tracking needs a window, a camera and egui, so only the full app adds it;
/// [`click_to_place`] is part of the game itself.
pub(in crate::app) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (note_ui_pointer, track_pointer)
            .chain()
            .in_set(AppSystems::RecordInput)
            .before(click_to_place)
            .run_if(in_state(Screen::Playing)),
    );
}

/// Copies egui's claim on the pointer into [`PointerOverUi`].
pub fn note_ui_pointer(egui: Res<EguiWantsInput>, mut over: ResMut<PointerOverUi>) {
    over.set_if_neq(PointerOverUi(egui.wants_any_pointer_input()));
}

/// Updates [`HoveredPoint`] from the cursor.
pub fn track_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    layout: Res<BoardLayout>,
    ui: Res<PointerOverUi>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut hovered: ResMut<HoveredPoint>,
) {
    let (camera, camera_transform) = *camera;
    let point = if ui.0 || mouse.pressed(MouseButton::Right) {
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

/// A left click on an intersection asks to play there, when a person is to move and
/// the pointer is not on the UI; the move path decides whether the move is legal.
pub fn click_to_place(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    hovered: Res<HoveredPoint>,
    ui: Res<PointerOverUi>,
    phase: Res<State<Phase>>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let clicked = mouse.is_some_and(|mouse| mouse.just_pressed(MouseButton::Left));
    let Phase::ToMove(side) = *phase.get() else {
        return;
    };
    if !clicked || ui.0 || !players.get(side).is_human() {
        return;
    }
    if let Some(point) = hovered.0 {
        requests.write(MoveRequested {
            point,
            generation: game.generation(),
        });
    }
}
