//! Gomoku's analysis mode: the engine studies the position on the board without
//! end, beside any game (hot-seat, a loaded game replayed with undo and redo, a game
//! against an AI), and the board and HUD show what it finds.
//!
//! While it is on, one [`AnalysisTask`] searches the current position on the compute
//! task pool (in slices in a browser, as the AIs do) with its own stop flag; it is
//! replaced whenever the position changes (move, undo, redo, load, new game) and
//! stopped while an AI player thinks, so it never slows an opponent. Its reports carry
//! the position's generation: one for an older position is dropped, never shown.
//!
//! The view: the engine's best line as numbered translucent stones on their cells,
//! its five best moves as tints on their cells (green best to red), and a panel with
//! the evaluation bar, "Black wins in N", depth, nodes and speed.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::Task;
use bevy::tasks::futures::check_ready;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::board::{BoardSystems, Cells, Hover};
use super::board::{STONE_FLATNESS, STONE_RADIUS};
use super::{CurrentGame, GOMOKU};
use crate::ai::gomoku::{Engine, Limits, SearchInfo, Seat, Value, default_threads};
use crate::ai::job::AiJob;
use crate::app::ai::{AiPurpose, AiTask, slices};
use crate::app::locale::Locale;
use crate::app::table::{AnalysisAtStart, AppSystems, MovePath, ToggleAnalysis};
use crate::app::theme::Signal;
use crate::rules::gomoku::{Gomoku, Move, Point};
use crate::rules::{Game, Player};
use crate::tr;

/// Candidate moves shown (principal variations searched).
pub const CANDIDATES: usize = 5;
/// Moves of the best line drawn on the board.
const LINE_SHOWN: usize = 9;
/// One analysis runs at most this long on a position, then rests.
const ANALYSIS_TIME: Duration = Duration::from_secs(120);
/// Its transposition table.
const ANALYSIS_MEMORY: usize = 64 << 20;

/// Whether analysis is on, and the latest report for the position on the board.
#[derive(Resource, Debug, Default, Clone)]
pub struct GomokuAnalysis {
    /// Switched by the panel's checkbox and the V key.
    pub on: bool,
    /// The engine's latest report on the current position; `None` before the first.
    pub report: Option<AnalysisReport>,
}

/// What the engine found, for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisReport {
    /// The position's generation ([`crate::app::table::CurrentGame::generation`]).
    pub generation: u64,
    /// Who is to move there.
    pub side: Player,
    /// Plies searched, positions visited, time taken.
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The position's value for the side to move.
    pub value: Value,
    /// The best line, from the side to move.
    pub line: Vec<Point>,
    /// The best moves with their values, best first.
    pub candidates: Vec<(Point, Value)>,
}

/// The running analysis: the search on the compute pool and where it reports.
/// Despawning it stops the search.
#[derive(Component)]
pub struct AnalysisTask {
    /// The position's generation it studies.
    pub generation: u64,
    job: AiJob,
    latest: Arc<Mutex<Option<AnalysisReport>>>,
    /// `None` once the search has finished.
    task: Option<Task<()>>,
}

impl Drop for AnalysisTask {
    fn drop(&mut self) {
        self.job.request_stop();
    }
}

/// A stone of the best line, numbered in the panel's overlay.
#[derive(Component, Debug)]
pub struct LineStone(pub usize);

/// The tint of a candidate move: its rank, 0 the best.
#[derive(Component, Debug)]
pub struct CandidateTint(pub usize);

/// Meshes and materials of the analysis view.
#[derive(Resource, Debug)]
struct AnalysisAssets {
    stone: Handle<Mesh>,
    stones: [Handle<StandardMaterial>; 2],
    disc: Handle<Mesh>,
    tints: [Handle<StandardMaterial>; CANDIDATES],
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GomokuAnalysis>()
        .add_systems(Startup, load_assets)
        .add_systems(
            Update,
            (
                (switch, drive, collect)
                    .chain()
                    .in_set(AppSystems::ApplyMoves)
                    .after(MovePath),
                show_on_board
                    .after(BoardSystems)
                    .in_set(AppSystems::SyncView),
            )
                .run_if(in_state(GOMOKU)),
        )
        .add_systems(
            OnEnter(GOMOKU),
            |at_start: Option<Res<AnalysisAtStart>>, mut analysis: ResMut<GomokuAnalysis>| {
                analysis.on |= at_start.is_some();
            },
        )
        .add_systems(OnExit(GOMOKU), stop_all)
        .add_systems(EguiPrimaryContextPass, panel.run_if(in_state(GOMOKU)));
}

