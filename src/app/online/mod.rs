//! Online play in the game: a room on a `tabletop-server` (docs/online.md), joined from
//! the menu, the command line (`--room CODE`) or a link (`?room=CODE`), on the
//! desktop and in the browser alike (aeronet's WebSocket client).
//!
//! The connection ([`link`]) says hello, then creates, joins, watches or rejoins, and
//! reconnects by itself with a growing pause after a drop, taking the room back with
//! the seat's token. The room's state ([`OnlineRoom`]) follows the server's frames;
//! the game on the table follows them too ([`play`], per game): a snapshot puts the
//! room's game on the table, each accepted move is played through the move path's
//! referee gate ([`MoveGate::Remote`]), so nothing the server did not accept is ever
//! on the table. Undo asks the opponent for a takeback, New game for a rematch.
//! [`panel`] is the menu's Online section and the HUD's room rows.
//!
//! Nothing here names a game: the room's game is any of the registry's.

mod link;
pub(super) mod panel;
mod play;

use std::collections::VecDeque;
use std::time::Duration;

use bevy::prelude::*;

use super::table::{
    AppSystems, GameKind, MoveGate, NewGameRequested, Players, Screen, TableGame, UndoRequested,
    put_on_hold,
};
use crate::clocks::{GameClocks, TimeControl};
use crate::games;
use crate::online::protocol::{
    ClientFrame, EndReason, ErrorCode, Presence, SeatChoice, SeatName, SeatView, ServerFrame,
    Snapshot, Status, Winner,
};
use crate::record::{PlayerKind, SavedClock};
use crate::rules::{Player, Settings};

pub use link::{LinkState, OnlineLink};

/// Where the server is and who the player is: from the command line (`--server`,
/// `--name`), the settings file, or the page (its own `/ws`).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OnlineSettings {
    /// The server's WebSocket address: `ws://127.0.0.1:8080/ws`.
    pub server: String,
    /// The name the other player sees.
    pub name: String,
    /// Who plays this app's seat in a room: the person (clicks and keys), or an AI
    /// playing online on their behalf.
    pub player: PlayerKind,
}

impl Default for OnlineSettings {
    fn default() -> Self {
        Self {
            server: default_server(),
            name: "Player".to_owned(),
            player: PlayerKind::Human,
        }
    }
}

/// The server a new player starts with: the page's own in a browser (`wss://` on an
/// `https://` page), a local one on the desktop.
#[must_use]
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(server) = crate::app::web::page_server() {
        return server;
    }
    "ws://127.0.0.1:8080/ws".to_owned()
}

/// The page that opens a room in the browser build: the server's own address with
/// `?room=CODE` (`ws://host:8080/ws` gives `http://host:8080/?room=CODE`).
#[must_use]
pub fn room_link(server: &str, code: &str) -> String {
    let web = if let Some(rest) = server.strip_prefix("wss://") {
        format!("https://{rest}")
    } else if let Some(rest) = server.strip_prefix("ws://") {
        format!("http://{rest}")
    } else {
        server.to_owned()
    };
    let base = web
        .strip_suffix("/ws")
        .unwrap_or(&web)
        .trim_end_matches('/');
    format!("{base}/?room={code}")
}

/// What the player asks of the online side (the menu's and the HUD's buttons).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum OnlineRequest {
    /// A new room for the game chosen in the menu, with its settings.
    Create {
        /// The game's name.
        game: String,
        /// Its settings by key (seeds left out: the server draws them).
        settings: Vec<(String, String)>,
        /// The seat to take.
        seat: SeatChoice,
        /// The time control the server keeps; none: untimed.
        clock: Option<TimeControl>,
    },
    /// Takes the free seat of a room, or watches it if both are taken.
    Join {
        /// Its code.
        room: String,
    },
    /// Watches a room.
    Watch {
        /// Its code.
        room: String,
    },
    /// Asks the opponent to take back one's last move.
    Takeback,
    /// Answers the opponent's takeback request.
    AnswerTakeback(bool),
    /// Gives up the game.
    Resign,
    /// Asks for another game, sides swapped.
    Rematch,
    /// Leaves the room.
    Leave,
}

