//! The time control inside a search: when another iteration of the deepening may
//! start. (How long a move may take at all, from a turn limit or a match clock, is
//! the shared policy of every engine: `crate::ai::clock`.) What was tried and left
//! out is in docs/engine-lab.md ("time control").

use std::time::Duration;

use super::Iteration;

/// Whether another iteration starts: only before a share of the budget has passed,
/// a larger share while the best move keeps changing, a smaller one once it has
/// held for a few iterations. A cut-short iteration still counts (its moves are
/// searched best first, so a move it kept beat the old best), so the shares are
/// high: at 150 ms a move, 90/75/60% beat the old 70/50/30% 26-18 (4 draws).
#[derive(Debug, Default)]
pub(in crate::ai::gomoku) struct Deepening {
    last_best: Option<usize>,
    /// Iterations in a row whose best move was the one before's.
    stable: u32,
}

impl Deepening {
    /// After iteration `it`, at `elapsed` on the search's clock: whether to go
    /// deeper within `budget` (always, without one).
    pub(in crate::ai::gomoku) fn go_on(
        &mut self,
        it: &Iteration,
        elapsed: Duration,
        budget: Option<Duration>,
    ) -> bool {
        if self.last_best == Some(it.best) {
            self.stable += 1;
        } else {
            self.stable = 0;
            self.last_best = Some(it.best);
        }
        budget.is_none_or(|time| {
            let share = match self.stable {
                0 if it.depth > 4 => 0.9,
                0..=2 => 0.75,
                _ => 0.6,
            };
            elapsed < time.mul_f32(share)
        })
    }
}
