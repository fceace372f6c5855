//! `tabletop-server`: rooms over WebSockets, on tokio and axum. One process holds every
//! room in memory (each behind its own lock) and keeps each accepted change in its
//! store before telling anyone; it also serves the web build, so hosting is one
//! command and the page finds the server at its own `/ws`.
//!
//! Each connection is one task: it reads frames (at most
//! [`MAX_FRAME_BYTES`](super::protocol::MAX_FRAME_BYTES) each, at the [`Rate`] the
//! server allows), hands them to the room, and writes what the room says to send. A
//! frame that is refused gets an `error` frame and changes nothing.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};
use tower_http::services::ServeDir;

use super::protocol::{
    ClientFrame, ErrorCode, PROTOCOL, Presence, ServerFrame, check_name, decode,
};
use super::room::{Answer, Event, Refusal, Role, Room, Tell, new_code, normalise_code};
use super::store::RoomStore;

/// How fast a connection may send frames: a token bucket.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Frames it may send at once.
    pub burst: f64,
    /// Frames a second on average.
    pub per_second: f64,
}

/// A person clicks far slower; a flood is cut at once.
impl Default for Rate {
    fn default() -> Self {
        Self {
            burst: 30.0,
            per_second: 15.0,
        }
    }
}

/// Frames in a row dropped for coming too fast before the connection is closed
/// (code 1008, policy violation).
const FLOOD_LIMIT: u32 = 200;
/// The largest WebSocket message the transport takes at all; a larger one closes
/// the connection (code 1009). Frames between
/// [`MAX_FRAME_BYTES`](super::protocol::MAX_FRAME_BYTES) and this are refused with an
/// error frame.
const TRANSPORT_LIMIT: usize = 64 * 1024;

/// The rooms, and where they are kept.
pub struct Hub {
    rooms: Mutex<HashMap<String, Arc<Mutex<Live>>>>,
    store: Mutex<Box<dyn RoomStore>>,
    next_id: AtomicU64,
    rate: Rate,
}

/// A room with the connections in it.
struct Live {
    room: Room,
    /// Events kept so far (the next one's index in the store).
    events: u64,
    members: Vec<Member>,
}