/// The room this app is in, as the server's frames say (present while in one).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OnlineRoom {
    /// Its code.
    pub code: String,
    /// The seat's token (to rejoin), for a player.
    pub token: Option<String>,
    /// This app's seat; `None` for a spectator.
    pub you: Option<SeatName>,
    /// The game's name, once the first snapshot came.
    pub game: Option<String>,
    /// Both seats.
    pub seats: [SeatView; 2],
    /// The room's sequence number.
    pub seq: u64,
    /// Where the game stands.
    pub status: Status,
    /// The result, once over.
    pub result: Option<(Winner, EndReason)>,
    /// The seat waiting for an answer to its takeback request.
    pub takeback: Option<SeatName>,
    /// The seat that asked for a rematch.
    pub rematch: Option<SeatName>,
    /// The last thing refused, for the HUD.
    pub notice: Option<String>,
    /// A move this app proposed that no frame has answered yet: its room sequence
    /// number and notation, sent again after a reconnection if still due.
    pub unanswered: Option<(u64, String)>,
    /// The hash the game on the table must have once the frames read are played.
    pub expected_hash: Option<String>,
    /// The server's clock readings (milliseconds, first seat first) after the last
    /// move read, for the table once it has played it.
    pub clock_readings: Option<[u64; 2]>,
}

impl OnlineRoom {
    fn new(code: String) -> Self {
        Self {
            code,
            token: None,
            you: None,
            game: None,
            seats: SeatName::BOTH.map(|seat| SeatView {
                seat,
                name: None,
                presence: Presence::Empty,
            }),
            seq: 0,
            status: Status::Waiting,
            result: None,
            takeback: None,
            rematch: None,
            notice: None,
            unanswered: None,
            expected_hash: None,
            clock_readings: None,
        }
    }

    /// The opponent's seat, for a player.
    #[must_use]
    pub fn opponent(&self) -> Option<&SeatView> {
        self.you.map(|you| &self.seats[you.other().index()])
    }
}

/// The server's frames not yet followed, oldest first.
#[derive(Resource, Default, Debug)]
struct Inbox(VecDeque<ServerFrame>);

/// The frames that change the game on the table (moves, takebacks), handed to the
/// game's own systems ([`play`]) in order.
#[derive(Resource, Default, Debug)]
struct GameFrames(Vec<ServerFrame>);

/// The online side of the app: the connection, the room's state, the requests.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineSettings>()
        .init_resource::<Inbox>()
        .init_resource::<GameFrames>()
        .add_message::<OnlineRequest>()
        .add_plugins(link::plugin)
        .add_systems(
            Update,
            (carry_out_requests, follow_room)
                .chain()
                .in_set(AppSystems::RecordInput),
        )
        .add_systems(OnExit(Screen::Playing), leave_on_exit);
}

/// The online side of game `G`.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    play::plugin::<G>(app);
}

/// The player's requests, as frames (queued until the connection is up).
fn carry_out_requests(
    mut requests: MessageReader<OnlineRequest>,
    mut undo: MessageReader<UndoRequested>,
    mut new_game: MessageReader<NewGameRequested>,
    mut link: ResMut<OnlineLink>,
    room: Option<ResMut<OnlineRoom>>,
    mut commands: Commands,
) {
    let mut room = room;
    let asked: Vec<OnlineRequest> = requests.read().cloned().collect();
    // Undo and New game on the table of an online game are the room's business.
    let undos = undo.read().count();
    let new_games = new_game.read().count();
    if let Some(room) = room.as_deref_mut() {
        if undos > 0 && room.you.is_some() && room.takeback.is_none() {
            link.send(ClientFrame::Takeback { seq: room.seq });
        }
        if new_games > 0 && room.status == Status::Over {
            link.send(ClientFrame::Rematch);
        }
    }
    for request in asked {
        match request {
            OnlineRequest::Create {
                game,
                settings,
                seat,
                clock,
            } => {
                link.leave_room();
                link.send(ClientFrame::Create {
                    game,
                    settings: settings.into_iter().collect(),
                    seat,
                    clock: clock.map(|control| control.to_string()),
                });
            }
            OnlineRequest::Join { room: code } => {
                link.leave_room();
                link.send(ClientFrame::Join {
                    room: code,
                    seat: None,
                });
            }
            OnlineRequest::Watch { room: code } => {
                link.leave_room();
                link.send(ClientFrame::Watch { room: code });
            }
            OnlineRequest::Takeback => {
                if let Some(room) = room.as_deref() {
                    link.send(ClientFrame::Takeback { seq: room.seq });
                }
            }
            OnlineRequest::AnswerTakeback(accept) => {
                link.send(ClientFrame::TakebackReply { accept });
            }
            OnlineRequest::Resign => link.send(ClientFrame::Resign),
            OnlineRequest::Rematch => link.send(ClientFrame::Rematch),
            OnlineRequest::Leave => {
                link.cancel();
                if room.is_some() {
                    commands.remove_resource::<OnlineRoom>();
                    commands.insert_resource(MoveGate::Local);
                    room = None;
                }
            }
        }
    }
}

