//! The online protocol's frames: JSON objects over one WebSocket, each with a
//! `"type"`. [`ClientFrame`] is what a client sends, [`ServerFrame`] what the server
//! sends; `docs/online.md` is the protocol's reference for anyone writing a client.
//!
//! [`decode`] reads a client's frame and never panics: a frame too long, not JSON, not
//! an object with a known `type`, or with a field missing or of the wrong kind is a
//! [`ProtocolError`] with a line saying why.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The protocol's version: a `hello` with another is refused.
pub const PROTOCOL: u32 = 1;

/// The longest frame a client may send, in bytes (a longer one closes the
/// connection with code 1009, "message too big").
pub const MAX_FRAME_BYTES: usize = 4096;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Which side a seat plays: the side that moves first, or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatName {
    /// The side that moves first (Black, X, Player 1, Red).
    First,
    /// The side that replies.
    Second,
}

impl SeatName {
    /// Both seats, first first.
    pub const BOTH: [SeatName; 2] = [SeatName::First, SeatName::Second];

    /// 0 for the first seat, 1 for the second.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            SeatName::First => 0,
            SeatName::Second => 1,
        }
    }

    /// The other seat.
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            SeatName::First => SeatName::Second,
            SeatName::Second => SeatName::First,
        }
    }
}

/// The seat a room's creator asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// Moves first.
    #[default]
    First,
    /// Replies.
    Second,
    /// A coin toss.
    Random,
}

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    /// The first frame of a connection: the protocol version and the player's name.
    Hello {
        /// [`PROTOCOL`].
        protocol: u32,
        /// 1 to [`MAX_NAME_CHARS`] characters, shown to the other player.
        name: String,
    },
    /// A new room for `game` with `settings` (any not given at their defaults), the
    /// creator in `seat`.
    Create {
        /// The game's name: `gomoku`.
        game: String,
        /// Settings by key, as the game's flags take them: `{"rule": "renju"}`.
        #[serde(default)]
        settings: BTreeMap<String, String>,
        /// The creator's seat.
        #[serde(default)]
        seat: SeatChoice,
        /// A time control, `5+3` (minutes each, seconds added a move); none: the
        /// game is untimed. The server keeps the clocks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<String>,
    },
    /// Takes the free seat of room `room` (or `seat`, if free).
    Join {
        /// The room's code.
        room: String,
        /// The seat wanted; any free one without it.
        #[serde(default)]
        seat: Option<SeatName>,
    },
    /// Watches room `room` as a spectator.
    Watch {
        /// The room's code.
        room: String,
    },
    /// Takes back one's seat after a dropped connection (or a restart of the client).
    Rejoin {
        /// The room's code.
        room: String,
        /// The seat token `created` or `joined` gave.
        token: String,
    },
    /// Makes a move, if the room's sequence number is still `seq`.
    Move {
        /// The sequence number the client last saw.
        seq: u64,
        /// The move in the game's notation: `h8`.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Asks the opponent to take back one's last move (and their reply after it).
    Takeback {
        /// The sequence number the client last saw.
        seq: u64,
    },
    /// Answers the opponent's takeback request.
    TakebackReply {
        /// Whether the moves are taken back.
        accept: bool,
    },
    /// Gives up the game.
    Resign,
    /// Asks for another game in the room, sides swapped (both must ask).
    Rematch,
    /// Leaves the room for good: the seat is shown as left.
    Leave,
}

impl ClientFrame {
    /// Its `type`, for messages.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            ClientFrame::Hello { .. } => "hello",
            ClientFrame::Create { .. } => "create",
            ClientFrame::Join { .. } => "join",
            ClientFrame::Watch { .. } => "watch",
            ClientFrame::Rejoin { .. } => "rejoin",
            ClientFrame::Move { .. } => "move",
            ClientFrame::Takeback { .. } => "takeback",
            ClientFrame::TakebackReply { .. } => "takeback_reply",
            ClientFrame::Resign => "resign",
            ClientFrame::Rematch => "rematch",
            ClientFrame::Leave => "leave",
        }
    }
}

