//! The exact solver: the value of a position with perfect play from both sides, and a
//! move that keeps it.
//!
//! Scores are from the side to move's point of view, in the usual scale of Connect
//! Four solvers: a win with the side to move's disc number `d` of 21 scores
//! `22 - d` (the sooner, the higher), a loss to the other side's disc `d` scores
//! `d - 22`, and a draw 0. [`Score`] turns one into "win in N" for people.
//!
//! The search is a negamax with alpha-beta over null windows: the exact score is
//! found by asking "is it at least `s`?" for a few `s`, bisecting the range of
//! scores still possible (the questions near 0 first, as most positions are close).
//! What makes it fast:
//! - bitboards ([`Position`]): a move is three instructions and the slots where a
//!   side would make four are found for every line at once;
//! - only moves that do not lose at once are searched (the one block of a single
//!   threat, nothing under a threat of the other side), and a side with two threats
//!   to stop has lost;
//! - the score's bounds from the plies left narrow every window before searching;
//! - a transposition table ([`Table`]) keeps a lower or upper bound and the best
//!   move of each position, mirror images sharing one entry; it lives on between
//!   searches and moves of a game;
//! - moves are tried best first: the table's move, then those that make the most
//!   open fours, the centre before the edges.
//!
//! A search can stop (a flag, a time) and pause (a web page's slice): it then
//! unwinds to the root, and starts again from there after the pause, the table
//! keeping the work done.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::position::{CENTRE_FIRST, Position, column_of};
use crate::ai::clock::Clock;
use crate::ai::slices::{Pause, Slices};
use crate::rules::connectfour::SLOTS;

/// The lowest score a game can end with for the side to move (a loss to the other
/// side's fourth disc).
pub const MIN_SCORE: i32 = -(SLOTS as i32) / 2 + 3;
/// The highest (a win with the fourth own disc).
pub const MAX_SCORE: i32 = (SLOTS as i32 + 1) / 2 - 3;

/// A solved score, read for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// The side to move wins with its `n`th move from now (1: it wins at once).
    Win(u32),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses after its `n`th move from now (1: whatever it plays,
    /// the other side then makes four).
    Loss(u32),
}

impl Score {
    /// The reading of solver score `score` at a position after `plies` discs.
    #[must_use]
    pub fn of(score: i32, plies: u32) -> Self {
        let plies = plies as i32;
        match score {
            0 => Score::Draw,
            s if s > 0 => Score::Win(((SLOTS as i32 + 3 - plies) / 2 - s) as u32),
            s => Score::Loss(((SLOTS as i32 + 2 - plies) / 2 + s) as u32),
        }
    }

    /// `win in 3`, `draw`, `loss in 12`, as `tabletop-cli` prints it.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Score::Win(n) => format!("win in {n}"),
            Score::Draw => "draw".to_owned(),
            Score::Loss(n) => format!("loss in {n}"),
        }
    }

    /// The score as the review compares values, its distance in plies: a win with
    /// the `n`th own move ends the game `2n - 1` plies on, a loss after it `2n`.
    #[must_use]
    pub fn verdict(self) -> crate::ai::Verdict {
        use crate::ai::{Result3, Verdict};
        match self {
            Score::Win(n) => Verdict::Exact(Result3::Win, Some(2 * n - 1)),
            Score::Draw => Verdict::Exact(Result3::Draw, None),
            Score::Loss(n) => Verdict::Exact(Result3::Loss, Some(2 * n)),
        }
    }

    /// Win, draw or loss only.
    #[must_use]
    pub fn sign(self) -> i32 {
        match self {
            Score::Win(_) => 1,
            Score::Draw => 0,
            Score::Loss(_) => -1,
        }
    }
}

/// What a table entry knows of its position's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// The score is at least this.
    Lower = 1,
    /// The score is at most this.
    Upper = 2,
}

/// The transposition table: buckets of two `u64` entries, indexed by a hash of the
/// canonical key. An entry holds the whole key (49 bits), the bound, the score, the
/// best move's column (as seen in the canonical orientation) and the work its
/// search took (a rough logarithm of its nodes). The first entry of a bucket keeps
/// the bigger search of the positions that meet there, the second the latest: deep
/// results near the root survive the flood of small ones below.
pub struct Table {
    entries: Vec<u64>,
    shift: u32,
}

