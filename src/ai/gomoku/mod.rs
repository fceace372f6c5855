//! The Gomoku AI: level 1 is the source game's one-ply pattern table; levels 2 to 5
//! search.
//!
//! The search engine follows Rapfi's layout: [`board`] keeps stones and per-point
//! patterns updated incrementally, [`pattern`] classifies lines by table look-up,
//! [`movegen`] picks and orders moves by threat, [`eval`] scores positions,
//! [`threats`] solves VCF and VCT, [`search`] runs the alpha-beta with a shared
//! transposition table ([`tt`]). This module is the public face: [`Level`], [`Limits`],
//! [`search`], [`best_move`] and the reusable [`Engine`].
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tabletop::ai::gomoku::{Level, Limits, search};
//! use tabletop::rules::gomoku::Gomoku;
//!
//! let game = Gomoku::default();
//! let limits = Limits::for_level(Level::new(3).unwrap());
//! let result = search(&game, &limits, &AtomicBool::new(false), |_| {}).unwrap();
//! assert_eq!(result.best.to_string(), "h8");
//! ```

mod board;
pub mod eval;
mod level1;
mod movegen;
pub mod opening;
mod pattern;
mod search;
mod shape;
pub mod swap2;
mod threats;
mod tools;
mod tt;

pub use opening::OPENINGS;
pub use search::Params;

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use board::Board;
use eval::{WIN, is_decisive};
use pattern::Threat;
use search::{Deepening, Iteration, Reductions, Shared, Solved, root_solves, run_searchers};
use tt::Tt;

use crate::ai::clock::Clock;
use crate::ai::slices::{Pause, Slices, finish};
use crate::rules::gomoku::{BoardSize, Gomoku, Point, Rule};

pub use crate::ai::Level;
pub use level1::pattern_move;

/// How much a search may spend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget for the move; the search always stops by then. `None`: no
    /// limit (then set `depth`, or stop the search from outside).
    pub time: Option<Duration>,
    /// Deepest iteration, in plies; `None`: no limit.
    pub depth: Option<u32>,
    /// Search threads; 1 never touches the rayon pool.
    pub threads: usize,
    /// Most memory for the transposition table and search state, in bytes.
    pub memory_bytes: usize,
}

/// The default thread count: every core but one, which stays with the renderer.
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

impl Limits {
    /// The budget of `level`. Level 1 does not search ([`best_move`] plays the pattern
    /// table), its limits are those of a depth-1 search.
    #[must_use]
    pub fn for_level(level: Level) -> Self {
        const MIB: usize = 1 << 20;
        let (time_ms, depth, memory) = match level.get() {
            1 => (50, Some(1), 4 * MIB),
            2 => (100, Some(2), 8 * MIB),
            3 => (250, Some(4), 16 * MIB),
            4 => (500, None, 32 * MIB),
            _ => (1000, None, 64 * MIB),
        };
        Self {
            time: Some(Duration::from_millis(time_ms)),
            depth,
            threads: default_threads(),
            memory_bytes: memory,
        }
    }
}

/// How good the position is for the side that moves, as far as the search sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// A forced win within this many moves of both sides (plies).
    Win(u32),
    /// A forced loss within this many plies.
    Loss(u32),
    /// A heuristic score: positive is good for the mover.
    Score(i32),
}

/// The slope of the evaluation's logistic scale: a score `s` for the side to move
/// means a winning chance of sigmoid(`WIN_CHANCE_SLOPE` × `s`). It is the slope
/// `examples/gomoku_fit.rs` fits the evaluation in use with (`fit` prints it as
/// "weights in use: slope"), against a judge's winning chances: measured on 1,741
/// positions on 2026-12-06 (docs/engine-lab.md).
pub const WIN_CHANCE_SLOPE: f64 = 0.00195;

impl Value {
    /// The side to move's chance to win, from 0 to 1: certain for a forced result,
    /// else the score through the evaluation's logistic scale ([`WIN_CHANCE_SLOPE`]).
    #[must_use]
    pub fn win_chance(self) -> f64 {
        match self {
            Value::Win(_) => 1.0,
            Value::Loss(_) => 0.0,
            Value::Score(s) => 1.0 / (1.0 + (-WIN_CHANCE_SLOPE * f64::from(s)).exp()),
        }
    }

