//! Fits the Gomoku engine's evaluation weights (`ai::gomoku::eval`) to positions
//! scored by a strong engine, in three steps:
//!
//! 1. `cargo run --release --no-default-features --example gomoku_fit -- positions
//!    [GAMES] [SEED] [RULE] > positions.txt` plays GAMES games (default 2,000) of the
//!    engine against itself at 20 ms a move on 15x15 under RULE (default free-style;
//!    `renju` writes the positions as `15x15/renju:...`), from the sixteen three-stone
//!    openings with two random stones more, one move in ten a random point near the
//!    stones (so that the positions are as varied as the search's leaves), and prints
//!    one position in two as `15x15:h8,i9,...`, those the search would score
//!    statically (`eval::features`).
//! 2. `python3 scripts/label-gomoku-positions.py RAPFI DEPTH < positions.txt >
//!    labels.txt` has another engine (Rapfi, from `../shared/gomoku-lab/`, an
//!    opponent we measure against, used here only as a judge) search each to DEPTH and
//!    appends its score.
//! 3. `cargo run --release --no-default-features --example gomoku_fit -- fit
//!    labels.txt > src/ai/gomoku/eval/weights.rs` turns each score into the side to
//!    move's winning chance (the judge's own scale: sigmoid(score / 200)), and fits the
//!    weights so that a logistic function of the evaluation predicts it: the line and
//!    threat weights of the side to move's points, those of the opponent's, the tempo,
//!    and a correction for each combination of a point's four lines (whatever their
//!    directions) that at least [`MIN_COMBO_POSITIONS`] positions have, per side, by
//!    Newton's method on nine positions in ten. The corrections have a ridge of their
//!    own, the one of [`COMBO_RIDGES`] with the least log loss on the tenth held out.
//!    On the standard error it reports that loss for the fitted weights, for the line
//!    and threat weights fitted alone, and for the weights in use before.
//!    The positions are of one rule, and its set of weights is fitted
//!    (`eval/sets.rs`): free-style's (also exact five's) go to `eval/weights.rs`,
//!    renju's to `eval/renju_weights.rs`, and in step 4 the tables to
//!    `eval/threat_table.rs` and `eval/renju_threat_table.rs`.
//!    With `HOLD_OUT_OPENINGS=1` it holds out the positions of one opening in ten (by
//!    their first four moves) instead: the positions of one game are alike, so
//!    holding out one position in ten rewards a fit that remembers games. On 21,983
//!    positions from matches against Rapfi, a fit with about 500 corrections (more
//!    line patterns, in a lab branch) had 0.109 held out by position and 0.121 by
//!    opening; with these features' 149 corrections, 0.137 and 0.134. Finer line
//!    patterns, told apart by their ways to grow as Rapfi's 14 are (a one that can
//!    become a two, an open two with three or more points to an open three, a closed
//!    three with two points to a four, a straight open three), refitted to 17,475
//!    new self-play positions (`positions 3000 7`, scored by Rapfi to depth 12) had
//!    0.09581 held out by position where the nine patterns refitted alike had
//!    0.09648, and by opening 0.11019 against 0.10940: nothing the data can tell
//!    apart, and with the old weights mapped onto them the search was node for node
//!    the same but 12-20% slower (a point's code table of 14^4 entries, not 9^4).
//! 4. `cargo run --release --no-default-features --example gomoku_fit -- table
//!    labels.txt > src/ai/gomoku/eval/threat_table.rs` fits the threat table on top
//!    of the rest: a correction for each of the 256 combinations of which threes and
//!    fours each side can make (`eval::threat_mask_of`), with the slope of the rest
//!    of the evaluation refitted beside them, the positions of one opening in ten
//!    held out.
//! 5. `cargo run --release --no-default-features --example gomoku_fit -- rank
//!    labels.txt`, on labels with the judge's move in a third column (`MOVES=1
//!    scripts/label-gomoku-positions.py`), measures how often the evaluation one ply
//!    deep picks the judge's move (every point within two of a stone played, its
//!    child judged statically for its mover) and fits the line and threat weights and
//!    the tempo to the judge's scores and, `LAMBDAS` (default `0,0.3,1,3,10`) times
//!    as much a position, to its moves (a softmax over the children, comparison
//!    training). It reports and prints nothing to keep: the lab log says what the
//!    fitted weights did in play.
//!
//! The committed table comes from 48,000 positions of the games of 24 matches
//! against full-strength Rapfi at 500 ms a move (`scripts/gomoku-match-positions.py
//! 48000`; the lab's opA and opB openings, the engine's variants of the last
//! sessions), scored by Rapfi to depth 12 (12 minutes on two cores); 23,788 of them
//! are positions the search scores statically. Held out, it brought the loss from
//! 0.16711 to 0.15702 (ridge 1), and the engine with it won 59 of 256 games against
//! full Rapfi at 500 ms (24-102-2 on opA, 35-93-0 on opB), 23.0% where the engine
//! without it won 20.8% of 640: inside the noise of one such match, about 2.6
//! points. On 64 openings new to both (opC), the two side by side: with the table
//! 26-101-1 (20.3%), without it 18-110-0 (14.1%). Over the three sets, 22.1% of 384
//! games against 19.7% of 768, ahead on each set.
//!
//! A closer fit to the match positions did not make a stronger engine. With 48,000
//! more of them (96,000 labelled, 47,616 scored statically, the games of the last
//! matches too): the table refitted alone, 0.15813 to 0.15805; a fifth bit a side
//! (three or more points that make a four: the stuff of a long run of fours), 1,024
//! entries, 0.15514, and it won 22-105-1 on opC (17.2%, against the committed
//! table's 26-101-1); the line, threat and combination weights refitted to these
//! positions too, 0.13566 without a table and 0.13406 with the five-bit one on top,
//! and it won 17-107-4 (13.3%). (A refit of those weights to 21,983 match positions
//! before the table had won 51 of 256, 19.9%, level with the engine of then.) The
//! positions of self-play with random moves, which the committed weights come from,
//! look more like the search's leaves, where the evaluation does its work. Yet the
//! table fitted to 17,901 such positions instead (`positions 3000 7`: held out on
//! them 0.10808 to 0.09410; its entries are small) won 24-104 on opC, and refitted
//! to both sets together (0.15255 to 0.15231, next to the committed table) 20-108:
//! matches of 128 games on the same openings spread over five points, so none of
//! these is a measured difference. A bit for the side to move's colour (512
//! entries) gained nothing held out: 0.15702 to 0.15704 on the 48,000.
//!
//! The committed weights come from `positions 3000 7` (16,755 positions in 6 minutes
//! on two cores; the moves are timed, so another run gives a similar set, not the
//! same one), scored by Rapfi to depth 12 (`label-gomoku-positions.py RAPFI 12`, 4
//! minutes), ridge 3: 63 corrections for the side to move and 68 for the opponent,
//! and a held-out loss of 0.10695 where the weights before (lines and threats
//! only) had 0.11314 and the lines and threats refitted alone 0.11348. With them the
//! engine beat itself without them 79-48 (1 drawn) and 67-58 (3 drawn), two sets of
//! 64 Rapfi-made openings played both ways at 150 ms a move. (A fit to twice the
//! positions scored to depth 14, ridge 300, beat these 67-58 and 65-60 but the
//! weights before only 71-56 and 62-61; against full-strength Rapfi at 500 ms a move
//! these won 12 of 96 games, those 4 of 48, and the weights before 6 of 48.)
//!
//! Refitted to the engine at e43ab49, 20,293 new positions (`positions 1500 11` and
//! `positions 2000 23`, scored by Rapfi to depth 12), the weights and then the
//! table on top: held out by opening, a loss of 0.09710 where the committed weights
//! and table have 0.11851 (the new weights under the committed table, 0.11680: that
//! table, fitted to match positions, is far off for these). Against full Rapfi at
//! 500 ms it won 13-114-1 on opA and 28-100-0 on opB, 41.5 points of 256 (16.2%),
//! where the committed evaluation scored 45.5 on the same openings (17.8%): a lower
//! loss again made no stronger engine. Nor does the evaluation look like where Rapfi
//! is ahead: on 8,934 of those positions, Rapfi's own score after a search of depth
//! 1 predicts its depth-12 score with a loss of 0.116 (the best slope), where the
//! committed static evaluation has 0.106 on the tenth held out.
//!
//! Refitted again to the engine at 6fcf0dd, 18,186 new positions (`positions 3000
//! 7`, scored by Rapfi to depth 12), held out by opening: the committed weights and
//! table have a loss of 0.12221, the new weights under the committed table 0.11445,
//! and with the table refitted on top of them 0.09936. Against full Rapfi at 500 ms
//! on opE (64 openings played both ways), side by side, the new weights under the
//! committed table won 32-96-0, as the committed evaluation did on the same
//! openings (32-96-0; better in 16 games, worse in 16), and with the new table too
//! 26-102-0. Nor is a point worth more or less by what it is to both sides at once:
//! a correction for each pair of a point's threats (the side to move's and the
//! opponent's, 100 counts) on top of the evaluation in use reached 0.11146 held out
//! by opening, where the threat counts of each side alone, refitted on top, reached
//! 0.11107.
//!
//! Refitted at 0b2ec46 to 18,277 new positions (`positions 3000 11`, Rapfi to depth
//! 12): the weights 0.13115 to 0.11305 held out, the table on top 0.13700 to 0.11218
//! held out by opening; against full Rapfi at 500 ms, on the first 69 and 65 games
//! of sets a and b, it scored 23 points of 134 where the committed evaluation scored
//! 32.5 on the same games (better in 10, worse in 20). Fitted to Rapfi's moves as
//! well (`rank`, step 5, weight 0.3), the choice one ply deep matched Rapfi's move
//! in 32.9% of the positions held out, where the committed weights match 29.2%, and
//! it scored 12 points of the first 83 of those games where the committed
//! evaluation scored 21 (better in 7, worse in 16). Both lost: see the lab log.
//!
//! The weights before, fitted to lines and threats only (11,328 positions to depth
//! 12), won 11-37 at 500 ms a move against full-strength Rapfi (one thread each, 48
//! games from 24 Rapfi-made openings with colours swapped), where one table for both
//! sides won 7-41 and the hand-set weights 6-42; at a 100 ms turn against the single
//! table they won 54-42 (96 games).
//!
//! The weights are written in the old evaluation's units (its fitted slope divides
//! them), so the search's other scores (the limit of a static score, the move
//! ordering's mix of values and ranks) keep their meaning.