/// A connection in a room.
struct Member {
    id: u64,
    role: Role,
    tx: mpsc::UnboundedSender<Message>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Hub {
    /// The rooms `store` keeps, loaded and replayed (rooms of games this version does
    /// not have are left out), each connection sending at `rate`.
    pub fn load(mut store: Box<dyn RoomStore>, rate: Rate) -> Result<Arc<Self>, String> {
        let mut rooms = HashMap::new();
        for stored in store.load().map_err(|e| e.to_string())? {
            let code = stored.header.code.clone();
            let Some(mut room) = Room::new(stored.header) else {
                eprintln!("room {code}: not a game of this version, left out");
                continue;
            };
            for event in &stored.events {
                room.apply(event);
            }
            for seat in super::protocol::SeatName::BOTH {
                // Nobody is connected after a start: every player has to rejoin.
                if room.snapshot(None).seats[seat.index()].presence == Presence::Connected {
                    room.set_presence(seat, Presence::Reconnecting);
                }
            }
            let live = Live {
                room,
                events: stored.events.len() as u64,
                members: Vec::new(),
            };
            rooms.insert(code, Arc::new(Mutex::new(live)));
        }
        Ok(Arc::new(Self {
            rooms: Mutex::new(rooms),
            store: Mutex::new(store),
            next_id: AtomicU64::new(1),
            rate,
        }))
    }

    /// How many rooms it holds.
    #[must_use]
    pub fn room_count(&self) -> usize {
        lock(&self.rooms).len()
    }

    /// Ends on time, at `now` (milliseconds since the Unix epoch), every game whose
    /// running clock has run out, keeping the loss in the store first.
    pub fn check_clocks(&self, now: u64) {
        let rooms: Vec<Arc<Mutex<Live>>> = lock(&self.rooms).values().cloned().collect();
        for live in rooms {
            let mut live = lock(&live);
            live.room.set_now(now);
            if let Some(flag) = live.room.flag_due()
                && let Err((_, why)) = keep_and_apply(self, &mut live, &flag)
            {
                eprintln!("room {}: a loss on time not kept: {why}", live.room.code());
            }
        }
    }

    fn room(&self, code: &str) -> Option<Arc<Mutex<Live>>> {
        lock(&self.rooms).get(&normalise_code(code)).cloned()
    }
}

/// The web server: `/ws` (the protocol), `/healthz` (`ok`), and the web build from
/// `web`, if given, for every other path.
pub fn router(hub: Arc<Hub>, web: Option<PathBuf>) -> Router {
    let router = Router::new()
        .route("/ws", get(upgrade))
        .route("/healthz", get(|| async { "ok" }))
        .with_state(hub);
    match web {
        Some(dir) => {
            router.fallback_service(ServeDir::new(dir).precompressed_br().precompressed_gzip())
        }
        None => router,
    }
}

async fn upgrade(ws: WebSocketUpgrade, State(hub): State<Arc<Hub>>) -> impl IntoResponse {
    // Small buffers: frames are a few hundred bytes, and a server holds thousands of
    // connections (at the default 128 KiB each, 1,000 rooms took 290 MiB).
    ws.max_message_size(TRANSPORT_LIMIT)
        .max_frame_size(TRANSPORT_LIMIT)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(TRANSPORT_LIMIT)
        .on_upgrade(move |socket| connection(hub, socket))
}

/// One client, from its upgrade to its end.
async fn connection(hub: Arc<Hub>, mut socket: WebSocket) {
    let (tx, mut outbox) = mpsc::unbounded_channel::<Message>();
    let mut client = Client {
        id: hub.next_id.fetch_add(1, Ordering::Relaxed),
        hub: hub.clone(),
        tx,
        name: None,
        room: None,
        tokens: hub.rate.burst,
        refilled: Instant::now(),
        flooded: 0,
    };
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text.to_string(),
                    // aeronet's clients send their frames as binary messages.
                    Some(Ok(Message::Binary(bytes))) => match String::from_utf8(bytes.to_vec()) {
                        Ok(text) => text,
                        Err(_) => {
                            client.send(&ServerFrame::error(ErrorCode::BadFrame, "a frame is UTF-8 JSON"));
                            continue;
                        }
                    },
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        // The transport's own limit: a message over it ends the connection.
                        let _ = socket
                            .send(Message::Close(Some(CloseFrame {
                                code: 1009,
                                reason: format!("{e}").chars().take(100).collect::<String>().into(),
                            })))
                            .await;
                        break;
                    }
                };
                if let Flow::Close(code, reason) = client.handle(&text) {
                    while let Ok(message) = outbox.try_recv() {
                        let _ = socket.send(message).await;
                    }
                    let close = CloseFrame { code, reason: reason.into() };
                    let _ = socket.send(Message::Close(Some(close))).await;
                    break;
                }
            }
            Some(message) = outbox.recv() => {
                if socket.send(message).await.is_err() {
                    break;
                }
            }
        }
    }
    client.left();
}

/// Whether a connection goes on.
enum Flow {
    Go,
    Close(u16, &'static str),
}

/// A connection's state.
struct Client {
    id: u64,
    hub: Arc<Hub>,
    tx: mpsc::UnboundedSender<Message>,
    /// The name from `hello`.
    name: Option<String>,
    /// The room it is in (its role there is its member's).
    room: Option<Arc<Mutex<Live>>>,
    tokens: f64,
    refilled: Instant,
    flooded: u32,
}

impl Client {
    fn send(&self, frame: &ServerFrame) {
        let _ = self.tx.send(Message::Text(frame.to_text().into()));
    }

