use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::position::Position;
use super::solver::{Score, Solver, Table};
use super::*;
use crate::rules::Outcome;
use crate::rules::connectfour::{Column, ConnectFour, SLOTS};

fn game(digits: &str) -> ConnectFour {
    ConnectFour::from_digits(digits).unwrap()
}

/// The exact score by plain minimax over the rules, no pruning: the reference.
fn brute_force(game: &mut ConnectFour) -> i32 {
    let plies = game.plies() as i32;
    let mut best = i32::MIN;
    for column in game.legal_columns() {
        game.play(column).unwrap();
        let score = match game.outcome() {
            Some(Outcome::Win(_)) => (SLOTS as i32 + 1 - plies) / 2,
            Some(Outcome::Draw) => 0,
            None => -brute_force(game),
        };
        game.undo();
        best = best.max(score);
    }
    best
}

/// A random unfinished game of `plies` discs where the side to move cannot win at
/// once, drawn from `rng` (retrying until one is found).
fn random_position(plies: usize, rng: &mut StdRng) -> ConnectFour {
    'retry: loop {
        let mut g = ConnectFour::new();
        while g.plies() < plies {
            let legal = g.legal_columns();
            if legal.is_empty() {
                continue 'retry;
            }
            g.play(legal[rng.random_range(0..legal.len())]).unwrap();
            if g.is_over() {
                continue 'retry;
            }
        }
        if !Position::of(&g).can_win_now() {
            return g;
        }
    }
}

#[test]
fn scores_read_as_moves_to_the_end() {
    // Red can win at once: its 4th disc, 7 plies in.
    let g = game("121212");
    let p = Position::of(&g);
    let mut table = Table::new(16);
    let score = Solver::new(&mut table).solve(&p, false).unwrap();
    assert_eq!(Score::of(score, p.plies()), Score::Win(1));
    assert_eq!(score, 18);
    // Yellow to move there after a move elsewhere cannot stop both... build a
    // double threat: Red has b1 c1 d1 with a1 and e1 open.
    let g = game("2737");
    let p = Position::of(&g);
    // Red to move with b1, c1 and Yellow g1 g2: Red plays d1 and wins next.
    let score = Solver::new(&mut table).solve(&p, false).unwrap();
    assert_eq!(Score::of(score, p.plies()), Score::Win(2));
    // After Red's d1, Yellow is lost: whatever it plays, Red makes four.
    let p = p.play_column(3);
    let score = Solver::new(&mut table).solve(&p, false).unwrap();
    assert_eq!(Score::of(score, p.plies()), Score::Loss(1));
    assert_eq!(Score::Win(3).text(), "win in 3");
    assert_eq!(Score::Loss(12).text(), "loss in 12");
    assert_eq!(Score::Draw.text(), "draw");
}

#[test]
fn the_solver_agrees_with_plain_minimax_near_the_end() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut table = Table::new(16);
    for i in 0..60 {
        let plies = 34 + i % 5;
        let mut g = random_position(plies, &mut rng);
        let p = Position::of(&g);
        let expected = brute_force(&mut g);
        let mut solver = Solver::new(&mut table);
        let score = solver.solve(&p, false).unwrap();
        assert_eq!(score, expected, "{}", g.digits());
        let weak = solver.solve(&p, true).unwrap();
        assert_eq!(weak, expected.signum(), "{}", g.digits());
        // The best column keeps the score.
        let column = solver.best_column(&p, score, false).unwrap();
        let mut after = g.clone();
        after.play(Column::ALL[column]).unwrap();
        let kept = match after.outcome() {
            Some(Outcome::Win(_)) => (SLOTS as i32 + 1 - p.plies() as i32) / 2,
            Some(Outcome::Draw) => 0,
            None => -brute_force(&mut after),
        };
        assert_eq!(kept, score, "{} then {column}", g.digits());
    }
}

#[test]
fn mirror_images_solve_alike() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut table = Table::new(18);
    for _ in 0..20 {
        let g = random_position(24, &mut rng);
        let mirrored: String = g
            .digits()
            .chars()
            .map(|c| char::from(b'8' - (c as u8 - b'0')))
            .collect();
        let m = game(&mirrored);
        let mut solver = Solver::new(&mut table);
        let a = solver.solve(&Position::of(&g), false).unwrap();
        let b = solver.solve(&Position::of(&m), false).unwrap();
        assert_eq!(a, b, "{} / {mirrored}", g.digits());
        assert_eq!(Position::of(&g).mirrored_key(), Position::of(&m).key());
    }
}

