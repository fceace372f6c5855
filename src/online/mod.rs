//! Online play: two people on two machines, through `tabletop-server`. The protocol
//! ([`protocol`]: JSON frames over one WebSocket, documented in `docs/online.md`) and
//! the rooms' rules ([`room`]) are plain Rust that the game (desktop and browser) and
//! the server share; the server itself ([`server`], with its SQLite store
//! [`sqlite`]) is built only with the `server` feature, never for the browser.
//! Nothing here names a game: a room plays any game of [`crate::games::GAMES`].

pub mod protocol;
pub mod room;
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
pub mod server;
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
pub mod sqlite;
pub mod store;
