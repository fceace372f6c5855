//! AIs in the running game: replies, stale answers, AI vs AI, and clicks.

use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::app::GameKind;
use tabletop::app::ai::{AiPace, AiPurpose};
use tabletop::app::ai::{AiTask, Hint};
use tabletop::app::gomoku::analysis::{
    AnalysisTask, CANDIDATES, CandidateTint, GomokuAnalysis, LineStone,
};
use tabletop::app::gomoku::board::Cell;
use tabletop::app::gomoku::pieces::HintMarker;
use tabletop::app::gomoku::{CurrentGame, MoveRequested};
use tabletop::app::pointer::{Hovered, PointerOverUi};
use tabletop::app::table::ToggleAnalysis;
use tabletop::app::table::{NewGameRequested, Phase, UndoRequested};
use tabletop::app::touch::{AwaitingTap, TouchPointer, TouchSettings};
use tabletop::rules::gomoku::{Gomoku, Move, Point};

type GomokuAiTask = AiTask<Move>;
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::Player;

use super::{
    GomokuSettings, count, game, gomoku_setup, phase, pieces, playing_app, playing_app_with, point,
    request,
};

fn ai(level: u8) -> PlayerKind {
    PlayerKind::Ai(Level::new(level).unwrap())
}

/// Runs frames until `done` holds, for at most `limit` of real time.
pub(super) fn run_until(
    app: &mut App,
    limit: Duration,
    mut done: impl FnMut(&mut App) -> bool,
) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    false
}

fn tasks(app: &mut App) -> usize {
    count::<With<GomokuAiTask>>(app)
}

#[test]
fn an_ai_reply_arrives_as_a_move_and_the_turn_comes_back() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: ai(1),
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    request(&mut app, "h8");
    assert!(
        run_until(&mut app, Duration::from_secs(10), |app| game(app)
            .moves()
            .len()
            == 2),
        "the AI answered"
    );
    app.update();
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
    let stones = pieces(&mut app);
    assert_eq!(stones.len(), 2);
    assert_eq!(
        stones
            .iter()
            .filter(|(p, _, _)| p.owner == Player::Second)
            .count(),
        1
    );
    assert_eq!(tasks(&mut app), 0, "the finished task is gone");
}

#[test]
fn an_ai_that_moves_first_opens_in_the_centre() {
    let seats = Seats {
        first: ai(5),
        second: PlayerKind::Human,
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    assert!(run_until(&mut app, Duration::from_secs(10), |app| {
        !game(app).moves().is_empty()
    }));
    assert_eq!(game(&app).moves(), [point(&app, "h8")]);
}

#[test]
fn new_game_while_the_ai_thinks_stops_it_and_drops_its_move() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: ai(5),
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    request(&mut app, "h8");
    request(&mut app, "h8"); // an occupied point: nothing; the AI is now thinking
    assert_eq!(tasks(&mut app), 1);
    let stop = {
        let mut query = app.world_mut().query::<&GomokuAiTask>();
        let task = query.single(app.world()).unwrap();
        assert_eq!((task.side, task.purpose), (Player::Second, AiPurpose::Play));
        task.stop_flag()
    };
    assert!(!stop.load(Relaxed));
    app.world_mut().write_message(NewGameRequested);
    app.update();
    app.update();
    assert_eq!(tasks(&mut app), 0);
    assert!(stop.load(Relaxed), "the search was told to stop");
    // Give a search that ignored the flag time to finish: still nothing lands.
    run_until(&mut app, Duration::from_millis(1500), |_| false);
    assert!(game(&app).moves().is_empty());
    assert!(pieces(&mut app).is_empty());
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
}