    /// The value as the review compares values: a forced result, or the win chance.
    #[must_use]
    pub fn verdict(self) -> crate::ai::Verdict {
        use crate::ai::{Result3, Verdict};
        match self {
            // A solved win whose length the solver did not count (no position that
            // is not over is won in 0 plies): the result without the distance.
            Value::Win(n) => Verdict::Exact(Result3::Win, (n > 0).then_some(n)),
            Value::Loss(n) => Verdict::Exact(Result3::Loss, (n > 0).then_some(n)),
            Value::Score(_) => Verdict::Expected(self.win_chance()),
        }
    }

    fn from_score(score: i32) -> Self {
        if !is_decisive(score) {
            Value::Score(score)
        } else if score > 0 {
            Value::Win((WIN - score) as u32)
        } else {
            Value::Loss((WIN + score) as u32)
        }
    }
}

/// `win`, `loss` or the score, as `tabletop-cli` prints it.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(_) => f.write_str("win"),
            Value::Loss(_) => f.write_str("loss"),
            Value::Score(s) => write!(f, "{s}"),
        }
    }
}

/// Progress of a running search, reported after every finished iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Plies fully searched.
    pub depth: u32,
    /// Positions visited so far, all threads together.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best move so far.
    pub best: Option<Point>,
    /// Its value.
    pub value: Value,
    /// The principal variation: the best move and the replies the search expects, as
    /// far as the transposition table still holds them.
    pub pv: Vec<Point>,
    /// The best root moves with their values, best first: only the best unless the
    /// search was asked for several ([`Engine::analyse_in_slices`]).
    pub candidates: Vec<(Point, Value)>,
}

/// The move a search settled on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; always legal.
    pub best: Point,
    /// Its value for the side to move.
    pub value: Value,
    /// Plies fully searched (0 for a move found without searching).
    pub depth: u32,
    /// Positions visited, all threads together.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl SearchResult {
    /// The value as a review compares values: none for a move found without
    /// searching whose value is a placeholder (a forced block, scored 0), which would
    /// read as an even game between two real values.
    #[must_use]
    pub fn verdict(&self) -> Option<crate::ai::Verdict> {
        let placeholder = self.depth == 0 && matches!(self.value, Value::Score(_));
        (!placeholder).then(|| self.value.verdict())
    }
}

/// A search engine that keeps its transposition table from one move to the next.
pub struct Engine {
    tt: Tt,
    /// The board size and rule of the last search: the table's results hold only
    /// for them.
    served: Option<(BoardSize, Rule)>,
    /// The search's numbers: their defaults, but for a tuning run; and the late
    /// move reductions by them.
    params: Params,
    reductions: Reductions,
}

/// Memory kept back from the table for boards, buffers and the pattern tables.
const OVERHEAD_BYTES: usize = 3 << 20;
/// Per-thread search state.
const BYTES_PER_THREAD: usize = 256 << 10;
/// Table a timed search gets per millisecond of its budget and thread: about two
/// entries for each node it searches (some 1.9 M nodes a second on one core),
/// then rounded down to a power of two (16 MiB for a 445 ms move, 32 MiB for a second).
/// A larger table than the search can fill only slows it down: its probes miss the
/// processor's caches. (Built by scripts/build-engine.sh --native, on 30 self-play
/// positions at 1000 ms a move, three pairs run in turn with either first, the
/// engine with a 16 MiB table searched 5-11% more nodes a second than with 128 MiB,
/// the table of a 256 MiB limit, and reached depths 10-12 in 5-18% less time with
/// about as many nodes; with the two run at once, 6-11% more at 1000 ms and -1% to
/// +4% at 500 ms; on 89 positions of self-play games searched in order at 500 ms,
/// as a game does, 5-7% more and 2-12% less time to depths 9-12. 8 and 32 MiB did
/// as well as 16; 4 MiB took 4-11% more nodes.)
const TABLE_BYTES_PER_MS: u128 = 64 << 10;

