//! The HUD's panel for the game on the table: who plays and whose turn, the status
//! line, the AI at work, the game buttons, the file row and the help lines. Each
//! section is a function of its own; the system gathers what they read.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::edit;
use super::{AssistLevel, Requests};
use crate::ai::Level;
use crate::app::ai::{
    AiMoveRequested, AiPace, AiPurpose, AiStepRequested, AiTask, Hint, HintRequested,
};
use crate::app::camera::ResetCamera;
use crate::app::files::{FileNotice, SavePath};
use crate::app::labels::LabelSettings;
use crate::app::locale::Locale;
use crate::app::online::panel as online;
use crate::app::review::ReviewRequested;
use crate::app::sound::{SoundSettings, sound_row};
#[cfg(not(target_arch = "wasm32"))]
use crate::app::table::LoadRequested;
use crate::app::table::{
    CurrentGame, EditPosition, EditRequested, MoveRequested, NewGameRequested, Players,
    RedoRequested, RefusedMove, SaveRequested, Screen, TableGame, UndoRequested, seat_label,
};
use crate::app::theme::{AI_UI, DONE_UI, ERROR_UI, GOLD_UI, HINT_UI};
use crate::app::touch::{AwaitingTap, TouchSettings};
use crate::app::ui_theme::{self, Drawer, FINGER};
use crate::clocks::{GameClocks, reading_text};
use crate::rules::Player;
use crate::tr;

/// The panel of game `G`, top left.
pub(super) fn draw_hud<G: TableGame>(
    mut contexts: EguiContexts,
    game: Res<CurrentGame<G>>,
    players: Res<Players>,
    tasks: Query<&AiTask<G::Move>>,
    hint: Res<Hint<G>>,
    time: Res<Time<Real>>,
    mut pace: ResMut<AiPace>,
    mut assist: ResMut<AssistLevel>,
    mut save_path: ResMut<SavePath>,
    (notice, refused, mut edits, mut choices): (
        Res<FileNotice>,
        Res<RefusedMove>,
        MessageWriter<EditPosition<G>>,
        MessageWriter<MoveRequested<G>>,
    ),
    mut sound: ResMut<SoundSettings>,
    locale: Res<Locale>,
    mut requests: Requests,
    (awaiting, mut touch): (Res<AwaitingTap>, ResMut<TouchSettings>),
    mut was_roomy: Local<Option<bool>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let thinking = tasks.iter().find(|t| t.purpose == AiPurpose::Play);
    let hinting = tasks.iter().find(|t| t.purpose == AiPurpose::Hint);
    if ui_theme::compact(ctx) {
        let waiting = awaiting.for_position(G::KIND, game.generation());
        compact_bar(
            ctx,
            &game,
            &players,
            thinking,
            hinting,
            &hint,
            refused.0.as_deref(),
            waiting,
            assist.0,
            &mut requests,
            &mut choices,
            &locale,
        );
        if Drawer::get(ctx).is_open_on(GAME_PAGE) {
            let title = locale.game(G::NAME, "title");
            ui_theme::drawer_window(ctx, title, GAME_PAGE).show(ctx, |ui| {
                sides_and_status(ui, &game, &players, &locale);
                opening_rows(ui, &game, &players, &mut choices, &locale);
                let now = time.elapsed();
                ai_and_buttons(
                    ui,
                    &game,
                    &players,
                    &mut pace,
                    &mut assist,
                    (thinking, hinting),
                    &hint,
                    now,
                    (&mut requests, &mut edits),
                    &locale,
                );
                ui.separator();
                if ui.button(tr!(locale, "hud-reset-camera")).clicked() {
                    requests.reset_camera.write(ResetCamera);
                }
                // Changed only when the box is: the settings file follows changes.
                let mut confirm = touch.confirm;
                if ui
                    .checkbox(&mut confirm, tr!(locale, "touch-confirm"))
                    .changed()
                {
                    touch.confirm = confirm;
                }
                ui.small(tr!(locale, "touch-help"));
                ui.separator();
                file_row(ui, &mut save_path, &notice, &mut requests, &locale);
                ui.separator();
                sound_row(ui, &mut sound, &locale);
                label_row(ui, &mut requests.labels, &locale);
            });
        }
        return Ok(());
    }
    // In a low window (a small browser window) the file row and the help lines fold
    // away, and whatever still does not fit scrolls.
    let screen = ctx.content_rect();
    let roomy = ui_theme::roomy(ctx);
    // Opened or folded when the window's size says so (a browser's canvas starts at
    // its default size, then fits the page), else as the player left it.
    let fold = (*was_roomy != Some(roomy)).then_some(roomy);
    *was_roomy = Some(roomy);
    egui::Window::new(locale.game(G::NAME, "title"))
        .id(egui::Id::new("hud"))
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            // As tall as its content, up to the window's height, then it scrolls.
            let room = screen.height() - 110.0;
            egui::ScrollArea::vertical()
                .min_scrolled_height(room)
                .max_height(room)
                .show(ui, |ui| {
                    sides_and_status(ui, &game, &players, &locale);
                    opening_rows(ui, &game, &players, &mut choices, &locale);
                    online::hud_rows(ui, &mut requests.online, G::NAME, &locale);
                    if let Some(why) = &refused.0 {
                        let why = tr!(locale, "refused", why = why.as_str());
                        ui.label(egui::RichText::new(why).color(ERROR_UI));
                    }
                    let now = time.elapsed();
                    ai_and_buttons(
                        ui,
                        &game,
                        &players,
                        &mut pace,
                        &mut assist,
                        (thinking, hinting),
                        &hint,
                        now,
                        (&mut requests, &mut edits),
                        &locale,
                    );
                    ui.separator();
                    ui.horizontal(|ui| {
                        if ui
                            .button(tr!(locale, "hud-menu"))
                            .on_hover_text("Esc")
                            .clicked()
                        {
                            requests.screen.set(Screen::Menu);
                        }
                        if ui.button(tr!(locale, "hud-reset-camera")).clicked() {
                            requests.reset_camera.write(ResetCamera);
                        }
                    });
                    egui::CollapsingHeader::new(tr!(locale, "hud-more"))
                        .id_salt("hud more")
                        .open(fold)
                        .show(ui, |ui| {
                            file_row(ui, &mut save_path, &notice, &mut requests, &locale);
                            ui.separator();
                            sound_row(ui, &mut sound, &locale);
                            label_row(ui, &mut requests.labels, &locale);
                            let controls = locale.game(G::NAME, "controls");
                            ui.small(tr!(locale, "hud-keys", controls = controls));
                            ui.small(tr!(locale, "hud-camera-keys"));
                        });
                });
        });
    Ok(())
}

