//! The Gomoku engine's node counts at fixed depths on the benches' positions, one
//! thread: the same numbers before and after a change that must not change the
//! search (a refactor) show that it did not.
//!
//! Run with `cargo run --no-default-features --release --example gomoku_nodes`.

use std::sync::atomic::AtomicBool;

use tabletop::ai::gomoku::{Limits, search};
use tabletop::rules::gomoku::{BoardSize, Gomoku, Rule};

/// The benches' middle games and VCF puzzles (benches/gomoku.rs), and a renju game.
const POSITIONS: [(&str, Rule); 6] = [
    ("h8 i9 i8 g8 h9 h10 j7 k6 g10 f11 i10 j11", Rule::FreeStyle),
    ("h8 h9 i8 g8 i9 j10 g10 f11 h10 j8", Rule::FreeStyle),
    ("h8 i8 g9 f10 i10 j11 h10 h11 g11 j9 f12", Rule::FreeStyle),
    (
        "h11 j9 g7 j7 g9 e5 j4 g8 f5 k12 k11 d10 j10 g5 e9 f11 l9 k9 g10 g6 l8 d5",
        Rule::FreeStyle,
    ),
    (
        "k9 i12 i8 g6 f4 g5 l7 i5 f10 f12 k5 e6 l12 j10 k6 l6 g8 f8 j12 e10",
        Rule::FreeStyle,
    ),
    ("h8 i9 i8 g8 h9 h10 j7 k6 g10 f11 i10 j11", Rule::Renju),
];

fn main() {
    let size = BoardSize::STANDARD;
    let stop = AtomicBool::new(false);
    let mut total = 0;
    for (moves, rule) in POSITIONS {
        let points = moves
            .split_whitespace()
            .map(|m| size.parse_point(m).expect("a point"));
        let game = Gomoku::from_moves(size, rule, points).expect("a legal game");
        for depth in [4, 6, 8] {
            let limits = Limits {
                time: None,
                depth: Some(depth),
                threads: 1,
                memory_bytes: 64 << 20,
            };
            let r = search(&game, &limits, &stop, |_| {}).expect("a move");
            total += r.nodes;
            println!(
                "{rule} {} moves, depth {depth}: {} {} ({} nodes)",
                game.moves().len(),
                r.best,
                r.value,
                r.nodes
            );
        }
    }
    println!("total {total} nodes");
}
