//! Level 5's search: expectimax that spends its time, and plays endgames exactly.
//!
//! The same game tree as [`super::search`] (a decision node per placed die, a chance
//! node over the six dice of the next roll), with the fitted evaluation
//! [`eval::fitted`] at the depth limit, searched with three things the fixed-depth
//! search of levels 3 and 4 does without:
//!
//! - **Alpha-beta through the chance nodes** (Ballard's Star1): values lie in
//!   `[-BOUND, BOUND]`, so after some of a chance node's six dice are searched, the
//!   others can only move its average so far. Each die's reply is searched with the
//!   window that would still matter, and the chance node stops as soon as the window
//!   cannot be reached. The value at the root is the one plain expectimax finds.
//! - **A transposition table** keyed by the two trays with each column as a multiset
//!   (the order of the dice in a column never matters) and the three column pairs
//!   (ours and theirs of the same index) sorted, so that positions reached in any order
//!   of moves, or with their columns swapped around, meet.
//! - **Iterative deepening** within a time budget. A subtree whose every leaf is a
//!   finished game is *exact* and is stored as valid at any depth; when the whole tree
//!   is exact the search stops, with the exact value (win, draw or loss, and among
//!   equal results the larger margin). Near the end of a game that happens within a
//!   few milliseconds.
//!
//! In a browser the search runs in slices (see [`crate::ai::slices`]): when a slice is
//! over the iteration unwinds, the page gets its thread, and the iteration starts
//! again; the subtrees it had finished come straight back from the table, so no work
//! of substance is lost, and the search keeps its thread for no longer than a slice
//! plus one small subtree.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{Choice, State, eval, terminal};
use crate::ai::clock::Clock;
use crate::ai::slices::{Pause, Slices};
use crate::rules::knucklebones::{Column, Knucklebones, Tray};

/// Every value the search gives lies strictly inside `-BOUND..BOUND`: a finished game
/// is worth at most 1 plus a thousandth of the largest score (3 columns of three 6s:
/// 162), the evaluation less than 1.
const BOUND: f64 = 1.2;

/// The time level 5 takes for a move at most (it stops sooner when the game's end is
/// solved, or when the next iteration would not finish in time).
pub const LEVEL_5_TIME: Duration = Duration::from_secs(1);

/// The deepest iteration: far beyond any game's end, since a game of 9 moves a side
/// can be prolonged by removals only so much.
const MAX_DEPTH: u32 = 60;

/// Transposition table slots (a power of two), of two 24-byte entries: 12 MiB in all.
const TABLE_BITS: u32 = 18;

/// Depth stored for an exact value: valid at any depth.
const EXACT: u8 = u8::MAX;

/// What a stored value says about the true one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    /// The position's key plus one (0: empty slot).
    key: u64,
    value: f64,
    depth: u8,
    bound: Bound,
    /// The search that stored it: older entries give way to newer ones.
    generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0.0,
    depth: 0,
    bound: Bound::Exact,
    generation: 0,
};

/// A value and whether it is exact (every leaf under it a finished game).
#[derive(Clone, Copy, Debug)]
struct Val {
    value: f64,
    exact: bool,
}

/// Why an iteration unwound before its end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Halt {
    /// The slice is over: pause, then run the iteration again.
    Pause,
    /// Out of time, or told to stop: answer with the last finished iteration.
    Stop,
}

type Search<T> = Result<T, Halt>;

/// The key of a column's dice as a multiset: the sorted dice as base-7 digits.
fn column_code(tray: &Tray, column: Column) -> u64 {
    let mut dice = [0u8; 3];
    for (slot, &d) in tray.column(column).iter().enumerate() {
        dice[slot] = d;
    }
    dice.sort_unstable();
    dice.iter().fold(0, |code, &d| code * 7 + u64::from(d))
}

/// The key of a position to move, the die not yet rolled: the three pairs of
/// columns (the mover's and the opponent's of the same index), each pair as 18 bits,
/// sorted so that the order of the columns does not matter.
fn key(state: &State) -> u64 {
    let mut pairs = Column::ALL
        .map(|c| column_code(&state.trays[0], c) * 343 + column_code(&state.trays[1], c));
    pairs.sort_unstable();
    pairs.iter().fold(0, |key, &pair| (key << 18) | pair)
}

