//! The soak test: AI games of every game, with people changing their minds at random
//! moments (undo, redo, new game, save, load, back to the menu and in again), most of
//! them while an AI thinks. After every frame the moves on the table are what the
//! frame's request allows (no stale answer lands), and after every game the entities
//! on the table match the game exactly and nothing else has grown.
//!
//! `cargo test` runs a short form. The long form, with its numbers printed:
//! `TABLETOP_SOAK_GAMES=1000 cargo test --test app soak -- --nocapture` (1000 games
//! of each game, about ten minutes here).

use std::time::{Duration, Instant};

use bevy::ecs::query::QueryFilter;
use bevy::ecs::resource::IsResource;
use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabletop::ai::Level;
use tabletop::app::ai::{AiPace, AiTask};
use tabletop::app::gomoku::board::Cell;
use tabletop::app::gomoku::pieces::{Piece as Stone, WinLine as StoneLine, WinRing};
use tabletop::app::knucklebones::motion::KnockedOut;
use tabletop::app::knucklebones::view::{RolledDie, TrayDie};
use tabletop::app::table::{
    CurrentGame, LoadRequested, NewGameRequested, RedoRequested, SaveRequested, StaleAnswers,
    TableGame, UndoRequested,
};
use tabletop::app::tictactoe::view::{Piece as Mark, WinLine as MarkLine};
use tabletop::app::{Players, Screen};
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::gomoku::Gomoku;
use tabletop::rules::knucklebones::{Column, Knucklebones};
use tabletop::rules::tictactoe::TicTacToe;
use tabletop::rules::{Game, Player};

use super::{count, table_app, temp_dir};

/// The faults injected, in the order of [`Tally::faults`].
const FAULTS: [&str; 6] = ["undo", "redo", "new game", "save", "load", "menu and back"];

/// What a soak run did and saw.
#[derive(Debug, Default)]
struct Tally {
    games: u32,
    frames: u64,
    moves: u64,
    faults: [u32; 6],
    /// Faults injected while an AI was thinking.
    while_thinking: u32,
    /// Answers the app dropped because the position had changed.
    stale: StaleAnswers,
    /// The process's resident memory (KiB) after the tenth game (or the first, in a
    /// short run) and at the end.
    rss: [Option<u64>; 2],
}

/// How a game's view is checked against its position.
trait Soaked: TableGame {
    /// Asserts that the entities showing the game match `game` exactly, and returns
    /// how many entities the position accounts for (pieces, dice), so that the rest
    /// of the world can be checked for growth.
    fn check_view(app: &mut App) -> usize;
}

/// Each move with the side that made it (the sides alternate, first mover first),
/// in the order of the moves' points or cells.
fn by_side<M: Ord + Copy>(history: &[M]) -> Vec<(Player, M)> {
    let mut moves: Vec<(Player, M)> = history
        .iter()
        .enumerate()
        .map(|(i, &mv)| (Player::BOTH[i % 2], mv))
        .collect();
    moves.sort_by_key(|&(_, mv)| mv);
    moves
}

fn current<G: TableGame>(app: &App) -> G {
    (**app.world().resource::<CurrentGame<G>>()).clone()
}

impl Soaked for Gomoku {
    fn check_view(app: &mut App) -> usize {
        let game: Gomoku = current(app);
        let expected = by_side(game.moves());
        let found: Vec<(Player, _)> = super::pieces(app)
            .into_iter()
            .map(|(Stone { owner }, at, _)| (owner, at))
            .collect();
        assert_eq!(found, expected, "the stones are the game's");
        assert_eq!(
            count::<With<Cell>>(app),
            game.size().area(),
            "a cell per point"
        );
        // A ring on each stone of a won game's line, and the bar through it.
        let line = game.winning_line();
        let rings = count::<With<WinRing>>(app);
        assert_eq!(rings, line.len(), "a ring per winning stone");
        assert_eq!(count::<With<StoneLine>>(app), usize::from(!line.is_empty()));
        family::<With<Stone>>(app) + family::<Or<(With<WinRing>, With<StoneLine>)>>(app)
    }
}

impl Soaked for TicTacToe {
    fn check_view(app: &mut App) -> usize {
        let game: TicTacToe = current(app);
        let expected = by_side(game.moves());
        let mut query = app.world_mut().query::<&Mark>();
        let mut found: Vec<(Player, _)> = query
            .iter(app.world())
            .map(|mark| (mark.owner, mark.cell))
            .collect();
        found.sort_by_key(|&(_, c)| c);
        assert_eq!(found, expected, "the marks are the game's");
        let won = game.winning_line().is_some();
        assert_eq!(count::<With<MarkLine>>(app), usize::from(won));
        family::<With<Mark>>(app) + family::<With<MarkLine>>(app)
    }
}

