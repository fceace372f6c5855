//! Times Connect Four's exact solver: `cargo run --release --no-default-features
//! --example connectfour_solve -- POSITION...` solves each position (column digits,
//! `-` for the empty board) from an empty table, without the book, and prints its
//! value, a best column, the nodes and the time (`--weak`: only win, draw or
//! loss); `--sets` times the benchmark's
//! three sets (4-10, 14-22 and 28-36 discs) with more positions than criterion can.

use std::time::Instant;

use tabletop::ai::connectfour::position::Position;
use tabletop::ai::connectfour::random_positions;
use tabletop::ai::connectfour::solver::{Score, Solver, Table};
use tabletop::rules::connectfour::ConnectFour;

/// Solves `game` from an empty `table` (only win, draw or loss if `weak`): (seconds,
/// nodes, line for people).
fn solve(game: &ConnectFour, table: &mut Table, weak: bool) -> (f64, u64, String) {
    let p = Position::of(game);
    table.clear();
    let began = Instant::now();
    let mut solver = Solver::new(table);
    let score = solver.solve(&p, weak).expect("no limit");
    let column = solver.best_column(&p, score, weak).expect("no limit");
    let seconds = began.elapsed().as_secs_f64();
    let line = format!(
        "{}: bestmove {} value {} ({} nodes, {seconds:.4} s)",
        game.digits(),
        column + 1,
        if weak {
            ["loss", "draw", "win"][(score + 1) as usize].to_owned()
        } else {
            Score::of(score, p.plies()).text()
        },
        solver.nodes
    );
    (seconds, solver.nodes, line)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let weak = args.iter().any(|a| a == "--weak");
    args.retain(|a| a != "--weak");
    let mut table = Table::new(24);
    if args.first().map(String::as_str) == Some("--sets") {
        for (name, min, max, count) in [
            ("28-36 discs", 28, 36, 200),
            ("14-22 discs", 14, 22, 100),
            ("4-10 discs", 4, 10, 20),
        ] {
            let set = random_positions(min, max, count, 11);
            let (mut total, mut worst, mut nodes) = (0.0, 0.0_f64, 0);
            for game in &set {
                let (seconds, n, _) = solve(game, &mut table, weak);
                total += seconds;
                worst = worst.max(seconds);
                nodes += n;
            }
            println!(
                "{name}: {count} positions, mean {:.3} ms, slowest {:.3} ms, {:.1} M nodes/s",
                total / count as f64 * 1e3,
                worst * 1e3,
                nodes as f64 / total / 1e6
            );
        }
        return;
    }
    for text in &args {
        match ConnectFour::from_digits(text) {
            Ok(game) if game.is_over() => eprintln!("{text}: the game is over"),
            Ok(game) => println!("{}", solve(&game, &mut table, weak).2),
            Err(e) => eprintln!("{text}: {e}"),
        }
    }
}
