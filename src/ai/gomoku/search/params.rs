//! The search's parameters: how deep quiescence looks, how much a block extends a
//! line, the static pruning's margin, how many moves a node searches, how much a late
//! move is reduced, and how often the search looks at the clock. What else was tried
//! for each, with its match figures, is in docs/engine-lab.md.
//!
//! The numbers a match decides between are [`Params`]: an engine plays with their
//! defaults, and a tuning run (`scripts/gomoku-spsa.py`, through the Gomocup
//! engine's `INFO tune_<name> <value>`) sets them without a new build.

use std::fmt;
use std::ops::RangeInclusive;

use super::super::eval::WIN;

/// Beyond any score.
pub(super) const INFINITY: i32 = WIN + 1;
/// Deepest ply a line may reach (forced blocks extend lines).
pub(super) const MAX_PLY: usize = 128;
/// Nodes between looks at the clock and the stop flags.
pub(super) const POLL_INTERVAL: u64 = 1024;
/// The same in a search in slices, so that a slice ends close to its time (the
/// browser smoke test measured 267 k nodes/s: 128 nodes take about half a
/// millisecond there).
pub(super) const SLICED_POLL_INTERVAL: u64 = 128;
/// The fewest nodes a slice searches before it may pause, to begin with (it doubles
/// after every slice that finished fewer new nodes than one in 16 of those it
/// searched, and halves back after one that finished more).
pub(super) const MIN_SLICE_NODES: u64 = 256;

/// The search's numbers that matches tune, each an integer, in [`SPECS`]' order.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Params([i32; SPECS.len()]);

/// One of [`Params`]' numbers: its place in [`SPECS`].
#[derive(Clone, Copy)]
enum Number {
    QuiescencePlies,
    BlockExtensionTenths,
    FutilityDepth,
    FutilityMargin,
    ReductionDivisor,
    Width1,
    Width2,
    Width3,
    Width4,
    HistoryCap,
    KillerBonus,
    ReductionHistory,
}

/// Each of [`Params`]' numbers, in [`Number`]'s order: its name (as `INFO
/// tune_<name>` and `scripts/gomoku-spsa.py` give it), the value an engine plays
/// with, and the values it may take.
const SPECS: [(&str, i32, RangeInclusive<i32>); 12] = [
    // Plies past the horizon that the answers to an open three are searched (lab
    // log: "quiescence").
    ("quiescence_plies", 2, 0..=8),
    // Tenths of a ply that a block of a four extends its line by, on top of costing
    // no depth (see `Params::block_extension`; lab log: "extensions").
    ("block_extension_tenths", 3, 0..=10),
    // Depths at which static pruning applies (futility and reverse futility), and
    // its margin per ply (lab log: "static pruning").
    ("futility_depth", 2, 0..=6),
    ("futility_margin", 150, 0..=2_000),
    // Late move reductions grow as ln(depth) × ln(index + 1) / this, in hundredths
    // (see `Reductions`; lab log: "late move reductions").
    ("reduction_divisor", 150, 50..=1_000),
    // How many of the best-ordered quiet moves a node 1 (or fewer), 2, 3 and 4 (or
    // more) plies from the horizon searches (see `Params::width`; lab log:
    // "move-count pruning").
    ("width_1", 10, 1..=225),
    ("width_2", 14, 1..=225),
    ("width_3", 18, 1..=225),
    ("width_4", 24, 1..=225),
    // The most a quiet move's history adds to its order score, and what a killer
    // adds (lab log: "move ordering").
    ("history_cap", 4_000, 0..=100_000),
    ("killer_bonus", 5_000, 0..=100_000),
    // A late quiet move whose point's history has reached this is reduced a ply
    // less, never below one (see `Params::reduction`; 0: never; lab log: "late move
    // reductions eased by the history").
    ("reduction_history", 4_000, 0..=1_000_000),
];

impl Default for Params {
    fn default() -> Self {
        Self(SPECS.map(|(_, default, _)| default))
    }
}

impl fmt::Debug for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let named = SPECS
            .iter()
            .zip(self.0)
            .map(|((name, ..), value)| (name, value));
        f.debug_map().entries(named).finish()
    }
}

