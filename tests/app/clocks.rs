//! Clocks on the table: the side to move's clock runs by the frames' time (a fake
//! one here, `TimeUpdateStrategy::ManualDuration`, no sleeps), a move earns the
//! increment, a flag that falls ends the game on time and the file says so, and an
//! AI under a clock is stopped at its budget.

use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use tabletop::ai::Level;
use tabletop::app::GameKind;
use tabletop::app::ai::{AiPurpose, AiTask};
use tabletop::app::table::{
    ClockSetting, CurrentGame, MoveRequested, PendingGame, Phase, RefusedMove,
};
use tabletop::clocks::{GameClocks, TimeControl};
use tabletop::record::{SavedClock, SavedGame, Seats};
use tabletop::rules::tictactoe::{Cell, TicTacToe};
use tabletop::rules::{Game, Player};

use super::table_app;

/// Frames of this much time each: under `Time<Virtual>`'s largest step (250 ms).
const FRAME: Duration = Duration::from_millis(200);

fn clocked_app(control: &str) -> App {
    let control: TimeControl = control.parse().unwrap();
    table_app(GameKind::of::<TicTacToe>(), Seats::HOT_SEAT, |app| {
        app.insert_resource(ClockSetting(Some(control)));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    })
}

fn game(app: &App) -> &CurrentGame<TicTacToe> {
    app.world().resource::<CurrentGame<TicTacToe>>()
}

fn play(app: &mut App, cell: &str) {
    let generation = game(app).generation();
    let cell = Cell::parse(cell).unwrap();
    app.world_mut()
        .write_message(MoveRequested::<TicTacToe>::new(cell, generation));
    app.update();
}

#[test]
fn the_side_to_moves_clock_runs_and_its_flag_ends_the_game_on_time() {
    // Three seconds each, two more a move.
    let mut app = clocked_app("0.05+2");
    let start = game(&app).clocks().unwrap().readings();
    assert!(start[0] <= Duration::from_secs(3) && start[1] == Duration::from_secs(3));
    play(&mut app, "b2");
    let after_move = game(&app).clocks().unwrap().readings();
    assert!(
        after_move[0] > Duration::from_secs(4),
        "X earned the increment"
    );
    // O's clock runs, X's does not; fifteen frames of 200 ms run it out.
    for _ in 0..12 {
        app.update();
    }
    let clocks = game(&app).clocks().unwrap();
    assert_eq!(clocks.left(Player::First), after_move[0]);
    assert_eq!(game(&app).flagged(), None);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(game(&app).flagged(), Some(Player::Second));
    assert_eq!(
        game(&app).clocks().unwrap().left(Player::Second),
        Duration::ZERO
    );
    assert_eq!(*app.world().resource::<State<Phase>>().get(), Phase::Over);
    // No more moves; the file keeps the clocks and who lost on time.
    play(&mut app, "a1");
    assert_eq!(game(&app).plies(), 1);
    let why = app.world().resource::<RefusedMove>().0.clone().unwrap();
    assert!(why.contains("ran out of time"), "{why}");
    let text = game(&app).saved(Seats::HOT_SEAT).to_text();
    assert!(text.contains("clock 0.05+2\nclocks "), "{text}");
    assert!(text.contains(" 0:00.0\nflag o\n"), "{text}");

    // Loaded on another table: over on time, its clocks as they were.
    let saved = SavedGame::from_text(&text).unwrap();
    let mut other = clocked_app("5+3");
    let record = saved.game.into_game::<TicTacToe>().unwrap();
    other.insert_resource(PendingGame(record, None, saved.clock));
    other.update();
    other.update();
    assert_eq!(game(&other).flagged(), Some(Player::Second));
    assert_eq!(*other.world().resource::<State<Phase>>().get(), Phase::Over);
    assert_eq!(
        game(&other).clocks().unwrap().control().to_string(),
        "0.05+2"
    );
}

