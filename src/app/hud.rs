//! The in-game HUD (egui): who plays, whose turn, the status line, the AI at work,
//! the game buttons, save and load, and the move list. Keyboard shortcuts live here
//! too. Every button only writes a message; the game's systems do the work.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::ai::{AiMoveRequested, AiPace, AiPurpose, AiStepRequested, AiTask, Hint, HintRequested};
use super::camera::MainCamera;
use super::camera::ResetCamera;
use super::knucklebones::view::{column_label_spot, dice_colour, total_label_spot};
use super::knucklebones::{KNUCKLEBONES, player_name};
use super::table::{
    CurrentGame, FileNotice, LoadRequested, NewGameRequested, RedoRequested, SavePath,
    SaveRequested, TableGame, UndoRequested, seat_label,
};
use super::tictactoe::{Analysis, TIC_TAC_TOE};
use super::{AppSystems, OnTable, Players, Screen};
use crate::ai::Level;
use crate::rules::Outcome;
use crate::rules::Player;
use crate::rules::gomoku::Gomoku;
use crate::rules::knucklebones::{Column, Knucklebones};
use crate::rules::tictactoe::{Cell, TicTacToe};

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
        .add_plugins((
            hud_for::<Gomoku>,
            hud_for::<TicTacToe>,
            hud_for::<Knucklebones>,
        ))
        .add_systems(
            EguiPrimaryContextPass,
            (
                analysis_panel.run_if(in_state(TIC_TAC_TOE)),
                dice_scores.run_if(in_state(KNUCKLEBONES)),
            ),
        )
        .add_systems(
            Update,
            hotkeys
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        );
}

/// The HUD and move list of game `G`, while it is on the table.
pub fn hud_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (draw_hud::<G>, draw_move_list::<G>).run_if(in_state(OnTable(G::KIND))),
    );
}

