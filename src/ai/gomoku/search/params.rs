//! The search's parameters: how deep quiescence looks, how much a block extends a
//! line, the static pruning's margin, how many moves a node searches, how much a late
//! move is reduced, and how often the search looks at the clock. What else was tried
//! for each, with its match figures, is in docs/engine-lab.md.

use std::sync::OnceLock;

use super::super::eval::WIN;

/// Beyond any score.
pub(super) const INFINITY: i32 = WIN + 1;
/// Deepest ply a line may reach (forced blocks extend lines).
pub(super) const MAX_PLY: usize = 128;
/// Plies past the horizon that the answers to an open three are searched (lab log:
/// "quiescence").
pub(super) const QUIESCENCE_PLIES: i32 = 2;
/// Tenths of a ply that a block of a four extends its line by, on top of costing
/// no depth (see [`block_extension`]; lab log: "extensions").
pub(super) const BLOCK_EXTENSION_TENTHS: u32 = 3;
/// Depths at which static pruning applies (futility and reverse futility), and its
/// margin per ply (lab log: "static pruning").
pub(super) const FUTILITY_DEPTH: i32 = 2;
pub(super) const FUTILITY_MARGIN: i32 = 150;
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
/// The most a quiet move's history adds to its order score, and what a killer adds.
pub(super) const HISTORY_CAP: i32 = 4_000;
pub(super) const KILLER_BONUS: i32 = 5_000;

/// How many plies less the `index`th quiet move (counted from 0) of a node `depth`
/// plies from the horizon is searched first, before a research at full depth should
/// it beat alpha: at least 1, at most `depth - 2`, and growing as the product of the
/// logarithms of depth and index, the shape the strongest alpha-beta engines use
/// (lab log: "late move reductions").
pub(in crate::ai::gomoku) fn late_move_reduction(depth: i32, index: usize) -> i32 {
    const SIZE: usize = 64;
    /// Reductions are proportional to ln(depth) * ln(index + 1) / this.
    const DIVISOR: f32 = 1.5;
    static TABLE: OnceLock<Box<[[u8; SIZE]; SIZE]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = Box::new([[0; SIZE]; SIZE]);
        for (d, row) in table.iter_mut().enumerate() {
            for (i, r) in row.iter_mut().enumerate() {
                let ln_product = (d.max(1) as f32).ln() * ((i + 1) as f32).ln();
                *r = (ln_product / DIVISOR) as u8;
            }
        }
        table
    });
    let d = (depth.max(0) as usize).min(SIZE - 1);
    i32::from(table[d][index.min(SIZE - 1)]).clamp(1, (depth - 2).max(1))
}

/// The plies beyond its own that the `n`th block of a four on a line (counted from 1)
/// extends it by: [`BLOCK_EXTENSION_TENTHS`] tenths a block, paid as whole plies at
/// the blocks where the sum passes a whole number (the fourth, seventh, tenth... at
/// 3 tenths).
pub(in crate::ai::gomoku) fn block_extension(n: u32) -> i32 {
    let tenths = |n: u32| BLOCK_EXTENSION_TENTHS * n / 10;
    (tenths(n) - tenths(n.saturating_sub(1))) as i32
}

/// How many of the best-ordered quiet moves a node searches: fewer near the leaves,
/// where a bad move's cost is smallest (lab log: "move-count pruning").
pub(super) fn width_for(depth: i32) -> usize {
    match depth {
        ..=1 => 10,
        2 => 14,
        3 => 18,
        _ => 24,
    }
}
