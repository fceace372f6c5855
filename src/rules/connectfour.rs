//! Connect Four: a 7-wide, 6-high upright grid; a disc dropped into a column falls to
//! the lowest empty slot; Red moves first; four in a row in any direction wins; a
//! full grid without one is a draw.
//!
//! Columns are written `a`..`g` from the left in the move list and in saved games
//! (`1`..`7` are read too). Positions as text, as `tabletop-cli` reads them, are the
//! common sequence of 1-based column digits in the order played (`4453`: columns 4,
//! 4, 5, 3); the empty board is `-` (an empty word is read too).
//!
//! The grid is two bitboards, one per side, in the layout the solvers use: column
//! `c` holds bits `7c .. 7c + 6` from the bottom, the seventh bit of each column left
//! empty so that lines never wrap from one column into the next.

use std::fmt;

use super::{Edit, Game, Outcome, Player, SettingError, Settings};

/// Columns across.
pub const WIDTH: u8 = 7;
/// Slots up each column.
pub const HEIGHT: u8 = 6;
/// Slots in the grid: the longest game.
pub const SLOTS: usize = WIDTH as usize * HEIGHT as usize;
/// Bits per column in a bitboard: the slots and one empty bit above them.
pub const COLUMN_BITS: u32 = HEIGHT as u32 + 1;

/// The bottom slot of every column.
pub const BOTTOM: u64 = {
    let mut mask = 0;
    let mut c = 0;
    while c < WIDTH as u32 {
        mask |= 1 << (c * COLUMN_BITS);
        c += 1;
    }
    mask
};
/// Every slot of the grid.
pub const GRID: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// One of the seven columns, 0 (`a`, the left) to 6 (`g`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Column(u8);

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; 7] = [
        Column(0),
        Column(1),
        Column(2),
        Column(3),
        Column(4),
        Column(5),
        Column(6),
    ];

    /// Column `index` from the left (0..7), if there is one.
    #[must_use]
    pub fn new(index: usize) -> Option<Self> {
        (index < usize::from(WIDTH)).then_some(Column(index as u8))
    }

    /// Its index from the left, 0..7.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its 1-based number, as the command line's positions write it.
    #[must_use]
    pub fn digit(self) -> char {
        char::from(b'1' + self.0)
    }

    /// Reads `a`..`g` or `1`..`7` (case-insensitive, spaces around allowed).
    pub fn parse(text: &str) -> Result<Self, ConnectFourError> {
        let bad = || ConnectFourError::BadNotation(text.trim().to_owned());
        let mut chars = text.trim().chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(bad());
        };
        match c.to_ascii_lowercase() {
            c @ 'a'..='g' => Ok(Column(c as u8 - b'a')),
            c @ '1'..='7' => Ok(Column(c as u8 - b'1')),
            _ => Err(bad()),
        }
    }

    /// The bits of this column's slots.
    #[must_use]
    pub fn mask(self) -> u64 {
        ((1 << HEIGHT) - 1) << (u32::from(self.0) * COLUMN_BITS)
    }
}

/// `a` .. `g`.
impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", char::from(b'a' + self.0))
    }
}

/// A slot of the grid: `column` from the left, `row` from the bottom (0..6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    /// The column.
    pub column: Column,
    /// The row from the bottom, 0..6.
    pub row: u8,
}

impl Slot {
    /// Every slot of the grid, column by column from the bottom.
    pub fn all() -> impl Iterator<Item = Slot> {
        Column::ALL
            .into_iter()
            .flat_map(|column| (0..HEIGHT).map(move |row| Slot { column, row }))
    }

    /// Its bit in a bitboard.
    #[must_use]
    pub fn bit(self) -> u64 {
        1 << (u32::from(self.column.0) * COLUMN_BITS + u32::from(self.row))
    }

    /// The slot of bit `index` of a bitboard, if it is a slot of the grid.
    #[must_use]
    pub fn from_bit(index: u32) -> Option<Self> {
        let (column, row) = (index / COLUMN_BITS, index % COLUMN_BITS);
        (column < u32::from(WIDTH) && row < u32::from(HEIGHT)).then_some(Slot {
            column: Column(column as u8),
            row: row as u8,
        })
    }
}

/// `d1`: the column's letter and the row from the bottom.
impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column, self.row + 1)
    }
}

