//! Gomoku's opening rules on the table: the seat to act and its prompt follow the
//! rule's steps, a choice is a move like a stone (the HUD's buttons send it), a swap
//! moves the players to the other colour, and the engine plays every step.

use std::time::Duration;

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::app::ai::AiTask;
use tabletop::app::gomoku::MoveRequested;
use tabletop::app::locale::Locale;
use tabletop::app::table::{Phase, RefusedMove, TableGame, UndoRequested};
use tabletop::record::{PlayerKind, SavedGame, Seats};
use tabletop::rules::gomoku::{Gomoku, Move, Step};
use tabletop::rules::{Game, Player};

use super::ai::run_until;
use super::{GomokuSettings, game, phase, playing_app, playing_app_with, point};

fn opening_app(rule: &str, opening: &str, seats: Seats) -> App {
    let mut setup = GomokuSettings::default();
    setup.set("rule", rule).unwrap().unwrap();
    setup.set("opening", opening).unwrap().unwrap();
    if seats == Seats::HOT_SEAT {
        playing_app(setup)
    } else {
        playing_app_with(setup, seats)
    }
}

/// Sends `word` (a point or a choice) as a click or a button does; two frames, so
/// that the phase follows.
fn act(app: &mut App, word: &str) {
    let mv = game(app).parse_move(word).unwrap();
    let generation = game(app).generation();
    app.world_mut()
        .write_message(MoveRequested::new(mv, generation));
    app.update();
    app.update();
}

fn prompt(app: &App) -> Option<String> {
    game(app).prompt(Locale::english())
}

#[test]
fn swap2_hands_each_step_to_its_seat_and_a_swap_moves_the_players() {
    let mut app = opening_app("freestyle", "swap2", Seats::HOT_SEAT);
    assert_eq!(
        prompt(&app).as_deref(),
        Some("Black: put opening stone 1 of 3 (Black, White, Black)")
    );
    for word in ["h8", "h9"] {
        act(&mut app, word);
        // The first player puts White's stone too.
        assert_eq!(phase(&app), Phase::ToMove(Player::First), "after {word}");
    }
    act(&mut app, "i9");
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));
    assert!(prompt(&app).unwrap().starts_with("White: take Black"));
    let choices = game(&app).choices(Locale::english());
    assert_eq!(
        choices,
        [
            (Move::Swap, "Take Black".to_owned()),
            (Move::Two, "Put two more".to_owned())
        ]
    );
    // A choice the step does not offer is refused with the reason, and nothing moves.
    act(&mut app, "keep");
    let refused = app.world().resource::<RefusedMove>().0.clone();
    assert_eq!(refused.as_deref(), Some("the opening offers no 'keep' now"));
    assert_eq!(game(&app).plies(), 3);

    act(&mut app, "swap");
    // The second seat took Black: the first plays White, and it is White's move.
    assert_eq!(game(&app).side_to_move(), Player::Second);
    assert_eq!(game(&app).side_of_seat(Player::First), Player::Second);
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
    assert_eq!(prompt(&app), None);
    act(&mut app, "g7");
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));

    // Undo takes the stone, then the swap back: the second seat chooses again.
    for _ in 0..2 {
        app.world_mut().write_message(UndoRequested);
        app.update();
    }
    app.update();
    assert_eq!(game(&app).opening_state().step, Step::Swap2Answer);
    assert_eq!(game(&app).side_of_seat(Player::First), Player::First);
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));

    // The file keeps the rule and the choices, and reads back as the same game.
    act(&mut app, "two");
    act(&mut app, "g7");
    act(&mut app, "j10");
    assert_eq!(
        phase(&app),
        Phase::ToMove(Player::First),
        "the first chooses"
    );
    act(&mut app, "keep");
    assert_eq!(phase(&app), Phase::ToMove(Player::Second), "White's sixth");
    let text = game(&app).saved(Seats::HOT_SEAT).to_text();
    assert!(text.contains("opening swap2\n"), "{text}");
    assert!(
        text.contains("moves h8 h9 i9 swap (two g7 j10 keep) g7\n"),
        "{text}"
    );
    let back: Gomoku = SavedGame::from_text(&text)
        .unwrap()
        .game
        .into_game()
        .unwrap();
    assert_eq!(back, **game(&app));
}

#[test]
fn taraguchi_refuses_a_stone_outside_its_square_with_the_reason() {
    let mut app = opening_app("renju", "taraguchi10", Seats::HOT_SEAT);
    act(&mut app, "h9");
    let refused = app.world().resource::<RefusedMove>().0.clone();
    assert_eq!(
        refused.as_deref(),
        Some("h9 is outside the central 1x1 square this stone must lie in")
    );
    assert_eq!(game(&app).plies(), 0);
    act(&mut app, "h8");
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));
    assert_eq!(
        prompt(&app).as_deref(),
        Some("White: take the other colour, or put stone 2 within the central 3x3 square")
    );
    assert_eq!(game(&app).moves(), [point(&app, "h8")]);
}

#[test]
fn the_engine_plays_every_step_of_taraguchi_against_itself() {
    let ai = |level| PlayerKind::Ai(Level::new(level).unwrap());
    let mut app = opening_app(
        "renju",
        "taraguchi10",
        Seats {
            first: ai(1),
            second: ai(2),
        },
    );
    let done = run_until(&mut app, Duration::from_secs(60), |app| {
        !game(app).in_opening() && game(app).moves().len() >= 7
    });
    let history: Vec<String> = game(&app)
        .history()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(done, "the opening went on: {history:?}");
    // Every move was legal where it was made: the record replays.
    let text = game(&app).position_text();
    assert_eq!(Gomoku::from_position(&text).unwrap(), **game(&app));
    assert!(
        app.world_mut()
            .query::<&AiTask<Move>>()
            .iter(app.world())
            .count()
            <= 1
    );
}
