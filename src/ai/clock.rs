//! The only place the AIs read the time.
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