/// The board's labels: coordinates (C) and move numbers (O).
fn label_row(ui: &mut egui::Ui, labels: &mut ResMut<LabelSettings>, locale: &Locale) {
    ui.horizontal(|ui| {
        // Changed only when a box is: the settings file follows changes.
        let (mut coordinates, mut numbers) = (labels.coordinates, labels.move_numbers);
        if ui
            .checkbox(&mut coordinates, tr!(locale, "labels-coordinates"))
            .on_hover_text("C")
            .changed()
        {
            labels.coordinates = coordinates;
        }
        if ui
            .checkbox(&mut numbers, tr!(locale, "labels-move-numbers"))
            .on_hover_text("O")
            .changed()
        {
            labels.move_numbers = numbers;
        }
    });
}

/// The drawer's page of the HUD itself: what the bar leaves out.
const GAME_PAGE: &str = "game";

/// The HUD on a phone: a bar across the top with whose turn it is and the status,
/// the room's rows online, what the AI is doing or the tap a move waits for, and
/// the main buttons (undo, hint, new game, menu) with "More", which opens the drawer
/// (its pages: the rest of the HUD, the moves, the game's analysis).
fn compact_bar<G: TableGame>(
    ctx: &egui::Context,
    game: &CurrentGame<G>,
    players: &Players,
    thinking: Option<&AiTask<G::Move>>,
    hinting: Option<&AiTask<G::Move>>,
    hint: &Hint<G>,
    refused: Option<&str>,
    waiting: Option<&str>,
    assist: Level,
    requests: &mut Requests,
    choices: &mut MessageWriter<MoveRequested<G>>,
    locale: &Locale,
) {
    let width = ctx.content_rect().width() - 2.0 * ui_theme::EDGE;
    egui::Window::new(locale.game(G::NAME, "title"))
        .id(egui::Id::new("hud bar"))
        .title_bar(false)
        .anchor(egui::Align2::LEFT_TOP, [ui_theme::EDGE, ui_theme::EDGE])
        .resizable(false)
        .collapsible(false)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            // On a phone on its side the buttons stand beside the status, so the bar
            // takes one row of the low screen.
            let beside = ui.available_width() > 600.0;
            let buttons = if beside {
                5.0 * 96.0 + 4.0 * ui.spacing().item_spacing.x
            } else {
                ui.available_width()
            };
            let mut status = |ui: &mut egui::Ui, requests: &mut Requests| {
                ui.horizontal_wrapped(|ui| {
                    if let Some(seat) = game.flagged() {
                        let winner = locale.side(G::NAME, game.side_of_seat(seat).opponent());
                        ui.label(
                            egui::RichText::new(tr!(locale, "status-on-time", side = winner))
                                .strong()
                                .color(GOLD_UI),
                        );
                    } else if game.is_over() {
                        ui.label(
                            egui::RichText::new(game.status_line(locale))
                                .strong()
                                .color(GOLD_UI),
                        );
                    } else {
                        let seat = game.actor();
                        stone_icon(ui, G::side_colour(game.side_of_seat(seat)));
                        let who = seat_label(&**game, players, seat, locale);
                        ui.label(egui::RichText::new(who).strong());
                        ui.label(egui::RichText::new(game.status_line(locale)).small());
                    }
                });
                opening_rows(ui, game, players, choices, locale);
                if let Some(clocks) = game.clocks() {
                    // Both clocks on one line, first seat first.
                    ui.horizontal(|ui| {
                        for seat in Player::BOTH {
                            stone_icon(ui, G::side_colour(game.side_of_seat(seat)));
                            clock_reading(ui, game, clocks, seat);
                        }
                    });
                }
                online::hud_rows(ui, &mut requests.online, G::NAME, locale);
                ui.label(bar_line(
                    game, players, thinking, hinting, hint, refused, waiting, locale,
                ));
            };
            if beside {
                ui.horizontal(|ui| {
                    let rest = ui.available_width() - buttons - ui.spacing().item_spacing.x;
                    ui.vertical(|ui| {
                        ui.set_width(rest);
                        status(ui, requests);
                    });
                    bar_buttons(
                        ui, game, players, hinting, assist, buttons, requests, locale,
                    );
                });
            } else {
                status(ui, requests);
                bar_buttons(
                    ui, game, players, hinting, assist, buttons, requests, locale,
                );
            }
            let drawer = Drawer::get(ui.ctx());
            if drawer.open.is_some() {
                drawer_tabs(ui, &drawer, locale);
            }
        });
}

