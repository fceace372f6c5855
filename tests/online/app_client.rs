//! The game's own online plugin, in a headless Bevy app, as one of the two players:
//! its seat played by its AI (level 1), through the move path's referee gate, against
//! a plain client, watched by a spectator; and its connection taken back by itself
//! after the server restarts.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use tabletop::ai::Level;
use tabletop::app::core_plugin;
use tabletop::app::online::{LinkState, OnlineLink, OnlineRequest, OnlineRoom, OnlineSettings};
use tabletop::app::table::{CurrentGame, MoveGate, TableGame};
use tabletop::app::{GameKind, Players, Screen};
use tabletop::games::state_hash;
use tabletop::online::protocol::{ClientFrame, Presence, SeatChoice, ServerFrame, Status};
use tabletop::record::PlayerKind;
use tabletop::rules::Game;
use tabletop::rules::connectfour::ConnectFour;
use tabletop::rules::gomoku::Gomoku;
use tabletop::rules::knucklebones::Knucklebones;
use tabletop::rules::tictactoe::TicTacToe;

use super::client::Client;

/// The game without a window, pointed at `server`, its seat in a room played by an AI
/// of level 1 on its behalf.
pub fn app(server: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<Image>()
        .add_plugins(core_plugin);
    if std::env::var_os("ONLINE_LOG").is_some() {
        app.add_plugins(bevy::log::LogPlugin::default());
    }
    app.insert_resource(OnlineSettings {
        server: server.to_owned(),
        name: "Bevy".to_owned(),
        player: PlayerKind::Ai(Level::MIN),
    });
    app.update();
    app
}

