//! Headless tests of the game's systems: no window, no renderer, just the ECS app
//! driven through its messages, as the game drives it.

#[path = "app/ai.rs"]
mod ai;
#[path = "app/assets.rs"]
mod assets;
#[path = "app/autosave.rs"]
mod autosave;
#[path = "app/clocks.rs"]
mod clocks;
#[path = "app/connectfour.rs"]
mod connectfour;
#[path = "app/edit.rs"]
mod edit;
#[path = "app/framing.rs"]
mod framing;
#[path = "app/history.rs"]
mod history;
#[path = "app/knucklebones.rs"]
mod knucklebones;
#[path = "app/launch.rs"]
mod launch;

#[path = "app/openings.rs"]
mod openings;
#[path = "app/registry.rs"]
mod registry;
#[path = "app/review.rs"]
mod review;
#[path = "app/soak.rs"]
mod soak;
#[path = "app/sound.rs"]
mod sound;
#[path = "app/tictactoe.rs"]
mod tictactoe;

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tabletop::app::gomoku::board::{Board, BoardLayout, Cell, ForbiddenMark};
use tabletop::app::gomoku::pieces::{
    LastMoveMarker, OnPoint, Phantom, Piece, WinLine, WinRing, WinningStone,
};
use tabletop::app::gomoku::{CurrentGame, MoveRequested};
use tabletop::app::knucklebones::view::Tray;
use tabletop::app::motion::TweenAnim;
use tabletop::app::pointer::Hovered;
use tabletop::app::table::{GameSetup, NewGameRequested, Phase, RefusedMove, TableGame};
use tabletop::app::{GameKind, Players, Screen, core_plugin};
use tabletop::record::Seats;
use tabletop::rules::Player;
use tabletop::rules::gomoku::{BoardSize, Gomoku, Point, Rule, Status};

/// A directory of the test's own under the system's temporary one, its name
/// starting `tabletop-<name>-`: empty, and removed with what is in it when the test
/// ends, passed or not.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("tabletop-{name}-"))
        .tempdir()
        .unwrap()
}

/// The menu's Gomoku settings.
type GomokuSettings = GameSetup<Gomoku>;

/// Gomoku's menu settings with board `size` and `rule`.
fn gomoku_setup(size: &str, rule: &str) -> GomokuSettings {
    let mut setup = GomokuSettings::default();
    setup.set("size", size).unwrap().unwrap();
    setup.set("rule", rule).unwrap().unwrap();
    setup
}

/// The game without a window, already on the playing screen with `settings`, two
/// people playing.
fn playing_app(settings: GomokuSettings) -> App {
    playing_app_with(settings, Seats::HOT_SEAT)
}

/// The game without a window, already on the playing screen with `settings` and
/// `seats`.
fn playing_app_with(settings: GomokuSettings, seats: Seats) -> App {
    table_app(GameKind::of::<Gomoku>(), seats, |app| {
        app.insert_resource(settings);
    })
}

/// The game without a window, on the menu: what `tabletop::app::plugin` is, less the
/// window, the renderer and egui.
fn headless_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Mesh>()
        .init_asset::<StandardMaterial>()
        .init_asset::<Image>()
        .add_plugins(core_plugin);
    app
}

/// The game without a window, `kind` on the table, `seats` playing, after `setup`
/// has put its settings in.
fn table_app(kind: GameKind, seats: Seats, setup: impl FnOnce(&mut App)) -> App {
    let mut app = headless_app();
    app.insert_resource(Players(seats));
    setup(&mut app);
    app.update();
    to_the_table(&mut app, kind);
    app.update();
    app
}

