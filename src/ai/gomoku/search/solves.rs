//! The root's solves, before the alpha-beta search: a win by continuous fours (VCF),
//! else by threes and fours (VCT), within a share of the move's budget; else, when
//! the opponent threatens such a win, the only root moves worth searching, those
//! that hold ([`defences`]); and for Black under renju, only the points it may
//! play. What was tried here and left out is in docs/engine-lab.md ("root solves").

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::super::Limits;
use super::super::board::Board;
use super::super::threats::Solver;
use crate::ai::clock::Clock;
use crate::ai::slices::{Pause, Slices};
use crate::rules::Player;
use crate::rules::gomoku::{Gomoku, Point};

/// The slice of a search's budget the root VCF and VCT may use, in nodes per
/// millisecond of budget (lab log: "root solves").
const SOLVER_NODES_PER_MS: u64 = 300;
/// The most time the root's solves work in a search in slices, a slice at a time.
const ROOT_SOLVES_IN_SLICES: Duration = Duration::from_millis(30);
/// The fewest solver nodes a root solve's first try in a slice searches.
pub(in crate::ai::gomoku) const MIN_SOLVE_NODES: u64 = 128;
/// The time budget the root's solves count with when a search has none.
const UNTIMED_SOLVE_MS: u64 = 2_000;
/// Fours in the root VCF.
pub(in crate::ai::gomoku) const ROOT_VCF_DEPTH: u32 = 30;
/// Most threes in the root VCT, which deepens one three at a time within its budget
/// (it was a fixed three; wins of 9 to 13 own moves from match games needed more).
pub(in crate::ai::gomoku) const ROOT_VCT_DEPTH: u32 = 8;

/// What the root's solves found.
pub(in crate::ai::gomoku) enum Solved {
    /// A forced win that starts with this move.
    Win(usize),
    /// No win: the root moves the search may take (`None`: every move).
    Search(Option<Vec<usize>>),
}

/// The root's solves for `game`, whose position `board` holds: what they found, and
/// the solver nodes they took. The root solves together get at most half the
/// time, by clock as well as nodes. They cannot pause inside: in slices each try
/// gets what is left of a slice, and one cut short by the slice's end is tried
/// again after a pause, for a few slices' work at most (an untimed search in slices
/// too, such as the browser's analysis); a longer VCF or VCT is left to the search.
pub(in crate::ai::gomoku) async fn root_solves<P: Pause>(
    game: &Gomoku,
    board: &mut Board,
    limits: &Limits,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
    clock: Clock,
) -> (Solved, u64) {
    // The root's solves get node budgets by the time budget; a search without
    // one (a fixed depth, analysis) gives them what a 2-second move would, so
    // that the search proper starts.
    let budget_ms = limits
        .time
        .map_or(UNTIMED_SOLVE_MS, |t| t.as_millis() as u64);
    let mut solver = Solver::new();
    solver.set_stop(stop);
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
        .run(&mut solver, board, slices, clock, true, |solver, board| {
            solver.vcf(board, ROOT_VCF_DEPTH)
        })
        .await;
    if found.is_none() {
        solver.set_budget(solve_budget);
        found = solves
            .run(&mut solver, board, slices, clock, true, |solver, board| {
                solver.vct_deepening(board, ROOT_VCT_DEPTH)
            })
            .await;
    }
    if let Some(win) = found.filter(|&win| game.foul(Board::point(win)).is_none()) {
        return (Solved::Win(win), solver.nodes);
    }
    let root_moves = solves
        .run(&mut solver, board, slices, clock, false, |solver, board| {
            defences(board, solver, budget_ms)
        })
        .await;
    let root_moves = renju_black_moves(game, board, root_moves);
    (Solved::Search(root_moves), solver.nodes)
}

/// For Black under renju, `root_moves` (or every candidate) less its forbidden
/// points, checked exactly; every legal move if none is left. Other sides and rules:
/// `root_moves` as they are.
fn renju_black_moves(
    game: &Gomoku,
    board: &Board,
    root_moves: Option<Vec<usize>>,
) -> Option<Vec<usize>> {
    if !(game.rule().has_fouls() && game.side_to_move() == Player::First) {
        return root_moves;
    }
    let forbidden: Vec<Point> = game.fouls().into_iter().map(|(p, _)| p).collect();
    let legal: Vec<usize> = root_moves
        .unwrap_or_else(|| board.candidates().collect())
        .into_iter()
        .filter(|&mv| !forbidden.contains(&Board::point(mv)))
        .collect();
    Some(if legal.is_empty() {
        game.legal_points().into_iter().map(Board::index).collect()
    } else {
        legal
    })
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
/// Each reply's check gets a small share of a solve's budget, and some deep wins
/// are missed (lab log: "root solves").
pub(in crate::ai::gomoku) fn defences(
    board: &mut Board,
    solver: &mut Solver,
    budget_ms: u64,
) -> Option<Vec<usize>> {
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
pub(in crate::ai::gomoku) enum RootSolves {
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
    pub(in crate::ai::gomoku) async fn run<P: Pause, T>(
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
