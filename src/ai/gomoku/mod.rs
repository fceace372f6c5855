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
mod pattern;
mod search;
mod shape;
pub mod swap2;
mod threats;
mod tools;
mod tt;

pub use tools::OPENINGS;

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use board::Board;
use eval::{WIN, is_decisive};
use pattern::Threat;
use search::{Iteration, Run, Searcher, Shared};
use threats::Solver;
use tt::Tt;

use crate::ai::clock::Clock;
use crate::ai::slices::{Pause, Slices, finish};
use crate::rules::Player;
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
}

/// The slice of a search's budget the root VCF and VCT may use, in nodes per
/// millisecond of budget.
///
/// (A VCT that finds nothing spends its whole budget, and most do: on 16 lab middle
/// games at 500 ms a move, with the search's internal iterative reduction (see
/// docs/engine-lab.md) and two matches running beside it, the root solves took 49 ms on
/// average and the search reached depth 10.8; with half the VCT's budget 26 ms and
/// 11.1, a quarter 16 ms and 11.4. That bought nothing measurable against full
/// Rapfi at 500 ms, two sets of 64 openings played both ways, with that reduction
/// (20.5% of 256 games with the VCT as it is): half the budget won
/// 53 of 256 games, 3 drawn, 21.3%, and a quarter 56, 1 drawn, 22.1%; on a third
/// set, half the budget won 23 of 128 where the engine without either change won
/// 30, 1 drawn. Half the budget would also have left level 5 with 37,500 nodes,
/// just enough for the deepest win of the tests, 32,989. Judged move by move on
/// 2,392 level positions of lost match games, Rapfi to depth 16, half the budget
/// changed 71 of the moves, where the same build run again changes 69, and gained
/// +0.0000 +- 0.0006 in winning chance: scripts/gomoku-move-quality.py.)
const SOLVER_NODES_PER_MS: u64 = 300;
/// The most time the root's solves work in a search in slices, a slice at a time.
const ROOT_SOLVES_IN_SLICES: Duration = Duration::from_millis(30);
/// The fewest solver nodes a root solve's first try in a slice searches.
const MIN_SOLVE_NODES: u64 = 128;
/// The time budget the root's solves count with when a search has none.
const UNTIMED_SOLVE_MS: u64 = 2_000;
/// Fours in the root VCF.
const ROOT_VCF_DEPTH: u32 = 30;
/// Most threes in the root VCT, which deepens one three at a time within its budget
/// (it was a fixed three; wins of 9 to 13 own moves from match games needed more).
const ROOT_VCT_DEPTH: u32 = 8;
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
        }
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
        let served = (game.size(), game.rule());
        if self
            .served
            .replace(served)
            .is_some_and(|last| last != served)
        {
            // Another board or rule: a five, a win or a foul there is none here.
            self.tt = Tt::new(self.tt.bytes());
        }
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
        if game.stones() == 0 {
            return Some(instant(game.size().centre(), Value::Score(0), 0));
        }
        let mut board = Board::from_game(game);
        let me = board.side();
        if let Some(five) = board.find(me, Threat::Five) {
            return Some(instant(Board::point(five), Value::Win(1), 0));
        }
        if let Some(block) = board.find(1 - me, Threat::Five) {
            let value = if board.count(1 - me, Threat::Five) > 1 {
                Value::Loss(2)
            } else {
                Value::Score(0)
            };
            if game.foul(Board::point(block)).is_some() {
                // Black may not block there under renju: lost, whatever it plays.
                let any = crate::rules::Game::legal_moves(game).into_iter().next()?;
                return Some(instant(any, Value::Loss(2), 0));
            }
            return Some(instant(Board::point(block), value, 0));
        }

        // The root's solves get node budgets by the time budget; a search without
        // one (a fixed depth, analysis) gives them what a 2-second move would, so
        // that the search proper starts.
        let budget_ms = limits
            .time
            .map_or(UNTIMED_SOLVE_MS, |t| t.as_millis() as u64);
        // (A solver whose proof table the engine kept from one move to the next,
        // most of the positions a move's solves look at having been looked at a
        // move before, scored 26 points in 172 games against full Rapfi at 500 ms
        // where the engine without it scored 30 in the same games, on two sets of
        // 64 openings played both ways: 10.5 to 16 in 80 and 15.5 to 14 in 92.)
        let mut solver = Solver::new();
        solver.set_stop(stop);
        // The root solves together get at most half the time, by clock as well as
        // nodes. They cannot pause inside: in slices each try gets what is left of a
        // slice, and one cut short by the slice's end is tried again after a pause,
        // for a few slices' work at most (an untimed search in slices too, such as
        // the browser's analysis); a longer VCF or VCT is left to the search.
        let half = limits.time.map(|time| time / 2);
        let mut solves = if slices.pausing() {
            RootSolves::InSlices {
                work: half.map_or(ROOT_SOLVES_IN_SLICES, |half| {
                    half.min(ROOT_SOLVES_IN_SLICES)
                }),
                began: clock.elapsed(),
                paused: slices.time_paused(),
            }
        } else {
            RootSolves::Once(half)
        };
        let solve_budget = budget_ms.saturating_mul(SOLVER_NODES_PER_MS) / 4;
        solver.set_budget(solve_budget);
        let mut found = solves
            .run(
                &mut solver,
                &mut board,
                slices,
                clock,
                true,
                |solver, board| solver.vcf(board, ROOT_VCF_DEPTH),
            )
            .await;
        if found.is_none() {
            solver.set_budget(solve_budget);
            found = solves
                .run(
                    &mut solver,
                    &mut board,
                    slices,
                    clock,
                    true,
                    |solver, board| solver.vct_deepening(board, ROOT_VCT_DEPTH),
                )
                .await;
        }
        if let Some(win) = found.filter(|&win| game.foul(Board::point(win)).is_none()) {
            return Some(instant(Board::point(win), Value::Win(0), solver.nodes));
        }

        let mut root_moves = solves
            .run(
                &mut solver,
                &mut board,
                slices,
                clock,
                false,
                |solver, board| defences(board, solver, budget_ms),
            )
            .await;
        if game.rule().has_fouls() && game.side_to_move() == Player::First {
            // Black under renju: only the points it may play, checked exactly.
            let forbidden: Vec<Point> = game.fouls().into_iter().map(|(p, _)| p).collect();
            let legal: Vec<usize> = root_moves
                .take()
                .unwrap_or_else(|| board.candidates().collect())
                .into_iter()
                .filter(|&mv| !forbidden.contains(&Board::point(mv)))
                .collect();
            root_moves = Some(if legal.is_empty() {
                crate::rules::Game::legal_moves(game)
                    .into_iter()
                    .map(Board::index)
                    .collect()
            } else {
                legal
            });
        }
        self.tt.new_search();
        let shared = Shared {
            tt: &self.tt,
            stop,
            abort: AtomicBool::new(false),
            clock,
            hard_limit: limits.time,
            nodes: AtomicU64::new(solver.nodes),
            root_moves,
            multi_pv: candidates.max(1),
        };
        let max_depth = limits.depth.unwrap_or(100).max(1);
        // Another iteration starts only before a share of the budget has passed: a
        // larger share while the best move keeps changing, a smaller one once it has
        // held for a few iterations. A cut-short iteration still counts (its moves are
        // searched best first, so a move it kept beat the old best), so the shares are
        // high: at 150 ms a move, 90/75/60% beat the old 70/50/30% 26-18 (4 draws).
        // (Thinking to the end of every turn, as a Gomocup turn limit without a match
        // clock would allow, measured no better: 105-399-8 of 512 games against full
        // Rapfi at 500 ms over four sets of 64 openings, 20.5%, where answering early
        // wins 21-22%; it spent 280-300 ms a move on average against 250. Yet time
        // is worth much here: told 1000 ms a move against Rapfi's 500, the engine won
        // 22 of the first 75 games on a set of 64 openings played both ways, 29.3%,
        // where at 500 ms it won 23 of 128, 18.8%. Measured again at 7a8ae3a, told
        // 1000 ms it won 36-91-1 on opA and 27-98-3 on opB, 25.4% of 256, where at
        // 500 ms it won 26-102-0 and 21-106-1, 18.6% (better in 41 games, worse in
        // 24); told 250 ms, 19-109-0 on opA, 14.8%. It already thinks 330-450 ms in
        // the positions that are not decided, so a gain must come from the search.
        // The same trees built 13-16% sooner (a word per line of the grid, both
        // sides' lines in one look-up, the candidates from bits: see board.rs) won
        // 40-87-1, 31-96-1, 26-102-0, 31-96-1 and 29-97-2 on opA to opE at 500 ms,
        // 157 of 640 games, 24.5%, where the engine before won 26, 21, 25, 32 and 32
        // on them, 136 of 640, 21.3% (better in 87 games, worse in 59). Allowed
        // 475 ms of a 500 ms turn in place of 445 (pbrain-tabletop's margin, see
        // gomocup.rs), it won 27.2% of 768 games on the six sets of
        // scripts/gomoku-openings.
        // Nor did thinking longer on a falling score: an iteration whose score fell
        // more than 60 below that of two iterations before kept 90% of the budget,
        // as a changed best move does. Built by scripts/build-engine.sh --native, it
        // spent 262-268 ms a move on average and won 93 of 512 games against full
        // Rapfi at 500 ms, 5 drawn, 18.7%, where the same build without it, on the
        // same four sets of 64 openings played both ways (side by side on two),
        // won 87, 2 drawn, 17.2%: inside the noise. Together with a plain four
        // counted as a quiet move (see movegen's is_quiet), the two variants whose
        // 512 games each had come out ahead, it won 21 of 128 games on the first
        // set, 1 drawn, where the engine without both, side by side, won 26.
        // Thinking to the end of every turn changed 102 of the moves in 2,392 level
        // positions of lost match games, where the same build run again changed 69,
        // and lost 0.0011 +- 0.0007 in winning chance as Rapfi judged them to depth
        // 16 (scripts/gomoku-move-quality.py).)
        let mut last_best = None;
        let mut stable = 0u32;
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
            if last_best == Some(it.best) {
                stable += 1;
            } else {
                stable = 0;
                last_best = Some(it.best);
            }
            limits.time.is_none_or(|time| {
                let share = match stable {
                    0 if it.depth > 4 => 0.9,
                    0..=2 => 0.75,
                    _ => 0.6,
                };
                clock.elapsed() < time.mul_f32(share)
            })
        };
        let threads = limits.threads.max(1);
        let iteration = if slices.pausing() {
            let mut searcher = Searcher::new(board, &shared, 0);
            let mut report = report;
            // The search goes on in what is left of the root solves' last slice.
            slices.pause_if_due(&clock).await;
            loop {
                match searcher.run(max_depth, 0, slices.end(), &mut report) {
                    Run::Paused => slices.pause(&clock).await,
                    Run::Done(iteration) => break iteration,
                }
            }
        } else if threads == 1 {
            Searcher::new(board, &shared, 0).iterate(max_depth, 0, report)
        } else {
            // The main thread searches on the caller's thread (so `on_info` need not be
            // `Send`); the helpers run on a pool of their own.
            pool(threads - 1).in_place_scope(|scope| {
                for helper in 1..threads {
                    let (board, shared) = (board.clone(), &shared);
                    scope.spawn(move |_| {
                        Searcher::new(board, shared, helper).iterate(
                            max_depth,
                            helper,
                            |_, _, _| true,
                        );
                    });
                }
                let result = Searcher::new(board, &shared, 0).iterate(max_depth, 0, report);
                shared.abort.store(true, Relaxed);
                result
            })
        };
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
}

