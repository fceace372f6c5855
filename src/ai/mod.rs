//! The computer players, as plain Rust with no engine types.
//!
//! Each game's AI lives in its own module; [`clock`] is the single place any of them
//! reads the time.

pub mod clock;
pub mod gomoku;
