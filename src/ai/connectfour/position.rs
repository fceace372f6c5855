//! The solvers' position: two bitboards and a move count, copied (16 bytes) rather
//! than undone.
//!
//! `own` holds the discs of the side to move and `occupied` every disc, in the
//! rules' layout (column `c` holds bits `7c .. 7c + 5`, see
//! [`crate::rules::connectfour`]). `own + occupied` is a number unique to the
//! position (each column's discs plus its height bit), the table's key.

use crate::rules::Player;
use crate::rules::connectfour::{
    BOTTOM, COLUMN_BITS, Column, ConnectFour, GRID, SLOTS, WIDTH, winning_slots,
};

/// Columns from the centre out: the order moves are tried in when nothing else
/// tells them apart.
pub const CENTRE_FIRST: [usize; 7] = [3, 2, 4, 1, 5, 0, 6];

/// A position for the solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    own: u64,
    occupied: u64,
    plies: u32,
}

impl Position {
    /// The empty grid.
    pub const START: Position = Position {
        own: 0,
        occupied: 0,
        plies: 0,
    };

    /// The position of a game (finished or not).
    #[must_use]
    pub fn of(game: &ConnectFour) -> Self {
        let mover = game.side_to_move();
        Self {
            own: game.discs(mover),
            occupied: game.occupied(),
            plies: game.occupied().count_ones(),
        }
    }

    /// Discs played so far.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Which side is to move.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        Player::to_move_after(self.plies as usize)
    }

    /// The discs of the side to move, and of the other side.
    #[must_use]
    pub fn discs(&self) -> (u64, u64) {
        (self.own, self.own ^ self.occupied)
    }

    /// Every disc.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.occupied
    }

    /// The slots a disc may be dropped into now, one per column with room.
    #[must_use]
    pub fn playable(&self) -> u64 {
        (self.occupied + BOTTOM) & GRID
    }

    /// The playable slot of `column`, as a bit (0 if the column is full).
    #[must_use]
    pub fn drop_slot(&self, column: usize) -> u64 {
        self.playable() & Column::ALL[column].mask()
    }

    /// The position after the side to move drops its disc at `slot` (a bit of
    /// [`Position::playable`]).
    #[must_use]
    pub fn play(&self, slot: u64) -> Position {
        Position {
            own: self.own ^ self.occupied,
            occupied: self.occupied | slot,
            plies: self.plies + 1,
        }
    }

    /// The position after a disc in `column`, which must have room.
    #[must_use]
    pub fn play_column(&self, column: usize) -> Position {
        self.play(self.drop_slot(column))
    }

    /// Empty slots where the side to move would make four.
    #[must_use]
    pub fn own_threats(&self) -> u64 {
        winning_slots(self.own) & !self.occupied
    }

    /// Empty slots where the other side would make four.
    #[must_use]
    pub fn their_threats(&self) -> u64 {
        winning_slots(self.own ^ self.occupied) & !self.occupied
    }

    /// Whether the side to move can make four with this move.
    #[must_use]
    pub fn can_win_now(&self) -> bool {
        self.own_threats() & self.playable() != 0
    }

    /// The playable slots that do not hand the other side a four at once: the one
    /// block if it threatens one four, none if it threatens two, and never a slot
    /// just under one of its threats. Only meaningful when the side to move cannot
    /// win now.
    #[must_use]
    pub fn safe_moves(&self) -> u64 {
        let mut playable = self.playable();
        let threats = self.their_threats();
        let forced = playable & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            playable = forced;
        }
        playable & !(threats >> 1)
    }

    /// How many open fours the side to move would have after dropping at `slot`:
    /// the move-ordering score.
    #[must_use]
    pub fn threats_after(&self, slot: u64) -> u32 {
        (winning_slots(self.own | slot) & !(self.occupied | slot)).count_ones()
    }

    /// The unique key: each column's discs of the side to move plus its height bit.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.own + self.occupied
    }

    /// The key of the mirror image (columns reversed).
    #[must_use]
    pub fn mirrored_key(&self) -> u64 {
        mirror(self.key())
    }

    /// The smaller of [`Position::key`] and [`Position::mirrored_key`], and whether
    /// it is the mirror's: mirror images share one table entry.
    #[must_use]
    pub fn canonical_key(&self) -> (u64, bool) {
        let key = self.key();
        let mirrored = mirror(key);
        if mirrored < key {
            (mirrored, true)
        } else {
            (key, false)
        }
    }

    /// Plies left before the grid is full.
    #[must_use]
    pub fn empty_slots(&self) -> u32 {
        SLOTS as u32 - self.plies
    }
}

/// Reverses the columns of a bitboard or key.
#[must_use]
pub fn mirror(bits: u64) -> u64 {
    let column = (1 << COLUMN_BITS) - 1;
    let mut out = 0;
    for c in 0..u32::from(WIDTH) {
        let part = (bits >> (c * COLUMN_BITS)) & column;
        out |= part << ((u32::from(WIDTH) - 1 - c) * COLUMN_BITS);
    }
    out
}

/// The column of a slot bit.
#[must_use]
pub fn column_of(slot: u64) -> usize {
    (slot.trailing_zeros() / COLUMN_BITS) as usize
}
