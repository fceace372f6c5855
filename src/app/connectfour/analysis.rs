//! Connect Four's analysis: every column tinted by its solved value for the side to
//! move (green wins, amber draws, red loses), the hinted column cyan, and a panel
//! with the switch, each column's value and the distance of the hovered one.
//!
//! The values are solved on the compute pool (in slices in a browser, as the AIs
//! do) by one [`AnalysisTask`] for the position on the table, replaced when the
//! position changes and stopped while an AI player thinks. It reports win, draw or
//! loss for every column first, then the distances; a report for an older position
//! is dropped.

use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use bevy::tasks::Task;
use bevy::tasks::futures::check_ready;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::input::HoveredColumn;
use super::layout::{DROP_HEIGHT, PITCH, column_x};
use super::{CONNECT_FOUR, CurrentGame};
use crate::ai::connectfour::ColumnValue;
use crate::ai::connectfour::solver::Score;
use crate::ai::job::AiJob;
use crate::app::ai::{AiPurpose, AiTask, slices};
use crate::app::locale::Locale;
use crate::app::table::{AnalysisAtStart, AppSystems, MovePath, ToggleAnalysis};
use crate::app::theme::{self, Signal};
use crate::rules::Game;
use crate::rules::connectfour::{Column, ConnectFour};
use crate::tr;

type Hint = crate::app::ai::Hint<ConnectFour>;

/// Whether the analysis is on, and what it knows of the position on the table.
#[derive(Resource, Debug, Default, Clone)]
pub struct ColumnAnalysis {
    /// Switched by the panel's checkbox and the V key.
    pub on: bool,
    /// The position's generation the values are for.
    pub generation: u64,
    /// Each column's value, as far as solved.
    pub values: [Option<ColumnValue>; 7],
}

/// The running solve: despawning it stops the search.
#[derive(Component)]
pub struct AnalysisTask {
    generation: u64,
    job: AiJob,
    latest: Arc<Mutex<[Option<ColumnValue>; 7]>>,
    task: Option<Task<()>>,
}

impl Drop for AnalysisTask {
    fn drop(&mut self) {
        self.job.request_stop();
    }
}

/// The tinted cap over a column.
#[derive(Component, Clone, Copy, Debug)]
struct ColumnCap(pub Column);

/// Which tint a cap shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tint {
    Plain = 0,
    Win = 1,
    Draw = 2,
    Loss = 3,
    Hint = 4,
}

/// The caps' materials, by [`Tint`].
#[derive(Resource, Debug, Clone)]
struct CapTints([Handle<StandardMaterial>; 5]);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ColumnAnalysis>()
        .add_systems(Startup, load_tints)
        .add_systems(OnEnter(CONNECT_FOUR), spawn_caps)
        .add_systems(
            OnEnter(CONNECT_FOUR),
            |at_start: Option<Res<AnalysisAtStart>>, mut analysis: ResMut<ColumnAnalysis>| {
                analysis.on |= at_start.is_some();
            },
        )
        .add_systems(
            Update,
            (
                (switch, drive, collect)
                    .chain()
                    .in_set(AppSystems::ApplyMoves)
                    .after(MovePath),
                tint_caps.in_set(AppSystems::SyncView),
            )
                .run_if(in_state(CONNECT_FOUR)),
        )
        .add_systems(OnExit(CONNECT_FOUR), stop_all)
        .add_systems(EguiPrimaryContextPass, panel.run_if(in_state(CONNECT_FOUR)));
}

fn load_tints(mut commands: Commands, mut materials: ResMut<Assets<StandardMaterial>>) {
    commands.insert_resource(CapTints([
        materials.add(theme::clear_tint()),
        materials.add(Signal::Good.tint(0.75)),
        materials.add(Signal::Fair.tint(0.75)),
        materials.add(Signal::Bad.tint(0.75)),
        materials.add(Signal::Hint.tint(0.85)),
    ]));
}

