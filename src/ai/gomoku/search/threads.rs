//! The search's threads: one searcher in slices (the browser's page thread), one on
//! the caller's thread, or Lazy SMP, every thread searching the same root with the
//! table shared, the helpers only filling it for the main thread.

use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex, OnceLock};

use super::super::board::Board;
use super::{Iteration, Run, Searcher, Shared};
use crate::ai::clock::Clock;
use crate::ai::slices::{Pause, Slices};

/// Runs the search from `board` to `max_depth` on `threads` threads (one when it
/// pauses), the main thread reporting each finished iteration to `report`, which
/// says whether to go deeper; the last finished iteration, if any.
pub(in crate::ai::gomoku) async fn run_searchers<P: Pause>(
    board: Board,
    shared: &Shared<'_>,
    threads: usize,
    max_depth: u32,
    slices: &mut Slices<P>,
    clock: Clock,
    mut report: impl FnMut(&Iteration, &[(usize, i32)], u64) -> bool,
) -> Option<Iteration> {
    if slices.pausing() {
        let mut searcher = Searcher::new(board, shared, 0);
        // The search goes on in what is left of the root solves' last slice.
        slices.pause_if_due(&clock).await;
        loop {
            match searcher.run(max_depth, 0, slices.end(), &mut report) {
                Run::Paused => slices.pause(&clock).await,
                Run::Done(iteration) => break iteration,
            }
        }
    } else if threads == 1 {
        Searcher::new(board, shared, 0).iterate(max_depth, 0, report)
    } else {
        // The main thread searches on the caller's thread (so `report` need not be
        // `Send`); the helpers run on a pool of their own.
        pool(threads - 1).in_place_scope(|scope| {
            for helper in 1..threads {
                let board = board.clone();
                scope.spawn(move |_| {
                    Searcher::new(board, shared, helper).iterate(max_depth, helper, |_, _, _| true);
                });
            }
            let result = Searcher::new(board, shared, 0).iterate(max_depth, 0, report);
            shared.abort.store(true, Relaxed);
            result
        })
    }
}

/// A rayon pool per helper count, made once: scopes on it never outlive a search.
fn pool(threads: usize) -> Arc<rayon::ThreadPool> {
    static POOLS: OnceLock<Mutex<HashMap<usize, Arc<rayon::ThreadPool>>>> = OnceLock::new();
    let mut pools = POOLS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    pools
        .entry(threads)
        .or_insert_with(|| {
            Arc::new(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .thread_name(|i| format!("gomoku-search-{i}"))
                    .build()
                    .expect("the search thread pool starts"),
            )
        })
        .clone()
}