/// The bar's line under the status: a refused move, the tap a move waits for, the
/// AI at work, the hint; a blank line otherwise, so the buttons never jump.
fn bar_line<G: TableGame>(
    game: &CurrentGame<G>,
    players: &Players,
    thinking: Option<&AiTask<G::Move>>,
    hinting: Option<&AiTask<G::Move>>,
    hint: &Hint<G>,
    refused: Option<&str>,
    waiting: Option<&str>,
    locale: &Locale,
) -> egui::RichText {
    if let Some(why) = refused {
        egui::RichText::new(tr!(locale, "refused", why = why)).color(ERROR_UI)
    } else if let Some(name) = waiting {
        egui::RichText::new(tr!(locale, "touch-tap-again", at = name))
            .strong()
            .color(HINT_UI)
    } else if let Some(task) = thinking {
        let who = seat_label(&**game, players, task.side, locale);
        egui::RichText::new(tr!(locale, "touch-thinking", who = who)).color(AI_UI)
    } else if hinting.is_some() {
        egui::RichText::new(tr!(locale, "touch-hint-looking")).color(HINT_UI)
    } else if let Some(mv) = hint.for_game(game) {
        let mark = locale.game(G::NAME, "hint-mark");
        let text = tr!(locale, "hud-hint", at = mv.to_string(), mark = mark);
        egui::RichText::new(text).color(HINT_UI)
    } else {
        egui::RichText::new(" ")
    }
}