/// A rayon pool per helper count, made once: scopes on it never outlive a search.
fn pool(threads: usize) -> Arc<rayon::ThreadPool> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    pools
        .entry(threads)
        .or_insert_with(|| {
            Arc::new(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("gomoku-search-{i}"))
                    .build()
                    .expect("the search thread pool starts"),
            )
        })
        .clone()
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
    for (renju_black, base) in [(false, 8), (false, 9), (true, 9)] {
        let _ = pattern::combined(renju_black, base);
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

/// The moves that hold when the opponent threatens a forced win: if the side to
/// move passed, would the opponent win by continuous fours (VCF), or else by
/// threes and fours (VCT)? If so, only the moves after which the opponent no
/// longer has such a win are worth searching: blocks on any point of the threat,
/// counter-fours that gain a tempo, moves that break a later stage. `None` when
/// there is no such threat (or no move holds: then every move is searched, and
/// the best of the losing ones found).
///
/// A reply whose check runs out of budget counts as holding: the search judges it.
///
/// (The VCT threat was left to the search while the solver counted a defender's
/// counter-four as a defence that held: restricting the root by it then won 3 of
/// 24 games against Rapfi `max_depth 8` at 500 ms, against 7 of 24 with the VCF
/// threat alone. With the counter-four blocked and the three answered again, it won
/// 92 of 512 games against full Rapfi at 500 ms, 5 drawn, 18.5%, where the engine
/// without it, side by side on the same four sets of 64 openings, won 89, 3 drawn,
/// 17.7%: 30-27, 22-19, 22-19 and 18-24 by set, inside the noise, at no cost in
/// time: slowest move 458-464 ms against 458-472.)
///
/// (Each reply's check gets a small share of a solve's budget, and some deep wins
/// are missed: 2,000 nodes at 500 ms where the win after a natural block can take
/// 134 thousand. Measured and left out: a second look at the replies whose check
/// ran out, in the move generator's order, within ten solves' budget in all;
/// against a VCF threat, a VCT check of the replies that stop the fours too; and,
/// after the search, a check of the chosen move against a VCT in what was left of
/// 90% of the move's time, the next root move in its place if it lost. They fixed
/// the engine's h8 of a lost match game (it played Rapfi's m8), and in 66 of 120
/// of its positions from match games the root was threatened; but against full
/// Rapfi at 500 ms, side by side with the engine without them on the same four
/// sets of 64 openings played both ways, they won 87 of 512 games, 2 drawn,
/// 17.2%, where the engine without them won 94, 5 drawn, 18.8% (the first two
/// without the check of the chosen move, on the first set: 24 against 25).)
fn defences(board: &mut Board, solver: &mut Solver, budget_ms: u64) -> Option<Vec<usize>> {
    let per_solve = budget_ms.saturating_mul(SOLVER_NODES_PER_MS) / 8;
    board.pass();
    solver.set_budget(per_solve);
    let mut threat = solver.vcf(board, ROOT_VCF_DEPTH).map(|_| Forced::ByFours);
    // (A VCF look that spent its budget leaves no time for a VCT one.)
    if threat.is_none() && !solver.stopped() {
        solver.set_budget(per_solve);
        threat = solver
            .vct_deepening(board, ROOT_VCT_DEPTH)
            .map(|_| Forced::ByThrees);
    }
    board.pass();
    let threat = threat?;
    let candidates: Vec<usize> = board.candidates().collect();
    // Each reply's check shares what is left of the budget.
    let per_reply = (per_solve / candidates.len().max(1) as u64).max(2_000);
    let holding: Vec<usize> = candidates
        .into_iter()
        .filter(|&mv| {
            board.make(mv);
            solver.set_budget(per_reply);
            let still_wins = match threat {
                Forced::ByFours => solver.vcf(board, ROOT_VCF_DEPTH),
                Forced::ByThrees => solver.vct_deepening(board, ROOT_VCT_DEPTH),
            }
            .is_some();
            board.unmake();
            !still_wins
        })
        .collect();
    (!holding.is_empty()).then_some(holding)
}

/// How the opponent's forced win that [`defences`] answers is made.
#[derive(Clone, Copy)]
enum Forced {
    ByFours,
    ByThrees,
}

/// How the root's solves (VCF, VCT, the defences) share their time.
enum RootSolves {
    /// Each runs once, all within this long on the search's clock, if given.
    Once(Option<Duration>),
    /// A search in slices: the solves together work at most `work` (pauses not
    /// counted) from `began` on the search's clock, when the slices had paused for
    /// `paused`.
    InSlices {
        work: Duration,
        began: Duration,
        paused: Duration,
    },
}

impl RootSolves {
    /// Runs `solve` to its end, its node budget or the solves' time. In slices, each
    /// try gets what is left of the running slice; one cut short by the slice's end
    /// pauses and is tried again (the solver's proof table keeps what it proved), so
    /// that the search keeps the page's thread no longer than a slice. A found
    /// result is taken at once if `found_is_sound` (a win found is a win, however the
    /// try ended); otherwise only from a try the slice's end did not cut.
    async fn run<P: Pause, T>(
        &mut self,
        solver: &mut Solver<'_>,
        board: &mut Board,
        slices: &mut Slices<P>,
        clock: Clock,
        found_is_sound: bool,
        mut solve: impl FnMut(&mut Solver<'_>, &mut Board) -> Option<T>,
    ) -> Option<T> {
        let (work, began, paused) = match *self {
            RootSolves::Once(limit) => {
                if let Some(limit) = limit {
                    solver.set_deadline(clock, limit);
                }
                return solve(solver, board);
            }
            RootSolves::InSlices {
                work,
                began,
                paused,
            } => (work, began, paused),
        };
        // The fewest nodes a try searches before it may stop at the slice's end,
        // doubled after every try that got little further: however short the
        // slices, the solve gets on.
        let mut floor = MIN_SOLVE_NODES;
        loop {
            let worked = clock
                .elapsed()
                .saturating_sub(began)
                .saturating_sub(slices.time_paused().saturating_sub(paused));
            // The solves' time spent: nothing more to try.
            let left = work.checked_sub(worked).filter(|left| !left.is_zero())?;
            let now = clock.elapsed();
            let end = slices.end().map_or(now + left, |end| end.min(now + left));
            solver.set_deadline_after(clock, end, floor);
            let before = solver.nodes;
            let result = solve(solver, board);
            let cut = solver.timed_out();
            if !cut || (found_is_sound && result.is_some()) || solver.stopped() {
                return result;
            }
            // A try that got little past its floor found its slice already over.
            floor = if solver.nodes - before < floor.saturating_mul(2) {
                floor.saturating_mul(2)
            } else {
                MIN_SOLVE_NODES
            };
            slices.pause(&clock).await;
        }
    }
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
