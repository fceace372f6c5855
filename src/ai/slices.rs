//! Sharing one thread with a web page: a search that works in time slices.
//!
//! On the desktop a search has a thread of its own and never stops before it is done.
//! In a browser (wasm32 without threads) it runs on the page's only thread, where the
//! page also handles input and draws: there it works for a slice of a few
//! milliseconds, then awaits a pause in which the browser gets its thread back, and
//! goes on where it was. The searches are `async` functions that take a [`Slices`]:
//! the app's web build passes [`Slices::every`] with a pause that yields to the
//! browser's event loop; everything else passes [`Slices::never`], and [`finish`] runs
//! the search to its end in one go.
//!
//! Time limits keep counting during the pauses, so a level's budget per move means the
//! same wall-clock time on the web as on the desktop.

use std::future::{Future, Ready, ready};
use std::pin::pin;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use super::clock::Clock;

/// What a search awaits between two slices: any `FnMut() -> impl Future<Output = ()>`.
pub trait Pause {
    /// The pause itself, over once the thread is the search's again.
    type Wait: Future<Output = ()>;
    /// Starts a pause.
    fn wait(&mut self) -> Self::Wait;
}

impl<P, F> Pause for P
where
    P: FnMut() -> F,
    F: Future<Output = ()>,
{
    type Wait = F;

    fn wait(&mut self) -> F {
        self()
    }
}

/// When a search pauses, and how.
pub struct Slices<P> {
    /// Work between pauses; `None`: never pause.
    length: Option<Duration>,
    /// Makes the future a pause awaits.
    pause: P,
    /// On the search's clock, when the running slice ends.
    end: Duration,
    /// Pauses taken so far, and the time they took.
    pauses: u32,
    paused: Duration,
    /// On the search's clock, when the running stretch of work began, and the longest
    /// stretch so far.
    work_began: Duration,
    longest_work: Duration,
}

/// The pause of [`Slices::never`], which is never taken.
pub type NoPause = fn() -> Ready<()>;

impl Slices<NoPause> {
    /// A search that runs to its end without pausing (it has a thread of its own).
    #[must_use]
    pub fn never() -> Self {
        Self {
            length: None,
            pause: || ready(()),
            end: Duration::MAX,
            pauses: 0,
            paused: Duration::ZERO,
            work_began: Duration::ZERO,
            longest_work: Duration::ZERO,
        }
    }
}

impl<P> Slices<P> {
    /// Whether the search pauses at all.
    #[must_use]
    pub fn pausing(&self) -> bool {
        self.length.is_some()
    }

    /// How many pauses the searches took so far.
    #[must_use]
    pub fn pauses(&self) -> u32 {
        self.pauses
    }

    /// The time those pauses took: the time the searches left to the page.
    #[must_use]
    pub fn time_paused(&self) -> Duration {
        self.paused
    }

    /// The longest stretch of work between two pauses (or from the search's start to
    /// its first pause): the longest the search kept its thread.
    #[must_use]
    pub fn longest_work(&self) -> Duration {
        self.longest_work
    }
}

impl<P: Pause> Slices<P> {
    /// Work for `length` at a time, then await `pause()`.
    #[must_use]
    pub fn every(length: Duration, pause: P) -> Self {
        Self {
            length: Some(length),
            pause,
            end: Duration::ZERO,
            pauses: 0,
            paused: Duration::ZERO,
            work_began: Duration::ZERO,
            longest_work: Duration::ZERO,
        }
    }

    /// Starts a slice now, on `clock`.
    pub(crate) fn start(&mut self, clock: &Clock) {
        if let Some(length) = self.length {
            self.end = clock.elapsed() + length;
        }
    }

    /// On `clock`, when the running slice ends; `None` if it never does.
    pub(crate) fn end(&self) -> Option<Duration> {
        self.length.map(|_| self.end)
    }

    /// Pauses, then starts the next slice.
    pub(crate) async fn pause(&mut self, clock: &Clock) {
        if self.pausing() {
            let before = clock.elapsed();
            let work = before.saturating_sub(self.work_began);
            self.longest_work = self.longest_work.max(work);
            self.pause.wait().await;
            self.pauses += 1;
            self.paused += clock.elapsed().saturating_sub(before);
            self.work_began = clock.elapsed();
            self.start(clock);
        }
    }

