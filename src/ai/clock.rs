//! The only place the AIs read the time, and their one time policy
//! ([`move_budget`]).
//!
//! Everything that measures thinking time goes through [`Clock`]. In a browser
//! `std::time::Instant` does not work (wasm32-unknown-unknown has no clock of its own):
//! there the clock is `web_time::Instant`, the page's `performance.now()`.

use std::time::Duration;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Instant;
#[cfg(target_arch = "wasm32")]
use web_time::Instant;

/// A stopwatch started when it is made.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
}

impl Clock {
    /// Starts timing now.
    #[must_use]
    pub fn start() -> Self {
        Self {
            start: Instant::now(),
        }
    }

    /// Time since [`Clock::start`].
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// Time kept back from every move's budget for reading, writing and the process
/// itself; the search ends a little after its budget. A move late by more than
/// the margin still counts: Gomocup's judge and the lab's manager lose an engine
/// on time only a second past the turn. (With 95% of the turn less 30 ms rather
/// than 93% less 60, Gomoku's engine scored 21.3% against 17.8% of 478 games against
/// full-strength Rapfi at 150 ms a move; at 500 ms, 96 games side by side showed
/// nothing either way, 15.6% with that and the lazy move ordering, 16.7% with
/// neither; the slowest move of those matches, two games at once on two cores,
/// ran 47 ms past its budget. The turn less 25 ms, 475 ms at 500 where 95% less
/// 30 gave 445, won 103-276-5 of 384 games against full Rapfi at 500 ms on
/// scripts/gomoku-openings a to c, 26.8%, where the engine with 445 ms, side by
/// side, won 87-293-4, 22.7% (better in 65 games, worse in 46); on all six sets
/// 209-549-10 of 768, 27.2%. It spent 270-282 ms a move on average, against
/// 251-259 ms, and its slowest move took 486 ms.)
pub const SAFETY_MARGIN: Duration = Duration::from_millis(25);
/// The share of a clock's time left that one move may take (with the increment on
/// top).
pub const CLOCK_SHARE: u32 = 12;
/// The shortest budget a move gets, however little time is left.
pub const MIN_MOVE: Duration = Duration::from_millis(10);

/// The time policy of every engine, the one place it is decided how long a move may
/// take: at most `turn` (a per-move limit, if there is one); with a clock, `left`
/// on it, at most a [`CLOCK_SHARE`]th of that plus the `increment` the move earns,
/// and never all that is left; less [`SAFETY_MARGIN`], and at least [`MIN_MOVE`].
/// `pbrain-tabletop` calls it with Gomocup's `timeout_turn` and `time_left` (no
/// increment), the app's AIs with their side's clock.
#[must_use]
pub fn move_budget(
    turn: Option<Duration>,
    left: Option<Duration>,
    increment: Duration,
) -> Duration {
    let from_clock = left.map(|left| (left / CLOCK_SHARE + increment).min(left));
    let budget = match (turn, from_clock) {
        (Some(turn), Some(clock)) => turn.min(clock),
        (Some(limit), None) | (None, Some(limit)) => limit,
        (None, None) => return Duration::MAX,
    };
    budget.saturating_sub(SAFETY_MARGIN).max(MIN_MOVE)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_move_takes_the_turn_or_a_share_of_the_clock_less_the_margin() {
        // Gomocup: a turn limit, and a match clock that may be far larger.
        assert_eq!(move_budget(Some(ms(500)), None, Duration::ZERO), ms(475));
        assert_eq!(
            move_budget(Some(ms(500)), Some(ms(2_147_483_647)), Duration::ZERO),
            ms(475)
        );
        assert_eq!(
            move_budget(Some(ms(5_000)), Some(ms(60_000)), Duration::ZERO),
            ms(4_975)
        );
        // A 3-minute game clock, a twelfth of it; an increment on top.
        assert_eq!(
            move_budget(None, Some(ms(180_000)), Duration::ZERO),
            ms(14_975)
        );
        assert_eq!(move_budget(None, Some(ms(12_000)), ms(2_000)), ms(2_975));
        // Never all that is left, never less than the floor, nothing without limits.
        assert_eq!(move_budget(None, Some(ms(100)), ms(5_000)), ms(75));
        assert_eq!(move_budget(None, Some(ms(20)), Duration::ZERO), MIN_MOVE);
        assert_eq!(move_budget(None, None, ms(3_000)), Duration::MAX);
    }
}
