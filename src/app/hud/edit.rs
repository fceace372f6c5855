//! The Edit mode's rows in the HUD, in place of the AI and the game buttons while a
//! position is set up: whose pieces a click puts or takes away, the game's own
//! tools (Knucklebones' dice), the side to move, why no game reaches the position
//! if none does, and Play from here, Clear, Cancel.

use bevy::prelude::*;
use bevy_egui::egui;

use super::Requests;
use crate::app::locale::Locale;
use crate::app::table::{CurrentGame, EditPosition, EditRequested, TableGame};
use crate::app::theme::ERROR_UI;
use crate::rules::Player;
use crate::tr;

/// The Edit mode's rows for game `G`.
pub(super) fn edit_rows<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    requests: &mut Requests,
    edits: &mut MessageWriter<EditPosition<G>>,
    locale: &Locale,
) {
    ui.label(egui::RichText::new(tr!(locale, "edit-title")).strong());
    ui.small(tr!(locale, "edit-help"));
    let tools = &mut *requests.edit_tools;
    ui.horizontal(|ui| {
        ui.label(tr!(locale, "edit-pieces"));
        for side in Player::BOTH {
            let name = locale.side(G::NAME, side);
            if ui.selectable_label(tools.side == side, name).clicked() {
                tools.side = side;
            }
        }
    });
    ui.horizontal(|ui| {
        if ui
            .selectable_label(!tools.take, tr!(locale, "edit-put"))
            .clicked()
        {
            tools.take = false;
        }
        if ui
            .selectable_label(tools.take, tr!(locale, "edit-take"))
            .clicked()
        {
            tools.take = true;
        }
    });
    G::edit_rows(ui, game, tools, edits, locale);
    ui.horizontal(|ui| {
        ui.label(tr!(locale, "edit-to-move"));
        for side in Player::BOTH {
            let name = locale.side(G::NAME, side);
            if ui
                .selectable_label(game.side_to_move() == side, name)
                .clicked()
            {
                requests.edit.write(EditRequested::SideToMove(side));
            }
        }
    });
    let unreachable = game.setup_error();
    if let Some(why) = &unreachable {
        let text = tr!(locale, "edit-unreachable", why = why.as_str());
        ui.label(egui::RichText::new(text).color(ERROR_UI));
    }
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                unreachable.is_none(),
                egui::Button::new(tr!(locale, "edit-play")),
            )
            .on_hover_text("P")
            .clicked()
        {
            requests.edit.write(EditRequested::Finish);
        }
        if ui.button(tr!(locale, "edit-clear")).clicked() {
            requests.edit.write(EditRequested::Clear);
        }
        if ui.button(tr!(locale, "edit-cancel")).clicked() {
            requests.edit.write(EditRequested::Cancel);
        }
    });
}
