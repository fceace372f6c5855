//! How the review's marks look, in the review panel and in the move list.

use bevy_egui::egui;

use crate::review::Mark;

/// How each mark is drawn: the colour and the chess sign.
#[must_use]
pub(super) fn mark_style(mark: Mark) -> (egui::Color32, &'static str) {
    match mark {
        Mark::Inaccuracy => (egui::Color32::from_rgb(230, 200, 80), "?!"),
        Mark::Mistake => (egui::Color32::from_rgb(240, 140, 60), "?"),
        Mark::Blunder => (egui::Color32::from_rgb(235, 80, 70), "??"),
    }
}
