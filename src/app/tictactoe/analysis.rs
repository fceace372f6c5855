//! Tic-tac-toe's analysis panel: the switch, the colour key, and the solved value of
//! every move for the side to move, as the tint on the board shows it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Analysis, CurrentGame, TIC_TAC_TOE};
use crate::ai::tictactoe::{Value, move_values, value};
use crate::app::locale::Locale;
use crate::app::theme::Signal;
use crate::rules::Game;
use crate::rules::tictactoe::{Cell, TicTacToe};
use crate::tr;

/// The panel, while Tic-tac-toe is on the table.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        analysis_panel.run_if(in_state(TIC_TAC_TOE)),
    );
}

/// Tic-tac-toe's analysis: the switch, the colour key, and the solved value of every
/// move for the side to move, as the tint on the board shows it.
fn analysis_panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    mut analysis: ResMut<Analysis>,
    locale: Res<Locale>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let title = tr!(locale, "analysis-title");
    let Some(window) =
        crate::app::ui_theme::corner_window(ctx, title, "analysis", egui::Align2::RIGHT_BOTTOM)
    else {
        return Ok(());
    };
    window.show(ctx, |ui| {
        ui.checkbox(&mut analysis.0, tr!(locale, "analysis-show-solved"));
        if !analysis.0 {
            return;
        }
        let colour = |value: Value| match value {
            Value::Win(_) => Signal::Good.ui(),
            Value::Draw => Signal::Fair.ui(),
            Value::Loss(_) => Signal::Bad.ui(),
        };
        let describe = |value: Value| match value {
            Value::Win(n) => tr!(locale, "value-wins-in", n = n),
            Value::Draw => tr!(locale, "value-draws"),
            Value::Loss(n) => tr!(locale, "value-loses-in", n = n),
        };
        if game.is_over() {
            ui.weak(tr!(locale, "analysis-over"));
            return;
        }
        // A position being set up may be one no game reaches: no value yet.
        if game.editing() {
            ui.weak(tr!(locale, "edit-analysis-waits"));
            return;
        }
        let side = locale.side(TicTacToe::NAME, game.side_to_move());
        let position = value(&game);
        let text = tr!(
            locale,
            "to-move-value",
            side = side,
            value = describe(position)
        );
        ui.label(egui::RichText::new(text).color(colour(position)));
        ui.small(tr!(locale, "tictactoe-key"));
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