/// The bar's buttons in `width`, each a fifth of it and a finger tall: Undo (a
/// takeback request online), Hint, New game (not online), Menu, More.
fn bar_buttons<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    players: &Players,
    hinting: Option<&AiTask<G::Move>>,
    assist: Level,
    width: f32,
    requests: &mut Requests,
    locale: &Locale,
) {
    let allowed = Allowed::now(game, players, (None, hinting), requests);
    let drawer_open = Drawer::get(ui.ctx()).open.is_some();
    let gap = ui.spacing().item_spacing.x;
    let size = egui::vec2((width - 4.0 * gap) / 5.0, FINGER);
    ui.horizontal(|ui| {
        let button = |ui: &mut egui::Ui, enabled: bool, text: String| {
            ui.add_enabled(enabled, egui::Button::new(text).min_size(size))
                .clicked()
        };
        if button(ui, allowed.undo, tr!(locale, "hud-undo")) {
            requests.undo.write(UndoRequested);
        }
        if button(ui, allowed.hint, tr!(locale, "hud-hint-button")) {
            requests.hint.write(HintRequested { level: assist });
        }
        if button(ui, allowed.new_game, tr!(locale, "touch-new")) {
            requests.new_game.write(NewGameRequested);
        }
        if button(ui, true, tr!(locale, "hud-menu")) {
            requests.screen.set(Screen::Menu);
        }
        let more = if drawer_open {
            tr!(locale, "touch-less")
        } else {
            tr!(locale, "touch-more")
        };
        if button(ui, true, more) {
            let page = (!drawer_open).then_some(GAME_PAGE);
            Drawer::open(ui.ctx(), page);
        }
    });
}

/// The drawer's tabs: the HUD's own page first, then the panels that offered one.
fn drawer_tabs(ui: &mut egui::Ui, drawer: &Drawer, locale: &Locale) {
    let mut pages = vec![(GAME_PAGE, tr!(locale, "touch-game-page"))];
    pages.extend(
        drawer
            .pages(ui.ctx())
            .into_iter()
            .filter(|(key, _)| *key != GAME_PAGE),
    );
    ui.horizontal(|ui| {
        let size = egui::vec2(0.0, FINGER);
        for (key, title) in pages {
            let chosen = drawer.is_open_on(key);
            let tab = ui.add(egui::Button::selectable(chosen, title).min_size(size));
            if tab.clicked() && !chosen {
                Drawer::open(ui.ctx(), Some(key));
            }
        }
    });
}

/// The game's line, who plays each side, whose turn it is and the status.
fn sides_and_status<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    players: &Players,
    locale: &Locale,
) {
    ui.label(game.describe(locale));
    for seat in Player::BOTH {
        ui.horizontal(|ui| {
            stone_icon(ui, G::side_colour(game.side_of_seat(seat)));
            ui.label(seat_label(&**game, players, seat, locale));
            if let Some(clocks) = game.clocks() {
                clock_face(ui, game, clocks, seat);
            }
        });
    }
    ui.separator();
    if let Some(seat) = game.flagged() {
        let winner = locale.side(G::NAME, game.side_of_seat(seat).opponent());
        ui.heading(
            egui::RichText::new(tr!(locale, "status-on-time", side = winner))
                .strong()
                .color(GOLD_UI),
        );
    } else if game.is_over() {
        ui.heading(
            egui::RichText::new(game.status_line(locale))
                .strong()
                .color(GOLD_UI),
        );
    } else {
        let side = game.side_to_move();
        ui.horizontal(|ui| {
            stone_icon(ui, G::side_colour(side));
            let to_move = tr!(locale, "hud-to-move", side = locale.side(G::NAME, side));
            ui.label(egui::RichText::new(to_move).strong());
        });
        ui.label(game.status_line(locale));
    }
}

