//! Iterative-deepening negamax alpha-beta with principal variation search, a shared
//! transposition table and Lazy SMP: every thread searches the same root, helpers
//! only fill the table for the main thread.
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
//!
//! (At about 700 lines this file is over the project's 400: the searcher's state, its
//! recursion and the iteration driver share every field and change together.)

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use super::board::{Board, CELLS};
use super::eval::{WIN, evaluate, is_decisive};
use super::movegen::{self, Forcing, Scored, generate, is_quiet};
use super::pattern::Threat;
use super::tt::{Bound, Tt};
use crate::ai::clock::Clock;

/// Beyond any score.
const INFINITY: i32 = WIN + 1;
/// Deepest ply a line may reach (forced blocks extend lines).
const MAX_PLY: usize = 128;
/// Plies past the horizon that the answers to an open three are searched. (Without
/// this extension the engine lost 36-58 to itself with it, 96 games at 200 ms a move;
/// with 2 plies rather than 4 it beat itself 72-51, 5 drawn, and 69-58, 1 drawn, two
/// sets of 64 openings played both ways at 150 ms a move: the answers to a three
/// still get their block, and the time goes to the main search. With 3 plies it
/// won 47 of 256 games against full Rapfi at 500 ms, 1 drawn, 18.6%, where the
/// engine with 2, side by side on the same two sets of 64 openings played both
/// ways, won 44, 1 drawn, 17.4%: 26 to 19.5 and 21.5 to 25 points by set, better
/// in 30 games and worse in 28, inside the noise. With 1 ply, 8% fewer nodes to
/// depths 10 and 12 on 16 lab middle games, 3.95 M and 7.64 M against 4.30 M and
/// 8.35 M, and it won 93 of 512 games, 6 drawn, 18.8%, on four sets of 64 openings
/// played both ways, 24-104-0, 24-102-2, 23-103-2 and 22-104-2 by set, where the
/// engine with 2 had won 26-102-0, 19-108-1 and 25-103-0 on the first three in a
/// run the day before: 73 points of 384 against 70.5, inside the noise.)
const QUIESCENCE_PLIES: i32 = 2;
/// Tenths of a ply that a block of a four extends its line by, on top of costing
/// no depth (see [`block_extension`]). More extension did worse, against full Rapfi
/// at 500 ms on a set of 64 openings played both ways, where this won 23 of 128
/// (18.0%): five tenths a block scored 16 points in the first 108 games where this
/// scored 19 in the same games, side by side; Rapfi's extensions of the table's move
/// (a quarter of a ply at a principal-variation node, 8 hundredths elsewhere, a
/// quarter more when it makes a four within four points of the side's last stone),
/// with a late move whose reduced search beat alpha by 80 and 25 a ply searched a
/// ply deeper than its full depth, carried along the line in hundredths, won 11 of
/// the first 94 games where this won 19 of those, and took 6.10 M and 27.9 M nodes
/// to depths 10 and 12 on 16 middle games made by Rapfi's opening generator where
/// this takes 4.30 M and 9.31 M (the table's move alone: 5.85 M and 18.4 M).
const BLOCK_EXTENSION_TENTHS: u32 = 3;
/// Depths at which static pruning applies (futility and reverse futility), and its
/// margin per ply. (With it the engine beat itself without it 76-51, 1 drawn, 128
/// games at 150 ms a move; to depth 3 it did no better: 64-60, 4 drawn. The cut
/// above beta alone to depth 4 beat this 64-58, 6 drawn, at 150 ms but won 42 of 256
/// games against full Rapfi at 500 ms, 16.4% where this wins 20.8%. Searching a
/// ply less deep the quiet moves of a node from depth 3 on whose static value is 40
/// a ply above beta, as Rapfi's fail-high reduction, won 4 of the first 49 games
/// against full Rapfi, 8.2%. Against full Rapfi on one set of 64 openings played
/// both ways, where this margin wins 17-18%: a margin of 100 won 22 of 128 games,
/// 17.2%; one of 220 won 9 of the first 87, 2 drawn.)
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 150;
/// Nodes between looks at the clock and the stop flags.
const POLL_INTERVAL: u64 = 1024;
/// The same in a search in slices, so that a slice ends close to its time (the
/// browser smoke test measured 267 k nodes/s: 128 nodes take about half a
/// millisecond there).
const SLICED_POLL_INTERVAL: u64 = 128;
/// The fewest nodes a slice searches before it may pause, to begin with (it doubles
/// after every slice that finished fewer new nodes than one in 16 of those it
/// searched, and halves back after one that finished more).
const MIN_SLICE_NODES: u64 = 256;

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
    /// those that hold ([`super::defences`]). `None`: every move.
    pub root_moves: Option<Vec<usize>>,
    /// Root moves that get an exact score (principal variations): 1 to play, more for
    /// analysis.
    pub multi_pv: usize,
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
    slice_end: Option<std::time::Duration>,
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
    /// there, up to 4,000 of it added to its order score. (Strong engines' kind, an
    /// entry drawn toward its bound as it grows, a malus for the quiet moves tried
    /// before the cut, and a second table by the previous move's point, took 5% fewer
    /// nodes to the same depths on 8 lab middle games; with a side's plain fours
    /// reduced late in the order as quiet moves are, 20% fewer. That pair won 55 of
    /// 256 games against full Rapfi at 500 ms, 21.5%, where the engine wins 21-22%.)
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

    /// Iterative deepening up to `max_depth`, to the end. The main thread
    /// (`helper == 0`) reports each finished iteration to `report`, which says whether
    /// to go deeper; helpers run until the main thread is done.
    pub(super) fn iterate(
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
    pub(super) fn run(
        &mut self,
        max_depth: u32,
        helper: usize,
        slice_end: Option<std::time::Duration>,
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
            if helper == 0 {
                let iteration = self.last.expect("a finished iteration has a best move");
                let total = self.shared.nodes.load(Relaxed);
                let candidates: Vec<(usize, i32)> = self
                    .root_moves
                    .iter()
                    .take(self.shared.multi_pv.max(1))
                    .map(|m| (m.mv, m.score))
                    .collect();
                // A win or a loss ends the deepening once the depth passes it.
                // (Going on to twice its plies and two more, as a tree whose quiet
                // moves were cut to a few proves it less than a full one, won 51 of
                // 256 games against full Rapfi at 500 ms, 19.9%, where the engine
                // won 53, 3 drawn, 21.3%, on the same two sets of 64 openings played
                // both ways: 29 points to 27 and 22 to 27.5.)
                if !report(&iteration, &candidates, total)
                    || (is_decisive(score) && depth as i32 > WIN - score.abs())
                {
                    break;
                }
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

    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.nodes, Relaxed);
        self.nodes = 0;
        self.next_poll = if self.slice_end.is_some() {
            SLICED_POLL_INTERVAL
        } else {
            POLL_INTERVAL
        };
    }

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

    /// The root of iteration `depth`, from root move `next_root` on; the best score.
    /// A move cut short by a pause stays `next_root`, to be searched again.
    ///
    /// Every root move is searched to the full depth, none reduced late in the
    /// order. (Reducing the quiet ones from the third as inside the tree reached a
    /// ply deeper in the same time, 12.85 against 11.85 on 20 openings at 500 ms a
    /// move, but won 23 of 156 games against full Rapfi, 14.7%, where the engine
    /// without it wins 20.8%. Reducing them by one ply from the fourth at depth 4 on,
    /// searched again at full depth should one beat alpha, changed 481 of the moves
    /// in 2,392 level positions of lost match games and gained nothing in winning
    /// chance as Rapfi judged them to depth 16, -0.0002 +- 0.0015, where twice the
    /// time gains +0.0033 +- 0.0012: scripts/gomoku-move-quality.py.)
    ///
    /// Nor is there an aspiration window: the root's first pass between the last
    /// iteration's score less and plus 100 (scores move about that much from one
    /// iteration to the next), each side that failed searched again twice as far,
    /// beat the engine without it 71-52 (5 drawn) and lost 61-65 (2 drawn) at 150 ms
    /// a move on two sets of 64 openings played both ways (a window of 50: 60-64, 4
    /// drawn), and won 45 of 256 games against full Rapfi at 500 ms, 17.6%.
    fn root(&mut self, depth: i32) -> i32 {
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
                // their order from one iteration to the next. (Sorting them by
                // their last scores, bounds from null windows for all but the
                // best, changed 448 of the moves in 2,392 level positions of lost
                // match games and lost 0.0034 +- 0.0012 in winning chance as Rapfi
                // judged them to depth 16, as much as half the time costs:
                // scripts/gomoku-move-quality.py.)
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

    fn negamax(&mut self, mut alpha: i32, mut beta: i32, depth: i32, ply: usize, pv: bool) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        if self.shared.aborted() {
            return 0;
        }
        let board = &self.board;
        let me = board.side();
        let opp = 1 - me;
        let p = ply as i32;
        if board.count(me, Threat::Five) > 0 {
            return WIN - p - 1;
        }
        let opp_fives = board.count(opp, Threat::Five);
        if opp_fives >= 2 {
            return -(WIN - p - 2);
        }
        // An open four to make (or two fours at once) against no four wins. (Scored
        // so only where the opponent could make no four at all, its one sound case,
        // and played out inside the tree otherwise, as the four-three below is, it
        // won 44 of 256 games against full Rapfi at 500 ms, where the engine scored
        // 54.5 points on the same two sets of 64 openings played both ways: 20 to 27
        // and 24 to 27.5, better in 28 games and worse in 39.)
        if opp_fives == 0 && board.count(me, Threat::Flex4) > 0 {
            return WIN - p - 3;
        }
        // A four and an open three at once, against an opponent without a four to
        // answer with, wins too, but the search finds it here, not a rule: the four
        // is played, its block is forced and costs no depth, and the open four that
        // follows is a win above; at the horizon the static value judges it. (Scored
        // a win at once, as an open four is, it won 87 of 512 games against full
        // Rapfi at 500 ms, 5 drawn, 17.5%, where without it, on the same four sets
        // of 64 openings played both ways, the engine won 104, 5 drawn, 20.8%: 23
        // points to 27, 24 to 27.5, 25.5 to 24.5 and 17 to 27.5 by set, worse in 66
        // games and better in 50. Two open threes at once against no four, scored a
        // win as well, did worse still: 8 of the first 78 games won where the engine
        // with the four-three alone won 17 of them. Neither rule is a proof, as the
        // opponent's fours to come may break either; why scoring them early played
        // worse was not measured, and the open four the other way round, scored
        // early only in its sound case, did worse too: see above.)
        if board.is_full() {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate(board);
        }
        alpha = alpha.max(-(WIN - p));
        beta = beta.min(WIN - p - 1);
        if alpha >= beta {
            return alpha;
        }
        // An opponent's open three is no quiet leaf: the replies that hold are few
        // (blocks and fours), so they are searched, a few plies past the horizon.
        // Otherwise a leaf is its static value. (A short VCF at every leaf where the
        // side to move had a four, of up to 16 nodes, found a win too rarely to pay
        // for itself: half the search's nodes were in it. Without it the engine beat
        // itself with it 79-48 (1 drawn) and 73-52 (3 drawn), two sets of 64 openings
        // played both ways at 150 ms a move. Fours are still seen inside the search:
        // the answer to one is forced and costs no depth. A quiescence of fours, the
        // static value or better, each four of the side to move with its block, up to
        // eight, cost 39% more nodes to depth 10 in middle games; it drew with the
        // engine without it, 124-122 (10 drawn) at 150 ms a move, and won 44 of 256
        // games against full Rapfi at 500 ms, 17.2% against 20.8%. Nor did a VCF one
        // and two plies from the horizon, for a side to move with two or more points
        // that make a four, of up to 200 solver nodes, a found one a win: 33 of the
        // first 194 games against full Rapfi at 500 ms, 17.0%. Nor Rapfi's own
        // quiescence, only the side to move's fours near its last stone (within two
        // points, or four along its lines), plain ones one and two plies past the
        // horizon and fours with more beyond, the static value or better, with two
        // open threes at once against no four scored as a win: 5% more nodes to
        // depth 10 on 16 lab middle games in the same time, and 68 of 384 games won
        // against full Rapfi at 500 ms, 3 drawn, 18.1%, where the engine without it,
        // side by side on the same three sets of 64 openings, won 62, 1 drawn, 16.3%:
        // 28-19, 27-27 and 13-16 by set, inside the noise. Nor searching past the
        // horizon the answers to a four-three to come, as those to an open three:
        // 3% more nodes to depth 10, and 19 of 128 games won against full Rapfi at
        // 500 ms where the engine without it, side by side, won 22, 1 drawn.)
        //
        // (Nor does a leaf pay to judge before its move is made: the counts and
        // totals the move would give, worked out from the same look-ups as a make
        // but written nowhere, the child judged by them and the make and unmake
        // spared where it ends here, took 6-8% more time to depths 8-12 in ab runs,
        // 3 each in turn on 30 self-play positions at 1000 ms, and 1% less to 1%
        // more when moves that make a four, whose child is never a leaf, were made
        // at once: a make's cost is its look-ups, not its writes.)
        if depth <= 0
            && opp_fives == 0
            && (board.count(opp, Threat::Flex4) == 0 || depth <= -QUIESCENCE_PLIES)
        {
            return evaluate(board);
        }

        let hash = board.hash();
        let hit = self.shared.tt.probe(hash, p);
        let tt_move = hit.and_then(|h| h.mv);
        if let Some(h) = hit
            && !pv
            && h.depth >= depth
        {
            let cut = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
            };
            if cut {
                return h.score;
            }
        }

        // (Two standard prunings measured and left out. A null move, a pass searched
        // 2 + depth/4 plies less at a node from depth 3 whose static value reached
        // beta with a calm opponent, took only 1.7% fewer nodes to depths 10 and 12 on
        // 16 lab middle games: handing the opponent the move costs more than most
        // margins here, so it seldom cut. Searching a node the table has no move for
        // a ply less from depth 4, internal iterative reduction, took 4% fewer nodes
        // to depth 10 and 10% fewer to depth 12, and won 52 of 256 games against full
        // Rapfi at 500 ms, 1 drawn, 20.5%, where the engine without it won 47, 1
        // drawn, 18.6%; with the root VCT's budget halved as well, 76 of 384 games on
        // three sets of 64 openings, 3 drawn, 20.2%, where the engine without both
        // won 77, 2 drawn, 20.3%. Judged move by move on 2,392 level positions of
        // lost match games (scripts/gomoku-move-quality.py, Rapfi to depth 16), its
        // moves gained +0.0010 +- 0.0012 in winning chance, where the engine gains
        // +0.0033 +- 0.0012 from twice the time.)
        //
        // (Nor ProbCut: at a node from depth 5 where the side to move was free and
        // the opponent calm (as `calm_for` says), the three best moves searched 4
        // plies less against a null window 200 above beta, one that beat it cutting
        // the node, as did a table bound that deep above that window. It took 17%,
        // 16%, 15% and 27% fewer nodes to depths 9 to 12 on 30 self-play positions
        // at 1000 ms, built by scripts/build-engine.sh --native, and won 105 of 512
        // games against full Rapfi at 500 ms, 5 drawn, 21.0%, where the engine
        // without it won 104, 1 drawn, 20.4%, on the same four sets of 64 openings
        // played both ways: 29 points to 26, 21.5 to 21.5, 21 to 25 and 36 to 32 by
        // set, better in 55 games and worse in 52; side by side on a fifth set,
        // 31-96-1 to 32-96-0, better in 11 games and worse in 12. Without the calm
        // opponent, level 5 played a move that loses to a VCT (the test
        // the_root_keeps_only_moves_that_hold_against_a_vct). From depth 4 with a
        // margin of 150 it saved nothing more: 4% fewer, 14% more and 2% more nodes
        // to depths 10, 11 and 12 than from depth 5 with 200.)
        //
        // Near the horizon, where the static value can be trusted (the opponent has
        // no shape that wins in a few moves unseen by it), a position far above beta
        // is cut, and quiet moves that cannot lift one far below alpha are skipped.
        // (Razoring, Rapfi's cut of such a node far below alpha unless the side to
        // move has a VCF, here when it has no four to make, saved too little to play:
        // 1.4% of the nodes to depth 10 on 16 lab middle games, 3.51 M against
        // 3.56 M, at margins of 150 and 250 a ply alike.)
        let calm = !pv
            && (1..=FUTILITY_DEPTH).contains(&depth)
            && !is_decisive(alpha)
            && !is_decisive(beta)
            && calm_for(board, opp);
        let futile = if calm {
            let stand = evaluate(board);
            if stand - FUTILITY_MARGIN * depth >= beta {
                return stand;
            }
            stand + FUTILITY_MARGIN * depth <= alpha
        } else {
            false
        };

        // The table's move is searched first, and where the side to move is free
        // it is searched before the moves are generated: most nodes are cut by
        // it, and those need no list (see [`Searcher::moves`]). (Generating and
        // scoring every node's moves was a fifth of the engine's time by perf, at
        // 300 ms a move in self-play. With this and the five-point of a four found
        // on the last stone's lines (movegen's `generate`), on 30 positions of the
        // engine's self-play from Rapfi-made openings at 1000 ms a move, built by
        // scripts/build-engine.sh --native and run in turn with the engine
        // without them six times: 5% more nodes a second (median of the six
        // ratios; 0.96 to 1.20) and 8% less time to depth 10 on the 20 positions
        // that reach it (0.81 to 1.00), with 3-4% fewer nodes, as the history the
        // other moves are ordered by has grown by the time they are. Which engine
        // ran first mattered as much: the first of a pair was the slower. The
        // criterion benchmark's middle games, where the root solves take most of
        // the time, saw no change at depth 10, the same nodes.)
        let forcing = movegen::forcing(board);
        let staged =
            tt_move.filter(|&mv| forcing == Forcing::Free && movegen::generates_free(board, mv));
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        if let Some(mv) = staged {
            moves.push(Scored {
                mv,
                score: i32::MAX,
            });
        } else {
            self.moves(&mut moves, forcing, ply, tt_move);
            if moves.is_empty() {
                // Black under renju, with nothing but forbidden points: a five it
                // cannot block wins for White; otherwise no move at all, a draw.
                self.buffers[ply] = moves;
                return if forcing == Forcing::Free {
                    0
                } else {
                    -(WIN - p - 2)
                };
            }
        }
        let killers = self.killers[ply];
        let width = if forcing == Forcing::Free {
            width_for(depth)
        } else {
            usize::MAX
        };
        // A forced block costs no depth: it is not a choice. (Making the answers to
        // an open three free too searched the threat lines further but reached a
        // ply less in all, 7.9 against 9.1 on 17 middle games at 500 ms a move; it
        // drew with the engine without it, 63-62 (3 drawn) at 150 ms a move, and
        // won 5 of 60 games against full Rapfi at 500 ms, 8.3%. A singular extension,
        // the table's move a ply deeper from depth 6 when every other move searched
        // to half the depth fell 3 a ply short of its stored score, and a cut when
        // even that reached beta, won 55 of 256 games against full Rapfi at 500 ms,
        // 21.5% where the engine without it won 20.8%: no gain to pay for it. The
        // other way, the answers to an open three after the first but our fours
        // searched a ply less first, from depth 2, and again at full depth should
        // one beat alpha: 11% and 14% fewer nodes to depths 10 and 12 on 16 lab
        // middle games, 4% and 11% less time in one run each, and 90 of 512 games
        // won against full Rapfi at 500 ms, 3 drawn, 17.9%, on four sets of 64
        // openings played both ways (20-106-2, 30-98-0, 22-106-0 and 18-109-1),
        // where the engine wins 18-21% on them. Leaving out past the horizon, from
        // those answers, our plain fours that take no point of the opponent's saved
        // 7-10% of the nodes but no time: the blocks ordered first nearly always cut
        // there. Judged move by move on 2,392 level positions of lost match games
        // (scripts/gomoku-move-quality.py, Rapfi to depth 16), the reduced answers
        // gained +0.0015 +- 0.0015 in winning chance, where twice the time gains
        // +0.0033 +- 0.0012.)
        //
        // A line of many fours is searched further: three tenths of a ply a block
        // on top, as Rapfi extends the answer to a four by 1.3 plies
        // ([`block_extension`]). That took 23% and 34% more nodes to depths 10 and 12
        // on 16 lab middle games, and won 105 of 512 games against full Rapfi at
        // 500 ms, 6 drawn, 21.1%, over four sets of 64 openings played both ways, where
        // the engine without it won 92 and 94 in two earlier runs, 5 drawn each, 18.5%
        // and 18.8%: ahead of both runs on two sets and of one on the others, by about
        // one standard error in all. Level 5 beat level 3 as often with it, 143-7 in
        // three seeds of 50 games, where it won 142-7 with 1 drawn, and level 1 in all
        // 100. (More extension did worse: see [`BLOCK_EXTENSION_TENTHS`].)
        let path_blocks = self.blocks[ply];
        let child = if forcing == Forcing::BlockFive {
            depth + block_extension(u32::from(path_blocks) + 1)
        } else {
            depth - 1
        };
        self.blocks[ply + 1] = path_blocks + u8::from(forcing == Forcing::BlockFive);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0.. {
            if i == 1 {
                if let Some(mv) = staged {
                    // The table's move did not cut: now the rest, with it first
                    // (the generator lists it, see `generates_free`, and its order
                    // score puts it first).
                    self.moves(&mut moves, forcing, ply, tt_move);
                    debug_assert_eq!(moves.first().map(|m| m.mv), Some(mv));
                }
                order_rest(&mut moves, width);
            }
            if i >= moves.len().min(width) {
                break;
            }
            let m = moves[i];
            let quiet = forcing == Forcing::Free && is_quiet(&self.board, m.mv);
            if futile && quiet && i > 0 {
                continue;
            }
            // The child's table entry is on its way while the move is made. (Not
            // asking for it where the child is a leaf, judged before the table is
            // looked at, a move at the horizon that makes no three or four, built
            // the same trees in 0.981-1.004 of the time to depths 6-13 on 40
            // self-play positions at 1000 ms: left out.)
            self.shared.tt.prefetch(self.board.hash_after(m.mv));
            self.board.make(m.mv);
            let score = if i == 0 {
                -self.negamax(-beta, -alpha, child, ply + 1, pv)
            } else {
                let reduction = if quiet && depth >= 3 && i >= 2 {
                    late_move_reduction(depth, i)
                } else {
                    0
                };
                let mut s = -self.negamax(-alpha - 1, -alpha, child - reduction, ply + 1, false);
                if s > alpha && reduction > 0 {
                    s = -self.negamax(-alpha - 1, -alpha, child, ply + 1, false);
                }
                if s > alpha && s < beta && pv {
                    s = -self.negamax(-beta, -alpha, child, ply + 1, true);
                }
                s
            };
            self.board.unmake();
            if self.shared.aborted() {
                self.buffers[ply] = moves;
                return 0;
            }
            // (Searching the moves after a raised alpha a ply less deep, Rapfi's
            // alpha-improvement reduction at nodes 3 to 11 plies from the horizon,
            // took 14% fewer nodes to the same depths on 8 lab middle games and won
            // 49 of 256 games against full Rapfi at 500 ms, 19.1%, where the engine
            // wins 21.1% on those openings.)
            if score > best {
                best = score;
                best_move = Some(m.mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet && killers[0] != m.mv {
                            self.killers[ply] = [m.mv, killers[0]];
                        }
                        self.history[me][m.mv] += depth * depth;
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(hash, best_move, best, depth, bound, p);
        // Work done again (a node the table had to this depth: the way back down
        // after a pause passes through such nodes) is no progress.
        if hit.is_none_or(|h| h.depth < depth) {
            self.slice_finished += 1;
        }
        best
    }

    /// Fills `moves` with the node's moves at `ply` (`forcing`: how forced it is,
    /// [`movegen::forcing`]), each with its order score (the table's move above all,
    /// then killers and history added), the best of them first; the rest are put in
    /// order only once it failed to cut (see [`order_rest`]).
    fn moves(&self, moves: &mut Vec<Scored>, forcing: Forcing, ply: usize, tt_move: Option<usize>) {
        let me = self.board.side();
        movegen::generate_as(&self.board, forcing, moves);
        let killers = self.killers[ply];
        for m in moves.iter_mut() {
            if Some(m.mv) == tt_move {
                m.score = i32::MAX;
            } else if killers.contains(&m.mv) {
                m.score += 5_000;
            }
            m.score = m.score.saturating_add(self.history[me][m.mv].min(4_000));
        }
        if let Some(top) = (0..moves.len()).max_by_key(|&i| moves[i].score) {
            moves.swap(0, top);
        }
    }
}

/// How many plies less the `index`th quiet move (counted from 0) of a node `depth`
/// plies from the horizon is searched first, before a research at full depth should
/// it beat alpha: at least 1, at most `depth - 2`, and growing as the product of the
/// logarithms of depth and index, the shape the strongest alpha-beta engines use.
/// (Against full Rapfi this beat the flat one or two plies it replaced, which
/// reduced from the fourth move: at 150 ms a move, 19.2% against 16.1% of 478 games
/// each from two sets of openings, and 16.7% against 11.5% of 96 at 500 ms. The
/// divisor 1.1 did worse, 16.1% of 224; so did one ply less at principal-variation
/// nodes, 17.4%, and one less for killer moves made no difference, 20.5% against
/// 21.7%. Reducing as much as Rapfi does, with the divisor 1, two plies more at
/// nodes expected to cut for all but killer moves, one more where the static value
/// is no better than two plies before, and from the second move and depth 2 on,
/// reached 9.1 plies in 500 ms where this reaches 8.9 on 20 middle games, and won 21
/// of the first 155 games against full Rapfi at 500 ms, 13.5%; reducing less, with
/// the divisor 2.5, won 12 of the first 99, 12.1%. One ply more for the quiet moves
/// that make no three and take no point of the opponent's, as Rapfi reduces moves by
/// their policy score, took 5% fewer nodes to the same depths on 8 lab middle games
/// and won 84 of 384 games against full Rapfi at 500 ms, 4 drawn, over three sets
/// of 64 openings, 21.9%, where the engine wins 85 of 384. No reduction for a three
/// made when the side's move two plies before made a three or a four, as Rapfi
/// spares a continuous attack, took 32% fewer nodes to those depths and won 75 of
/// 384 on the same sets, 2 drawn, 19.5%. Reducing from depth 2, not 3, a late
/// quiet move there searched to the static value first, took 4.13 M and 10.5 M
/// nodes to depths 10 and 12 on 16 lab middle games where the engine takes 4.30 M
/// and 9.63 M, and scored 38 points in the first 204 games against full Rapfi at
/// 500 ms on two sets of 64 openings played both ways, where the engine scored 46
/// in the same games. Judged move by move on 2,392 level positions of lost match
/// games, Rapfi to depth 16 (scripts/gomoku-move-quality.py), where twice the time
/// gains +0.0033 +- 0.0012 in winning chance: the divisor 1.3 +0.0005 +- 0.0013,
/// 1.8 +0.0014 +- 0.0013, and 1.8 with an internal iterative reduction (a ply less
/// from depth 4 where the table has no move) +0.0006 +- 0.0013: the optimum is
/// broad, and the two small leads do not add up.)
pub(super) fn late_move_reduction(depth: i32, index: usize) -> i32 {
    const SIZE: usize = 64;
    /// Reductions are proportional to ln(depth) * ln(index + 1) / this.
    const DIVISOR: f32 = 1.5;
    static TABLE: OnceLock<Box<[[u8; SIZE]; SIZE]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Box::new([[0; SIZE]; SIZE]);
        for (d, row) in table.iter_mut().enumerate() {
            for (i, r) in row.iter_mut().enumerate() {
                let ln_product = (d.max(1) as f32).ln() * ((i + 1) as f32).ln();
                *r = (ln_product / DIVISOR) as u8;
            }
        }
        table
    });
    let d = (depth.max(0) as usize).min(SIZE - 1);
    i32::from(table[d][index.min(SIZE - 1)]).clamp(1, (depth - 2).max(1))
}