use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use tabletop::ai::gomoku::eval::{
    FEATURES, SIDE_FEATURES, THREAT_MASKS, combo_code, combo_name, combos, current_weights,
    features, features_and_value, line_feature, static_value, threat_feature, threat_mask_name,
    threat_mask_of, threat_table_weight,
};
use tabletop::ai::gomoku::{Engine, Limits, OPENINGS};
use tabletop::rules::gomoku::{BoardSize, Gomoku, Point, Rule, parse_position};

mod linalg;
use linalg::solve;

/// Line patterns whose weights are fitted: Block2 to Block3. A three's and a four's
/// lines weigh nothing: the threats say what they make (a point has an open three's
/// line exactly when its threat is an open three or more, so both would say the
/// same). An open four's line and a five never occur where the search evaluates:
/// they are won or lost first.
const FIT_LINES: std::ops::RangeInclusive<usize> = 1..=3;
/// Line patterns whose weights are 0: what the threat weights say.
const ZERO_LINES: [usize; 2] = [4, 5];
/// Threats whose weights are fitted: Flex3 to Block4Flex3.
const FIT_THREATS: std::ops::RangeInclusive<usize> = 2..=7;
/// Line patterns in a side's features, before its threats.
const LINES: usize = 9;
/// Fitted weights of one side: its lines and threats.
const SIDE_PARAMS: usize = 3 + 6;
/// Fitted parameters: the side to move's, the opponent's, and the tempo.
const PARAMS: usize = 2 * SIDE_PARAMS + 1;
/// The judge's scale: its score `s` means a winning chance of sigmoid(s / 200).
const JUDGE_SCALE: f64 = 200.0;
/// Judge scores beyond this are found wins.
const JUDGE_WIN: f64 = 20_000.0;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("positions") => {
            let games = args.get(1).map_or(2_000, |s| s.parse().expect("GAMES"));
            let seed = args.get(2).map_or(1, |s| s.parse().expect("SEED"));
            let rule = args
                .get(3)
                .map_or(Rule::FreeStyle, |s| s.parse().expect("RULE"));
            positions(games, seed, rule);
        }
        Some("fit") => fit(args.get(1).expect("fit LABELS")),
        Some("table") => fit_table(args.get(1).expect("table LABELS")),
        Some("rank") => rank(args.get(1).expect("rank LABELS")),
        _ => {
            eprintln!(
                "usage: gomoku_fit positions [GAMES] [SEED] [RULE] | gomoku_fit fit LABELS | \
                 gomoku_fit table LABELS | gomoku_fit rank LABELS"
            );
            std::process::exit(2);
        }
    }
}

