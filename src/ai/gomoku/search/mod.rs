//! Iterative-deepening negamax alpha-beta with principal variation search, a shared
//! transposition table and Lazy SMP: every thread searches the same root, helpers
//! only fill the table for the main thread.
//!
//! Laid out as the strongest engines lay out theirs: this module holds what every
//! thread shares ([`Shared`]) and one thread's state ([`Searcher`]) with its clock;
//! [`root`] the iterative deepening and the root's moves (one principal variation or
//! several), [`node`] the search of every other node, [`params`] the numbers they
//! use, [`solves`] the root's VCF, VCT and defences before the search, [`time`] when
//! to stop deepening, [`threads`] one searcher, slices or Lazy SMP. `super::Engine`
//! puts them together. What was tried and left out, with its match figures, is in
//! docs/engine-lab.md.
//!
//! A search can also run in slices (the web build, on the page's only thread): when a
//! slice is over, [`Searcher::run`] unwinds like a timeout and returns
//! [`Run::Paused`]; the next call goes on with the same iteration at the same root
//! move. The subtrees that move had finished are in the transposition table, so the
//! search of that move picks up almost where it stopped. Should a slice finish fewer
//! new nodes than one in 16 of those it searched (it spent itself finding its way
//! back, finishing again nodes the table had), the next one must search twice as many
//! nodes before it may pause, and a slice that got on lowers that floor by half, not
//! at once: however short the slices, the search gets on.

mod node;
mod params;
mod root;
mod solves;
mod threads;
mod time;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use super::board::{Board, CELLS};
use super::movegen::{Scored, generate};
use super::tt::Tt;
use crate::ai::clock::Clock;
#[cfg(test)]
pub(super) use node::order_rest;
pub use params::Params;
pub(super) use params::Reductions;
use params::{INFINITY, MAX_PLY, MIN_SLICE_NODES, POLL_INTERVAL, SLICED_POLL_INTERVAL};
#[cfg(test)]
pub(super) use params::{block_extension, late_move_reduction, reduction};
#[cfg(test)]
pub(super) use solves::{MIN_SOLVE_NODES, ROOT_VCF_DEPTH, ROOT_VCT_DEPTH, RootSolves, defences};
pub(super) use solves::{Solved, root_solves};
pub(super) use threads::run_searchers;
pub(super) use time::Deepening;

/// What all threads share during one search.
pub(super) struct Shared<'a> {
    pub tt: &'a Tt,
    /// Set from outside to cancel.
    pub stop: &'a AtomicBool,
    /// Set when the time runs out or the main thread is done.
    pub abort: AtomicBool,
    pub clock: Clock,
    pub hard_limit: Option<Duration>,
    pub nodes: AtomicU64,
    /// The only root moves to search, when the opponent threatens a forced win:
    /// those that hold (`solves::defences`). `None`: every move.
    pub root_moves: Option<Vec<usize>>,
    /// Root moves that get an exact score (principal variations): 1 to play, more for
    /// analysis.
    pub multi_pv: usize,
    /// The numbers the search runs with, and its late move reductions by them.
    pub params: Params,
    pub reductions: &'a Reductions,
}

impl Shared<'_> {
    fn aborted(&self) -> bool {
        self.abort.load(Relaxed)
    }
}

/// A root move and its score from the last iteration that searched it.
#[derive(Clone, Copy, Debug)]
struct RootMove {
    mv: usize,
    score: i32,
}

/// The result of one finished iteration.
#[derive(Clone, Copy, Debug)]
pub(super) struct Iteration {
    pub depth: u32,
    pub best: usize,
    pub score: i32,
}

/// How far [`Searcher::run`] got.
pub(super) enum Run {
    /// The slice ended; call again to go on.
    Paused,
    /// The search is over: its last finished iteration, or the first root move.
    Done(Option<Iteration>),
}

