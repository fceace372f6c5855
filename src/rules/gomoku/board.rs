//! Gomoku's vocabulary: the rule, the points of a board and their notation (`h8`),
//! the board's size, and what can go wrong.

use std::fmt;
use std::str::FromStr;

use super::renju::Foul;
use super::{MAX_SIDE, MIN_SIDE, WIN_LENGTH};

/// What can go wrong when setting up or playing a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GomokuError {
    /// A board side outside `MIN_SIDE..=MAX_SIDE`, or a size that is not `WxH`.
    BadSize(String),
    /// A rule name that is not `freestyle`, `standard` or `renju`.
    BadRule(String),
    /// Text that is not a point in notation, or a point off this board.
    BadNotation(String),
    /// A move outside the board.
    OffBoard(Point),
    /// A move on a point that already holds a stone.
    Occupied(Point),
    /// A point forbidden to Black under renju.
    Forbidden(Point, Foul),
    /// A move after the game has ended.
    GameOver,
    /// An opening rule's name that is not `free`, `swap2` or `taraguchi10`.
    BadOpening(String),
    /// A stone where the opening rule asks for a choice first.
    ChooseFirst,
    /// An opening stone outside the central square (of this side) it must lie in.
    OutsideSquare(Point, u8),
    /// A fifth stone offered twice.
    AlreadyOffered(Point),
    /// A fifth stone offered that a symmetry of the position makes the same as an
    /// offered one (the second point).
    SymmetricOffer(Point, Point),
    /// A pick that is not one of the offered fifth stones.
    NotOffered(Point),
    /// A choice (its word) the opening does not offer now.
    NotNow(&'static str),
}

impl fmt::Display for GomokuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GomokuError::BadSize(why) => write!(f, "bad board size: {why}"),
            GomokuError::BadRule(name) => {
                write!(
                    f,
                    "unknown rule '{name}' (expected freestyle, standard or renju)"
                )
            }
            GomokuError::BadNotation(why) => write!(f, "bad point: {why}"),
            GomokuError::OffBoard(p) => write!(f, "({}, {}) is off the board", p.x, p.y),
            GomokuError::Occupied(p) => write!(f, "{p} is already taken"),
            GomokuError::Forbidden(p, foul) => {
                write!(f, "{p} is forbidden for Black under renju: {foul}")
            }
            GomokuError::GameOver => f.write_str("the game is over"),
            GomokuError::BadOpening(name) => write!(
                f,
                "unknown opening rule '{name}' (expected free, swap2 or taraguchi10)"
            ),
            GomokuError::ChooseFirst => {
                f.write_str("the opening asks for a choice first, not a stone")
            }
            GomokuError::OutsideSquare(p, side) => write!(
                f,
                "{p} is outside the central {side}x{side} square this stone must lie in"
            ),
            GomokuError::AlreadyOffered(p) => write!(f, "{p} is already offered"),
            GomokuError::SymmetricOffer(p, twin) => write!(
                f,
                "{p} is the same fifth stone as the offered {twin}, by a symmetry of the position"
            ),
            GomokuError::NotOffered(p) => {
                write!(f, "{p} is not one of the offered fifth stones")
            }
            GomokuError::NotNow(word) => {
                write!(f, "'{word}' is not a choice the opening offers now")
            }
        }
    }
}

impl std::error::Error for GomokuError {}

/// The winning condition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row win.
    #[default]
    FreeStyle,
    /// Exactly five in a row win; six or more do not.
    Standard,
    /// Renju (Gomocup rule 4): Black wins only with exactly five and may not play an
    /// overline, a double four or a double three ([`super::renju`]); White wins with
    /// five or more and may play anywhere.
    Renju,
}

impl Rule {
    /// Every rule, default first.
    pub const ALL: [Rule; 3] = [Rule::FreeStyle, Rule::Standard, Rule::Renju];

    /// Whether a run of `len` stones of Black (`black`) or White wins under this rule.
    #[must_use]
    pub fn wins(self, black: bool, len: usize) -> bool {
        match self {
            Rule::FreeStyle => len >= WIN_LENGTH,
            Rule::Standard => len == WIN_LENGTH,
            Rule::Renju if black => len == WIN_LENGTH,
            Rule::Renju => len >= WIN_LENGTH,
        }
    }

    /// Whether Black has forbidden points.
    #[must_use]
    pub fn has_fouls(self) -> bool {
        self == Rule::Renju
    }

