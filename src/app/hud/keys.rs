//! The HUD's keys: N new game, Esc menu, Space AI step, H hint, Ctrl+Z / Ctrl+Y undo
//! and redo.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::{AssistLevel, Requests};
use crate::app::ai::{AiStepRequested, HintRequested};
use crate::app::table::{NewGameRequested, RedoRequested, Screen, UndoRequested};

/// N new game, Esc menu, Space AI step, H hint, Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z)
/// redo; nothing while egui has the keyboard (typing a file name).
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
    if keys.just_pressed(KeyCode::KeyN) {
        new_game.write(NewGameRequested);
    }
    if keys.just_pressed(KeyCode::Space) {
        step.write(AiStepRequested);
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hint.write(HintRequested { level: assist.0 });
    }
    if keys.just_pressed(KeyCode::Escape) {
        screen.set(Screen::Menu);
    }
}
