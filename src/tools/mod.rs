//! The headless tools a game brings with it, each in the game's own folder (Gomoku's
//! Gomocup engine protocol and match manager, [`gomoku`]), and what a game adds to
//! `tabletop-cli` ([`GameCommand`], listed with the game in `crate::games::GAMES`).
//!
//! The binaries in `src/bin/` are thin wrappers; the logic lives here so that it can be
//! unit-tested without spawning processes.

pub mod gomoku;

use std::io::Write;

/// A subcommand a game adds to `tabletop-cli` (Gomoku's `match`): declared in the
/// game's tools folder, listed with the game in `crate::games::GAMES`, offered and
/// run by `crate::cli`, which names no game.
pub struct GameCommand {
    /// Its definition: name, help and arguments.
    pub command: fn() -> clap::Command,
    /// Runs it on its parsed arguments: results on `out`, side information on
    /// `err`; an error is one line for people.
    pub run: fn(&clap::ArgMatches, &mut dyn Write, &mut dyn Write) -> Result<(), String>,
}
