//! Level 5's opening book: the solved score and a best column of the positions
//! where solving takes longest, the first plies.
//!
//! The book holds every position level 5 can meet up to [`DEPTH`] plies while
//! playing the book's own moves, as either side, against any replies: at its own
//! turns one position and its one column, at the other side's turns every column.
//! [`generate`] makes it with the exact solver; `scripts/make-connectfour-book.sh`
//! runs that and writes `assets/connectfour/book.bin`, which is compiled in.
//!
//! The file is a list of 10-byte entries sorted by key: the position's canonical key
//! ([`Position::canonical_key`], 8 bytes little-endian), its score (one signed byte)
//! and its best column as seen in the canonical orientation (one byte).

use std::collections::BTreeMap;

use super::position::Position;
use super::solver::{Solver, Table};

/// The book, as compiled in.
static BOOK: &[u8] = include_bytes!("../../../assets/connectfour/book.bin");

/// Bytes per entry.
const ENTRY: usize = 10;

/// The plies the shipped book covers: level 5's own moves before this many discs
/// are on the grid come from it.
pub const DEPTH: u32 = 7;

/// The entry for a canonical key.
fn find(key: u64) -> Option<(i32, usize)> {
    let count = BOOK.len() / ENTRY;
    let key_at = |i: usize| {
        let bytes: [u8; 8] = BOOK[i * ENTRY..i * ENTRY + 8].try_into().expect("8 bytes");
        u64::from_le_bytes(bytes)
    };
    let (mut low, mut high) = (0, count);
    while low < high {
        let mid = (low + high) / 2;
        match key_at(mid).cmp(&key) {
            std::cmp::Ordering::Less => low = mid + 1,
            std::cmp::Ordering::Greater => high = mid,
            std::cmp::Ordering::Equal => {
                let score = i32::from(BOOK[mid * ENTRY + 8] as i8);
                let column = usize::from(BOOK[mid * ENTRY + 9]);
                return Some((score, column));
            }
        }
    }
    None
}

/// A best column of `p` and its exact score, if the book has `p`.
#[must_use]
pub fn lookup(p: &Position) -> Option<(usize, i32)> {
    let (key, mirrored) = p.canonical_key();
    let (score, column) = find(key)?;
    Some((if mirrored { 6 - column } else { column }, score))
}

/// The exact score of `p`, if the book has it.
#[must_use]
pub fn score(p: &Position) -> Option<i32> {
    find(p.canonical_key().0).map(|(score, _)| score)
}

/// How many positions the book holds.
#[must_use]
pub fn len() -> usize {
    BOOK.len() / ENTRY
}

/// Solves every position level 5 meets before `depth` plies (see the module
/// documentation) with a table of `2^table_bits` entries; `progress` hears of each
/// position solved (how many so far). Returns the book's bytes.
pub fn generate(depth: u32, table_bits: u32, mut progress: impl FnMut(usize)) -> Vec<u8> {
    let mut table = Table::new(table_bits);
    let mut entries: BTreeMap<u64, (i8, u8)> = BTreeMap::new();
    for own_parity in [0, 1] {
        let mut stack = vec![Position::START];
        while let Some(p) = stack.pop() {
            if p.plies() >= depth || p.can_win_now() || p.safe_moves() == 0 {
                continue;
            }
            if p.plies() % 2 == own_parity {
                let (key, mirrored) = p.canonical_key();
                let column = if let Some(&(_, column)) = entries.get(&key) {
                    let column = usize::from(column);
                    if mirrored { 6 - column } else { column }
                } else {
                    let mut solver = Solver::new(&mut table);
                    let score = solver.solve(&p, false).expect("no limit");
                    let column = solver.best_column(&p, score, false).expect("no limit");
                    let stored = if mirrored { 6 - column } else { column };
                    entries.insert(key, (score as i8, stored as u8));
                    progress(entries.len());
                    column
                };
                stack.push(p.play_column(column));
            } else {
                for column in 0..7 {
                    if p.drop_slot(column) != 0 {
                        stack.push(p.play_column(column));
                    }
                }
            }
        }
    }
    let mut bytes = Vec::with_capacity(entries.len() * ENTRY);
    for (key, (score, column)) in entries {
        bytes.extend_from_slice(&key.to_le_bytes());
        bytes.push(score as u8);
        bytes.push(column);
    }
    bytes
}
