//! The main menu (egui): pick the game and its settings, then Start; Quit on desktop.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::Screen;
use crate::app::gomoku::GomokuSettings;
use crate::rules::gomoku::{BoardSize, MAX_SIDE, MIN_SIDE, Rule};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu.run_if(in_state(Screen::Menu)),
    );
}

fn draw_menu(
    mut contexts: EguiContexts,
    mut settings: ResMut<GomokuSettings>,
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
