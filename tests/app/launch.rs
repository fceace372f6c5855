//! Starting from the command line: what main.rs hands the app ([`Launch`]) puts the
//! right game on the table with the right settings, players and saved moves.

use bevy::prelude::*;
use tabletop::app::knucklebones::CurrentGame;
use tabletop::app::launch::Launch;
use tabletop::app::table::{GameKind, GameSetup, Players, Screen, TableGame};
use tabletop::record::PlayerKind;
use tabletop::rules::Game;
use tabletop::rules::knucklebones::Knucklebones;
use tabletop::rules::tictactoe::TicTacToe;

use super::{headless_app, temp_dir};

/// `launch` carried out on a headless app, and the first frames run.
fn launched(launch: Launch) -> Result<App, String> {
    let mut app = headless_app();
    launch.prepare()?.apply(&mut app)?;
    app.update();
    app.update();
    Ok(app)
}

#[test]
fn dice_settings_alone_start_the_dice_game_with_them() {
    let app = launched(Launch {
        second: Some(PlayerKind::Human),
        settings: vec![("seed", "42".into()), ("starts", "p2".into())],
        ..Launch::default()
    })
    .unwrap();
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        Knucklebones::KIND
    );
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let setup = app.world().resource::<GameSetup<Knucklebones>>();
    assert_eq!(
        (setup.get("seed"), setup.get("starts")),
        (Some("42"), Some("p2"))
    );
    let game = app.world().resource::<CurrentGame>();
    assert_eq!(
        (game.seed(), game.starter()),
        (42, tabletop::rules::Player::Second)
    );
    assert_eq!(app.world().resource::<Players>().second, PlayerKind::Human);
}

#[test]
fn a_saved_game_comes_on_the_table_with_its_players() {
    let dir = temp_dir("launch");
    let path = dir.path().join("saved.txt");
    std::fs::write(&path, "game tictactoe\nx human\no ai:2\nmoves b2 a1\n").unwrap();
    let app = launched(Launch {
        load: Some(path.clone()),
        ..Launch::default()
    })
    .unwrap();
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        TicTacToe::KIND
    );
    let game = app
        .world()
        .resource::<tabletop::app::tictactoe::CurrentGame>();
    assert_eq!(game.plies(), 2);
    assert_eq!(
        app.world().resource::<Players>().second,
        PlayerKind::Ai(tabletop::ai::Level::new(2).unwrap())
    );
}

#[test]
fn bad_launches_say_why_and_start_nothing() {
    for (launch, why) in [
        (
            Launch {
                load: Some("/no/such/file.txt".into()),
                ..Launch::default()
            },
            "could not read",
        ),
        (
            Launch {
                game: Some("chess".into()),
                ..Launch::default()
            },
            "no game 'chess'",
        ),
        (
            Launch {
                settings: vec![("colour", "red".into())],
                ..Launch::default()
            },
            "no game has the setting 'colour'",
        ),
        (
            Launch {
                settings: vec![("seed", "-4".into())],
                ..Launch::default()
            },
            "seed '-4'",
        ),
    ] {
        let error = launched(launch).unwrap_err();
        assert!(error.contains(why), "{error}");
    }
    // No flags: the menu.
    let app = launched(Launch::default()).unwrap();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
}
