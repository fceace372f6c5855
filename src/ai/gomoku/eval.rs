//! Static evaluation from the incremental point values.

use super::board::Board;

/// Largest static score; wins and losses lie far beyond it.
pub(super) const EVAL_LIMIT: i32 = 20_000;

/// A win on the next move scores `WIN - 1`; every ply further away, one less.
pub(super) const WIN: i32 = 30_000;

/// Whether `score` is a forced win or loss.
pub(super) fn is_decisive(score: i32) -> bool {
    score.abs() > WIN - 1000
}

/// The position's worth to the side to move: what its empty points are worth to it
/// against what they are worth to the opponent. The side to move gets a fifth more,
/// because it will be first to use them.
#[must_use]
pub(super) fn evaluate(board: &Board) -> i32 {
    let me = board.side();
    let mine = board.total(me);
    let theirs = board.total(1 - me);
    (mine + mine / 5 - theirs).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}