/// What went wrong with a move or a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectFourError {
    /// Not a column name `a`..`g` (or `1`..`7`).
    BadNotation(String),
    /// Not a sequence of column digits `1`..`7` that a game can play.
    BadPosition(String),
    /// The column has no empty slot.
    ColumnFull(Column),
    /// The game has ended.
    GameOver,
}

impl fmt::Display for ConnectFourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectFourError::BadNotation(text) => {
                write!(f, "'{text}' is not a column: expected a .. g (or 1 .. 7)")
            }
            ConnectFourError::BadPosition(why) => write!(f, "bad position: {why}"),
            ConnectFourError::ColumnFull(column) => write!(f, "column {column} is full"),
            ConnectFourError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for ConnectFourError {}

/// The colour of a side's discs: Red moves first.
#[must_use]
pub fn disc_name(player: Player) -> &'static str {
    match player {
        Player::First => "Red",
        Player::Second => "Yellow",
    }
}

/// The slots where `discs` would complete four in a row (empty or not): the squares
/// a side threatens to win on. Four directions, each as the shift between
/// neighbouring bits: 1 up a column, 7 along a row, 6 and 8 along the diagonals.
#[must_use]
pub fn winning_slots(discs: u64) -> u64 {
    // Vertical: three on top of each other, the slot above them.
    let mut r = (discs << 1) & (discs << 2) & (discs << 3);
    for shift in [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        let pair = (discs << shift) & (discs << (2 * shift));
        r |= pair & (discs << (3 * shift)); // three to the left
        r |= pair & (discs >> shift); // two left, one right
        let pair = (discs >> shift) & (discs >> (2 * shift));
        r |= pair & (discs << shift); // one left, two right
        r |= pair & (discs >> (3 * shift)); // three to the right
    }
    r & GRID
}

/// Whether `discs` hold four in a row.
#[must_use]
pub fn has_four(discs: u64) -> bool {
    [1, COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1]
        .into_iter()
        .any(|shift| {
            let pairs = discs & (discs >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        })
}

/// A game of Connect Four with its move history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConnectFour {
    /// Each side's discs, first mover first.
    discs: [u64; 2],
    history: Vec<Column>,
}

impl ConnectFour {
    /// An empty grid, Red to move.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Plays the 1-based column digits of `text` in order (`4453`); `-` or nothing
    /// is the empty grid. Refuses a digit outside 1..7, a full column and a move
    /// after the end, saying which.
    pub fn from_digits(text: &str) -> Result<Self, ConnectFourError> {
        let text = text.trim();
        let mut game = Self::new();
        if text == "-" {
            return Ok(game);
        }
        for (i, c) in text.chars().enumerate() {
            let bad = |why: String| {
                ConnectFourError::BadPosition(format!("'{text}', move {}: {why}", i + 1))
            };
            let column = match c {
                '1'..='7' => Column(c as u8 - b'1'),
                other => return Err(bad(format!("'{other}' is not a column digit 1 .. 7"))),
            };
            game.play(column).map_err(|e| bad(e.to_string()))?;
        }
        Ok(game)
    }

    /// The moves as 1-based column digits (`4453`), `-` for the empty grid.
    #[must_use]
    pub fn digits(&self) -> String {
        if self.history.is_empty() {
            "-".to_owned()
        } else {
            self.history.iter().map(|c| c.digit()).collect()
        }
    }

    /// `player`'s discs as a bitboard.
    #[must_use]
    pub fn discs(&self, player: Player) -> u64 {
        self.discs[player.index()]
    }