/// How a seat's player is connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Nobody has taken the seat yet.
    Empty,
    /// The player is connected.
    Connected,
    /// The player's connection dropped; the seat waits for them to rejoin.
    Reconnecting,
    /// The player left the room.
    Left,
}

/// A seat as every client sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Which side.
    pub seat: SeatName,
    /// The player's name, once the seat is taken.
    pub name: Option<String>,
    /// How they are connected.
    pub presence: Presence,
}

/// Where a room's game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A seat is still empty: no move yet.
    Waiting,
    /// Both seats are taken and the game goes on.
    Playing,
    /// The game has ended.
    Over,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    /// The first seat won.
    First,
    /// The second seat won.
    Second,
    /// Nobody did.
    Draw,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// By the rules: a five, a full board, a full tray.
    Rules,
    /// A player resigned.
    Resign,
    /// A player's clock ran out.
    Time,
}

/// The whole state of a room, sent on create, join, watch and rejoin, and after a
/// rematch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The room's code.
    pub room: String,
    /// The game's name: `knucklebones`.
    pub game: String,
    /// Its settings by key; a seed is `null` until the game ends (the server keeps
    /// the dice secret).
    pub settings: BTreeMap<String, Option<String>>,
    /// Both seats.
    pub seats: [SeatView; 2],
    /// Which seat this client plays; `null` for a spectator.
    pub you: Option<SeatName>,
    /// The room's sequence number now.
    pub seq: u64,
    /// The moves so far, in notation.
    pub moves: Vec<String>,
    /// The outcomes of chance so far, oldest first: one for each position of the
    /// game (the start, then after each move, the last one included) that drew one
    /// (Knucklebones' dice); empty for games without chance.
    pub chance: Vec<String>,
    /// The state hash of the position ([`state_hash`](crate::games::GameRecord::state_hash)).
    pub hash: String,
    /// Where the game stands.
    pub status: Status,
    /// The result, once over.
    pub result: Option<Winner>,
    /// Why it ended, once over.
    pub reason: Option<EndReason>,
    /// The seat waiting for an answer to its takeback request, if any.
    pub takeback: Option<SeatName>,
    /// The time control, `5+3`; `null` for an untimed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    /// Each seat's time left in milliseconds, first seat first, as the server's
    /// clocks read when it sent this (the running one is the seat to act's); with
    /// `clock` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clocks: Option<[u64; 2]>,
}