    fn refuse(&self, (code, message): Refusal) {
        self.send(&ServerFrame::error(code, message));
    }

    /// One frame from the client.
    fn handle(&mut self, text: &str) -> Flow {
        let now = Instant::now();
        let elapsed = now.duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        let rate = self.hub.rate;
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        if self.tokens < 1.0 {
            self.flooded += 1;
            if self.flooded >= FLOOD_LIMIT {
                return Flow::Close(1008, "too many frames");
            }
            self.send(&ServerFrame::error(
                ErrorCode::RateLimited,
                format!(
                    "at most {} frames a second: this one was dropped",
                    rate.per_second
                ),
            ));
            return Flow::Go;
        }
        self.tokens -= 1.0;
        self.flooded = 0;
        let frame = match decode(text) {
            Ok(frame) => frame,
            Err(error) => {
                self.send(&error.into());
                return Flow::Go;
            }
        };
        let Some(name) = self.name.clone() else {
            return self.hello(frame);
        };
        let result = match frame {
            ClientFrame::Hello { .. } => {
                Err((ErrorCode::NotHello, "hello was said already".to_owned()))
            }
            ClientFrame::Create {
                game,
                settings,
                seat,
                clock,
            } => self.create(&name, &game, &settings, seat, clock.as_deref()),
            ClientFrame::Join { room, seat } => self.join(&name, &room, seat),
            ClientFrame::Watch { room } => self.watch(&room),
            ClientFrame::Rejoin { room, token } => self.rejoin(&room, &token),
            frame => self.in_room(frame),
        };
        if let Err(refusal) = result {
            self.refuse(refusal);
        }
        Flow::Go
    }

    fn hello(&mut self, frame: ClientFrame) -> Flow {
        let ClientFrame::Hello { protocol, name } = frame else {
            self.refuse((ErrorCode::NotHello, "the first frame is hello".to_owned()));
            return Flow::Go;
        };
        if protocol != PROTOCOL {
            self.refuse((
                ErrorCode::Protocol,
                format!("this server speaks protocol {PROTOCOL}, not {protocol}"),
            ));
            return Flow::Close(1002, "protocol version");
        }
        match check_name(&name) {
            Ok(name) => {
                self.name = Some(name);
                self.send(&ServerFrame::Welcome {
                    protocol: PROTOCOL,
                    server: format!("tabletop-server {}", env!("CARGO_PKG_VERSION")),
                });
            }
            Err(why) => self.refuse((ErrorCode::BadName, why)),
        }
        Flow::Go
    }

    fn not_in_a_room(&self) -> Result<(), Refusal> {
        match self.room {
            Some(_) => Err((
                ErrorCode::InRoom,
                "already in a room: leave it first".to_owned(),
            )),
            None => Ok(()),
        }
    }

    fn create(
        &mut self,
        name: &str,
        game: &str,
        settings: &std::collections::BTreeMap<String, String>,
        seat: super::protocol::SeatChoice,
        clock: Option<&str>,
    ) -> Result<(), Refusal> {
        self.not_in_a_room()?;
        let mut rng = rand::rng();
        let hub = self.hub.clone();
        let (code, live) = {
            let mut rooms = lock(&hub.rooms);
            let code = loop {
                let code = new_code(&mut rng);
                if !rooms.contains_key(&code) {
                    break code;
                }
            };
            let header = Room::header(code.clone(), game, settings, clock, &mut rng)?;
            let room = Room::new(header.clone())
                .ok_or((ErrorCode::UnknownGame, format!("no game '{game}'")))?;
            lock(&hub.store).create(&header).map_err(unavailable)?;
            let live = Arc::new(Mutex::new(Live {
                room,
                events: 0,
                members: Vec::new(),
            }));
            rooms.insert(code.clone(), live.clone());
            (code, live)
        };
        let mut guard = lock(&live);
        guard.room.set_now(unix_ms());
        let seat = Room::creator_seat(seat, &mut rng);
        let event = guard.room.join(name, Some(seat), &mut rng)?;
        let Event::Seat { token, .. } = &event else {
            unreachable!("join seats a player")
        };
        let token = token.clone();
        keep_and_apply(&hub, &mut guard, &event)?;
        self.enter(&mut guard, live.clone(), Role::Player(seat));
        self.send(&ServerFrame::Created {
            room: code,
            seat,
            token,
        });
        self.send(&ServerFrame::Snapshot(Box::new(
            guard.room.snapshot(Some(seat)),
        )));
        Ok(())
    }