fn load_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let mut translucent = |base: Color| {
        materials.add(StandardMaterial {
            base_color: base.with_alpha(0.38),
            alpha_mode: AlphaMode::Blend,
            perceptual_roughness: 0.4,
            ..default()
        })
    };
    let stones = [
        translucent(Color::srgb(0.04, 0.04, 0.05)),
        translucent(Color::srgb(0.95, 0.94, 0.9)),
    ];
    let tints = std::array::from_fn(|rank| {
        let colour = rank_colour(rank);
        materials.add(StandardMaterial {
            base_color: colour.with_alpha(0.55),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        })
    });
    commands.insert_resource(AnalysisAssets {
        stone: meshes.add(Sphere::new(STONE_RADIUS).mesh().uv(32, 16)),
        stones,
        disc: meshes.add(Cylinder::new(0.42, 0.004)),
        tints,
    });
}

/// Green for the best candidate through amber to red for the fifth.
fn rank_colour(rank: usize) -> Color {
    let t = rank as f32 / (CANDIDATES - 1) as f32;
    let (good, fair, bad) = (
        Signal::Good.colour().to_linear(),
        Signal::Fair.colour().to_linear(),
        Signal::Bad.colour().to_linear(),
    );
    let mixed = if t < 0.5 {
        good.mix(&fair, t * 2.0)
    } else {
        fair.mix(&bad, (t - 0.5) * 2.0)
    };
    Color::from(mixed)
}

/// Switches analysis on or off at the shared [`ToggleAnalysis`] (the V key, the
/// panel's switch); off stops the search and forgets its report.
fn switch(
    mut commands: Commands,
    mut toggles: MessageReader<ToggleAnalysis>,
    mut analysis: ResMut<GomokuAnalysis>,
    tasks: Query<Entity, With<AnalysisTask>>,
) {
    if toggles.read().count().is_multiple_of(2) {
        return;
    }
    analysis.on = !analysis.on;
    info!("analysis {}", if analysis.on { "on" } else { "off" });
    if !analysis.on {
        analysis.report = None;
        for entity in &tasks {
            commands.entity(entity).despawn();
        }
    }
}

/// Keeps one analysis on the current position while analysis is on and no AI player
/// thinks; drops a report for another position.
fn drive(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut analysis: ResMut<GomokuAnalysis>,
    tasks: Query<(Entity, &AnalysisTask)>,
    players: Query<&AiTask<Move>>,
    review: Res<crate::app::review::GameReview>,
) {
    let generation = game.generation();
    if analysis
        .report
        .as_ref()
        .is_some_and(|r| r.generation != generation)
    {
        analysis.report = None;
    }
    let ai_thinks = players.iter().any(|t| t.purpose == AiPurpose::Play);
    // A review running takes the engines' pool: the analysis waits for it.
    let wanted =
        analysis.on && !ai_thinks && !game.is_over() && !game.editing() && !review.is_running();
    let mut current = false;
    for (entity, task) in &tasks {
        if wanted && task.generation == generation {
            current = true;
        } else {
            commands.entity(entity).despawn();
        }
    }
    if wanted && !current {
        commands.spawn((
            Name::new("Gomoku analysis"),
            start(&game, generation),
            DespawnOnExit(GOMOKU),
        ));
    }
}