/// The plies beyond its own that the `n`th block of a four on a line (counted from 1)
/// extends it by: [`BLOCK_EXTENSION_TENTHS`] tenths a block, paid as whole plies at
/// the blocks where the sum passes a whole number (the fourth, seventh, tenth... at
/// 3 tenths).
pub(super) fn block_extension(n: u32) -> i32 {
    let tenths = |n: u32| BLOCK_EXTENSION_TENTHS * n / 10;
    (tenths(n) - tenths(n.saturating_sub(1))) as i32
}

/// Puts the moves after the first in order, best first, as far as a node of
/// `width` moves searches them: only those are sorted, the rest are dropped.
/// (Sorting every move list whole took a sixth of the search's time.)
pub(super) fn order_rest(moves: &mut Vec<Scored>, width: usize) {
    let rest = &mut moves[1..];
    if width <= rest.len() {
        rest.select_nth_unstable_by_key(width - 1, |m| -m.score);
        moves.truncate(width);
    }
    moves[1..].sort_unstable_by_key(|m| -m.score);
}

/// Whether `opp` has nothing the static value misses near the horizon: no double
/// threat, no four with more.
fn calm_for(board: &Board, opp: usize) -> bool {
    [
        Threat::DoubleFlex3,
        Threat::Block4Plus,
        Threat::Block4Flex3,
        Threat::Flex4,
        Threat::Five,
    ]
    .iter()
    .all(|&t| board.count(opp, t) == 0)
}