/// Leaving the table leaves the room.
fn leave_on_exit(room: Option<Res<OnlineRoom>>, mut requests: MessageWriter<OnlineRequest>) {
    if room.is_some() {
        requests.write(OnlineRequest::Leave);
    }
}

/// Follows the server's frames in order: the room's state, and the game on the
/// table through [`GameFrames`]. It stops after a snapshot (the game it puts on the
/// table comes the next frame) and around a takeback (one a frame, after the moves
/// before it), so the game's systems always play the frames in their order.
fn follow_room(
    mut inbox: ResMut<Inbox>,
    mut game_frames: ResMut<GameFrames>,
    room: Option<ResMut<OnlineRoom>>,
    mut link: ResMut<OnlineLink>,
    mut commands: Commands,
) {
    let mut room = room;
    let mut fresh: Option<OnlineRoom> = None;
    while let Some(frame) = inbox.0.front() {
        let moves_waiting = !game_frames.0.is_empty();
        match frame {
            ServerFrame::TakenBack { .. } if moves_waiting => break,
            ServerFrame::Moved { .. } | ServerFrame::TakenBack { .. } => {
                let frame = inbox.0.pop_front().expect("a frame");
                let stop = matches!(frame, ServerFrame::TakenBack { .. });
                game_frames.0.push(frame);
                if stop {
                    break;
                }
                continue;
            }
            _ => {}
        }
        let frame = inbox.0.pop_front().expect("a frame");
        let in_a_room = room.is_some() || fresh.is_some();
        let kept_room = room.is_some();
        let target = match (room.as_deref_mut(), fresh.as_mut()) {
            (_, Some(fresh)) => Some(fresh),
            (Some(room), None) => Some(room),
            (None, None) => None,
        };
        match frame {
            ServerFrame::Created {
                room: code,
                seat,
                token,
            }
            | ServerFrame::Joined {
                room: code,
                seat,
                token,
            } => {
                let mut new = match target {
                    Some(room) if room.code == code => room.clone(),
                    _ => OnlineRoom::new(code.clone()),
                };
                new.you = Some(seat);
                new.token = Some(token.clone());
                link.remember(&code, Some(token));
                fresh = Some(new);
            }
            ServerFrame::Snapshot(snapshot) => {
                let mut new = match target {
                    Some(room) if room.code == snapshot.room => room.clone(),
                    _ => {
                        link.remember(&snapshot.room, None);
                        OnlineRoom::new(snapshot.room.clone())
                    }
                };
                take_snapshot(&mut new, &snapshot, &mut link);
                commands.queue(move |world: &mut World| put_room_game_on_table(&snapshot, world));
                fresh = Some(new);
                break;
            }
            ServerFrame::Presence {
                seat,
                name,
                presence,
            } => {
                if let Some(room) = target {
                    room.seats[seat.index()] = SeatView {
                        seat,
                        name,
                        presence,
                    };
                    // The server's rule: the game is on once both seats are taken.
                    if room.status == Status::Waiting
                        && room.seats.iter().all(|s| s.presence != Presence::Empty)
                    {
                        room.status = Status::Playing;
                    }
                }
            }
            ServerFrame::TakebackAsked { by } => {
                if let Some(room) = target {
                    room.takeback = Some(by);
                }
            }
            ServerFrame::TakebackDeclined { .. } => {
                if let Some(room) = target {
                    room.takeback = None;
                }
            }
            ServerFrame::RematchAsked { by } => {
                if let Some(room) = target {
                    room.rematch = Some(by);
                }
            }
            ServerFrame::Ended {
                seq,
                result,
                reason,
                ..
            } => {
                if let Some(room) = target {
                    room.seq = seq;
                    room.status = Status::Over;
                    room.result = Some((result, reason));
                    room.takeback = None;
                }
            }
            ServerFrame::Error { code, message } => {
                warn!("the server refused: {message}");
                match code {
                    // A full room is watched instead (a link opened by a third).
                    ErrorCode::RoomFull if !in_a_room => {
                        if let Some(code) = link.pending_join() {
                            link.send(ClientFrame::Watch { room: code });
                        }
                    }
                    // The seat is gone (a token from another server): stop trying.
                    ErrorCode::BadToken | ErrorCode::UnknownRoom => {
                        link.forget();
                        if kept_room {
                            commands.remove_resource::<OnlineRoom>();
                            commands.insert_resource(MoveGate::Local);
                        }
                    }
                    ErrorCode::StaleSeq => link.resync(),
                    _ => {}
                }
                if let Some(room) = target {
                    room.unanswered = None;
                    room.notice = Some(message);
                } else {
                    link.set_notice(message);
                }
            }
            ServerFrame::Welcome { .. }
            | ServerFrame::Moved { .. }
            | ServerFrame::TakenBack { .. } => {}
        }
    }
    if let Some(fresh) = fresh {
        commands.insert_resource(fresh);
    }
}

