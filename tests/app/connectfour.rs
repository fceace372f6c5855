//! Connect Four on the table: a click drops a disc that falls into its slot, the
//! keys 1 to 7 drop one, a full column is refused, the AI's reply arrives as a disc,
//! the winning four is lit, and the analysis solves every column.

use std::time::Duration;

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::ai::connectfour::solver::Score;
use tabletop::app::GameKind;
use tabletop::app::connectfour::analysis::ColumnAnalysis;
use tabletop::app::connectfour::layout::slot_centre;
use tabletop::app::connectfour::view::{Disc, LastMoveMarker, WinLine, WinningDisc};
use tabletop::app::connectfour::{CurrentGame, MoveRequested};
use tabletop::app::motion::TweenAnim;
use tabletop::app::table::{PendingGame, RefusedMove};
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::Player;
use tabletop::rules::connectfour::{Column, ConnectFour, Slot};

use super::ai::run_until;
use super::{count, table_app};

fn app(seats: Seats) -> App {
    table_app(GameKind::of::<ConnectFour>(), seats, |_| {})
}

fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

fn column(text: &str) -> Column {
    Column::parse(text).unwrap()
}

fn discs(app: &mut App) -> Vec<Disc> {
    let mut query = app.world_mut().query::<&Disc>();
    let mut found: Vec<_> = query.iter(app.world()).copied().collect();
    found.sort_by_key(|d| d.slot);
    found
}

fn request(app: &mut App, at: &str) {
    let generation = game(app).generation();
    app.world_mut()
        .write_message(MoveRequested::new(column(at), generation));
    app.update();
}

/// Frames with real time passing, so that falling discs fall.
fn settle(app: &mut App) {
    assert!(
        run_until(app, Duration::from_secs(10), |app| count::<(
            With<Disc>,
            With<TweenAnim>
        )>(app)
            == 0),
        "the discs settle"
    );
}

#[test]
fn a_click_drops_a_disc_that_falls_into_the_lowest_slot() {
    let mut app = app(Seats::HOT_SEAT);
    super::click::<ConnectFour>(&mut app, column("d"));
    let d1 = Slot {
        column: column("d"),
        row: 0,
    };
    assert_eq!(
        discs(&mut app),
        [Disc {
            owner: Player::First,
            slot: d1
        }]
    );
    // It starts above the rack and falls.
    assert_eq!(count::<(With<Disc>, With<TweenAnim>)>(&mut app), 1);
    let mut query = app.world_mut().query_filtered::<&Transform, With<Disc>>();
    let start = query.single(app.world()).unwrap().translation;
    assert!(start.y > slot_centre(d1).y + 3.0, "{start}");
    settle(&mut app);
    let rest = query.single(app.world()).unwrap().translation;
    assert!((rest - slot_centre(d1)).length() < 1e-4, "{rest}");
    // The marker is on it; Yellow's disc in the same column lands on top.
    let mut marker = app
        .world_mut()
        .query_filtered::<(&Transform, &Visibility), With<LastMoveMarker>>();
    let (at, visible) = marker.single(app.world()).unwrap();
    assert_eq!(*visible, Visibility::Visible);
    assert!((at.translation.xy() - slot_centre(d1).xy()).length() < 1e-4);
    super::click::<ConnectFour>(&mut app, column("d"));
    assert_eq!(discs(&mut app)[1].slot.row, 1);
    assert_eq!(discs(&mut app)[1].owner, Player::Second);
}

#[test]
fn the_keys_drop_discs_and_a_full_column_is_refused() {
    let mut app = app(Seats::HOT_SEAT);
    let press = |app: &mut App, key: KeyCode| {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(key);
        app.insert_resource(keys);
        app.update();
        app.world_mut().remove_resource::<ButtonInput<KeyCode>>();
    };
    for _ in 0..6 {
        press(&mut app, KeyCode::Digit7);
    }
    assert_eq!(game(&app).digits(), "777777");
    let before = game(&app).clone();
    press(&mut app, KeyCode::Digit7);
    assert_eq!(
        game(&app).digits(),
        before.digits(),
        "a full column is refused"
    );
    assert!(app.world().resource::<RefusedMove>().0.is_some());
    press(&mut app, KeyCode::Numpad1);
    assert_eq!(game(&app).digits(), "7777771");
    assert_eq!(discs(&mut app).len(), 7);
}

#[test]
fn four_in_a_row_ends_the_game_and_lights_the_four() {
    let mut app = app(Seats::HOT_SEAT);
    for at in ["a", "b", "a", "b", "a", "b"] {
        request(&mut app, at);
    }
    assert_eq!(count::<With<WinLine>>(&mut app), 0);
    request(&mut app, "a");
    app.update();
    assert!(game(&app).is_over());
    assert_eq!(count::<With<WinningDisc>>(&mut app), 4);
    assert_eq!(count::<With<WinLine>>(&mut app), 1);
    // Undo takes the win back.
    app.world_mut()
        .write_message(tabletop::app::table::UndoRequested);
    app.update();
    app.update();
    assert_eq!(count::<With<WinningDisc>>(&mut app), 0);
    assert_eq!(count::<With<WinLine>>(&mut app), 0);
    assert_eq!(discs(&mut app).len(), 6);
}

#[test]
fn a_level_five_reply_comes_from_the_book_and_arrives_as_a_disc() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MAX),
    };
    let mut app = app(seats);
    app.world_mut()
        .resource_mut::<tabletop::app::ai::AiPace>()
        .delay = Duration::ZERO;
    request(&mut app, "a");
    assert!(
        run_until(&mut app, Duration::from_secs(20), |app| game(app)
            .moves()
            .len()
            == 2),
        "level 5 replied"
    );
    // The reply keeps Yellow's best value: the book's move.
    let mut reply = ConnectFour::from_digits("1").unwrap();
    let best = tabletop::ai::connectfour::book::lookup(
        &tabletop::ai::connectfour::position::Position::of(&reply),
    )
    .expect("in the book")
    .0;
    reply.play(Column::ALL[best]).unwrap();
    assert_eq!(game(&app).digits(), reply.digits());
    assert_eq!(discs(&mut app).len(), 2);
}

#[test]
fn the_analysis_solves_every_column() {
    let mut app = app(Seats::HOT_SEAT);
    // Red to move can win at once in a; b, c ... lose or draw later.
    app.insert_resource(PendingGame(
        ConnectFour::from_digits("121212").unwrap(),
        None,
        None,
    ));
    app.update();
    assert_eq!(game(&app).digits(), "121212");
    app.world_mut().resource_mut::<ColumnAnalysis>().on = true;
    assert!(
        run_until(&mut app, Duration::from_secs(30), |app| app
            .world()
            .resource::<ColumnAnalysis>()
            .values
            .iter()
            .all(|v| v.is_some_and(|v| v.exact))),
        "every column solved"
    );
    let values = app.world().resource::<ColumnAnalysis>().values;
    assert_eq!(values[0].unwrap().score, Score::Win(1));
    // Yellow has b1 b2 b3 too: anything but a or b lets it win at once; b blocks
    // it and loses only later.
    for value in &values[2..] {
        assert_eq!(value.unwrap().score, Score::Loss(1));
    }
    assert!(matches!(values[1].unwrap().score, Score::Loss(n) if n > 1));
}