/// How many of the best-ordered quiet moves a node searches: fewer near the leaves,
/// where a bad move's cost is smallest. (Far fewer, as Rapfi's move-count pruning,
/// lost badly to this at 150 ms a move: 36-90, 2 drawn, when the quiet moves past
/// 3 + depth^1.32 in the order (4, 5, 7, 9... at depths 1, 2, 3, 4) were skipped
/// once some move did not lose, and half as many kept when the static value was no
/// better than two plies before; 43-85 without the halving. The order is not sharp
/// enough for that: at non-PV nodes the first move makes 79% of the cuts in
/// openings and 86% in middle games, the fifth or a later one 4.8% and 3.5%, at
/// 500 ms a move on lab opA and mid20. Half as many again, 15, 21, 27 and 36, won
/// 18 of the first 96 games against full Rapfi at 500 ms, 18.8%. Every move at
/// principal-variation nodes, none cut by width there, took 1% and 14% more nodes
/// to depths 10 and 12 on 16 lab middle games and won 49 of 256 games against full
/// Rapfi at 500 ms, 2 drawn, where the engine scored 54.5 points on the same two
/// sets of 64 openings played both ways: 26 to 27 and 24 to 27.5, better in 28
/// games and worse in 34. Judged move by move on 2,392 level positions of lost
/// match games, Rapfi to depth 16 (scripts/gomoku-move-quality.py), where twice the
/// time gains +0.0033 +- 0.0012 in winning chance: a third more, 12, 18, 24 and
/// 32, +0.0002 +- 0.0014; a fifth fewer, 8, 11, 14 and 18, -0.0023 +- 0.0016.)
fn width_for(depth: i32) -> usize {
    match depth {
        ..=1 => 10,
        2 => 14,
        3 => 18,
        _ => 24,
    }
}