/// Asks for `kind` on the table: the playing screen from the next frame on.
fn to_the_table(app: &mut App, kind: GameKind) {
    app.world_mut()
        .resource_mut::<NextState<GameKind>>()
        .set(kind);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

/// A left click with the pointer over `mv` of game `G`, as the window would report it,
/// and one frame.
fn click<G: TableGame>(app: &mut App, mv: G::Move) {
    app.world_mut().resource_mut::<Hovered<G>>().0 = Some(mv);
    let mut mouse = ButtonInput::<MouseButton>::default();
    mouse.press(MouseButton::Left);
    app.insert_resource(mouse);
    app.update();
    app.world_mut()
        .remove_resource::<ButtonInput<MouseButton>>();
}

fn standard_app() -> App {
    playing_app(GomokuSettings::default())
}

fn point(app: &App, text: &str) -> Point {
    app.world()
        .resource::<CurrentGame>()
        .size()
        .parse_point(text)
        .unwrap()
}

/// Sends a move request the way a click or an AI does, and runs one frame.
fn request(app: &mut App, text: &str) {
    let point = point(app, text);
    let generation = game(app).generation();
    app.world_mut()
        .write_message(MoveRequested::new(point.into(), generation));
    app.update();
}

/// The stones, with their points and where they stand in the world (a stone is a
/// child of its cell, which stands on the point).
fn pieces(app: &mut App) -> Vec<(Piece, Point, Vec3)> {
    let mut query = app
        .world_mut()
        .query::<(&Piece, &OnPoint, &Transform, &ChildOf)>();
    let found: Vec<_> = query
        .iter(app.world())
        .map(|(piece, on, transform, parent)| {
            (*piece, on.0, transform.translation, parent.parent())
        })
        .collect();
    let mut found: Vec<_> = found
        .into_iter()
        .map(|(piece, at, local, cell)| {
            let cell_entity = app.world().entity(cell);
            let cell_point = cell_entity.get::<Cell>().expect("a stone sits on a cell");
            assert_eq!(cell_point.point(), at, "the stone sits on its own cell");
            let cell_at = cell_entity.get::<Transform>().unwrap().translation;
            (piece, at, cell_at + local)
        })
        .collect();
    found.sort_by_key(|(_, p, _)| *p);
    found
}

#[test]
fn the_board_is_a_cell_entity_per_point_rebuilt_for_another_size() {
    let mut app = playing_app(gomoku_setup("12x17", "freestyle"));
    let cells = |app: &mut App| {
        let mut query = app.world_mut().query::<(&Cell, &Transform)>();
        let layout = *app.world().resource::<BoardLayout>();
        let found: Vec<Cell> = query
            .iter(app.world())
            .map(|(cell, transform)| {
                assert_eq!(transform.translation, layout.to_world(cell.point()));
                *cell
            })
            .collect();
        found
    };
    let first = cells(&mut app);
    assert_eq!(first.len(), 12 * 17);
    let distinct: std::collections::HashSet<_> = first.iter().collect();
    assert_eq!(distinct.len(), first.len());
    request(&mut app, "c5");
    assert_eq!(pieces(&mut app).len(), 1);
    // A new game of another size: the board, its cells and their stones are rebuilt.
    app.insert_resource(gomoku_setup("10x10", "freestyle"));
    app.world_mut().write_message(NewGameRequested);
    app.update();
    app.update();
    assert_eq!(cells(&mut app).len(), 100);
    assert_eq!(pieces(&mut app).len(), 0);
    assert_eq!(count::<With<ForbiddenMark>>(&mut app), 2 * 100);
}

#[test]
fn renju_marks_blacks_forbidden_points_and_refuses_a_click_there() {
    let mut app = playing_app(gomoku_setup("15x15", "renju"));
    for mv in ["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7"] {
        request(&mut app, mv);
    }
    app.update();
    let shown = |app: &mut App| -> Vec<Point> {
        let mut query = app
            .world_mut()
            .query_filtered::<(&ChildOf, &Visibility), With<ForbiddenMark>>();
        let parents: Vec<Entity> = query
            .iter(app.world())
            .filter(|(_, v)| **v != Visibility::Hidden)
            .map(|(parent, _)| parent.parent())
            .collect();
        let mut points: Vec<Point> = parents
            .into_iter()
            .map(|cell| app.world().get::<Cell>(cell).unwrap().point())
            .collect();
        points.sort();
        points.dedup();
        points
    };
    let h8 = point(&app, "h8");
    assert_eq!(shown(&mut app), [h8], "Black to move: h8 is a double three");
    let before = game(&app).clone();
    click::<Gomoku>(&mut app, h8.into());
    app.update();
    assert_eq!(**game(&app), *before, "the forbidden click changed nothing");
    assert_eq!(pieces(&mut app).len(), 8);
    let refused = app.world().resource::<RefusedMove>().0.clone();
    assert!(
        refused
            .as_deref()
            .is_some_and(|why| why.contains("forbidden")),
        "{refused:?}"
    );
    // Black plays elsewhere: White to move, no marks; the notice goes.
    request(&mut app, "o15");
    app.update();
    assert!(shown(&mut app).is_empty());
    assert_eq!(app.world().resource::<RefusedMove>().0, None);
}

fn count<F: bevy::ecs::query::QueryFilter>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), F>()
        .iter(app.world())
        .count()
}

