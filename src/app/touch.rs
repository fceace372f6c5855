//! Touch, for every game: a tap on the board is the click of the mouse (a point, a
//! cell, a column), with the option of a first tap that only shows the piece and a
//! second on the same move that plays it; one finger dragged turns the camera about
//! the point it looks at, two fingers pinch to zoom and move together to pan, and a
//! double tap off the board brings the camera home. Taps on the UI are egui's (it
//! reads the same touches). The mouse and the keys keep working as they do.
//!
//! The games know nothing of this: a tap sets where the pointer is
//! ([`TouchPointer`], read by the shared pointer cast), and the shared
//! `click_to_move` plays the move under it, as it does for a click.

use bevy::camera::Projection;
use bevy::camera_controller::free_camera::FreeCameraState;
use bevy::input::touch::{Touch, Touches};
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow};
use bevy_egui::{EguiContexts, egui};

use super::camera::{CameraHome, MainCamera, ResetCamera, reset_look};
use super::motion::TweenAnim;
use super::table::{AppSystems, GameKind, Screen};

/// Whether a tap on the board needs a second tap on the same move to play it (the
/// first shows the piece where it would go), as mobile Gomoku apps do against
/// mistaps. A setting, on unless the player turns it off; the mouse is never asked.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TouchSettings {
    /// A second tap confirms.
    pub confirm: bool,
}

impl Default for TouchSettings {
    fn default() -> Self {
        Self { confirm: true }
    }
}

/// Where the last tap on the table landed (the window's logical pixels) until the
/// mouse moves, and what happened this frame: the pointer cast reads it, the
/// shared click reads the tap.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct TouchPointer {
    /// The last tap's place, while the mouse has not moved since.
    pub at: Option<Vec2>,
    /// A tap on the table (not on the UI) ended this frame.
    pub tapped: bool,
    /// That tap came soon after another near it: a double tap.
    pub double: bool,
    /// The shared click found a move under this frame's tap.
    pub on_move: bool,
}

/// The move a first tap showed, waiting for the second tap that plays it: the game,
/// its position's generation, and the move's name (the HUD asks for the tap).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct AwaitingTap(pub Option<(GameKind, u64, String)>);

impl AwaitingTap {
    /// The move's name, if one waits in this position of game `kind`.
    #[must_use]
    pub fn for_position(&self, kind: GameKind, generation: u64) -> Option<&str> {
        self.0
            .as_ref()
            .filter(|(k, g, _)| *k == kind && *g == generation)
            .map(|(_, _, name)| name.as_str())
    }
}

/// What the fingers on the screen are doing.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
enum Gesture {
    /// No finger down.
    #[default]
    Idle,
    /// One finger, since `start`; `moved` once it went past [`SLOP`] (then it turns
    /// the camera and is no tap); `on_ui` if it came down on a panel.
    One {
        start: Vec2,
        moved: bool,
        on_ui: bool,
    },
    /// Two or more fingers: pinch and pan.
    Two,
    /// Fingers still down after a pinch, or on a panel: nothing until all lift.
    Spent,
}

/// How far a finger may wander (logical pixels) and still tap.
const SLOP: f32 = 12.0;
/// Two taps within this time (plus a slow frame) and distance make a double tap.
const DOUBLE_TAP_SECONDS: f32 = 0.45;
const DOUBLE_TAP_DISTANCE: f32 = 40.0;
/// The camera turns this much per logical pixel a finger moves.
const ORBIT_RADIANS_PER_PIXEL: f32 = 0.008;
/// The camera's distance to the point it turns about stays in this range.
const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 2.0..=80.0;
/// The camera's height above the table, as an angle, stays in this range.
const ELEVATION_RANGE: std::ops::RangeInclusive<f32> = 0.12..=1.55;

/// The resources every game reads (headless apps too: their taps are set by hand).
pub(super) fn core_plugin(app: &mut App) {
    app.init_resource::<TouchSettings>()
        .init_resource::<TouchPointer>()
        .init_resource::<AwaitingTap>();
}

/// Reading the fingers needs a window, a camera and egui: only the full app.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Gesture>()
        .add_systems(
            // Before the free camera (it runs before `Update`): it would turn the
            // view by every finger's move, taps included.
            PreUpdate,
            hold_free_camera.after(bevy::input::InputSystems),
        )
        .add_systems(
            Update,
            read_fingers
                .in_set(AppSystems::RecordInput)
                .in_set(TouchSystems)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(Last, double_tap_off_board.run_if(in_state(Screen::Playing)));
}

/// Runs before the pointer is cast, so a tap is where the pointer is this frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct TouchSystems;

