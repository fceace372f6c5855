//! Knucklebones AI benchmarks: the time of one move at each level on fixed positions
//! (an empty tray, a middle game and a near-full ending), with the nodes and depth
//! each search reaches printed alongside, and the fixed-depth search that was level
//! 5 before it got its deep search (`depth 4`), and the longest stretch of work
//! between two pauses of level 5 in the browser's 8 ms slices.
//!
//! Run with `cargo bench --no-default-features --bench knucklebones`.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop::ai::Level;
use tabletop::ai::knucklebones::{
    LEVEL_5_TIME, best_move, best_move_in_slices, deep_search, search,
};
use tabletop::ai::slices::Slices;
use tabletop::ai::slices::testing::{YieldOnce, run};
use tabletop::rules::knucklebones::Knucklebones;

/// Positions in `tabletop-cli`'s format: the opening (every column open for both
/// sides, the widest tree), a middle game and an ending.
const POSITIONS: [(&str, &str); 3] = [
    ("opening", "p1=||;p2=||;die=3;turn=p1"),
    ("middle game", "p1=44|1|2;p2=6|5|23;die=4;turn=p1"),
    ("ending", "p1=443|16|25;p2=61|55|236;die=5;turn=p1"),
];

fn move_time(c: &mut Criterion) {
    let stop = AtomicBool::new(false);
    for (name, text) in POSITIONS {
        let game = Knucklebones::from_position(text).unwrap();
        for n in 1..=5 {
            let level = Level::new(n).unwrap();
            let mut rng = StdRng::seed_from_u64(1);
            let choice = best_move(&game, level, &mut rng, &stop).unwrap();
            if n >= 3 {
                println!(
                    "{name}, level {n}: depth {} {} nodes {:?}",
                    choice.depth, choice.nodes, choice.value
                );
            }
            let mut group = c.benchmark_group("knucklebones");
            if n == 5 {
                // Up to a second a move: the fewest samples criterion takes.
                group.sample_size(10);
            }
            group.bench_function(format!("{name}, level {n}"), |b| {
                b.iter(|| best_move(black_box(&game), level, &mut rng, &stop))
            });
            group.finish();
        }
        c.bench_function(&format!("{name}, depth 4 (level 5 before)"), |b| {
            b.iter(|| search(black_box(&game), 4, None, &stop))
        });
        // The browser's level 5: 8 ms slices with a pause between them; the longest
        // stretch of work between two pauses (on this machine, natively).
        let mut slices = Slices::every(Duration::from_millis(8), || YieldOnce(false));
        let mut rng = StdRng::seed_from_u64(1);
        let sliced = run(best_move_in_slices(
            &game,
            Level::MAX,
            &mut rng,
            &stop,
            &mut slices,
        ));
        println!(
            "{name}, level 5 in 8 ms slices: depth {:?}, {} pauses, longest stretch {:.2} ms",
            sliced.map(|c| c.depth),
            slices.pauses(),
            slices.longest_work().as_secs_f64() * 1000.0
        );
        // How deep level 5's search gets in growing times.
        for ms in [10, 100, LEVEL_5_TIME.as_millis() as u64] {
            let choice = deep_search(&game, Duration::from_millis(ms), &stop).unwrap();
            println!(
                "{name}, deep search {ms} ms: depth {} {} nodes {:?}",
                choice.depth, choice.nodes, choice.value
            );
        }
    }
}

criterion_group!(benches, move_time);
criterion_main!(benches);