/// Starts the engine on `game`.
fn start(game: &CurrentGame, generation: u64) -> AnalysisTask {
    let job = AiJob::new();
    let latest = Arc::new(Mutex::new(None));
    let position = (**game).clone();
    let (sink, stop) = (latest.clone(), job.clone());
    let side = game.side_to_move();
    let task = crate::app::ai::spawn_search(async move {
        let limits = Limits {
            time: Some(ANALYSIS_TIME),
            depth: None,
            threads: default_threads(),
            memory_bytes: ANALYSIS_MEMORY,
        };
        let mut slices = slices();
        let report = |info: &SearchInfo| {
            *sink.lock().unwrap_or_else(PoisonError::into_inner) = Some(AnalysisReport {
                generation,
                side,
                depth: info.depth,
                nodes: info.nodes,
                elapsed: info.elapsed,
                value: info.value,
                line: info.pv.clone(),
                candidates: info.candidates.clone(),
            });
        };
        // One engine from one position to the next: stepping through a game, what
        // the last analysis stored is mostly what this one needs.
        let mut engine = Engine::kept(Seat::Analysis, &limits);
        engine
            .analyse_in_slices(
                &position,
                &limits,
                CANDIDATES,
                stop.stop(),
                report,
                &mut slices,
            )
            .await;
        engine.keep(Seat::Analysis, &limits);
    });
    AnalysisTask {
        generation,
        job,
        latest,
        task: Some(task),
    }
}

/// Brings the running analysis's latest report into [`GomokuAnalysis`].
fn collect(
    game: Res<CurrentGame>,
    mut analysis: ResMut<GomokuAnalysis>,
    mut tasks: Query<&mut AnalysisTask>,
) {
    for mut task in &mut tasks {
        // A finished search has said all it will; the entity stays, so the same
        // position is not analysed again.
        if task
            .task
            .as_mut()
            .is_some_and(|running| check_ready(running).is_some())
        {
            task.task = None;
        }
        let latest = task
            .latest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(report) = latest
            && report.generation == game.generation()
        {
            analysis.report = Some(report);
        }
    }
}

fn stop_all(mut commands: Commands, tasks: Query<Entity, With<AnalysisTask>>) {
    for entity in &tasks {
        commands.entity(entity).despawn();
    }
}

/// Lays the best line's stones and the candidates' tints on their cells, anew
/// whenever the report changes.
fn show_on_board(
    mut commands: Commands,
    analysis: Res<GomokuAnalysis>,
    cells: Option<Res<Cells>>,
    assets: Res<AnalysisAssets>,
    shown: Query<Entity, Or<(With<LineStone>, With<CandidateTint>)>>,
) {
    let Some(cells) = cells else {
        return;
    };
    if !analysis.is_changed() && !cells.is_changed() {
        return;
    }
    for entity in &shown {
        commands.entity(entity).despawn();
    }
    let Some(report) = analysis.report.as_ref().filter(|_| analysis.on) else {
        return;
    };
    let mut side = report.side;
    for (i, &p) in report.line.iter().take(LINE_SHOWN).enumerate() {
        if let Some(cell) = cells.get(p) {
            commands.spawn((
                Name::new(format!("Best line {} {p}", i + 1)),
                LineStone(i + 1),
                Mesh3d(assets.stone.clone()),
                MeshMaterial3d(assets.stones[side.index()].clone()),
                Transform::from_translation(Vec3::Y * STONE_RADIUS * STONE_FLATNESS)
                    .with_scale(Vec3::new(0.9, STONE_FLATNESS, 0.9)),
                ChildOf(cell),
                // The board (and its cells) stays behind the menu; this goes.
                DespawnOnExit(GOMOKU),
            ));
        }
        side = side.opponent();
    }
    for (rank, &(p, _)) in report.candidates.iter().take(CANDIDATES).enumerate() {
        if let Some(cell) = cells.get(p) {
            commands.spawn((
                Name::new(format!("Candidate {} {p}", rank + 1)),
                CandidateTint(rank),
                Mesh3d(assets.disc.clone()),
                MeshMaterial3d(assets.tints[rank].clone()),
                Transform::from_xyz(0.0, 0.004, 0.0),
                ChildOf(cell),
                // The board (and its cells) stays behind the menu; this goes.
                DespawnOnExit(GOMOKU),
            ));
        }
    }
}

