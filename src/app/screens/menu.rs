//! The main menu (egui): pick the game and its settings, then Start; Quit on desktop.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Level;
use crate::app::gomoku::GomokuSettings;
use crate::app::{Players, Screen};
use crate::record::PlayerKind;
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, MAX_SIDE, MIN_SIDE, Rule, stone_name};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu.run_if(in_state(Screen::Menu)),
    );
}

fn draw_menu(
    mut contexts: EguiContexts,
    mut settings: ResMut<GomokuSettings>,
    mut players: ResMut<Players>,
    mut screen: ResMut<NextState<Screen>>,
    #[cfg(not(target_arch = "wasm32"))] mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Tabletop")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .collapsible(false)
        .min_width(320.0)
        .show(ctx, |ui| {
            ui.heading("Gomoku");
            ui.label("Five in a row. Black moves first.");
            ui.small("Each side: a person or an AI (1 weakest, 5 strongest).");
            ui.add_space(8.0);
            let (mut width, mut height) = (settings.size.width(), settings.size.height());
            egui::Grid::new("gomoku settings")
                .num_columns(2)
                .spacing([16.0, 8.0])
                .show(ui, |ui| {
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
                    for player in Player::BOTH {
                        ui.label(stone_name(player));
                        seat_picker(ui, &mut players, player);
                        ui.end_row();
                    }
                    ui.label("");
                    if ui
                        .button("Swap sides")
                        .on_hover_text("Who plays Black (and moves first) plays White instead")
                        .clicked()
                    {
                        players.0 = players.swapped();
                    }
                    ui.end_row();
                });
            // The sliders only produce sizes in range, so this never fails; keep the
            // old size if it somehow did.
            if let Ok(size) = BoardSize::new(width, height)
                && size != settings.size
            {
                settings.size = size;
            }
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