#[test]
fn level_five_wins_as_first_against_random_play_and_holds_as_second() {
    // Whole games from the empty grid (the book, then the solver).
    let mut rng = StdRng::seed_from_u64(3);
    let five = Level::new(5).unwrap();
    let one = Level::new(1).unwrap();
    for first in [true, false] {
        for _ in 0..3 {
            let mut g = ConnectFour::new();
            while !g.is_over() {
                let level = if (g.side_to_move().index() == 0) == first {
                    five
                } else {
                    one
                };
                let stop = AtomicBool::new(false);
                let choice = finish(best_move_in_slices(
                    &g,
                    level,
                    &mut rng,
                    &stop,
                    &mut Slices::never(),
                ))
                .unwrap();
                g.play(choice.column).unwrap();
            }
            let five_side = if first {
                crate::rules::Player::First
            } else {
                crate::rules::Player::Second
            };
            // As first it must win; as second against random play it wins too (a
            // random first player throws the win away at once).
            assert_eq!(
                g.outcome(),
                Some(Outcome::Win(five_side)),
                "{} (level 5 first: {first})",
                g.digits()
            );
        }
    }
}

#[test]
fn levels_take_a_four_and_block_one() {
    let mut rng = StdRng::seed_from_u64(9);
    // Red to move can win in column a... Red a1 a2 a3 (with Yellow on b).
    let win = game("121212");
    // Yellow to move must block column a; for level 5, which solves, a deeper
    // position where Yellow must block column d.
    let block = |n: u8| {
        if n == 5 {
            (game("1116514573572131624422655"), 3)
        } else {
            (game("12121"), 0)
        }
    };
    for n in 2..=5 {
        let level = Level::new(n).unwrap();
        let stop = AtomicBool::new(false);
        for _ in 0..20 {
            let c = finish(best_move_in_slices(
                &win,
                level,
                &mut rng,
                &stop,
                &mut Slices::never(),
            ))
            .unwrap();
            assert_eq!(c.column, Column::ALL[0], "level {n} takes the four");
            let (block, column) = block(n);
            let c = finish(best_move_in_slices(
                &block,
                level,
                &mut rng,
                &stop,
                &mut Slices::never(),
            ))
            .unwrap();
            assert_eq!(c.column, Column::ALL[column], "level {n} blocks");
        }
    }
}

#[test]
fn every_level_plays_only_legal_moves() {
    let mut rng = StdRng::seed_from_u64(21);
    for n in 1..=4 {
        let level = Level::new(n).unwrap();
        for _ in 0..20 {
            let mut g = ConnectFour::new();
            while !g.is_over() {
                let stop = AtomicBool::new(false);
                let choice = finish(best_move_in_slices(
                    &g,
                    level,
                    &mut rng,
                    &stop,
                    &mut Slices::never(),
                ))
                .unwrap();
                g.play(choice.column).expect("a legal column");
            }
        }
    }
}

#[test]
fn a_solve_in_slices_gives_the_same_answer() {
    use crate::ai::slices::testing::{run, suspending};
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..8 {
        let g = random_position(16, &mut rng);
        let p = Position::of(&g);
        let stop = AtomicBool::new(false);
        let mut table = Table::new(18);
        let whole =
            finish(Solver::new(&mut table).solve_in_slices(&p, false, &mut Slices::never()))
                .unwrap();
        let pauses = std::cell::Cell::new(0);
        let mut slices = Slices::every(Duration::ZERO, suspending(&pauses));
        let mut table = Table::new(18);
        let mut solver = Solver::new(&mut table).with_stop(&stop);
        let sliced = run(solver.solve_in_slices(&p, false, &mut slices)).unwrap();
        assert_eq!(sliced.0, whole.0, "{}", g.digits());
        assert!(pauses.get() > 0 || solver.nodes < 4096, "{}", g.digits());
    }
}

#[test]
fn a_stopped_solve_answers_none() {
    let stop = AtomicBool::new(true);
    let p = Position::START.play_column(0);
    let mut table = Table::new(16);
    let mut solver = Solver::new(&mut table).with_stop(&stop);
    assert!(solver.solve(&p, false).is_err());
}

#[test]
fn the_book_covers_level_fives_lines_and_its_deepest_entries_are_exact() {
    // Random lines as either side, level 5 playing the book's moves.
    let mut rng = StdRng::seed_from_u64(2);
    let mut table = Table::new(22);
    for own in [0, 1] {
        let mut p = Position::START;
        let mut last = None;
        while p.plies() < book::DEPTH && !p.can_win_now() && p.safe_moves() != 0 {
            if p.plies() % 2 == own {
                let (column, score) = book::lookup(&p).expect("the book has level 5's positions");
                last = Some((p, column, score));
                p = p.play_column(column);
            } else {
                let columns: Vec<usize> = (0..7).filter(|&c| p.drop_slot(c) != 0).collect();
                p = p.play_column(columns[rng.random_range(0..columns.len())]);
            }
        }
        let (p, column, score) = last.expect("a book position");
        let mut solver = Solver::new(&mut table);
        assert_eq!(solver.solve(&p, false).unwrap(), score);
        let child = p.play_column(column);
        if !child.can_win_now() && child.safe_moves() != 0 {
            assert_eq!(-solver.solve(&child, false).unwrap(), score);
        }
    }
}
