//! The online server, started on 127.0.0.1 port 0 in the test, played by clients over
//! real WebSockets (plain ones, and the game's own online plugin in a headless Bevy
//! app): full games of every game watched by a spectator, a dropped player rejoining
//! with their token, a restart on the same store mid-game, and every kind of bad
//! input refused with the room unchanged.

#[path = "online/app_client.rs"]
mod app_client;
#[path = "online/client.rs"]
mod client;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use tabletop::games::GAMES;
use tabletop::online::protocol::{
    ClientFrame, EndReason, ErrorCode, Presence, SeatChoice, SeatName, ServerFrame, Status, Winner,
};
use tabletop::online::server::{self, Rate, Running};
use tabletop::online::sqlite::SqliteStore;
use tabletop::online::store::MemoryStore;

use client::Client;

/// The test's clients play far faster than people: a rate no test but the flood's
/// meets.
const FAST: Rate = Rate {
    burst: 10_000.0,
    per_second: 10_000.0,
};

fn start_at(rate: Rate) -> Running {
    server::start(
        "127.0.0.1:0".parse().unwrap(),
        Box::new(MemoryStore::default()),
        None,
        rate,
    )
    .unwrap()
}

fn start() -> Running {
    start_at(FAST)
}

fn start_with_store(
    listen: std::net::SocketAddr,
    store: Box<dyn tabletop::online::store::RoomStore>,
) -> Running {
    server::start(listen, store, None, FAST).unwrap()
}

/// A room of `game` with `settings`: its creator (first seat), a player who joined
/// (second seat) and a spectator, each with the first snapshot read.
fn room(
    server: &Running,
    game: &str,
    settings: &[(&str, &str)],
) -> (Client, Client, Client, String) {
    timed_room(server, game, settings, None)
}

/// [`room`] under the time control `clock` (`5+3`), if one.
fn timed_room(
    server: &Running,
    game: &str,
    settings: &[(&str, &str)],
    clock: Option<&str>,
) -> (Client, Client, Client, String) {
    let mut first = Client::connect(&server.url(), "Ada");
    first.send(&ClientFrame::Create {
        game: game.to_owned(),
        settings: settings
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        seat: SeatChoice::First,
        clock: clock.map(str::to_owned),
    });
    let ServerFrame::Created { room, seat, .. } = first.next() else {
        panic!("created");
    };
    assert_eq!(seat, SeatName::First);
    first.snapshot();
    let mut second = Client::connect(&server.url(), "Bo");
    second.send(&ClientFrame::Join {
        room: room.to_lowercase(),
        seat: None,
    });
    let ServerFrame::Joined { seat, .. } = second.next() else {
        panic!("joined");
    };
    assert_eq!(seat, SeatName::Second);
    second.snapshot();
    let ServerFrame::Presence {
        seat,
        presence,
        name,
    } = first.next()
    else {
        panic!("the creator hears of the second player");
    };
    assert_eq!(
        (seat, presence, name.as_deref()),
        (SeatName::Second, Presence::Connected, Some("Bo"))
    );
    let mut spectator = Client::connect(&server.url(), "Cy");
    spectator.send(&ClientFrame::Watch { room: room.clone() });
    let snapshot = spectator.snapshot();
    assert_eq!(snapshot.status, Status::Playing);
    assert_eq!(snapshot.you, None);
    (first, second, spectator, room)
}

/// The side to move makes a random legal move; everyone hears it, and every copy of
/// the game agrees (the same hash as the server's). `None` until the game ends.
fn random_move(clients: &mut [&mut Client; 3], rng: &mut StdRng) -> Option<(Winner, EndReason)> {
    let mover = clients[0].to_move();
    let legal = clients[mover].mirror().legal_moves();
    let mv = legal
        .choose(rng)
        .expect("a legal move while the game goes on")
        .clone();
    let seq = clients[mover].seq();
    clients[mover].send(&ClientFrame::Move { seq, mv });
    let mut ended = None;
    for client in clients.iter_mut() {
        client.moved();
        let hashes = client.hashes();
        assert_eq!(
            hashes.0,
            hashes.1,
            "{}: the mirror agrees with the server: {} / {:?}",
            client.name(),
            client.mirror().position_text(),
            client.mirror().moves()
        );
        if client.mirror().is_over() {
            let ServerFrame::Ended { result, reason, .. } = client.next() else {
                panic!("the end is told");
            };
            ended = Some((result, reason));
        }
    }
    ended
}

#[test]
fn healthz_answers_ok() {
    let server = start();
    let mut http = std::net::TcpStream::connect(server.addr).unwrap();
    http.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    http.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("ok"), "{answer}");
}

