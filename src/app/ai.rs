//! The machinery every game's AI runs on in the app, whatever the game.
//!
//! When an AI is to move, the game's scheduler spawns an [`AiTask`] entity: the search
//! runs as a task ([`spawn_search`]) with an owned copy of the position, the
//! position's generation number and a stop flag. On the desktop the engines' task
//! pool has threads of its own; in a browser it runs on the page's only thread (Bevy's
//! async-compute pool), so every search works
//! in [`slices`] of a few milliseconds and yields to the browser between them (see
//! [`crate::ai::slices`]). The game polls it each frame with
//! [`AiTask::check_ready`] and posts the answer through the same move message a click
//! uses, tagged with that generation, so the move gate drops it if the position
//! changed meanwhile. Despawning the entity (new game, undo, load, leaving the screen,
//! quitting) sets the stop flag: the search winds down on its own thread and its
//! result goes nowhere. The frame never waits: nothing here blocks on the task.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bevy::prelude::*;
#[cfg(target_arch = "wasm32")]
use bevy::tasks::AsyncComputeTaskPool;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{ConditionalSend, Task};

use super::table::{
    AppSystems, CurrentGame, GameSystems, MoveGate, MoveRequested, OnTable, Part, Players,
    RedoRequested, Screen, StaleAnswers, TableGame, UndoRequested, WalkRequested,
};
use crate::ai::Level;
pub(crate) use crate::ai::job::{AiJob, AiProgress};
#[cfg(not(target_arch = "wasm32"))]
use crate::ai::slices::NoPause;
use crate::ai::slices::Slices;
use crate::record::PlayerKind;
use crate::rules::Player;

/// How AIs take their turns when nobody is waiting for them: with two AIs, a pause
/// between moves so people can follow, or stopped until someone asks for a step.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiPace {
    /// AIs move on their own; off: each AI move waits for [`AiStepRequested`].
    pub auto: bool,
    /// With two AIs, the least time between one move and the next.
    pub delay: Duration,
}

impl Default for AiPace {
    fn default() -> Self {
        Self {
            auto: true,
            delay: Duration::from_millis(600),
        }
    }
}

/// Let the AI to move make one move while AIs are paused (Step button, Space).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AiStepRequested;

/// A person hands this one move to the AI at `level` ("AI move").
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct AiMoveRequested {
    /// How strong the stand-in plays.
    pub level: Level,
}

/// A person asks where the AI at `level` would play, without playing it ("Hint").
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintRequested {
    /// How strong the adviser is.
    pub level: Level,
}

/// What an AI task is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AiPurpose {
    /// Its answer is played.
    Play,
    /// Its answer is only shown.
    Hint,
}

/// Sets the flag when dropped, so a search whose task is thrown away stops.
#[derive(Debug)]
struct StopOnDrop(AiJob);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.request_stop();
    }
}

/// How an AI's search shares its thread on the desktop: not at all, it has a thread
/// of the compute pool to itself.
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub(super) fn slices() -> Slices<NoPause> {
    Slices::never()
}

/// How an AI's search shares its thread in a browser: it works for [`WEB_SLICE`], then
/// yields to the page's event loop (input, and a frame when one is due).
#[cfg(target_arch = "wasm32")]
#[must_use]
pub(super) fn slices() -> Slices<impl FnMut() -> super::web::Yield> {
    Slices::every(WEB_SLICE, super::web::yield_to_browser)
}

/// `, 0.31 s of it left to the page in 40 pauses, at most 9 ms without one` for a
/// search that paused.
#[must_use]
pub(crate) fn pauses_text<P>(slices: &Slices<P>) -> String {
    if slices.pauses() == 0 {
        String::new()
    } else {
        format!(
            ", {:.2} s of it left to the page in {} pauses, at most {} ms without one",
            slices.time_paused().as_secs_f64(),
            slices.pauses(),
            slices.longest_work().as_millis()
        )
    }
}

/// A search's work between two yields to the browser: about half a 60 Hz frame.
#[cfg(target_arch = "wasm32")]
const WEB_SLICE: Duration = Duration::from_millis(8);

/// On every AI task entity, whatever its game: "an AI is thinking".
#[derive(Component, Clone, Copy, Debug, Default)]
pub(super) struct AiWorker;

