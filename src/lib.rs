//! Tabletop: classic two-player board games in 3D.
//!
//! [`rules`] holds each game's rules as plain Rust; the Bevy app in [`app`] (behind the
//! default `app` feature) draws them and takes input. The rules build and test without
//! Bevy: `cargo test --no-default-features --lib`.

pub mod ai;
#[cfg(feature = "app")]
pub mod app;
pub mod cli;
pub mod clocks;
pub mod flags;
pub mod games;
pub mod online;
#[cfg(test)]
mod props;
pub mod record;
pub mod review;
pub mod rules;
pub mod tools;
pub mod tree;