/// An opening rule's step: what the seat to act must do, and, for a person, its
/// choices as buttons (a click on the board puts a stone as usual).
fn opening_rows<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    players: &Players,
    choices: &mut MessageWriter<MoveRequested<G>>,
    locale: &Locale,
) {
    if game.is_finished() || game.editing() {
        return;
    }
    let Some(prompt) = game.prompt(locale) else {
        return;
    };
    ui.label(egui::RichText::new(prompt).strong().color(HINT_UI));
    if !players.get(game.actor()).is_human() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (mv, text) in game.choices(locale) {
            if ui
                .add(egui::Button::new(text).min_size(egui::vec2(0.0, FINGER)))
                .clicked()
            {
                choices.write(MoveRequested::new(mv, game.generation()));
            }
        }
    });
}

/// `player`'s clock, right of its seat.
fn clock_face<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    clocks: &GameClocks,
    player: Player,
) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        clock_reading(ui, game, clocks, player);
    });
}

/// `player`'s time left: the running clock (the side to move's) in gold, under ten
/// seconds in red.
fn clock_reading<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    clocks: &GameClocks,
    player: Player,
) {
    let left = clocks.left(player);
    let running = !game.is_finished() && game.actor() == player;
    let colour = if left < std::time::Duration::from_secs(10) {
        ERROR_UI
    } else if running {
        GOLD_UI
    } else {
        ui.visuals().text_color()
    };
    let text = egui::RichText::new(reading_text(left))
        .monospace()
        .size(18.0)
        .color(colour);
    ui.label(if running { text.strong() } else { text });
}

/// The AI at work, live, on two lines that are always there, so the buttons below
/// never jump; then the move count.
fn ai_at_work<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    players: &Players,
    pace: &AiPace,
    thinking: Option<&AiTask<G::Move>>,
    hinting: Option<&AiTask<G::Move>>,
    hint: &Hint<G>,
    now: std::time::Duration,
    locale: &Locale,
) {
    let side = game.actor();
    let mut headline = egui::RichText::new(" ");
    let mut detail = egui::RichText::new(" ").small();
    if let Some(task) = thinking {
        let elapsed = now.saturating_sub(task.started);
        let who = if players.get(task.side).is_human() {
            let side = locale.side(G::NAME, game.side_of_seat(task.side));
            tr!(locale, "hud-ai-for", level = task.level.get(), side = side)
        } else {
            seat_label(&**game, players, task.side, locale)
        };
        let seconds = format!("{:.1}", elapsed.as_secs_f32());
        headline = egui::RichText::new(tr!(locale, "hud-thinking", who = who, seconds = seconds))
            .color(AI_UI);
        let progress = task.progress();
        if progress.depth > 0 {
            detail = egui::RichText::new(tr!(
                locale,
                "hud-progress",
                depth = progress.depth,
                nodes = locale.count(progress.nodes),
                best = progress.best.as_deref().unwrap_or("-")
            ))
            .small();
        }
    } else if !game.is_over() && !players.get(side).is_human() {
        let who = seat_label(&**game, players, side, locale);
        let text = if pace.auto {
            tr!(locale, "hud-moves-next", who = who)
        } else {
            tr!(locale, "hud-waits", who = who)
        };
        headline = egui::RichText::new(text).color(AI_UI);
    }
    if let Some(task) = hinting {
        let elapsed = now.saturating_sub(task.started);
        let seconds = format!("{:.1}", elapsed.as_secs_f32());
        let text = tr!(
            locale,
            "hud-hint-looking",
            level = task.level.get(),
            seconds = seconds
        );
        detail = egui::RichText::new(text).color(HINT_UI);
    } else if let Some(mv) = hint.for_game(game) {
        let mark = locale.game(G::NAME, "hint-mark");
        let text = tr!(locale, "hud-hint", at = mv.to_string(), mark = mark);
        detail = egui::RichText::new(text).color(HINT_UI);
    }
    ui.label(headline);
    ui.label(detail);
    let names = game.move_names(locale);
    let last = names.last().map_or("-", String::as_str);
    ui.label(tr!(
        locale,
        "hud-moves-line",
        count = names.len(),
        last = last
    ));
}

