//! Every registered game, whichever it is: in the app's list in the registry's order,
//! with every part the app shares (move path, AI, clicks, saving, HUD, menu page),
//! and played by a click and by an AI.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use tabletop::ai::Level;
use tabletop::app::table::{CurrentGame, GameKind, GameSystems, Part, TableGame, TableGames};
use tabletop::games::GAMES;
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::Game;
use tabletop::rules::connectfour::ConnectFour;
use tabletop::rules::gomoku::Gomoku;
use tabletop::rules::knucklebones::Knucklebones;
use tabletop::rules::tictactoe::TicTacToe;

use super::ai::run_until;
use super::{click, table_app};

fn kinds(app: &App) -> Vec<GameKind> {
    app.world().resource::<TableGames>().kinds().collect()
}

#[test]
fn the_menu_lists_every_registered_game_in_order() {
    let app = table_app(GameKind::default(), Seats::HOT_SEAT, |_| {});
    let names: Vec<&str> = kinds(&app).iter().map(|kind| kind.name()).collect();
    let registered: Vec<&str> = GAMES.iter().map(|game| game.name()).collect();
    assert_eq!(names, registered);
}

#[test]
fn every_game_gets_every_part_the_app_shares() {
    let mut app = table_app(GameKind::default(), Seats::HOT_SEAT, |_| {});
    // The egui pass never runs headless, but its schedule holds the HUD and menu.
    app.init_schedule(EguiPrimaryContextPass);
    for kind in kinds(&app) {
        for part in Part::ALL {
            let schedule = match part {
                Part::Hud | Part::Menu => app.get_schedule(EguiPrimaryContextPass),
                _ => app.get_schedule(Update),
            }
            .expect("the schedule exists");
            assert!(
                schedule
                    .graph()
                    .system_sets
                    .contains(GameSystems(kind, part)),
                "{kind} has no {part:?}"
            );
        }
    }
}

/// Each game's menu settings are its schema's, at their defaults, and the settings
/// file's lines are made from them.
#[test]
fn every_game_has_the_menu_settings_of_its_schema() {
    let app = table_app(GameKind::default(), Seats::HOT_SEAT, |_| {});
    let games = app.world().resource::<TableGames>();
    for (entry, game) in games.entries().zip(GAMES) {
        let lines = entry.setting_lines(app.world());
        let expected: Vec<(&str, String)> = game
            .settings()
            .iter()
            .map(|setting| (setting.key, setting.default.to_owned()))
            .collect();
        assert_eq!(lines, expected, "{}", game.name());
    }
}

/// A person (first) clicks the first legal move; AI level 1 (second) replies.
fn a_click_and_an_ai_reply<G: TableGame>() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MIN),
    };
    let mut app = table_app(G::KIND, seats, |_| {});
    let game = |app: &App| app.world().resource::<CurrentGame<G>>().clone();
    let mv = game(&app).legal_moves()[0];
    click::<G>(&mut app, mv);
    assert_eq!(game(&app).history(), [mv], "{}: the click played", G::NAME);
    assert!(
        run_until(&mut app, Duration::from_secs(20), |app| game(app).plies()
            == 2),
        "{}: the AI replied",
        G::NAME
    );
    // The reply was legal: the game replays from its start.
    let mut replay: G = (*game(&app)).clone();
    while replay.undo().is_some() {}
    for mv in game(&app).history() {
        replay.play(mv).expect("every move on the table is legal");
    }
}

#[test]
fn every_game_plays_a_click_and_an_ai_reply() {
    let tested = [
        Gomoku::NAME,
        TicTacToe::NAME,
        Knucklebones::NAME,
        ConnectFour::NAME,
    ];
    let registered: Vec<&str> = GAMES.iter().map(|game| game.name()).collect();
    assert_eq!(tested, registered[..], "a registered game is missing here");
    a_click_and_an_ai_reply::<Gomoku>();
    a_click_and_an_ai_reply::<TicTacToe>();
    a_click_and_an_ai_reply::<Knucklebones>();
    a_click_and_an_ai_reply::<ConnectFour>();
}
