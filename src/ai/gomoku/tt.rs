//! The transposition table, shared lock-free by all search threads.
//!
//! Each entry is two atomic words, the key xor-ed with the data and the data, so a
//! torn write from two threads fails the key check instead of handing back a mix.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use bytemuck::Zeroable;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The true value is at most the score.
    Upper = 1,
    /// The true value is at least the score.
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hit {
    /// Best move found there, as a grid index.
    pub mv: Option<usize>,
    /// Score, already adjusted to the probing ply for wins and losses.
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

const NO_MOVE: u64 = 0xFFFF;
const BYTES_PER_ENTRY: usize = 16;
const MIN_ENTRIES: usize = 1 << 10;

/// Score above which a value means a forced win; stored relative to the node.
const MATE_ZONE: i32 = super::eval::WIN - 1000;

#[derive(Zeroable)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// Asks Linux to back `entries` with 2 MiB pages where it can (the whole 2 MiB pages
/// inside it): a probe lands anywhere in the table, and with 4 KiB pages most probes
/// of a large table also miss the processor's cache of page addresses (the TLB).
/// With one 128 MiB table kept from search to search, as pbrain-tabletop and the
/// game keep theirs, the same trees to depths 10 and 11 on the lab's 16 middle games
/// took 3.69 s against 4.13-4.22 s, and the whole run 8% less time (farm-bench,
/// five runs each, median). The benchmark's fixed-depth searches, each in a fresh
/// 64 MiB table, took 5-15% less time. Only advice: where the system has no huge
/// pages to give, the table is as before. A first touch zeroes 2 MiB rather than
/// 4 KiB and the advice is a system call, which the smallest searches pay for: the
/// benchmark's VCF puzzles, won at the root by a fresh engine each, took 47 µs
/// against 43 µs.
#[cfg(target_os = "linux")]
fn advise_huge_pages(entries: &[Entry]) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = entries.as_ptr() as usize;
    let end = start + std::mem::size_of_val(entries);
    let from = start.next_multiple_of(HUGE_PAGE);
    let to = end / HUGE_PAGE * HUGE_PAGE;
    if to > from {
        // SAFETY: the range lies inside the table's own allocation, and the advice
        // changes only how its pages are backed, never what they hold. A refusal
        // (an old kernel, huge pages switched off) is harmless, so its result is not
        // looked at.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

/// Elsewhere the table keeps the system's pages.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_entries: &[Entry]) {}

/// A fixed-size hash table of search results, one entry a slot, replaced by a
/// newer search, a deeper or as deep result, or an exact one. (Buckets of four
/// entries to a 64-byte line, replacing the position's own entry, else an empty
/// one, else one of an older search, else the shallowest, measured no gain: nodes
/// to depths 6-12 within 0.94-1.06 of this table's on 40 self-play positions at
/// 1000 and 500 ms, and on 65 positions of five games in order at 500 ms.)
pub(super) struct Tt {
    entries: Box<[Entry]>,
    generation: AtomicU64,
}

impl Tt {
    /// The largest power-of-two table that fits in `bytes`.
    pub(super) fn new(bytes: usize) -> Self {
        let wanted = (bytes / BYTES_PER_ENTRY).max(MIN_ENTRIES);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        // Zeroed, so the system's fresh pages serve as they are (an empty entry is
        // all zero), paid for a page at a time as the search reaches them.
        let entries: Box<[Entry]> = bytemuck::allocation::zeroed_slice_box(len);
        advise_huge_pages(&entries);
        Self {
            entries,
            generation: AtomicU64::new(0),
        }
    }

    /// Bytes the table occupies.
    pub(super) fn bytes(&self) -> usize {
        self.entries.len() * BYTES_PER_ENTRY
    }

    /// Marks the start of a new search, so that older entries give way first.
    pub(super) fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn slot(&self, hash: u64) -> &Entry {
        &self.entries[(hash as usize) & (self.entries.len() - 1)]
    }

    /// Asks the processor to bring `hash`'s entry into its cache, so that the probe
    /// which follows a little later (the search calls this before it makes a move,
    /// and probes once the move is made) need not wait on memory: a probe lands
    /// anywhere in a table far larger than the caches, and waiting on it was a fifth
    /// of the search's time.
    #[inline]
    pub(super) fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let entry = std::ptr::from_ref(self.slot(hash)).cast::<i8>();
            // SAFETY: SSE, the feature `_mm_prefetch` needs, is part of every x86-64
            // processor, and a prefetch only hints the cache: it reads nothing into
            // the program and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(entry) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    pub(super) fn probe(&self, hash: u64, ply: i32) -> Option<Hit> {
        let entry = self.slot(hash);
        let data = entry.data.load(Relaxed);
        if data == 0 || entry.check.load(Relaxed) ^ data != hash {
            return None;
        }
        let mv = data & 0xFFFF;
        let bound = match (data >> 40) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        Some(Hit {
            mv: (mv != NO_MOVE).then_some(mv as usize),
            score: from_tt(i32::from((data >> 16) as u16 as i16), ply),
            depth: i32::from((data >> 32) as u8),
            bound,
        })
    }

    pub(super) fn store(
        &self,
        hash: u64,
        mv: Option<usize>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: i32,
    ) {
        let entry = self.slot(hash);
        let generation = self.generation.load(Relaxed) & 0xFF;
        let old = entry.data.load(Relaxed);
        let same = entry.check.load(Relaxed) ^ old == hash;
        let old_depth = ((old >> 32) & 0xFF) as i32;
        let old_generation = (old >> 48) & 0xFF;
        if same || old_generation != generation || depth >= old_depth || bound == Bound::Exact {
            let mv = match mv {
                Some(m) => m as u64,
                None if same => old & 0xFFFF,
                None => NO_MOVE,
            };
            let data = mv
                | (u64::from(to_tt(score, ply) as i16 as u16) << 16)
                | (u64::from(depth.clamp(0, 255) as u8) << 32)
                | ((bound as u64) << 40)
                | (generation << 48);
            entry.check.store(hash ^ data, Relaxed);
            entry.data.store(data, Relaxed);
        }
    }
}

/// Wins and losses are stored as distances from the node, not from the root.
fn to_tt(score: i32, ply: i32) -> i32 {
    if score > MATE_ZONE {
        score + ply
    } else if score < -MATE_ZONE {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score > MATE_ZONE {
        score - ply
    } else if score < -MATE_ZONE {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let tt = Tt::new(1 << 20);
        assert_eq!(tt.bytes(), 1 << 20);
        tt.store(12345, Some(77), -150, 6, Bound::Lower, 3);
        let hit = tt.probe(12345, 3).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth), (Some(77), -150, 6));
        assert_eq!(hit.bound, Bound::Lower);
        assert!(tt.probe(12345 + (1 << 40), 3).is_none());
    }

    #[test]
    fn wins_are_stored_relative_to_the_node() {
        let tt = Tt::new(1 << 16);
        let win_in_5_from_root = super::super::eval::WIN - 5;
        tt.store(9, None, win_in_5_from_root, 4, Bound::Exact, 2);
        let hit = tt.probe(9, 4).unwrap();
        assert_eq!(hit.score, win_in_5_from_root - 2);
        assert_eq!(hit.mv, None);
    }

    #[test]
    fn honours_the_memory_limit() {
        for bytes in [100_000, 1 << 20, 3 << 20] {
            assert!(Tt::new(bytes).bytes() <= bytes.max(MIN_ENTRIES * BYTES_PER_ENTRY));
        }
    }
}