/// The AI at work, the game buttons and, where an AI plays (not an online
/// opponent, who keeps their own pace), Pause/Auto and Step: the HUD's middle, in
/// the side panel and in the drawer alike; the Edit mode's rows while a position is
/// set up.
fn ai_and_buttons<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    players: &Players,
    pace: &mut AiPace,
    assist: &mut AssistLevel,
    (thinking, hinting): (Option<&AiTask<G::Move>>, Option<&AiTask<G::Move>>),
    hint: &Hint<G>,
    now: std::time::Duration,
    (requests, edits): (&mut Requests, &mut MessageWriter<EditPosition<G>>),
    locale: &Locale,
) {
    // Setting up a position, the Edit mode's rows stand in their place.
    if game.editing() {
        edit::edit_rows(ui, game, requests, edits, locale);
        return;
    }
    ai_at_work(
        ui, game, players, pace, thinking, hinting, hint, now, locale,
    );
    ui.separator();
    game_buttons(
        ui, game, players, assist, thinking, hinting, requests, locale,
    );
    if !players.all_human() && !requests.online.in_room() {
        ai_pace(ui, game, players, pace, thinking, requests, locale);
    }
}

/// Which of the game buttons can be used now: online, New game is the room's
/// rematch (its own button), undo a takeback request while the game is played, and
/// nothing is redone; no engine helps in a game against another person online
/// until it ends.
struct Allowed {
    new_game: bool,
    undo: bool,
    redo: bool,
    hint: bool,
    ai_move: bool,
    review: bool,
}

impl Allowed {
    fn now<G: TableGame>(
        game: &CurrentGame<G>,
        players: &Players,
        (thinking, hinting): (Option<&AiTask<G::Move>>, Option<&AiTask<G::Move>>),
        requests: &Requests,
    ) -> Self {
        let online = requests.online.in_room();
        let person_to_move = !game.is_over() && players.get(game.actor()).is_human();
        let assists = (!online || game.is_over()) && person_to_move;
        Self {
            new_game: !online,
            undo: game.can_undo() && (!online || (requests.online.playing() && !game.is_over())),
            redo: game.can_redo() && !online,
            hint: assists && hinting.is_none(),
            ai_move: assists && thinking.is_none(),
            review: (game.can_undo() || game.can_redo()) && (!online || game.is_over()),
        }
    }
}

/// New game, Undo, Redo; Hint and AI move with the level they use.
fn game_buttons<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    players: &Players,
    assist: &mut AssistLevel,
    thinking: Option<&AiTask<G::Move>>,
    hinting: Option<&AiTask<G::Move>>,
    requests: &mut Requests,
    locale: &Locale,
) {
    let allowed = Allowed::now(game, players, (thinking, hinting), requests);
    let online = requests.online.in_room();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                allowed.new_game,
                egui::Button::new(tr!(locale, "hud-new-game")),
            )
            .on_hover_text("N")
            .clicked()
        {
            requests.new_game.write(NewGameRequested);
        }
        let undo_tip = if players.any_human() && !players.all_human() {
            tr!(locale, "hud-undo-tip-pair")
        } else {
            tr!(locale, "hud-undo-tip")
        };
        let undo_tip = if online {
            tr!(locale, "online-takeback-tip")
        } else {
            undo_tip
        };
        if ui
            .add_enabled(allowed.undo, egui::Button::new(tr!(locale, "hud-undo")))
            .on_hover_text(undo_tip)
            .clicked()
        {
            requests.undo.write(UndoRequested);
        }
        if ui
            .add_enabled(allowed.redo, egui::Button::new(tr!(locale, "hud-redo")))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            requests.redo.write(RedoRequested);
        }
        let label = if requests.game_review.is_running() {
            tr!(locale, "review-cancel")
        } else {
            tr!(locale, "review-button")
        };
        if ui
            .add_enabled(allowed.review, egui::Button::new(label))
            .on_hover_text(tr!(locale, "review-tip"))
            .clicked()
        {
            requests.review.write(ReviewRequested);
        }
        if ui
            .add_enabled(!online, egui::Button::new(tr!(locale, "edit-button")))
            .on_hover_text(tr!(locale, "edit-tip"))
            .clicked()
        {
            requests.edit.write(EditRequested::Start);
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                allowed.hint,
                egui::Button::new(tr!(locale, "hud-hint-button")),
            )
            .on_hover_text(tr!(locale, "hud-hint-tip"))
            .clicked()
        {
            requests.hint.write(HintRequested { level: assist.0 });
        }
        if ui
            .add_enabled(
                allowed.ai_move,
                egui::Button::new(tr!(locale, "hud-ai-move")),
            )
            .on_hover_text(tr!(locale, "hud-ai-move-tip"))
            .clicked()
        {
            requests.ai_move.write(AiMoveRequested { level: assist.0 });
        }
        egui::ComboBox::from_id_salt("assist level")
            .selected_text(tr!(locale, "hud-ai-level", level = assist.0.get()))
            .width(56.0)
            .show_ui(ui, |ui| {
                for n in 1..=5 {
                    let level = Level::new(n).expect("1..=5 are levels");
                    ui.selectable_value(
                        &mut assist.0,
                        level,
                        tr!(locale, "hud-ai-level", level = n),
                    );
                }
            });
    });
}

