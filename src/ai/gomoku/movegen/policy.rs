//! Written by `cargo run --release --no-default-features --example gomoku_fit --
//! policy labels.txt` (see `examples/gomoku_policy`): do not edit by hand. The move
//! ordering's policy, in thousandths of a logit, fitted to the moves a strong engine
//! chose in 11412 positions.

use crate::ai::gomoku::pattern::THREATS;

/// What the move's threat for the side to move adds, by [`Threat`].
///
/// [`Threat`]: crate::ai::gomoku::pattern::Threat
#[rustfmt::skip]
pub(super) const THREAT_MINE: [i32; THREATS] = [0, -1424, -1089, -879, 999, -209, -120, 2722, 0, 0];
/// What its threat for the opponent (the point it takes from them) adds.
#[rustfmt::skip]
pub(super) const THREAT_THEIRS: [i32; THREATS] = [0, -1667, -242, -86, 650, -187, 78, 1454, 0, 0];
/// What each of its four lines adds for the side to move, by [`Line`] pattern.
///
/// [`Line`]: crate::ai::gomoku::pattern::Line
#[rustfmt::skip]
pub(super) const LINE_MINE: [i32; 9] = [0, 109, 1491, 1559, 2920, 2393, 0, 0, 0];
/// The same for the opponent's lines through it.
#[rustfmt::skip]
pub(super) const LINE_THEIRS: [i32; 9] = [0, -136, 484, 831, 1122, 1345, 0, 0, 0];
/// Per thousand of its value to the side to move, and to the opponent.
pub(super) const VALUE: [i32; 2] = [1238, 526];
/// By its distance from the last move: 1, 2, 3, 4, farther.
pub(super) const FROM_LAST: [i32; 5] = [358, 74, -32, -46, -354];
/// By its distance from the mover's own last move.
pub(super) const FROM_OWN_LAST: [i32; 5] = [343, 132, -141, -149, -185];