#[test]
fn a_result_for_an_older_position_is_dropped() {
    let mut app = playing_app(GomokuSettings::default());
    request(&mut app, "h8");
    let old = game(&app).generation();
    app.world_mut().write_message(UndoRequested);
    app.update();
    assert!(game(&app).moves().is_empty());

    // A finished AI task from before the undo...
    let i9 = point(&app, "i9");
    app.world_mut().spawn(GomokuAiTask::spawn(
        old,
        Player::Second,
        Level::MIN,
        AiPurpose::Play,
        Duration::ZERO,
        move |_| async move { Some(i9.into()) },
    ));
    assert!(run_until(&mut app, Duration::from_secs(5), |app| tasks(
        app
    ) == 0));
    // ...and a move message chosen for it: neither lands.
    app.world_mut()
        .write_message(MoveRequested::new(i9.into(), old));
    app.update();
    app.update();
    assert!(game(&app).moves().is_empty());
    assert!(pieces(&mut app).is_empty());

    // The same answer for the current position is played.
    let now = game(&app).generation();
    app.world_mut().spawn(GomokuAiTask::spawn(
        now,
        Player::First,
        Level::MIN,
        AiPurpose::Play,
        Duration::ZERO,
        move |_| async move { Some(i9.into()) },
    ));
    assert!(run_until(&mut app, Duration::from_secs(5), |app| !game(
        app
    )
    .moves()
    .is_empty()));
    assert_eq!(game(&app).moves(), [i9]);
}

#[test]
fn two_level_one_ais_play_a_whole_game() {
    let settings = gomoku_setup("10x10", "freestyle");
    let seats = Seats {
        first: ai(1),
        second: ai(1),
    };
    let mut app = playing_app_with(settings, seats);
    app.insert_resource(AiPace {
        auto: true,
        delay: Duration::ZERO,
    });
    assert!(
        run_until(&mut app, Duration::from_secs(60), |app| game(app).is_over()),
        "the game ended"
    );
    app.update();
    assert_eq!(phase(&app), Phase::Over);
    let moves = game(&app).moves().len();
    assert!(moves >= 9, "a win takes at least nine moves, got {moves}");
    assert_eq!(pieces(&mut app).len(), moves);
    // Nothing more happens after the end.
    run_until(&mut app, Duration::from_millis(200), |_| false);
    assert_eq!(game(&app).moves().len(), moves);
    assert_eq!(tasks(&mut app), 0);
}