    fn join(
        &mut self,
        name: &str,
        code: &str,
        wanted: Option<super::protocol::SeatName>,
    ) -> Result<(), Refusal> {
        self.not_in_a_room()?;
        let live = self.hub.room(code).ok_or_else(|| unknown_room(code))?;
        let hub = self.hub.clone();
        let mut guard = lock(&live);
        guard.room.set_now(unix_ms());
        let event = guard.room.join(name, wanted, &mut rand::rng())?;
        let Event::Seat { seat, token, .. } = &event else {
            unreachable!("join seats a player")
        };
        let (seat, token) = (*seat, token.clone());
        keep_and_apply(&hub, &mut guard, &event)?;
        self.enter(&mut guard, live.clone(), Role::Player(seat));
        self.send(&ServerFrame::Joined {
            room: guard.room.code().to_owned(),
            seat,
            token,
        });
        self.send(&ServerFrame::Snapshot(Box::new(
            guard.room.snapshot(Some(seat)),
        )));
        Ok(())
    }

    /// Out of the room it is in if that is `live` (a client asking for the room's
    /// state again); refused if it is in another.
    fn again_or_not_in_a_room(&mut self, live: &Arc<Mutex<Live>>) -> Result<(), Refusal> {
        match &self.room {
            Some(current) if Arc::ptr_eq(current, live) => {
                let id = self.id;
                lock(live).members.retain(|member| member.id != id);
                self.room = None;
                Ok(())
            }
            _ => self.not_in_a_room(),
        }
    }

    fn watch(&mut self, code: &str) -> Result<(), Refusal> {
        let live = self.hub.room(code).ok_or_else(|| unknown_room(code))?;
        self.again_or_not_in_a_room(&live)?;
        let mut guard = lock(&live);
        guard.room.set_now(unix_ms());
        self.enter(&mut guard, live.clone(), Role::Spectator);
        self.send(&ServerFrame::Snapshot(Box::new(guard.room.snapshot(None))));
        Ok(())
    }

    fn rejoin(&mut self, code: &str, token: &str) -> Result<(), Refusal> {
        let live = self.hub.room(code).ok_or_else(|| unknown_room(code))?;
        self.again_or_not_in_a_room(&live)?;
        let mut guard = lock(&live);
        guard.room.set_now(unix_ms());
        let seat = guard.room.seat_of(token).ok_or((
            ErrorCode::BadToken,
            "that token holds no seat of this room".to_owned(),
        ))?;
        // An older connection of the same seat (a dropped one not noticed yet) gives way.
        let role = Role::Player(seat);
        guard.members.retain(|member| member.role != role);
        if let Some(frame) = guard.room.set_presence(seat, Presence::Connected) {
            broadcast(&guard, &frame);
        }
        self.enter(&mut guard, live.clone(), role);
        self.send(&ServerFrame::Joined {
            room: guard.room.code().to_owned(),
            seat,
            token: token.to_owned(),
        });
        self.send(&ServerFrame::Snapshot(Box::new(
            guard.room.snapshot(Some(seat)),
        )));
        Ok(())
    }

