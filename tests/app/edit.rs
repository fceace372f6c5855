//! The Edit mode on the table: a position set up by hand with clicks, the side to
//! move chosen, played from (saved with its `setup` line, a fresh dice seed), or
//! cancelled; a position no game reaches is refused with the reason; no AI moves
//! while it is set up.

use std::time::Duration;

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::app::GameKind;
use tabletop::app::locale::Locale;
use tabletop::app::table::{
    CurrentGame, EditPosition, EditRequested, EditTools, GameSetup, RefusedMove, SaveRequested,
    TableGame, UndoRequested,
};
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::connectfour::{Column, ConnectFour};
use tabletop::rules::gomoku::Gomoku;
use tabletop::rules::knucklebones::Knucklebones;
use tabletop::rules::{Game, Player};

use super::ai::run_until;
use super::{GomokuSettings, click, pieces, playing_app, point, request, table_app, temp_dir};

fn edit(app: &mut App, request: EditRequested) {
    app.world_mut().write_message(request);
    app.update();
}

fn tools(app: &mut App, side: Player, take: bool) {
    let mut tools = app.world_mut().resource_mut::<EditTools>();
    tools.side = side;
    tools.take = take;
}

fn current<G: TableGame>(app: &App) -> &CurrentGame<G> {
    app.world().resource::<CurrentGame<G>>()
}

fn refused(app: &App) -> Option<String> {
    app.world().resource::<RefusedMove>().0.clone()
}

#[test]
fn a_gomoku_position_set_up_by_clicks_plays_on_and_saves_with_its_setup() {
    let mut app = playing_app(GomokuSettings::default());
    for text in ["h8", "i9", "h9"] {
        request(&mut app, text);
    }
    edit(&mut app, EditRequested::Start);
    assert!(current::<Gomoku>(&app).editing());
    assert!(
        !current::<Gomoku>(&app).can_undo(),
        "the moves became the set-up"
    );
    // A click during the set-up puts a stone, it plays nothing.
    tools(&mut app, Player::Second, false);
    let j10 = point(&app, "j10");
    click::<Gomoku>(&mut app, j10.into());
    tools(&mut app, Player::First, true);
    let h9 = point(&app, "h9");
    click::<Gomoku>(&mut app, h9.into());
    edit(&mut app, EditRequested::SideToMove(Player::Second));
    let game = current::<Gomoku>(&app);
    assert_eq!(game.plies(), 0);
    assert_eq!(game.stones(), 3);
    assert_eq!(game.side_to_move(), Player::Second);
    app.update();
    assert_eq!(
        pieces(&mut app).len(),
        3,
        "the set-up stones stand on the board"
    );

    edit(&mut app, EditRequested::Finish);
    let game = current::<Gomoku>(&app);
    assert!(!game.editing());
    assert_eq!(
        game.setup_text().as_deref(),
        Some("black=h8;white=i9,j10;turn=white")
    );
    request(&mut app, "a1");
    assert_eq!(current::<Gomoku>(&app).moves(), [point(&app, "a1")]);
    let dir = temp_dir("edit");
    let path = dir.path().join("setup.txt");
    app.world_mut()
        .write_message(SaveRequested { path: path.clone() });
    app.update();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("setup black=h8;white=i9,j10;turn=white\nmoves a1\n"),
        "{text}"
    );
    // Undo goes back to the set-up position, not before it.
    for _ in 0..3 {
        app.world_mut().write_message(UndoRequested);
        app.update();
    }
    assert_eq!(current::<Gomoku>(&app).stones(), 3);
}

