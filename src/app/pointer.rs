//! The pointer, shared by every game: whether it is on the UI (then clicks belong to
//! the UI, not the board) and where it meets the table.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::camera::MainCamera;
use super::table::{
    AppSystems, CurrentGame, EditPosition, EditTools, GameSystems, MoveRequested, OnTable, Part,
    Phase, Players, Screen, TableGame,
};
use super::touch::{AwaitingTap, TouchPointer, TouchSettings, TouchSystems};

/// Whether the pointer is on the UI (an egui window, a widget being dragged): then
/// clicks belong to the UI, not the board.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointerOverUi(pub bool);

/// Where the pointer meets the table, or `None` while it is on the UI, off the
/// window, or looking around with the right mouse button.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct PointerOnTable(pub Option<Ray3d>);

impl PointerOnTable {
    /// The point where the pointer's ray meets the horizontal plane at `height`.
    #[must_use]
    pub fn at_height(&self, height: f32) -> Option<Vec3> {
        let ray = self.0?;
        let distance = ray.intersect_plane(Vec3::Y * height, InfinitePlane3d::new(Vec3::Y))?;
        Some(ray.get_point(distance))
    }
}

/// The resources every game reads (the touch ones too); the window-bound systems
/// come with [`plugin`].
/// Each game's hover system (the move under the pointer) runs in [`HoverSystems`],
/// only where there is a window to point in: headless apps set [`Hovered`] by hand.
pub(super) fn core_plugin(app: &mut App) {
    app.init_resource::<PointerOverUi>()
        .init_resource::<PointerOnTable>()
        .configure_sets(
            Update,
            HoverSystems
                .in_set(AppSystems::RecordInput)
                .after(PointerSystems)
                .run_if(any_with_component::<PrimaryWindow>),
        );
}

/// Where each game turns [`PointerOnTable`] into its [`Hovered`] move.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct HoverSystems;

/// Clicks for game `G`: the move under the pointer, played on a left click.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.init_resource::<Hovered<G>>().add_systems(
        Update,
        click_to_move::<G>
            .in_set(AppSystems::RecordInput)
            .after(HoverSystems)
            .in_set(GameSystems(G::KIND, Part::Click))
            .run_if(in_state(OnTable(G::KIND))),
    );
}

/// Whether the left button went down this frame with the pointer off the UI: a
/// click meant for the table. `mouse` is absent in headless apps.
#[must_use]
pub(crate) fn clicked_on_table(
    mouse: Option<&ButtonInput<MouseButton>>,
    ui: PointerOverUi,
) -> bool {
    mouse.is_some_and(|mouse| mouse.just_pressed(MouseButton::Left)) && !ui.0
}

/// The move under the pointer in game `G`: a Gomoku point, a Tic-tac-toe cell, a
/// Knucklebones column. Each game's pointer system fills it from [`PointerOnTable`];
/// `None` while the pointer is off the board or on the UI.
#[derive(Resource, Debug)]
pub struct Hovered<G: TableGame>(pub Option<G::Move>);

// By hand: derives would ask the game itself, not only its move, for these.
impl<G: TableGame> Default for Hovered<G> {
    fn default() -> Self {
        Self(None)
    }
}

