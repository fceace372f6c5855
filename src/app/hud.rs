//! The in-game HUD (egui): who plays, whose turn, the status line, the AI at work,
//! the game buttons, save and load, and the move list. Keyboard shortcuts live here
//! too. Every button only writes a message; the game's systems do the work.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::ai::{AiMoveRequested, AiPace, AiPurpose, AiStepRequested, HintRequested};
use super::camera::ResetCamera;
use super::gomoku::ai::{GomokuAiTask, Hint, seat_label};
use super::gomoku::files::{FileNotice, LoadRequested, SavePath, SaveRequested};
use super::gomoku::{CurrentGame, NewGameRequested, RedoRequested, UndoRequested};
use super::{AppSystems, Players, Screen};
use crate::ai::Level;
use crate::rules::Player;
use crate::rules::gomoku::{Gomoku, Rule, Status, stone_name};

/// The level that "AI move" and "Hint" use; the strongest unless changed.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AssistLevel(pub Level);

impl Default for AssistLevel {
    fn default() -> Self {
        Self(Level::MAX)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AssistLevel>()
        .add_systems(
            EguiPrimaryContextPass,
            (draw_hud, draw_move_list).run_if(in_state(Screen::Playing)),
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

fn stone_icon(ui: &mut egui::Ui, player: Player) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), 7.0, stone_colour(player));
    ui.painter().circle_stroke(
        rect.center(),
        7.0,
        egui::Stroke::new(1.0, egui::Color32::GRAY),
    );
}

/// Thousands with commas: `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn draw_hud(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    players: Res<Players>,
    tasks: Query<&GomokuAiTask>,
    hint: Res<Hint>,
    time: Res<Time<Real>>,
    mut pace: ResMut<AiPace>,
    mut assist: ResMut<AssistLevel>,
    mut save_path: ResMut<SavePath>,
    notice: Res<FileNotice>,
    mut writers: (
        MessageWriter<NewGameRequested>,
        MessageWriter<UndoRequested>,
        MessageWriter<RedoRequested>,
        MessageWriter<AiStepRequested>,
        MessageWriter<AiMoveRequested>,
        MessageWriter<HintRequested>,
        MessageWriter<SaveRequested>,
        MessageWriter<LoadRequested>,
        MessageWriter<ResetCamera>,
    ),
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let (new_game, undo, redo, step, ai_move, hint_request, save, load, reset_camera) =
        &mut writers;
    let ctx = contexts.ctx_mut()?;
    let side = game.side_to_move();
    let person_to_move = !game.is_over() && players.get(side).is_human();
    let thinking = tasks.iter().find(|t| t.purpose == AiPurpose::Play);
    let hinting = tasks.iter().find(|t| t.purpose == AiPurpose::Hint);
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
            for player in Player::BOTH {
                ui.horizontal(|ui| {
                    stone_icon(ui, player);
                    ui.label(seat_label(&players, player));
                });
            }
            ui.separator();
            if game.is_over() {
                ui.heading(
                    egui::RichText::new(status_line(&game))
                        .strong()
                        .color(egui::Color32::GOLD),
                );
            } else {
                ui.horizontal(|ui| {
                    stone_icon(ui, side);
                    ui.label(egui::RichText::new(format!("{} to move", stone_name(side))).strong());
                });
                ui.label(status_line(&game));
            }

            // The AI at work, live, on two lines that are always there, so the
            // buttons below never jump.
            let blue = egui::Color32::LIGHT_BLUE;
            let cyan = egui::Color32::from_rgb(90, 220, 255);
            let mut headline = egui::RichText::new(" ");
            let mut detail = egui::RichText::new(" ").small();
            if let Some(task) = thinking {
                let elapsed = time.elapsed().saturating_sub(task.started);
                let who = if players.get(task.side).is_human() {
                    format!("AI {} (for {})", task.level, stone_name(task.side))
                } else {
                    seat_label(&players, task.side)
                };
                headline = egui::RichText::new(format!(
                    "{who} is thinking… {:.1} s",
                    elapsed.as_secs_f32()
                ))
                .color(blue);
                let progress = task.progress();
                if progress.depth > 0 {
                    detail = egui::RichText::new(format!(
                        "depth {} · {} nodes · best {}",
                        progress.depth,
                        grouped(progress.nodes),
                        progress.best.as_deref().unwrap_or("-")
                    ))
                    .small();
                }
            } else if !game.is_over() && !players.get(side).is_human() {
                let text = if pace.auto {
                    format!("{} moves next", seat_label(&players, side))
                } else {
                    format!("{} waits: Step or Space", seat_label(&players, side))
                };
                headline = egui::RichText::new(text).color(blue);
            }
            if let Some(task) = hinting {
                let elapsed = time.elapsed().saturating_sub(task.started);
                detail = egui::RichText::new(format!(
                    "Hint: AI {} is looking… {:.1} s",
                    task.level,
                    elapsed.as_secs_f32()
                ))
                .color(cyan);
            } else if let Some(point) = hint.for_game(&game) {
                detail = egui::RichText::new(format!("Hint: {point} (cyan ring)")).color(cyan);
            }
            ui.label(headline);
            ui.label(detail);
            ui.label(format!(
                "Moves: {} · last: {}",
                game.moves().len(),
                game.last_move()
                    .map_or_else(|| "-".to_owned(), |p| p.to_string())
            ));

            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("New game").on_hover_text("N").clicked() {
                    new_game.write(NewGameRequested);
                }
                let undo_tip = if players.any_human() && !players.all_human() {
                    "Ctrl+Z: take back your move and the AI's reply"
                } else {
                    "Ctrl+Z: take back the last move"
                };
                if ui
                    .add_enabled(game.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text(undo_tip)
                    .clicked()
                {
                    undo.write(UndoRequested);
                }
                if ui
                    .add_enabled(game.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Y")
                    .clicked()
                {
                    redo.write(RedoRequested);
                }
            });
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        person_to_move && hinting.is_none(),
                        egui::Button::new("Hint"),
                    )
                    .on_hover_text("H: where would the AI play?")
                    .clicked()
                {
                    hint_request.write(HintRequested { level: assist.0 });
                }
                if ui
                    .add_enabled(
                        person_to_move && thinking.is_none(),
                        egui::Button::new("AI move"),
                    )
                    .on_hover_text("Let the AI play this move for you")
                    .clicked()
                {
                    ai_move.write(AiMoveRequested { level: assist.0 });
                }
                egui::ComboBox::from_id_salt("assist level")
                    .selected_text(format!("AI {}", assist.0))
                    .width(56.0)
                    .show_ui(ui, |ui| {
                        for n in 1..=5 {
                            let level = Level::new(n).expect("1..=5 are levels");
                            ui.selectable_value(&mut assist.0, level, format!("AI {n}"));
                        }
                    });
            });
            if !players.all_human() {
                ui.horizontal(|ui| {
                    let label = if pace.auto { "Pause" } else { "Auto" };
                    let tip = if pace.auto {
                        "Stop the AIs after their current move"
                    } else {
                        "Let the AIs move on their own again"
                    };
                    if ui.button(label).on_hover_text(tip).clicked() {
                        pace.auto = !pace.auto;
                    }
                    let ai_to_move = !game.is_over() && !players.get(side).is_human();
                    if ui
                        .add_enabled(
                            !pace.auto && ai_to_move && thinking.is_none(),
                            egui::Button::new("Step"),
                        )
                        .on_hover_text("Space: the AI to move makes one move")
                        .clicked()
                    {
                        step.write(AiStepRequested);
                    }
                    ui.label(if pace.auto {
                        "AIs: auto"
                    } else {
                        "AIs: paused"
                    });
                });
            }

            ui.separator();
            ui.horizontal(|ui| {
                ui.label("File");
                ui.add(egui::TextEdit::singleline(&mut save_path.0).desired_width(150.0));
            });
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    save.write(SaveRequested {
                        path: PathBuf::from(save_path.0.trim()),
                    });
                }
                if ui.button("Load").clicked() {
                    load.write(LoadRequested {
                        path: PathBuf::from(save_path.0.trim()),
                    });
                }
            });
            match &notice.0 {
                Some(Ok(text)) => {
                    ui.small(egui::RichText::new(text).color(egui::Color32::LIGHT_GREEN));
                }
                Some(Err(text)) => {
                    ui.label(
                        egui::RichText::new(text).color(egui::Color32::from_rgb(255, 120, 110)),
                    );
                }
                None => {}
            }

            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Menu").on_hover_text("Esc").clicked() {
                    screen.set(Screen::Menu);
                }
                if ui.button("Reset camera").clicked() {
                    reset_camera.write(ResetCamera);
                }
            });
            ui.small("Left click: place a stone · H hint · Ctrl+Z/Y undo/redo");
            ui.small("Right mouse: look · WASD/QE: move · wheel: speed");
        });
    Ok(())
}