impl Soaked for Knucklebones {
    fn check_view(app: &mut App) -> usize {
        let game: Knucklebones = current(app);
        let mut expected = Vec::new();
        for owner in Player::BOTH {
            for c in Column::ALL {
                for (slot, &value) in game.tray(owner).column(c).iter().enumerate() {
                    expected.push(TrayDie {
                        owner,
                        column: c,
                        slot,
                        value,
                    });
                }
            }
        }
        let mut query = app.world_mut().query::<&TrayDie>();
        let mut found: Vec<TrayDie> = query.iter(app.world()).copied().collect();
        found.sort_by_key(|d| (d.owner.index(), d.column, d.slot));
        assert_eq!(found, expected, "the dice in the trays are the game's");
        let rolled = count::<With<RolledDie>>(app);
        assert_eq!(
            rolled,
            usize::from(!game.is_over()),
            "one die rolled while the game goes on"
        );
        // Knocked-out dice fly off and go on their own: they are the position's too.
        family::<With<TrayDie>>(app)
            + family::<With<RolledDie>>(app)
            + family::<With<KnockedOut>>(app)
    }
}

/// The entities matching `F` and all their descendants (a piece's meshes).
fn family<F: QueryFilter>(app: &mut App) -> usize {
    let mut roots = app.world_mut().query_filtered::<Entity, F>();
    let roots: Vec<Entity> = roots.iter(app.world()).collect();
    let mut children = app.world_mut().query::<&Children>();
    let mut total = 0;
    let mut stack = roots;
    while let Some(entity) = stack.pop() {
        total += 1;
        if let Ok(kids) = children.get(app.world(), entity) {
            stack.extend(kids.iter());
        }
    }
    total
}

fn ai_seats(rng: &mut StdRng) -> Seats {
    let mut seat = || PlayerKind::Ai(Level::new(rng.random_range(1..=2)).unwrap());
    Seats {
        first: seat(),
        second: seat(),
    }
}

/// The resident set size of this process, in KiB (Linux), for the long run's report.
fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `a` is where `b` starts.
fn is_prefix<M: PartialEq>(a: &[M], b: &[M]) -> bool {
    a.len() <= b.len() && a == &b[..a.len()]
}