    /// Every disc in the grid as a bitboard.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.discs[0] | self.discs[1]
    }

    /// Whose disc is in `slot`.
    #[must_use]
    pub fn disc(&self, slot: Slot) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.discs[p.index()] & slot.bit() != 0)
    }

    /// How many discs `column` holds.
    #[must_use]
    pub fn height(&self, column: Column) -> u8 {
        (self.occupied() & column.mask()).count_ones() as u8
    }

    /// The slot a disc dropped into `column` would land in, if the column has room.
    #[must_use]
    pub fn landing(&self, column: Column) -> Option<Slot> {
        let row = self.height(column);
        (row < HEIGHT).then_some(Slot { column, row })
    }

    /// The moves so far.
    #[must_use]
    pub fn moves(&self) -> &[Column] {
        &self.history
    }

    /// The last move's slot.
    #[must_use]
    pub fn last_slot(&self) -> Option<Slot> {
        let &column = self.history.last()?;
        Some(Slot {
            column,
            row: self.height(column) - 1,
        })
    }

    /// The side to move (after the end: the side that would move next): Red when
    /// both have as many discs, else Yellow.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        Player::to_move_after(self.occupied().count_ones() as usize)
    }

    /// The lines of four or more that won, through the last disc: one per direction
    /// (the last disc can complete two at once), each in order along it.
    #[must_use]
    pub fn winning_lines(&self) -> Vec<Vec<Slot>> {
        let mover = self.side_to_move().opponent();
        match self.last_slot() {
            Some(last) => self.lines_through(last, mover),
            // A set-up position, won before any move: the first disc on a line.
            None => Slot::all()
                .filter(|slot| self.disc(*slot) == Some(mover))
                .map(|slot| self.lines_through(slot, mover))
                .find(|lines| !lines.is_empty())
                .unwrap_or_default(),
        }
    }

    /// The lines of four or more of `mover`'s discs through `last`.
    fn lines_through(&self, last: Slot, mover: Player) -> Vec<Vec<Slot>> {
        let own = |c: i32, r: i32| {
            (0..i32::from(WIDTH)).contains(&c)
                && (0..i32::from(HEIGHT)).contains(&r)
                && self.disc(Slot {
                    column: Column(c as u8),
                    row: r as u8,
                }) == Some(mover)
        };
        let (c0, r0) = (last.column.0 as i32, i32::from(last.row));
        let mut lines = Vec::new();
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let mut from = 0;
            while own(c0 + (from - 1) * dc, r0 + (from - 1) * dr) {
                from -= 1;
            }
            let mut to = 0;
            while own(c0 + (to + 1) * dc, r0 + (to + 1) * dr) {
                to += 1;
            }
            if to - from >= 3 {
                lines.push(
                    (from..=to)
                        .map(|k| Slot {
                            column: Column((c0 + k * dc) as u8),
                            row: (r0 + k * dr) as u8,
                        })
                        .collect(),
                );
            }
        }
        lines
    }

    /// Every disc of the winning lines ([`ConnectFour::winning_lines`]), sorted.
    #[must_use]
    pub fn winning_line(&self) -> Vec<Slot> {
        let mut slots: Vec<Slot> = self.winning_lines().concat();
        slots.sort();
        slots.dedup();
        slots
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let mover = self.side_to_move().opponent();
        if has_four(self.discs[mover.index()]) {
            Some(Outcome::Win(mover))
        } else if self.occupied().count_ones() as usize == SLOTS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Why a disc cannot be dropped into `column` now, if it cannot.
    pub fn check(&self, column: Column) -> Result<(), ConnectFourError> {
        if self.is_over() {
            Err(ConnectFourError::GameOver)
        } else if self.landing(column).is_none() {
            Err(ConnectFourError::ColumnFull(column))
        } else {
            Ok(())
        }
    }

    /// Drops a disc of the side to move into `column`; a refused move changes
    /// nothing.
    pub fn play(&mut self, column: Column) -> Result<(), ConnectFourError> {
        self.check(column)?;
        let slot = self.landing(column).expect("checked");
        self.discs[self.side_to_move().index()] |= slot.bit();
        self.history.push(column);
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Column> {
        let slot = self.last_slot()?;
        let mover = self.side_to_move().opponent();
        let column = self.history.pop()?;
        self.discs[mover.index()] &= !slot.bit();
        Some(column)
    }

    /// The grid as set-up text: its rows from the top, `/` between them, each slot
    /// `.`, `r` (Red) or `y` (Yellow): `......./......./......./......./......./...r...`.
    #[must_use]
    pub fn grid_text(&self) -> String {
        let rows: Vec<String> = (0..HEIGHT)
            .rev()
            .map(|row| {
                Column::ALL
                    .into_iter()
                    .map(|column| match self.disc(Slot { column, row }) {
                        Some(Player::First) => 'r',
                        Some(Player::Second) => 'y',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// Reads [`ConnectFour::grid_text`]: a grid of discs, no moves played. Refuses
    /// a disc over an empty slot; the position may still be one no game reaches
    /// ([`Game::setup_error`] says why).
    pub fn from_grid(text: &str) -> Result<Self, ConnectFourError> {
        let text = text.trim();
        let bad = |why: String| ConnectFourError::BadPosition(format!("'{text}': {why}"));
        let rows: Vec<&str> = text.split('/').map(str::trim).collect();
        if rows.len() != usize::from(HEIGHT) {
            return Err(bad(format!(
                "{} rows, expected {HEIGHT} from the top, '/' between them",
                rows.len()
            )));
        }
        let mut game = Self::new();
        for (top, line) in rows.iter().enumerate() {
            let row = HEIGHT - 1 - top as u8;
            if line.chars().count() != usize::from(WIDTH) {
                return Err(bad(format!("row {} is not {WIDTH} slots", row + 1)));
            }
            for (column, c) in Column::ALL.into_iter().zip(line.chars()) {
                let side = match c.to_ascii_lowercase() {
                    'r' => Player::First,
                    'y' => Player::Second,
                    '.' | '-' => continue,
                    other => return Err(bad(format!("'{other}' is not r, y or ."))),
                };
                game.discs[side.index()] |= Slot { column, row }.bit();
            }
        }
        for column in Column::ALL {
            // The column's discs fill it from the bottom up: 0b0..01..1.
            let discs = (game.occupied() & column.mask()) >> (u32::from(column.0) * COLUMN_BITS);
            if discs & (discs + 1) != 0 {
                return Err(bad(format!(
                    "a disc floats over an empty slot in column {column}"
                )));
            }
        }
        Ok(game)
    }

    /// The columns with room, while the game goes on.
    #[must_use]
    pub fn legal_columns(&self) -> Vec<Column> {
        if self.is_over() {
            return Vec::new();
        }
        Column::ALL
            .into_iter()
            .filter(|&c| self.landing(c).is_some())
            .collect()
    }
}

impl Game for ConnectFour {
    type Move = Column;
    type Error = ConnectFourError;

    const NAME: &'static str = "connectfour";
    const TITLE: &'static str = "Connect Four";
    const SIDE_KEYS: [&'static str; 2] = ["red", "yellow"];

    fn side_name(player: Player) -> &'static str {
        disc_name(player)
    }

    fn side_to_move(&self) -> Player {
        ConnectFour::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<Column> {
        self.legal_columns()
    }

    fn check(&self, mv: Column) -> Result<(), ConnectFourError> {
        ConnectFour::check(self, mv)
    }

    fn play(&mut self, mv: Column) -> Result<(), ConnectFourError> {
        ConnectFour::play(self, mv)
    }

    fn undo(&mut self) -> Option<Column> {
        ConnectFour::undo(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        ConnectFour::outcome(self)
    }

    fn history(&self) -> Vec<Column> {
        self.history.clone()
    }

    fn plies(&self) -> usize {
        self.history.len()
    }

    /// The winning four are slots, not moves: see [`ConnectFour::winning_line`].
    fn winning_line(&self) -> Vec<Column> {
        Vec::new()
    }

    fn parse_move(&self, text: &str) -> Result<Column, ConnectFourError> {
        Column::parse(text)
    }

    /// The 1-based column digits in order: `4453`; `-` for the empty grid.
    fn position_text(&self) -> String {
        match self.setup_text() {
            Some(grid) if self.history.is_empty() => grid,
            Some(grid) => format!("{grid}:{}", self.digits()),
            None => self.digits(),
        }
    }

    /// A set-up grid, if the game has one ([`ConnectFour::grid_text`]), then `:`
    /// and the digits of the moves after it.
    fn from_position(text: &str) -> Result<Self, String> {
        if !text.contains('/') {
            return ConnectFour::from_digits(text).map_err(|e| e.to_string());
        }
        let (grid, digits) = text.split_once(':').unwrap_or((text, "-"));
        let mut game = Self::new().set_up(grid)?;
        for (i, c) in digits.trim().chars().filter(|&c| c != '-').enumerate() {
            let column = Column::parse(&c.to_string())
                .and_then(|column| game.play(column).map(|()| column))
                .map_err(|e| format!("'{text}', move {}: {e}", i + 1));
            column?;
        }
        Ok(game)
    }

    fn setup_text(&self) -> Option<String> {
        let mut start = self.clone();
        while start.undo().is_some() {}
        (start.occupied() != 0).then(|| start.grid_text())
    }

    fn set_up(&self, text: &str) -> Result<Self, String> {
        let game = ConnectFour::from_grid(text).map_err(|e| e.to_string())?;
        match game.setup_error() {
            Some(why) => Err(why),
            None => Ok(game),
        }
    }

    fn to_setup(&self) -> Self {
        Self {
            discs: self.discs,
            history: Vec::new(),
        }
    }

    fn edit(&mut self, spot: Column, edit: Edit) -> Result<(), String> {
        *self = self.to_setup();
        match edit {
            Edit::Put { side, .. } => {
                let slot = self
                    .landing(spot)
                    .ok_or_else(|| ConnectFourError::ColumnFull(spot).to_string())?;
                self.discs[side.index()] |= slot.bit();
            }
            Edit::Take { .. } => {
                let height = self.height(spot);
                if height == 0 {
                    return Err(format!("column {spot} is empty"));
                }
                let top = Slot {
                    column: spot,
                    row: height - 1,
                };
                for discs in &mut self.discs {
                    *discs &= !top.bit();
                }
            }
        }
        Ok(())
    }

    fn set_side_to_move(&mut self, side: Player) -> Result<(), String> {
        if side == self.side_to_move() {
            return Ok(());
        }
        let [red, yellow] = self.discs.map(u64::count_ones);
        Err(format!(
            "Red moves first, so with {red} red and {yellow} yellow discs it is {}'s turn",
            disc_name(self.side_to_move())
        ))
    }

    fn setup_error(&self) -> Option<String> {
        let [red, yellow] = self.discs.map(u64::count_ones);
        let [red_four, yellow_four] = self.discs.map(has_four);
        if red != yellow && red != yellow + 1 {
            Some(format!(
                "Red moves first, so Red has as many discs as Yellow or one more \
                 (here {red} red, {yellow} yellow)"
            ))
        } else if red_four && yellow_four {
            Some("both Red and Yellow have four in a row".to_owned())
        } else if red_four && red == yellow {
            Some("Red has four in a row but Yellow moved after it".to_owned())
        } else if yellow_four && red > yellow {
            Some("Yellow has four in a row but Red moved after it".to_owned())
        } else {
            None
        }
    }

    fn from_settings(_: &Settings<'_>) -> Result<Self, SettingError> {
        Ok(ConnectFour::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(digits: &str) -> ConnectFour {
        ConnectFour::from_digits(digits).unwrap()
    }

    /// Four in a row the slow way, slot by slot.
    fn four_by_hand(game: &ConnectFour, player: Player) -> bool {
        let at = |c: i32, r: i32| {
            (0..7).contains(&c)
                && (0..6).contains(&r)
                && game.disc(Slot {
                    column: Column(c as u8),
                    row: r as u8,
                }) == Some(player)
        };
        (0..7).any(|c| {
            (0..6).any(|r| {
                [(1, 0), (0, 1), (1, 1), (1, -1)]
                    .iter()
                    .any(|&(dc, dr)| (0..4).all(|k| at(c + k * dc, r + k * dr)))
            })
        })
    }

    #[test]
    fn columns_read_and_print() {
        for c in Column::ALL {
            assert_eq!(Column::parse(&c.to_string()), Ok(c));
            assert_eq!(Column::parse(&c.digit().to_string()), Ok(c));
        }
        assert_eq!(Column::parse(" D ").unwrap().index(), 3);
        for bad in ["", "h", "0", "8", "ab", "-", "??"] {
            assert!(Column::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn discs_fall_to_the_lowest_empty_slot() {
        let g = game("4453");
        assert_eq!(g.height(Column(3)), 2);
        assert_eq!(
            g.disc(Slot {
                column: Column(3),
                row: 0
            }),
            Some(Player::First)
        );
        assert_eq!(
            g.disc(Slot {
                column: Column(3),
                row: 1
            }),
            Some(Player::Second)
        );
        assert_eq!(
            g.disc(Slot {
                column: Column(4),
                row: 0
            }),
            Some(Player::First)
        );
        assert_eq!(
            g.last_slot(),
            Some(Slot {
                column: Column(2),
                row: 0
            })
        );
        assert_eq!(g.side_to_move(), Player::First);
        assert_eq!(g.digits(), "4453");
        assert_eq!(g.position_text(), "4453");
        assert_eq!(ConnectFour::new().digits(), "-");
        assert_eq!(ConnectFour::from_digits("").unwrap(), ConnectFour::new());
    }

    #[test]
    fn four_in_every_direction_wins() {
        for (digits, winner) in [
            ("1212121", Player::First),     // vertical
            ("1122334", Player::First),     // horizontal
            ("12234334544", Player::First), // diagonal up-right: a1 b2 c3 d4
            ("76654554344", Player::First), // diagonal up-left: g1 f2 e3 d4
            ("71122334", Player::Second),   // Yellow along the bottom
        ] {
            let g = game(digits);
            assert_eq!(g.outcome(), Some(Outcome::Win(winner)), "{digits}");
            assert_eq!(g.winning_line().len(), 4, "{digits}");
            assert!(four_by_hand(&g, winner), "{digits}");
            assert!(g.legal_columns().is_empty());
            assert_eq!(g.check(Column(0)), Err(ConnectFourError::GameOver));
        }
    }

    #[test]
    fn a_full_grid_without_four_is_a_draw() {
        // A filling found by a random search that avoided every four.
        let digits = "656173566152215676422337377473141445425321";
        // Replay, checking that no one has won before the end.
        let g = game(digits);
        assert_eq!(g.plies(), SLOTS);
        assert!(!four_by_hand(&g, Player::First) && !four_by_hand(&g, Player::Second));
        assert_eq!(g.outcome(), Some(Outcome::Draw));
    }

    #[test]
    fn refusals_change_nothing_and_undo_restores() {
        let mut g = game("444444");
        let before = g.clone();
        assert_eq!(
            g.play(Column(3)),
            Err(ConnectFourError::ColumnFull(Column(3)))
        );
        assert_eq!(g, before);
        g.play(Column(0)).unwrap();
        assert_eq!(g.undo(), Some(Column(0)));
        assert_eq!(g, before);
        for (bad, why) in [
            ("4444444", "full"),
            ("48", "'8'"),
            ("40", "'0'"),
            ("1212121 1", "' '"),
            ("12121211", "over"),
        ] {
            let error = ConnectFour::from_digits(bad).unwrap_err().to_string();
            assert!(error.contains(why), "{bad}: {error}");
        }
    }

    #[test]
    fn winning_slots_agree_with_playing_there() {
        // Random games: every empty slot is a winning slot of a side exactly when
        // that side's disc there would make four.
        let mut seed = 7_u64;
        for _ in 0..300 {
            let mut g = ConnectFour::new();
            loop {
                let legal = g.legal_columns();
                if legal.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = legal[(seed >> 33) as usize % legal.len()];
                for p in Player::BOTH {
                    let threats = winning_slots(g.discs(p));
                    for bit in 0..64 {
                        let Some(slot) = Slot::from_bit(bit) else {
                            continue;
                        };
                        if g.occupied() & slot.bit() != 0 {
                            continue;
                        }
                        let with = g.discs(p) | slot.bit();
                        assert_eq!(threats & slot.bit() != 0, has_four(with), "{}", g.digits());
                    }
                }
                g.play(mv).unwrap();
                assert_eq!(
                    g.outcome().is_some_and(|o| o != Outcome::Draw),
                    four_by_hand(&g, g.side_to_move().opponent()),
                    "{}",
                    g.digits()
                );
            }
        }
    }

    #[test]
    fn edits_drop_and_lift_discs_and_a_set_up_grid_plays_on() {
        let mut grid = ConnectFour::new();
        let put = |side| Edit::Put { side, face: 0 };
        grid.edit(Column(3), put(Player::Second)).unwrap();
        assert!(grid.setup_error().unwrap().contains("Red moves first"));
        grid.edit(Column(3), put(Player::First)).unwrap();
        assert_eq!(grid.setup_error(), None);
        assert_eq!(grid.side_to_move(), Player::First);
        assert_eq!(
            grid.grid_text(),
            "......./......./......./......./...r.../...y..."
        );
        grid.edit(
            Column(3),
            Edit::Take {
                side: Player::First,
            },
        )
        .unwrap();
        grid.edit(Column(2), put(Player::First)).unwrap();
        assert_eq!(grid.height(Column(3)), 1);
        assert!(
            grid.edit(
                Column(0),
                Edit::Take {
                    side: Player::First
                }
            )
            .is_err()
        );
        for _ in 0..6 {
            grid.edit(Column(6), put(Player::First)).unwrap();
        }
        assert!(grid.edit(Column(6), put(Player::First)).is_err());
        // A reachable grid plays on: Red's three in column d wins at once.
        let mut game = ConnectFour::new()
            .set_up("......./......./......./...r.../...ry../..yry..")
            .unwrap();
        assert_eq!(game.side_to_move(), Player::First);
        game.play(Column(3)).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(game.winning_line().len(), 4);
        assert_eq!(
            game.position_text(),
            "......./......./......./...r.../...ry../..yry..:4"
        );
        assert_eq!(ConnectFour::from_position(&game.position_text()), Ok(game));
    }
}