/// Empty points within two of a stone.
fn near_points(game: &Gomoku) -> Vec<Point> {
    let size = game.size();
    size.points()
        .filter(|&p| game.stone(p).is_none() && game.is_legal(p))
        .filter(|p| {
            (-2i16..=2).any(|dy| {
                (-2i16..=2).any(|dx| {
                    let (x, y) = (i16::from(p.x) + dx, i16::from(p.y) + dy);
                    (0..i16::from(size.width())).contains(&x)
                        && (0..i16::from(size.height())).contains(&y)
                        && game.stone(Point::new(x as u8, y as u8)).is_some()
                })
            })
        })
        .collect()
}

/// `15x15:h8,i9,...`, with the rule after the size where it is not free-style
/// (`15x15/renju:...`), as `parse_position` reads it.
fn notation(game: &Gomoku) -> String {
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    let rule = match game.rule() {
        Rule::FreeStyle => String::new(),
        rule => format!("/{rule}"),
    };
    format!("15x15{rule}:{}", moves.join(","))
}

fn play(seed: u64, rule: Rule) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x90_6d0c);
    let mut game = Gomoku::new(BoardSize::STANDARD, rule);
    let centre = 7i8;
    for (dx, dy) in OPENINGS[(seed % OPENINGS.len() as u64) as usize] {
        let p = Point::new((centre + dx) as u8, (centre + dy) as u8);
        game.play(p).expect("an opening move");
    }
    for _ in 0..2 {
        let p = *near_points(&game).choose(&mut rng).expect("room");
        game.play(p).expect("a near point");
    }
    let limits = Limits {
        time: Some(Duration::from_millis(20)),
        depth: None,
        threads: 1,
        memory_bytes: 8 << 20,
    };
    let mut engine = Engine::new(&limits);
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    while !game.is_over() {
        if features(&game).is_some() && rng.random_ratio(1, 2) {
            out.push(notation(&game));
        }
        let p = if rng.random_ratio(1, 10) {
            *near_points(&game).choose(&mut rng).expect("room")
        } else {
            engine
                .search(&game, &limits, &stop, |_| {})
                .expect("the game is on")
                .best
        };
        game.play(p).expect("a legal move");
    }
    out
}

fn positions(games: u64, seed: u64, rule: Rule) {
    let all: Vec<Vec<String>> = (0..games)
        .into_par_iter()
        .map(|g| play(seed.wrapping_mul(1_000_003).wrapping_add(g), rule))
        .collect();
    let mut seen = HashSet::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in all.into_iter().flatten() {
        if seen.insert(line.clone()) {
            writeln!(out, "{line}").expect("stdout");
        }
    }
}