/// Plays `games` games of `G` between level-1 and level-2 AIs, injecting a fault in
/// about one frame in `every`, and checks the table after every frame and game.
fn soak<G: Soaked>(games: u32, seed: u64, every: u32) -> Tally {
    let mut rng = StdRng::seed_from_u64(seed);
    let seats = ai_seats(&mut rng);
    let mut app = table_app(G::KIND, seats, |app| {
        app.insert_resource(AiPace {
            auto: true,
            delay: Duration::ZERO,
        });
    });
    let dir = temp_dir(&format!("soak-{}", G::NAME));
    let file = dir.path().join("saved.txt");
    let mut saved: Option<Vec<G::Move>> = None;
    let mut tally = Tally::default();
    let mut settled: Option<usize> = None;
    let mut last_change = Instant::now();
    let history = |app: &App| current::<G>(app).history();
    while tally.games < games {
        let before = history(&app);
        let thinking = count::<With<AiTask<G::Move>>>(&mut app) > 0;
        let fault = rng
            .random_ratio(1, every)
            .then(|| rng.random_range(0..FAULTS.len()))
            // A load needs a save first.
            .filter(|&f| f != 4 || saved.is_some());
        match fault {
            Some(0) => {
                app.world_mut().write_message(UndoRequested);
            }
            Some(1) => {
                app.world_mut().write_message(RedoRequested);
            }
            Some(2) => {
                app.world_mut().write_message(NewGameRequested);
            }
            Some(3) => {
                app.world_mut()
                    .write_message(SaveRequested { path: file.clone() });
            }
            Some(4) => {
                app.world_mut()
                    .write_message(LoadRequested { path: file.clone() });
            }
            Some(5) => {
                app.world_mut()
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::Menu);
                app.update();
                assert_eq!(
                    count::<With<AiTask<G::Move>>>(&mut app),
                    0,
                    "leaving the table stops every AI"
                );
                app.insert_resource(Players(ai_seats(&mut rng)));
                app.world_mut()
                    .resource_mut::<NextState<Screen>>()
                    .set(Screen::Playing);
            }
            _ => {}
        }
        app.update();
        tally.frames += 1;
        let after = history(&app);
        let grew_by_one = after.len() == before.len() + 1 && is_prefix(&before, &after);
        let allowed = match fault {
            // Takes moves back; no answer lands with it.
            // (At the start there is nothing to take back: the position stays, and the
            // AI's answer for it may land.)
            Some(0) if before.is_empty() => after.len() <= 1,
            Some(0) => is_prefix(&after, &before) && after.len() < before.len(),
            Some(1) => is_prefix(&before, &after),
            Some(2) | Some(5) => after.is_empty(),
            Some(4) => Some(&after) == saved.as_ref(),
            // Nothing, or one AI move.
            _ => after == before || grew_by_one,
        };
        assert!(
            allowed,
            "{}: after {:?}, {before:?} became {after:?}",
            G::NAME,
            fault.map(|f| FAULTS[f])
        );
        if let Some(f) = fault {
            tally.faults[f] += 1;
            tally.while_thinking += u32::from(thinking);
            if f == 3 {
                saved = Some(before.clone());
            }
            // Undo and redo pause two AIs; the person presses Auto again.
            app.world_mut().resource_mut::<AiPace>().auto = true;
            G::check_view(&mut app);
        }
        tally.moves += u64::from(grew_by_one && fault.is_none());
        if after != before {
            last_change = Instant::now();
        }
        assert!(
            last_change.elapsed() < Duration::from_secs(30),
            "{}: nothing happened for 30 s at {after:?}",
            G::NAME
        );
        if current::<G>(&app).is_over() && fault.is_none() {
            // A game played out: the table shows exactly it, no AI is left, and the
            // rest of the world is as it was after the first game.
            app.update();
            app.update();
            assert_eq!(
                count::<With<AiTask<G::Move>>>(&mut app),
                0,
                "no AI after the end"
            );
            let position = G::check_view(&mut app);
            // Resources are entities too; a resource first used mid-run is no leak.
            let rest = count::<Without<IsResource>>(&mut app) - position;
            assert_eq!(
                *settled.get_or_insert(rest),
                rest,
                "{}: entities leaked",
                G::NAME
            );
            tally.games += 1;
            if tally.games == 10.min(games) {
                tally.rss[0] = rss_kib();
            }
            app.insert_resource(Players(ai_seats(&mut rng)));
            app.world_mut().write_message(NewGameRequested);
            app.update();
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    tally.stale = *app.world().resource::<StaleAnswers>();
    tally.rss[1] = rss_kib();
    tally
}

fn report(name: &str, tally: &Tally, took: Duration) {
    let faults: Vec<String> = FAULTS
        .iter()
        .zip(tally.faults)
        .map(|(name, n)| format!("{name} {n}"))
        .collect();
    println!(
        "{name}: {} games, {} AI moves, {} frames in {:.1} s; faults: {} ({} while an AI \
         thought); stale answers caught: {} searches, {} moves; RSS {} KiB after 10 games, {} \
         KiB at the end",
        tally.games,
        tally.moves,
        tally.frames,
        took.as_secs_f64(),
        faults.join(", "),
        tally.while_thinking,
        tally.stale.tasks,
        tally.stale.moves,
        tally.rss[0].unwrap_or(0),
        tally.rss[1].unwrap_or(0)
    );
}

#[test]
fn every_game_survives_people_changing_their_minds() {
    let games: Option<u32> = std::env::var("TABLETOP_SOAK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok());
    let rss_start = rss_kib();
    let start = Instant::now();
    let mut total = 0;
    let runs: [(&str, u32, fn(u32) -> Tally); 3] = [
        (Gomoku::NAME, 2, |n| soak::<Gomoku>(n, 1, 12)),
        (TicTacToe::NAME, 12, |n| soak::<TicTacToe>(n, 2, 4)),
        (Knucklebones::NAME, 4, |n| soak::<Knucklebones>(n, 3, 8)),
    ];
    for (name, short, run) in runs {
        let began = Instant::now();
        let n = games.unwrap_or(short);
        let tally = run(n);
        assert_eq!(tally.games, n);
        assert!(
            tally.faults.iter().sum::<u32>() > 0,
            "{name}: no fault injected"
        );
        total += tally.games;
        report(name, &tally, began.elapsed());
    }
    println!(
        "{total} games in {:.1} s; RSS {} KiB at the start, {} KiB at the end",
        start.elapsed().as_secs_f64(),
        rss_start.unwrap_or(0),
        rss_kib().unwrap_or(0)
    );
}
