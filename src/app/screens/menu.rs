//! The main menu (egui): pick the game and its settings, then Start; Quit on desktop.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Level;
use crate::app::gomoku::GomokuSettings;
use crate::app::knucklebones::{KnucklebonesSettings, Starter};
use crate::app::table::TableGame;
use crate::app::{GameKind, Players, Screen};
use crate::record::PlayerKind;
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, MAX_SIDE, MIN_SIDE, Rule};
use crate::rules::knucklebones::Knucklebones;
use crate::rules::tictactoe::TicTacToe;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu.run_if(in_state(Screen::Menu)),
    );
}

fn draw_menu(
    mut contexts: EguiContexts,
    kind: Res<State<GameKind>>,
    mut next_kind: ResMut<NextState<GameKind>>,
    mut settings: ResMut<GomokuSettings>,
    mut dice: ResMut<KnucklebonesSettings>,
    mut seed_text: Local<Option<String>>,
    mut players: ResMut<Players>,
    mut screen: ResMut<NextState<Screen>>,
    #[cfg(not(target_arch = "wasm32"))] mut exit: MessageWriter<AppExit>,
    mut shown: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !*shown {
        *shown = true;
        // How long start-up took, for people and for the web smoke test.
        info!("menu on screen");
    }
    egui::Window::new("Tabletop")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .collapsible(false)
        .min_width(320.0)
        .show(ctx, |ui| {
            let kind = *kind.get();
            ui.horizontal(|ui| {
                for game in GameKind::ALL {
                    if ui
                        .selectable_label(
                            kind == game,
                            egui::RichText::new(game.to_string()).heading(),
                        )
                        .clicked()
                        && game != kind
                    {
                        next_kind.set(game);
                    }
                }
            });
            ui.separator();
            let side_name = match kind {
                GameKind::Gomoku => Gomoku::side_name,
                GameKind::TicTacToe => TicTacToe::side_name,
                GameKind::Knucklebones => Knucklebones::side_name,
            };
            match kind {
                GameKind::Gomoku => {
                    ui.label("Five in a row. Black moves first.");
                }
                GameKind::TicTacToe => {
                    ui.label("Three in a row on 3x3. X moves first.");
                }
                GameKind::Knucklebones => {
                    ui.label("Roll, place the die in a column of your tray: the other");
                    ui.label("side loses its dice of that value in the same column.");
                    ui.label("Equal dice in a column multiply. Most points wins.");
                }
            }
            ui.small("Each side: a person or an AI (1 weakest, 5 strongest).");
            ui.add_space(8.0);
            egui::Grid::new("game settings")
                .num_columns(2)
                .spacing([16.0, 8.0])
                .show(ui, |ui| {
                    match kind {
                        GameKind::Gomoku => gomoku_settings(ui, &mut settings),
                        GameKind::Knucklebones => dice_settings(ui, &mut dice, &mut seed_text),
                        GameKind::TicTacToe => {}
                    }
                    for player in Player::BOTH {
                        ui.label(side_name(player));
                        seat_picker(ui, &mut players, player);
                        ui.end_row();
                    }
                    ui.label("");
                    let tip = format!(
                        "Who plays {} (and moves first) plays {} instead",
                        side_name(Player::First),
                        side_name(Player::Second)
                    );
                    if ui.button("Swap sides").on_hover_text(tip).clicked() {
                        players.0 = players.swapped();
                    }
                    ui.end_row();
                });
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                if ui
                    .add_sized([120.0, 32.0], egui::Button::new("Start"))
                    .clicked()
                {
                    screen.set(Screen::Playing);
                }
                #[cfg(not(target_arch = "wasm32"))]
                if ui
                    .add_sized([80.0, 32.0], egui::Button::new("Quit"))
                    .clicked()
                {
                    exit.write(AppExit::Success);
                }
            });
        });
    Ok(())
}

/// Gomoku's board size and rule, as rows of the settings grid.
fn gomoku_settings(ui: &mut egui::Ui, settings: &mut GomokuSettings) {
    let (mut width, mut height) = (settings.size.width(), settings.size.height());
    ui.label("Width");
    ui.add(egui::Slider::new(&mut width, MIN_SIDE..=MAX_SIDE));
    ui.end_row();
    ui.label("Height");
    ui.add(egui::Slider::new(&mut height, MIN_SIDE..=MAX_SIDE));
    ui.end_row();
    ui.label("Rule");
    ui.vertical(|ui| {
        ui.radio_value(
            &mut settings.rule,
            Rule::FreeStyle,
            "Free-style (five or more)",
        );
        ui.radio_value(
            &mut settings.rule,
            Rule::Standard,
            "Standard (exactly five)",
        );
    });
    ui.end_row();
    // The sliders only produce sizes in range, so this never fails; keep the old
    // size if it somehow did.
    if let Ok(size) = BoardSize::new(width, height)
        && size != settings.size
    {
        settings.size = size;
    }
}

/// Knucklebones' dice seed and who starts, as rows of the settings grid.
fn dice_settings(
    ui: &mut egui::Ui,
    dice: &mut KnucklebonesSettings,
    seed_text: &mut Option<String>,
) {
    ui.label("Starts");
    ui.horizontal(|ui| {
        ui.radio_value(&mut dice.starter, Starter::First, "Player 1");
        ui.radio_value(&mut dice.starter, Starter::Second, "Player 2");
        ui.radio_value(&mut dice.starter, Starter::Random, "Random");
    });
    ui.end_row();
    ui.label("Dice seed");
    ui.vertical(|ui| {
        let text =
            seed_text.get_or_insert_with(|| dice.seed.map(|s| s.to_string()).unwrap_or_default());
        ui.add(
            egui::TextEdit::singleline(text)
                .hint_text("random")
                .desired_width(160.0),
        );
        let trimmed = text.trim();
        if trimmed.is_empty() {
            dice.seed = None;
            ui.small("Empty: a new random seed every game");
        } else if let Ok(seed) = trimmed.parse() {
            dice.seed = Some(seed);
            ui.small("Every game with this seed rolls the same dice");
        } else {
            ui.small(
                egui::RichText::new("Not a number: games use a random seed")
                    .color(egui::Color32::from_rgb(255, 120, 110)),
            );
            dice.seed = None;
        }
    });
    ui.end_row();
}

/// Human or AI for one side, with the AI's level.
fn seat_picker(ui: &mut egui::Ui, players: &mut Players, player: Player) {
    let current = players.get(player);
    ui.horizontal(|ui| {
        let mut kind = current;
        ui.radio_value(&mut kind, PlayerKind::Human, "Human");
        let as_ai = PlayerKind::Ai(current.level().unwrap_or(Level::new(3).expect("a level")));
        ui.radio_value(&mut kind, as_ai, "AI");
        if let PlayerKind::Ai(level) = kind {
            let mut n = level.get();
            ui.add(egui::Slider::new(&mut n, Level::MIN.get()..=Level::MAX.get()).text("level"));
            kind = PlayerKind::Ai(Level::new(n).unwrap_or(level));
        }
        if kind != current {
            players.set(player, kind);
        }
    });
}