/// An AI thinking about one position, as an entity: the task on the compute pool and
/// what the HUD shows about it. Despawning it stops the search.
#[derive(Component)]
#[require(AiWorker)]
pub struct AiTask<M: Send + 'static> {
    /// The position's generation when the task started.
    pub generation: u64,
    /// The side the AI thinks for.
    pub side: Player,
    /// Its level.
    pub level: Level,
    /// Play the answer, or show it as a hint.
    pub purpose: AiPurpose,
    /// `Time<Real>::elapsed` when it started.
    pub started: Duration,
    stop: StopOnDrop,
    task: Task<Option<M>>,
}

/// Starts an engine's search (a move, a hint, an analysis) as a task to poll.
///
/// On the desktop the searches run on a task pool of their own, never on Bevy's
/// async-compute pool: a search holds its thread for up to its whole budget (the
/// analysis for minutes), and the renderer compiles its pipelines on the
/// async-compute pool, which has a single thread on a two-core machine. A search
/// there left every new pipeline waiting, and the window black, while it ran. In a
/// browser there is one thread, and the search yields to the page in slices.
pub(crate) fn spawn_search<T: Send + 'static>(
    search: impl Future<Output = T> + ConditionalSend + 'static,
) -> Task<T> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static ENGINES: std::sync::OnceLock<bevy::tasks::TaskPool> = std::sync::OnceLock::new();
        ENGINES
            .get_or_init(|| {
                // A move, a hint and an analysis may run at once; each spreads its
                // own work over rayon's threads.
                bevy::tasks::TaskPoolBuilder::new()
                    .num_threads(3)
                    .thread_name("Engine search".to_owned())
                    .build()
            })
            .spawn(search)
    }
    #[cfg(target_arch = "wasm32")]
    AsyncComputeTaskPool::get().spawn(search)
}

impl<M: Send + 'static> AiTask<M> {
    /// Starts the search `think` makes ([`spawn_search`]). It gets an
    /// [`AiJob`] with the stop flag to poll and a sink for progress reports; it answers
    /// with its move, or `None` if it has none (game over, stopped before any answer).
    pub fn spawn<F>(
        generation: u64,
        side: Player,
        level: Level,
        purpose: AiPurpose,
        started: Duration,
        think: impl FnOnce(AiJob) -> F,
    ) -> Self
    where
        F: Future<Output = Option<M>> + ConditionalSend + 'static,
    {
        let job = AiJob::new();
        let task = spawn_search(think(job.clone()));
        Self {
            generation,
            side,
            level,
            purpose,
            started,
            stop: StopOnDrop(job),
            task,
        }
    }

    /// The search's latest report.
    #[must_use]
    pub fn progress(&self) -> AiProgress {
        self.stop.0.progress()
    }

    /// The flag the search polls; set when this task is dropped.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.0.stop_flag()
    }

    /// The answer, once the task has finished (`Some(None)`: it had none); `None`
    /// while it still runs. Never blocks.
    pub fn check_ready(&mut self) -> Option<Option<M>> {
        check_ready(&mut self.task)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiPace>()
        .add_message::<AiStepRequested>()
        .add_message::<AiMoveRequested>()
        .add_message::<HintRequested>()
        // Leaving the game with AIs paused would leave them paused in the next one.
        .add_systems(OnExit(Screen::Playing), |mut pace: ResMut<AiPace>| {
            pace.auto = true;
        })
        .add_systems(
            Update,
            pause_on_take_back
                .in_set(AppSystems::ApplyMoves)
                .run_if(in_state(Screen::Playing)),
        );
}

/// With two AIs, undo and redo pause them, so the position a person stepped back to
/// stays put until they press Auto or Step.
fn pause_on_take_back(
    mut undo: MessageReader<UndoRequested>,
    mut redo: MessageReader<RedoRequested>,
    mut walks: MessageReader<WalkRequested>,
    players: Res<Players>,
    mut pace: ResMut<AiPace>,
) {
    let requests = undo.read().count() + redo.read().count() + walks.read().count();
    if requests > 0 && players.all_ai() {
        pace.auto = false;
    }
}

/// The last hint for game `G`, for the position it was asked in: shown only while
/// that position is on the table.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint<G: TableGame> {
    /// `(generation, move)` of the last answer.
    answer: Option<(u64, G::Move)>,
}

impl<G: TableGame> Default for Hint<G> {
    fn default() -> Self {
        Self { answer: None }
    }
}

impl<G: TableGame> Hint<G> {
    /// Shows `mv` as the hint in the position of `generation` (the review's better
    /// move).
    pub fn show(&mut self, generation: u64, mv: G::Move) {
        self.answer = Some((generation, mv));
    }