fn marker(app: &mut App) -> (Vec3, Visibility) {
    let mut query = app
        .world_mut()
        .query_filtered::<(&Transform, &Visibility), With<LastMoveMarker>>();
    let (transform, visibility) = query.single(app.world()).unwrap();
    (transform.translation, *visibility)
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

#[test]
fn entering_the_game_sets_up_an_empty_board() {
    let mut app = standard_app();
    assert_eq!(pieces(&mut app).len(), 0);
    assert_eq!(count::<With<Phantom>>(&mut app), 1);
    assert_eq!(marker(&mut app).1, Visibility::Hidden);
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
}

#[test]
fn a_move_message_spawns_one_stone_on_its_point_and_moves_the_marker() {
    let mut app = standard_app();
    request(&mut app, "h8");
    let layout = *app.world().resource::<BoardLayout>();
    let stones = pieces(&mut app);
    assert_eq!(stones.len(), 1);
    let (piece, at, translation) = stones[0];
    assert_eq!(piece.owner, Player::First);
    assert_eq!(at, point(&app, "h8"));
    let expected = layout.to_world(at);
    assert_eq!((translation.x, translation.z), (expected.x, expected.z));
    assert!(translation.y > 0.0, "the stone rests on top of the board");

    let (marker_at, visible) = marker(&mut app);
    assert_eq!(visible, Visibility::Visible);
    assert_eq!((marker_at.x, marker_at.z), (expected.x, expected.z));
    assert!(
        marker_at.y > translation.y,
        "the marker floats above the stone"
    );

    request(&mut app, "j10");
    let moved_to = layout.to_world(point(&app, "j10"));
    let (marker_at, _) = marker(&mut app);
    assert_eq!((marker_at.x, marker_at.z), (moved_to.x, moved_to.z));
    assert_eq!(pieces(&mut app).len(), 2);
}

#[test]
fn a_played_stone_drops_onto_its_point_and_settles_with_the_marker_over_it() {
    let mut app = standard_app();
    request(&mut app, "h8");
    let rest = |app: &mut App| pieces(app)[0].2;
    let moving = |app: &mut App| count::<(With<Piece>, With<TweenAnim>)>(app);
    assert_eq!(moving(&mut app), 1, "the new stone is on its way down");
    let first = rest(&mut app);
    assert!(
        ai::run_until(&mut app, Duration::from_secs(5), |app| moving(app) == 0),
        "the stone settles"
    );
    let landed = rest(&mut app);
    assert!(first.y > landed.y + 0.5, "{first} falls to {landed}");
    assert_eq!((first.x, first.z), (landed.x, landed.z));
    assert!(landed.y > 0.0, "it rests on the board");
    let (marker_at, _) = marker(&mut app);
    assert!(marker_at.y > landed.y, "the marker floats over it");
}

#[test]
fn the_turn_passes_after_each_move() {
    let mut app = standard_app();
    request(&mut app, "h8");
    app.update(); // the phase change lands at the next state transition
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));
    request(&mut app, "h9");
    app.update();
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
    let owners: Vec<Player> = pieces(&mut app).iter().map(|(p, _, _)| p.owner).collect();
    assert_eq!(owners, [Player::First, Player::Second]);
}

#[test]
fn a_move_on_an_occupied_point_changes_nothing() {
    let mut app = standard_app();
    request(&mut app, "h8");
    app.update();
    let before = game(&app).clone();
    request(&mut app, "h8");
    app.update();
    assert_eq!(game(&app).moves(), before.moves());
    assert_eq!(pieces(&mut app).len(), 1);
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));
}

/// Black plays a1..e1 while White answers on row 3; Black's fifth stone wins.
fn play_black_five(app: &mut App) {
    for (black, white) in [("a1", "a3"), ("b1", "b3"), ("c1", "c3"), ("d1", "d3")] {
        request(app, black);
        request(app, white);
    }
    request(app, "e1");
    app.update();
}

#[test]
fn five_in_a_row_ends_the_game_and_highlights_the_five() {
    let mut app = standard_app();
    sound::listen(&mut app);
    play_black_five(&mut app);
    // A click per stone; the win is asked for in the frame of the fifth stone, to
    // sound after it lands.
    use tabletop::app::gomoku::pieces::STONE;
    use tabletop::app::sound::Cue;
    let mut cues = vec![STONE; 8];
    cues.extend([Cue::WIN, STONE]);
    assert_eq!(sound::heard(&app), cues);
    assert_eq!(phase(&app), Phase::Over);
    let Status::Won { winner, line } = game(&app).status().clone() else {
        panic!("expected a win, got {:?}", game(&app).status());
    };
    assert_eq!(winner, Player::First);
    assert_eq!(line.len(), 5);
    assert_eq!(count::<With<WinningStone>>(&mut app), 5);
    assert_eq!(count::<With<WinRing>>(&mut app), 5);
    let mut query = app
        .world_mut()
        .query_filtered::<&OnPoint, With<WinningStone>>();
    let mut highlighted: Vec<Point> = query.iter(app.world()).map(|on| on.0).collect();
    highlighted.sort();
    let mut expected = line.clone();
    expected.sort();
    assert_eq!(highlighted, expected);
    // The line is drawn and the rings appear, one after another, to their full size.
    let scales = |app: &mut App| {
        let mut query = app
            .world_mut()
            .query_filtered::<&Transform, Or<(With<WinRing>, With<WinLine>)>>();
        query.iter(app.world()).map(|t| t.scale).collect::<Vec<_>>()
    };
    assert!(
        scales(&mut app).iter().any(|s| s.y < 0.1),
        "they start from nothing"
    );
    assert!(ai::run_until(&mut app, Duration::from_secs(5), |app| {
        count::<(Or<(With<WinRing>, With<WinLine>)>, With<TweenAnim>)>(app) == 0
    }));
    assert!(
        scales(&mut app).iter().all(|s| s.y >= 0.5 - 1e-4),
        "{:?}",
        scales(&mut app)
    );
}