/// Runs the app and the plain clients until `done`, the plain first player moving at
/// random on its turns; false if it took over a minute.
pub fn run(
    app: &mut App,
    first: &mut Client,
    spectator: &mut Client,
    rng: &mut StdRng,
    mut done: impl FnMut(&mut App, &Client) -> bool,
) -> bool {
    let start = Instant::now();
    let mut in_flight = false;
    while start.elapsed() < Duration::from_secs(60) {
        app.update();
        while let Some(frame) = first.poll() {
            if let ServerFrame::Moved { .. } | ServerFrame::Error { .. } = frame {
                in_flight = false;
            }
        }
        while spectator.poll().is_some() {}
        if done(app, first) {
            return true;
        }
        // Both seats are taken (join waits for that): the first moves on its turns.
        let mirror = first.mirror();
        if !in_flight && !mirror.is_over() && first.to_move() == 0 {
            let mv = mirror
                .legal_moves()
                .choose(rng)
                .expect("a legal move")
                .clone();
            let seq = first.seq();
            first.send(&ClientFrame::Move { seq, mv });
            in_flight = true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let room = app.world().get_resource::<OnlineRoom>().cloned();
    eprintln!(
        "timed out: {:?} {:?}, link {:?} {:?}, room {room:?}, players {:?}, the first's game {} at {} moves",
        app.world().resource::<State<Screen>>().get(),
        app.world().resource::<State<GameKind>>().get(),
        app.world().resource::<OnlineLink>().state(),
        app.world().resource::<OnlineLink>().notice(),
        app.world().resource::<Players>().0,
        first.mirror().position_text(),
        first.mirror().plies(),
    );
    false
}

/// A room of game `G` made by the plain client, joined by the app from its code (as
/// `--room CODE` or a link does), watched by a spectator.
pub fn join<G: TableGame>(
    app: &mut App,
    url: &str,
    settings: &[(&str, &str)],
) -> (Client, Client, String) {
    let mut first = Client::connect(url, "Ada");
    first.send(&ClientFrame::Create {
        game: G::NAME.to_owned(),
        settings: settings
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        seat: SeatChoice::First,
        clock: None,
    });
    let ServerFrame::Created { room, .. } = first.next() else {
        panic!("created");
    };
    first.snapshot();
    app.world_mut()
        .write_message(OnlineRequest::Join { room: room.clone() });
    let start = Instant::now();
    while app
        .world()
        .get_resource::<OnlineRoom>()
        .and_then(|r| r.game.clone())
        .is_none()
    {
        assert!(start.elapsed() < Duration::from_secs(20), "the app joins");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    // The joiner's presence reaches the creator.
    let ServerFrame::Presence { presence, name, .. } = first.next() else {
        panic!("the app's arrival");
    };
    assert_eq!(
        (presence, name.as_deref()),
        (Presence::Connected, Some("Bevy"))
    );
    let mut spectator = Client::connect(url, "Cy");
    spectator.send(&ClientFrame::Watch { room: room.clone() });
    spectator.snapshot();
    (first, spectator, room)
}

/// The app's game on the table, its hash.
pub fn table_hash<G: TableGame>(app: &App) -> Option<String> {
    let kind = *app.world().resource::<State<GameKind>>().get();
    (kind == G::KIND).then(|| state_hash(&**app.world().resource::<CurrentGame<G>>()))
}

/// A whole game of `G`: the app's AI against the plain client, to the end, every copy
/// of the game the same at each step and at the end.
pub fn play_a_game<G: TableGame>(url: &str, settings: &[(&str, &str)], seed: u64) {
    let mut app = app(url);
    let (mut first, mut spectator, _) = join::<G>(&mut app, url, settings);
    let mut rng = StdRng::seed_from_u64(seed);
    let over = run(
        &mut app,
        &mut first,
        &mut spectator,
        &mut rng,
        |app, first| {
            first.mirror().is_over()
                && table_hash::<G>(app) == Some(first.mirror().state_hash())
                && app.world().resource::<CurrentGame<G>>().is_over()
        },
    );
    assert!(over, "{}: the game reaches its end on the table", G::NAME);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(*app.world().resource::<MoveGate>(), MoveGate::Remote);
    let players = app.world().resource::<Players>().0;
    assert_eq!(players.first, PlayerKind::Online, "the plain client's seat");
    assert_eq!(players.second, PlayerKind::Ai(Level::MIN), "the app's own");
    // The spectator saw every move.
    while spectator.poll().is_some() {}
    assert_eq!(
        spectator.mirror().state_hash(),
        first.mirror().state_hash(),
        "{}",
        G::NAME
    );
    assert_eq!(spectator.mirror().plies(), first.mirror().plies());
    let room = app.world().resource::<OnlineRoom>();
    assert_eq!(room.status, Status::Over, "{}", G::NAME);
}

#[test]
fn the_apps_plugin_plays_every_game_to_its_end() {
    let server = super::start();
    play_a_game::<Gomoku>(&server.url(), &[("size", "10x10")], 1);
    play_a_game::<TicTacToe>(&server.url(), &[], 2);
    play_a_game::<Knucklebones>(&server.url(), &[("starts", "p1")], 3);
    play_a_game::<ConnectFour>(&server.url(), &[], 4);
}

#[test]
fn the_app_takes_its_room_back_after_the_server_restarts() {
    let dir = std::env::temp_dir().join(format!("tabletop-online-app-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("rooms.db");
    let server = super::start_with_store(
        "127.0.0.1:0".parse().unwrap(),
        Box::new(tabletop::online::sqlite::SqliteStore::open(&db).unwrap()),
    );
    let addr = server.addr;
    let url = server.url();
    let mut app = app(&url);
    let (mut first, mut spectator, room) = join::<TicTacToe>(&mut app, &url, &[]);
    let mut rng = StdRng::seed_from_u64(9);
    // Two moves each, then the server goes away.
    assert!(run(
        &mut app,
        &mut first,
        &mut spectator,
        &mut rng,
        |_, first| first.mirror().plies() >= 3
    ));
    let token = first.token().to_owned();
    let before = first.mirror().state_hash();
    server.stop();
    first.closed();
    let dropped = (0..2000).any(|_| {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
        app.world().resource::<OnlineLink>().state() == LinkState::Reconnecting
    });
    assert!(dropped, "the app notices the drop");
    // The same address, the same store: the app comes back by itself.
    let server = super::start_with_store(
        addr,
        Box::new(tabletop::online::sqlite::SqliteStore::open(&db).unwrap()),
    );
    let mut first = Client::connect(&server.url(), "Ada");
    first.rejoin(&room, &token);
    assert_eq!(first.mirror().state_hash(), before);
    let mut spectator = Client::connect(&server.url(), "Cy");
    spectator.send(&ClientFrame::Watch { room });
    spectator.snapshot();
    let back = run(
        &mut app,
        &mut first,
        &mut spectator,
        &mut rng,
        |app, first| {
            app.world().resource::<OnlineLink>().state() == LinkState::Connected
                && table_hash::<TicTacToe>(app) == Some(first.mirror().state_hash())
        },
    );
    assert!(back, "the app took its seat back, the game as it was");
    let over = run(
        &mut app,
        &mut first,
        &mut spectator,
        &mut rng,
        |app, first| {
            first.mirror().is_over()
                && table_hash::<TicTacToe>(app) == Some(first.mirror().state_hash())
        },
    );
    assert!(over, "and the game goes on to its end");
    server.stop();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Updates the app until `done`, for at most 20 s.
fn update_until(app: &mut App, what: &str, mut done: impl FnMut(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < Duration::from_secs(20), "{what}");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The app, played by a person, makes a 10x10 Gomoku room on `url` under `clock`
/// (the first seat), as the menu's Create does: until the room's game is on its
/// table.
fn app_makes_a_room(url: &str, clock: Option<&str>) -> App {
    let mut app = app(url);
    app.world_mut().resource_mut::<OnlineSettings>().player = PlayerKind::Human;
    app.world_mut().write_message(OnlineRequest::Create {
        game: "gomoku".to_owned(),
        settings: vec![("size".to_owned(), "10x10".to_owned())],
        seat: SeatChoice::First,
        clock: clock.map(|text| text.parse().unwrap()),
    });
    update_until(&mut app, "the room is made", |app| {
        app.world()
            .get_resource::<OnlineRoom>()
            .is_some_and(|room| room.game.is_some())
            && table_hash::<Gomoku>(app).is_some()
    });
    app
}

#[test]
fn the_app_that_made_a_room_plays_it_without_an_engine_s_help() {
    let server = super::start();
    let url = server.url();
    let mut app = app_makes_a_room(&url, None);
    let room = app.world().resource::<OnlineRoom>().clone();
    assert_eq!(room.status, Status::Waiting);
    // The other player comes: the game is on for the room's maker too.
    let mut second = Client::connect(&url, "Bo");
    second.send(&ClientFrame::Join {
        room: room.code.clone(),
        seat: None,
    });
    second.next();
    second.snapshot();
    update_until(&mut app, "the maker sees the game start", |app| {
        app.world().resource::<OnlineRoom>().status == Status::Playing
    });
    // No hint, no move handed to an AI, and no file replaces the room's game.
    let before = table_hash::<Gomoku>(&app);
    app.world_mut()
        .write_message(tabletop::app::ai::HintRequested { level: Level::MIN });
    app.world_mut()
        .write_message(tabletop::app::table::LoadRequested {
            path: "no-such-game.txt".into(),
        });
    for _ in 0..5 {
        app.update();
    }
    let mut tasks = app
        .world_mut()
        .query::<&tabletop::app::ai::AiTask<<Gomoku as tabletop::rules::Game>::Move>>();
    assert_eq!(tasks.iter(app.world()).count(), 0, "no engine thinks");
    assert!(
        matches!(
            &app.world().resource::<tabletop::app::files::FileNotice>().0,
            Some(Err(why)) if why.contains("leave the room")
        ),
        "the load is refused with a reason"
    );
    assert_eq!(table_hash::<Gomoku>(&app), before, "the table as it was");
    server.stop();
}

#[test]
fn the_app_shows_the_server_s_clocks_and_its_loss_on_time() {
    let server = super::start();
    let url = server.url();
    // Three seconds each (0.05 minutes), one more a move: as the menu's Clock sends it.
    let mut app = app_makes_a_room(&url, Some("0.05+1"));
    let code = app.world().resource::<OnlineRoom>().code.clone();
    let mut second = Client::connect(&url, "Bo");
    second.send(&ClientFrame::Join {
        room: code,
        seat: None,
    });
    second.next();
    second.snapshot();
    update_until(&mut app, "the game starts", |app| {
        app.world().resource::<OnlineRoom>().status == Status::Playing
    });
    let game = |app: &App| app.world().resource::<CurrentGame<Gomoku>>().clone();
    let left = |app: &App| game(app).clocks().map(|c| c.readings());
    assert_eq!(
        left(&app),
        Some([Duration::from_secs(3); 2]),
        "the room's clocks"
    );
    // The app's player moves: the server's readings come back with the move.
    let e5 = Game::parse_move(&*game(&app), "e5").unwrap();
    let generation = game(&app).generation();
    app.world_mut()
        .write_message(tabletop::app::table::MoveRequested::<Gomoku>::new(
            e5, generation,
        ));
    update_until(&mut app, "the move is played", |app| {
        Game::plies(&*game(app)) == 1
    });
    app.update();
    let [mine, theirs] = left(&app).unwrap();
    assert_eq!(
        mine,
        Duration::from_secs(4),
        "three seconds and the increment"
    );
    assert!(theirs <= Duration::from_secs(3));
    // The other player's clock runs down on the table between frames...
    std::thread::sleep(Duration::from_millis(300));
    app.update();
    app.update();
    assert!(
        left(&app).unwrap()[1] < theirs,
        "the running clock counts down"
    );
    // ...and the server, not the table, ends the game on time.
    update_until(&mut app, "the loss on time", |app| {
        game(app).flagged().is_some()
    });
    assert_eq!(game(&app).flagged(), Some(tabletop::rules::Player::Second));
    assert!(game(&app).is_finished());
    let room = app.world().resource::<OnlineRoom>();
    assert_eq!(
        room.result,
        Some((
            tabletop::online::protocol::Winner::First,
            tabletop::online::protocol::EndReason::Time
        ))
    );
    server.stop();
}
