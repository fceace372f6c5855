//! The search board: stones on a padded grid, every line of it as one word, and for
//! every point its line patterns, threats and values, all updated on each make and
//! unmake.
//!
//! A stone changes one word on each of its four lines and the patterns of at most ten
//! points on each, so a move touches 40 points and one table look-up for each (one
//! per colour where a side wins with exactly five), its key read from the line's
//! word; nothing is ever rescanned. Taking
//! a move back looks nothing up: the move kept what it changed, and that is put back.

use super::eval::sets::{Set, Weights};
use super::pattern::{
    self, BLACK, Codes, Combined, EMPTY, HALF, Line, THREATS, Threat, WALL, WHITE, swap_colours,
};
use crate::rules::gomoku::{BoardSize, Gomoku, MAX_SIDE, Point, Rule};

/// Row length of the padded grid: the widest board plus a wall of `HALF` on each side.
pub(super) const STRIDE: usize = 32;
/// Points in the padded grid.
pub(super) const CELLS: usize = STRIDE * (MAX_SIDE as usize + 2 * HALF);
/// Index steps of the four line directions: across, up, up-right, down-right.
const DIRECTIONS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, 1 - STRIDE as isize];
/// Lines of each direction in the padded grid, each held as one word
/// ([`Board::line_at`]).
const LINES: usize = 2 * STRIDE;
/// The bits of a key's cells on one side of its point.
const SIDE_MASK: u64 = (1 << (2 * HALF)) - 1;
/// How far from a stone empty points become candidate moves.
const NEAR: isize = 2;
/// Words of a set of grid points, a bit for each (the stones, the empty points).
const WORDS: usize = CELLS.div_ceil(64);

/// Black is side 0, White side 1, as [`crate::rules::Player::index`].
pub(super) type Side = usize;

/// Random keys for Zobrist hashing, fixed so that hashes are the same on every run.
/// Hashed in while the side to move has passed ([`Board::pass`]).
const PASS_KEY: u64 = 0x5DEE_CE66_D1CE_4E5B;

