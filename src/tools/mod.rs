//! The headless tools: the Gomocup engine protocol, a match manager for Gomocup
//! engines and the command-line interface.
//!
//! The binaries in `src/bin/` are thin wrappers; the logic lives here so that it can be
//! unit-tested without spawning processes.

pub mod cli;
pub mod gomocup;
pub mod manager;