    /// The rule's number in the Gomocup protocol (`INFO rule`).
    #[must_use]
    pub fn gomocup(self) -> u32 {
        match self {
            Rule::FreeStyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
        }
    }

    /// The rule's name in files and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::FreeStyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = GomokuError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free-style" => Ok(Rule::FreeStyle),
            "standard" | "exact" | "exact-five" => Ok(Rule::Standard),
            "renju" => Ok(Rule::Renju),
            _ => Err(GomokuError::BadRule(s.trim().to_owned())),
        }
    }
}

/// An intersection: `x` counts columns from the left, `y` rows from the bottom, both from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 is the left edge.
    pub x: u8,
    /// Row, 0 is the bottom edge.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Self {
        Self { x, y }
    }
}

/// Notation: column letter then row number, `h8`.
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), u32::from(self.y) + 1)
    }
}

/// A board's width and height, each checked to lie in `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

impl Default for BoardSize {
    fn default() -> Self {
        Self::STANDARD
    }
}

impl BoardSize {
    /// The usual 15x15 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 15,
        height: 15,
    };

    /// A `width` x `height` board, or an error if a side is outside 10..=20.
    pub fn new(width: u8, height: u8) -> Result<Self, GomokuError> {
        for (name, side) in [("width", width), ("height", height)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
                return Err(GomokuError::BadSize(format!(
                    "{name} {side} is outside {MIN_SIDE}..={MAX_SIDE}"
                )));
            }
        }
        Ok(Self { width, height })
    }

    /// Columns.
    #[must_use]
    pub fn width(self) -> u8 {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(self) -> u8 {
        self.height
    }

    /// Number of intersections.
    #[must_use]
    pub fn area(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Whether `(x, y)` lies on the board; takes wide integers so callers can step off it.
    #[must_use]
    pub fn contains(self, x: i32, y: i32) -> bool {
        (0..i32::from(self.width)).contains(&x) && (0..i32::from(self.height)).contains(&y)
    }

    /// The centre point (left/lower of the two middles on even sides).
    #[must_use]
    pub fn centre(self) -> Point {
        Point::new((self.width - 1) / 2, (self.height - 1) / 2)
    }

    /// Row-major index of `p` (no bounds check beyond debug builds).
    #[must_use]
    pub fn index(self, p: Point) -> usize {
        debug_assert!(p.x < self.width && p.y < self.height);
        usize::from(p.y) * usize::from(self.width) + usize::from(p.x)
    }

    /// The point at row-major index `i`.
    #[must_use]
    pub fn point(self, i: usize) -> Point {
        let w = usize::from(self.width);
        Point::new((i % w) as u8, (i / w) as u8)
    }

    /// Every point, row by row from the bottom.
    pub fn points(self) -> impl Iterator<Item = Point> {
        (0..self.area()).map(move |i| self.point(i))
    }

    /// Reads a point in notation (`h8`, case-insensitive) that must lie on this board.
    pub fn parse_point(self, text: &str) -> Result<Point, GomokuError> {
        let text = text.trim();
        let bad = |why: &str| GomokuError::BadNotation(format!("'{text}': {why}"));
        let mut chars = text.chars();
        let column = chars
            .next()
            .ok_or_else(|| bad("empty"))?
            .to_ascii_lowercase();
        if !column.is_ascii_lowercase() {
            return Err(bad("expected a column letter first"));
        }
        let row_text = chars.as_str();
        if row_text.is_empty() || !row_text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad("expected a row number after the column letter"));
        }
        let row: u32 = row_text.parse().map_err(|_| bad("row number too long"))?;
        let x = column as u32 - u32::from(b'a');
        if x >= u32::from(self.width) {
            return Err(bad(&format!(
                "column {column} is off a board {} wide",
                self.width
            )));
        }
        if row == 0 || row > u32::from(self.height) {
            return Err(bad(&format!(
                "row {row} is off a board {} high",
                self.height
            )));
        }
        Ok(Point::new(x as u8, (row - 1) as u8))
    }
}

/// `15x15`: width then height.
impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for BoardSize {
    type Err = GomokuError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || GomokuError::BadSize(format!("'{s}' is not WxH, e.g. 15x15"));
        let (w, h) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let w: u8 = w.trim().parse().map_err(|_| bad())?;
        let h: u8 = h.trim().parse().map_err(|_| bad())?;
        BoardSize::new(w, h)
    }
}