static ZOBRIST: [[u64; CELLS]; 2] = {
    let mut keys = [[0; CELLS]; 2];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut i = 0;
    while i < 2 * CELLS {
        // SplitMix64.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i % 2][i / 2] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

/// What a move of the history changed besides its points' patterns, as it was
/// before the move.
#[derive(Clone)]
struct Frame {
    /// Where the move's points start in [`Board`]'s `saved`.
    saved: usize,
    counts: [[u16; THREATS]; 2],
    totals: [i32; 2],
    totals_to_move: [i32; 2],
}

/// An empty point's patterns before a move changed them.
#[derive(Clone, Copy)]
struct Saved {
    q: u16,
    lines: [[Line; 4]; 2],
    codes: [u16; 2],
    threats: [Threat; 2],
    values: [i16; 2],
    values_to_move: [i16; 2],
}

/// A Gomoku position with its pattern state kept current.
#[derive(Clone)]
pub(super) struct Board {
    /// Both sides' lines by a key's inner cells, where both win with five or more
    /// ([`pattern::inner_table`]); else Black's and White's whole pattern tables,
    /// indexed by the keys as they are.
    inner: Option<&'static [[Line; 2]]>,
    tables: [&'static [Line]; 2],
    /// Black's and White's tables of combined lines by point code, and the steps of
    /// the four lines in a code ([`pattern::code_base`]).
    combined: [&'static [Combined]; 2],
    code_steps: [u16; 4],
    cells: [u8; CELLS],
    /// Every line of the grid in each direction as a word of two bits a cell
    /// ([`Board::line_at`]), walls and the grid's ends as [`WALL`]: a stone changes
    /// four words, and a point's key on a line is read from the line's word.
    words: [[u64; LINES]; 4],
    /// From here to `values_to_move`: what a stone of each side on a point would
    /// make. Current at the empty points only; an occupied point's are brought up to
    /// date when its stone is taken back ([`Board::unmake`]).
    lines: [[[Line; 4]; 2]; CELLS],
    /// Each point's four lines as one code per side ([`pattern::CODES`]).
    codes: [[u16; 2]; CELLS],
    threats: [[Threat; 2]; CELLS],
    values: [[i16; 2]; CELLS],
    /// Sum of `values` over the empty points, per side.
    totals: [i32; 2],
    /// Each point's value to a side when that side is to move, and their sum over
    /// the empty points.
    values_to_move: [[i16; 2]; CELLS],
    totals_to_move: [i32; 2],
    /// Empty points holding each threat, per side.
    counts: [[u16; THREATS]; 2],
    /// The stones and the empty points of the board, a bit for each grid point: the
    /// candidate moves are worked out from them ([`Board::candidates`]).
    stone_bits: [u64; WORDS],
    empty_bits: [u64; WORDS],
    hash: u64,
    history: Vec<usize>,
    /// Stones set up before the history (a set-up position), which are never taken
    /// back.
    setup: usize,
    /// The side to move before the first move of the history.
    first: Side,
    /// One frame per move of the history: what [`Board::unmake`] restores.
    frames: Vec<Frame>,
    /// The empty points whose patterns the moves of the history changed, as they
    /// were before; each frame owns those from its `saved` on.
    saved: Vec<Saved>,
    /// Every on-board point, bottom row first.
    points: Vec<usize>,
    /// How far along a line a stone changes the other points' patterns: `HALF`, or
    /// one less when both sides win with five or more, whose patterns never look at
    /// the cells five away (a five through a point lies within four of it).
    reach: isize,
    /// Black has forbidden points (renju), so its threats may be false ones.
    fouls: bool,
    /// The evaluation's weights for the rule.
    weights: &'static Weights,
}

impl Board {
    /// An empty board.
    pub(super) fn new(size: BoardSize, rule: Rule) -> Self {
        let five_or_more = rule.wins(true, 6) && rule.wins(false, 6);
        let (inner, tables) = if five_or_more {
            // (The whole tables are never read then.)
            (Some(pattern::inner_table()), [&[][..]; 2])
        } else {
            (None, pattern::tables(rule))
        };
        let codes = [Codes::of(rule, true), Codes::of(rule, false)];
        let base = pattern::code_base(five_or_more);
        debug_assert!(codes.iter().all(|c| c.base() == base));
        let mut board = Self {
            tables,
            inner,
            combined: codes.map(pattern::combined),
            weights: Set::of(rule).weights(),
            code_steps: pattern::code_steps(base),
            cells: [WALL; CELLS],
            words: [[u64::MAX; LINES]; 4],
            lines: [[[Line::None; 4]; 2]; CELLS],
            codes: [[0; 2]; CELLS],
            threats: [[Threat::None; 2]; CELLS],
            values: [[0; 2]; CELLS],
            totals: [0; 2],
            values_to_move: [[0; 2]; CELLS],
            totals_to_move: [0; 2],
            counts: [[0; THREATS]; 2],
            stone_bits: [0; WORDS],
            empty_bits: [0; WORDS],
            hash: 0,
            history: Vec::with_capacity(size.area()),
            setup: 0,
            first: 0,
            frames: Vec::with_capacity(size.area()),
            saved: Vec::new(),
            points: size.points().map(Self::index).collect(),
            reach: if five_or_more {
                HALF as isize - 1
            } else {
                HALF as isize
            },
            fouls: rule.has_fouls(),
        };
        for i in 0..board.points.len() {
            let p = board.points[i];
            board.cells[p] = EMPTY;
            board.empty_bits[p / 64] |= 1 << (p % 64);
            for d in 0..4 {
                let (line, pos) = Self::line_at(p, d);
                board.words[d][line] &= !(3 << (2 * pos));
            }
        }
        // Every point starts as an empty point worth nothing; `refresh_patterns` then
        // moves each to its real threat and value.
        board.counts = [[0; THREATS]; 2].map(|mut c| {
            c[Threat::None as usize] = board.points.len() as u16;
            c
        });
        for i in 0..board.points.len() {
            let p = board.points[i];
            for d in 0..4 {
                let (line, pos) = Self::line_at(p, d);
                board.refresh_patterns(p, d, key_at(board.words[d][line], pos), false);
            }
        }
        board
    }

    /// The position of `game`: its set-up stones, then its moves replayed in order.
    pub(super) fn from_game(game: &Gomoku) -> Self {
        let mut board = Self::new(game.size(), game.rule());
        for &(p, owner) in game.setup() {
            board.place(Self::index(p), owner.index(), false);
            board.setup += 1;
        }
        board.first = game.first_to_move().index();
        // The same stones with the other side to move are another position (a set-up
        // position from a GUI may give either side the move): the hash tells them
        // apart as it does a pass.
        if board.first == 1 {
            board.hash ^= PASS_KEY;
        }
        for &p in game.moves() {
            board.make(Self::index(p));
        }
        board
    }

    /// Grid index of an on-board point.
    #[must_use]
    pub(super) fn index(p: Point) -> usize {
        (usize::from(p.y) + HALF) * STRIDE + usize::from(p.x) + HALF
    }

    /// The point at grid index `i`.
    #[must_use]
    pub(super) fn point(i: usize) -> Point {
        Point::new((i % STRIDE - HALF) as u8, (i / STRIDE - HALF) as u8)
    }

    /// The line through `a` and `b` (its index among the four directions) when `b`
    /// lies within a pattern's window of `a` on it, `HALF` points at most.
    pub(super) fn line_through(a: usize, b: usize) -> Option<usize> {
        let diff = b as isize - a as isize;
        DIRECTIONS
            .iter()
            .position(|&step| diff != 0 && diff % step == 0 && (diff / step).abs() <= HALF as isize)
    }

    /// The evaluation's weights for the board's rule.
    pub(super) fn weights(&self) -> &'static Weights {
        self.weights
    }

    /// Whether Black has forbidden points (renju).
    pub(super) fn has_fouls(&self) -> bool {
        self.fouls
    }

    /// The side to move.
    pub(super) fn side(&self) -> Side {
        (self.history.len() + self.first) % 2
    }

    /// Whether grid index `i` is an empty point of the board.
    pub(super) fn is_empty_at(&self, i: usize) -> bool {
        self.cells.get(i) == Some(&EMPTY)
    }

    /// Hands the move to the other side without a stone (a null move), to ask what
    /// the opponent threatens; a second call takes it back. The hash tells the two
    /// apart.
    pub(super) fn pass(&mut self) {
        self.first ^= 1;
        self.hash ^= PASS_KEY;
    }

    pub(super) fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash the position will have once the side to move plays on `i`.
    pub(super) fn hash_after(&self, i: usize) -> u64 {
        self.hash ^ ZOBRIST[self.side()][i]
    }

    pub(super) fn is_full(&self) -> bool {
        self.setup + self.history.len() == self.points.len()
    }

    /// What a stone of `side` on the empty point `i` would make.
    pub(super) fn threat(&self, i: usize, side: Side) -> Threat {
        self.threats[i][side]
    }

    /// What a stone of `side` on the empty point `i` would make along each of its four
    /// lines.
    pub(super) fn lines(&self, i: usize, side: Side) -> [Line; 4] {
        self.lines[i][side]
    }

    /// What the empty point `i` is worth to `side`.
    pub(super) fn value(&self, i: usize, side: Side) -> i32 {
        i32::from(self.values[i][side])
    }

    /// Sum of the values of all empty points for `side` when it is to move.
    pub(super) fn total_to_move(&self, side: Side) -> i32 {
        self.totals_to_move[side]
    }

    /// Sum of the values of all empty points for `side`.
    pub(super) fn total(&self, side: Side) -> i32 {
        self.totals[side]
    }

    /// Empty points where `side` would make `threat`.
    pub(super) fn count(&self, side: Side, threat: Threat) -> u16 {
        self.counts[side][threat as usize]
    }

    /// Empty points where `side` would make at least a four of some kind, short of five.
    pub(super) fn count_fours(&self, side: Side) -> u16 {
        self.counts[side][Threat::Block4 as usize..Threat::Five as usize]
            .iter()
            .sum()
    }

    /// Empty points within reach of a stone: the only moves worth searching.
    ///
    /// (Worked out from the bits of the stones and of the empty points, a word of
    /// them at a time, not by a look at every point: the moves come in the same
    /// order, bottom row first.)
    pub(super) fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        (0..WORDS)
            .map(|word| (word, self.candidate_word(word)))
            .flat_map(|(word, bits)| {
                let mut bits = bits;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let bit = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        word * 64 + bit
                    })
                })
            })
    }

    /// The last move of the history, if any.
    pub(super) fn last_move(&self) -> Option<usize> {
        self.history.last().copied()
    }

    /// Whether `i` is one of [`Board::candidates`].
    pub(super) fn is_candidate(&self, i: usize) -> bool {
        i < CELLS && self.candidate_word(i / 64) >> (i % 64) & 1 == 1
    }

    /// The candidate moves among word `word`'s points: the empty ones with a stone
    /// within `NEAR` (two points) across, up or both. A word holds two rows of the
    /// grid, so the stones of its own word and the next and previous ones are all
    /// that count; a stone's bits spread along its row run into the walls (at least
    /// `HALF` wide), never onto the board.
    #[inline]
    fn candidate_word(&self, word: usize) -> u64 {
        const _: () = assert!(NEAR == 2 && STRIDE == 32 && HALF >= 2);
        let across = |w: usize| {
            let s = self.stone_bits.get(w).copied().unwrap_or(0);
            s | s << 1 | s << 2 | s >> 1 | s >> 2
        };
        let (before, here, after) = (across(word.wrapping_sub(1)), across(word), across(word + 1));
        // Rows 2w and 2w + 1: the two rows before them are `before`'s, the two after
        // `after`'s, a half word apart.
        let near = before | before >> 32 | here | here << 32 | here >> 32 | after | after << 32;
        near & self.empty_bits[word]
    }

    /// Every empty point.
    pub(super) fn empties(&self) -> impl Iterator<Item = usize> + '_ {
        self.points
            .iter()
            .copied()
            .filter(|&i| self.cells[i] == EMPTY)
    }

    /// An empty point where `side` has `threat`, if any.
    pub(super) fn find(&self, side: Side, threat: Threat) -> Option<usize> {
        if self.count(side, threat) == 0 {
            return None;
        }
        self.empties().find(|&i| self.threats[i][side] == threat)
    }

    /// The first two empty points on the four lines through `i` (within a five's
    /// reach) where `side` would make five: after a four on `i`, the points that must
    /// be blocked (two: it cannot be).
    pub(super) fn fives_around(&self, i: usize, side: Side) -> [Option<usize>; 2] {
        let mut found = [None; 2];
        let mut n = 0;
        for &step in &DIRECTIONS {
            for k in (-4..=4isize).filter(|&k| k != 0) {
                let q = (i as isize + k * step) as usize;
                if self.cells[q] == EMPTY && self.threats[q][side] == Threat::Five {
                    found[n] = Some(q);
                    n += 1;
                    if n == 2 {
                        return found;
                    }
                }
            }
        }
        found
    }

    /// Puts a stone of the side to move on the empty point `i`.
    pub(super) fn make(&mut self, i: usize) {
        self.frames.push(Frame {
            saved: self.saved.len(),
            counts: self.counts,
            totals: self.totals,
            totals_to_move: self.totals_to_move,
        });
        self.place(i, self.side(), true);
        self.history.push(i);
    }

    /// Puts a stone of `side` on the empty point `i`; `record`: keeps what it changes
    /// for [`Board::unmake`].
    fn place(&mut self, i: usize, side: Side, record: bool) {
        debug_assert_eq!(self.cells[i], EMPTY);
        for s in 0..2 {
            self.counts[s][self.threats[i][s] as usize] -= 1;
            self.totals[s] -= i32::from(self.values[i][s]);
            self.totals_to_move[s] -= i32::from(self.values_to_move[i][s]);
        }
        let code = if side == 0 { BLACK } else { WHITE };
        self.cells[i] = code;
        self.hash ^= ZOBRIST[side][i];
        // Every line through the point gets the stone in its word, and the empty
        // points within reach on it their new patterns. An occupied point's patterns
        // are only needed again once it is empty, and then they are those it had
        // when its stone went on (the stones around it are as they were then).
        for (d, &step) in DIRECTIONS.iter().enumerate() {
            let (line, pos) = Self::line_at(i, d);
            let word = self.words[d][line] | u64::from(code) << (2 * pos);
            self.words[d][line] = word;
            for k in 1..=self.reach {
                for sign in [-1, 1] {
                    let at = (pos as isize + sign * k) as u32;
                    if (word >> (2 * at)) & 3 == u64::from(EMPTY) {
                        let q = (i as isize + sign * k * step) as usize;
                        self.refresh_patterns(q, d, key_at(word, at), record);
                    }
                }
            }
        }
        self.stone_bits[i / 64] |= 1 << (i % 64);
        self.empty_bits[i / 64] &= !(1 << (i % 64));
    }

    /// Takes back the last move: its stone leaves the line words and the bits, and
    /// the points it changed get back what they had, with the counts and totals,
    /// from the move's frame; nothing is looked up again. The stone's own point kept the patterns it had
    /// when the stone went on, which are right again now.
    pub(super) fn unmake(&mut self) {
        let i = self.history.pop().expect("unmake on an empty history");
        let frame = self.frames.pop().expect("a frame for every move");
        let side = self.side();
        self.cells[i] = EMPTY;
        self.hash ^= ZOBRIST[side][i];
        for d in 0..4 {
            let (line, pos) = Self::line_at(i, d);
            self.words[d][line] &= !(3 << (2 * pos));
        }
        self.stone_bits[i / 64] &= !(1 << (i % 64));
        self.empty_bits[i / 64] |= 1 << (i % 64);
        for s in self.saved.drain(frame.saved..) {
            let q = usize::from(s.q);
            self.lines[q] = s.lines;
            self.codes[q] = s.codes;
            self.threats[q] = s.threats;
            self.values[q] = s.values;
            self.values_to_move[q] = s.values_to_move;
        }
        self.counts = frame.counts;
        self.totals = frame.totals;
        self.totals_to_move = frame.totals_to_move;
    }

    /// The line through grid index `i` in direction `d` (its word's index) and `i`'s
    /// position on it: lines across by row, up by column, and the diagonals by the
    /// difference and the sum of column and row, each cell in a word at the column
    /// (across and the diagonals) or the row (up), so that a step along `d` is the
    /// next position. A word's 32 positions hold every column of the grid and its
    /// 30 rows; those off the grid stay walls.
    #[inline]
    fn line_at(i: usize, d: usize) -> (usize, u32) {
        let (x, y) = (i % STRIDE, i / STRIDE);
        match d {
            0 => (y, x as u32),
            1 => (x, y as u32),
            2 => (y + STRIDE - 1 - x, x as u32),
            _ => (x + y, x as u32),
        }
    }

    /// Recomputes the patterns of the empty point `q` after its key on line `d`
    /// changed to `key`, and the counts and totals they are in; `record`: first
    /// keeps what the point had, if anything changes.
    ///
    /// Where both sides win with five or more, both sides' lines are read at once
    /// from the 128 KiB table of a key's eight inner cells ([`pattern::inner_table`]),
    /// not the mebibyte one of each side. (Reading both at once took 1.9-3.5% less
    /// time to depths 8-12 than a look-up per side in a 64 KiB table of one side's
    /// lines, 3 runs each in turn on 30 self-play positions at 1000 ms, the engines
    /// built by scripts/build-engine.sh --native. That one-side inner table, tried
    /// once before, built the same trees and reached depths 10 and 12 about 4%
    /// sooner, but the criterion benches took 3-6% more time, in days when a 128 MiB
    /// transposition table filled the caches, and it was left out. With a table the
    /// size of the search's budget, built and run as above four times, both ways:
    /// the same trees, and 1.3-3.8% less time to depth 12 in three pairs, 0.5% more
    /// in the fourth, the depths 9 to 11 alike. Smaller still did not pay: a side's
    /// line read by the eight inner cells as trits (empty, its own stone, anything
    /// else), each byte of the key looked up as its share of the index, from 8.5 KiB
    /// in all, took 0-2% more time to depths 9 to 12 than the one-side table in two
    /// runs in turn, built alike: the look-ups saved cost what the extra ones added.)
    fn refresh_patterns(&mut self, q: usize, d: usize, key: u32, record: bool) {
        let lines = match self.inner {
            Some(inner) => inner[((key >> pattern::INNER_SHIFT) & pattern::INNER_MASK) as usize],
            None => [
                self.tables[0][key as usize],
                self.tables[1][swap_colours(key) as usize],
            ],
        };
        // The branches on what the look-ups return pay for themselves: most changes
        // leave a point's lines, or one side's, as they were, and then the table of
        // codes is not read. (Measured with ab runs, 3 each in turn on 30 self-play
        // positions at 1000 ms: writing every side's code, threat and values back
        // unread took 10-14% more time to depths 8-12, with this first test kept
        // 10-11% more; all the points' lines of a move looked up first and the
        // points brought up to date after, so that no branch stood between two
        // look-ups, 1-5% more. Nor did one struct per point in place of an array per
        // field pay, 2% less to 3% more in step with the nodes: as the profile's
        // busiest instructions are the look-ups of this table and of the codes',
        // the wait is the tables', not the board's.)
        if lines[0] == self.lines[q][0][d] && lines[1] == self.lines[q][1][d] {
            return;
        }
        if record {
            self.saved.push(Saved {
                q: q as u16,
                lines: self.lines[q],
                codes: self.codes[q],
                threats: self.threats[q],
                values: self.values[q],
                values_to_move: self.values_to_move[q],
            });
        }
        for (side, line) in lines.into_iter().enumerate() {
            let old = self.lines[q][side][d];
            if old == line {
                continue;
            }
            self.lines[q][side][d] = line;
            debug_assert!(self.code_steps[1] == 9 || line != Line::Overline);
            let step = self.code_steps[d];
            let code = self.codes[q][side] + line as u16 * step - old as u16 * step;
            self.codes[q][side] = code;
            let Combined {
                threat,
                value,
                value_to_move,
            } = self.combined[side][usize::from(code)];
            self.counts[side][self.threats[q][side] as usize] -= 1;
            self.counts[side][threat as usize] += 1;
            self.totals[side] += i32::from(value) - i32::from(self.values[q][side]);
            self.totals_to_move[side] +=
                i32::from(value_to_move) - i32::from(self.values_to_move[q][side]);
            self.threats[q][side] = threat;
            self.values[q][side] = value;
            self.values_to_move[q][side] = value_to_move;
        }
    }
}