/// Bits of an entry below the key.
const KEY_SHIFT: u32 = 12;
/// Where the work sits: above the key.
const WORK_SHIFT: u32 = 61;

/// Work 0..=7 for a search of `nodes` nodes: one step per factor of 16.
fn work(nodes: u64) -> u64 {
    u64::from((64 - nodes.leading_zeros()) / 4).min(7)
}

impl Table {
    /// A table of `2^bits` entries (8 bytes each), at least one bucket.
    #[must_use]
    pub fn new(bits: u32) -> Self {
        let bits = bits.max(2);
        Self {
            entries: vec![0; 1 << bits],
            shift: 64 - (bits - 1),
        }
    }

    /// The size the AI uses: 2^23 entries (64 MiB) on the desktop, 2^21 (16 MiB) in
    /// a browser.
    #[must_use]
    pub fn standard() -> Self {
        Self::new(if cfg!(target_arch = "wasm32") { 21 } else { 23 })
    }

    /// The first entry of `key`'s bucket.
    fn bucket(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize) * 2
    }

    fn holds(entry: u64, key: u64) -> bool {
        entry != 0 && (entry >> KEY_SHIFT) & ((1 << (WORK_SHIFT - KEY_SHIFT)) - 1) == key
    }

    /// The bound, score and move (canonical orientation) stored for `key`.
    fn get(&self, key: u64) -> Option<(Bound, i32, Option<usize>)> {
        let i = self.bucket(key);
        let entry = *self.entries[i..i + 2]
            .iter()
            .find(|&&e| Self::holds(e, key))?;
        let bound = if (entry >> 10) & 3 == 1 {
            Bound::Lower
        } else {
            Bound::Upper
        };
        let score = ((entry >> 4) & 63) as i32 - 32;
        let column = (entry & 15) as usize;
        Some((bound, score, column.checked_sub(1)))
    }

    fn put(&mut self, key: u64, bound: Bound, score: i32, column: Option<usize>, nodes: u64) {
        let i = self.bucket(key);
        let work = work(nodes);
        let entry = work << WORK_SHIFT
            | key << KEY_SHIFT
            | (bound as u64) << 10
            | ((score + 32) as u64) << 4
            | column.map_or(0, |c| c as u64 + 1);
        let kept = self.entries[i];
        if Self::holds(kept, key) || work >= kept >> WORK_SHIFT {
            self.entries[i] = entry;
            // A stale copy of the same position in the second entry would shadow
            // nothing (the first is read first), but frees its place.
            if Self::holds(self.entries[i + 1], key) {
                self.entries[i + 1] = 0;
            }
        } else {
            self.entries[i + 1] = entry;
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }
}

/// Why a search stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The stop flag was set or the time ran out.
    Stop,
    /// The slice is over: pause, then search again.
    Pause,
}

/// Plies before which a node looks its children up in the table first.
const ETC_BEFORE: i32 = 30;

/// Nodes between two looks at the clock and the stop flag: a few dozen
/// microseconds, so that a slice overruns its end by little.
const CHECK_EVERY: u64 = 256;
/// How long before a slice's end the search pauses: the unwinding to the root takes
/// a moment, and the page wants its thread back within the slice.
const SLICE_MARGIN: Duration = Duration::from_micros(500);
/// The least work between two pauses, in nodes (well under a millisecond).
const MIN_SLICE_NODES: u64 = 1024;

/// A solver: the table and the counters of the searches it ran.
pub struct Solver<'a> {
    table: &'a mut Table,
    /// Positions searched so far.
    pub nodes: u64,
    /// For each side (by the parity of the plies) and slot, the cut-offs it made,
    /// weighted by the plies left: a tie-breaker for move ordering.
    history: [[u32; 64]; 2],
    stop: Option<&'a AtomicBool>,
    clock: Clock,
    deadline: Option<Duration>,
    /// On the clock, when the search halts to pause.
    slice_end: Option<Duration>,
    /// `nodes` when the running slice began.
    resumed_at: u64,
}

impl<'a> Solver<'a> {
    /// A solver using `table`, without a limit.
    #[must_use]
    pub fn new(table: &'a mut Table) -> Self {
        Self {
            table,
            nodes: 0,
            history: [[0; 64]; 2],
            stop: None,
            clock: Clock::start(),
            deadline: None,
            slice_end: None,
            resumed_at: 0,
        }
    }

