//! The connection to the server: one aeronet WebSocket session at a time, a `hello`
//! as it opens, the frames queued until the server's `welcome`, and after a drop a
//! new connection by itself, after a pause that doubles with each failure (half a
//! second up to 8 s), which takes the room back (`rejoin` with the seat's token, or
//! `watch`) before anything else is sent.

use std::collections::VecDeque;
use std::time::Duration;

use aeronet_io::connection::Disconnected;
use aeronet_io::{IoSystems, Session};
use aeronet_websocket::client::{ClientConfig, WebSocketClient, WebSocketClientPlugin};
use bevy::prelude::*;

use super::{Inbox, OnlineSettings};
use crate::online::protocol::{ClientFrame, PROTOCOL, ServerFrame, check_name, encode};

/// The pause before the first reconnection; each failure doubles it.
const FIRST_PAUSE: Duration = Duration::from_millis(500);
/// The longest pause between reconnections.
const LONGEST_PAUSE: Duration = Duration::from_secs(8);

/// How the app is connected to the server.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LinkState {
    /// No connection, none needed.
    #[default]
    Offline,
    /// Opening a connection, or waiting for the server's welcome.
    Connecting,
    /// Connected, and welcomed.
    Connected,
    /// The connection dropped: another one is coming.
    Reconnecting,
}

/// The connection, and the frames waiting for it.
#[derive(Resource, Default)]
pub struct OnlineLink {
    session: Option<Entity>,
    state: LinkState,
    welcomed: bool,
    outbox: VecDeque<ClientFrame>,
    /// Failed connections in a row.
    attempt: u32,
    /// When the next connection may open (`Time<Real>`'s clock).
    retry_at: Duration,
    /// The room to take back after a new connection: its code, and the seat's token
    /// (none: watch it).
    rejoin: Option<(String, Option<String>)>,
    /// A join not answered yet: a full room is watched instead.
    joining: Option<String>,
    /// Why the last attempt failed, for the menu.
    notice: Option<String>,
    #[cfg(not(target_arch = "wasm32"))]
    config: Option<ClientConfig>,
}

impl OnlineLink {
    /// How it is connected.
    #[must_use]
    pub fn state(&self) -> LinkState {
        self.state
    }

    /// Why the last attempt failed, if it did.
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Sends `frame` once connected (at once if it is).
    pub fn send(&mut self, frame: ClientFrame) {
        if let ClientFrame::Join { room, .. } = &frame {
            self.joining = Some(room.clone());
        }
        self.notice = None;
        self.outbox.push_back(frame);
    }

    /// Leaves the room it would take back, if any.
    pub(super) fn leave_room(&mut self) {
        if self.rejoin.take().is_some() && self.welcomed {
            self.outbox.push_back(ClientFrame::Leave);
        }
    }

    /// Keeps room `code` (and the seat's `token`) to take back after a drop.
    pub(super) fn remember(&mut self, code: &str, token: Option<String>) {
        self.joining = None;
        let token = token.or_else(|| match &self.rejoin {
            Some((kept, token)) if kept == code => token.clone(),
            _ => None,
        });
        self.rejoin = Some((code.to_owned(), token));
    }

    /// The room is gone, or its seat: nothing to take back.
    pub(super) fn forget(&mut self) {
        self.rejoin = None;
        self.joining = None;
    }

    /// The join waiting for an answer, taken.
    pub(super) fn pending_join(&mut self) -> Option<String> {
        self.joining.take()
    }

    /// Asks for the room's state again (the game here is out of step with it).
    pub(super) fn resync(&mut self) {
        if let Some(frame) = self.take_back_frame() {
            self.outbox.push_front(frame);
        }
    }

    /// Stops everything: nothing left to send, no room to take back (the player
    /// left, or gave up connecting). A room in play is left.
    pub(super) fn cancel(&mut self) {
        self.outbox.clear();
        if self.rejoin.take().is_some() && self.welcomed {
            self.outbox.push_back(ClientFrame::Leave);
        }
        self.joining = None;
        if self.session.is_none() {
            self.state = LinkState::Offline;
            self.attempt = 0;
        }
    }

    pub(super) fn set_notice(&mut self, notice: String) {
        self.notice = Some(notice);
    }

    fn take_back_frame(&self) -> Option<ClientFrame> {
        let (room, token) = self.rejoin.clone()?;
        Some(match token {
            Some(token) => ClientFrame::Rejoin { room, token },
            None => ClientFrame::Watch { room },
        })
    }

