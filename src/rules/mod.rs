//! The rules of every game, as plain Rust with no engine types.
//!
//! The Bevy app, the AIs and the command-line tools all build on these types; nothing
//! here knows how a game is drawn or who is playing it.

pub mod gomoku;
pub mod knucklebones;
pub mod tictactoe;

use std::fmt;

/// One of the two sides of a two-player game.
///
/// Each game names its sides its own way (Black/White in Gomoku); the rules only need
/// to know who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The side that makes the first move.
    First,
    /// The side that replies.
    Second,
}

impl Player {
    /// Both sides, first mover first.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Self {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// Who moves after `plies` moves in a game where the sides simply alternate.
    #[must_use]
    pub fn to_move_after(plies: usize) -> Self {
        if plies.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    /// 0 for the first mover, 1 for the second: an index into per-side arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` won the game.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(Player::First) => f.write_str("first player wins"),
            Outcome::Win(Player::Second) => f.write_str("second player wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// The small interface every game's rules share, so that generic tools (random
/// playouts, conformance tests, simple searches) work over any of them.
///
/// Engines that need speed use a game's own richer API instead.
pub trait Game: Clone {
    /// A move in this game.
    type Move: Copy + Eq + fmt::Debug + fmt::Display;
    /// Why a move was refused.
    type Error: std::error::Error;

    /// The side whose turn it is.
    fn side_to_move(&self) -> Player;
    /// Every move the side to move may make; empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Makes `mv` for the side to move, or refuses it and leaves the game unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error>;
    /// `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;
}