/// The free camera listens to keys and the mouse only while a game is on the table
/// and no finger is on the screen (touches move the camera here, by
/// [`read_fingers`]).
fn hold_free_camera(
    screen: Res<State<Screen>>,
    touches: Option<Res<Touches>>,
    mut states: Query<&mut FreeCameraState, With<MainCamera>>,
) {
    let touching = touches
        .is_some_and(|touches| touches.iter().next().is_some() || touches.any_just_released());
    let enabled = *screen.get() == Screen::Playing && !touching;
    for mut state in &mut states {
        if state.enabled != enabled {
            state.enabled = enabled;
        }
    }
}

/// Turns the fingers of this frame into a tap, a turn of the camera, a pinch or a
/// pan.
fn read_fingers(
    touches: Option<Res<Touches>>,
    mut gesture: ResMut<Gesture>,
    mut pointer: ResMut<TouchPointer>,
    mut cursor: MessageReader<CursorMoved>,
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(Entity, &mut Transform, &mut FreeCameraState, &Projection), With<MainCamera>>,
    home: Res<CameraHome>,
    time: Res<Time<Real>>,
    mut last_tap: Local<Option<(f32, Vec2)>>,
    mut commands: Commands,
) {
    let fresh = TouchPointer {
        at: pointer.at,
        ..default()
    };
    if *pointer != fresh {
        *pointer = fresh;
    }
    // The mouse moved: the pointer is the mouse's again.
    if cursor.read().last().is_some() && pointer.at.is_some() {
        pointer.at = None;
    }
    let Some(touches) = touches else {
        return;
    };
    let on_ui = |at: Vec2, contexts: &mut EguiContexts| -> bool {
        contexts.ctx_mut().is_ok_and(|ctx| {
            let at = at / ctx.zoom_factor();
            ctx.layer_id_at(egui::pos2(at.x, at.y))
                .is_some_and(|layer| layer.order != egui::Order::Background)
        })
    };
    let down: Vec<&Touch> = touches.iter().collect();
    let (entity, mut transform, mut look, projection) = camera.into_inner();
    let pivot = pivot_of(&transform, home.focus);
    match down.len() {
        0 => {
            // A finger that lifted without wandering, off the panels, is a tap (also
            // one that came down and lifted within one slow frame).
            let lifted = touches.iter_just_released().next();
            let tap = match (*gesture, lifted) {
                (
                    Gesture::One {
                        moved: false,
                        on_ui: false,
                        ..
                    },
                    Some(touch),
                ) => Some(touch.position()),
                (Gesture::Idle, Some(touch))
                    if touch.position().distance(touch.start_position()) <= SLOP
                        && !on_ui(touch.position(), &mut contexts) =>
                {
                    Some(touch.position())
                }
                _ => None,
            };
            if let Some(at) = tap {
                let now = time.elapsed_secs();
                let window_for_double = DOUBLE_TAP_SECONDS + time.delta_secs();
                pointer.at = Some(at);
                pointer.tapped = true;
                pointer.double = last_tap.is_some_and(|(then, where_)| {
                    now - then <= window_for_double && where_.distance(at) <= DOUBLE_TAP_DISTANCE
                });
                // A third tap starts again rather than making a second double.
                *last_tap = (!pointer.double).then_some((now, at));
            }
            *gesture = Gesture::Idle;
        }
        1 => {
            let touch = down[0];
            match *gesture {
                Gesture::Idle => {
                    *gesture = Gesture::One {
                        start: touch.start_position(),
                        moved: false,
                        on_ui: on_ui(touch.start_position(), &mut contexts),
                    };
                }
                Gesture::One {
                    start,
                    moved,
                    on_ui: false,
                } => {
                    let moved = moved || touch.position().distance(start) > SLOP;
                    if moved {
                        commands.entity(entity).remove::<TweenAnim>();
                        orbit(&mut transform, pivot, touch.delta());
                        reset_look(&mut look);
                    }
                    *gesture = Gesture::One {
                        start,
                        moved,
                        on_ui: false,
                    };
                }
                _ => {}
            }
        }
        _ => {
            let started_on_ui = matches!(*gesture, Gesture::One { on_ui: true, .. });
            if started_on_ui || *gesture == Gesture::Spent {
                *gesture = Gesture::Spent;
                return;
            }
            *gesture = Gesture::Two;
            let (a, b) = (down[0], down[1]);
            let before = a.previous_position().distance(b.previous_position());
            let now = a.position().distance(b.position());
            commands.entity(entity).remove::<TweenAnim>();
            if before > 1.0 && now > 1.0 {
                zoom(&mut transform, pivot, before / now);
            }
            let slide = (a.delta() + b.delta()) / 2.0;
            let fov = match projection {
                Projection::Perspective(perspective) => perspective.fov,
                _ => std::f32::consts::FRAC_PI_4,
            };
            pan(&mut transform, pivot, slide, window.height(), fov);
            reset_look(&mut look);
        }
    }
}

/// A double tap that found no move under it brings the camera home.
fn double_tap_off_board(pointer: Res<TouchPointer>, mut reset: MessageWriter<ResetCamera>) {
    if pointer.tapped && pointer.double && !pointer.on_move {
        reset.write(ResetCamera);
    }
}