fn stone_icon(ui: &mut egui::Ui, colour: Color) {
    let [r, g, b, _] = colour.to_srgba().to_u8_array();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    ui.painter()
        .circle_filled(rect.center(), 7.0, egui::Color32::from_rgb(r, g, b));
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

fn draw_hud<G: TableGame>(
    mut contexts: EguiContexts,
    game: Res<CurrentGame<G>>,
    players: Res<Players>,
    tasks: Query<&AiTask<G::Move>>,
    hint: Res<Hint<G>>,
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
    // The browser's Load opens a file picker instead.
    #[cfg(target_arch = "wasm32")]
    let _ = load;
    let ctx = contexts.ctx_mut()?;
    let side = game.side_to_move();
    let person_to_move = !game.is_over() && players.get(side).is_human();
    let thinking = tasks.iter().find(|t| t.purpose == AiPurpose::Play);
    let hinting = tasks.iter().find(|t| t.purpose == AiPurpose::Hint);
    egui::Window::new(G::KIND.to_string())
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(game.describe());
            for player in Player::BOTH {
                ui.horizontal(|ui| {
                    stone_icon(ui, G::side_colour(player));
                    ui.label(seat_label::<G>(&players, player));
                });
            }
            ui.separator();
            if game.is_over() {
                ui.heading(
                    egui::RichText::new(game.status_text())
                        .strong()
                        .color(egui::Color32::GOLD),
                );
            } else {
                ui.horizontal(|ui| {
                    stone_icon(ui, G::side_colour(side));
                    ui.label(
                        egui::RichText::new(format!("{} to move", G::side_name(side))).strong(),
                    );
                });
                ui.label(game.status_text());
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
                    format!("AI {} (for {})", task.level, G::side_name(task.side))
                } else {
                    seat_label::<G>(&players, task.side)
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
                    format!("{} moves next", seat_label::<G>(&players, side))
                } else {
                    format!("{} waits: Step or Space", seat_label::<G>(&players, side))
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
            } else if let Some(mv) = hint.for_game(&game) {
                detail = egui::RichText::new(format!("Hint: {mv} ({})", G::HINT_MARK)).color(cyan);
            }
            ui.label(headline);
            ui.label(detail);
            let names = game.move_names();
            ui.label(format!(
                "Moves: {} · last: {}",
                names.len(),
                names.last().map_or("-", String::as_str)
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
                // In a browser there is no path to read: Load opens the file picker.
                #[cfg(not(target_arch = "wasm32"))]
                if ui.button("Load").clicked() {
                    load.write(LoadRequested {
                        path: PathBuf::from(save_path.0.trim()),
                    });
                }
                #[cfg(target_arch = "wasm32")]
                if ui.button("Load…").clicked()
                    && let Err(why) = super::web::pick_game_file()
                {
                    warn!("{why}");
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
            ui.small(format!("{} · H hint · Ctrl+Z/Y undo/redo", G::CONTROLS));
            ui.small("Right mouse: look · WASD/QE: move · wheel: speed");
        });
    Ok(())
}

/// The move list: every move in notation, numbered per pair, the last one marked.
fn draw_move_list<G: TableGame>(mut contexts: EguiContexts, game: Res<CurrentGame<G>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let moves = game.move_names();
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
                                for (i, name) in chunk.iter().enumerate() {
                                    let text = egui::RichText::new(name).monospace();
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

/// Tic-tac-toe's analysis: the switch, the colour key, and the solved value of every
/// move for the side to move, as the tint on the board shows it.
fn analysis_panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame<TicTacToe>>,
    mut analysis: ResMut<Analysis>,
) -> Result {
    use crate::ai::tictactoe::{Value, move_values, value};
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Analysis")
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.checkbox(&mut analysis.0, "Show solved values (V)");
            if !analysis.0 {
                return;
            }
            let colour = |value: Value| match value {
                Value::Win(_) => egui::Color32::from_rgb(70, 210, 90),
                Value::Draw => egui::Color32::from_rgb(240, 190, 40),
                Value::Loss(_) => egui::Color32::from_rgb(235, 80, 70),
            };
            let describe = |value: Value| match value {
                Value::Win(n) => format!("wins in {n}"),
                Value::Draw => "draws".to_owned(),
                Value::Loss(n) => format!("loses in {n}"),
            };
            if game.is_over() {
                ui.weak("The game is over.");
                return;
            }
            let side = TicTacToe::side_name(game.side_to_move());
            let position = value(&game);
            ui.label(
                egui::RichText::new(format!("{side} to move {}", describe(position)))
                    .color(colour(position)),
            );
            ui.small("green wins · amber draws · red loses (plies with best play)");
            let values = move_values(&game);
            egui::Grid::new("move values").show(ui, |ui| {
                let shown = Cell::ALL
                    .iter()
                    .filter_map(|&cell| Some((cell, values[cell.index()]?)));
                for (i, (cell, value)) in shown.enumerate() {
                    if i > 0 && i % 3 == 0 {
                        ui.end_row();
                    }
                    ui.label(
                        egui::RichText::new(format!("{cell} {}", describe(value)))
                            .monospace()
                            .color(colour(value)),
                    );
                }
            });
        });
    Ok(())
}

/// Knucklebones' live scores, on the table: each column's score at its outer end and
/// each tray's total beside it; at the end, the winner's total in gold.
fn dice_scores(
    mut contexts: EguiContexts,
    game: Res<CurrentGame<Knucklebones>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, camera_transform) = *camera;
    let outcome = game.outcome();
    let label = |id: (usize, usize), at: Vec3, text: egui::RichText| {
        let Ok(spot) = camera.world_to_viewport(camera_transform, at) else {
            return;
        };
        egui::Area::new(egui::Id::new(("dice score", id)))
            .fixed_pos(egui::pos2(spot.x, spot.y))
            .pivot(egui::Align2::CENTER_CENTER)
            .interactable(false)
            .order(egui::Order::Background)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(egui::Color32::from_black_alpha(150))
                    .corner_radius(4.0)
                    .inner_margin(egui::Margin::symmetric(6, 2))
                    .show(ui, |ui| {
                        ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend))
                    });
            });
    };
    for player in Player::BOTH {
        let [r, g, b, _] = dice_colour(player).to_srgba().to_u8_array();
        let tint = egui::Color32::from_rgb(r.max(120), g.max(90), b.max(90));
        for column in Column::ALL {
            let score = game.column_score(player, column);
            label(
                (player.index(), column.index()),
                column_label_spot(player, column),
                egui::RichText::new(score.to_string())
                    .size(18.0)
                    .strong()
                    .color(tint),
            );
        }
        let won = outcome == Some(Outcome::Win(player));
        let total = egui::RichText::new(format!("{}\n{}", player_name(player), game.score(player)))
            .size(if won { 24.0 } else { 20.0 })
            .strong()
            .color(if won { egui::Color32::GOLD } else { tint });
        label((player.index(), 3), total_label_spot(player), total);
    }
    Ok(())
}
