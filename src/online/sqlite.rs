//! The server's room store: SQLite in one file, in WAL mode with `synchronous=NORMAL`.
//! Every event is its own transaction, committed before the server tells anyone
//! about it: a crash or a restart of the process loses nothing accepted. (A power
//! loss can lose the last transactions not yet checkpointed to disk: docs/online.md.)

use std::path::Path;

use rusqlite::{Connection, params};

use super::room::{Event, Header};
use super::store::{RoomStore, StoreError, StoredRoom};

/// Rooms in a SQLite database file.
#[derive(Debug)]
pub struct SqliteStore {
    db: Connection,
}

/// The tables' version (`PRAGMA user_version`).
const SCHEMA: i64 = 1;

fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError(e.to_string())
}

impl SqliteStore {
    /// The store in `path`, made if it does not exist.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let db = Connection::open(path).map_err(failed)?;
        db.pragma_update(None, "journal_mode", "WAL")
            .map_err(failed)?;
        db.pragma_update(None, "synchronous", "NORMAL")
            .map_err(failed)?;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(failed)?;
        let version: i64 = db
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(failed)?;
        if version > SCHEMA {
            return Err(StoreError(format!(
                "{} was written by a newer version (schema {version})",
                path.display()
            )));
        }
        db.execute_batch(
            "CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 header TEXT NOT NULL,
                 created INTEGER NOT NULL DEFAULT (unixepoch())
             );
             CREATE TABLE IF NOT EXISTS events (
                 code TEXT NOT NULL REFERENCES rooms(code),
                 idx INTEGER NOT NULL,
                 event TEXT NOT NULL,
                 PRIMARY KEY (code, idx)
             ) WITHOUT ROWID;",
        )
        .map_err(failed)?;
        db.pragma_update(None, "user_version", SCHEMA)
            .map_err(failed)?;
        Ok(Self { db })
    }
}

impl RoomStore for SqliteStore {
    fn create(&mut self, header: &Header) -> Result<(), StoreError> {
        let text = serde_json::to_string(header).map_err(failed)?;
        self.db
            .prepare_cached("INSERT INTO rooms (code, header) VALUES (?1, ?2)")
            .and_then(|mut insert| insert.execute(params![header.code, text]))
            .map_err(failed)?;
        Ok(())
    }

    fn append(&mut self, code: &str, index: u64, event: &Event) -> Result<(), StoreError> {
        let text = serde_json::to_string(event).map_err(failed)?;
        self.db
            .prepare_cached("INSERT INTO events (code, idx, event) VALUES (?1, ?2, ?3)")
            .and_then(|mut insert| insert.execute(params![code, index as i64, text]))
            .map_err(failed)?;
        Ok(())
    }

    fn load(&mut self) -> Result<Vec<StoredRoom>, StoreError> {
        let mut rooms: Vec<StoredRoom> = Vec::new();
        let mut headers = self
            .db
            .prepare("SELECT header FROM rooms ORDER BY code")
            .map_err(failed)?;
        let texts = headers
            .query_map([], |row| row.get::<_, String>(0))
            .map_err(failed)?;
        for text in texts {
            let header: Header = serde_json::from_str(&text.map_err(failed)?).map_err(failed)?;
            rooms.push(StoredRoom {
                header,
                events: Vec::new(),
            });
        }
        let mut events = self
            .db
            .prepare("SELECT code, event FROM events ORDER BY code, idx")
            .map_err(failed)?;
        let rows = events
            .query_map([], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
            })
            .map_err(failed)?;
        let mut at = 0;
        for row in rows {
            let (code, text) = row.map_err(failed)?;
            let event: Event = serde_json::from_str(&text).map_err(failed)?;
            // Both lists are in code order: walk the rooms along the events.
            while at < rooms.len() && rooms[at].header.code < code {
                at += 1;
            }
            match rooms.get_mut(at) {
                Some(room) if room.header.code == code => room.events.push(event),
                _ => return Err(StoreError(format!("an event of unknown room {code}"))),
            }
        }
        Ok(rooms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::protocol::SeatName;

    #[test]
    fn rooms_and_events_come_back_in_order() {
        let dir = std::env::temp_dir().join(format!("tabletop-sqlite-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("rooms.db");
        let header = |code: &str| Header {
            code: code.to_owned(),
            game: "tictactoe".to_owned(),
            chosen: Vec::new(),
            settings: Vec::new(),
            clock: None,
        };
        {
            let mut store = SqliteStore::open(&path).unwrap();
            store.create(&header("B")).unwrap();
            store.create(&header("A")).unwrap();
            let seat = Event::Seat {
                seat: SeatName::First,
                name: "Ada".to_owned(),
                token: "t".to_owned(),
            };
            store.append("B", 0, &seat).unwrap();
            store
                .append(
                    "B",
                    1,
                    &Event::Move {
                        mv: "b2".to_owned(),
                        at: None,
                    },
                )
                .unwrap();
            store
                .append(
                    "A",
                    0,
                    &Event::Move {
                        mv: "a1".to_owned(),
                        at: None,
                    },
                )
                .unwrap();
            assert!(
                store
                    .append(
                        "B",
                        1,
                        &Event::Resign {
                            seat: SeatName::First
                        }
                    )
                    .is_err()
            );
            assert!(store.create(&header("A")).is_err(), "a code is one room");
        }
        let rooms = SqliteStore::open(&path).unwrap().load().unwrap();
        assert_eq!(rooms.len(), 2);
        assert_eq!(rooms[0].header.code, "A");
        assert_eq!(
            rooms[0].events,
            [Event::Move {
                mv: "a1".to_owned(),
                at: None,
            }]
        );
        assert_eq!(rooms[1].events.len(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