/// An error's code: what a client can act on (the message says it to people).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not JSON, not an object, or a field is missing or wrong.
    BadFrame,
    /// The frame's `type` is no frame of this protocol.
    UnknownType,
    /// The first frame was not `hello`, or a second `hello` came.
    NotHello,
    /// The `hello` named another protocol version.
    Protocol,
    /// The name is empty, too long or has control characters.
    BadName,
    /// Too many frames too fast: this one was dropped.
    RateLimited,
    /// No such game.
    UnknownGame,
    /// A setting the game does not have, or a value it does not take.
    BadSetting,
    /// No room with that code.
    UnknownRoom,
    /// The token is not one of the room's seats.
    BadToken,
    /// Both seats are taken (watch instead).
    RoomFull,
    /// The connection is in a room already.
    InRoom,
    /// The frame needs a room, and the connection is in none.
    NoRoom,
    /// Spectators do not play.
    NotAPlayer,
    /// The other seat is still empty.
    NotStarted,
    /// It is the other side's turn.
    NotYourTurn,
    /// The sequence number is not the room's: the client missed a change.
    StaleSeq,
    /// The rules refuse the move.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// No takeback to ask for, or none to answer.
    NoTakeback,
    /// The game is not over: no rematch yet.
    NotOver,
    /// The server could not keep the change (its store failed); nothing changed.
    Unavailable,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// The answer to `hello`.
    Welcome {
        /// [`PROTOCOL`].
        protocol: u32,
        /// The server's name and version.
        server: String,
    },
    /// A room was made for this client, who sits in `seat`; keep `token` to rejoin.
    Created {
        /// The room's code.
        room: String,
        /// The creator's seat.
        seat: SeatName,
        /// The seat's token.
        token: String,
    },
    /// This client took `seat` of `room`; keep `token` to rejoin.
    Joined {
        /// The room's code.
        room: String,
        /// The seat.
        seat: SeatName,
        /// The seat's token.
        token: String,
    },
    /// The room as it is.
    Snapshot(Box<Snapshot>),
    /// A move the server accepted.
    Moved {
        /// The room's sequence number after it.
        seq: u64,
        /// The move, in notation.
        #[serde(rename = "move")]
        mv: String,
        /// Who made it.
        by: SeatName,
        /// The outcome of chance the new position drew (the next die), if any.
        chance: Option<String>,
        /// The state hash after it.
        hash: String,
        /// Each seat's time left in milliseconds after it (the mover's with its
        /// increment), first seat first; in a timed room only.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clocks: Option<[u64; 2]>,
    },
    /// A seat's player came, dropped, came back or left.
    Presence {
        /// Which seat.
        seat: SeatName,
        /// The player's name.
        name: Option<String>,
        /// How they are connected now.
        presence: Presence,
    },
    /// `by` asks to take back their last move.
    TakebackAsked {
        /// Who asks.
        by: SeatName,
    },
    /// The takeback request was declined (or a move made it moot).
    TakebackDeclined {
        /// Who asked.
        by: SeatName,
    },
    /// Moves were taken back: undo `plies` moves.
    TakenBack {
        /// The room's sequence number after it.
        seq: u64,
        /// How many moves to undo.
        plies: u32,
        /// The state hash after it.
        hash: String,
    },
    /// The game ended; `settings` now shows every setting, seeds too, so the game
    /// replays from its record.
    Ended {
        /// The room's sequence number.
        seq: u64,
        /// Who won.
        result: Winner,
        /// Why it ended.
        reason: EndReason,
        /// Every setting the game was played with.
        settings: BTreeMap<String, String>,
    },
    /// A seat asked for a rematch (the game starts when both have).
    RematchAsked {
        /// Who asked.
        by: SeatName,
    },
    /// Something was refused; nothing changed.
    Error {
        /// What went wrong, for programs.
        code: ErrorCode,
        /// What went wrong, for people (English).
        message: String,
    },
}

impl ServerFrame {
    /// An error frame.
    #[must_use]
    pub fn error(code: ErrorCode, message: impl Into<String>) -> Self {
        ServerFrame::Error {
            code,
            message: message.into(),
        }
    }

    /// The frame as the JSON text sent.
    #[must_use]
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("every server frame serialises")
    }

    /// Reads a server's frame (for clients).
    pub fn from_text(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("not a server frame: {e}"))
    }
}

/// Why a client's frame could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    /// [`ErrorCode::BadFrame`] or [`ErrorCode::UnknownType`].
    pub code: ErrorCode,
    /// Why, in one line.
    pub message: String,
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ProtocolError {}

impl From<ProtocolError> for ServerFrame {
    fn from(error: ProtocolError) -> Self {
        ServerFrame::error(error.code, error.message)
    }
}

/// The frame types a client may send.
const CLIENT_TYPES: [&str; 11] = [
    "hello",
    "create",
    "join",
    "watch",
    "rejoin",
    "move",
    "takeback",
    "takeback_reply",
    "resign",
    "rematch",
    "leave",
];