#[test]
fn every_game_plays_to_its_end_and_the_spectator_sees_every_move() {
    let server = start();
    let mut rng = StdRng::seed_from_u64(7);
    for game in GAMES {
        let settings: &[(&str, &str)] = if game.name() == "gomoku" {
            &[("size", "10x10")]
        } else {
            &[]
        };
        let (mut first, mut second, mut spectator, _) = room(&server, game.name(), settings);
        let mut moves = 0;
        let ended = loop {
            moves += 1;
            assert!(moves < 500, "{}: no end", game.name());
            if let Some(ended) =
                random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng)
            {
                break ended;
            }
        };
        assert_eq!(ended.1, EndReason::Rules, "{}", game.name());
        assert_eq!(
            spectator.mirror().plies(),
            moves,
            "{}: the spectator saw every move",
            game.name()
        );
        // After the end every setting is shown: the record replays without the server.
        let snapshot = {
            spectator.send(&ClientFrame::Leave);
            let mut again = Client::connect(&server.url(), "Di");
            again.send(&ClientFrame::Watch { room: first.room() });
            again.snapshot()
        };
        assert!(
            snapshot.settings.values().all(Option::is_some),
            "{snapshot:?}"
        );
        let values: Vec<(&str, &str)> = snapshot
            .settings
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_deref().unwrap()))
            .collect();
        let moves: Vec<&str> = snapshot.moves.iter().map(String::as_str).collect();
        let record = game
            .replay(&tabletop::rules::Settings::new(values), &moves)
            .expect("the finished game replays from its settings and moves");
        assert_eq!(record.state_hash(), snapshot.hash, "{}", game.name());
    }
}

#[test]
fn a_dropped_player_rejoins_with_their_token_and_the_game_goes_on() {
    let server = start();
    let mut rng = StdRng::seed_from_u64(3);
    let (mut first, mut second, mut spectator, room) = room(&server, "knucklebones", &[]);
    for _ in 0..4 {
        random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
    }
    let token = second.token().to_owned();
    let before = second.hashes().1;
    drop(second);
    for client in [&mut first, &mut spectator] {
        let ServerFrame::Presence { seat, presence, .. } = client.next() else {
            panic!("the drop is told");
        };
        assert_eq!((seat, presence), (SeatName::Second, Presence::Reconnecting));
    }
    // A wrong token holds no seat.
    let mut stranger = Client::connect(&server.url(), "Eve");
    stranger.send(&ClientFrame::Rejoin {
        room: room.clone(),
        token: "0".repeat(32),
    });
    stranger.error(ErrorCode::BadToken);
    let mut second = Client::connect(&server.url(), "Bo");
    second.rejoin(&room, &token);
    assert_eq!(second.hashes().1, before, "the same position");
    for client in [&mut first, &mut spectator] {
        let ServerFrame::Presence { presence, .. } = client.next() else {
            panic!("the return is told");
        };
        assert_eq!(presence, Presence::Connected);
    }
    for _ in 0..4 {
        random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
    }
}

