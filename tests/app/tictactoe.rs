//! Tic-tac-toe on the table: clicks and AI replies move the right entities, the win
//! is shown, the analysis tints cells by their solved values.

use std::time::Duration;

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::ai::tictactoe::{Value, move_values};
use tabletop::app::GameKind;
use tabletop::app::table::Phase;
use tabletop::app::tictactoe::layout::cell_centre;
use tabletop::app::tictactoe::view::{BoardCell, LastMoveMarker, Piece, WinLine, WinningPiece};
use tabletop::app::tictactoe::{Analysis, CurrentGame, MoveRequested};
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::Player;
use tabletop::rules::tictactoe::{Cell, TicTacToe};

use super::ai::run_until;
use super::{count, phase, table_app};

fn app(seats: Seats) -> App {
    table_app(GameKind::of::<TicTacToe>(), seats, |_| {})
}

fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

fn cell(text: &str) -> Cell {
    Cell::parse(text).unwrap()
}

fn pieces(app: &mut App) -> Vec<Piece> {
    let mut query = app.world_mut().query::<&Piece>();
    let mut found: Vec<_> = query.iter(app.world()).copied().collect();
    found.sort_by_key(|p| p.cell);
    found
}

/// A left click with the pointer over `at`, as the window would report it.
fn click(app: &mut App, at: &str) {
    super::click::<TicTacToe>(app, cell(at));
}

fn request(app: &mut App, at: &str) {
    let generation = game(app).generation();
    app.world_mut()
        .write_message(MoveRequested::new(cell(at), generation));
    app.update();
}

#[test]
fn a_click_marks_the_cell_moves_the_marker_and_passes_the_turn() {
    let mut app = app(Seats::HOT_SEAT);
    assert_eq!(count::<With<BoardCell>>(&mut app), 9);
    click(&mut app, "b2");
    assert_eq!(
        pieces(&mut app),
        [Piece {
            owner: Player::First,
            cell: cell("b2")
        }]
    );
    let mut query = app
        .world_mut()
        .query_filtered::<(&Transform, &Visibility), With<LastMoveMarker>>();
    let (marker, visible) = query.single(app.world()).unwrap();
    assert_eq!(*visible, Visibility::Visible);
    assert!(marker.translation.distance(cell_centre(cell("b2"))) < 1.5);
    app.update();
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));
    // The same cell again is refused; another cell is O's.
    click(&mut app, "b2");
    assert_eq!(pieces(&mut app).len(), 1);
    click(&mut app, "a1");
    assert_eq!(pieces(&mut app)[0].owner, Player::Second);
}

#[test]
fn a_level_five_reply_is_a_perfect_move_and_arrives_as_a_piece() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MAX),
    };
    let mut app = app(seats);
    let before = game(&app).clone();
    request(&mut app, "b2");
    let after_ours = game(&app).clone();
    assert_ne!(before.generation(), after_ours.generation());
    assert!(run_until(&mut app, Duration::from_secs(10), |app| {
        pieces(app).len() == 2
    }));
    let reply = game(&app).last_move().unwrap();
    // Against the centre only a corner holds the draw.
    let values = move_values(&after_ours);
    assert_eq!(values[reply.index()], Some(Value::Draw), "{reply}");
    assert!(["a1", "c1", "a3", "c3"].contains(&reply.to_string().as_str()));
    app.update();
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
}

#[test]
fn three_in_a_row_ends_the_game_and_lights_the_line() {
    let mut app = app(Seats::HOT_SEAT);
    for at in ["a1", "a2", "b1", "b2", "c1"] {
        request(&mut app, at);
    }
    app.update();
    assert_eq!(phase(&app), Phase::Over);
    assert_eq!(count::<With<WinningPiece>>(&mut app), 3);
    assert_eq!(count::<With<WinLine>>(&mut app), 1);
    request(&mut app, "c3");
    assert_eq!(pieces(&mut app).len(), 5, "no move after the end");
}

#[test]
fn the_analysis_tints_only_empty_cells() {
    let mut app = app(Seats::HOT_SEAT);
    request(&mut app, "a1");
    let plain = |app: &mut App| {
        let mut query = app
            .world_mut()
            .query::<(&BoardCell, &MeshMaterial3d<StandardMaterial>)>();
        let materials: Vec<_> = query
            .iter(app.world())
            .map(|(c, m)| (c.0, m.0.clone()))
            .collect();
        let reference = materials
            .iter()
            .find(|(c, _)| *c == cell("a1"))
            .unwrap()
            .1
            .clone();
        materials.iter().filter(|(_, m)| *m == reference).count()
    };
    assert_eq!(plain(&mut app), 9, "no tint while the analysis is off");
    app.insert_resource(Analysis(true));
    app.update();
    // O to move after a corner: only b2 draws, every other reply loses; the
    // occupied a1 stays plain.
    assert_eq!(plain(&mut app), 1);
}

#[test]
fn the_v_key_switches_the_analysis() {
    let mut app = app(Seats::HOT_SEAT);
    let press_v = |app: &mut App| {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyV);
        app.insert_resource(keys);
        app.update();
        app.world_mut().remove_resource::<ButtonInput<KeyCode>>();
    };
    assert_eq!(*app.world().resource::<Analysis>(), Analysis(false));
    press_v(&mut app);
    assert_eq!(*app.world().resource::<Analysis>(), Analysis(true));
    press_v(&mut app);
    assert_eq!(*app.world().resource::<Analysis>(), Analysis(false));
}

#[test]
fn two_perfect_ais_draw() {
    let seats = Seats {
        first: PlayerKind::Ai(Level::MAX),
        second: PlayerKind::Ai(Level::MAX),
    };
    let mut app = app(seats);
    app.world_mut()
        .resource_mut::<tabletop::app::ai::AiPace>()
        .delay = Duration::ZERO;
    assert!(run_until(&mut app, Duration::from_secs(20), |app| game(
        app
    )
    .is_over()));
    assert_eq!(game(&app).outcome(), Some(tabletop::rules::Outcome::Draw));
    assert_eq!(pieces(&mut app).len(), 9);
}