    fn has_work(&self) -> bool {
        !self.outbox.is_empty() || self.rejoin.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(WebSocketClientPlugin)
        .init_resource::<OnlineLink>()
        .add_observer(say_hello)
        .add_observer(dropped)
        .add_systems(PreUpdate, receive.after(IoSystems::Poll))
        .add_systems(Update, connect)
        .add_systems(PostUpdate, flush.before(IoSystems::Flush));
}

/// Opens a connection when there is something to send and none is open (after the
/// pause, following a failure).
fn connect(
    mut commands: Commands,
    mut link: ResMut<OnlineLink>,
    settings: Res<OnlineSettings>,
    time: Res<Time<Real>>,
) {
    if link.session.is_some() || !link.has_work() || time.elapsed() < link.retry_at {
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    let config = link
        .config
        .get_or_insert_with(|| ClientConfig::builder().with_native_certs())
        .clone();
    #[cfg(target_arch = "wasm32")]
    let config = ClientConfig;
    let session = commands
        .spawn(Name::new("Online session"))
        .queue(WebSocketClient::connect(config, settings.server.clone()))
        .id();
    info!("connecting to {}", settings.server);
    link.session = Some(session);
    link.welcomed = false;
    if link.state != LinkState::Reconnecting {
        link.state = LinkState::Connecting;
    }
}

/// The connection opened: say who this is.
fn say_hello(
    opened: On<Add, Session>,
    link: Res<OnlineLink>,
    settings: Res<OnlineSettings>,
    mut sessions: Query<&mut Session>,
) {
    let entity = opened.event_target();
    if link.session != Some(entity) {
        return;
    }
    let name = check_name(&settings.name).unwrap_or_else(|_| "Player".to_owned());
    if let Ok(mut session) = sessions.get_mut(entity) {
        let hello = ClientFrame::Hello {
            protocol: PROTOCOL,
            name,
        };
        session.send.push(encode(&hello).into_bytes().into());
    }
}

/// The server's frames, into the inbox (the welcome is the link's own).
fn receive(
    mut link: ResMut<OnlineLink>,
    mut sessions: Query<&mut Session, With<WebSocketClient>>,
    mut inbox: ResMut<Inbox>,
) {
    let Some(entity) = link.session else { return };
    let Ok(mut session) = sessions.get_mut(entity) else {
        return;
    };
    for packet in session.recv.drain(..) {
        let Ok(text) = std::str::from_utf8(&packet.payload) else {
            warn!("the server sent a frame that is not text");
            continue;
        };
        let frame = match ServerFrame::from_text(text) {
            Ok(frame) => frame,
            Err(why) => {
                warn!("{why}");
                continue;
            }
        };
        if let ServerFrame::Welcome { server, .. } = &frame {
            info!("connected to {server}");
            link.welcomed = true;
            link.attempt = 0;
            link.state = LinkState::Connected;
            // The room comes back first: what was queued since goes to it.
            if let Some(frame) = link.take_back_frame() {
                link.outbox.push_front(frame);
            }
            continue;
        }
        inbox.0.push_back(frame);
    }
}

/// The queued frames go out once the server has welcomed this client.
fn flush(mut link: ResMut<OnlineLink>, mut sessions: Query<&mut Session, With<WebSocketClient>>) {
    if !link.welcomed {
        return;
    }
    let Some(entity) = link.session else { return };
    let Ok(mut session) = sessions.get_mut(entity) else {
        return;
    };
    while let Some(frame) = link.outbox.pop_front() {
        session.send.push(encode(&frame).into_bytes().into());
    }
}

/// The connection dropped (or never opened): another comes after a pause, if there
/// is a room to take back or a frame to send.
fn dropped(closed: On<Disconnected>, mut link: ResMut<OnlineLink>, time: Res<Time<Real>>) {
    if link.session != Some(closed.event_target()) {
        return;
    }
    let why = format!("{:?}", closed.reason);
    warn!("the connection to the server dropped: {why}");
    link.session = None;
    link.welcomed = false;
    if link.has_work() {
        let pause = FIRST_PAUSE
            .saturating_mul(1 << link.attempt.min(5))
            .min(LONGEST_PAUSE);
        link.attempt += 1;
        link.retry_at = time.elapsed() + pause;
        link.state = if link.rejoin.is_some() {
            LinkState::Reconnecting
        } else {
            LinkState::Connecting
        };
        if link.rejoin.is_none() {
            link.notice = Some(why);
        }
    } else {
        link.state = LinkState::Offline;
    }
}