/// Two entries a slot: the first keeps the deeper result (an exact one deepest of
/// all) of the running search, the second always takes the newest.
///
/// A value depends only on the position and the depth, so the table stays valid from
/// one search to the next: each thread keeps its table ([`TABLE`]), and the next move's
/// search finds the replies it looked at two moves before already searched, nearly an
/// iteration deeper than they would be from scratch.
struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

thread_local! {
    /// The table of the last search on this thread, for the next.
    static TABLE: std::cell::RefCell<Option<Table>> = const { std::cell::RefCell::new(None) };
}

impl Table {
    fn new() -> Self {
        Self {
            entries: vec![EMPTY; 2 << TABLE_BITS],
            generation: 0,
        }
    }

    /// This thread's table, taken for a search (a new one if another search has it).
    fn take() -> Self {
        let mut table = TABLE
            .with(|t| t.borrow_mut().take())
            .unwrap_or_else(Self::new);
        table.generation = table.generation.wrapping_add(1);
        table
    }

    /// Gives the table back to this thread for its next search.
    fn give_back(self) {
        TABLE.with(|t| *t.borrow_mut() = Some(self));
    }

    fn slot(key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize) * 2
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let slot = Self::slot(key);
        self.entries[slot..slot + 2]
            .iter()
            .find(|entry| entry.key == key + 1)
            .copied()
    }

    fn store(&mut self, key: u64, value: f64, depth: u8, bound: Bound) {
        let slot = Self::slot(key);
        let entry = Entry {
            key: key + 1,
            value,
            depth,
            bound,
            generation: self.generation,
        };
        let first = &self.entries[slot];
        let index = if self.entries[slot + 1].key == key + 1 {
            slot + 1
        } else if first.key == key + 1
            || first.generation != self.generation
            || first.depth <= depth
        {
            slot
        } else {
            slot + 1
        };
        self.entries[index] = entry;
    }
}

/// The search's state across iterations and slices.
struct Deep<'a> {
    table: Table,
    nodes: u64,
    stop: &'a AtomicBool,
    clock: Clock,
    /// On the clock, when the move's time is up.
    deadline: Option<Duration>,
    /// On the clock, when the running slice ends.
    slice_end: Option<Duration>,
    /// `nodes` when the iteration last started or resumed: a slice pauses only after
    /// `MIN_SLICE_NODES` more, so that walking back down to where it was (the finished
    /// subtrees come from the table) always leaves time for new work.
    resumed_at: u64,
    /// The best root column of the running iteration so far, with its value.
    partial: Option<(Column, f64)>,
    /// Whether to use the table (tests compare the search without it with plain
    /// expectimax).
    use_table: bool,
}

/// The least work between two pauses, in nodes (well under a millisecond).
const MIN_SLICE_NODES: u64 = 256;
/// Nodes between two looks at the clock, the stop flag and the slice's end (a
/// node here can take a few microseconds: 1,024 of them overran a slice by 3 ms, and
/// with the fitted evaluation 64 of them overran it by a quarter of a millisecond).
const CHECK_EVERY: u64 = 32;
/// How long before the slice's end the search pauses.
const SLICE_MARGIN: Duration = Duration::from_millis(1);