/// One labelled position: its features, the old evaluation, and the judge's winning
/// chance for the side to move.
struct Sample {
    features: [f64; FEATURES],
    /// The combinations of the side to move's points, then the opponent's.
    combos: [Vec<u16>; 2],
    old: f64,
    /// The position's threat mask (`eval::threat_mask_of`).
    mask: usize,
    target: f64,
    /// The position's first four moves, hashed: the positions of the games played
    /// from one opening share it.
    opening: u64,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The parameters' inputs for a sample: the side to move's features, the
/// opponent's negated (its points count against the mover), and 1 for the tempo.
fn inputs(s: &Sample) -> [f64; PARAMS] {
    inputs_of(&s.features)
}

/// [`inputs`] from a position's features.
fn inputs_of(features: &[f64; FEATURES]) -> [f64; PARAMS] {
    let mut x = [0.0; PARAMS];
    for (j, k) in FIT_LINES.chain(FIT_THREATS.map(|t| LINES + t)).enumerate() {
        x[j] = features[k];
        x[SIDE_PARAMS + j] = -features[SIDE_FEATURES + k];
    }
    x[PARAMS - 1] = 1.0;
    x
}

/// The mean log loss of predicting `p` for targets `y`, less the targets' own
/// entropy (0 for a perfect prediction).
fn log_loss(pairs: impl Iterator<Item = (f64, f64)>) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for (p, y) in pairs {
        let p = p.clamp(1e-9, 1.0 - 1e-9);
        let y_in = y.clamp(1e-9, 1.0 - 1e-9);
        sum += y * (y_in / p).ln() + (1.0 - y) * ((1.0 - y_in) / (1.0 - p)).ln();
        n += 1;
    }
    sum / n.max(1) as f64
}

/// The side to move's winning chance by the judge's score: a found win or loss is
/// certain, a score `s` means sigmoid(s / [`JUDGE_SCALE`]).
fn target_of(score: f64) -> f64 {
    if score.abs() >= JUDGE_WIN {
        if score > 0.0 { 1.0 } else { 0.0 }
    } else {
        sigmoid(score / JUDGE_SCALE)
    }
}

/// A position's first four moves, hashed: the positions of the games played from
/// one opening share it.
fn opening_of(position: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    position
        .split(',')
        .take(4)
        .for_each(|m| m.hash(&mut hasher));
    hasher.finish()
}

/// The labelled positions of `path` and their rule (every position's, or the
/// process ends with a message: a set of weights is fitted to one rule's positions).
fn read_samples(path: &str) -> (Rule, Vec<Sample>) {
    let file = std::fs::File::open(path).expect("the labels file");
    let mut samples = Vec::new();
    let mut rule = None;
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line");
        let Some((position, score)) = line.split_once('\t') else {
            continue;
        };
        let (Ok(game), Ok(score)) = (parse_position(position, None), score.trim().parse::<f64>())
        else {
            continue;
        };
        let Some(features) = features(&game) else {
            continue;
        };
        if *rule.get_or_insert(game.rule()) != game.rule() {
            eprintln!("{path}: positions of more than one rule; fit each rule's alone");
            std::process::exit(1);
        }
        samples.push(Sample {
            features,
            combos: combos(&game),
            old: f64::from(static_value(&game)),
            mask: threat_mask_of(&game),
            target: target_of(score),
            opening: opening_of(position),
        });
    }
    (rule.unwrap_or_default(), samples)
}

/// The labelled positions of `path` and their rule, or the process ends with a
/// message when there are too few to fit.
fn read_enough_samples(path: &str) -> (Rule, Vec<Sample>) {
    let (rule, samples) = read_samples(path);
    if samples.len() < 100 {
        eprintln!(
            "{path}: {} labelled positions; the fit needs more",
            samples.len()
        );
        std::process::exit(1);
    }
    (rule, samples)
}

/// The samples to fit and those held out: one position in ten, or with
/// `by_opening` the positions of one opening in ten.
fn hold_out(samples: &[Sample], by_opening: bool) -> (Vec<&Sample>, Vec<&Sample>) {
    let (train, test): (Vec<(usize, &Sample)>, Vec<(usize, &Sample)>) =
        samples.iter().enumerate().partition(|(i, s)| {
            let held_out = if by_opening {
                s.opening.is_multiple_of(10)
            } else {
                i.is_multiple_of(10)
            };
            !held_out
        });
    (
        train.into_iter().map(|(_, s)| s).collect(),
        test.into_iter().map(|(_, s)| s).collect(),
    )
}

/// The evaluation in use, with its slope: its score times the slope as a logit,
/// fitted to `train` (targets `ys`), and its loss on `test`.
fn in_use(train: &[&Sample], ys: &[f64], test: &[&Sample]) -> (f64, f64) {
    let old_x: Vec<Vec<(usize, f64)>> = train.iter().map(|s| vec![(0, s.old)]).collect();
    let k = logistic(&old_x, ys, &[1e-3])[0];
    let loss = log_loss(test.iter().map(|s| (sigmoid(k * s.old), s.target)));
    (k, loss)
}

/// Combinations with a correction of their own: those of at least this many of the
/// positions fitted to (per side), so that each has the data to say what it is worth.
const MIN_COMBO_POSITIONS: usize = 40;
/// The ridge on the combination corrections (logit units, squared): they correct the
/// line and threat weights, and stay near 0 where the data says little.
const COMBO_RIDGES: [f64; 6] = [3.0, 10.0, 30.0, 100.0, 300.0, 1000.0];