impl Engine {
    /// An engine whose table fits `limits.memory_bytes` together with the rest of its
    /// state for `limits.threads` threads, and, for a timed search, no larger than
    /// its budget can fill ([`TABLE_BYTES_PER_MS`]).
    #[must_use]
    pub fn new(limits: &Limits) -> Self {
        let threads = limits.threads.max(1);
        let reserved = OVERHEAD_BYTES + BYTES_PER_THREAD * threads;
        let fillable = limits.time.map_or(usize::MAX, |time| {
            let bytes = time.as_millis() * TABLE_BYTES_PER_MS * threads as u128;
            usize::try_from(bytes).unwrap_or(usize::MAX)
        });
        Self {
            tt: Tt::new(limits.memory_bytes.saturating_sub(reserved).min(fillable)),
            served: None,
            params: Params::default(),
            reductions: Reductions::new(&Params::default()),
        }
    }

    /// Searches from now on with `params` (a tuning run's; [`Params::default`] is
    /// what the engine plays with).
    pub fn set_params(&mut self, params: Params) {
        self.params = params;
        self.reductions = Reductions::new(&params);
    }

    /// The search's numbers ([`Engine::set_params`]).
    #[must_use]
    pub fn params(&self) -> Params {
        self.params
    }

    /// Bytes of the transposition table.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Searches the position of `game` within `limits`, calling `on_info` after each
    /// finished iteration, until the budget is spent or `stop` is set; returns the
    /// best move found so far. `None` only when the game is already over.
    pub fn search(
        &mut self,
        game: &Gomoku,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&SearchInfo),
    ) -> Option<SearchResult> {
        finish(self.search_in_slices(game, limits, stop, on_info, &mut Slices::never()))
    }

    /// [`Engine::search`] in time slices, with a pause between them (see
    /// [`crate::ai::slices`]). A search that pauses runs on one thread, whatever
    /// `limits.threads` says. The root's solves cannot pause inside: in slices they
    /// run a slice at a time, for at most 30 ms of work together.
    pub async fn search_in_slices<P: Pause>(
        &mut self,
        game: &Gomoku,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&SearchInfo),
        slices: &mut Slices<P>,
    ) -> Option<SearchResult> {
        self.analyse_in_slices(game, limits, 1, stop, on_info, slices)
            .await
    }

    /// [`Engine::search_in_slices`] that also scores the best `candidates` root moves
    /// exactly (several principal variations, for analysis): each [`SearchInfo`]
    /// lists them best first. A move found without searching (a five, a forced block,
    /// a solved win) is reported once, at depth 0.
    pub async fn analyse_in_slices<P: Pause>(
        &mut self,
        game: &Gomoku,
        limits: &Limits,
        candidates: usize,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&SearchInfo),
        slices: &mut Slices<P>,
    ) -> Option<SearchResult> {
        let clock = Clock::start();
        slices.start(&clock);
        if game.is_over() {
            return None;
        }
        self.serve(game);
        let mut instant = |best: Point, value: Value, nodes: u64| {
            let elapsed = clock.elapsed();
            on_info(&SearchInfo {
                depth: 0,
                nodes,
                elapsed,
                best: Some(best),
                value,
                pv: vec![best],
                candidates: vec![(best, value)],
            });
            SearchResult {
                best,
                value,
                depth: 0,
                nodes,
                elapsed,
            }
        };
        let mut board = Board::from_game(game);
        if let Some(decided) = decided(game, &board) {
            return decided.map(|(best, value)| instant(best, value, 0));
        }
        let (solved, solver_nodes) =
            root_solves(game, &mut board, limits, stop, slices, clock).await;
        let root_moves = match solved {
            Solved::Win(win) => {
                return Some(instant(Board::point(win), Value::Win(0), solver_nodes));
            }
            Solved::Search(root_moves) => root_moves,
        };
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            stop,
            abort: AtomicBool::new(false),
            clock,
            hard_limit: limits.time,
            nodes: AtomicU64::new(solver_nodes),
            root_moves,
            multi_pv: candidates.max(1),
            params: self.params,
            reductions: &self.reductions,
        };
        let max_depth = limits.depth.unwrap_or(100).max(1);
        let mut deepening = Deepening::default();
        let root = board.clone();
        let tt = &self.tt;
        let report = |it: &Iteration, best_moves: &[(usize, i32)], nodes: u64| {
            on_info(&SearchInfo {
                depth: it.depth,
                nodes,
                elapsed: clock.elapsed(),
                best: Some(Board::point(it.best)),
                value: Value::from_score(it.score),
                pv: principal_variation(&root, tt, it.best, it.depth),
                candidates: best_moves
                    .iter()
                    .map(|&(mv, score)| (Board::point(mv), Value::from_score(score)))
                    .collect(),
            });
            deepening.go_on(it, clock.elapsed(), limits.time)
        };
        let threads = limits.threads.max(1);
        let iteration =
            run_searchers(board, &shared, threads, max_depth, slices, clock, report).await;
        let nodes = shared.nodes.load(Relaxed);
        let Some(it) = iteration else {
            // Stopped before the first move of the first iteration was searched (a
            // stop command at once, a tiny budget): the pattern move, never no move.
            return pattern_move(game).map(|best| SearchResult {
                best,
                value: Value::Score(0),
                depth: 0,
                nodes,
                elapsed: clock.elapsed(),
            });
        };
        let mut best = Board::point(it.best);
        if !game.is_legal(best) {
            // Only Black's forbidden point under renju, if the root's exact check had
            // nothing else to offer: never play it.
            debug_assert!(game.rule().has_fouls(), "{best} is illegal");
            best = pattern_move(game)?;
        }
        Some(SearchResult {
            best,
            value: Value::from_score(it.score),
            depth: it.depth,
            nodes,
            elapsed: clock.elapsed(),
        })
    }

    /// Takes on `game`'s board size and rule: another one than the last search's
    /// starts a fresh table (a five, a win or a foul there is none here).
    fn serve(&mut self, game: &Gomoku) {
        let served = (game.size(), game.rule());
        if self
            .served
            .replace(served)
            .is_some_and(|last| last != served)
        {
            self.tt = Tt::new(self.tt.bytes());
        }
    }
}