    /// A frame for the room the client is in.
    fn in_room(&mut self, frame: ClientFrame) -> Result<(), Refusal> {
        let Some(live) = self.room.clone() else {
            return Err((
                ErrorCode::NoRoom,
                format!("'{}' needs a room: create or join one", frame.kind()),
            ));
        };
        let hub = self.hub.clone();
        let mut guard = lock(&live);
        guard.room.set_now(unix_ms());
        let id = self.id;
        let Some(role) = guard.members.iter().find(|m| m.id == id).map(|m| m.role) else {
            self.room = None;
            return Err((
                ErrorCode::NoRoom,
                "no longer in the room (another connection took the seat)".to_owned(),
            ));
        };
        let mut rng = rand::rng();
        let event = match frame {
            ClientFrame::Move { seq, mv } => guard.room.play(role, seq, &mv)?,
            ClientFrame::Takeback { seq } => {
                let frame = guard.room.ask_takeback(role, seq)?;
                broadcast(&guard, &frame);
                return Ok(());
            }
            ClientFrame::TakebackReply { accept } => {
                match guard.room.answer_takeback(role, accept)? {
                    Answer::Accepted(event) => event,
                    Answer::Declined(frame) => {
                        broadcast(&guard, &frame);
                        return Ok(());
                    }
                }
            }
            ClientFrame::Resign => guard.room.resign(role)?,
            ClientFrame::Rematch => match guard.room.ask_rematch(role, &mut rng)? {
                Answer::Accepted(event) => event,
                Answer::Declined(frame) => {
                    broadcast(&guard, &frame);
                    return Ok(());
                }
            },
            ClientFrame::Leave => {
                if role == Role::Spectator {
                    guard.members.retain(|member| member.id != id);
                    self.room = None;
                    return Ok(());
                }
                let event = guard.room.leave(role)?;
                keep_and_apply(&hub, &mut guard, &event)?;
                guard.members.retain(|member| member.id != id);
                self.room = None;
                return Ok(());
            }
            other => return Err((ErrorCode::UnknownType, format!("'{}' here", other.kind()))),
        };
        keep_and_apply(&hub, &mut guard, &event)
    }

    /// Joins the room's members.
    fn enter(&mut self, live: &mut Live, room: Arc<Mutex<Live>>, role: Role) {
        live.members.push(Member {
            id: self.id,
            role,
            tx: self.tx.clone(),
        });
        self.room = Some(room);
    }