/// The fitted model's parameters: the line and threat weights and the tempo
/// ([`PARAMS`]), then a correction for each combination of the side to move's and
/// then of the opponent's.
struct Model {
    combos: [Vec<u16>; 2],
    index: [HashMap<u16, usize>; 2],
}

impl Model {
    fn new(train: &[&Sample]) -> Self {
        let combos: [Vec<u16>; 2] = std::array::from_fn(|side| {
            let mut positions: HashMap<u16, usize> = HashMap::new();
            for s in train {
                for key in s.combos[side].iter().collect::<HashSet<_>>() {
                    *positions.entry(*key).or_default() += 1;
                }
            }
            let mut keys: Vec<u16> = positions
                .into_iter()
                .filter(|&(_, n)| n >= MIN_COMBO_POSITIONS)
                .map(|(k, _)| k)
                .collect();
            keys.sort_unstable();
            keys
        });
        let index = std::array::from_fn(|side| {
            let base = PARAMS + if side == 0 { 0 } else { combos[0].len() };
            combos[side]
                .iter()
                .enumerate()
                .map(|(j, &k)| (k, base + j))
                .collect()
        });
        Self { combos, index }
    }

    fn len(&self) -> usize {
        PARAMS + self.combos[0].len() + self.combos[1].len()
    }

    /// A sample's inputs, sparse: (parameter, value).
    fn inputs(&self, s: &Sample) -> Vec<(usize, f64)> {
        let mut x: Vec<(usize, f64)> = inputs(s)
            .into_iter()
            .enumerate()
            .filter(|&(_, v)| v != 0.0)
            .collect();
        let mut counts: HashMap<usize, f64> = HashMap::new();
        for side in 0..2 {
            let sign = if side == 0 { 1.0 } else { -1.0 };
            for key in &s.combos[side] {
                if let Some(&j) = self.index[side].get(key) {
                    *counts.entry(j).or_default() += sign;
                }
            }
        }
        x.extend(counts);
        x
    }
}

fn dot(x: &[(usize, f64)], w: &[f64]) -> f64 {
    x.iter().map(|&(i, v)| v * w[i]).sum()
}

/// Maximum-likelihood logistic weights over sparse inputs `xs` ((parameter, value)
/// pairs) for soft targets `ys`, by Newton's method, each weight with its own ridge.
fn logistic(xs: &[Vec<(usize, f64)>], ys: &[f64], ridge: &[f64]) -> Vec<f64> {
    let n = ridge.len();
    let mut w = vec![0.0; n];
    for _ in 0..30 {
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for (x, y) in xs.iter().zip(ys) {
            let p = sigmoid(dot(x, &w));
            let curve = p * (1.0 - p);
            for &(i, a) in x {
                grad[i] += (p - y) * a;
                let row = &mut hess[i];
                for &(j, b) in x {
                    row[j] += curve * a * b;
                }
            }
        }
        for i in 0..n {
            hess[i][i] += ridge[i];
            grad[i] += ridge[i] * w[i];
        }
        let step = solve(hess, grad);
        for i in 0..n {
            w[i] -= step[i];
        }
        if step.iter().all(|s| s.abs() < 1e-9) {
            break;
        }
    }
    w
}

fn fit(path: &str) {
    let (rule, samples) = read_enough_samples(path);
    let (train, test) = hold_out(&samples, std::env::var_os("HOLD_OUT_OPENINGS").is_some());
    eprintln!(
        "{} positions: {} to fit, {} held out",
        samples.len(),
        train.len(),
        test.len()
    );
    let ys: Vec<f64> = train.iter().map(|s| s.target).collect();

    let (k, old_loss) = in_use(&train, &ys, &test);
    eprintln!("weights in use: slope {k:.6} a unit, held-out loss {old_loss:.5}");

    // Without corrections: the line and threat weights alone.
    let model = Model::new(&train);
    let xs: Vec<Vec<(usize, f64)>> = train.iter().map(|s| model.inputs(s)).collect();
    let held_out: Vec<(Vec<(usize, f64)>, f64)> =
        test.iter().map(|s| (model.inputs(s), s.target)).collect();
    let loss_of = |w: &[f64]| log_loss(held_out.iter().map(|(x, y)| (sigmoid(dot(x, w)), *y)));
    let plain: Vec<f64> = (0..model.len())
        .map(|i| if i < PARAMS { 1e-3 } else { 1e12 })
        .collect();
    let w_plain = logistic(&xs, &ys, &plain);
    eprintln!(
        "lines and threats alone: held-out loss {:.5}",
        loss_of(&w_plain)
    );
    eprintln!(
        "combinations with a correction: {} for the side to move, {} for the opponent",
        model.combos[0].len(),
        model.combos[1].len()
    );
    let mut best: Option<(f64, f64, Vec<f64>)> = None;
    for lambda in COMBO_RIDGES {
        let ridge: Vec<f64> = (0..model.len())
            .map(|i| if i < PARAMS { 1e-3 } else { lambda })
            .collect();
        let w = logistic(&xs, &ys, &ridge);
        let loss = loss_of(&w);
        eprintln!("corrections, ridge {lambda}: held-out loss {loss:.5}");
        if best.as_ref().is_none_or(|(l, _, _)| loss < *l) {
            best = Some((loss, lambda, w));
        }
    }
    let (loss, lambda, w) = best.expect("a fit");
    eprintln!("kept: ridge {lambda}, held-out loss {loss:.5}");
    print_weights(rule, samples.len(), &model, &w, (k, old_loss, loss));
}

