//! The review's window under the board: its progress while it runs (with Cancel),
//! then the graph of the first side's expected result over the moves, the marked
//! moves as dots, and the list of marked moves with the better move. A click on the
//! graph goes to that position, a click on a marked move to the position before it,
//! where the board shows the better move.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::marks::mark_style;
use super::moves::ListCache;
use crate::ai::{Result3, Verdict};
use crate::app::locale::Locale;
use crate::app::review::{GameReview, ReviewRequested};
use crate::app::table::{CurrentGame, TableGame, WalkRequested};
use crate::app::theme::GOLD_UI;
use crate::review::Mark;
use crate::rules::Player;
use crate::tr;

/// The mark's name in the player's language.
fn mark_name(mark: Mark, locale: &Locale) -> String {
    match mark {
        Mark::Inaccuracy => tr!(locale, "review-inaccuracy"),
        Mark::Mistake => tr!(locale, "review-mistake"),
        Mark::Blunder => tr!(locale, "review-blunder"),
    }
}

/// A value as people read it: `win in 5`, `draw`, `62%`.
fn value_text(verdict: Verdict, locale: &Locale) -> String {
    match verdict {
        Verdict::Exact(result, plies) => {
            let key = match result {
                Result3::Win => "review-win",
                Result3::Draw => "review-draw",
                Result3::Loss => "review-loss",
            };
            match (result, plies) {
                (Result3::Draw, _) | (_, None) => tr!(locale, key),
                (_, Some(plies)) => {
                    tr!(
                        locale,
                        "review-in",
                        result = tr!(locale, key),
                        plies = plies
                    )
                }
            }
        }
        Verdict::Expected(p) => format!("{:.0}%", p * 100.0),
    }
}

/// The review's window, while a review of `G` runs or is done.
pub(super) fn draw_review<G: TableGame>(
    mut contexts: EguiContexts,
    game: Res<CurrentGame<G>>,
    review: Res<GameReview>,
    locale: Res<Locale>,
    mut walk: MessageWriter<WalkRequested>,
    mut requests: MessageWriter<ReviewRequested>,
    list: Res<ListCache>,
) -> Result {
    if !review.shows(G::KIND) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let title = tr!(locale, "review-title");
    let Some(window) =
        crate::app::ui_theme::corner_window(ctx, title, "review", egui::Align2::CENTER_BOTTOM)
    else {
        return Ok(());
    };
    window.show(ctx, |ui| {
        let (done, total) = review.progress();
        if review.is_running() {
            ui.horizontal(|ui| {
                let progress = done as f32 / total.max(1) as f32;
                ui.add(
                    egui::ProgressBar::new(progress)
                        .desired_width(260.0)
                        .text(tr!(locale, "review-running", done = done, total = total)),
                );
                if ui.button(tr!(locale, "review-cancel")).clicked() {
                    requests.write(ReviewRequested);
                }
            });
        }
        graph(ui, &game, &review, &locale, &mut walk);
        if review.is_running() {
            return;
        }
        let marked: Vec<_> = review.moves().iter().filter(|m| m.mark.is_some()).collect();
        if marked.is_empty() {
            ui.weak(tr!(locale, "review-clean"));
            return;
        }
        egui::ScrollArea::vertical()
            .max_height(90.0)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for m in marked {
                        let Some(mark) = m.mark else { continue };
                        let (colour, sign) = mark_style(mark);
                        // Numbered as the move list numbers it (pieces, not plies).
                        // (The line's nodes are its positions: the move leads to
                        // the one after its ply.)
                        let number = review.nodes().get(m.ply + 1).map_or_else(
                            || {
                                let dots = if m.mover == Player::First { "." } else { "…" };
                                format!("{}{dots}", m.ply / 2 + 1)
                            },
                            |&node| list.number(game.tree(), node),
                        );
                        let best = m.best.as_deref().unwrap_or("?");
                        let text = tr!(
                            locale,
                            "review-marked",
                            number = number,
                            played = m.played.as_str(),
                            sign = sign,
                            mark = mark_name(mark, &locale),
                            best = best
                        );
                        let label = egui::Label::new(egui::RichText::new(text).color(colour))
                            .sense(egui::Sense::click());
                        let response = ui
                            .add(label)
                            .on_hover_text(tr!(locale, "review-marked-tip"));
                        if response.clicked()
                            && let Some(&node) = review.nodes().get(m.ply)
                        {
                            walk.write(WalkRequested::GoTo(node));
                        }
                    }
                });
            });
    });
    Ok(())
}