impl Params {
    /// Every number's name, as [`Params::set`] takes it.
    pub fn names() -> impl Iterator<Item = &'static str> {
        SPECS.iter().map(|(name, ..)| *name)
    }

    /// Sets the number `name` to `value`; an unknown name or a value out of its
    /// range is an error, and the numbers stay as they were.
    ///
    /// # Errors
    /// A message naming the number or the range.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let i = Self::index(name).ok_or_else(|| format!("no search parameter '{name}'"))?;
        let range = &SPECS[i].2;
        if !range.contains(&value) {
            return Err(format!(
                "{name} must lie in {}..={}, got {value}",
                range.start(),
                range.end()
            ));
        }
        self.0[i] = value;
        Ok(())
    }

    /// The number `name`'s value, `None` for an unknown name.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<i32> {
        Self::index(name).map(|i| self.0[i])
    }

    fn index(name: &str) -> Option<usize> {
        SPECS.iter().position(|(n, ..)| *n == name)
    }

    fn at(&self, number: Number) -> i32 {
        self.0[number as usize]
    }

    pub(super) fn quiescence_plies(&self) -> i32 {
        self.at(Number::QuiescencePlies)
    }

    pub(super) fn futility_depth(&self) -> i32 {
        self.at(Number::FutilityDepth)
    }

    pub(super) fn futility_margin(&self) -> i32 {
        self.at(Number::FutilityMargin)
    }

    pub(super) fn history_cap(&self) -> i32 {
        self.at(Number::HistoryCap)
    }

    pub(super) fn killer_bonus(&self) -> i32 {
        self.at(Number::KillerBonus)
    }

    /// How many plies less the `index`th quiet move of a node `depth` plies from the
    /// horizon is searched first: `table`'s reduction, a ply less where its point's
    /// `history` (the sum of depth squared over the cuts a quiet move made there)
    /// has reached `reduction_history`, but never below one ply.
    pub(super) fn reduction(
        &self,
        table: &Reductions,
        depth: i32,
        index: usize,
        history: i32,
    ) -> i32 {
        let reduction = table.get(depth, index);
        let threshold = self.at(Number::ReductionHistory);
        let proven = threshold > 0 && history >= threshold;
        reduction - i32::from(proven && reduction > 1)
    }

    /// The plies beyond its own that the `n`th block of a four on a line (counted
    /// from 1) extends it by: `block_extension_tenths` tenths a block, paid as whole
    /// plies at the blocks where the sum passes a whole number (the fourth, seventh,
    /// tenth... at 3 tenths).
    pub(super) fn block_extension(&self, n: u32) -> i32 {
        let per_block = self.at(Number::BlockExtensionTenths).unsigned_abs();
        let tenths = |n: u32| per_block * n / 10;
        (tenths(n) - tenths(n.saturating_sub(1))) as i32
    }

    /// How many of the best-ordered quiet moves a node `depth` plies from the
    /// horizon searches: fewer near the leaves, where a bad move's cost is smallest.
    pub(super) fn width(&self, depth: i32) -> usize {
        let widths = [
            Number::Width1,
            Number::Width2,
            Number::Width3,
            Number::Width4,
        ];
        let number = widths[depth.clamp(1, 4) as usize - 1];
        self.at(number).unsigned_abs() as usize
    }
}

/// How many plies less the `index`th quiet move (counted from 0) of a node `depth`
/// plies from the horizon is searched first, before a research at full depth should
/// it beat alpha: at least 1, at most `depth - 2`, and growing as the product of the
/// logarithms of depth and index, the shape the strongest alpha-beta engines use
/// (lab log: "late move reductions").
pub(in crate::ai::gomoku) struct Reductions(Box<[[u8; Reductions::SIZE]; Reductions::SIZE]>);

impl Reductions {
    const SIZE: usize = 64;

    /// The table for `params`' divisor.
    pub(in crate::ai::gomoku) fn new(params: &Params) -> Self {
        let divisor = params.at(Number::ReductionDivisor).max(1) as f32 / 100.0;
        let mut table = Box::new([[0; Self::SIZE]; Self::SIZE]);
        for (d, row) in table.iter_mut().enumerate() {
            for (i, r) in row.iter_mut().enumerate() {
                let ln_product = (d.max(1) as f32).ln() * ((i + 1) as f32).ln();
                *r = (ln_product / divisor) as u8;
            }
        }
        Self(table)
    }

    /// The reduction of the `index`th quiet move at `depth`.
    pub(super) fn get(&self, depth: i32, index: usize) -> i32 {
        let d = (depth.max(0) as usize).min(Self::SIZE - 1);
        i32::from(self.0[d][index.min(Self::SIZE - 1)]).clamp(1, (depth - 2).max(1))
    }
}

/// [`Reductions::get`] with the default divisor.
#[cfg(test)]
pub(in crate::ai::gomoku) fn late_move_reduction(depth: i32, index: usize) -> i32 {
    default_reductions().get(depth, index)
}

/// [`Params::reduction`] with the default numbers.
#[cfg(test)]
pub(in crate::ai::gomoku) fn reduction(depth: i32, index: usize, history: i32) -> i32 {
    Params::default().reduction(default_reductions(), depth, index, history)
}

/// The reductions of the default divisor, built once for the tests.
#[cfg(test)]
fn default_reductions() -> &'static Reductions {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Reductions> = OnceLock::new();
    TABLE.get_or_init(|| Reductions::new(&Params::default()))
}

/// [`Params::block_extension`] with the default tenths.
#[cfg(test)]
pub(in crate::ai::gomoku) fn block_extension(n: u32) -> i32 {
    Params::default().block_extension(n)
}
