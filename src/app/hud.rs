//! The in-game HUD (egui): whose turn, the status line, the move count and last move,
//! and the game buttons. Keyboard shortcuts live here too: N new game, Esc menu.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::ResetCamera;
use super::gomoku::{CurrentGame, NewGameRequested};
use super::{AppSystems, Screen};
use crate::rules::Player;
use crate::rules::gomoku::{Gomoku, Rule, Status, stone_name};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_hud.run_if(in_state(Screen::Playing)),
    )
    .add_systems(
        Update,
        hotkeys
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Playing)),
    );
}

/// The status line people read: `Playing`, `Black wins`, `White wins` or `Draw`.
#[must_use]
pub fn status_line(game: &Gomoku) -> String {
    match game.status() {
        Status::Playing => "Playing".to_owned(),
        Status::Won { winner, .. } => format!("{} wins", stone_name(*winner)),
        Status::Draw => "Draw".to_owned(),
    }
}

fn stone_colour(player: Player) -> egui::Color32 {
    match player {
        Player::First => egui::Color32::from_rgb(20, 20, 24),
        Player::Second => egui::Color32::from_rgb(240, 238, 230),
    }
}

fn draw_hud(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut reset_camera: MessageWriter<ResetCamera>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Gomoku")
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(format!(
                "{} · {}",
                game.size(),
                match game.rule() {
                    Rule::FreeStyle => "free-style",
                    Rule::Standard => "standard (exactly five)",
                }
            ));
            ui.separator();
            let status = status_line(&game);
            if game.is_over() {
                ui.heading(
                    egui::RichText::new(status)
                        .strong()
                        .color(egui::Color32::GOLD),
                );
            } else {
                let side = game.side_to_move();
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                    ui.painter()
                        .circle_filled(rect.center(), 7.0, stone_colour(side));
                    ui.painter().circle_stroke(
                        rect.center(),
                        7.0,
                        egui::Stroke::new(1.0, egui::Color32::GRAY),
                    );
                    ui.label(egui::RichText::new(format!("{} to move", stone_name(side))).strong());
                });
                ui.label(status);
            }
            ui.label(format!("Moves: {}", game.moves().len()));
            ui.label(format!(
                "Last move: {}",
                game.last_move()
                    .map_or_else(|| "-".to_owned(), |p| p.to_string())
            ));
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("New game").on_hover_text("N").clicked() {
                    new_game.write(NewGameRequested);
                }
                if ui.button("Menu").on_hover_text("Esc").clicked() {
                    screen.set(Screen::Menu);
                }
                if ui.button("Reset camera").clicked() {
                    reset_camera.write(ResetCamera);
                }
            });
            ui.separator();
            ui.small("Left click: place a stone");
            ui.small("Right mouse: look · WASD/QE: move · wheel: speed");
        });
    Ok(())
}

/// N starts a new game, Esc goes back to the menu (unless egui has the keyboard).
fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if egui.wants_any_keyboard_input() {
        return;
    }
    if keys.just_pressed(KeyCode::KeyN) {
        new_game.write(NewGameRequested);
    }
    if keys.just_pressed(KeyCode::Escape) {
        screen.set(Screen::Menu);
    }
}