#[test]
fn an_ai_past_its_clock_budget_is_told_to_stop() {
    let mut app = clocked_app("1+0");
    // A tenth of a second left: the budget is the policy's least, 10 ms.
    let control: TimeControl = "1+0".parse().unwrap();
    let clock = SavedClock {
        clocks: GameClocks::with_left(control, [Duration::from_millis(100); 2]),
        flagged: None,
        times: Vec::new(),
    };
    app.insert_resource(PendingGame(TicTacToe::new(), None, Some(clock)));
    app.update();
    let generation = game(&app).generation();
    let task = app
        .world_mut()
        .spawn(AiTask::<Cell>::spawn(
            generation,
            Player::First,
            Level::MAX,
            AiPurpose::Play,
            Duration::ZERO,
            // A search that ends only when told to (or after five seconds).
            |job| async move {
                let stop = job.stop_flag();
                for _ in 0..5_000 {
                    if stop.load(Relaxed) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                None
            },
        ))
        .id();
    // The task began at the app's start; by now it has thought past 10 ms.
    std::thread::sleep(Duration::from_millis(20));
    app.update();
    // Its search ends only once told to stop, so a task gone was told too.
    let stopped = app
        .world()
        .get::<AiTask<Cell>>(task)
        .is_none_or(|task| task.stop_flag().load(Relaxed));
    assert!(stopped, "the AI's search was told to stop");
}

#[test]
fn every_line_of_the_tree_keeps_its_own_times_through_the_file() {
    let mut app = clocked_app("1+0");
    let frames = |app: &mut App, n: usize| {
        for _ in 0..n {
            app.update();
        }
    };
    frames(&mut app, 5);
    play(&mut app, "b2");
    frames(&mut app, 3);
    play(&mut app, "a1");
    let a1 = game(&app).at();
    let after_a1 = game(&app).clocks().unwrap().readings();
    assert!(after_a1[1] < Duration::from_secs(60));
    // Back a move: the clocks as they were after b2, O's still full.
    app.world_mut()
        .write_message(tabletop::app::table::UndoRequested);
    app.update();
    // (X's clock as it was when X moved: O's move's frame had started it again.)
    let back = game(&app).clocks().unwrap().readings();
    assert_eq!(back[1], Duration::from_secs(60));
    assert!(back[0] >= after_a1[0] && back[0] - after_a1[0] <= FRAME);
    // Looking back stops the clocks; another reply there is a variation with its
    // own time.
    frames(&mut app, 8);
    play(&mut app, "c3");
    let after_c3 = game(&app).clocks().unwrap().left(Player::Second);
    assert_eq!(after_c3, Duration::from_secs(60));
    assert!(after_a1[1] < after_c3);
    // Going to a1 again sets O's clock as it was there.
    app.world_mut()
        .write_message(tabletop::app::table::WalkRequested::GoTo(a1));
    app.update();
    // (X's clock, to move there, runs on from its reading in that frame.)
    let o_at_a1 = game(&app).clocks().unwrap().left(Player::Second);
    assert_eq!(o_at_a1, after_a1[1]);
    // The file keeps each move's time, and a loaded game steps through them.
    let text = game(&app).saved(Seats::HOT_SEAT).to_text();
    let times = text.lines().find(|l| l.starts_with("times ")).unwrap();
    assert_eq!(times.split_whitespace().count(), 4, "{text}");
    assert!(text.contains("moves b2 a1 (c3)"), "{text}");
    let saved = SavedGame::from_text(&text).unwrap();
    let tree = saved.variations.clone().unwrap();
    let mut other = clocked_app("5+3");
    let record = saved.game.clone().into_game::<TicTacToe>().unwrap();
    let typed = tabletop::app::table::typed_tree(&record, &tree.tree).unwrap();
    other.insert_resource(PendingGame(record, Some((typed, tree.at)), saved.clock));
    other.update();
    let clocks = game(&other).clocks().unwrap();
    assert_eq!(clocks.left(Player::Second), o_at_a1);
    other
        .world_mut()
        .write_message(tabletop::app::table::UndoRequested);
    other.update();
    assert_eq!(
        game(&other).clocks().unwrap().left(Player::Second),
        Duration::from_secs(60)
    );
}