/// A value for the side to move as Black's share of the bar (0 White wins, 1 Black
/// wins) and in words: a forced result as "wins in N", a score as the side to move's
/// chance to win ([`Value::win_chance`]).
fn bar_and_words(value: Value, side: Player, locale: &Locale) -> (f32, String) {
    let name = |p: Player| locale.side(Gomoku::NAME, p);
    let moves = |plies: u32| plies.div_ceil(2).max(1);
    let for_mover = value.win_chance() as f32;
    let words = match value {
        Value::Win(0) => tr!(locale, "gomoku-wins-by-force", side = name(side)),
        Value::Win(n) => tr!(locale, "gomoku-wins-in", side = name(side), n = moves(n)),
        Value::Loss(n) => tr!(
            locale,
            "gomoku-wins-in",
            side = name(side.opponent()),
            n = moves(n)
        ),
        Value::Score(_) => tr!(
            locale,
            "gomoku-chance-for",
            side = name(side),
            chance = percent(value)
        ),
    };
    let black = if side == Player::First {
        for_mover
    } else {
        1.0 - for_mover
    };
    (black, words)
}

/// A score's winning chance in whole percents, never 0% or 100% (only a forced
/// result is certain).
fn percent(value: Value) -> String {
    let chance = (value.win_chance() * 100.0).round().clamp(1.0, 99.0);
    format!("{chance:.0}%")
}

/// A candidate's value: a forced result in moves, a score as a winning chance.
fn value_text(value: Value, locale: &Locale) -> String {
    match value {
        Value::Win(0) => tr!(locale, "value-wins"),
        Value::Win(n) => tr!(locale, "value-wins-in", n = n.div_ceil(2).max(1)),
        Value::Loss(n) => tr!(locale, "value-loses-in", n = n.div_ceil(2).max(1)),
        Value::Score(_) => percent(value),
    }
}

/// The engine's own score, shown on hover: `score +684`.
fn score_text(value: Value, locale: &Locale) -> Option<String> {
    match value {
        Value::Score(s) => Some(tr!(locale, "gomoku-engine-score", score = format!("{s:+}"))),
        _ => None,
    }
}

/// The analysis window's content height while it is on, in egui's points: that of a
/// full report (the bar, three lines of words and numbers, five candidates).
const ON_HEIGHT: f32 = 270.0;

