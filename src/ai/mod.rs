//! The computer players, as plain Rust with no engine types.
//!
//! Each game's AI lives in its own module; [`clock`] is the single place any of them
//! reads the time, and [`slices`] lets a search share a web page's only thread.

pub mod clock;
pub mod gomoku;
pub mod knucklebones;
pub mod slices;
pub mod tictactoe;

use std::fmt;

/// An AI strength from 1 (the source games' AIs) to 5 (the strongest), shared by
/// every game; each game maps it to its own budget or method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);

    /// Level `n`, if `n` is in 1..=5.
    #[must_use]
    pub fn new(n: u8) -> Option<Self> {
        (1..=5).contains(&n).then_some(Self(n))
    }

    /// The level as a number.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