/// The move list: every move in notation, numbered per pair, the last one marked.
fn draw_move_list(mut contexts: EguiContexts, game: Res<CurrentGame>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let moves = game.moves();
    egui::Window::new("Moves")
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .resizable(false)
        .collapsible(true)
        .default_width(150.0)
        .show(ctx, |ui| {
            if moves.is_empty() {
                ui.weak("No moves yet");
                return;
            }
            egui::ScrollArea::vertical()
                .max_height(420.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    egui::Grid::new("move list")
                        .num_columns(3)
                        .spacing([14.0, 2.0])
                        .striped(true)
                        .show(ui, |ui| {
                            for (pair, chunk) in moves.chunks(2).enumerate() {
                                ui.weak(format!("{}.", pair + 1));
                                for (i, point) in chunk.iter().enumerate() {
                                    let text = egui::RichText::new(point.to_string()).monospace();
                                    if pair * 2 + i + 1 == moves.len() {
                                        ui.label(
                                            text.strong()
                                                .color(egui::Color32::BLACK)
                                                .background_color(egui::Color32::GOLD),
                                        );
                                    } else {
                                        ui.label(text);
                                    }
                                }
                                ui.end_row();
                            }
                        });
                });
        });
    Ok(())
}

/// N new game, Esc menu, Space AI step, H hint, Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z)
/// redo; nothing while egui has the keyboard (typing a file name).
fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    assist: Res<AssistLevel>,
    mut writers: (
        MessageWriter<NewGameRequested>,
        MessageWriter<UndoRequested>,
        MessageWriter<RedoRequested>,
        MessageWriter<AiStepRequested>,
        MessageWriter<HintRequested>,
    ),
    mut screen: ResMut<NextState<Screen>>,
) {
    if egui.wants_any_keyboard_input() {
        return;
    }
    let (new_game, undo, redo, step, hint) = &mut writers;
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