#[test]
fn paused_ais_wait_for_a_step() {
    let seats = Seats {
        first: ai(1),
        second: ai(1),
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    app.insert_resource(AiPace {
        auto: false,
        delay: Duration::ZERO,
    });
    run_until(&mut app, Duration::from_millis(200), |_| false);
    assert!(game(&app).moves().is_empty(), "no move without a step");
    app.world_mut()
        .write_message(tabletop::app::ai::AiStepRequested);
    assert!(run_until(&mut app, Duration::from_secs(5), |app| game(app)
        .moves()
        .len()
        == 1));
    run_until(&mut app, Duration::from_millis(200), |_| false);
    assert_eq!(game(&app).moves().len(), 1, "one step, one move");
}

#[test]
fn a_hint_shows_a_point_without_playing_it() {
    let mut app = playing_app(GomokuSettings::default());
    request(&mut app, "h8");
    app.world_mut()
        .write_message(tabletop::app::ai::HintRequested {
            level: Level::new(3).unwrap(),
        });
    let hint = |app: &mut App| {
        let game = app.world().resource::<CurrentGame>().clone();
        app.world().resource::<Hint<Gomoku>>().for_game(&game)
    };
    assert!(run_until(&mut app, Duration::from_secs(5), |app| hint(app).is_some()));
    let suggested = hint(&mut app).unwrap().point().unwrap();
    assert!(game(&app).is_legal(suggested));
    assert_eq!(game(&app).moves().len(), 1, "a hint is not played");
    // The ring hangs on the suggested point's cell.
    app.update();
    let rings = |app: &mut App| -> Vec<Point> {
        let mut query = app
            .world_mut()
            .query_filtered::<&ChildOf, With<HintMarker>>();
        let parents: Vec<Entity> = query.iter(app.world()).map(ChildOf::parent).collect();
        parents
            .into_iter()
            .map(|cell| app.world().get::<Cell>(cell).unwrap().point())
            .collect()
    };
    assert_eq!(rings(&mut app), [suggested]);
    // Any move makes the hint stale, and the ring goes.
    request(&mut app, "a1");
    assert_eq!(hint(&mut app), None);
    app.update();
    assert!(rings(&mut app).is_empty());
}

#[test]
fn clicks_on_the_ui_or_in_the_ais_turn_never_place_stones() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: ai(5),
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    let h8 = point(&app, "h8");
    let click = |app: &mut App, over_ui: bool| {
        app.insert_resource(Hovered::<Gomoku>(Some(h8.into())));
        app.insert_resource(PointerOverUi(over_ui));
        let mut mouse = ButtonInput::<MouseButton>::default();
        mouse.press(MouseButton::Left);
        app.insert_resource(mouse);
        app.update();
        app.world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .clear();
        app.update();
    };
    click(&mut app, true);
    assert!(
        game(&app).moves().is_empty(),
        "a click on a window is the window's"
    );
    click(&mut app, false);
    assert_eq!(game(&app).moves(), [h8], "the same click off the UI plays");
    // White is the AI's: a click in its turn does nothing (the AI's own move aside).
    app.insert_resource(Hovered::<Gomoku>(Some(point(&app, "a1").into())));
    let mut mouse = ButtonInput::<MouseButton>::default();
    mouse.press(MouseButton::Left);
    app.insert_resource(mouse);
    app.update();
    assert!(!game(&app).moves().contains(&point(&app, "a1")));
}

#[test]
fn a_tap_shows_the_move_and_a_second_tap_on_it_plays_it() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Human,
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    let (h8, h9) = (point(&app, "h8"), point(&app, "h9"));
    // A tap as the touch code reports one: where it landed (the move under it) and
    // that it happened this frame; then a frame without.
    let tap = |app: &mut App, at: Point| {
        app.insert_resource(Hovered::<Gomoku>(Some(at.into())));
        app.world_mut().resource_mut::<TouchPointer>().tapped = true;
        app.update();
        app.world_mut().resource_mut::<TouchPointer>().tapped = false;
        app.update();
    };
    let awaiting = |app: &App| {
        let kind = GameKind::named("gomoku").unwrap();
        let generation = game(app).generation();
        let awaiting = app.world().resource::<AwaitingTap>();
        awaiting.for_position(kind, generation).map(str::to_owned)
    };
    tap(&mut app, h8);
    assert!(
        game(&app).moves().is_empty(),
        "the first tap only shows the stone"
    );
    assert_eq!(awaiting(&app).as_deref(), Some("h8"));
    tap(&mut app, h9);
    assert!(
        game(&app).moves().is_empty(),
        "a tap elsewhere shows that point instead"
    );
    assert_eq!(awaiting(&app).as_deref(), Some("h9"));
    tap(&mut app, h9);
    assert_eq!(
        game(&app).moves(),
        [h9],
        "the second tap on the same point plays"
    );
    assert_eq!(awaiting(&app), None);
    // With the setting off, one tap plays, as a click does.
    app.world_mut().resource_mut::<TouchSettings>().confirm = false;
    tap(&mut app, h8);
    assert_eq!(game(&app).moves(), [h9, h8]);
}

fn analysis(app: &App) -> &GomokuAnalysis {
    app.world().resource::<GomokuAnalysis>()
}

fn analysis_tasks(app: &mut App) -> Vec<u64> {
    let mut query = app.world_mut().query::<&AnalysisTask>();
    query.iter(app.world()).map(|t| t.generation).collect()
}