/// The point the camera turns about: where its line of sight meets the table, or
/// the home view's focus when it looks above the horizon.
fn pivot_of(transform: &Transform, focus: Vec3) -> Vec3 {
    let ray = Ray3d::new(transform.translation, transform.forward());
    ray.intersect_plane(Vec3::Y * focus.y, InfinitePlane3d::new(Vec3::Y))
        .map_or(focus, |distance| ray.get_point(distance))
}

/// Turns the camera about `pivot`: across by the finger's sideways move, up and down
/// by its vertical move, never below the table or past straight down.
fn orbit(transform: &mut Transform, pivot: Vec3, finger: Vec2) {
    let offset = transform.translation - pivot;
    let turned = Quat::from_rotation_y(-finger.x * ORBIT_RADIANS_PER_PIXEL) * offset;
    let across = Vec3::Y.cross(turned).normalize_or_zero();
    let tilted = Quat::from_axis_angle(across, finger.y * ORBIT_RADIANS_PER_PIXEL) * turned;
    let elevation = |v: Vec3| (v.y / v.length().max(1e-6)).clamp(-1.0, 1.0).asin();
    let offset = if across != Vec3::ZERO && ELEVATION_RANGE.contains(&elevation(tilted)) {
        tilted
    } else {
        turned
    };
    *transform = Transform::from_translation(pivot + offset).looking_at(pivot, Vec3::Y);
}

/// Moves the camera towards `pivot` (a `ratio` under 1) or away from it.
fn zoom(transform: &mut Transform, pivot: Vec3, ratio: f32) {
    let offset = transform.translation - pivot;
    let distance = (offset.length() * ratio).clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end());
    transform.translation = pivot + offset.normalize_or_zero() * distance;
}

/// Slides the camera over the table with the fingers: the point under them stays
/// under them (at the pivot's distance), for a window `height` pixels tall seen
/// through a vertical field of view `fov`.
fn pan(transform: &mut Transform, pivot: Vec3, finger: Vec2, height: f32, fov: f32) {
    let distance = transform.translation.distance(pivot);
    let world_per_pixel = 2.0 * distance * (fov / 2.0).tan() / height.max(1.0);
    let right = transform.right().as_vec3();
    let ahead = Vec3::new(transform.forward().x, 0.0, transform.forward().z).normalize_or_zero();
    transform.translation -= (right * finger.x - ahead * finger.y) * world_per_pixel;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn above() -> Transform {
        Transform::from_xyz(0.0, 10.0, 10.0).looking_at(Vec3::ZERO, Vec3::Y)
    }

    #[test]
    fn orbiting_keeps_the_distance_and_the_pivot_in_view() {
        let mut view = above();
        orbit(&mut view, Vec3::ZERO, Vec2::new(120.0, -40.0));
        assert!((view.translation.length() - above().translation.length()).abs() < 1e-3);
        assert!(view.forward().dot(-view.translation.normalize()) > 0.999);
        assert!(
            view.translation.x.abs() > 1.0,
            "a sideways drag turns the view"
        );
    }

    #[test]
    fn orbiting_never_goes_under_the_table() {
        let mut view = above();
        for _ in 0..100 {
            orbit(&mut view, Vec3::ZERO, Vec2::new(0.0, -50.0));
        }
        assert!(view.translation.y > 0.0);
        for _ in 0..100 {
            orbit(&mut view, Vec3::ZERO, Vec2::new(0.0, 50.0));
        }
        assert!(view.translation.y > 0.0 && view.translation.y.is_finite());
    }

    #[test]
    fn pinching_moves_along_the_line_of_sight_within_range() {
        let mut view = above();
        zoom(&mut view, Vec3::ZERO, 0.5);
        assert!((view.translation.length() - 200f32.sqrt() / 2.0).abs() < 1e-3);
        zoom(&mut view, Vec3::ZERO, 1e6);
        assert!((view.translation.length() - ZOOM_RANGE.end()).abs() < 1e-3);
    }

    #[test]
    fn panning_slides_level_with_the_table() {
        let mut view = above();
        pan(&mut view, Vec3::ZERO, Vec2::new(100.0, 0.0), 800.0, 0.8);
        assert!((view.translation.y - 10.0).abs() < 1e-4);
        assert!(
            view.translation.x < 0.0,
            "the table follows the fingers to the right"
        );
    }

    #[test]
    fn a_waiting_tap_belongs_to_one_position() {
        let gomoku = GameKind::named("gomoku").expect("a game");
        let dice = GameKind::named("knucklebones").expect("a game");
        let waiting = AwaitingTap(Some((gomoku, 7, "h8".into())));
        assert_eq!(waiting.for_position(gomoku, 7), Some("h8"));
        assert_eq!(waiting.for_position(gomoku, 8), None);
        assert_eq!(waiting.for_position(dice, 7), None);
    }
}
