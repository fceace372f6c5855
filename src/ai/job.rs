//! What a running search shares with whoever started it: a stop flag it polls and a
//! place to report its progress. The app keeps one per AI task (dropping the task
//! sets the flag); the tools make one and never stop it.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex, PoisonError};

/// A running search's latest report, for the HUD.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AiProgress {
    /// Plies fully searched; 0 until the first iteration ends (or for AIs that do not
    /// search).
    pub depth: u32,
    /// Positions visited so far.
    pub nodes: u64,
    /// The best move so far, in the game's notation.
    pub best: Option<String>,
    /// The longest stretch the search worked without yielding to the page (in a
    /// browser; zero where it never yields), once it is done.
    pub longest_work: std::time::Duration,
}

/// The stop flag a search polls and where it reports its progress. Clones share both.
#[derive(Clone, Debug, Default)]
pub struct AiJob {
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<AiProgress>>,
}

impl AiJob {
    /// A job nobody has stopped yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Set when the search should wind down.
    #[must_use]
    pub fn stop(&self) -> &AtomicBool {
        &self.stop
    }

    /// Asks the search to wind down.
    pub fn request_stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// The shared flag itself, for whoever stops the search from outside.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Reports, at the end of a search, the longest stretch it worked without
    /// yielding ([`AiProgress::longest_work`]).
    pub fn report_work(&self, longest: std::time::Duration) {
        self.progress
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .longest_work = longest;
    }

    /// Reports `progress` (from inside the search).
    pub fn report(&self, progress: AiProgress) {
        *self.progress.lock().unwrap_or_else(PoisonError::into_inner) = progress;
    }

    /// The latest report (for the HUD).
    #[must_use]
    pub fn progress(&self) -> AiProgress {
        self.progress
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}