impl Deep<'_> {
    /// Counts a node and, every [`CHECK_EVERY`], looks at the clock and the stop flag.
    fn tick(&mut self) -> Search<()> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let now = self.clock.elapsed();
            if self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| now >= d) {
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

    /// The value for the side to move at `state` over the six dice it may roll, with
    /// `depth` moves (its own first) left to search, in the window `alpha..beta`
    /// (fail-soft: a value at or below `alpha` is an upper bound, at or above `beta`
    /// a lower bound).
    fn chance(&mut self, state: &State, depth: u32, alpha: f64, beta: f64) -> Search<Val> {
        self.tick()?;
        let key = key(state);
        let depth8 = depth.min(u32::from(EXACT - 1)) as u8;
        if let Some(entry) = self.table.probe(key).filter(|_| self.use_table)
            && entry.depth >= depth8
        {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.value >= beta,
                Bound::Upper => entry.value <= alpha,
            };
            if usable {
                return Ok(Val {
                    value: entry.value,
                    exact: entry.depth == EXACT,
                });
            }
        }
        let mut sum = 0.0;
        let mut exact = true;
        let mut result = None;
        for die in 1..=6u8 {
            let rest = f64::from(6 - die);
            // The window this die's value must fall in for the average to land inside
            // alpha..beta, whatever the other dice give.
            let low = 6.0 * alpha - sum - rest * BOUND;
            let high = 6.0 * beta - sum + rest * BOUND;
            let reply = self.decision(state, die, depth, low.max(-BOUND), high.min(BOUND))?;
            exact &= reply.exact;
            sum += reply.value;
            if reply.value <= low {
                result = Some(((sum + rest * BOUND) / 6.0, Bound::Upper));
                break;
            }
            if reply.value >= high {
                result = Some(((sum - rest * BOUND) / 6.0, Bound::Lower));
                break;
            }
        }
        let (value, bound) = result.unwrap_or((sum / 6.0, Bound::Exact));
        let stored = if exact { EXACT } else { depth8 };
        self.table.store(key, value, stored, bound);
        Ok(Val { value, exact })
    }

    /// The best value for the side to move at `state` of placing `die`, with `depth`
    /// moves (this one first) left to search; fail-soft in `alpha..beta`.
    fn decision(
        &mut self,
        state: &State,
        die: u8,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> Search<Val> {
        let mut best = Val {
            value: f64::NEG_INFINITY,
            exact: true,
        };
        for column in ordered(state, die) {
            let val = self.after_move(state, column, die, depth, alpha.max(best.value), beta)?;
            best.exact &= val.exact;
            if val.value > best.value {
                best.value = val.value;
                if best.value >= beta {
                    break;
                }
            }
        }
        Ok(best)
    }

    /// The value for the mover of placing `die` in `column`.
    fn after_move(
        &mut self,
        state: &State,
        column: Column,
        die: u8,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> Search<Val> {
        let [mut me, mut them] = state.trays;
        me.push(column, die);
        them.remove_value(column, die);
        if me.is_full() {
            return Ok(Val {
                value: terminal(&me, &them),
                exact: true,
            });
        }
        let next = State { trays: [them, me] };
        if depth <= 1 {
            self.nodes += 1;
            return Ok(Val {
                value: -eval::fitted(&next),
                exact: false,
            });
        }
        let reply = self.chance(&next, depth - 1, -beta, -alpha)?;
        Ok(Val {
            value: -reply.value,
            exact: reply.exact,
        })
    }

    /// One iteration at `depth` from the root: each legal column in `order` (the
    /// previous iteration's best first), the best one strictly better than those
    /// before it. Returns the best column, its value, and whether the whole tree
    /// was exact.
    fn root(
        &mut self,
        root: &State,
        die: u8,
        depth: u32,
        order: &[Column],
    ) -> Search<(Column, f64, bool)> {
        let mut best: Option<(Column, f64)> = None;
        let mut exact = true;
        for &column in order {
            let alpha = best.map_or(-BOUND, |(_, v)| v);
            let val = self.after_move(root, column, die, depth, alpha, BOUND)?;
            exact &= val.exact;
            if best.is_none_or(|(_, v)| val.value > v) {
                best = Some((column, val.value));
                // A column that beat the first one (searched with the window above
                // it, so its value is exact) stands even if the iteration stops.
                self.partial = best;
            }
        }
        let (column, value) = best.expect("the root has a legal column");
        Ok((column, value, exact))
    }
}

/// The columns open to `die`, the likeliest best first: by the score the move gains
/// (its own column's growth plus what it knocks out).
fn ordered(state: &State, die: u8) -> impl Iterator<Item = Column> {
    let [me, them] = &state.trays;
    let mut columns = [(Column::ALL[0], 0u32); 3];
    let mut open = 0;
    for c in Column::ALL {
        if !me.is_column_full(c) {
            let same = me.count(c, die) as u32;
            // Placing a die of a value the column holds `same` times adds
            // die * ((same + 1)^2 - same^2); the knocked-out dice count as much.
            let gain = u32::from(die) * (2 * same + 1);
            let knocked = them.count(c, die) as u32;
            columns[open] = (c, gain + u32::from(die) * knocked * knocked);
            open += 1;
        }
    }
    columns[..open].sort_by_key(|&(_, gain)| std::cmp::Reverse(gain));
    columns.into_iter().take(open).map(|(c, _)| c)
}

/// Level 5's move: iterative deepening within `time` (or [`LEVEL_5_TIME`]) to at
/// most `max_depth` moves, stopping early once the tree is exact or the next
/// iteration would not finish in time; `None` only when the game is over. When `stop`
/// is set the best move of the deepest finished iteration is returned (depth 1 always
/// finishes).
pub async fn search_in_slices<P: Pause>(
    game: &Knucklebones,
    time: Duration,
    max_depth: Option<u32>,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
) -> Option<Choice> {
    if game.is_over() {
        return None;
    }
    search_with(game, time, max_depth, Table::take(), true, stop, slices).await
}

/// [`search_in_slices`], with or without the transposition table.
async fn search_with<P: Pause>(
    game: &Knucklebones,
    time: Duration,
    max_depth: Option<u32>,
    table: Table,
    use_table: bool,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
) -> Option<Choice> {
    if game.is_over() {
        return None;
    }
    let mover = game.side_to_move();
    let root = State {
        trays: [*game.tray(mover), *game.tray(mover.opponent())],
    };
    let mut deep = Deep {
        table,
        nodes: 0,
        stop,
        clock: Clock::start(),
        deadline: Some(time),
        slice_end: None,
        resumed_at: 0,
        partial: None,
        use_table,
    };
    slices.start(&deep.clock);
    let mut order: Vec<Column> = ordered(&root, game.die()).collect();
    let mut best: Option<Choice> = None;
    // The times of the last two iterations: each takes about as many times longer
    // than the one before as that one did than its own (8 to 10 times from the
    // opening; less near the end, where lines finish).
    let mut times = [Duration::ZERO; 2];
    for depth in 1..=max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH) {
        let began = deep.clock.elapsed();
        let growth = if times[0].is_zero() {
            8.0
        } else {
            (times[1].as_secs_f64() / times[0].as_secs_f64()).clamp(2.0, 20.0)
        };
        // An iteration that would finish well after the time is up is not started
        // (one cut short still answers with a column that beat the last best).
        if depth > 2 && began + times[1].mul_f64(growth) > time.mul_f64(1.5) {
            break;
        }
        deep.partial = None;
        let found = loop {
            // Aim a little before the slice's end: the check comes every few dozen
            // nodes and the unwinding takes a moment, and the page wants its thread
            // back within the slice.
            deep.slice_end = slices.end().map(|end| end.saturating_sub(SLICE_MARGIN));
            deep.resumed_at = deep.nodes;
            // Depth 1 never reaches a chance node, so it never halts.
            match deep.root(&root, game.die(), depth, &order) {
                Err(Halt::Pause) => slices.pause(&deep.clock).await,
                Err(Halt::Stop) => break None,
                Ok(found) => break Some(found),
            }
        };
        let Some((column, value, exact)) = found else {
            // Stopped: a column that beat the last iteration's best is the better move.
            if let (Some((column, value)), Some(choice)) = (deep.partial, best.as_mut())
                && column != choice.column
            {
                *choice = Choice {
                    column,
                    value: Some(value),
                    ..*choice
                };
            }
            break;
        };
        best = Some(Choice {
            column,
            value: Some(value),
            nodes: deep.nodes,
            depth,
        });
        order.retain(|&c| c != column);
        order.insert(0, column);
        times = [times[1], deep.clock.elapsed() - began];
        if exact {
            break;
        }
    }
    let nodes = deep.nodes;
    deep.table.give_back();
    best.map(|choice| Choice { nodes, ..choice })
}

/// The search to exactly `depth` (no time limit), with or without the table: for
/// tests.
#[cfg(test)]
pub(super) fn fixed_depth(game: &Knucklebones, depth: u32, use_table: bool) -> Option<Choice> {
    let stop = AtomicBool::new(false);
    crate::ai::slices::finish(search_with(
        game,
        Duration::from_secs(3600),
        Some(depth),
        Table::new(),
        use_table,
        &stop,
        &mut Slices::never(),
    ))
}