/// Pause/Auto and Step, where an AI plays.
fn ai_pace<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    players: &Players,
    pace: &mut AiPace,
    thinking: Option<&AiTask<G::Move>>,
    requests: &mut Requests,
    locale: &Locale,
) {
    ui.horizontal(|ui| {
        let (label, tip) = if pace.auto {
            (tr!(locale, "hud-pause"), tr!(locale, "hud-pause-tip"))
        } else {
            (tr!(locale, "hud-auto"), tr!(locale, "hud-auto-tip"))
        };
        if ui.button(label).on_hover_text(tip).clicked() {
            pace.auto = !pace.auto;
        }
        let ai_to_move = !game.is_over() && !players.get(game.actor()).is_human();
        if ui
            .add_enabled(
                !pace.auto && ai_to_move && thinking.is_none(),
                egui::Button::new(tr!(locale, "hud-step")),
            )
            .on_hover_text(tr!(locale, "hud-step-tip"))
            .clicked()
        {
            requests.step.write(AiStepRequested);
        }
        ui.label(if pace.auto {
            tr!(locale, "hud-ais-auto")
        } else {
            tr!(locale, "hud-ais-paused")
        });
    });
}

/// The file name, Save and Load, and how the last of them went.
fn file_row(
    ui: &mut egui::Ui,
    save_path: &mut SavePath,
    notice: &FileNotice,
    requests: &mut Requests,
    locale: &Locale,
) {
    ui.horizontal(|ui| {
        ui.label(tr!(locale, "file-label"));
        ui.add(egui::TextEdit::singleline(&mut save_path.0).desired_width(150.0));
    });
    ui.horizontal(|ui| {
        if ui.button(tr!(locale, "file-save")).clicked() {
            requests.save.write(SaveRequested {
                path: PathBuf::from(save_path.0.trim()),
            });
        }
        // In a browser there is no path to read: Load opens the file picker.
        #[cfg(not(target_arch = "wasm32"))]
        if ui.button(tr!(locale, "file-load")).clicked() {
            requests.load.write(LoadRequested {
                path: PathBuf::from(save_path.0.trim()),
            });
        }
        // The system's file dialog; the field above is the fallback.
        #[cfg(not(target_arch = "wasm32"))]
        ui.add_enabled_ui(!requests.dialogs.is_open(), |ui| {
            if ui.button(tr!(locale, "file-save-as")).clicked() {
                requests.dialogs.open(true, &save_path.0);
            }
            if ui.button(tr!(locale, "file-open")).clicked() {
                requests.dialogs.open(false, &save_path.0);
            }
        });
        #[cfg(target_arch = "wasm32")]
        if ui.button(tr!(locale, "file-load-web")).clicked()
            && let Err(why) = crate::app::files::pick_game_file()
        {
            warn!("{why}");
        }
    });
    match &notice.0 {
        Some(Ok(text)) => {
            ui.small(egui::RichText::new(text).color(DONE_UI));
        }
        Some(Err(text)) => {
            ui.label(egui::RichText::new(text).color(ERROR_UI));
        }
        None => {}
    }
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
