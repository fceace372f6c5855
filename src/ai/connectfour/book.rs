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
pub const DEPTH: u32 = 9;

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

/// One entry of the book: a position's canonical key, its exact score and its best
/// column in the canonical orientation.
pub type Entry = (u64, i8, u8);

/// Solves every position level 5 meets before `depth` plies (see the module
/// documentation) with a table of `2^table_bits` entries, ply by ply (so that a
/// run cut short still leaves a book complete to some ply), handing each entry to
/// `found` as it is solved.
pub fn generate(depth: u32, table_bits: u32, mut found: impl FnMut(Entry)) {
    let mut table = Table::new(table_bits);
    let mut known: BTreeMap<u64, (i8, u8)> = BTreeMap::new();
    // The positions of this ply, with the side level 5 plays in them (0: first).
    let mut layer: Vec<(Position, u32)> = vec![(Position::START, 0), (Position::START, 1)];
    for _ in 0..depth {
        let mut next = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (p, own) in layer {
            if p.can_win_now() || p.safe_moves() == 0 {
                continue;
            }
            if p.plies() % 2 == own {
                let (key, mirrored) = p.canonical_key();
                let (_, stored) = *known.entry(key).or_insert_with(|| {
                    let mut solver = Solver::new(&mut table);
                    let score = solver.solve(&p, false).expect("no limit");
                    let column = solver.best_column(&p, score, false).expect("no limit");
                    let stored = if mirrored { 6 - column } else { column } as u8;
                    found((key, score as i8, stored));
                    (score as i8, stored)
                });
                let column = usize::from(stored);
                let child = p.play_column(if mirrored { 6 - column } else { column });
                if seen.insert((child.canonical_key().0, own)) {
                    next.push((child, own));
                }
            } else {
                for column in 0..7 {
                    if p.drop_slot(column) != 0 {
                        let child = p.play_column(column);
                        if seen.insert((child.canonical_key().0, own)) {
                            next.push((child, own));
                        }
                    }
                }
            }
        }
        layer = next;
    }
}

/// The book's bytes from its entries: sorted by key, one entry per key.
#[must_use]
pub fn to_bytes(entries: &[Entry]) -> Vec<u8> {
    let sorted: BTreeMap<u64, (i8, u8)> = entries
        .iter()
        .map(|&(key, score, column)| (key, (score, column)))
        .collect();
    let mut bytes = Vec::with_capacity(sorted.len() * ENTRY);
    for (key, (score, column)) in sorted {
        bytes.extend_from_slice(&key.to_le_bytes());
        bytes.push(score as u8);
        bytes.push(column);
    }
    bytes
}

/// Entries from book bytes (sorted or not), for a run's partial output.
#[must_use]
pub fn from_bytes(bytes: &[u8]) -> Vec<Entry> {
    bytes
        .chunks_exact(ENTRY)
        .map(|e| {
            let key = u64::from_le_bytes(e[..8].try_into().expect("8 bytes"));
            (key, e[8] as i8, e[9])
        })
        .collect()
}