/// A flat cap over each column, above the rack: the tint shows there.
fn spawn_caps(mut commands: Commands, tints: Res<CapTints>, mut meshes: ResMut<Assets<Mesh>>) {
    let cap = meshes.add(Cuboid::new(PITCH * 0.86, 0.12, 0.5));
    for column in Column::ALL {
        commands.spawn((
            Name::new(format!("Column {column} cap")),
            ColumnCap(column),
            Mesh3d(cap.clone()),
            MeshMaterial3d(tints.0[Tint::Plain as usize].clone()),
            Transform::from_xyz(column_x(column), DROP_HEIGHT - 0.55, 0.0),
            DespawnOnExit(CONNECT_FOUR),
        ));
    }
}

/// Switches the analysis at the shared [`ToggleAnalysis`] (the V key); off stops
/// the solve and forgets its values.
fn switch(
    mut commands: Commands,
    mut toggles: MessageReader<ToggleAnalysis>,
    mut analysis: ResMut<ColumnAnalysis>,
    tasks: Query<Entity, With<AnalysisTask>>,
) {
    if toggles.read().count().is_multiple_of(2) {
        return;
    }
    analysis.on = !analysis.on;
    if !analysis.on {
        analysis.values = [None; 7];
        for entity in &tasks {
            commands.entity(entity).despawn();
        }
    }
}

/// Keeps one solve on the current position while the analysis is on and no AI
/// player thinks.
fn drive(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut analysis: ResMut<ColumnAnalysis>,
    tasks: Query<(Entity, &AnalysisTask)>,
    players: Query<&AiTask<Column>>,
    review: Res<crate::app::review::GameReview>,
) {
    let generation = game.generation();
    if analysis.generation != generation {
        analysis.generation = generation;
        analysis.values = [None; 7];
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
            Name::new("Connect Four analysis"),
            start(&game, generation),
            DespawnOnExit(CONNECT_FOUR),
        ));
    }
}

/// Starts solving the columns of `game`.
fn start(game: &CurrentGame, generation: u64) -> AnalysisTask {
    let job = AiJob::new();
    let latest = Arc::new(Mutex::new([None; 7]));
    let position = (**game).clone();
    let (sink, stop) = (latest.clone(), job.clone());
    let task = crate::app::ai::spawn_search(async move {
        let mut slices = slices();
        crate::ai::connectfour::column_values_in_slices(
            &position,
            stop.stop(),
            &mut slices,
            |column, value| {
                sink.lock().unwrap_or_else(PoisonError::into_inner)[column] = Some(value);
            },
        )
        .await;
    });
    AnalysisTask {
        generation,
        job,
        latest,
        task: Some(task),
    }
}

/// Brings the solve's values into [`ColumnAnalysis`].
fn collect(
    game: Res<CurrentGame>,
    mut analysis: ResMut<ColumnAnalysis>,
    mut tasks: Query<&mut AnalysisTask>,
) {
    for mut task in &mut tasks {
        if task
            .task
            .as_mut()
            .is_some_and(|running| check_ready(running).is_some())
        {
            task.task = None;
        }
        if task.generation != game.generation() {
            continue;
        }
        let latest = *task.latest.lock().unwrap_or_else(PoisonError::into_inner);
        if analysis.values != latest {
            analysis.values = latest;
        }
    }
}

fn stop_all(mut commands: Commands, tasks: Query<Entity, With<AnalysisTask>>) {
    for entity in &tasks {
        commands.entity(entity).despawn();
    }
}