/// One thread's search state.
pub(super) struct Searcher<'a> {
    board: Board,
    shared: &'a Shared<'a>,
    nodes: u64,
    /// Look at the clock once `nodes` reaches this.
    next_poll: u64,
    /// On the shared clock, when the running slice ends; `None`: no slices.
    slice_end: Option<Duration>,
    /// The slice ended and the search unwound to the root to pause.
    paused: bool,
    /// Nodes searched in this slice, nodes finished (stored in the table) in it, and
    /// the fewest it must search before it may pause.
    slice_nodes: u64,
    slice_finished: u64,
    min_slice_nodes: u64,
    /// The iteration under way, the root move it searches next, and the best score
    /// among the root moves before it.
    depth: u32,
    next_root: usize,
    alpha: i32,
    /// The last iteration with a best move.
    last: Option<Iteration>,
    killers: [[usize; 2]; MAX_PLY + 1],
    /// Per ply, the blocks of fours on the line that leads there.
    blocks: [u8; MAX_PLY + 1],
    /// Per side and point, the sum of depth squared over the cuts a quiet move made
    /// there, up to [`Params`]' history cap of it added to its order score (lab log:
    /// "move ordering").
    history: Box<[[i32; CELLS]; 2]>,
    buffers: Vec<Vec<Scored>>,
    root_moves: Vec<RootMove>,
    /// The best root move of the current iteration once its search completed.
    best: Option<(usize, i32)>,
}

impl<'a> Searcher<'a> {
    /// A searcher for the main thread (`helper == 0`) or a helper, which starts at a
    /// staggered depth.
    pub(super) fn new(board: Board, shared: &'a Shared<'a>, helper: usize) -> Self {
        let mut moves = Vec::new();
        generate(&board, &mut moves);
        moves.sort_by_key(|m| -m.score);
        if let Some(allowed) = shared.root_moves.as_ref().filter(|a| !a.is_empty()) {
            // The moves that hold, in the generator's order, then those it left out
            // (a far block, a counter-four).
            moves.retain(|m| allowed.contains(&m.mv));
            for &mv in allowed {
                if !moves.iter().any(|m| m.mv == mv) {
                    moves.push(Scored { mv, score: 0 });
                }
            }
        }
        Self {
            board,
            shared,
            nodes: 0,
            next_poll: POLL_INTERVAL,
            slice_end: None,
            paused: false,
            slice_nodes: 0,
            slice_finished: 0,
            min_slice_nodes: MIN_SLICE_NODES,
            depth: 1 + (helper % 3) as u32,
            next_root: 0,
            alpha: -INFINITY,
            last: None,
            killers: [[0; 2]; MAX_PLY + 1],
            blocks: [0; MAX_PLY + 1],
            history: Box::new([[0; CELLS]; 2]),
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            root_moves: moves
                .iter()
                .map(|m| RootMove {
                    mv: m.mv,
                    score: -INFINITY,
                })
                .collect(),
            best: None,
        }
    }

    /// Adds this thread's nodes to the shared count and sets the next look at the
    /// clock.
    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.nodes, Relaxed);
        self.nodes = 0;
        self.next_poll = if self.slice_end.is_some() {
            SLICED_POLL_INTERVAL
        } else {
            POLL_INTERVAL
        };
    }

    /// Looks at the clock and the stop flag: past the hard limit or stopped, every
    /// thread aborts; past the slice's end (with enough done in it), this one pauses.
    fn poll(&mut self) {
        let shared = self.shared;
        self.slice_nodes += self.nodes;
        self.flush_nodes();
        let now = shared.clock.elapsed();
        let late = shared.hard_limit.is_some_and(|limit| now >= limit);
        if late || shared.stop.load(Relaxed) {
            shared.abort.store(true, Relaxed);
        } else if self.slice_end.is_some_and(|end| now >= end)
            && self.slice_nodes >= self.min_slice_nodes
        {
            self.paused = true;
            shared.abort.store(true, Relaxed);
        }
    }
}
