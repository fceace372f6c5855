//! Gomoku engine benchmarks: fixed-depth searches of middle-game positions (time to
//! depth, and nodes per second printed alongside), VCF puzzles, and the level-1 move.
//!
//! Run with `cargo bench --no-default-features --bench gomoku`.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use tabletop::ai::gomoku::{Limits, pattern_move, search};
use tabletop::rules::gomoku::{BoardSize, Gomoku, Rule};

/// Middle-game positions from level-1 games, as move lists on 15x15.
const MIDDLE_GAMES: [&str; 3] = [
    "h8 i9 i8 g8 h9 h10 j7 k6 g10 f11 i10 j11",
    "h8 h9 i8 g8 i9 j10 g10 f11 h10 j8",
    "h8 i8 g9 f10 i10 j11 h10 h11 g11 j9 f12",
];

/// Puzzles where Black (to move) wins by three and by four fours.
const VCF_PUZZLES: [&str; 2] = [
    "h11 j9 g7 j7 g9 e5 j4 g8 f5 k12 k11 d10 j10 g5 e9 f11 l9 k9 g10 g6 l8 d5",
    "k9 i12 i8 g6 f4 g5 l7 i5 f10 f12 k5 e6 l12 j10 k6 l6 g8 f8 j12 e10",
];

fn game(moves: &str) -> Gomoku {
    let size = BoardSize::STANDARD;
    let points = moves
        .split_whitespace()
        .map(|m| size.parse_point(m).unwrap());
    Gomoku::from_moves(size, Rule::FreeStyle, points).unwrap()
}

fn fixed_depth(depth: u32, threads: usize) -> Limits {
    Limits {
        time: None,
        depth: Some(depth),
        threads,
        memory_bytes: 64 << 20,
    }
}

fn time_to_depth(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    for (i, moves) in MIDDLE_GAMES.iter().enumerate() {
        let g = game(moves);
        let limits = fixed_depth(6, 1);
        let r = search(&g, &limits, &stop, |_| {}).unwrap();
        let nps = r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let all = Limits {
            time: Some(std::time::Duration::from_secs(1)),
            ..fixed_depth(64, cores)
        };
        let r_all = search(&g, &all, &stop, |_| {}).unwrap();
        let nps_all = r_all.nodes as f64 / r_all.elapsed.as_secs_f64().max(1e-9);
        println!(
            "middle game {i}: {nps_all:.0} nodes/s on {cores} threads (1 s, depth {})",
            r_all.depth
        );
        println!(
            "middle game {i}: depth {} {} nodes, {nps:.0} nodes/s on 1 thread",
            r.depth, r.nodes
        );
        c.bench_function(&format!("depth 6, middle game {i}"), |b| {
            b.iter(|| search(black_box(&g), &limits, &stop, |_| {}))
        });
    }
}

/// Deeper searches of the same positions, where the main search's nodes, not the
/// root solves and the fresh table, take most of the time.
fn time_to_depth_10(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("depth 10");
    group.sample_size(10);
    for (i, moves) in MIDDLE_GAMES.iter().enumerate() {
        let g = game(moves);
        let limits = fixed_depth(10, 1);
        let r = search(&g, &limits, &stop, |_| {}).unwrap();
        let nps = r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9);
        println!(
            "middle game {i}: depth 10 {} nodes, {nps:.0} nodes/s on 1 thread",
            r.nodes
        );
        group.bench_function(format!("middle game {i}"), |b| {
            b.iter(|| search(black_box(&g), &limits, &stop, |_| {}))
        });
    }
    group.finish();
}

fn vcf_puzzles(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    for (i, moves) in VCF_PUZZLES.iter().enumerate() {
        let g = game(moves);
        let limits = Limits {
            time: Some(std::time::Duration::from_secs(5)),
            ..fixed_depth(1, 1)
        };
        c.bench_function(&format!("vcf puzzle {i}"), |b| {
            b.iter(|| search(black_box(&g), &limits, &stop, |_| {}))
        });
    }
}

fn level_one(c: &mut Criterion) {
    let g = game(MIDDLE_GAMES[0]);
    c.bench_function("level 1 move", |b| b.iter(|| pattern_move(black_box(&g))));
}

criterion_group!(
    benches,
    time_to_depth,
    time_to_depth_10,
    vcf_puzzles,
    level_one
);
criterion_main!(benches);
