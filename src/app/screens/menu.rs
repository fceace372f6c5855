//! The main menu (egui): pick the game and its settings, then Start; Quit on desktop.
//! Each game draws it while it is the one chosen, with the rows of its settings
//! made from its schema (`settings`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::settings::settings_rows;
use crate::ai::Level;
use crate::app::files::autosave::ContinueOffer;
use crate::app::locale::{Language, LanguageChosen, Locale};
use crate::app::online::panel::{OnlinePanel, menu_section as online_section};
use crate::app::sound::{SoundSettings, sound_row};
use crate::app::table::{
    AppSystems, ClockSetting, CurrentGame, GameKind, GameSetup, GameSystems, Part, Players, Screen,
    TableGame, TableGames,
};
use crate::app::ui_theme::{self, GameFonts, fonts_settled};
use crate::clocks::{PRESETS, TimeControl};
use crate::record::{PlayerKind, SavedGame};
use crate::rules::Player;
use crate::tr;

/// The menu while game `G` is the one chosen, over its board (the title scene).
pub(in crate::app) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu::<G>
            .in_set(GameSystems(G::KIND, Part::Menu))
            .run_if(in_state(Screen::Menu).and_then(in_state(G::KIND))),
    )
    .add_systems(
        Update,
        lay_for_settings::<G>
            .in_set(AppSystems::ApplyMoves)
            .run_if(in_state(Screen::Menu).and_then(in_state(G::KIND))),
    );
}

/// The title scene: behind the menu the chosen game's board stands as the menu's
/// settings lay it (another Gomoku size shows at once). The game on the table is set
/// to a new game of those settings when they change; in the menu nothing of it is
/// played or saved (the autosave keeps the game left, for Continue), and Start sets
/// up the game again.
fn lay_for_settings<G: TableGame>(
    setup: Res<GameSetup<G>>,
    mut current: ResMut<CurrentGame<G>>,
    mut laid: Local<Option<GameSetup<G>>>,
) {
    if laid.as_ref() != Some(&*setup) {
        *laid = Some(setup.clone());
        current.replace(setup.new_game());
    }
}

