//! Gomoku's AI in the running game: who is to think, the tasks, and their answers.
//!
//! [`schedule_ai`] starts an [`AiTask`] when an AI seat is to move (at the pace of
//! [`AiPace`]), when a person hands a move over ("AI move") or asks for a hint;
//! [`poll_ai_tasks`] throws away tasks whose position is gone and turns finished ones
//! into a [`MoveRequested`] (tagged with the task's generation) or a [`Hint`].

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bevy::prelude::*;

use super::{CurrentGame, MoveRequested};
use crate::ai::Level;
use crate::ai::gomoku::best_move;
use crate::app::ai::{
    AiMoveRequested, AiPace, AiProgress, AiPurpose, AiStepRequested, AiTask, HintRequested,
    ProgressSink, report,
};
use crate::app::{AppSystems, Players, Screen};
use crate::record::PlayerKind;
use crate::rules::Player;
use crate::rules::gomoku::{Gomoku, Point};

/// A Gomoku AI at work.
pub type GomokuAiTask = AiTask<Point>;

/// The last hint, for the position it was asked in: shown only while that position
/// is on the board.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hint {
    /// `(generation, point)` of the last answer.
    answer: Option<(u64, Point)>,
}

impl Hint {
    /// The suggested point, if the hint is for `game`'s current position.
    #[must_use]
    pub fn for_game(&self, game: &CurrentGame) -> Option<Point> {
        self.answer
            .filter(|&(generation, _)| generation == game.generation())
            .map(|(_, point)| point)
    }
}

pub(super) fn plugin(app: &mut App) {
    // Answers are collected with the input, before the move path; new work starts
    // after it, so it is always for the position the frame ends with.
    app.init_resource::<Hint>().add_systems(
        Update,
        (
            poll_ai_tasks.in_set(AppSystems::RecordInput),
            schedule_ai.in_set(AppSystems::SyncView),
        )
            .run_if(in_state(Screen::Playing)),
    );
}

/// The job a task runs: the level's move for an owned copy of the position, with
/// every finished iteration reported for the HUD.
fn think(
    game: Gomoku,
    level: Level,
) -> impl FnOnce(&AtomicBool, &ProgressSink) -> Option<Point> + Send + 'static {
    move |stop, sink| {
        best_move(&game, level, stop, |info| {
            report(
                sink,
                AiProgress {
                    depth: info.depth,
                    nodes: info.nodes,
                    best: info.best.map(|p| p.to_string()),
                },
            );
        })
        .map(|result| result.best)
    }
}

/// Starts the AI work this frame calls for: the AI seat to move (right away against
/// a person; with two AIs after [`AiPace::delay`], or on a step while paused), a
/// handed-over move, a hint. One task per purpose at a time.
pub fn schedule_ai(
    mut commands: Commands,
    game: Res<CurrentGame>,
    players: Res<Players>,
    pace: Res<AiPace>,
    time: Res<Time<Real>>,
    tasks: Query<&GomokuAiTask>,
    mut steps: MessageReader<AiStepRequested>,
    mut hand_overs: MessageReader<AiMoveRequested>,
    mut hints: MessageReader<HintRequested>,
    mut changed_at: Local<Option<(u64, Duration)>>,
) {
    let now = time.elapsed();
    let since = match *changed_at {
        Some((generation, at)) if generation == game.generation() => at,
        _ => {
            *changed_at = Some((game.generation(), now));
            now
        }
    };
    let step = steps.read().count() > 0;
    let hand_over = hand_overs.read().last().map(|r| r.level);
    let hint = hints.read().last().map(|r| r.level);
    if game.is_over() {
        return;
    }
    let side = game.side_to_move();
    let busy = |purpose| tasks.iter().any(|task| task.purpose == purpose);
    let mut start = |purpose, level| {
        commands.spawn((
            Name::new(format!("AI task ({purpose:?}, level {level})")),
            GomokuAiTask::spawn(
                game.generation(),
                side,
                level,
                purpose,
                now,
                think((**game).clone(), level),
            ),
            DespawnOnExit(Screen::Playing),
        ));
    };
    if !busy(AiPurpose::Play) {
        let level = match players.get(side) {
            PlayerKind::Ai(level) => {
                let due = if !pace.auto {
                    step
                } else {
                    players.any_human() || now.saturating_sub(since) >= pace.delay
                };
                due.then_some(level)
            }
            PlayerKind::Human => hand_over,
        };
        if let Some(level) = level {
            start(AiPurpose::Play, level);
        }
    }
    if let Some(level) = hint
        && players.get(side).is_human()
        && !busy(AiPurpose::Hint)
    {
        start(AiPurpose::Hint, level);
    }
}

/// Polls every task without waiting. A task for an older position is despawned,
/// which stops its search; a finished one becomes a move request (through the same
/// gate as a click) or the hint.
pub fn poll_ai_tasks(
    mut commands: Commands,
    game: Res<CurrentGame>,
    mut tasks: Query<(Entity, &mut GomokuAiTask)>,
    mut moves: MessageWriter<MoveRequested>,
    mut hint: ResMut<Hint>,
) {
    for (entity, mut task) in &mut tasks {
        if task.generation != game.generation() {
            debug!("AI task for an older position dropped");
            commands.entity(entity).despawn();
            continue;
        }
        let Some(answer) = task.check_ready() else {
            continue;
        };
        commands.entity(entity).despawn();
        let Some(point) = answer else {
            warn!("the AI had no move for this position");
            continue;
        };
        match task.purpose {
            AiPurpose::Play => {
                moves.write(MoveRequested {
                    point,
                    generation: task.generation,
                });
            }
            AiPurpose::Hint => hint.answer = Some((task.generation, point)),
        }
    }
}

/// Who plays `side`, for labels: `Black (AI 4)`, `White (you)`.
#[must_use]
pub fn seat_label(players: &Players, side: Player) -> String {
    let name = crate::rules::gomoku::stone_name(side);
    match players.get(side) {
        PlayerKind::Human if !players.get(side.opponent()).is_human() => {
            format!("{name} (you)")
        }
        PlayerKind::Human => name.to_owned(),
        PlayerKind::Ai(level) => format!("{name} (AI {level})"),
    }
}
