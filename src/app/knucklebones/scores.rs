//! Knucklebones' live scores, drawn over the table: each column's score at its outer
//! end and each tray's total beside it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::dice::dice_colour;
use super::layout::{column_label_spot, total_label_spot};
use super::{CurrentGame, KNUCKLEBONES};
use crate::app::camera::MainCamera;
use crate::app::locale::Locale;
use crate::app::theme::GOLD_UI;
use crate::rules::Game;
use crate::rules::knucklebones::{Column, Knucklebones};
use crate::rules::{Outcome, Player};

/// The labels, while Knucklebones is on the table.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        dice_scores.run_if(in_state(KNUCKLEBONES)),
    );
}

/// Knucklebones' live scores, on the table: each column's score at its outer end and
/// each tray's total beside it; at the end, the winner's total in gold.
fn dice_scores(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    locale: Res<Locale>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The camera's logical pixels in egui's points (the menu and HUD are zoomed).
    let zoom = ctx.zoom_factor();
    let (camera, camera_transform) = *camera;
    let outcome = game.outcome();
    let label = |id: (usize, usize), at: Vec3, pivot: egui::Align2, text: egui::RichText| {
        let Ok(spot) = camera.world_to_viewport(camera_transform, at) else {
            return;
        };
        egui::Area::new(egui::Id::new(("dice score", id)))
            .fixed_pos(egui::pos2(spot.x / zoom, spot.y / zoom))
            .pivot(pivot)
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
                egui::Align2::CENTER_CENTER,
                egui::RichText::new(score.to_string())
                    .size(18.0)
                    .strong()
                    .color(tint),
            );
        }
        let won = outcome == Some(Outcome::Win(player));
        let name = locale.side(Knucklebones::NAME, player);
        let total = egui::RichText::new(format!("{name}\n{}", game.score(player)))
            .size(if won { 24.0 } else { 20.0 })
            .strong()
            .color(if won { GOLD_UI } else { tint });
        label(
            (player.index(), 3),
            total_label_spot(player),
            egui::Align2::RIGHT_CENTER,
            total,
        );
    }
    Ok(())
}
