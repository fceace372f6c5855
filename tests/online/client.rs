//! A plain client of the online server for the tests: a blocking WebSocket that reads
//! the server's frames one at a time and keeps a mirror of the room's game the way a
//! real client does (rebuilt from each snapshot, then moved by each frame), so that a
//! test can compare its hash with the server's after every change.

use std::net::TcpStream;
use std::time::Duration;

use tabletop::games::{self, GameRecord};
use tabletop::online::protocol::{
    ClientFrame, ErrorCode, PROTOCOL, SeatName, ServerFrame, Snapshot, encode,
};
use tabletop::rules::Settings;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long a test waits for a frame.
const PATIENCE: Duration = Duration::from_secs(10);

pub struct Client {
    name: String,
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    room: Option<String>,
    token: Option<String>,
    snapshot: Option<Snapshot>,
    mirror: Option<GameRecord>,
    seq: u64,
    server_hash: String,
}

impl Client {
    /// A connection that has said nothing yet.
    pub fn raw(url: &str) -> Self {
        let (ws, _) = tungstenite::connect(url).expect("the server takes the connection");
        if let MaybeTlsStream::Plain(stream) = ws.get_ref() {
            stream.set_read_timeout(Some(PATIENCE)).unwrap();
        }
        Self {
            name: String::new(),
            ws,
            room: None,
            token: None,
            snapshot: None,
            mirror: None,
            seq: 0,
            server_hash: String::new(),
        }
    }