/// The move of a position decided without a search, with its value: the centre of
/// an empty board, a five to make, the opponent's five to block (lost if it has two,
/// or if it is Black's forbidden point under renju). `Some(None)`: no move at all.
fn decided(game: &Gomoku, board: &Board) -> Option<Option<(Point, Value)>> {
    if game.stones() == 0 {
        return Some(Some((game.size().centre(), Value::Score(0))));
    }
    let me = board.side();
    if let Some(five) = board.find(me, Threat::Five) {
        return Some(Some((Board::point(five), Value::Win(1))));
    }
    let block = board.find(1 - me, Threat::Five)?;
    let value = if board.count(1 - me, Threat::Five) > 1 {
        Value::Loss(2)
    } else {
        Value::Score(0)
    };
    if game.foul(Board::point(block)).is_some() {
        // Black may not block there under renju: lost, whatever it plays.
        let any = game.legal_points().into_iter().next();
        return Some(any.map(|any| (any, Value::Loss(2))));
    }
    Some(Some((Board::point(block), value)))
}

/// Builds the engine's pattern tables (every line of nine cells, classified for each
/// rule: a million entries each), which the first search would otherwise build, in
/// one piece, inside its first slice and its time: measured in Chromium, 33-66 ms of
/// the page's thread, 190-240 ms on a busy machine; 0.33 s in the dev profile. The
/// app calls it at start-up (in a browser behind the page's loading overlay, on the
/// desktop on a thread of its own), `pbrain-tabletop` on a thread of its own; later
/// calls cost nothing, and a search that needs the tables while they are being built
/// waits for them.
pub fn prepare() {
    for rule in [Rule::FreeStyle, Rule::Standard] {
        let _ = pattern::tables(rule);
    }
    let _ = pattern::inner_table();
    for codes in pattern::Codes::ALL {
        let _ = pattern::combined(codes);
    }
}

/// Searches once with a fresh [`Engine`]; see [`Engine::search`].
pub fn search(
    game: &Gomoku,
    limits: &Limits,
    stop: &AtomicBool,
    on_info: impl FnMut(&SearchInfo),
) -> Option<SearchResult> {
    Engine::new(limits).search(game, limits, stop, on_info)
}

