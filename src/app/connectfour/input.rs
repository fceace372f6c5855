//! Dropping a disc: the column under the pointer (on the rack or above it), a left
//! click there (the shared `click_to_move`), or the keys 1 to 7. A full column is
//! refused by the move path. `V` switches the analysis.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::layout::{column_at, on_front};
use super::{CONNECT_FOUR, CurrentGame, MoveRequested};
use crate::app::pointer::{HoverSystems, Hovered, PointerOnTable};
use crate::app::table::{AppSystems, Phase, Players};
use crate::rules::connectfour::{Column, ConnectFour};

/// The column under the pointer, if any.
pub(super) type HoveredColumn = Hovered<ConnectFour>;

/// The column under the pointer (before the shared click reads it) and the keys.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            track_pointer.in_set(HoverSystems),
            keys_to_drop.in_set(AppSystems::RecordInput),
        )
            .run_if(in_state(CONNECT_FOUR)),
    );
}

/// Updates [`HoveredColumn`] from where the pointer meets the rack's front.
fn track_pointer(pointer: Res<PointerOnTable>, mut hovered: ResMut<HoveredColumn>) {
    let column = pointer.0.and_then(on_front).and_then(column_at);
    hovered.set_if_neq(Hovered(column));
}

/// The keys 1 to 7 ask to drop a disc into that column when a person is to move
/// (not while typing in the HUD); the move path refuses a full column.
fn keys_to_drop(
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
    const KEYS: [(KeyCode, KeyCode); 7] = [
        (KeyCode::Digit1, KeyCode::Numpad1),
        (KeyCode::Digit2, KeyCode::Numpad2),
        (KeyCode::Digit3, KeyCode::Numpad3),
        (KeyCode::Digit4, KeyCode::Numpad4),
        (KeyCode::Digit5, KeyCode::Numpad5),
        (KeyCode::Digit6, KeyCode::Numpad6),
        (KeyCode::Digit7, KeyCode::Numpad7),
    ];
    let keyed = keys.and_then(|keys| {
        KEYS.iter()
            .position(|&(digit, pad)| keys.any_just_pressed([digit, pad]))
            .and_then(Column::new)
    });
    if let Some(column) = keyed {
        requests.write(MoveRequested::new(column, game.generation()));
    }
}