/// The menu, drawn by the game chosen in it: the tabs of every game, this game's
/// blurb and settings, who plays each side, Start.
fn draw_menu<G: TableGame>(
    mut contexts: EguiContexts,
    games: Res<TableGames>,
    mut next_kind: ResMut<NextState<GameKind>>,
    mut setup: ResMut<GameSetup<G>>,
    mut players: ResMut<Players>,
    mut screen: ResMut<NextState<Screen>>,
    offer: Res<ContinueOffer>,
    mut commands: Commands,
    #[cfg(not(target_arch = "wasm32"))] mut exit: MessageWriter<AppExit>,
    fonts: Option<Res<GameFonts>>,
    mut sound: ResMut<SoundSettings>,
    locale: Res<Locale>,
    mut languages: MessageWriter<LanguageChosen>,
    mut online: OnlinePanel,
    (mut shown, mut clock): (Local<bool>, ResMut<ClockSetting>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !*shown && fonts_settled(fonts) {
        *shown = true;
        // How long start-up took (to the menu with its fonts), for people and for
        // the web smoke test.
        info!("menu on screen");
    }
    // As tall as its content; in a low window (640x400) what does not fit scrolls,
    // above the Start row.
    let compact = ui_theme::compact(ctx);
    let room = ctx.content_rect().height() - if compact { 150.0 } else { 130.0 };
    // At the left, as the HUD in play: the board stands beside it. On a phone, a
    // sheet as wide as the screen over the table.
    let window = egui::Window::new(tr!(locale, "menu-title"))
        .id(egui::Id::new("menu"))
        .resizable(false)
        .collapsible(false);
    let window = if compact {
        let width = ctx.content_rect().width() - 2.0 * ui_theme::EDGE;
        window
            .anchor(egui::Align2::LEFT_TOP, [ui_theme::EDGE, ui_theme::EDGE])
            .min_width(width)
            .max_width(width)
    } else {
        window
            .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
            .min_width(320.0)
    };
    let button_height = if compact { ui_theme::FINGER } else { 32.0 };
    window.show(ctx, |ui| {
        egui::ScrollArea::vertical()
            .min_scrolled_height(room)
            .max_height(room)
            .show(ui, |ui| {
                if let Some((saved, _)) = &offer.game {
                    // On a phone the game's line goes under the button.
                    let layout = if compact {
                        egui::Layout::top_down(egui::Align::Min)
                    } else {
                        egui::Layout::left_to_right(egui::Align::Center)
                    };
                    ui.with_layout(layout, |ui| {
                        if ui
                            .add_sized(
                                [120.0, button_height],
                                egui::Button::new(tr!(locale, "menu-continue")),
                            )
                            .on_hover_text(tr!(locale, "menu-continue-tip"))
                            .clicked()
                        {
                            commands.queue(ContinueOffer::accept);
                        }
                        ui.label(describe_saved(saved, &locale));
                    });
                    ui.separator();
                }
                if let Some(notice) = &offer.notice {
                    ui.colored_label(egui::Color32::from_rgb(230, 120, 100), notice);
                    ui.separator();
                }
                // The games' names: in one row beside a board (the menu as wide as
                // they need), wrapped on a phone.
                let tabs = |ui: &mut egui::Ui| {
                    for game in games.kinds() {
                        let title = egui::RichText::new(locale.game(game.name(), "title"));
                        let title = if compact {
                            title.strong()
                        } else {
                            title.heading()
                        };
                        if ui.selectable_label(game == G::KIND, title).clicked() && game != G::KIND
                        {
                            next_kind.set(game);
                        }
                    }
                };
                if compact {
                    ui.horizontal_wrapped(tabs);
                } else {
                    ui.horizontal(tabs);
                }
                ui.separator();
                for line in locale.game(G::NAME, "blurb").lines() {
                    ui.label(line);
                }
                ui.small(tr!(locale, "menu-seats-help"));
                ui.add_space(8.0);
                egui::Grid::new("game settings")
                    .num_columns(2)
                    .spacing([16.0, 8.0])
                    .show(ui, |ui| {
                        let mut edited = setup.clone();
                        settings_rows(ui, &mut edited, &locale);
                        // Changed only when a widget changed it: the title scene
                        // and the settings file follow changes.
                        setup.set_if_neq(edited);
                        for player in Player::BOTH {
                            ui.label(locale.side(G::NAME, player));
                            seat_picker(ui, &mut players, player, &locale);
                            ui.end_row();
                        }
                        ui.label("");
                        let tip = tr!(
                            locale,
                            "menu-swap-tip",
                            first = locale.side(G::NAME, Player::First),
                            second = locale.side(G::NAME, Player::Second)
                        );
                        let swap = ui.button(tr!(locale, "menu-swap"));
                        if swap.on_hover_text(tip).clicked() {
                            players.0 = players.swapped();
                        }
                        ui.end_row();
                        ui.label(tr!(locale, "menu-clock"))
                            .on_hover_text(tr!(locale, "menu-clock-tip"));
                        clock_picker(ui, &mut clock, &locale);
                        ui.end_row();
                    });
                ui.add_space(4.0);
                online_section(ui, &mut online, G::NAME, &setup, clock.0, &locale);
                ui.add_space(8.0);
                sound_row(ui, &mut sound, &locale);
                language_row(ui, &locale, &mut languages);
                ui.add_space(8.0);
            });
        // Start stays in sight below what scrolls.
        ui.horizontal(|ui| {
            if ui
                .add_sized(
                    [120.0, button_height],
                    egui::Button::new(tr!(locale, "menu-start")),
                )
                .clicked()
            {
                screen.set(Screen::Playing);
            }
            #[cfg(not(target_arch = "wasm32"))]
            if ui
                .add_sized(
                    [80.0, button_height],
                    egui::Button::new(tr!(locale, "menu-quit")),
                )
                .clicked()
            {
                exit.write(AppExit::Success);
            }
        });
    });
    Ok(())
}

/// The language: each in its own name, so anyone finds theirs.
fn language_row(ui: &mut egui::Ui, locale: &Locale, languages: &mut MessageWriter<LanguageChosen>) {
    ui.horizontal(|ui| {
        ui.label(tr!(locale, "menu-language"));
        for language in Language::ALL {
            if ui
                .selectable_label(locale.language() == language, language.own_name())
                .clicked()
                && locale.language() != language
            {
                languages.write(LanguageChosen(language));
            }
        }
    });
}

/// The autosave's game in one line, in the player's language: `Gomoku 15x15
/// freestyle · 23 moves · Black person, White AI 3`.
fn describe_saved(saved: &SavedGame, locale: &Locale) -> String {
    let game = &saved.game;
    let settings = game.settings().join(" ");
    let side = |player: Player| {
        let side = locale.side(game.name(), player);
        match saved.seats.get(player) {
            PlayerKind::Human => tr!(locale, "continue-person", side = side),
            PlayerKind::Ai(level) => tr!(locale, "continue-ai", side = side, level = level.get()),
            PlayerKind::Online => tr!(locale, "continue-online", side = side),
        }
    };
    tr!(
        locale,
        "continue-line",
        game = locale.game(game.name(), "title"),
        settings = settings,
        count = game.plies(),
        first = side(Player::First),
        second = side(Player::Second)
    )
}

/// Human or AI for one side, with the AI's level: on one row, or on a phone the
/// level's slider below the choice.
/// The time control of new games: none, or one of the presets.
fn clock_picker(ui: &mut egui::Ui, clock: &mut ResMut<ClockSetting>, locale: &Locale) {
    let name = |control: Option<TimeControl>| {
        control.map_or_else(|| tr!(locale, "menu-clock-none"), |c| c.to_string())
    };
    let mut chosen = clock.0;
    egui::ComboBox::from_id_salt("clock")
        .selected_text(name(chosen))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut chosen, None, name(None));
            for preset in PRESETS {
                let control = preset.parse().ok();
                ui.selectable_value(&mut chosen, control, name(control));
            }
        });
    // Changed only when chosen: the settings file follows changes.
    if chosen != clock.0 {
        clock.0 = chosen;
    }
}

fn seat_picker(ui: &mut egui::Ui, players: &mut Players, player: Player, locale: &Locale) {
    let current = players.get(player);
    let layout = if ui_theme::compact(ui.ctx()) {
        egui::Layout::top_down(egui::Align::Min)
    } else {
        egui::Layout::left_to_right(egui::Align::Center)
    };
    ui.with_layout(layout, |ui| {
        let mut kind = current;
        ui.horizontal(|ui| {
            ui.radio_value(&mut kind, PlayerKind::Human, tr!(locale, "seat-human"));
            let level = current.level().unwrap_or(Level::new(3).expect("a level"));
            ui.radio_value(&mut kind, PlayerKind::Ai(level), tr!(locale, "seat-ai"));
        });
        if let PlayerKind::Ai(level) = kind {
            let mut n = level.get();
            let range = Level::MIN.get()..=Level::MAX.get();
            ui.add(egui::Slider::new(&mut n, range).text(tr!(locale, "seat-level")));
            kind = PlayerKind::Ai(Level::new(n).unwrap_or(level));
        }
        if kind != current {
            players.set(player, kind);
        }
    });
}