/// Prints `rule`'s weights file: `w` over the slope `k` of the weights in use, so
/// that the new ones are in the old units; the weights not fitted stay as they are.
fn print_weights(
    rule: Rule,
    n: usize,
    model: &Model,
    w: &[f64],
    (k, old_loss, loss): (f64, f64, f64),
) {
    let unit = |x: f64| (x / k).round() as i32;
    let [mut to_move, mut waiting] = current_weights(rule);
    for (side, (line, threat)) in [&mut to_move, &mut waiting].into_iter().enumerate() {
        let w = &w[side * SIDE_PARAMS..];
        for (j, l) in FIT_LINES.enumerate() {
            line[l] = unit(w[j]);
        }
        for l in ZERO_LINES {
            line[l] = 0;
        }
        for (j, t) in FIT_THREATS.enumerate() {
            threat[t] = unit(w[FIT_LINES.count() + j]);
        }
    }
    let tempo = unit(w[PARAMS - 1]);
    let names = |v: &[i32], name: fn(usize) -> Option<&'static str>| {
        v.iter()
            .enumerate()
            .map(|(i, x)| format!("{x} /* {} */", name(i).unwrap_or("?")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // The opponent's inputs are negated, so its weights are as they are.
    let combos = |side: usize| {
        model.combos[side]
            .iter()
            .map(|&key| (key, unit(w[model.index[side][&key]])))
            .filter(|&(_, v)| v != 0)
            .map(|(key, v)| format!("\n    ({}, {v}), // {}", combo_code(key), combo_name(key)))
            .collect::<String>()
    };
    println!(
        "//! Written by `cargo run --release --no-default-features --example gomoku_fit -- fit
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to {n}
//! {}positions; on the tenth held out, the log loss against the judge's winning chances
//! (less their own entropy) is {loss:.5}, where the weights before had {old_loss:.5}.

use crate::ai::gomoku::shape::Line::{{self, *}};
use crate::ai::gomoku::shape::THREATS;

/// What one line of an empty point is worth to the side to move, by its [`Line`]
/// pattern.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE_TO_MOVE: [i32; 9] = [{}];
/// What an empty point's combined [`Threat`] adds to it for the side to move.
///
/// [`Threat`]: crate::ai::gomoku::shape::Threat
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT_TO_MOVE: [i32; THREATS] = [{}];
/// What one line of an empty point is worth to the side waiting for its move (and to
/// the move ordering).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE: [i32; 9] = [{}];
/// What an empty point's combined threat adds to it for the side waiting.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT: [i32; THREATS] = [{}];
/// Added for the side to move.
pub(in crate::ai::gomoku) const TEMPO: i32 = {tempo};
/// What the combination of an empty point's lines adds to it for the side to move,
/// whatever their directions (combinations not listed: nothing).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const COMBO_TO_MOVE: &[(&[Line], i32)] = &[{}
];
/// What the combination of its lines adds to it for the side waiting.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const COMBO: &[(&[Line], i32)] = &[{}
];",
        rule_words(rule),
        names(&to_move.0, line_feature),
        names(&to_move.1, threat_feature),
        names(&waiting.0, line_feature),
        names(&waiting.1, threat_feature),
        combos(0),
        combos(1),
    );
}

/// The threat table's ridges tried (logit units, squared).
const TABLE_RIDGES: [f64; 5] = [1.0, 3.0, 10.0, 30.0, 100.0];