#[test]
fn cancel_puts_back_the_game_with_its_moves() {
    let mut app = playing_app(GomokuSettings::default());
    for text in ["h8", "i9"] {
        request(&mut app, text);
    }
    let before = current::<Gomoku>(&app).saved(Seats::HOT_SEAT).to_text();
    edit(&mut app, EditRequested::Start);
    let a1 = point(&app, "a1");
    click::<Gomoku>(&mut app, a1.into());
    edit(&mut app, EditRequested::Clear);
    assert_eq!(current::<Gomoku>(&app).stones(), 0);
    // A save while setting up saves the game as it was.
    assert_eq!(
        current::<Gomoku>(&app).saved(Seats::HOT_SEAT).to_text(),
        before
    );
    edit(&mut app, EditRequested::Cancel);
    let game = current::<Gomoku>(&app);
    assert!(!game.editing());
    assert_eq!(game.moves(), [point(&app, "h8"), point(&app, "i9")]);
    assert_eq!(game.saved(Seats::HOT_SEAT).to_text(), before);
}

#[test]
fn a_connect_four_grid_no_game_reaches_is_refused_and_no_ai_moves_meanwhile() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MIN),
    };
    let mut app = table_app(GameKind::of::<ConnectFour>(), seats, |_| {});
    edit(&mut app, EditRequested::Start);
    let d = Column::parse("d").unwrap();
    tools(&mut app, Player::First, false);
    click::<ConnectFour>(&mut app, d);
    // Red has one disc: Yellow (the AI) is to move, but waits for the set-up.
    assert!(!run_until(&mut app, Duration::from_millis(600), |app| {
        current::<ConnectFour>(app).occupied().count_ones() != 1
    }));
    tools(&mut app, Player::Second, false);
    click::<ConnectFour>(&mut app, d);
    click::<ConnectFour>(&mut app, d);
    edit(&mut app, EditRequested::Finish);
    let why = refused(&app).expect("a refusal");
    assert!(why.contains("Red moves first"), "{why}");
    assert!(current::<ConnectFour>(&app).editing(), "still setting up");
    // A side the discs do not allow is refused too.
    tools(&mut app, Player::First, true);
    click::<ConnectFour>(&mut app, d);
    edit(&mut app, EditRequested::SideToMove(Player::Second));
    assert!(refused(&app).unwrap().contains("it is Red's turn"));
    edit(&mut app, EditRequested::Finish);
    assert!(!current::<ConnectFour>(&app).editing());
    assert_eq!(
        current::<ConnectFour>(&app).setup_text().as_deref(),
        Some("......./......./......./......./...y.../...r...")
    );
}

#[test]
fn a_knucklebones_set_up_gets_a_fresh_seed_and_keeps_its_die() {
    let mut app = table_app(GameKind::of::<Knucklebones>(), Seats::HOT_SEAT, |app| {
        let mut setup = GameSetup::<Knucklebones>::default();
        setup.set("seed", "random").unwrap().unwrap();
        app.insert_resource(setup);
    });
    let seed = current::<Knucklebones>(&app).seed();
    edit(&mut app, EditRequested::Start);
    tools(&mut app, Player::Second, false);
    app.world_mut().resource_mut::<EditTools>().face = 5;
    let first = tabletop::rules::knucklebones::Column::ALL[0];
    click::<Knucklebones>(&mut app, first);
    app.world_mut()
        .write_message(EditPosition::<Knucklebones>::new(|game| {
            game.set_up_die(6).map_err(|e| e.to_string())
        }));
    app.update();
    // Nothing is rolled while the position is set up: the status says what waits.
    assert_eq!(
        current::<Knucklebones>(&app).status_line(Locale::english()),
        "Die to place 6 · score 0 – 5"
    );
    edit(&mut app, EditRequested::Finish);
    let game = current::<Knucklebones>(&app);
    assert!(!game.editing());
    assert_eq!(
        game.status_line(Locale::english()),
        "Rolled a 6 · score 0 – 5"
    );
    assert_eq!(game.tray(Player::Second).column(first), [5]);
    assert_eq!(game.die(), 6);
    assert_ne!(
        game.seed(),
        seed,
        "the rolls after it come from a fresh seed"
    );
    assert!(game.setup_text().unwrap().contains("die=6"));
}