    /// The suggested move, if the hint is for `game`'s current position.
    #[must_use]
    pub fn for_game(&self, game: &CurrentGame<G>) -> Option<G::Move> {
        self.answer
            .filter(|&(generation, _)| generation == game.generation())
            .map(|(_, mv)| mv)
    }
}

/// The AIs of game `G`: answers are collected with the input, before the move path;
/// new work starts after it, so it is always for the position the frame ends with.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.init_resource::<Hint<G>>().add_systems(
        Update,
        (
            poll_ai_tasks::<G>.in_set(AppSystems::RecordInput),
            schedule_ai::<G>.in_set(AppSystems::SyncView),
        )
            .in_set(GameSystems(G::KIND, Part::Ai))
            .run_if(in_state(OnTable(G::KIND))),
    );
}

/// Starts the AI work this frame calls for: the AI seat to move (right away against
/// a person; with two AIs after [`AiPace::delay`], or on a step while paused), a
/// handed-over move, a hint. One task per purpose at a time.
fn schedule_ai<G: TableGame>(
    mut commands: Commands,
    game: Res<CurrentGame<G>>,
    players: Res<Players>,
    pace: Res<AiPace>,
    time: Res<Time<Real>>,
    tasks: Query<&AiTask<G::Move>>,
    mut steps: MessageReader<AiStepRequested>,
    mut hand_overs: MessageReader<AiMoveRequested>,
    mut hints: MessageReader<HintRequested>,
    gate: Option<Res<MoveGate>>,
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
    // No engine helps a person in a game against another online: hints and hand-overs
    // wait for the end (an AI playing a seat online is that seat's player).
    let assists = gate.is_none_or(|gate| *gate == MoveGate::Local);
    let hand_over = hand_overs
        .read()
        .last()
        .and_then(|r| assists.then_some(r.level));
    let hint = hints.read().last().and_then(|r| assists.then_some(r.level));
    // A position being set up by hand is no game's yet.
    if game.is_finished() || game.editing() {
        return;
    }
    let side = game.actor();
    let busy = |purpose| tasks.iter().any(|task| task.purpose == purpose);
    let mut start = |purpose, level| {
        commands.spawn((
            Name::new(format!("AI task ({purpose:?}, level {level})")),
            AiTask::spawn(game.generation(), side, level, purpose, now, |job| {
                game.think(level, job)
            }),
            // Leaving this game (for the menu, or a loaded game of another kind)
            // despawns the task, which stops the search.
            DespawnOnExit(OnTable(G::KIND)),
        ));
    };
    if !busy(AiPurpose::Play) {
        let level = match players.get(side) {
            PlayerKind::Ai(level) => {
                // Looking through the moves, the AI waits for a step or the line's end.
                let due = if !pace.auto || game.browsing() {
                    step
                } else {
                    players.any_human() || now.saturating_sub(since) >= pace.delay
                };
                due.then_some(level)
            }
            PlayerKind::Human => hand_over,
            // Moves come from the room's server.
            PlayerKind::Online => None,
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
fn poll_ai_tasks<G: TableGame>(
    mut commands: Commands,
    game: Res<CurrentGame<G>>,
    mut tasks: Query<(Entity, &mut AiTask<G::Move>)>,
    mut moves: MessageWriter<MoveRequested<G>>,
    mut hint: ResMut<Hint<G>>,
    mut stale: ResMut<StaleAnswers>,
) {
    for (entity, mut task) in &mut tasks {
        if task.generation != game.generation() {
            debug!("AI task for an older position dropped");
            stale.tasks += 1;
            commands.entity(entity).despawn();
            continue;
        }
        let Some(answer) = task.check_ready() else {
            continue;
        };
        commands.entity(entity).despawn();
        let Some(mv) = answer else {
            warn!("the AI had no move for this position");
            continue;
        };
        match task.purpose {
            AiPurpose::Play => {
                moves.write(MoveRequested::new(mv, task.generation));
            }
            AiPurpose::Hint => hint.answer = Some((task.generation, mv)),
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn searches_run_on_the_engines_own_threads_not_the_renderers_pool() {
        let task = spawn_search(async { std::thread::current().name().map(str::to_owned) });
        let name = bevy::tasks::block_on(task).expect("a named thread");
        assert!(name.starts_with("Engine search"), "{name}");
    }
}
