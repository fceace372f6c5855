//! Placing the die: the column of the mover's tray under the pointer, a left click
//! there (the shared `click_to_move`), or the keys 1, 2 and 3. A full column is refused by the move path.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::layout::column_at;
use super::{CurrentGame, KNUCKLEBONES, MoveRequested};
use crate::app::pointer::{HoverSystems, Hovered, PointerOnTable};
use crate::app::table::{AppSystems, EditTools, Phase, Players};
use crate::rules::knucklebones::{Column, Knucklebones};

/// The column of the mover's tray under the pointer, if any.
pub(super) type HoveredColumn = Hovered<Knucklebones>;

/// The column under the pointer (before the shared click reads it) and the keys.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            track_pointer.in_set(HoverSystems),
            keys_to_place.in_set(AppSystems::RecordInput),
        )
            .run_if(in_state(KNUCKLEBONES)),
    );
}

/// Updates [`HoveredColumn`]: the column of the tray of the side to move under the
/// pointer (in the Edit mode, of the side whose dice a click puts).
fn track_pointer(
    pointer: Res<PointerOnTable>,
    game: Res<CurrentGame>,
    tools: Res<EditTools>,
    mut hovered: ResMut<HoveredColumn>,
) {
    // Setting up, a click works on the tray of the side the HUD picked.
    let tray = if game.editing() {
        tools.side
    } else {
        game.side_to_move()
    };
    let column = pointer.at_height(0.0).and_then(|at| column_at(tray, at));
    hovered.set_if_neq(Hovered(column));
}

/// The keys 1, 2 and 3 ask to place the die in that column when a person is to move
/// (not while typing in the HUD); the move path refuses a full column.
fn keys_to_place(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    phase: Res<State<Phase>>,
    players: Res<Players>,
    game: Res<CurrentGame>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let typing = egui.is_some_and(|egui| egui.wants_any_keyboard_input());
    if phase.person_to_move(&players).is_none() || typing {
        return;
    }
    let keyed = keys.and_then(|keys| {
        [
            (KeyCode::Digit1, KeyCode::Numpad1),
            (KeyCode::Digit2, KeyCode::Numpad2),
            (KeyCode::Digit3, KeyCode::Numpad3),
        ]
        .iter()
        .position(|&(digit, pad)| keys.any_just_pressed([digit, pad]))
        .and_then(Column::new)
    });
    if let Some(column) = keyed {
        requests.write(MoveRequested::new(column, game.generation()));
    }
}
