//! Connect Four benchmarks: the exact solver (score and best move) on sets of
//! positions from random play without an immediate win, with 4-10, 14-22 and 28-36
//! discs, each solved from an empty table; and level 5's first move, from the book.
//!
//! The empty board without the book takes minutes, too long for criterion: the
//! `connectfour_solve` example times it (`cargo run --release --no-default-features
//! --example connectfour_solve -- -`).
//!
//! Run with `cargo bench --no-default-features --bench connectfour`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tabletop::ai::connectfour::position::Position;
use tabletop::ai::connectfour::random_positions;
use tabletop::ai::connectfour::solver::{Solver, Table};
use tabletop::ai::connectfour::{book, solve};

/// Solves every position of `set` exactly (score, then a best move), each from an
/// empty table.
fn solve_set(set: &[Position], table: &mut Table) -> i32 {
    let mut total = 0;
    for p in set {
        table.clear();
        let mut solver = Solver::new(table);
        let score = solver.solve(p, false).expect("no limit");
        let column = solver.best_column(p, score, false).expect("no limit");
        total += score + column as i32;
    }
    total
}

fn sets(c: &mut Criterion) {
    let mut group = c.benchmark_group("connectfour solve");
    group.sample_size(10);
    for (name, min, max, count, bits, seconds) in [
        ("late 28-36 discs, 20 positions", 28, 36, 20, 20, 5),
        ("middle 14-22 discs, 20 positions", 14, 22, 20, 20, 10),
        ("early 4-10 discs, 4 positions", 4, 10, 4, 23, 60),
    ] {
        let set: Vec<Position> = random_positions(min, max, count, 7)
            .iter()
            .map(Position::of)
            .collect();
        let mut table = Table::new(bits);
        group.measurement_time(Duration::from_secs(seconds));
        group.bench_function(name, |b| b.iter(|| solve_set(black_box(&set), &mut table)));
    }
    group.finish();
}

fn book_move(c: &mut Criterion) {
    assert!(book::len() > 0, "the book is compiled in");
    c.bench_function("connectfour empty board with the book", |b| {
        b.iter(|| solve(black_box(&Position::START)))
    });
}

criterion_group!(benches, book_move, sets);
criterion_main!(benches);