/// The panel: the switch, the bar, the numbers, the candidates; the best line's
/// numbers over its stones; a candidate's value beside the pointer on its cell.
fn panel(
    mut contexts: EguiContexts,
    analysis: Res<GomokuAnalysis>,
    game: Res<CurrentGame>,
    players: Query<&AiTask<Move>>,
    hovered: Query<&super::board::Cell, With<Hover>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    cells: Option<Res<Cells>>,
    cell_places: Query<&GlobalTransform, With<super::board::Cell>>,
    mut toggles: MessageWriter<ToggleAnalysis>,
    locale: Res<Locale>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let report = analysis.report.as_ref().filter(|_| analysis.on);
    let title = tr!(locale, "analysis-title");
    let Some(window) =
        crate::app::ui_theme::corner_window(ctx, title, "analysis", egui::Align2::RIGHT_BOTTOM)
    else {
        return Ok(());
    };
    window.show(ctx, |ui| {
        // While on, as tall as with a full report from the start, whatever comes in:
        // the camera frames the board around this window, and should not follow
        // every candidate the search adds.
        if analysis.on {
            ui.set_min_height(ON_HEIGHT);
        }
        let mut on = analysis.on;
        if ui
            .checkbox(&mut on, tr!(locale, "gomoku-analyse"))
            .changed()
        {
            toggles.write(ToggleAnalysis);
        }
        if !analysis.on {
            return;
        }
        if players.iter().any(|t| t.purpose == AiPurpose::Play) {
            ui.weak(tr!(locale, "gomoku-analysis-paused"));
        } else if game.is_over() {
            ui.weak(tr!(locale, "gomoku-analysis-over"));
        }
        let Some(report) = report else {
            if !game.is_over() {
                ui.weak(tr!(locale, "gomoku-analysis-thinking"));
            }
            return;
        };
        let (black, words) = bar_and_words(report.value, report.side, &locale);
        let (rect, _) = ui.allocate_exact_size(egui::vec2(220.0, 14.0), egui::Sense::hover());
        let painter = ui.painter();
        painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(235, 232, 225));
        let mut dark = rect;
        dark.set_width(rect.width() * black);
        painter.rect_filled(dark, 3.0, egui::Color32::from_rgb(20, 20, 24));
        let words = ui.label(egui::RichText::new(words).strong());
        if let Some(score) = score_text(report.value, &locale) {
            words.on_hover_text(score);
        }
        let secs = report.elapsed.as_secs_f64().max(1e-3);
        let speed = (report.nodes as f64 / secs / 1000.0).round() as u64;
        ui.small(tr!(
            locale,
            "gomoku-search",
            depth = report.depth,
            nodes = locale.count(report.nodes),
            speed = locale.count(speed)
        ));
        let line: Vec<String> = report.line.iter().map(ToString::to_string).collect();
        // One line, cut short: the window keeps its height.
        ui.add(
            egui::Label::new(
                egui::RichText::new(tr!(locale, "gomoku-best-line", line = line.join(" "))).small(),
            )
            .truncate(),
        );
        egui::Grid::new("candidates").show(ui, |ui| {
            for (rank, &(p, value)) in report.candidates.iter().enumerate() {
                let [r, g, b, _] = rank_colour(rank).to_srgba().to_u8_array();
                ui.label(
                    egui::RichText::new(format!("{}. {p}", rank + 1))
                        .color(egui::Color32::from_rgb(r, g, b))
                        .monospace(),
                );
                let shown = ui.label(egui::RichText::new(value_text(value, &locale)).monospace());
                if let Some(score) = score_text(value, &locale) {
                    shown.on_hover_text(score);
                }
                ui.end_row();
            }
        });
    });
    let Some(report) = report else {
        return Ok(());
    };
    // The best line's numbers over its stones, and a candidate's value by the pointer.
    let (Ok((camera, eye)), Some(cells)) = (cameras.single(), cells) else {
        return Ok(());
    };
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("analysis numbers"),
    ));
    let mut side = report.side;
    for (i, &p) in report.line.iter().take(LINE_SHOWN).enumerate() {
        let place = cells.get(p).and_then(|cell| cell_places.get(cell).ok());
        if let Some(place) = place
            && let Ok(at) = camera.world_to_viewport(
                eye,
                place.translation() + Vec3::Y * STONE_RADIUS * STONE_FLATNESS * 2.0,
            )
        {
            let colour = if side == Player::First {
                egui::Color32::WHITE
            } else {
                egui::Color32::BLACK
            };
            // Logical pixels in egui's points (the menu and HUD are zoomed).
            let zoom = painter.ctx().zoom_factor();
            painter.text(
                egui::pos2(at.x / zoom, at.y / zoom),
                egui::Align2::CENTER_CENTER,
                (i + 1).to_string(),
                egui::FontId::proportional(15.0),
                colour,
            );
        }
        side = side.opponent();
    }
    if let Ok(cell) = hovered.single()
        && let Some(&(p, value)) = report.candidates.iter().find(|c| c.0 == cell.point())
        && let Some(pointer) = ctx.pointer_hover_pos()
    {
        egui::Area::new(egui::Id::new("candidate value"))
            .fixed_pos(pointer + egui::vec2(16.0, 16.0))
            .order(egui::Order::Tooltip)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(format!("{p}: {}", value_text(value, &locale)));
                });
            });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_leans_to_the_side_ahead() {
        let english = Locale::english();
        let (black, words) = bar_and_words(Value::Win(3), Player::Second, english);
        assert_eq!((black, words.as_str()), (0.0, "White wins in 2"));
        let (black, words) = bar_and_words(Value::Loss(4), Player::Second, english);
        assert_eq!((black, words.as_str()), (1.0, "Black wins in 2"));
        let (black, _) = bar_and_words(Value::Score(300), Player::First, english);
        assert!(black > 0.5 && black < 1.0);
        let (black, words) = bar_and_words(Value::Score(300), Player::Second, english);
        let chance = percent(Value::Score(300));
        assert!(
            black < 0.5 && words == format!("White: {chance} to win"),
            "{words}"
        );
        assert_eq!(
            value_text(Value::Score(-300), english),
            percent(Value::Score(-300))
        );
        assert_eq!(
            score_text(Value::Score(684), english).as_deref(),
            Some("engine score +684")
        );
        assert_eq!(score_text(Value::Win(3), english), None);
        assert_eq!(
            bar_and_words(Value::Score(0), Player::First, english).0,
            0.5
        );
        let chinese = Locale::new(crate::app::locale::Language::Chinese);
        let (_, words) = bar_and_words(Value::Win(3), Player::First, &chinese);
        assert_eq!(words, "黑方 2 步内胜");
    }
}