/// Tints the caps: the hinted column cyan; with the analysis on, each column by its
/// value for the side to move.
fn tint_caps(
    game: Res<CurrentGame>,
    analysis: Res<ColumnAnalysis>,
    hint: Res<Hint>,
    tints: Res<CapTints>,
    mut caps: Query<(&ColumnCap, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let hinted = hint.for_game(&game);
    for (cap, mut material) in &mut caps {
        let value = analysis
            .values
            .get(cap.0.index())
            .copied()
            .flatten()
            .filter(|_| analysis.on && analysis.generation == game.generation());
        let tint = if hinted == Some(cap.0) {
            Tint::Hint
        } else {
            match value.map(|v| v.score) {
                Some(Score::Win(_)) => Tint::Win,
                Some(Score::Draw) => Tint::Draw,
                Some(Score::Loss(_)) => Tint::Loss,
                None => Tint::Plain,
            }
        };
        let wanted = &tints.0[tint as usize];
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
    }
}

/// `wins in 5`, `draws`, `loses` (distance still being solved).
fn describe(value: ColumnValue, locale: &Locale) -> String {
    match value.score {
        Score::Win(n) if value.exact => tr!(locale, "value-wins-in", n = n),
        Score::Win(_) => tr!(locale, "value-wins"),
        Score::Draw => tr!(locale, "value-draws"),
        Score::Loss(n) if value.exact => tr!(locale, "value-loses-in", n = n),
        Score::Loss(_) => tr!(locale, "value-loses"),
    }
}

/// `W15`, `D`, `L1`; `W` alone while the distance is being solved.
fn short(value: ColumnValue, locale: &Locale) -> String {
    let distance = |n: u32| {
        if value.exact {
            n.to_string()
        } else {
            String::new()
        }
    };
    match value.score {
        Score::Win(n) => tr!(locale, "value-short-win") + &distance(n),
        Score::Draw => tr!(locale, "value-short-draw"),
        Score::Loss(n) => tr!(locale, "value-short-loss") + &distance(n),
    }
}

/// The switch, the colour key, every column's value and the hovered column's.
fn panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    hovered: Res<HoveredColumn>,
    analysis: Res<ColumnAnalysis>,
    mut toggles: MessageWriter<ToggleAnalysis>,
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
        let mut on = analysis.on;
        if ui
            .checkbox(&mut on, tr!(locale, "analysis-show-solved"))
            .changed()
        {
            toggles.write(ToggleAnalysis);
        }
        if !analysis.on {
            return;
        }
        if game.is_over() {
            ui.weak(tr!(locale, "analysis-over"));
            return;
        }
        let colour = |score: Score| match score {
            Score::Win(_) => Signal::Good.ui(),
            Score::Draw => Signal::Fair.ui(),
            Score::Loss(_) => Signal::Bad.ui(),
        };
        let side = locale.side(ConnectFour::NAME, game.side_to_move());
        let best = analysis
            .values
            .iter()
            .flatten()
            .max_by_key(|v| rank(v.score));
        match best {
            Some(&value)
                if analysis.values.iter().flatten().count() == game.legal_columns().len() =>
            {
                ui.label(
                    egui::RichText::new(tr!(
                        locale,
                        "to-move-value",
                        side = side.as_str(),
                        value = describe(value, &locale)
                    ))
                    .color(colour(value.score)),
                );
            }
            _ => {
                ui.weak(tr!(locale, "to-move-solving", side = side.as_str()));
            }
        }
        ui.small(tr!(locale, "connectfour-key"));
        egui::Grid::new("column values")
            .min_col_width(30.0)
            .show(ui, |ui| {
                for column in Column::ALL {
                    ui.label(egui::RichText::new(column.to_string()).monospace().weak());
                }
                ui.end_row();
                for column in Column::ALL {
                    let text = match analysis.values[column.index()] {
                        _ if game.check(column).is_err() => egui::RichText::new("-"),
                        Some(value) => egui::RichText::new(short(value, &locale))
                            .color(colour(value.score))
                            .strong(),
                        None => egui::RichText::new("…"),
                    };
                    ui.label(text.monospace());
                }
                ui.end_row();
            });
        if let Some(column) = hovered.0
            && let Some(value) = analysis.values[column.index()]
        {
            ui.separator();
            ui.label(
                egui::RichText::new(tr!(
                    locale,
                    "connectfour-column-value",
                    column = column.to_string(),
                    side = side.as_str(),
                    value = describe(value, &locale)
                ))
                .color(colour(value.score)),
            );
        }
    });
    Ok(())
}

/// Orders scores for the side to move: the quickest win first, the slowest loss last
/// but one before a quicker loss.
fn rank(score: Score) -> i64 {
    match score {
        Score::Win(n) => 100 - i64::from(n),
        Score::Draw => 0,
        Score::Loss(n) => i64::from(n) - 100,
    }
}