/// The move of `level`: the source game's pattern table for level 1, a search within
/// [`Limits::for_level`] above it. `None` only when the game is over.
pub fn best_move(
    game: &Gomoku,
    level: Level,
    stop: &AtomicBool,
    on_info: impl FnMut(&SearchInfo),
) -> Option<SearchResult> {
    finish(best_move_in_slices(
        game,
        level,
        stop,
        on_info,
        &mut Slices::never(),
    ))
}

/// The line from `root` that starts with `first` and follows the best moves the
/// table holds, up to `depth` moves.
fn principal_variation(root: &Board, tt: &Tt, first: usize, depth: u32) -> Vec<Point> {
    let mut board = root.clone();
    let mut line = Vec::new();
    let mut next = Some(first);
    while let Some(mv) = next.filter(|&mv| board.is_empty_at(mv)) {
        line.push(Board::point(mv));
        if line.len() >= depth.max(1) as usize || board.threat(mv, board.side()) == Threat::Five {
            break;
        }
        board.make(mv);
        next = tt.probe(board.hash(), 0).and_then(|hit| hit.mv);
    }
    line
}

/// [`best_move`] in time slices, on one thread (see [`crate::ai::slices`]).
pub async fn best_move_in_slices<P: Pause>(
    game: &Gomoku,
    level: Level,
    stop: &AtomicBool,
    on_info: impl FnMut(&SearchInfo),
    slices: &mut Slices<P>,
) -> Option<SearchResult> {
    if level == Level::MIN {
        let clock = Clock::start();
        return pattern_move(game).map(|best| SearchResult {
            best,
            value: Value::Score(0),
            depth: 1,
            nodes: 0,
            elapsed: clock.elapsed(),
        });
    }
    let limits = Limits::for_level(level);
    let mut engine = Engine::kept(Seat::Level(level), &limits);
    let result = engine
        .search_in_slices(game, &limits, stop, on_info, slices)
        .await;
    engine.keep(Seat::Level(level), &limits);
    result
}

/// Whom a kept [`Engine`] serves: a level's AI, or the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// The AI of a level, whichever side it plays.
    Level(Level),
    /// The analysis of the position on the board.
    Analysis,
}

impl Engine {
    /// The engine kept for `seat` (see [`Engine::keep`]), or a new one when there is
    /// none, or when `limits` set a depth.
    #[must_use]
    pub fn kept(seat: Seat, limits: &Limits) -> Self {
        kept_engines().take(seat, limits)
    }

    /// Keeps this engine for `seat`'s next search, as `pbrain-tabletop` keeps its own:
    /// the next move starts from what this one stored (the player's move in between
    /// is usually one it looked at; the analysis of the position before or after is
    /// mostly there already), and no table is made per move (in a browser, memory
    /// handed back is cleared again when it is taken). Only for searches that stop
    /// by time: with `limits.depth` set the engine is dropped, so that a
    /// depth-limited level's strength stays what its depth makes it.
    pub fn keep(self, seat: Seat, limits: &Limits) {
        kept_engines().keep(seat, limits, self);
    }
}

/// The engines kept between searches. A search takes its seat's engine and gives it
/// back when done; a search that finds it taken (an analysis started while the one
/// before it still unwinds, games played side by side) makes its own, and one that
/// is cancelled drops it.
struct KeptEngines(Vec<(Seat, Engine)>);

fn kept_engines() -> std::sync::MutexGuard<'static, KeptEngines> {
    static KEPT: Mutex<KeptEngines> = Mutex::new(KeptEngines(Vec::new()));
    // The list stays whole whatever a panicking holder did: it only moves engines.
    KEPT.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl KeptEngines {
    fn take(&mut self, seat: Seat, limits: &Limits) -> Engine {
        match self.0.iter().position(|(s, _)| *s == seat) {
            Some(at) if limits.depth.is_none() => self.0.swap_remove(at).1,
            _ => Engine::new(limits),
        }
    }

    fn keep(&mut self, seat: Seat, limits: &Limits, engine: Engine) {
        if limits.depth.is_none() && self.0.iter().all(|(s, _)| *s != seat) {
            self.0.push((seat, engine));
        }
    }
}

#[cfg(test)]
mod tests;
