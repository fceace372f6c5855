//! The review in the running game: it runs beside the frames, marks exactly the
//! moves that change a solved result, goes to the positions it names, shows the
//! better move, and can be cancelled.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use tabletop::app::GameKind;
use tabletop::app::ai::Hint;
use tabletop::app::review::{GameReview, ReviewRequested};
use tabletop::app::table::WalkRequested;
use tabletop::app::tictactoe::{CurrentGame, MoveRequested};
use tabletop::record::Seats;
use tabletop::review::Mark;
use tabletop::rules::gomoku::Gomoku;
use tabletop::rules::tictactoe::{Cell, TicTacToe};

use super::{GomokuSettings, table_app};

fn tic_tac_toe(moves: &[&str]) -> App {
    let mut app = table_app(GameKind::of::<TicTacToe>(), Seats::HOT_SEAT, |_| {});
    for text in moves {
        let generation = app.world().resource::<CurrentGame>().generation();
        let cell = Cell::parse(text).unwrap();
        app.world_mut()
            .write_message(MoveRequested::new(cell, generation));
        app.update();
    }
    app
}

fn review(app: &App) -> &GameReview {
    app.world().resource::<GameReview>()
}

/// Runs frames until the review is done; returns how many frames that took and
/// the longest.
fn until_done(app: &mut App, limit: Duration) -> (u32, Duration) {
    let start = Instant::now();
    let (mut frames, mut longest) = (0, Duration::ZERO);
    while review(app).is_running() {
        assert!(
            start.elapsed() < limit,
            "the review did not end in {limit:?}"
        );
        let frame = Instant::now();
        app.update();
        longest = longest.max(frame.elapsed());
        frames += 1;
        std::thread::sleep(Duration::from_millis(1));
    }
    (frames, longest)
}

#[test]
fn a_reviewed_game_marks_the_blunder_and_goes_to_its_better_move() {
    let mut app = tic_tac_toe(&["b2", "a2", "a1", "c3", "c1"]);
    app.world_mut().write_message(ReviewRequested);
    app.update();
    assert!(review(&app).is_running());
    let (frames, _) = until_done(&mut app, Duration::from_secs(20));
    assert!(frames >= 1);
    let marks: Vec<Option<Mark>> = review(&app).moves().iter().map(|m| m.mark).collect();
    assert_eq!(marks, [None, Some(Mark::Blunder), None, None, None]);
    // The mark of a2 is on its node, for the move list.
    let nodes = review(&app).nodes().to_vec();
    assert_eq!(nodes.len(), 6);
    assert_eq!(review(&app).mark_of(nodes[2]), Some(Mark::Blunder));
    // Going to the position before it shows the better move as the hint.
    app.world_mut().write_message(WalkRequested::GoTo(nodes[1]));
    app.update();
    app.update();
    let game = app.world().resource::<CurrentGame>();
    assert_eq!(game.moves().len(), 1);
    let best = review(&app).moves()[1].best.clone().expect("a better move");
    let hint = app.world().resource::<Hint<TicTacToe>>().for_game(game);
    assert_eq!(hint.map(|c| c.to_string()), Some(best));
}

/// A Gomoku game of 30 moves reviewed at level 3 while the app keeps drawing
/// frames: no frame waits for a search, and a second request cancels a review.
#[test]
fn a_review_runs_beside_the_frames_and_can_be_cancelled() {
    let mut app = table_app(GameKind::of::<Gomoku>(), Seats::HOT_SEAT, |app| {
        app.insert_resource(GomokuSettings::default());
    });
    let moves = [
        "h8", "i9", "h9", "h10", "g8", "f8", "i8", "j8", "g7", "g9", "f6", "e5", "g6", "g5", "h6",
        "e6", "f7", "i7", "e8", "d9",
    ];
    for text in moves {
        super::request(&mut app, text);
    }
    app.world_mut().write_message(ReviewRequested);
    app.update();
    let (frames, longest) = until_done(&mut app, Duration::from_secs(60));
    assert_eq!(review(&app).moves().len(), moves.len());
    // The searches run beside the frames: the review spans frames, and none of
    // them waits for a search (level 3 may think 250 ms a position). How many
    // frames it spans depends on the machine's speed, not on this (a fast run
    // made 40 for 21 positions, a slow one hundreds).
    assert!(frames > 1, "{frames} frames");
    assert!(
        longest < Duration::from_millis(400),
        "a frame took {longest:?}"
    );
    // Every position searched has its value, but the empty board and forced
    // blocks (found without a search).
    let valued = review(&app).curve().iter().flatten().count();
    assert!(valued >= 15, "{valued} of 21 positions with a value");

    app.world_mut().write_message(ReviewRequested);
    app.update();
    assert!(review(&app).is_running());
    app.world_mut().write_message(ReviewRequested);
    app.update();
    assert!(!review(&app).is_running());
    assert!(
        review(&app).moves().is_empty(),
        "a cancelled review shows nothing"
    );
}
