//! The root: iterative deepening (in slices or not), and the search of the root's
//! moves, for one principal variation or several.
//!
//! Every root move is searched to the full depth, none reduced late in the order,
//! and there is no aspiration window: both were measured and left out (lab log:
//! "the root").

use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use super::super::eval::{WIN, is_decisive};
use super::params::{INFINITY, MIN_SLICE_NODES};
use super::{Iteration, Run, Searcher};

impl Searcher<'_> {
    /// Iterative deepening up to `max_depth`, to the end. The main thread
    /// (`helper == 0`) reports each finished iteration to `report`, which says whether
    /// to go deeper; helpers run until the main thread is done.
    pub(in crate::ai::gomoku) fn iterate(
        &mut self,
        max_depth: u32,
        helper: usize,
        mut report: impl FnMut(&Iteration, &[(usize, i32)], u64) -> bool,
    ) -> Option<Iteration> {
        match self.run(max_depth, helper, None, &mut report) {
            Run::Done(iteration) => iteration,
            Run::Paused => unreachable!("a search without slices never pauses"),
        }
    }

    /// Iterative deepening as [`Searcher::iterate`], but only until `slice_end` on the
    /// shared clock (if given): then it returns [`Run::Paused`], and the next call goes
    /// on from there.
    pub(in crate::ai::gomoku) fn run(
        &mut self,
        max_depth: u32,
        helper: usize,
        slice_end: Option<Duration>,
        report: &mut impl FnMut(&Iteration, &[(usize, i32)], u64) -> bool,
    ) -> Run {
        if self.paused {
            // Only a pause set the abort flag: the time limit and the stop flag are
            // looked at again at the next poll.
            self.paused = false;
            self.shared.abort.store(false, Relaxed);
        }
        self.slice_end = slice_end;
        self.slice_nodes = 0;
        self.slice_finished = 0;
        while self.depth <= max_depth {
            let depth = self.depth;
            let score = self.root(depth as i32);
            if self.paused {
                self.flush_nodes();
                self.min_slice_nodes = if self.slice_finished < self.slice_nodes / 16 {
                    self.min_slice_nodes.saturating_mul(2)
                } else {
                    (self.min_slice_nodes / 2).max(MIN_SLICE_NODES)
                };
                return Run::Paused;
            }
            let aborted = self.shared.aborted();
            if let Some((best, best_score)) = self.best {
                // In a cut-short iteration the previous best is searched first, so any
                // move kept here is proven at least as good as it.
                self.last = Some(Iteration {
                    depth: if aborted { depth - 1 } else { depth },
                    best,
                    score: if aborted { best_score } else { score },
                });
            }
            if aborted {
                break;
            }
            self.flush_nodes();
            if helper == 0 && !self.report_iteration(depth, score, report) {
                break;
            }
            self.depth += 1;
            self.next_root = 0;
            self.alpha = -INFINITY;
            self.best = None;
        }
        self.flush_nodes();
        Run::Done(self.last.or_else(|| {
            self.root_moves.first().map(|m| Iteration {
                depth: 0,
                best: m.mv,
                score: 0,
            })
        }))
    }

    /// The main thread's report of the iteration it finished to `depth` with
    /// `score`: whether to go deeper. A win or a loss ends the deepening once the
    /// depth passes it (lab log: "the root").
    fn report_iteration(
        &self,
        depth: u32,
        score: i32,
        report: &mut impl FnMut(&Iteration, &[(usize, i32)], u64) -> bool,
    ) -> bool {
        let iteration = self.last.expect("a finished iteration has a best move");
        let total = self.shared.nodes.load(Relaxed);
        let candidates: Vec<(usize, i32)> = self
            .root_moves
            .iter()
            .take(self.shared.multi_pv.max(1))
            .map(|m| (m.mv, m.score))
            .collect();
        report(&iteration, &candidates, total)
            && !(is_decisive(score) && depth as i32 > WIN - score.abs())
    }

    /// The root of iteration `depth`, from root move `next_root` on; the best score.
    /// A move cut short by a pause stays `next_root`, to be searched again.
    pub(super) fn root(&mut self, depth: i32) -> i32 {
        if self.shared.multi_pv > 1 {
            return self.root_multi_pv(depth);
        }
        let beta = INFINITY;
        while self.next_root < self.root_moves.len() {
            let (i, alpha) = (self.next_root, self.alpha);
            let mv = self.root_moves[i].mv;
            self.board.make(mv);
            let score = if i == 0 {
                -self.negamax(-beta, -alpha, depth - 1, 1, true)
            } else {
                let s = -self.negamax(-alpha - 1, -alpha, depth - 1, 1, false);
                if s > alpha && !self.shared.aborted() {
                    -self.negamax(-beta, -alpha, depth - 1, 1, true)
                } else {
                    s
                }
            };
            self.board.unmake();
            if self.shared.aborted() {
                break;
            }
            self.root_moves[i].score = score;
            if score > alpha {
                self.alpha = score;
                self.best = Some((mv, score));
                // The new best goes first, ahead of the moves it beat; the rest keep
                // their order from one iteration to the next (lab log: "the root").
                self.root_moves[..=i].rotate_right(1);
            }
            self.next_root += 1;
        }
        self.alpha
    }

    /// [`Searcher::root`] with several principal variations: the first `multi_pv`
    /// moves get exact scores; a later move is tried against the worst of those with a
    /// null window and, if it beats it, searched again for its exact score. The moves
    /// searched so far stay sorted best first, so the first `multi_pv` are the
    /// candidates with their exact scores.
    fn root_multi_pv(&mut self, depth: i32) -> i32 {
        let n = self.shared.multi_pv;
        while self.next_root < self.root_moves.len() {
            let i = self.next_root;
            let mv = self.root_moves[i].mv;
            self.board.make(mv);
            let score = if i < n {
                -self.negamax(-INFINITY, INFINITY, depth - 1, 1, true)
            } else {
                let floor = self.root_moves[n - 1].score;
                let s = -self.negamax(-floor - 1, -floor, depth - 1, 1, false);
                if s > floor && !self.shared.aborted() {
                    -self.negamax(-INFINITY, INFINITY, depth - 1, 1, true)
                } else {
                    s
                }
            };
            self.board.unmake();
            if self.shared.aborted() {
                break;
            }
            self.root_moves[i].score = score;
            let at = self.root_moves[..i]
                .iter()
                .position(|m| m.score < score)
                .unwrap_or(i);
            self.root_moves[at..=i].rotate_right(1);
            let best = self.root_moves[0];
            self.alpha = best.score;
            self.best = Some((best.mv, best.score));
            self.next_root += 1;
        }
        self.alpha
    }
}