    /// A connection that said hello as `name`.
    pub fn connect(url: &str, name: &str) -> Self {
        let mut client = Self::raw(url);
        client.name = name.to_owned();
        client.send(&ClientFrame::Hello {
            protocol: PROTOCOL,
            name: name.to_owned(),
        });
        let ServerFrame::Welcome { protocol, .. } = client.next() else {
            panic!("{name}: no welcome");
        };
        assert_eq!(protocol, PROTOCOL);
        client
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn send(&mut self, frame: &ClientFrame) {
        self.send_text(&encode(frame));
    }

    pub fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text))
            .expect("the frame goes out");
    }

    pub fn send_binary(&mut self, bytes: &[u8]) {
        self.ws
            .send(Message::binary(bytes.to_vec()))
            .expect("the frame goes out");
    }

    /// The next frame from the server, the mirror brought up to date by it.
    pub fn next(&mut self) -> ServerFrame {
        loop {
            let message = self
                .ws
                .read()
                .unwrap_or_else(|e| panic!("{}: no frame: {e}", self.name));
            let text = match message {
                Message::Text(text) => text.to_string(),
                Message::Close(frame) => panic!("{}: closed: {frame:?}", self.name),
                _ => continue,
            };
            let frame = ServerFrame::from_text(&text).expect("a server frame");
            self.follow(&frame);
            return frame;
        }
    }

    fn follow(&mut self, frame: &ServerFrame) {
        match frame {
            ServerFrame::Created { room, token, .. } | ServerFrame::Joined { room, token, .. } => {
                self.room = Some(room.clone());
                self.token = Some(token.clone());
            }
            ServerFrame::Snapshot(snapshot) => {
                let entry = games::find(&snapshot.game).expect("a game of this version");
                let settings = Settings::new(
                    snapshot
                        .settings
                        .iter()
                        .filter_map(|(key, value)| Some((key.as_str(), value.as_deref()?))),
                );
                let moves: Vec<&str> = snapshot.moves.iter().map(String::as_str).collect();
                let told: Vec<&str> = snapshot.chance.iter().map(String::as_str).collect();
                self.mirror = Some(
                    entry
                        .replay_told(&settings, &moves, &told)
                        .expect("the snapshot replays"),
                );
                self.room = Some(snapshot.room.clone());
                self.seq = snapshot.seq;
                self.server_hash.clone_from(&snapshot.hash);
                self.snapshot = Some((**snapshot).clone());
            }
            ServerFrame::Moved {
                seq,
                mv,
                chance,
                hash,
                ..
            } => {
                let mirror = self.mirror.as_mut().expect("a game to move in");
                mirror.play(mv).expect("the server's move plays");
                if let Some(outcome) = chance {
                    mirror.tell_chance(outcome).expect("the told outcome");
                }
                self.seq = *seq;
                self.server_hash.clone_from(hash);
            }
            ServerFrame::TakenBack { seq, plies, hash } => {
                let mirror = self.mirror.as_mut().expect("a game to take back in");
                for _ in 0..*plies {
                    mirror.undo().expect("a move to take back");
                }
                self.seq = *seq;
                self.server_hash.clone_from(hash);
            }
            ServerFrame::Ended { seq, .. } => self.seq = *seq,
            _ => {}
        }
    }

    /// The next frame if one comes within a few milliseconds (the mirror follows it).
    pub fn poll(&mut self) -> Option<ServerFrame> {
        if let MaybeTlsStream::Plain(stream) = self.ws.get_ref() {
            stream
                .set_read_timeout(Some(Duration::from_millis(2)))
                .unwrap();
        }
        let read = self.ws.read();
        if let MaybeTlsStream::Plain(stream) = self.ws.get_ref() {
            stream.set_read_timeout(Some(PATIENCE)).unwrap();
        }
        match read {
            Ok(Message::Text(text)) => {
                let frame = ServerFrame::from_text(&text).expect("a server frame");
                self.follow(&frame);
                Some(frame)
            }
            Ok(Message::Close(frame)) => panic!("{}: closed: {frame:?}", self.name),
            Ok(_) => None,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                None
            }
            Err(e) => panic!("{}: {e}", self.name),
        }
    }

    /// The next frame, which must be a snapshot.
    pub fn snapshot(&mut self) -> Snapshot {
        match self.next() {
            ServerFrame::Snapshot(snapshot) => *snapshot,
            other => panic!("{}: expected a snapshot, got {other:?}", self.name),
        }
    }

    /// The next frame, which must be a move.
    pub fn moved(&mut self) {
        match self.next() {
            ServerFrame::Moved { .. } => {}
            other => panic!("{}: expected a move, got {other:?}", self.name),
        }
    }

    /// The next frame, which must take back `plies` moves.
    pub fn taken_back(&mut self, plies: u32) {
        match self.next() {
            ServerFrame::TakenBack { plies: taken, .. } => assert_eq!(taken, plies),
            other => panic!("{}: expected a takeback, got {other:?}", self.name),
        }
    }

    /// The next frame, which must be an error with `code` (and a message).
    pub fn error(&mut self, code: ErrorCode) {
        match self.next() {
            ServerFrame::Error { code: got, message } => {
                assert_eq!(got, code, "{}: {message}", self.name);
                assert!(!message.is_empty());
            }
            other => panic!("{}: expected error {code:?}, got {other:?}", self.name),
        }
    }

    /// Takes back a seat with its token: the seat and the snapshot come.
    pub fn rejoin(&mut self, room: &str, token: &str) {
        self.send(&ClientFrame::Rejoin {
            room: room.to_owned(),
            token: token.to_owned(),
        });
        let ServerFrame::Joined { .. } = self.next() else {
            panic!("{}: rejoined", self.name);
        };
        self.snapshot();
    }

    /// Reads until the server closes the connection: its close code, if it sent one.
    pub fn close_code(&mut self) -> Option<u16> {
        loop {
            match self.ws.read() {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    }

    /// Reads until the connection ends (the server went away).
    pub fn closed(&mut self) {
        let _ = self.close_code();
    }

    pub fn mirror(&self) -> &GameRecord {
        self.mirror.as_ref().expect("in a room")
    }

    pub fn seq(&self) -> u64 {
        self.seq
    }

    pub fn token(&self) -> &str {
        self.token.as_deref().expect("a seat")
    }

    pub fn room(&self) -> String {
        self.room.clone().expect("a room")
    }

    pub fn last_snapshot(&self) -> &Snapshot {
        self.snapshot.as_ref().expect("a snapshot")
    }

    /// 0 if the first seat is to move, 1 if the second.
    pub fn to_move(&self) -> usize {
        let seat = SeatName::BOTH[self.mirror().side_to_move().index()];
        seat.index()
    }

    /// The mirror's hash and the server's last.
    pub fn hashes(&self) -> (String, String) {
        (self.mirror().state_hash(), self.server_hash.clone())
    }
}
