//! Renju's forbidden points: where Black may not play.
//!
//! Under [`super::Rule::Renju`] Black wins only with exactly five, and a black stone
//! that makes no five is forbidden when it makes an overline (six or more in a row), two
//! fours at once (a double four, also two on one line) or two real threes at once (a
//! double three). A three is real when one more stone makes it a straight four (four in a
//! row with both ends open to an exact five) and that stone is not itself forbidden: the
//! definition is recursive, and so is [`Grid::foul`]. White has no forbidden points.
//!
//! The checker works on its own small grid, which the rules and the engine each build
//! from their boards, because the recursion places and lifts stones.

use std::fmt;

/// Why a point is forbidden for Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two fours at once.
    DoubleFour,
    /// Two real threes at once.
    DoubleThree,
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::Overline => "an overline",
            Foul::DoubleFour => "a double four",
            Foul::DoubleThree => "a double three",
        })
    }
}

/// A cell of the grid.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;

/// The four line directions.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A board for the forbidden-point check: `width` x `height` cells, 0 empty, 1 black,
/// 2 white, bottom row first.
#[derive(Clone, Debug)]
pub struct Grid {
    width: i32,
    height: i32,
    cells: Vec<u8>,
}

impl Grid {
    /// A grid whose cell `(x, y)` is `cell(x, y)`: `Some(true)` black, `Some(false)`
    /// white, `None` empty.
    pub fn from_fn(width: u8, height: u8, cell: impl Fn(u8, u8) -> Option<bool>) -> Self {
        let mut cells = Vec::with_capacity(usize::from(width) * usize::from(height));
        for y in 0..height {
            for x in 0..width {
                cells.push(match cell(x, y) {
                    None => EMPTY,
                    Some(true) => BLACK,
                    Some(false) => 2,
                });
            }
        }
        Self {
            width: i32::from(width),
            height: i32::from(height),
            cells,
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<u8> {
        (0..self.width)
            .contains(&x)
            .then_some(())
            .filter(|()| (0..self.height).contains(&y))
            .map(|()| self.cells[(y * self.width + x) as usize])
    }

    fn set(&mut self, x: i32, y: i32, cell: u8) {
        self.cells[(y * self.width + x) as usize] = cell;
    }

    fn is_black(&self, x: i32, y: i32) -> bool {
        self.at(x, y) == Some(BLACK)
    }

    fn is_empty(&self, x: i32, y: i32) -> bool {
        self.at(x, y) == Some(EMPTY)
    }

    /// Why a black stone on the empty point `(x, y)` would be forbidden, if it would.
    /// A stone that makes an exact five is never forbidden: the five wins.
    pub fn foul(&mut self, x: u8, y: u8) -> Option<Foul> {
        let (x, y) = (i32::from(x), i32::from(y));
        if !self.is_empty(x, y) {
            return None;
        }
        self.set(x, y, BLACK);
        let foul = self.foul_of_stone(x, y);
        self.set(x, y, EMPTY);
        foul
    }

    /// The foul of the black stone just placed on `(x, y)`.
    fn foul_of_stone(&mut self, x: i32, y: i32) -> Option<Foul> {
        let runs = DIRECTIONS.map(|(dx, dy)| self.run(x, y, dx, dy));
        if runs.iter().any(|&(back, forward)| back + forward + 1 == 5) {
            return None;
        }
        if runs.iter().any(|&(back, forward)| back + forward + 1 > 5) {
            return Some(Foul::Overline);
        }
        let fours: usize = DIRECTIONS
            .iter()
            .map(|&(dx, dy)| self.fours(x, y, dx, dy))
            .sum();
        if fours >= 2 {
            return Some(Foul::DoubleFour);
        }
        let threes = DIRECTIONS
            .iter()
            .filter(|&&(dx, dy)| self.is_real_three(x, y, dx, dy))
            .count();
        (threes >= 2).then_some(Foul::DoubleThree)
    }

    /// Black stones in a row from `(x, y)` (not counted) backwards and forwards.
    fn run(&self, x: i32, y: i32, dx: i32, dy: i32) -> (i32, i32) {
        let count = |sign: i32| {
            (1..)
                .take_while(|&k| self.is_black(x + sign * k * dx, y + sign * k * dy))
                .count() as i32
        };
        (count(-1), count(1))
    }

    /// Whether one more black stone on the empty `(qx, qy)` makes exactly five along
    /// the line, in a row that includes the offset `must` (in steps from `q`); if so,
    /// the row's other four stones as a bit set of offsets from `origin`.
    fn five_through(
        &self,
        (qx, qy): (i32, i32),
        (dx, dy): (i32, i32),
        offset_of_q: i32,
    ) -> Option<u32> {
        let (back, forward) = self.run(qx, qy, dx, dy);
        if back + forward + 1 != 5 || !(-back..=forward).contains(&-offset_of_q) {
            return None;
        }
        // Stones at offsets (from the origin) offset_of_q - back ..= offset_of_q + forward,
        // except q itself; offsets lie in -5..=5, shifted to bits 0..=10.
        Some(
            (offset_of_q - back..=offset_of_q + forward)
                .filter(|&k| k != offset_of_q)
                .fold(0, |bits, k| bits | 1 << (k + 5)),
        )
    }

    /// How many fours the black stone on `(x, y)` is part of along one line: one for a
    /// four with one or two five-points (a straight four), two for two fours on one
    /// line (such as `x.xxx.x` with the stone in the middle three).
    fn fours(&self, x: i32, y: i32, dx: i32, dy: i32) -> usize {
        let mut seen: [u32; 2] = [0; 2];
        let mut count = 0;
        for k in -4..=4 {
            let (qx, qy) = (x + k * dx, y + k * dy);
            if k == 0 || !self.is_empty(qx, qy) {
                continue;
            }
            if let Some(stones) = self.five_through((qx, qy), (dx, dy), k)
                && !seen[..count].contains(&stones)
            {
                if count == 2 {
                    break;
                }
                seen[count] = stones;
                count += 1;
            }
        }
        count
    }

    /// Whether the black stone on `(x, y)` makes a real three along one line: some
    /// empty point of the line makes, with it, a straight four, and is not forbidden.
    fn is_real_three(&mut self, x: i32, y: i32, dx: i32, dy: i32) -> bool {
        for k in -4..=4 {
            let (qx, qy) = (x + k * dx, y + k * dy);
            if k == 0 || !self.is_empty(qx, qy) {
                continue;
            }
            self.set(qx, qy, BLACK);
            let straight = self.is_straight_four(qx, qy, dx, dy, (x, y));
            let real = straight && self.foul_of_stone(qx, qy).is_none();
            self.set(qx, qy, EMPTY);
            if real {
                return true;
            }
        }
        false
    }

    /// Whether the black stone on `(x, y)` stands in four in a row (including
    /// `must`) whose two ends are both empty and both make exactly five.
    fn is_straight_four(&self, x: i32, y: i32, dx: i32, dy: i32, must: (i32, i32)) -> bool {
        let (back, forward) = self.run(x, y, dx, dy);
        if back + forward + 1 != 4 {
            return false;
        }
        let on_run = (-back..=forward).any(|k| (x + k * dx, y + k * dy) == must);
        let end_makes_five = |k: i32| {
            let (ex, ey) = (x + k * dx, y + k * dy);
            // The end is empty and the stone beyond it is not black (else six).
            self.is_empty(ex, ey) && !self.is_black(ex + k.signum() * dx, ey + k.signum() * dy)
        };
        on_run && end_makes_five(-back - 1) && end_makes_five(forward + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 15x15 grid from black and white points in notation (`h8`).
    fn grid(black: &str, white: &str) -> Grid {
        let parse = |s: &str| -> Vec<(u8, u8)> {
            s.split_whitespace()
                .map(|m| {
                    let x = m.as_bytes()[0] - b'a';
                    let y: u8 = m[1..].parse().unwrap();
                    (x, y - 1)
                })
                .collect()
        };
        let (b, w) = (parse(black), parse(white));
        Grid::from_fn(15, 15, |x, y| {
            if b.contains(&(x, y)) {
                Some(true)
            } else if w.contains(&(x, y)) {
                Some(false)
            } else {
                None
            }
        })
    }

    fn foul(black: &str, white: &str, at: &str) -> Option<Foul> {
        let x = at.as_bytes()[0] - b'a';
        let y: u8 = at[1..].parse().unwrap();
        grid(black, white).foul(x, y - 1)
    }

    #[test]
    fn a_plain_double_three_is_forbidden() {
        // h8 makes the open threes g8-h8-i8 and h7-h8-h9.
        assert_eq!(foul("g8 i8 h7 h9", "", "h8"), Some(Foul::DoubleThree));
        // One three is fine.
        assert_eq!(foul("g8 i8", "", "h8"), None);
    }

    #[test]
    fn a_blocked_three_is_no_three() {
        // The row g8-h8-i8 is closed on one side by White at f8 with e8 also shut:
        // it can only become a closed four, so h8 makes a single real three.
        assert_eq!(foul("g8 i8 h7 h9", "f8 j8", "h8"), None);
        // White right beside it (f8) closes it as well: only a closed four is left.
        assert_eq!(foul("g8 i8 h7 h9", "f8", "h8"), None);
    }

    #[test]
    fn a_false_three_whose_four_point_is_forbidden_does_not_count() {
        // h8 makes the row three g8-h8-i8 and the column three h7-h8-h9. With White
        // on e8, f8 makes only a closed four, so the row's one straight-four point is
        // j8; the black column j9..j13 makes j8 an overline point, forbidden.
        let black = "g8 i8 h7 h9 j9 j10 j11 j12 j13";
        // With e8 White, the row three's only straight-four point would be j8 (g8..j8
        // with f8 and k8 open), which is an overline point: the row three is false.
        assert_eq!(foul(black, "e8 a1", "h8"), None);
        // Without the overline column, j8 is a good point and h8 a double three.
        assert_eq!(foul("g8 i8 h7 h9", "e8", "h8"), Some(Foul::DoubleThree));
    }

    #[test]
    fn fours_overlines_and_fives() {
        // Two fours on two lines.
        assert_eq!(
            foul("e8 f8 g8 h5 h6 h7", "d8 h4", "h8"),
            Some(Foul::DoubleFour)
        );
        // Two fours on one line: x.xxx.x with the stone in the middle.
        assert_eq!(foul("d8 f8 h8 j8", "", "g8"), Some(Foul::DoubleFour));
        // A straight four is one four.
        assert_eq!(foul("e8 f8 g8", "", "h8"), None);
        // An overline, also when made by filling a gap.
        assert_eq!(foul("c8 d8 e8 g8 h8", "", "f8"), Some(Foul::Overline));
        // A five that also makes a double four (or three) wins: not forbidden.
        assert_eq!(foul("d8 e8 f8 g8 h5 h6 h7", "h4", "h8"), None);
        assert_eq!(foul("d8 e8 f8 g8 h6 h7 i9 j10", "", "h8"), None);
    }
}