    /// Pauses if the running slice is over.
    pub(crate) async fn pause_if_due(&mut self, clock: &Clock) {
        if self.pausing() && clock.elapsed() >= self.end {
            self.pause(clock).await;
        }
    }
}

/// Runs a search that never pauses (it was given [`Slices::never`]) to its end.
///
/// # Panics
/// If the future does pause: only searches with [`Slices::never`] belong here.
pub(crate) fn finish<T>(search: impl Future<Output = T>) -> T {
    let mut search = pin!(search);
    match search
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(value) => value,
        Poll::Pending => unreachable!("a search that never pauses finishes in one poll"),
    }
}

/// A pause that really suspends the search once (as a web page's does) and the
/// executor that runs it: for tests and benchmarks of searches in slices.
pub mod testing {
    use std::cell::Cell;
    use std::future::Future;
    use std::pin::{Pin, pin};
    use std::task::{Context, Poll, Waker};

    /// Pending once, then ready.
    pub struct YieldOnce(pub bool);

    impl Future for YieldOnce {
        type Output = ();

        fn poll(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
            if self.0 {
                Poll::Ready(())
            } else {
                self.0 = true;
                Poll::Pending
            }
        }
    }

    /// A pause that suspends once and counts itself in `count`.
    pub fn suspending(count: &Cell<u32>) -> impl FnMut() -> YieldOnce + '_ {
        move || {
            count.set(count.get() + 1);
            YieldOnce(false)
        }
    }

    /// Polls `future` until it is done, as an event loop would between its pauses.
    pub fn run<T>(future: impl Future<Output = T>) -> T {
        let mut future = pin!(future);
        let mut context = Context::from_waker(Waker::noop());
        loop {
            if let Poll::Ready(value) = future.as_mut().poll(&mut context) {
                return value;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A pause that counts itself and is over at once.
    fn counting(count: &Cell<u32>) -> impl FnMut() -> Ready<()> + '_ {
        move || {
            count.set(count.get() + 1);
            ready(())
        }
    }

    #[test]
    fn never_does_not_pause() {
        let mut slices = Slices::never();
        let clock = Clock::start();
        slices.start(&clock);
        assert!(!slices.pausing());
        assert_eq!(slices.end(), None);
        finish(slices.pause_if_due(&clock));
    }

    #[test]
    fn a_pause_comes_only_once_the_slice_is_over() {
        let count = Cell::new(0);
        let mut slices = Slices::every(Duration::from_secs(3600), counting(&count));
        let clock = Clock::start();
        slices.start(&clock);
        finish(slices.pause_if_due(&clock));
        assert_eq!(count.get(), 0, "an hour has not passed");

        let mut slices = Slices::every(Duration::ZERO, counting(&count));
        slices.start(&clock);
        finish(slices.pause_if_due(&clock));
        finish(slices.pause_if_due(&clock));
        assert_eq!(count.get(), 2);
    }

    #[test]
    fn a_suspending_pause_hands_back_control_and_then_goes_on() {
        let count = Cell::new(0);
        let clock = Clock::start();
        let mut slices = Slices::every(Duration::ZERO, testing::suspending(&count));
        let work = async {
            slices.pause_if_due(&clock).await;
            7
        };
        let mut work = pin!(work);
        let mut context = Context::from_waker(Waker::noop());
        assert!(work.as_mut().poll(&mut context).is_pending());
        assert_eq!(work.as_mut().poll(&mut context), Poll::Ready(7));
        assert_eq!(count.get(), 1);
    }

    #[test]
    fn the_longest_stretch_of_work_and_the_pauses_are_counted() {
        let count = Cell::new(0);
        let clock = Clock::start();
        let mut slices = Slices::every(Duration::ZERO, counting(&count));
        std::thread::sleep(Duration::from_millis(30));
        finish(slices.pause_if_due(&clock));
        finish(slices.pause_if_due(&clock));
        assert_eq!(slices.pauses(), 2);
        assert!(slices.longest_work() >= Duration::from_millis(30));
        assert!(slices.time_paused() < Duration::from_millis(30));
    }
}