#[test]
fn moves_after_the_game_is_over_change_nothing() {
    let mut app = standard_app();
    play_black_five(&mut app);
    let stones = pieces(&mut app).len();
    request(&mut app, "h8");
    app.update();
    assert_eq!(pieces(&mut app).len(), stones);
    assert_eq!(game(&app).moves().len(), stones);
    assert_eq!(phase(&app), Phase::Over);
}

#[test]
fn white_wins_are_reported_for_white() {
    let mut app = standard_app();
    for (black, white) in [
        ("a1", "c5"),
        ("b2", "d5"),
        ("a3", "e5"),
        ("b4", "f5"),
        ("o15", "g5"),
    ] {
        request(&mut app, black);
        request(&mut app, white);
    }
    app.update();
    assert!(matches!(
        game(&app).status(),
        Status::Won {
            winner: Player::Second,
            ..
        }
    ));
    assert_eq!(count::<With<WinningStone>>(&mut app), 5);
}

#[test]
fn new_game_removes_every_stone_and_keeps_the_settings() {
    let settings = gomoku_setup("12x18", "standard");
    let mut app = playing_app(settings);
    play_black_five(&mut app);
    assert!(!pieces(&mut app).is_empty());
    app.world_mut().write_message(NewGameRequested);
    app.update();
    app.update();
    assert_eq!(pieces(&mut app).len(), 0);
    assert_eq!(count::<With<WinningStone>>(&mut app), 0);
    assert_eq!(count::<With<WinRing>>(&mut app), 0);
    assert_eq!(marker(&mut app).1, Visibility::Hidden);
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
    assert_eq!(game(&app).size(), BoardSize::new(12, 18).unwrap());
    assert_eq!(game(&app).rule(), Rule::Standard);
    // And the new game is playable.
    request(&mut app, "l18");
    assert_eq!(pieces(&mut app).len(), 1);
}

#[test]
fn leaving_for_the_menu_clears_the_table() {
    let mut app = standard_app();
    request(&mut app, "h8");
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    assert_eq!(pieces(&mut app).len(), 0);
    assert_eq!(count::<With<Phantom>>(&mut app), 0);
    assert_eq!(count::<With<LastMoveMarker>>(&mut app), 0);
    // The board itself stays, behind the menu (the title scene).
    assert_eq!(count::<With<Board>>(&mut app), 1);
}

/// The title scene: the chosen game's board stands behind the menu, laid for the
/// menu's settings, and another game's replaces it; nothing is played there.
#[test]
fn the_menu_stands_over_the_chosen_games_board() {
    let mut app = headless_app();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    assert_eq!(count::<With<Board>>(&mut app), 1);
    let set = app
        .world_mut()
        .resource_mut::<GomokuSettings>()
        .set("size", "12x13");
    set.unwrap().unwrap();
    app.update();
    app.update();
    assert_eq!(count::<With<Board>>(&mut app), 1);
    assert_eq!(count::<With<Cell>>(&mut app), 12 * 13);
    assert_eq!(
        app.world().resource::<BoardLayout>().size(),
        "12x13".parse::<BoardSize>().unwrap()
    );
    assert_eq!(pieces(&mut app).len(), 0);
    app.world_mut()
        .resource_mut::<NextState<GameKind>>()
        .set(GameKind::named("knucklebones").unwrap());
    app.update();
    assert_eq!(count::<With<Board>>(&mut app), 0);
    assert_eq!(count::<With<Tray>>(&mut app), 2);
}

/// A game chosen before the first frame (the kept settings name it) lays its table
/// in the very first state transition, before `Startup`.
#[test]
fn every_game_can_stand_behind_the_menu_from_the_first_frame() {
    for name in ["gomoku", "tictactoe", "knucklebones", "connectfour"] {
        let mut app = headless_app();
        app.world_mut()
            .resource_mut::<NextState<GameKind>>()
            .set(GameKind::named(name).unwrap());
        app.update();
        app.update();
        assert_eq!(app.world().resource::<State<GameKind>>().get().name(), name);
        let meshes = count::<With<Mesh3d>>(&mut app);
        assert!(meshes > 0, "{name}: nothing on the table behind the menu");
    }
}
