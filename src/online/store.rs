//! Where the server keeps its rooms: a small trait, so that another backend fits (a
//! database shared by several servers, see docs/online.md), and an in-memory one for
//! tests. The server's own is SQLite (`online::sqlite`, the `server` feature).
//!
//! A room is its [`Header`] and its [`Event`]s in order; the server keeps each event
//! before it tells anyone about it, so whatever a client saw survives a restart.

use std::collections::BTreeMap;
use std::fmt;

use super::room::{Event, Header};

/// Why the store could not keep or read something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the room store: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

/// A room as the store gives it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    /// What it was made from.
    pub header: Header,
    /// Its events, oldest first.
    pub events: Vec<Event>,
}

/// A place to keep rooms.
pub trait RoomStore: Send {
    /// Keeps a new room.
    fn create(&mut self, header: &Header) -> Result<(), StoreError>;
    /// Keeps room `code`'s next event (its `index`-th, from 0), durably, before it is
    /// applied and told.
    fn append(&mut self, code: &str, index: u64, event: &Event) -> Result<(), StoreError>;
    /// Every room kept, with its events.
    fn load(&mut self) -> Result<Vec<StoredRoom>, StoreError>;
}

/// Rooms in memory: gone with the process (tests, and a server told to keep nothing).
#[derive(Debug, Default)]
pub struct MemoryStore {
    rooms: BTreeMap<String, StoredRoom>,
}

impl RoomStore for MemoryStore {
    fn create(&mut self, header: &Header) -> Result<(), StoreError> {
        self.rooms.insert(
            header.code.clone(),
            StoredRoom {
                header: header.clone(),
                events: Vec::new(),
            },
        );
        Ok(())
    }

    fn append(&mut self, code: &str, index: u64, event: &Event) -> Result<(), StoreError> {
        let room = self
            .rooms
            .get_mut(code)
            .ok_or_else(|| StoreError(format!("no room {code}")))?;
        if room.events.len() as u64 != index {
            return Err(StoreError(format!(
                "room {code}: event {index} after {} events",
                room.events.len()
            )));
        }
        room.events.push(event.clone());
        Ok(())
    }

    fn load(&mut self) -> Result<Vec<StoredRoom>, StoreError> {
        Ok(self.rooms.values().cloned().collect())
    }
}
