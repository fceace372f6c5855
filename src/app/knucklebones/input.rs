//! Placing the die: the column of the mover's tray under the pointer, a left click
//! there, or the keys 1, 2 and 3. A full column is refused by the move path.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::view::column_at;
use super::{CurrentGame, KNUCKLEBONES, MoveRequested};
use crate::app::pointer::{PointerOnTable, PointerOverUi, PointerSystems, clicked_on_table};
use crate::app::table::Phase;
use crate::app::{AppSystems, Players};
use crate::rules::knucklebones::Column;

/// The column of the mover's tray under the pointer, if any.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoveredColumn(pub Option<Column>);

/// Pointer tracking needs a window and a camera, so only the full app adds it;
/// [`place_die`] is part of the game itself.
pub(in crate::app) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        track_pointer
            .in_set(AppSystems::RecordInput)
            .after(PointerSystems)
            .before(place_die)
            .run_if(in_state(KNUCKLEBONES)),
    );
}

/// Updates [`HoveredColumn`]: the column of the tray of the side to move under the
/// pointer.
pub fn track_pointer(
    pointer: Res<PointerOnTable>,
    game: Res<CurrentGame>,
    mut hovered: ResMut<HoveredColumn>,
) {
    let column = pointer
        .at_height(0.0)
        .and_then(|at| column_at(game.side_to_move(), at));
    hovered.set_if_neq(HoveredColumn(column));
}

/// A left click on a column of the mover's tray, or 1/2/3, asks to place the die
/// there when a person is to move (clicks only off the UI); the move path refuses a
/// full column.
pub fn place_die(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    hovered: Res<HoveredColumn>,
    ui: Res<PointerOverUi>,
    phase: Res<State<Phase>>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if phase.person_to_move(&players).is_none() {
        return;
    }
    let clicked = clicked_on_table(mouse.as_deref(), *ui);
    let typing = egui.is_some_and(|egui| egui.wants_any_keyboard_input());
    let keyed = keys.filter(|_| !typing).and_then(|keys| {
        [
            (KeyCode::Digit1, KeyCode::Numpad1),
            (KeyCode::Digit2, KeyCode::Numpad2),
            (KeyCode::Digit3, KeyCode::Numpad3),
        ]
        .iter()
        .position(|&(digit, pad)| keys.any_just_pressed([digit, pad]))
        .and_then(Column::new)
    });
    let column = keyed.or(hovered.0.filter(|_| clicked));
    if let Some(column) = column {
        requests.write(MoveRequested::new(column, game.generation()));
    }
}
