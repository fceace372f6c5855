//! Tic-tac-toe benchmarks: the full solve (the table of all 5,478 positions, built
//! from scratch) and one level-5 move from the shared table.
//!
//! Run with `cargo bench --no-default-features --bench tictactoe`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{SeedableRng, rngs::StdRng};
use tabletop::ai::Level;
use tabletop::ai::tictactoe::{Table, best_move, move_values, solved};
use tabletop::rules::tictactoe::TicTacToe;

fn full_solve(c: &mut Criterion) {
    c.bench_function("tictactoe full solve", |b| b.iter(Table::build));
}

fn level_five_move(c: &mut Criterion) {
    // Build the shared table outside the measurement.
    let _ = solved();
    let game = TicTacToe::from_board("X...O....").unwrap();
    let mut rng = StdRng::seed_from_u64(1);
    c.bench_function("tictactoe level 5 move", |b| {
        b.iter(|| best_move(black_box(&game), Level::MAX, &mut rng))
    });
    c.bench_function("tictactoe move values", |b| {
        b.iter(|| move_values(black_box(&game)))
    });
}

criterion_group!(benches, full_solve, level_five_move);
criterion_main!(benches);