#[test]
fn a_restart_on_the_same_store_loses_no_move() {
    let dir = std::env::temp_dir().join(format!("tabletop-online-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("rooms.db");
    let open = || {
        server::start(
            "127.0.0.1:0".parse().unwrap(),
            Box::new(SqliteStore::open(&db).unwrap()),
            None,
            FAST,
        )
        .unwrap()
    };
    let server = open();
    let mut rng = StdRng::seed_from_u64(5);
    let (mut first, mut second, mut spectator, room) =
        room(&server, "gomoku", &[("rule", "renju")]);
    for _ in 0..6 {
        random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
    }
    let (before, seq) = (first.hashes().1, first.seq());
    let tokens = (first.token().to_owned(), second.token().to_owned());
    server.stop();
    first.closed();
    let server = open();
    let mut first = Client::connect(&server.url(), "Ada");
    first.rejoin(&room, &tokens.0);
    assert_eq!((first.hashes().1, first.seq()), (before, seq));
    let snapshot = first.last_snapshot().clone();
    assert_eq!(
        snapshot.seats[1].presence,
        Presence::Reconnecting,
        "not back yet"
    );
    let mut second = Client::connect(&server.url(), "Bo");
    second.rejoin(&room, &tokens.1);
    first.next();
    let mut spectator = Client::connect(&server.url(), "Cy");
    spectator.send(&ClientFrame::Watch { room });
    spectator.snapshot();
    for _ in 0..6 {
        random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
    }
    assert_eq!(first.mirror().plies(), 12);
    server.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn takebacks_resignations_and_rematches() {
    let server = start();
    let (mut first, mut second, mut spectator, _) = room(&server, "tictactoe", &[]);
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..2 {
        random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
    }
    // The first player asks; the second declines, then accepts the next request.
    let seq = first.seq();
    first.send(&ClientFrame::Takeback { seq });
    for client in [&mut first, &mut second, &mut spectator] {
        assert_eq!(
            client.next(),
            ServerFrame::TakebackAsked {
                by: SeatName::First
            }
        );
    }
    second.send(&ClientFrame::TakebackReply { accept: false });
    for client in [&mut first, &mut second, &mut spectator] {
        assert_eq!(
            client.next(),
            ServerFrame::TakebackDeclined {
                by: SeatName::First
            }
        );
    }
    first.send(&ClientFrame::Takeback { seq });
    for client in [&mut first, &mut second, &mut spectator] {
        client.next();
    }
    second.send(&ClientFrame::TakebackReply { accept: true });
    for client in [&mut first, &mut second, &mut spectator] {
        client.taken_back(2);
        let (mirror, server) = client.hashes();
        assert_eq!(mirror, server);
        assert_eq!(client.mirror().plies(), 0);
    }
    // The second player resigns: the first wins, and the seed-less game shows all.
    random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
    second.send(&ClientFrame::Resign);
    for client in [&mut first, &mut second, &mut spectator] {
        let ServerFrame::Ended { result, reason, .. } = client.next() else {
            panic!("the resignation ends it");
        };
        assert_eq!((result, reason), (Winner::First, EndReason::Resign));
    }
    // Both ask for a rematch: a new game, sides swapped.
    first.send(&ClientFrame::Rematch);
    for client in [&mut first, &mut second, &mut spectator] {
        assert_eq!(
            client.next(),
            ServerFrame::RematchAsked {
                by: SeatName::First
            }
        );
    }
    second.send(&ClientFrame::Rematch);
    for client in [&mut first, &mut second, &mut spectator] {
        let snapshot = client.snapshot();
        assert_eq!(
            (snapshot.status, snapshot.moves.len()),
            (Status::Playing, 0)
        );
        assert_eq!(
            snapshot.seats[0].name.as_deref(),
            Some("Bo"),
            "sides swapped"
        );
    }
    assert_eq!(second.last_snapshot().you, Some(SeatName::First));
}

#[test]
fn bad_input_is_refused_and_changes_no_room() {
    let server = start();
    let (mut first, mut second, mut spectator, room) = room(&server, "connectfour", &[]);
    let mut rng = StdRng::seed_from_u64(9);
    random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
    let state = || {
        let mut watcher = Client::connect(&server.url(), "Watcher");
        watcher.send(&ClientFrame::Watch { room: room.clone() });
        let snapshot = watcher.snapshot();
        (snapshot.seq, snapshot.hash)
    };
    let before = state();
    let seq = first.seq();
    // Out of turn, illegal, stale, a spectator's move.
    first.send(&ClientFrame::Move {
        seq,
        mv: "d".to_owned(),
    });
    first.error(ErrorCode::NotYourTurn);
    second.send(&ClientFrame::Move {
        seq,
        mv: "h".to_owned(),
    });
    second.error(ErrorCode::IllegalMove);
    second.send(&ClientFrame::Move {
        seq: seq + 7,
        mv: "d".to_owned(),
    });
    second.error(ErrorCode::StaleSeq);
    spectator.send(&ClientFrame::Move {
        seq,
        mv: "d".to_owned(),
    });
    spectator.error(ErrorCode::NotAPlayer);
    // Not frames at all, unknown frames, frames too long for the protocol.
    for (text, code) in [
        ("hello world".to_owned(), ErrorCode::BadFrame),
        (
            "{\"type\":\"move\",\"seq\":\"one\"}".to_owned(),
            ErrorCode::BadFrame,
        ),
        ("{\"type\":\"dance\"}".to_owned(), ErrorCode::UnknownType),
        (
            format!(
                "{{\"type\":\"move\",\"seq\":1,\"move\":\"{}\"}}",
                "x".repeat(5000)
            ),
            ErrorCode::BadFrame,
        ),
    ] {
        second.send_text(&text);
        second.error(code);
    }
    second.send_binary(&[0xff, 0xfe]);
    second.error(ErrorCode::BadFrame);
    // Rooms and seats that are not there, frames out of place.
    let mut stranger = Client::connect(&server.url(), "Eve");
    stranger.send(&ClientFrame::Join {
        room: "NOROOM00".to_owned(),
        seat: None,
    });
    stranger.error(ErrorCode::UnknownRoom);
    stranger.send(&ClientFrame::Join {
        room: room.clone(),
        seat: None,
    });
    stranger.error(ErrorCode::RoomFull);
    stranger.send(&ClientFrame::Move {
        seq,
        mv: "d".to_owned(),
    });
    stranger.error(ErrorCode::NoRoom);
    stranger.send(&ClientFrame::Hello {
        protocol: 1,
        name: "Eve".to_owned(),
    });
    stranger.error(ErrorCode::NotHello);
    stranger.send(&ClientFrame::Create {
        game: "chess".to_owned(),
        settings: BTreeMap::new(),
        seat: SeatChoice::First,
        clock: None,
    });
    stranger.error(ErrorCode::UnknownGame);
    stranger.send(&ClientFrame::Create {
        game: "gomoku".to_owned(),
        settings: BTreeMap::from([("size".to_owned(), "3x3".to_owned())]),
        seat: SeatChoice::First,
        clock: None,
    });
    stranger.error(ErrorCode::BadSetting);
    let mut nameless = Client::raw(&server.url());
    nameless.send(&ClientFrame::Watch { room: room.clone() });
    nameless.error(ErrorCode::NotHello);
    nameless.send(&ClientFrame::Hello {
        protocol: 1,
        name: " ".to_owned(),
    });
    nameless.error(ErrorCode::BadName);
    // A flood, at the rate the real server allows: the frames past the burst are
    // dropped, each with an error.
    let limited_server = start_at(Rate::default());
    let mut flood = Client::connect(&limited_server.url(), "Flood");
    for _ in 0..60 {
        flood.send(&ClientFrame::Watch {
            room: "NOROOM00".to_owned(),
        });
    }
    let mut limited = 0;
    for _ in 0..60 {
        if let ServerFrame::Error {
            code: ErrorCode::RateLimited,
            ..
        } = flood.next()
        {
            limited += 1;
        }
    }
    assert!(limited >= 20, "{limited} of 60 frames were limited");
    // A message past the transport's limit closes the connection (1009).
    let mut huge = Client::connect(&server.url(), "Huge");
    huge.send_text(&"x".repeat(70_000));
    assert_eq!(huge.close_code(), Some(1009));
    // Another protocol version: refused, and the connection closes (1002).
    let mut old = Client::raw(&server.url());
    old.send(&ClientFrame::Hello {
        protocol: 99,
        name: "Old".to_owned(),
    });
    old.error(ErrorCode::Protocol);
    assert_eq!(old.close_code(), Some(1002));
    // None of it changed the room, and the game goes on.
    assert_eq!(state(), before);
    random_move(&mut [&mut first, &mut second, &mut spectator], &mut rng);
}

#[test]
fn the_server_keeps_the_clocks_and_ends_a_game_on_time() {
    let server = start();
    // Three seconds each (0.05 minutes), one more a move.
    let (mut first, mut second, mut spectator, _) =
        timed_room(&server, "gomoku", &[], Some("0.05+1"));
    let seq = first.seq();
    first.send(&ClientFrame::Move {
        seq,
        mv: "h8".to_owned(),
    });
    let moved = Instant::now();
    for client in [&mut first, &mut second, &mut spectator] {
        let ServerFrame::Moved { clocks, .. } = client.next() else {
            panic!("{}: the move", client.name());
        };
        // The clocks start with the first move: the mover earned its second.
        assert_eq!(clocks, Some([4_000, 3_000]), "{}", client.name());
    }
    // The second player does not move: the server's own clocks end the game.
    for client in [&mut first, &mut second, &mut spectator] {
        let ServerFrame::Ended { result, reason, .. } = client.next() else {
            panic!("{}: the end on time", client.name());
        };
        assert_eq!((result, reason), (Winner::First, EndReason::Time));
    }
    let waited = moved.elapsed();
    assert!(
        (Duration::from_millis(2_900)..Duration::from_millis(4_500)).contains(&waited),
        "{waited:?}"
    );
    // A move now is too late, and a rejoining client sees the loss on time.
    let seq = second.seq();
    second.send(&ClientFrame::Move {
        seq,
        mv: "i9".to_owned(),
    });
    second.error(ErrorCode::GameOver);
    let mut late = Client::connect(&server.url(), "Di");
    let room = first.room();
    late.send(&ClientFrame::Watch { room });
    let snapshot = late.snapshot();
    assert_eq!(snapshot.reason, Some(EndReason::Time));
    assert_eq!(snapshot.clock.as_deref(), Some("0.05+1"));
    assert_eq!(snapshot.clocks.map(|left| left[1]), Some(0));
}
