//! Knucklebones' pieces: a column and its notation (`1`..`3`), a player's tray of
//! dice and its scoring, the dice stream of a seed, and what can go wrong.

use std::fmt;

use super::{COLUMN_SLOTS, COLUMNS};
use crate::rules::Player;

/// One of a tray's three columns, 0..3 inside, shown as `1`..`3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Column(u8);

impl Column {
    /// The three columns, left to right.
    pub const ALL: [Column; 3] = [Column(0), Column(1), Column(2)];

    /// The column with this index (0..3), if there is one.
    #[must_use]
    pub fn new(index: usize) -> Option<Self> {
        (index < COLUMNS).then_some(Column(index as u8))
    }

    /// Its index, 0..3.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Reads `1`..`3`.
    pub fn parse(text: &str) -> Result<Self, KnucklebonesError> {
        match text.trim() {
            "1" => Ok(Column(0)),
            "2" => Ok(Column(1)),
            "3" => Ok(Column(2)),
            other => Err(KnucklebonesError::BadNotation(other.to_owned())),
        }
    }
}

/// `1` .. `3`.
impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// What went wrong with a move or a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnucklebonesError {
    /// Not a column name `1`..`3`.
    BadNotation(String),
    /// Not a position in the text format, or one no game can reach.
    BadPosition(String),
    /// The mover's column is full.
    ColumnFull(Column),
    /// The game has ended.
    GameOver,
    /// The dice are told from outside and the die to place is not told yet.
    NotRolled,
    /// The dice come from the seed: none can be told.
    NotTold,
    /// A die told that is not 1 to 6.
    BadDie(u8),
}

impl fmt::Display for KnucklebonesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KnucklebonesError::BadNotation(text) => {
                write!(f, "'{text}' is not a column: expected 1, 2 or 3")
            }
            KnucklebonesError::BadPosition(why) => write!(f, "bad position: {why}"),
            KnucklebonesError::ColumnFull(column) => write!(f, "column {column} is full"),
            KnucklebonesError::GameOver => f.write_str("the game is over"),
            KnucklebonesError::NotRolled => f.write_str("the die is not rolled yet"),
            KnucklebonesError::NotTold => f.write_str("the dice come from the seed"),
            KnucklebonesError::BadDie(die) => write!(f, "a die of {die}: a die is 1 to 6"),
        }
    }
}

impl std::error::Error for KnucklebonesError {}

/// The name of a side in positions and on screen: `p1` is [`Player::First`].
#[must_use]
pub fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "p1",
        Player::Second => "p2",
    }
}

/// The die (1..=6) of move number `ply` (0 for the first move) of the game with `seed`.
///
/// A SplitMix64 mix of the seed and the ply, then a multiply-shift into 1..=6 (its
/// bias is below 2^-29). **This function is fixed forever**: saved games store only a
/// seed and their moves and replay through it, so changing it would change old games.
/// It deliberately depends on no library generator whose stream could change.
#[must_use]
pub fn roll(seed: u64, ply: usize) -> u8 {
    let mut z = seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (((z >> 32) * 6) >> 32) as u8 + 1
}

/// One player's tray: three columns, each with up to three dice in the order they
/// were placed (slot 0 first; a removal closes the column up toward slot 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tray {
    dice: [[u8; COLUMN_SLOTS]; COLUMNS],
    len: [u8; COLUMNS],
}

impl Tray {
    /// An empty tray.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The dice in `column`, slot 0 first.
    #[must_use]
    pub fn column(&self, column: Column) -> &[u8] {
        let i = column.index();
        &self.dice[i][..usize::from(self.len[i])]
    }

    /// How many dice `column` holds.
    #[must_use]
    pub fn len(&self, column: Column) -> usize {
        usize::from(self.len[column.index()])
    }

    /// Whether `column` has no free slot.
    #[must_use]
    pub fn is_column_full(&self, column: Column) -> bool {
        self.len(column) == COLUMN_SLOTS
    }

    /// How many dice the tray holds.
    #[must_use]
    pub fn dice_count(&self) -> usize {
        self.len.iter().map(|&n| usize::from(n)).sum()
    }

