//! The move list: every move in notation, numbered per pair, the last one marked.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::app::locale::Locale;
use crate::app::table::{CurrentGame, TableGame};
use crate::app::theme::GOLD_UI;
use crate::tr;

/// The move list: every move in notation, numbered per pair, the last one marked.
pub(super) fn draw_move_list<G: TableGame>(
    mut contexts: EguiContexts,
    game: Res<CurrentGame<G>>,
    locale: Res<Locale>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let moves = game.move_names(&locale);
    let title = tr!(locale, "moves-title");
    let Some(window) =
        crate::app::ui_theme::corner_window(ctx, title, "moves", egui::Align2::RIGHT_TOP)
    else {
        return Ok(());
    };
    window
        .min_width(170.0)
        .default_width(170.0)
        .show(ctx, |ui| {
            if moves.is_empty() {
                ui.weak(tr!(locale, "moves-none"));
                return;
            }
            egui::ScrollArea::vertical()
                .max_height(300.0)
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
                                                .background_color(GOLD_UI),
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
