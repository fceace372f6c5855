//! The online server under load: many rooms at once, each side making a random legal
//! move one second after the other's, so that N rooms make N moves a second. It
//! starts `tabletop-server` (the release binary) with a fresh store, plays for a while,
//! and prints the moves a second, the move round trip (a move sent to its `moved`
//! coming back: median, p99, worst) and the server's peak RSS.
//!
//!     cargo build --release --bin tabletop-server
//!     cargo run --release --example online_load -- --rooms 1000 --seconds 60
//!
//! `--server URL` plays against a server already running instead (no RSS then).

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tabletop::games::{self, GameRecord};
use tabletop::online::protocol::{ClientFrame, PROTOCOL, SeatChoice, ServerFrame, encode};
use tabletop::rules::Settings;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

struct Options {
    rooms: usize,
    seconds: u64,
    server: Option<String>,
    binary: String,
}

fn options() -> Options {
    let mut options = Options {
        rooms: 1000,
        seconds: 60,
        server: None,
        binary: std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".to_owned())
            + "/release/tabletop-server",
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match (pair[0].as_str(), pair.get(1)) {
            ("--rooms", Some(n)) => options.rooms = n.parse().expect("--rooms N"),
            ("--seconds", Some(n)) => options.seconds = n.parse().expect("--seconds N"),
            ("--server", Some(url)) => options.server = Some(url.clone()),
            ("--bin", Some(path)) => options.binary.clone_from(path),
            _ => panic!("usage: online_load [--rooms N] [--seconds S] [--server URL] [--bin PATH]"),
        }
    }
    options
}

/// The server the benchmark started: its process and its folder.
struct Started {
    child: Child,
    dir: std::path::PathBuf,
}

impl Started {
    /// Its peak resident memory so far, in KiB (Linux's VmHWM).
    fn peak_rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }
}

impl Drop for Started {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn start_server(binary: &str) -> (Started, String) {
    let dir = std::env::temp_dir().join(format!("tabletop-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let child = Command::new(binary)
        .args(["--listen", &format!("127.0.0.1:{port}"), "--data"])
        .arg(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot start {binary}: {e} (cargo build --release --bin tabletop-server)")
        });
    let url = format!("ws://127.0.0.1:{port}/ws");
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    (Started { child, dir }, url)
}

/// Round trips measured, in microseconds.
#[derive(Default)]
struct Tally {
    trips: Vec<u64>,
    errors: u64,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(url: &str, name: &str) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("a connection");
    let hello = ClientFrame::Hello {
        protocol: PROTOCOL,
        name: name.to_owned(),
    };
    ws.send(Message::text(encode(&hello))).await.unwrap();
    next(&mut ws).await;
    ws
}

async fn next(ws: &mut Socket) -> ServerFrame {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => {
                return ServerFrame::from_text(&text).expect("a frame");
            }
            Some(Ok(_)) => {}
            other => panic!("the connection ended: {other:?}"),
        }
    }
}

/// The game a snapshot shows, as a client keeps it.
fn mirror_of(snapshot: &tabletop::online::protocol::Snapshot) -> GameRecord {
    let settings: Vec<(&str, &str)> = snapshot
        .settings
        .iter()
        .filter_map(|(k, v)| Some((k.as_str(), v.as_deref()?)))
        .collect();
    let moves: Vec<&str> = snapshot.moves.iter().map(String::as_str).collect();
    let told: Vec<&str> = snapshot.chance.iter().map(String::as_str).collect();
    games::find(&snapshot.game)
        .expect("a game of this version")
        .replay_told(&Settings::new(settings), &moves, &told)
        .expect("the snapshot replays")
}