/// Runs frames until the analysis reports on the current position.
fn wait_for_analysis(app: &mut App) {
    let found = run_until(app, Duration::from_secs(20), |app| {
        let generation = game(app).generation();
        analysis(app)
            .report
            .as_ref()
            .is_some_and(|r| r.generation == generation && r.depth >= 2)
    });
    assert!(found, "no analysis report came");
}

#[test]
fn analysis_follows_the_position_and_drops_stale_reports() {
    let mut app = playing_app(GomokuSettings::default());
    for mv in ["h8", "i9", "h9"] {
        request(&mut app, mv);
    }
    app.world_mut().write_message(ToggleAnalysis);
    wait_for_analysis(&mut app);
    let report = analysis(&app).report.clone().unwrap();
    assert_eq!(report.side, Player::Second);
    assert_eq!(report.candidates.len(), CANDIDATES);
    assert_eq!(report.line.first(), Some(&report.candidates[0].0));
    assert!(report.line.iter().all(|&p| game(&app).stone(p).is_none()));
    app.update();
    assert_eq!(count::<With<CandidateTint>>(&mut app), CANDIDATES);
    assert!(count::<With<LineStone>>(&mut app) >= 1);
    // A move: the old report goes at once, one analysis studies the new position.
    request(&mut app, "h10");
    app.update();
    let generation = game(&app).generation();
    assert!(
        analysis(&app)
            .report
            .as_ref()
            .is_none_or(|r| r.generation == generation)
    );
    assert_eq!(analysis_tasks(&mut app), [generation]);
    wait_for_analysis(&mut app);
    // Undo restarts it too.
    app.world_mut().write_message(UndoRequested);
    app.update();
    app.update();
    assert_eq!(analysis_tasks(&mut app), [game(&app).generation()]);
    // Off: no search, no report, nothing on the board.
    app.world_mut().write_message(ToggleAnalysis);
    app.update();
    app.update();
    assert!(analysis_tasks(&mut app).is_empty());
    assert!(analysis(&app).report.is_none());
    assert_eq!(count::<With<CandidateTint>>(&mut app), 0);
    assert_eq!(count::<With<LineStone>>(&mut app), 0);
}

#[test]
fn analysis_pauses_while_an_ai_player_thinks() {
    let mut app = playing_app_with(
        GomokuSettings::default(),
        Seats {
            first: PlayerKind::Human,
            second: ai(3),
        },
    );
    app.world_mut().write_message(ToggleAnalysis);
    request(&mut app, "h8");
    let mut overlapping_frames = 0;
    let replied = run_until(&mut app, Duration::from_secs(20), |app| {
        if tasks(app) > 0 && !analysis_tasks(app).is_empty() {
            overlapping_frames += 1;
        }
        game(app).moves().len() == 2
    });
    assert!(replied, "the AI replied");
    // At most the frame the AI started in, before the analysis saw it.
    assert!(overlapping_frames <= 1, "{overlapping_frames} frames");
    // Back to the person: the analysis studies the new position.
    app.update();
    app.update();
    assert_eq!(analysis_tasks(&mut app), [game(&app).generation()]);
}

/// A position the engine answers without searching (a four to block, a win by
/// fours): the analysis finishes at once, says so, and stays quiet after.
#[test]
fn analysis_of_a_decided_position_finishes_and_stays() {
    let mut app = playing_app(GomokuSettings::default());
    for mv in ["h8", "a1", "i8", "a3", "j8", "a5"] {
        request(&mut app, mv);
    }
    app.world_mut().write_message(ToggleAnalysis);
    let found = run_until(&mut app, Duration::from_secs(10), |app| {
        analysis(app).report.is_some()
    });
    assert!(found, "a report came");
    let report = analysis(&app).report.clone().unwrap();
    assert!(
        matches!(report.value, tabletop::ai::gomoku::Value::Win(_)),
        "{report:?}"
    );
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(analysis_tasks(&mut app), [game(&app).generation()]);
    assert!(analysis(&app).report.is_some());
}