    /// The connection ended: a player's seat waits for them to rejoin.
    fn left(&mut self) {
        let Some(live) = self.room.take() else {
            return;
        };
        let mut guard = lock(&live);
        guard.room.set_now(unix_ms());
        let id = self.id;
        // Replaced by a newer connection of the same seat: nothing to tell.
        let Some(role) = guard.members.iter().find(|m| m.id == id).map(|m| m.role) else {
            return;
        };
        guard.members.retain(|member| member.id != id);
        if let Role::Player(seat) = role
            && guard.room.snapshot(None).seats[seat.index()].presence == Presence::Connected
            && let Some(frame) = guard.room.set_presence(seat, Presence::Reconnecting)
        {
            broadcast(&guard, &frame);
        }
    }
}

fn broadcast(live: &Live, frame: &ServerFrame) {
    let text = frame.to_text();
    for member in &live.members {
        let _ = member.tx.send(Message::Text(text.clone().into()));
    }
}

fn unknown_room(code: &str) -> Refusal {
    (
        ErrorCode::UnknownRoom,
        format!("no room '{}'", code.chars().take(16).collect::<String>()),
    )
}

/// Keeps `event` in the store, then applies it and tells the room: nothing changes
/// if the store fails.
fn keep_and_apply(hub: &Hub, live: &mut Live, event: &Event) -> Result<(), Refusal> {
    lock(&hub.store)
        .append(live.room.code(), live.events, event)
        .map_err(unavailable)?;
    live.events += 1;
    if let Event::Rematch { .. } = event {
        // The players change sides.
        for member in &mut live.members {
            if let Role::Player(seat) = member.role {
                member.role = Role::Player(seat.other());
            }
        }
    }
    for tell in live.room.apply(event) {
        match tell {
            Tell::All(frame) => broadcast(live, &frame),
            Tell::Snapshots => {
                for member in &live.members {
                    let frame =
                        ServerFrame::Snapshot(Box::new(live.room.snapshot(member.role.seat())));
                    let _ = member.tx.send(Message::Text(frame.to_text().into()));
                }
            }
        }
    }
    Ok(())
}

/// The server's clock: milliseconds since the Unix epoch.
fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// How often the clocks of timed rooms are looked at for a flag that fell.
const CLOCK_CHECK: Duration = Duration::from_millis(100);

/// Ends, every [`CLOCK_CHECK`], the games of timed rooms whose running clock ran
/// out, though nobody moves: the server decides a loss on time.
async fn watch_clocks(hub: Arc<Hub>) {
    let mut tick = tokio::time::interval(CLOCK_CHECK);
    loop {
        tick.tick().await;
        hub.check_clocks(unix_ms());
    }
}

fn unavailable(e: super::store::StoreError) -> Refusal {
    eprintln!("{e}");
    (
        ErrorCode::Unavailable,
        "the server could not keep the change; try again".to_owned(),
    )
}

/// A server running on a thread of its own, with its own runtime (tests, the load
/// benchmark, an app that hosts a room).
pub struct Running {
    /// Where it listens.
    pub addr: SocketAddr,
    hub: Arc<Hub>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// The rooms.
    #[must_use]
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// `ws://ADDR/ws`.
    #[must_use]
    pub fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// Stops it at once, as if the process ended: every connection drops, the store
    /// is closed.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Starts a server on `listen` (port 0: any free port) with the rooms of `store`, on a
/// thread of its own.
pub fn start(
    listen: SocketAddr,
    store: Box<dyn RoomStore>,
    web: Option<PathBuf>,
    rate: Rate,
) -> Result<Running, String> {
    let hub = Hub::load(store, rate)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let listener = runtime
        .block_on(TcpListener::bind(listen))
        .map_err(|e| format!("cannot listen on {listen}: {e}"))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (stop, stopped) = oneshot::channel::<()>();
    let app = router(hub.clone(), web);
    let clocks = hub.clone();
    let thread = std::thread::Builder::new()
        .name("tabletop-server".to_owned())
        .spawn(move || {
            runtime.block_on(async move {
                tokio::select! {
                    _ = axum::serve(listener.tap_io(no_delay), app) => {}
                    () = watch_clocks(clocks) => {}
                    _ = stopped => {}
                }
            });
            // Every task (each connection) ends with the runtime.
            runtime.shutdown_timeout(Duration::from_millis(200));
        })
        .map_err(|e| e.to_string())?;
    Ok(Running {
        addr,
        hub,
        stop: Some(stop),
        thread: Some(thread),
    })
}

/// Serves until Ctrl+C (or SIGTERM), then returns at once: every accepted change is
/// in the store already, so open connections are simply dropped (their clients
/// reconnect to the next server). What `tabletop-server` runs.
pub async fn serve(
    listener: TcpListener,
    hub: Arc<Hub>,
    web: Option<PathBuf>,
) -> std::io::Result<()> {
    let stop = async {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            match signal(SignalKind::terminate()) {
                Ok(mut term) => {
                    tokio::select! {
                        _ = tokio::signal::ctrl_c() => {}
                        _ = term.recv() => {}
                    }
                }
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
    };
    tokio::select! {
        served = axum::serve(listener.tap_io(no_delay), router(hub.clone(), web)) => served,
        () = watch_clocks(hub) => Ok(()),
        () = stop => Ok(()),
    }
}

/// Frames go out at once, not held back to fill a packet (Nagle's algorithm, with
/// the peer's delayed acknowledgement, held a small frame up to 40 ms).
fn no_delay(stream: &mut tokio::net::TcpStream) {
    let _ = stream.set_nodelay(true);
}
