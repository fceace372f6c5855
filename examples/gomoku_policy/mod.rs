//! `gomoku_fit policy LABELS`: fits the move ordering's policy
//! (`ai::gomoku::movegen`, its weights in `src/ai/gomoku/movegen/policy.rs`) to the
//! moves a strong engine chose.
//!
//! LABELS is what `scripts/label-gomoku-positions.py` prints: a position, the
//! judge's score and the judge's move. Every position where the side to move is free
//! (`policy_features`) and the judge's move is among the engine's candidates is one
//! sample: the chance the policy gives a move is the softmax of its logits over the
//! position's candidates, and the weights are those that make the judge's moves most
//! likely (Newton's method, a small ridge), fitted on nine positions in ten. On the
//! tenth held out it reports how often the judge's move is among the policy's first
//! 1, 3, 5, 10 and 24, for the fitted weights and for the weights in use, and writes
//! the new weights file to standard output.
//!
//! The committed policy comes from `gomoku_fit positions 2000 21` (11,421 positions
//! in 4 minutes on two cores) labelled by Rapfi to depth 12
//! (`label-gomoku-positions.py RAPFI 12`, 2.5 minutes): 11,412 positions, and on the
//! 1,142 held out the judge's move is the policy's first in 32.1% of them and among
//! its first 5 in 73.2%. (On a lab set of 6,000 other labelled positions, the threat
//! ranks and point values that ordered the moves before had the judge's move first
//! in 21.5% of the held-out fifth and among the first 5 in 59.6%, where a policy
//! fitted to the rest had 31.8% and 75.0%.)

use std::io::BufRead;

use tabletop::ai::gomoku::{POLICY_FEATURES, policy_features, policy_weights};
use tabletop::rules::gomoku::{Point, parse_position};

use crate::linalg::solve;

/// The ridge on every weight (logit units, squared, summed over the positions).
const RIDGE: f64 = 1.0;
/// Newton steps.
const STEPS: usize = 12;
/// Ranks of the judge's move that the report counts as found.
const TOPS: [usize; 5] = [1, 3, 5, 10, 24];

/// A position's candidates' inputs, the judge's move first.
type Sample = Vec<[f64; POLICY_FEATURES]>;

fn read(path: &str) -> Vec<Sample> {
    let file = std::fs::File::open(path).expect("the labels file");
    let mut samples = Vec::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let fields: Vec<&str> = line.split('\t').collect();
        let (Some(position), Some(judged)) = (fields.first(), fields.get(2)) else {
            continue;
        };
        let Some((x, y)) = judged.split_once(',') else {
            continue;
        };
        let (Ok(x), Ok(y)) = (x.trim().parse::<u8>(), y.trim().parse::<u8>()) else {
            continue;
        };
        let judged = Point::new(x, y);
        let Some(moves) = parse_position(position, None)
            .ok()
            .and_then(|game| policy_features(&game))
        else {
            continue;
        };
        let Some(at) = moves.iter().position(|&(p, _)| p == judged) else {
            continue;
        };
        let mut sample: Sample = moves.into_iter().map(|(_, x)| x).collect();
        sample.swap(0, at);
        samples.push(sample);
    }
    samples
}

fn logits(sample: &Sample, w: &[f64]) -> Vec<f64> {
    sample
        .iter()
        .map(|x| x.iter().zip(w).map(|(a, b)| a * b).sum())
        .collect()
}

/// The softmax of `z`.
fn chances(z: &[f64]) -> Vec<f64> {
    let top = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.into_iter().map(|v| v / sum).collect()
}

/// The negative log-likelihood of the judge's moves under `w`, with the ridge.
fn loss(train: &[&Sample], w: &[f64]) -> f64 {
    let ridge: f64 = w.iter().map(|v| 0.5 * RIDGE * v * v).sum();
    ridge
        - train
            .iter()
            .map(|s| chances(&logits(s, w))[0].ln())
            .sum::<f64>()
}