/// The area between the curve `points` and the middle line at `mid`, as one mesh
/// (quads of separate shapes would show seams between them), each segment that
/// crosses the line cut where it does.
fn fill(points: &[egui::Pos2], mid: f32, colour: egui::Color32) -> egui::Shape {
    let mut mesh = egui::Mesh::default();
    let mut triangle = |a: egui::Pos2, b: egui::Pos2, c: egui::Pos2| {
        let i = mesh.vertices.len() as u32;
        for p in [a, b, c] {
            mesh.colored_vertex(p, colour);
        }
        mesh.add_triangle(i, i + 1, i + 2);
    };
    for pair in points.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (da, db) = (a.y - mid, b.y - mid);
        if da * db < 0.0 {
            // Crosses the middle line: a triangle on each side.
            let t = da / (da - db);
            let cross = egui::pos2(a.x + (b.x - a.x) * t, mid);
            triangle(a, cross, egui::pos2(a.x, mid));
            triangle(cross, b, egui::pos2(b.x, mid));
        } else {
            triangle(a, b, egui::pos2(b.x, mid));
            triangle(a, egui::pos2(b.x, mid), egui::pos2(a.x, mid));
        }
    }
    egui::Shape::mesh(mesh)
}

/// The first side's expected result over the positions: 1 at the top, a draw in the
/// middle; the marked moves as dots, the position on the table as a gold line.
fn graph<G: TableGame>(
    ui: &mut egui::Ui,
    game: &CurrentGame<G>,
    review: &GameReview,
    locale: &Locale,
    walk: &mut MessageWriter<WalkRequested>,
) {
    let curve = review.curve();
    let positions = review.nodes().len().max(2);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(420.0, 96.0), egui::Sense::click());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let x_of = |i: usize| rect.left() + rect.width() * i as f32 / (positions - 1) as f32;
    let y_of = |v: f64| rect.bottom() - rect.height() * v as f32;
    painter.hline(
        rect.x_range(),
        y_of(0.5),
        egui::Stroke::new(1.0, visuals.weak_text_color()),
    );
    // The first side's share, filled from the middle line.
    let points: Vec<egui::Pos2> = curve
        .iter()
        .enumerate()
        .filter_map(|(i, v)| v.map(|v| egui::pos2(x_of(i), y_of(v))))
        .collect();
    painter.add(fill(
        &points,
        y_of(0.5),
        egui::Color32::from_white_alpha(40),
    ));
    painter.add(egui::Shape::line(
        points.clone(),
        egui::Stroke::new(2.0, visuals.strong_text_color()),
    ));
    for m in review.moves() {
        let Some(mark) = m.mark else { continue };
        let Some(Some(v)) = curve.get(m.ply + 1) else {
            continue;
        };
        let (colour, _) = mark_style(mark);
        painter.circle_filled(egui::pos2(x_of(m.ply + 1), y_of(*v)), 4.5, colour);
    }
    if let Some(index) = review.nodes().iter().position(|&n| n == game.at()) {
        painter.vline(x_of(index), rect.y_range(), egui::Stroke::new(1.5, GOLD_UI));
    }
    let Some(pointer) = response.hover_pos() else {
        return;
    };
    let index = (((pointer.x - rect.left()) / rect.width()) * (positions - 1) as f32).round();
    let index = (index.max(0.0) as usize).min(review.nodes().len().saturating_sub(1));
    let tip = match review.verdict(index) {
        Some((side, verdict)) => tr!(
            locale,
            "review-point",
            moves = index,
            side = locale.side(G::NAME, side),
            value = value_text(verdict, locale)
        ),
        None => tr!(locale, "review-point-unseen", moves = index),
    };
    response.clone().on_hover_text_at_pointer(tip);
    if response.clicked()
        && let Some(&node) = review.nodes().get(index)
    {
        walk.write(WalkRequested::GoTo(node));
    }
}