/// Fits the threat table (`eval::threat_table`) on top of the rest of the evaluation:
/// each position's evaluation without the table's entry, times a slope fitted with
/// it, plus the entry of its threat mask, predicts the judge's winning chance. Holds
/// out the positions of one opening in ten, keeps the ridge with the least loss on
/// them, and prints the table in the evaluation's units.
fn fit_table(path: &str) {
    let (rule, samples) = read_enough_samples(path);
    let (train, test) = hold_out(&samples, true);
    eprintln!(
        "{} positions: {} to fit, {} held out (the positions of one opening in ten)",
        samples.len(),
        train.len(),
        test.len()
    );
    let rest = |s: &Sample| s.old - f64::from(threat_table_weight(rule, s.mask));
    let ys: Vec<f64> = train.iter().map(|s| s.target).collect();
    let (_, old_loss) = in_use(&train, &ys, &test);
    eprintln!("the evaluation in use: held-out loss {old_loss:.5}");
    let x_of = |s: &Sample| vec![(0, rest(s)), (1 + s.mask, 1.0)];
    let xs: Vec<Vec<(usize, f64)>> = train.iter().map(|s| x_of(s)).collect();
    let mut best: Option<(f64, f64, Vec<f64>)> = None;
    for lambda in TABLE_RIDGES {
        let mut ridge = vec![lambda; 1 + THREAT_MASKS];
        ridge[0] = 1e-3;
        let w = logistic(&xs, &ys, &ridge);
        let loss = log_loss(test.iter().map(|s| (sigmoid(dot(&x_of(s), &w)), s.target)));
        eprintln!("ridge {lambda}: held-out loss {loss:.5}");
        if best.as_ref().is_none_or(|(l, _, _)| loss < *l) {
            best = Some((loss, lambda, w));
        }
    }
    let (loss, lambda, w) = best.expect("a fit");
    eprintln!("kept: ridge {lambda}, held-out loss {loss:.5}");
    let mut counts = [0usize; THREAT_MASKS];
    for s in &train {
        counts[s.mask] += 1;
    }
    // In the units of the rest of the evaluation (its slope divides them).
    let entries: String = (0..THREAT_MASKS)
        .map(|m| {
            let v = (w[1 + m] / w[0]).round() as i32;
            format!(
                "\n    {v}, // {m:#04x} {}: {} positions",
                threat_mask_name(m),
                counts[m]
            )
        })
        .collect();
    println!(
        "//! Written by `cargo run --release --no-default-features --example gomoku_fit -- table
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to {} {}positions
//! on top of the rest of the evaluation (ridge {lambda}); on the positions of one opening
//! in ten, held out, the log loss against the judge's winning chances (less their own
//! entropy) is {loss:.5}, where the evaluation before had {old_loss:.5}.

/// What a position is worth to the side to move beyond its points, by which threats
/// each side has ([`super::threat_mask`]).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT_TABLE: [i32; super::THREAT_MASKS] = [{entries}
];",
        samples.len(),
        rule_words(rule),
    );
}

/// The rule as the files' first lines name it: nothing for free-style, whose set
/// came first.
fn rule_words(rule: Rule) -> String {
    match rule {
        Rule::FreeStyle => String::new(),
        rule => format!("{rule} "),
    }
}

/// A labelled position with the judge's move, for [`rank`]: its inputs and the rest
/// of its static value (what the fitted weights leave, in the evaluation's units),
/// its target, and the same for each child (from the child's side to move), the
/// judge's move's first.
struct Choice {
    x: [f64; PARAMS],
    rest: f64,
    target: f64,
    children: Vec<([f64; PARAMS], f64)>,
    opening: u64,
}

/// The weights in use as parameters (the evaluation's units), the tempo found as
/// the value of an empty board less the threat table's entry for it.
fn params_in_use(rule: Rule) -> [f64; PARAMS] {
    let [to_move, waiting] = current_weights(rule);
    let mut w = [0.0; PARAMS];
    for (side, (line, threat)) in [to_move, waiting].into_iter().enumerate() {
        for (j, l) in FIT_LINES.enumerate() {
            w[side * SIDE_PARAMS + j] = f64::from(line[l]);
        }
        for (j, t) in FIT_THREATS.enumerate() {
            w[side * SIDE_PARAMS + FIT_LINES.count() + j] = f64::from(threat[t]);
        }
    }
    let empty = Gomoku::new(BoardSize::STANDARD, rule);
    w[PARAMS - 1] = f64::from(static_value(&empty) - threat_table_weight(rule, 0));
    w
}

/// Reads `LABELS` with the judge's move in a third column (`MOVES=1
/// scripts/label-gomoku-positions.py`).
fn read_choices(path: &str, w: &[f64; PARAMS]) -> Vec<Choice> {
    let text = std::fs::read_to_string(path).expect("the labels file");
    let lines: Vec<&str> = text.lines().collect();
    let split = |x: [f64; PARAMS], value: i32| -> f64 {
        f64::from(value) - x.iter().zip(w).map(|(a, b)| a * b).sum::<f64>()
    };
    lines
        .par_iter()
        .filter_map(|line| {
            let mut cols = line.split('\t');
            let (position, score, mv) = (cols.next()?, cols.next()?, cols.next()?);
            let game = parse_position(position, None).ok()?;
            let score: f64 = score.trim().parse().ok()?;
            features(&game)?;
            let (f, value) = features_and_value(&game)?;
            let best = game.size().parse_point(mv.trim()).ok()?;
            let mut points = near_points(&game);
            let at = points.iter().position(|&p| p == best)?;
            points.swap(0, at);
            let children = points
                .into_iter()
                .filter_map(|p| {
                    let mut child = game.clone();
                    child.play(p).ok()?;
                    let (f, value) = features_and_value(&child)?;
                    let x = inputs_of(&f);
                    Some((x, split(x, value)))
                })
                .collect::<Vec<_>>();
            let x = inputs_of(&f);
            Some(Choice {
                x,
                rest: split(x, value),
                target: target_of(score),
                children,
                opening: opening_of(position),
            })
        })
        .collect()
}

/// The children's logits (the child's value for its mover, negated, times `k`) and
/// their softmax.
fn child_probs(c: &Choice, w: &[f64], k: f64) -> Vec<f64> {
    let logits: Vec<f64> = c
        .children
        .iter()
        .map(|(x, rest)| -k * (x.iter().zip(w).map(|(a, b)| a * b).sum::<f64>() + rest))
        .collect();
    let top = logits.iter().copied().fold(f64::MIN, f64::max);
    let e: Vec<f64> = logits.iter().map(|l| (l - top).exp()).collect();
    let sum: f64 = e.iter().sum();
    e.into_iter().map(|v| v / sum).collect()
}