/// Reads a client's frame: never a panic, and every refusal says why in one line.
/// Fields a frame does not have are ignored (a newer client's extras).
pub fn decode(text: &str) -> Result<ClientFrame, ProtocolError> {
    let bad = |message: String| ProtocolError {
        code: ErrorCode::BadFrame,
        message,
    };
    if text.len() > MAX_FRAME_BYTES {
        return Err(bad(format!(
            "a frame of {} bytes: at most {MAX_FRAME_BYTES}",
            text.len()
        )));
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let Some(kind) = value.get("type") else {
        return Err(bad("not an object with a \"type\"".to_owned()));
    };
    let Some(kind) = kind.as_str().map(str::to_owned) else {
        return Err(bad("\"type\" is not a string".to_owned()));
    };
    if !CLIENT_TYPES.contains(&kind.as_str()) {
        return Err(ProtocolError {
            code: ErrorCode::UnknownType,
            message: format!(
                "no frame of type '{}' (the types: {})",
                kind.chars().take(32).collect::<String>(),
                CLIENT_TYPES.join(", ")
            ),
        });
    }
    serde_json::from_value(value).map_err(|e| bad(format!("a '{kind}' frame: {e}")))
}

/// The frame as the JSON text a client sends.
#[must_use]
pub fn encode(frame: &ClientFrame) -> String {
    serde_json::to_string(frame).expect("every client frame serialises")
}

/// Checks a player's name: 1 to [`MAX_NAME_CHARS`] characters, no control
/// characters, spaces at the ends trimmed.
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a name is needed".to_owned());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a name has at most {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(char::is_control) {
        return Err("a name has no control characters".to_owned());
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_frames_read_back_from_their_text() {
        let frames = [
            ClientFrame::Hello {
                protocol: PROTOCOL,
                name: "Ada".to_owned(),
            },
            ClientFrame::Create {
                game: "gomoku".to_owned(),
                settings: BTreeMap::from([("rule".to_owned(), "renju".to_owned())]),
                seat: SeatChoice::Random,
                clock: Some("5+3".to_owned()),
            },
            ClientFrame::Join {
                room: "ABCD2345".to_owned(),
                seat: Some(SeatName::Second),
            },
            ClientFrame::Move {
                seq: 3,
                mv: "h8".to_owned(),
            },
            ClientFrame::TakebackReply { accept: false },
            ClientFrame::Resign,
        ];
        for frame in frames {
            assert_eq!(decode(&encode(&frame)), Ok(frame.clone()), "{frame:?}");
        }
        assert_eq!(
            encode(&ClientFrame::Move {
                seq: 3,
                mv: "h8".to_owned()
            }),
            r#"{"type":"move","seq":3,"move":"h8"}"#
        );
        assert_eq!(
            decode(r#"{"type":"join","room":"X"}"#),
            Ok(ClientFrame::Join {
                room: "X".to_owned(),
                seat: None
            })
        );
    }

    #[test]
    fn bad_frames_say_why() {
        for (text, code, why) in [
            ("", ErrorCode::BadFrame, "not JSON"),
            ("[1,2]", ErrorCode::BadFrame, "not an object"),
            (r#"{"type":5}"#, ErrorCode::BadFrame, "not a string"),
            (
                r#"{"type":"dance"}"#,
                ErrorCode::UnknownType,
                "no frame of type 'dance'",
            ),
            (
                r#"{"type":"move","seq":1}"#,
                ErrorCode::BadFrame,
                "missing field `move`",
            ),
            (
                r#"{"type":"move","seq":-1,"move":"h8"}"#,
                ErrorCode::BadFrame,
                "a 'move' frame",
            ),
        ] {
            let error = decode(text).unwrap_err();
            assert_eq!(error.code, code, "{text}");
            assert!(error.message.contains(why), "{text}: {error}");
        }
        let long = format!(
            r#"{{"type":"hello","protocol":1,"name":"{}"}}"#,
            "x".repeat(5000)
        );
        assert!(decode(&long).unwrap_err().message.contains("at most 4096"));
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Ada "), Ok("Ada".to_owned()));
        assert!(check_name(" ").is_err());
        assert!(check_name(&"x".repeat(25)).is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert_eq!(check_name("棋手").as_deref(), Ok("棋手"));
    }

    #[test]
    fn server_frames_read_back() {
        let frame = ServerFrame::Moved {
            seq: 4,
            mv: "3".to_owned(),
            by: SeatName::First,
            chance: Some("5".to_owned()),
            hash: "00ff".to_owned(),
            clocks: Some([272_100, 300_000]),
        };
        let text = frame.to_text();
        assert!(
            text.starts_with(r#"{"type":"moved","seq":4,"move":"3","by":"first""#),
            "{text}"
        );
        assert_eq!(ServerFrame::from_text(&text), Ok(frame));
        let error = ServerFrame::error(ErrorCode::StaleSeq, "seq 3 is not the room's 4");
        assert!(error.to_text().contains(r#""code":"stale_seq""#));
    }
}