/// The key of the point at position `pos` of a line's `word`: the cells `HALF` before
/// it, then the `HALF` after ([`pattern::slot`]'s order). The point lies at least
/// `HALF` from either end of the word (every on-board point does).
#[inline]
fn key_at(word: u64, pos: u32) -> u32 {
    let below = (word >> (2 * (pos - HALF as u32))) & SIDE_MASK;
    let above = (word >> (2 * (pos + 1))) & SIDE_MASK;
    (below | above << (2 * HALF)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng, rngs::StdRng};

    fn game(size: &str, rule: Rule, moves: &str) -> Gomoku {
        let size: BoardSize = size.parse().unwrap();
        let points = moves
            .split_whitespace()
            .map(|m| size.parse_point(m).unwrap());
        Gomoku::from_moves(size, rule, points).unwrap()
    }

    /// The incremental state after any sequence of makes and unmakes equals the state
    /// built from scratch.
    fn assert_same(a: &Board, b: &Board) {
        assert_eq!(a.hash, b.hash);
        assert_eq!(a.totals, b.totals);
        assert_eq!(a.totals_to_move, b.totals_to_move);
        assert_eq!(a.counts, b.counts);
        assert_eq!(a.words, b.words);
        assert_eq!(a.stone_bits, b.stone_bits);
        assert_eq!(a.empty_bits, b.empty_bits);
        // The candidates are the empty points with a stone within two points,
        // across, up or both, as a look at every point finds them.
        let scanned: Vec<usize> = (a.points.iter().copied())
            .filter(|&i| {
                let stone = |dx: isize, dy: isize| {
                    let q = (i as isize + dy * STRIDE as isize + dx) as usize;
                    a.cells[q] == BLACK || a.cells[q] == WHITE
                };
                a.cells[i] == EMPTY
                    && (-NEAR..=NEAR).any(|dy| (-NEAR..=NEAR).any(|dx| stone(dx, dy)))
            })
            .collect();
        assert_eq!(a.candidates().collect::<Vec<_>>(), scanned);
        for i in 0..CELLS {
            assert_eq!(a.is_candidate(i), scanned.contains(&i), "{i}");
        }
        for &p in &a.points {
            assert_eq!(a.cells[p], b.cells[p]);
            if a.cells[p] != EMPTY {
                continue;
            }
            assert_eq!(a.threats[p], b.threats[p]);
            assert_eq!(a.codes[p], b.codes[p]);
            assert_eq!(a.values[p], b.values[p]);
            assert_eq!(a.values_to_move[p], b.values_to_move[p]);
        }
    }

    /// Plays up to `n` random moves on `board` and `game` alike, until the game ends
    /// (its last move, ending it, is not made on the board).
    fn play_random(board: &mut Board, game: &mut Gomoku, rng: &mut StdRng, n: usize) {
        for _ in 0..n {
            let empties: Vec<usize> = board.empties().collect();
            let i = empties[rng.random_range(0..empties.len())];
            if game.play(Board::point(i)).is_err() || game.is_over() {
                break;
            }
            let expected = board.hash_after(i);
            board.make(i);
            assert_eq!(board.hash(), expected, "the hash foretold for a move");
        }
    }

    #[test]
    fn make_and_unmake_keep_the_state_exact() {
        let mut rng = StdRng::seed_from_u64(7);
        for (size, rule) in [("15x15", Rule::FreeStyle), ("10x17", Rule::Standard)] {
            let size: BoardSize = size.parse().unwrap();
            let mut board = Board::new(size, rule);
            let mut game = Gomoku::new(size, rule);
            play_random(&mut board, &mut game, &mut rng, 60);
            assert_same(&board, &Board::from_game(&game));
            // Half taken back, then other moves: the frames of the moves taken back
            // are gone, and those of the new ones restore the right state in turn.
            let kept = board.history.len() / 2;
            while board.history.len() > kept {
                board.unmake();
            }
            let mut replay = Gomoku::new(size, rule);
            for &i in &board.history {
                replay.play(Board::point(i)).unwrap();
            }
            assert_same(&board, &Board::from_game(&replay));
            play_random(&mut board, &mut replay, &mut rng, 20);
            assert_same(&board, &Board::from_game(&replay));
            let fresh = Board::new(size, rule);
            while !board.history.is_empty() {
                board.unmake();
            }
            assert_same(&board, &fresh);
        }
    }

    /// Every empty point's key on each line, read from the line's word, is the key
    /// of the cells around it on the grid, cell by cell.
    #[test]
    fn keys_read_from_words_are_the_cells_around() {
        let mut rng = StdRng::seed_from_u64(11);
        for size in ["15x15", "20x20", "10x17"] {
            let size: BoardSize = size.parse().unwrap();
            let mut board = Board::new(size, Rule::FreeStyle);
            let mut game = Gomoku::new(size, Rule::FreeStyle);
            play_random(&mut board, &mut game, &mut rng, 40);
            for i in board.empties() {
                for (d, &step) in DIRECTIONS.iter().enumerate() {
                    let mut expected = 0;
                    for offset in (-(HALF as i32)..=HALF as i32).filter(|&o| o != 0) {
                        let cell = board.cells[(i as isize + offset as isize * step) as usize];
                        expected |= u32::from(cell) << (2 * pattern::slot(offset));
                    }
                    let (line, pos) = Board::line_at(i, d);
                    assert_eq!(key_at(board.words[d][line], pos), expected, "{i} {d}");
                }
            }
        }
    }

    #[test]
    fn sees_fours_and_fives() {
        // Black: h8 i8 j8 k8 with an open end on each side.
        let g = game("15x15", Rule::FreeStyle, "h8 h1 i8 i1 j8 j1 k8");
        let b = Board::from_game(&g);
        assert_eq!(b.count(0, Threat::Five), 2);
        let five = Board::index(g.size().parse_point("l8").unwrap());
        assert_eq!(b.threat(five, 0), Threat::Five);
        assert_eq!(
            b.fives_around(Board::index(Point::new(10, 7)), 0),
            [Some(Board::index(Point::new(6, 7))), Some(five)]
        );
    }

    #[test]
    fn points_map_both_ways() {
        for p in BoardSize::new(20, 20).unwrap().points() {
            assert_eq!(Board::point(Board::index(p)), p);
        }
    }
}