impl<G: TableGame> PartialEq for Hovered<G> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// A left click on the hovered move asks to play it, when a person is to move and
/// the pointer is not on the UI; the move path decides whether the move is legal.
/// A tap is a click, except that with [`TouchSettings::confirm`] the first tap on a
/// move only shows it ([`AwaitingTap`]; the game's phantom piece stands there) and
/// a second tap on the same move, in the same position, plays it. In the Edit mode a
/// click puts or takes away a piece there instead ([`EditTools`]).
pub(crate) fn click_to_move<G: TableGame>(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    hovered: Res<Hovered<G>>,
    ui: Res<PointerOverUi>,
    phase: Res<State<Phase>>,
    players: Res<Players>,
    game: Res<CurrentGame<G>>,
    mut touch: ResMut<TouchPointer>,
    settings: Res<TouchSettings>,
    mut awaiting: ResMut<AwaitingTap>,
    mut requests: MessageWriter<MoveRequested<G>>,
    (tools, mut edits): (Res<EditTools>, MessageWriter<EditPosition<G>>),
) {
    let clicked = clicked_on_table(mouse.as_deref(), *ui);
    if !clicked && !touch.tapped {
        return;
    }
    if game.editing() {
        if let Some(spot) = hovered.0 {
            let edit = tools.edit();
            edits.write(EditPosition::new(move |position: &mut G| {
                position.edit(spot, edit)
            }));
        }
        return;
    }
    if touch.tapped {
        touch.on_move = hovered.0.is_some();
    }
    let Some(mv) = hovered
        .0
        .filter(|_| phase.person_to_move(&players).is_some())
    else {
        return;
    };
    if !clicked && settings.confirm {
        let name = mv.to_string();
        let shown = awaiting.for_position(G::KIND, game.generation()) == Some(name.as_str());
        if !shown {
            info!("{}: tap {name} again to play it", G::KIND);
            awaiting.0 = Some((G::KIND, game.generation(), name));
            return;
        }
    }
    awaiting.0 = None;
    requests.write(MoveRequested::new(mv, game.generation()));
}

/// Pointer tracking needs a window, a camera and egui, so only the full app adds it;
/// clicks are read by each game's own systems.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (note_ui_pointer, cast_pointer)
            .chain()
            .in_set(AppSystems::RecordInput)
            .in_set(PointerSystems)
            .after(TouchSystems)
            .run_if(in_state(Screen::Playing)),
    )
    .add_systems(EguiPrimaryContextPass, clicks_on_slow_frames);
}

/// egui takes a press for a click only when it is released within
/// `max_click_duration` (0.8 s) by its own clock, which moves once a frame. On a slow
/// machine (a software renderer takes a second a frame) a quick click whose press and
/// release fall in two frames looked a second long, a long press, and did nothing:
/// the limit grows by two of the recent frames, the longest of them remembered for a
/// while (so a press that spans a slow frame still counts).
fn clicks_on_slow_frames(
    mut contexts: EguiContexts,
    time: Res<Time<Real>>,
    mut slowest: Local<f64>,
) -> Result {
    *slowest = time.delta_secs_f64().max(*slowest * 0.95);
    let limit = CLICK_SECONDS + 2.0 * *slowest;
    let ctx = contexts.ctx_mut()?;
    if (ctx.options(|o| o.input_options.max_click_duration) - limit).abs() > 0.05 {
        ctx.options_mut(|o| o.input_options.max_click_duration = limit);
    }
    Ok(())
}

/// egui's own limit for a click, at any frame rate.
const CLICK_SECONDS: f64 = 0.8;

/// Runs before anything that reads the pointer this frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct PointerSystems;

/// Copies egui's claim on the pointer into [`PointerOverUi`].
fn note_ui_pointer(egui: Res<EguiWantsInput>, mut over: ResMut<PointerOverUi>) {
    over.set_if_neq(PointerOverUi(egui.wants_any_pointer_input()));
}

/// Updates [`PointerOnTable`] from the last tap (a touch screen) or the cursor, and
/// the camera. A tap was on the table (the touch code tells taps on the UI apart).
fn cast_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    ui: Res<PointerOverUi>,
    mouse: Res<ButtonInput<MouseButton>>,
    touch: Res<TouchPointer>,
    mut pointer: ResMut<PointerOnTable>,
) {
    let (camera, camera_transform) = *camera;
    let at = match touch.at {
        Some(tap) => Some(tap),
        None if ui.0 || mouse.pressed(MouseButton::Right) => None,
        None => window.cursor_position(),
    };
    let ray = at.and_then(|at| camera.viewport_to_world(camera_transform, at).ok());
    pointer.set_if_neq(PointerOnTable(ray));
}