/// One player of a room: makes its moves a second after the opponent's until
/// `until`, and a rematch after each game.
async fn side(
    mut ws: Socket,
    mut mirror: GameRecord,
    mut seat: usize,
    until: Instant,
    mut due: Instant,
    tally: Arc<Mutex<Tally>>,
) {
    let mut rng = StdRng::from_rng(&mut rand::rng());
    let mut seq = 0;
    let mut sent: Option<Instant> = None;
    loop {
        let my_turn = mirror.side_to_move().index() == seat && !mirror.is_over();
        if my_turn && sent.is_none() {
            tokio::time::sleep_until(due.into()).await;
            if Instant::now() >= until {
                return;
            }
            let legal = mirror.legal_moves();
            let mv = legal.choose(&mut rng).expect("a legal move").clone();
            ws.send(Message::text(encode(&ClientFrame::Move { seq, mv })))
                .await
                .unwrap();
            sent = Some(Instant::now());
        }
        let frame = tokio::select! {
            frame = next(&mut ws) => frame,
            () = tokio::time::sleep_until(until.into()) => return,
        };
        match frame {
            ServerFrame::Moved {
                seq: now,
                mv,
                chance,
                ..
            } => {
                mirror.play(&mv).expect("the server's move");
                if let Some(outcome) = chance {
                    let _ = mirror.tell_chance(&outcome);
                }
                seq = now;
                if let Some(at) = sent.take() {
                    tally
                        .lock()
                        .await
                        .trips
                        .push(at.elapsed().as_micros() as u64);
                } else {
                    // The opponent moved: this side moves a second later.
                    due = Instant::now() + Duration::from_secs(1);
                }
            }
            ServerFrame::Ended { .. } => {
                ws.send(Message::text(encode(&ClientFrame::Rematch)))
                    .await
                    .unwrap();
            }
            ServerFrame::Snapshot(snapshot) => {
                // The rematch: a new game, sides swapped.
                mirror = mirror_of(&snapshot);
                seq = snapshot.seq;
                seat = snapshot.you.expect("a player").index();
                sent = None;
                due = Instant::now() + Duration::from_millis(rng.random_range(0..1000));
            }
            ServerFrame::Error { .. } => {
                tally.lock().await.errors += 1;
                sent = None;
            }
            _ => {}
        }
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at] as f64 / 1000.0
}

fn main() {
    let options = options();
    let (started, url) = match &options.server {
        Some(url) => (None, url.clone()),
        None => {
            let (started, url) = start_server(&options.binary);
            (Some(started), url)
        }
    };
    // One thread for the clients: the other core is the server's.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let rooms = options.rooms;
    let set_up = Instant::now();
    let sides = runtime.block_on(async {
        let mut sides = Vec::new();
        let game = games::find("gomoku").unwrap();
        for n in 0..rooms {
            let mut a = connect(&url, &format!("a{n}")).await;
            a.send(Message::text(encode(&ClientFrame::Create {
                game: game.name().to_owned(),
                settings: BTreeMap::new(),
                seat: SeatChoice::First,
                clock: None,
            })))
            .await
            .unwrap();
            let ServerFrame::Created { room, .. } = next(&mut a).await else {
                panic!("created");
            };
            next(&mut a).await; // its snapshot
            let mut b = connect(&url, &format!("b{n}")).await;
            b.send(Message::text(encode(&ClientFrame::Join {
                room,
                seat: None,
            })))
            .await
            .unwrap();
            next(&mut b).await; // joined
            let ServerFrame::Snapshot(snapshot) = next(&mut b).await else {
                panic!("a snapshot");
            };
            next(&mut a).await; // b's presence
            sides.push((a, b, mirror_of(&snapshot)));
        }
        sides
    });
    println!(
        "{rooms} rooms set up in {:.1} s",
        set_up.elapsed().as_secs_f64()
    );
    let start = Instant::now() + Duration::from_millis(500);
    let until = start + Duration::from_secs(options.seconds);
    runtime.block_on(async {
        let mut tasks = Vec::new();
        let mut rng = StdRng::seed_from_u64(1);
        for (a, b, mirror) in sides {
            // The rooms' first moves spread over the first second.
            let first = start + Duration::from_millis(rng.random_range(0..1000));
            tasks.push(tokio::spawn(side(
                a,
                mirror.clone(),
                0,
                until,
                first,
                tally.clone(),
            )));
            tasks.push(tokio::spawn(side(
                b,
                mirror,
                1,
                until,
                first,
                tally.clone(),
            )));
        }
        for task in tasks {
            let _ = task.await;
        }
    });
    let elapsed = until.duration_since(start).as_secs_f64();
    let mut tally = runtime.block_on(async { std::mem::take(&mut *tally.lock().await) });
    tally.trips.sort_unstable();
    println!(
        "rooms {rooms}  moves {}  moves/s {:.0}  round trip ms: median {:.2}  p99 {:.2}  max {:.2}  errors {}",
        tally.trips.len(),
        tally.trips.len() as f64 / elapsed,
        percentile(&tally.trips, 0.5),
        percentile(&tally.trips, 0.99),
        percentile(&tally.trips, 1.0),
        tally.errors
    );
    if let Some(started) = &started {
        match started.peak_rss_kib() {
            Some(kib) => println!("server peak RSS {:.1} MiB", kib as f64 / 1024.0),
            None => println!("server peak RSS unknown"),
        }
    }
}