    /// Whether every slot holds a die (the game ends when the mover's tray is full).
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.dice_count() == COLUMNS * COLUMN_SLOTS
    }

    /// Whether the tray holds no die.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.dice_count() == 0
    }

    /// How many dice of `value` `column` holds.
    #[must_use]
    pub fn count(&self, column: Column, value: u8) -> usize {
        self.column(column).iter().filter(|&&d| d == value).count()
    }

    /// The score of `column`: the sum over values `v` of `v * count(v)^2`.
    #[must_use]
    pub fn column_score(&self, column: Column) -> u32 {
        let dice = self.column(column);
        // Each die adds its value times how many dice of its value there are.
        dice.iter()
            .map(|&v| u32::from(v) * dice.iter().filter(|&&w| w == v).count() as u32)
            .sum()
    }

    /// The tray's total score.
    #[must_use]
    pub fn score(&self) -> u32 {
        Column::ALL.iter().map(|&c| self.column_score(c)).sum()
    }

    /// Adds `die` on top of `column`, which must not be full.
    pub(crate) fn push(&mut self, column: Column, die: u8) {
        let i = column.index();
        self.dice[i][usize::from(self.len[i])] = die;
        self.len[i] += 1;
    }

    /// Takes the last die off `column`.
    pub(super) fn pop(&mut self, column: Column) {
        let i = column.index();
        self.len[i] -= 1;
        self.dice[i][usize::from(self.len[i])] = 0;
    }

    /// Removes every die of `value` from `column`, closing the rest up; returns the
    /// slots they were in as a bit mask (slot 0 = bit 0).
    pub(crate) fn remove_value(&mut self, column: Column, value: u8) -> u8 {
        let i = column.index();
        let mut slots = 0;
        let mut kept = [0; COLUMN_SLOTS];
        let mut n = 0;
        for (slot, &d) in self.dice[i][..usize::from(self.len[i])].iter().enumerate() {
            if d == value {
                slots |= 1 << slot;
            } else {
                kept[n] = d;
                n += 1;
            }
        }
        self.dice[i] = kept;
        self.len[i] = n as u8;
        slots
    }

    /// Puts dice of `value` back into the `slots` of `column` that
    /// [`Tray::remove_value`] reported, reopening the column around them.
    pub(super) fn restore_value(&mut self, column: Column, value: u8, slots: u8) {
        let i = column.index();
        let total = usize::from(self.len[i]) + slots.count_ones() as usize;
        let mut rest = self.dice[i].into_iter();
        let mut dice = [0; COLUMN_SLOTS];
        for (slot, d) in dice.iter_mut().enumerate().take(total) {
            *d = if slots & (1 << slot) != 0 {
                value
            } else {
                rest.next().unwrap_or(0)
            };
        }
        self.dice[i] = dice;
        self.len[i] = total as u8;
    }

    /// The tray's part of a position: columns as digits separated by `|`.
    pub(super) fn text(&self) -> String {
        Column::ALL
            .iter()
            .map(|&c| {
                self.column(c)
                    .iter()
                    .map(|&d| char::from(b'0' + d))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }

    /// Reads `44|1|` (three columns of up to three dice 1..=6).
    pub(super) fn parse(text: &str) -> Result<Self, String> {
        let columns: Vec<&str> = text.split('|').collect();
        if columns.len() != COLUMNS {
            return Err(format!(
                "'{text}' has {} columns, expected 3 separated by |",
                columns.len()
            ));
        }
        let mut tray = Tray::new();
        for (&column, c) in columns.iter().zip(Column::ALL) {
            if column.chars().count() > COLUMN_SLOTS {
                return Err(format!(
                    "column {c} holds {} dice, at most 3 fit",
                    column.chars().count()
                ));
            }
            for ch in column.chars() {
                match ch {
                    '1'..='6' => tray.push(c, ch as u8 - b'0'),
                    other => return Err(format!("'{other}' is not a die (1 to 6)")),
                }
            }
        }
        Ok(tray)
    }
}
