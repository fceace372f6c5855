//! The HUD's keys: N new game, Esc menu, Space AI step, H hint, Ctrl+Z / Ctrl+Y undo
//! and redo, the arrows through the moves, R review, P set up a position.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::{AssistLevel, Requests};
use crate::app::ai::{AiStepRequested, HintRequested};
use crate::app::table::{
    EditRequested, NewGameRequested, RedoRequested, Screen, UndoRequested, WalkRequested,
};

/// N new game, Esc menu, Space AI step, H hint, Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z)
/// redo, Left and Right a move back and on, Up and Down to the variation before or
/// after, R review, P set up a position (and play from it); nothing while egui has
/// the keyboard (typing a file name).
pub(super) fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    assist: Res<AssistLevel>,
    mut requests: Requests,
) {
    if egui.wants_any_keyboard_input() {
        return;
    }
    let Requests {
        new_game,
        undo,
        redo,
        step,
        hint,
        screen,
        walk,
        review,
        edit,
        ..
    } = &mut requests;
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl {
        if keys.just_pressed(KeyCode::KeyZ) && !shift {
            undo.write(UndoRequested);
        }
        if keys.just_pressed(KeyCode::KeyY) || keys.just_pressed(KeyCode::KeyZ) && shift {
            redo.write(RedoRequested);
        }
        return;
    }
    for (key, step) in [
        (KeyCode::ArrowLeft, WalkRequested::Back),
        (KeyCode::ArrowRight, WalkRequested::Forward),
        (KeyCode::ArrowUp, WalkRequested::Sibling { next: false }),
        (KeyCode::ArrowDown, WalkRequested::Sibling { next: true }),
    ] {
        if keys.just_pressed(key) {
            walk.write(step);
        }
    }
    if keys.just_pressed(KeyCode::KeyN) {
        new_game.write(NewGameRequested);
    }
    if keys.just_pressed(KeyCode::Space) {
        step.write(AiStepRequested);
    }
    if keys.just_pressed(KeyCode::KeyR) {
        review.write(crate::app::review::ReviewRequested);
    }
    if keys.just_pressed(KeyCode::KeyP) {
        edit.write(EditRequested::Toggle);
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hint.write(HintRequested { level: assist.0 });
    }
    if keys.just_pressed(KeyCode::Escape) {
        screen.set(Screen::Menu);
    }
}
