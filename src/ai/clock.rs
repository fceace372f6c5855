//! The only place the AIs read the time.
//!
//! Everything that measures thinking time goes through [`Clock`], so a target without
//! `std::time::Instant` (the web build) swaps this one file for its own clock.

use std::time::{Duration, Instant};

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