/// Held-out figures of weights `w`: the log loss against the judge's chances, the
/// mean negative log chance of the judge's move among the children, and how often
/// the judge's move is the best child.
fn rank_report(test: &[&Choice], w: &[f64], k: f64) -> (f64, f64, f64) {
    let loss = log_loss(test.iter().map(|c| {
        let v: f64 = c.x.iter().zip(w).map(|(a, b)| a * b).sum::<f64>() + c.rest;
        (sigmoid(k * v), c.target)
    }));
    let (mut nll, mut top) = (0.0, 0.0);
    for c in test {
        let p = child_probs(c, w, k);
        nll -= p[0].max(1e-12).ln();
        if p.iter().all(|&q| q <= p[0]) {
            top += 1.0;
        }
    }
    let n = test.len().max(1) as f64;
    (loss, nll / n, top / n)
}

/// Fits the line and threat weights and the tempo to the judge's scores and, with
/// weight `lambda` a position, to its moves: each child of a position scored by its
/// static value for its mover, negated, times the slope of the weights in use, and
/// the softmax over them made to give the judge's move (comparison training). By
/// Newton's method from the weights in use; the rest of the evaluation stays.
fn rank_fit(train: &[&Choice], w0: &[f64; PARAMS], k: f64, lambda: f64) -> [f64; PARAMS] {
    /// Adds `scale` times the outer product of `a` and `b` to `hess`.
    fn add_outer(hess: &mut [Vec<f64>], scale: f64, a: &[f64], b: &[f64]) {
        for (row, &x) in hess.iter_mut().zip(a) {
            for (h, &y) in row.iter_mut().zip(b) {
                *h += scale * x * y;
            }
        }
    }
    let mut w = *w0;
    for _ in 0..30 {
        let mut grad = vec![0.0; PARAMS];
        let mut hess = vec![vec![0.0; PARAMS]; PARAMS];
        for c in train {
            let v: f64 = c.x.iter().zip(&w).map(|(a, b)| a * b).sum::<f64>() + c.rest;
            let p = sigmoid(k * v);
            for (g, x) in grad.iter_mut().zip(&c.x) {
                *g += k * (p - c.target) * x;
            }
            add_outer(&mut hess, k * k * p * (1.0 - p), &c.x, &c.x);
            if lambda > 0.0 {
                let probs = child_probs(c, &w, k);
                let mut mean = [0.0; PARAMS];
                for ((x, _), q) in c.children.iter().zip(&probs) {
                    for (m, a) in mean.iter_mut().zip(x) {
                        *m += q * a;
                    }
                }
                let best = &c.children[0].0;
                for ((g, b), m) in grad.iter_mut().zip(best).zip(&mean) {
                    *g += lambda * k * (b - m);
                }
                for ((x, _), q) in c.children.iter().zip(&probs) {
                    let d: Vec<f64> = x.iter().zip(&mean).map(|(a, m)| a - m).collect();
                    add_outer(&mut hess, lambda * k * k * q, &d, &d);
                }
            }
        }
        for (i, row) in hess.iter_mut().enumerate() {
            row[i] += 1e-6;
        }
        let step = solve(hess, grad);
        for (v, s) in w.iter_mut().zip(&step) {
            *v -= s;
        }
        if step.iter().all(|s| s.abs() < 1e-6) {
            break;
        }
    }
    w
}

fn rank(path: &str) {
    let rule = Rule::FreeStyle;
    let w0 = params_in_use(rule);
    let choices = read_choices(path, &w0);
    let (train, test): (Vec<&Choice>, Vec<&Choice>) =
        choices.iter().partition(|c| !c.opening.is_multiple_of(10));
    let mean_children =
        choices.iter().map(|c| c.children.len()).sum::<usize>() as f64 / choices.len() as f64;
    eprintln!(
        "{} positions with the judge's move ({:.1} children each): {} to fit, {} held out",
        choices.len(),
        mean_children,
        train.len(),
        test.len()
    );
    let old: Vec<(f64, f64)> = train
        .iter()
        .map(|c| {
            (
                c.x.iter().zip(&w0).map(|(a, b)| a * b).sum::<f64>() + c.rest,
                c.target,
            )
        })
        .collect();
    // The slope of the weights in use, as `in_use` fits it.
    let xs: Vec<Vec<(usize, f64)>> = old.iter().map(|&(v, _)| vec![(0, v)]).collect();
    let ys: Vec<f64> = old.iter().map(|&(_, y)| y).collect();
    let k = logistic(&xs, &ys, &[1e-3])[0];
    let (loss, nll, top) = rank_report(&test, &w0, k);
    eprintln!(
        "in use (slope {k:.6}): loss {loss:.5}, move nll {nll:.4}, judge's move best {top:.3}"
    );
    let lambdas: Vec<f64> = std::env::var("LAMBDAS")
        .unwrap_or_else(|_| "0,0.3,1,3,10".to_string())
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    for lambda in lambdas {
        let w = rank_fit(&train, &w0, k, lambda);
        let (loss, nll, top) = rank_report(&test, &w, k);
        let shown: Vec<String> = w.iter().map(|v| format!("{}", v.round() as i64)).collect();
        eprintln!(
            "lambda {lambda}: loss {loss:.5}, move nll {nll:.4}, judge's move best {top:.3}\n  {}",
            shown.join(" ")
        );
    }
}