    /// Stops when `stop` is set.
    #[must_use]
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Stops once `time` has passed since the solver was made.
    #[must_use]
    pub fn with_deadline(mut self, time: Duration) -> Self {
        self.deadline = Some(time);
        self
    }

    /// The solver's clock: started when it was made.
    #[must_use]
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// Pauses before `end` on the solver's clock, the end of the running slice
    /// (`None`: never).
    /// The search goes on for at least [`MIN_SLICE_NODES`] nodes from here, so that
    /// walking back down to where it was (the finished subtrees come from the table)
    /// always leaves time for new work.
    pub(super) fn set_slice_end(&mut self, end: Option<Duration>) {
        self.slice_end = end.map(|end| end.saturating_sub(SLICE_MARGIN));
        self.resumed_at = self.nodes;
    }

    fn tick(&mut self) -> Result<(), Halt> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let now = self.clock.elapsed();
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self.deadline.is_some_and(|d| now >= d)
            {
                return Err(Halt::Stop);
            }
            if self.slice_end.is_some_and(|end| now >= end)
                && self.nodes - self.resumed_at >= MIN_SLICE_NODES
            {
                return Err(Halt::Pause);
            }
        }
        Ok(())
    }

    /// The score of `p` within `alpha..beta`: exact if inside, else a bound on the
    /// side it fell. The side to move must not be able to win at once.
    pub fn negamax(&mut self, p: &Position, mut alpha: i32, mut beta: i32) -> Result<i32, Halt> {
        debug_assert!(alpha < beta);
        self.tick()?;
        let began = self.nodes;
        let safe = p.safe_moves();
        let plies = p.plies() as i32;
        if safe == 0 {
            return Ok(-(SLOTS as i32 - plies) / 2);
        }
        if plies >= SLOTS as i32 - 2 {
            return Ok(0);
        }
        // It cannot lose before the other side's next disc but one...
        let lowest = -(SLOTS as i32 - 2 - plies) / 2;
        if alpha < lowest {
            alpha = lowest;
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        // ...nor win with the disc it drops now.
        let highest = (SLOTS as i32 - 1 - plies) / 2;
        if beta > highest {
            beta = highest;
            if alpha >= beta {
                return Ok(beta);
            }
        }
        let (key, mirrored) = p.canonical_key();
        let unmirror = |c: usize| if mirrored { 6 - c } else { c };
        let mut first = None;
        if let Some((bound, score, column)) = self.table.get(key) {
            match bound {
                Bound::Lower if score > alpha => {
                    alpha = score;
                    if alpha >= beta {
                        return Ok(alpha);
                    }
                }
                Bound::Upper if score < beta => {
                    beta = score;
                    if alpha >= beta {
                        return Ok(beta);
                    }
                }
                _ => {}
            }
            first = column.map(unmirror);
        }
        // Moves best first: the table's, then by the open fours they make, then by
        // how often they refuted other positions (the history).
        let side = (plies & 1) as usize;
        let mut moves = [(0_u64, 0_u32); 7];
        let mut count = 0;
        for column in CENTRE_FIRST {
            let slot = safe & crate::rules::connectfour::Column::ALL[column].mask();
            if slot == 0 {
                continue;
            }
            // Far from the end, a child the table already knows to be good enough
            // for us cuts at once (enhanced transposition cutoff).
            if plies < ETC_BEFORE {
                let child = p.play(slot);
                if let Some((Bound::Upper, child_score, _)) =
                    self.table.get(child.canonical_key().0)
                    && -child_score >= beta
                {
                    return Ok(-child_score);
                }
            }
            let score = if Some(column) == first {
                u32::MAX
            } else {
                let history = self.history[side][slot.trailing_zeros() as usize];
                (p.threats_after(slot) << 16) | history.min(0xFFFF)
            };
            // Insertion sort, stable: equal scores keep the centre-first order.
            let mut i = count;
            while i > 0 && moves[i - 1].1 < score {
                moves[i] = moves[i - 1];
                i -= 1;
            }
            moves[i] = (slot, score);
            count += 1;
        }
        let mut best = None;
        for &(slot, _) in &moves[..count] {
            let child = p.play(slot);
            let score = -self.negamax(&child, -beta, -alpha)?;
            if score >= beta {
                let work = self.nodes - began;
                let depth = (SLOTS as u32).saturating_sub(plies as u32);
                let bit = slot.trailing_zeros() as usize;
                self.history[side][bit] = self.history[side][bit].saturating_add(depth * depth);
                self.table.put(
                    key,
                    Bound::Lower,
                    score,
                    Some(unmirror(column_of(slot))),
                    work,
                );
                return Ok(score);
            }
            if score > alpha {
                alpha = score;
                best = Some(column_of(slot));
            }
        }
        let work = self.nodes - began;
        self.table.put(
            key,
            Bound::Upper,
            alpha,
            best.map(unmirror).or(first.map(unmirror)),
            work,
        );
        Ok(alpha)
    }

    /// The exact score of `p` (see the module documentation), or only its sign
    /// (-1, 0, 1) if `weak`. `p` must not be finished.
    pub fn solve(&mut self, p: &Position, weak: bool) -> Result<i32, Halt> {
        if p.can_win_now() {
            return Ok((SLOTS as i32 + 1 - p.plies() as i32) / 2);
        }
        let (mut low, mut high) = if weak {
            (-1, 1)
        } else {
            (
                -(SLOTS as i32 - p.plies() as i32) / 2,
                (SLOTS as i32 + 1 - p.plies() as i32) / 2,
            )
        };
        while low < high {
            let mut mid = low + (high - low) / 2;
            if mid <= 0 && low / 2 < mid {
                mid = low / 2;
            } else if mid >= 0 && high / 2 > mid {
                mid = high / 2;
            }
            let r = self.negamax(p, mid, mid + 1)?;
            if r <= mid {
                high = r;
            } else {
                low = r;
            }
        }
        // A weak search's bounds may land beyond ±1: only the sign is known.
        Ok(if weak { low.signum() } else { low })
    }

    /// A column that keeps `score`, the exact (or, if `weak`, sign) score of `p`
    /// from [`Solver::solve`]: the quickest win, the slowest loss.
    pub fn best_column(&mut self, p: &Position, score: i32, weak: bool) -> Result<usize, Halt> {
        let playable = p.playable();
        // A four now.
        let wins = p.own_threats() & playable;
        if wins != 0 {
            return Ok(column_of(wins & wins.wrapping_neg()));
        }
        let safe = p.safe_moves();
        if safe == 0 {
            // Every move loses at once: any will do.
            return Ok(column_of(playable & playable.wrapping_neg()));
        }
        let columns: Vec<usize> = CENTRE_FIRST
            .into_iter()
            .filter(|&c| safe & crate::rules::connectfour::Column::ALL[c].mask() != 0)
            .collect();
        // The table's move first.
        let (key, mirrored) = p.canonical_key();
        let hinted = self
            .table
            .get(key)
            .and_then(|(_, _, c)| c)
            .map(|c| if mirrored { 6 - c } else { c });
        let order = hinted
            .filter(|c| columns.contains(c))
            .into_iter()
            .chain(columns.iter().copied().filter(|&c| Some(c) != hinted));
        for column in order {
            let child = p.play_column(column);
            // Does the child hold the other side to at most -score?
            let holds = if child.plies() as usize >= SLOTS {
                0 >= score
            } else if weak && score < 0 {
                // Lost whatever it plays: any safe move.
                true
            } else {
                // Weak scores are signs, and a sign's window asks the same question.
                self.negamax(&child, -score, -score + 1)? <= -score
            };
            if holds {
                return Ok(column);
            }
        }
        // Unreachable with a right score; a safe move is still a legal one.
        Ok(columns[0])
    }

    /// Solves `p` in slices: on a pause the search unwinds, awaits the pause and
    /// starts again (the table keeps what it found). Returns the score and a best
    /// column, or `Err(Halt::Stop)` if stopped. `p` must not be finished.
    pub async fn solve_in_slices<P: Pause>(
        &mut self,
        p: &Position,
        weak: bool,
        slices: &mut Slices<P>,
    ) -> Result<(i32, usize), Halt> {
        slices.start(&self.clock);
        let score = loop {
            self.set_slice_end(slices.end());
            match self.solve(p, weak) {
                Err(Halt::Pause) => slices.pause(&self.clock).await,
                other => break other?,
            }
        };
        let column = loop {
            self.set_slice_end(slices.end());
            match self.best_column(p, score, weak) {
                Err(Halt::Pause) => slices.pause(&self.clock).await,
                other => break other?,
            }
        };
        self.slice_end = None;
        Ok((score, column))
    }
}