/// The weights that make the judge's moves most likely, by Newton's method (a step
/// halved until the loss falls).
fn fit_weights(train: &[&Sample]) -> Vec<f64> {
    let n = POLICY_FEATURES;
    let mut w = vec![0.0; n];
    let mut current = loss(train, &w);
    for _ in 0..STEPS {
        let mut grad: Vec<f64> = w.iter().map(|v| RIDGE * v).collect();
        let mut hess = vec![vec![0.0; n]; n];
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] = RIDGE;
        }
        for sample in train {
            let p = chances(&logits(sample, &w));
            let mut mean = vec![0.0; n];
            for (x, &pj) in sample.iter().zip(&p) {
                for (m, v) in mean.iter_mut().zip(x) {
                    *m += pj * v;
                }
            }
            for (g, (m, v)) in grad.iter_mut().zip(mean.iter().zip(&sample[0])) {
                *g += m - v;
            }
            for (x, &pj) in sample.iter().zip(&p) {
                let d: Vec<f64> = x.iter().zip(&mean).map(|(v, m)| v - m).collect();
                for (row, &da) in hess.iter_mut().zip(&d) {
                    if da == 0.0 {
                        continue;
                    }
                    for (h, &db) in row.iter_mut().zip(&d) {
                        *h += pj * da * db;
                    }
                }
            }
        }
        let step = solve(hess, grad);
        let mut scale = 1.0;
        loop {
            let next: Vec<f64> = w.iter().zip(&step).map(|(v, s)| v - scale * s).collect();
            let after = loss(train, &next);
            if after <= current || scale < 1e-3 {
                w = next;
                current = after;
                break;
            }
            scale /= 2.0;
        }
    }
    w
}

/// How often the judge's move is among the first `TOPS` by `w`, and the mean log
/// chance it gets.
fn report(name: &str, test: &[&Sample], w: &[f64]) {
    let mut found = [0usize; TOPS.len()];
    let mut log_chance = 0.0;
    for sample in test {
        let z = logits(sample, w);
        // Ties count against the judge's move.
        let rank = z[1..].iter().filter(|&&v| v >= z[0]).count();
        for (f, top) in found.iter_mut().zip(TOPS) {
            *f += usize::from(rank < top);
        }
        log_chance += chances(&z)[0].ln();
    }
    let share: Vec<String> = TOPS
        .iter()
        .zip(found)
        .map(|(top, f)| format!("top {top} {:.1}%", 100.0 * f as f64 / test.len() as f64))
        .collect();
    eprintln!(
        "{name}: {}; mean log chance {:.3}",
        share.join(", "),
        log_chance / test.len() as f64
    );
}

pub fn fit(path: &str) {
    let samples = read(path);
    if samples.len() < 100 {
        eprintln!(
            "{path}: {} positions with a judged move; the fit needs more",
            samples.len()
        );
        std::process::exit(1);
    }
    let (train, test): (Vec<(usize, &Sample)>, Vec<(usize, &Sample)>) = samples
        .iter()
        .enumerate()
        .partition(|(i, _)| !i.is_multiple_of(10));
    let train: Vec<&Sample> = train.into_iter().map(|(_, s)| s).collect();
    let test: Vec<&Sample> = test.into_iter().map(|(_, s)| s).collect();
    eprintln!(
        "{} positions: {} to fit, {} held out",
        samples.len(),
        train.len(),
        test.len()
    );
    let in_use: Vec<f64> = policy_weights()
        .iter()
        .map(|&v| f64::from(v) / 1000.0)
        .collect();
    report("weights in use", &test, &in_use);
    let w = fit_weights(&train);
    report("fitted", &test, &w);
    print_weights(samples.len(), &w);
}

fn print_weights(n: usize, w: &[f64]) {
    let milli = |r: std::ops::Range<usize>| -> String {
        w[r].iter()
            .map(|v| ((v * 1000.0).round() as i32).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!(
        "//! Written by `cargo run --release --no-default-features --example gomoku_fit --
//! policy labels.txt` (see `examples/gomoku_policy`): do not edit by hand. The move
//! ordering's policy, in thousandths of a logit, fitted to the moves a strong engine
//! chose in {n} positions.

use crate::ai::gomoku::pattern::THREATS;

/// What the move's threat for the side to move adds, by [`Threat`].
///
/// [`Threat`]: crate::ai::gomoku::pattern::Threat
#[rustfmt::skip]
pub(super) const THREAT_MINE: [i32; THREATS] = [{}];
/// What its threat for the opponent (the point it takes from them) adds.
#[rustfmt::skip]
pub(super) const THREAT_THEIRS: [i32; THREATS] = [{}];
/// What each of its four lines adds for the side to move, by [`Line`] pattern.
///
/// [`Line`]: crate::ai::gomoku::pattern::Line
#[rustfmt::skip]
pub(super) const LINE_MINE: [i32; 9] = [0, {}];
/// The same for the opponent's lines through it.
#[rustfmt::skip]
pub(super) const LINE_THEIRS: [i32; 9] = [0, {}];
/// Per thousand of its value to the side to move, and to the opponent.
pub(super) const VALUE: [i32; 2] = [{}];
/// By its distance from the last move: 1, 2, 3, 4, farther.
pub(super) const FROM_LAST: [i32; 5] = [{}];
/// By its distance from the mover's own last move.
pub(super) const FROM_OWN_LAST: [i32; 5] = [{}];",
        milli(0..10),
        milli(10..20),
        milli(20..28),
        milli(28..36),
        milli(36..38),
        milli(38..43),
        milli(43..48),
    );
}
