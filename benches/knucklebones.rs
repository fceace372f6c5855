//! Knucklebones AI benchmarks: the time of one move at each level on fixed positions
//! (an empty tray, a middle game and a near-full ending), and the nodes each search
//! visits, printed alongside.
//!
//! Run with `cargo bench --no-default-features --bench knucklebones`.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop::ai::Level;
use tabletop::ai::knucklebones::{best_move, depth_for_level};
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
                    "{name}, level {n}: depth {} {} nodes",
                    depth_for_level(level),
                    choice.nodes
                );
            }
            c.bench_function(&format!("{name}, level {n}"), |b| {
                b.iter(|| best_move(black_box(&game), level, &mut rng, &stop))
            });
        }
    }
}

criterion_group!(benches, move_time);
criterion_main!(benches);
