//! Fits Knucklebones level 5's evaluation (`ai::knucklebones::eval`) to games:
//! `cargo run --release --no-default-features --example knucklebones_fit -- [GAMES]
//! [SEED] [DEPTH] > src/ai/knucklebones/eval/weights.rs` plays GAMES games (default
//! 200,000) between two searches of DEPTH moves (default 3: level 4's expectimax)
//! that play a random column one move in twenty (so that the positions are varied, as
//! the search's leaves are), keeps every position with the final result for its side
//! to move, fits a logistic model per phase (the two trays' free slots) by Newton's
//! method on nine games in ten, and prints the weights as that Rust file. On the
//! standard error it gives the log loss, on the tenth of the games held out, of the
//! fitted model and of the hand-set evaluation of levels 3 and 4.
//!
//! The committed weights come from the defaults (`-- 200000 1 3`): about 7 minutes
//! on one core. Fitted to depth-2 games instead, level 5 at 20 ms a move scored 52.5%
//! against the old depth-4 level 5 over 20,000 games; to these, 53.0%.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use tabletop::ai::knucklebones::eval::{FEATURES, PHASES, sample};
use tabletop::ai::knucklebones::{evaluate, search};
use tabletop::rules::knucklebones::Knucklebones;
use tabletop::rules::{Outcome, Player};

mod linalg;
use linalg::solve;

/// One position: its phase, features, the hand-set evaluation, and the result for
/// the side to move (1 win, 0.5 draw, 0 loss).
struct Sample {
    phase: usize,
    features: [f64; FEATURES],
    old: f64,
    result: f64,
}

fn play(seed: u64, depth: u32) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let mut game = Knucklebones::new(seed, Player::BOTH[(seed % 2) as usize]);
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    while !game.is_over() {
        let (phase, features) = sample(&game).expect("the game is on");
        seen.push((game.side_to_move(), phase, features, evaluate(&game)));
        let column = if rng.random_bool(0.05) {
            *game
                .legal_columns()
                .choose(&mut rng)
                .expect("a free column")
        } else {
            search(&game, depth, None, &stop)
                .expect("the game is on")
                .column
        };
        game.play(column).expect("a legal column");
    }
    let outcome = game.outcome().expect("the game is over");
    seen.into_iter()
        .map(|(mover, phase, features, old)| Sample {
            phase,
            features,
            old,
            result: match outcome {
                Outcome::Draw => 0.5,
                Outcome::Win(winner) if winner == mover => 1.0,
                Outcome::Win(_) => 0.0,
            },
        })
        .collect()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Maximum-likelihood logistic weights for `samples` (soft targets), by Newton's
/// method with a little ridge.
fn fit(samples: &[&Sample]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..30 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for s in samples {
            let z: f64 = s.features.iter().zip(&w).map(|(f, w)| f * w).sum();
            let p = sigmoid(z);
            let curve = p * (1.0 - p);
            for (i, (g, row)) in grad.iter_mut().zip(&mut hess).enumerate() {
                *g += (p - s.result) * s.features[i];
                for (h, f) in row.iter_mut().zip(&s.features) {
                    *h += curve * s.features[i] * f;
                }
            }
        }
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] += 1.0 + 1e-6 * samples.len() as f64;
        }
        let step = solve(hess.iter().map(|row| row.to_vec()).collect(), grad.to_vec());
        for i in 0..FEATURES {
            w[i] -= step[i];
        }
        if step.iter().all(|s| s.abs() < 1e-9) {
            break;
        }
    }
    w
}

/// The mean log loss of predicting `p` for results `y`.
fn log_loss(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for (p, y) in pairs {
        let p = p.clamp(1e-6, 1.0 - 1e-6);
        sum -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        n += 1;
    }
    sum / n as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games_count: u64 = args.next().map_or(200_000, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let depth: u32 = args.next().map_or(3, |a| a.parse().expect("DEPTH"));
    let games: Vec<Vec<Sample>> = (0..games_count)
        .into_par_iter()
        .map(|g| play(seed.wrapping_mul(1_000_003).wrapping_add(g), depth))
        .collect();
    let (train, test): (Vec<_>, Vec<_>) = games.iter().enumerate().partition(|(g, _)| g % 10 != 0);
    let train: Vec<&Sample> = train.into_iter().flat_map(|(_, s)| s).collect();
    let test: Vec<&Sample> = test.into_iter().flat_map(|(_, s)| s).collect();
    eprintln!("{} positions to fit, {} held out", train.len(), test.len());
    let weights: Vec<[f64; FEATURES]> = (0..PHASES)
        .into_par_iter()
        .map(|phase| {
            let part: Vec<&Sample> = train.iter().copied().filter(|s| s.phase == phase).collect();
            fit(&part)
        })
        .collect();
    println!(
        "//! Written by `cargo run --release --no-default-features --example knucklebones_fit"
    );
    println!("//! -- {games_count} {seed} {depth}` (see [`super`]): do not edit by hand.");
    println!();
    println!("use super::{{FEATURES, PHASES}};");
    println!();
    println!("/// The logistic weights of each phase, in the order of [`super::features`].");
    println!("#[rustfmt::skip]");
    println!("pub const WEIGHTS: [[f64; FEATURES]; PHASES] = [");
    for (phase, w) in weights.iter().enumerate() {
        let row: Vec<String> = w.iter().map(|x| format!("{x:.6}")).collect();
        println!(
            "    [{}], // {} free, {} for the opponent",
            row.join(", "),
            phase / 9 + 1,
            phase % 9 + 1
        );
    }
    println!("];");
    let predict = |s: &Sample| {
        let z: f64 = s
            .features
            .iter()
            .zip(&weights[s.phase])
            .map(|(f, w)| f * w)
            .sum();
        sigmoid(z)
    };
    for phase in 0..PHASES {
        let part: Vec<&Sample> = test.iter().copied().filter(|s| s.phase == phase).collect();
        if part.is_empty() {
            continue;
        }
        eprintln!(
            "{} free, {} for the opponent: {} held out, log loss fitted {:.4}, hand-set {:.4}",
            phase / 9 + 1,
            phase % 9 + 1,
            part.len(),
            log_loss(part.iter().map(|s| (predict(s), s.result))),
            log_loss(part.iter().map(|s| ((s.old + 1.0) / 2.0, s.result))),
        );
    }
    eprintln!(
        "all held out: log loss fitted {:.4}, hand-set {:.4}",
        log_loss(test.iter().map(|s| (predict(s), s.result))),
        log_loss(test.iter().map(|s| ((s.old + 1.0) / 2.0, s.result))),
    );
}