/// The room's state from a snapshot; a move this app proposed before a drop is sent
/// again if the room still waits for it.
fn take_snapshot(room: &mut OnlineRoom, snapshot: &Snapshot, link: &mut OnlineLink) {
    room.you = snapshot.you;
    room.game = Some(snapshot.game.clone());
    room.seats = snapshot.seats.clone();
    room.seq = snapshot.seq;
    room.status = snapshot.status;
    room.result = snapshot.result.zip(snapshot.reason);
    room.takeback = snapshot.takeback;
    room.rematch = None;
    room.expected_hash = None;
    if let Some((seq, mv)) = room.unanswered.take()
        && seq == snapshot.seq
        && snapshot.status == Status::Playing
    {
        link.send(ClientFrame::Move {
            seq,
            mv: mv.clone(),
        });
        room.unanswered = Some((seq, mv));
    }
}

/// Puts the snapshot's game on the table, behind the referee's gate, with the seats
/// as the room has them: this app's seat played here (by whom
/// [`OnlineSettings::player`] says), the other online.
fn put_room_game_on_table(snapshot: &Snapshot, world: &mut World) {
    let Some(entry) = games::find(&snapshot.game) else {
        error!(
            "the room's game '{}' is not one of this version",
            snapshot.game
        );
        return;
    };
    let settings = Settings::new(
        snapshot
            .settings
            .iter()
            .filter_map(|(key, value)| Some((key.as_str(), value.as_deref()?))),
    );
    let moves: Vec<&str> = snapshot.moves.iter().map(String::as_str).collect();
    let told: Vec<&str> = snapshot.chance.iter().map(String::as_str).collect();
    let record = match entry.replay_told(&settings, &moves, &told) {
        Ok(record) => record,
        Err(why) => {
            error!("the room's game does not replay: {why:?}");
            return;
        }
    };
    // A timed room's clocks as the server read them, and a loss on time.
    let clock = snapshot
        .clock
        .as_deref()
        .and_then(|text| text.parse::<TimeControl>().ok())
        .map(|control| SavedClock {
            clocks: GameClocks::with_left(
                control,
                snapshot
                    .clocks
                    .map_or([control.base; 2], |left| left.map(Duration::from_millis)),
            ),
            flagged: match (snapshot.result, snapshot.reason) {
                (Some(Winner::First), Some(EndReason::Time)) => Some(Player::Second),
                (Some(Winner::Second), Some(EndReason::Time)) => Some(Player::First),
                _ => None,
            },
            times: Vec::new(),
        });
    let kind = match put_on_hold(record, None, clock, world) {
        Ok(kind) => kind,
        Err(why) => {
            error!("{why}");
            return;
        }
    };
    world.insert_resource(MoveGate::Remote);
    let here = match world.get_resource_or_init::<OnlineSettings>().player {
        PlayerKind::Online => PlayerKind::Human,
        kind => kind,
    };
    let mut players = world.resource_mut::<Players>();
    for side in Player::BOTH {
        let mine = snapshot.you.is_some_and(|you| you.index() == side.index());
        players.set(side, if mine { here } else { PlayerKind::Online });
    }
    // Only a change: a new snapshot of the game on the table (a reconnection) keeps
    // it there, where setting the same screen would leave and enter it again.
    NextState::set_if_neq(&mut world.resource_mut::<NextState<GameKind>>(), kind);
    NextState::set_if_neq(
        &mut world.resource_mut::<NextState<Screen>>(),
        Screen::Playing,
    );
    info!(
        "online room {}: {} with {} moves, {}",
        snapshot.room,
        snapshot.game,
        snapshot.moves.len(),
        snapshot
            .you
            .map_or("watching".to_owned(), |seat| format!("playing {seat:?}"))
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_open_the_room_in_the_browser_build() {
        assert_eq!(
            room_link("ws://127.0.0.1:8080/ws", "7KQ2M9XD"),
            "http://127.0.0.1:8080/?room=7KQ2M9XD"
        );
        assert_eq!(
            room_link("wss://games.example.org/ws", "AB"),
            "https://games.example.org/?room=AB"
        );
    }
}
