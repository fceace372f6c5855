//! AI against AI, for any game: the match runner behind `tabletop-cli selfplay`.
//!
//! A match plays pairs of games from the same start with the sides swapped, so that
//! neither AI gets the better half of the openings or the dice. Every random choice
//! comes from the match's seed and the game's index, so a match gives the same
//! result however its games are spread over threads.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use super::clock::Clock;
use super::{Budget, GameAi, Level, mix_seed};
use crate::rules::{Outcome, Player, Settings};

/// One side of a match: an AI level and how long it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contestant {
    /// The level.
    pub level: Level,
    /// Its budget: the level's own, or a time or depth from the command line.
    pub budget: Budget,
}

impl Contestant {
    /// `level` with its own budget.
    #[must_use]
    pub fn level(level: Level) -> Self {
        Self {
            level,
            budget: Budget::Level,
        }
    }
}

impl std::fmt::Display for Contestant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.budget {
            Budget::Level => write!(f, "level {}", self.level),
            Budget::Time(time) => write!(f, "level {} at {} ms", self.level, time.as_millis()),
            Budget::Depth(depth) => write!(f, "level {} at depth {depth}", self.level),
        }
    }
}

/// What a match came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games won by A, by B, and drawn.
    pub a_wins: u32,
    /// Games won by B.
    pub b_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games won by the side that moved first (the first-move advantage).
    pub first_mover_wins: u32,
    /// The longest A and B each took over one move.
    pub slowest: [Duration; 2],
    /// Moves an AI failed to give or gave illegally (each lost its game).
    pub failures: u32,
}

impl MatchResult {
    fn add(self, other: Self) -> Self {
        Self {
            a_wins: self.a_wins + other.a_wins,
            b_wins: self.b_wins + other.b_wins,
            draws: self.draws + other.draws,
            first_mover_wins: self.first_mover_wins + other.first_mover_wins,
            slowest: [
                self.slowest[0].max(other.slowest[0]),
                self.slowest[1].max(other.slowest[1]),
            ],
            failures: self.failures + other.failures,
        }
    }
}

/// Plays `games` games of A (`sides[0]`) against B (`sides[1]`): A moves first in
/// the even games and second in the odd ones, game `index` starting from
/// [`GameAi::match_start`]. A side whose AI gives no legal move loses that game.
pub fn play_match<G: GameAi>(
    settings: &Settings<'_>,
    sides: [Contestant; 2],
    games: u32,
    seed: u64,
) -> Result<MatchResult, String> {
    let starts = (0..games)
        .map(|index| G::match_start(settings, seed, index))
        .collect::<Result<Vec<G>, String>>()?;
    let play = |(index, start): (usize, G)| play_game(start, sides, index as u32, seed);
    let games = starts.into_iter().enumerate();
    Ok(if G::PARALLEL_MATCHES {
        games
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(play)
            .reduce(MatchResult::default, MatchResult::add)
    } else {
        games
            .map(play)
            .fold(MatchResult::default(), MatchResult::add)
    })
}

/// One game of a match from `game`; `index` decides who moves first and seeds the
/// random choices.
fn play_game<G: GameAi>(mut game: G, sides: [Contestant; 2], index: u32, seed: u64) -> MatchResult {
    let mut result = MatchResult::default();
    // Index into `levels` of the side that moves first.
    let first = (index % 2) as usize;
    let who = |p: Player| if p == Player::First { first } else { 1 - first };
    let mut rng = StdRng::seed_from_u64(mix_seed(!seed, u64::from(index)));
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let mover = game.side_to_move();
        let side = who(mover);
        let clock = Clock::start();
        let answer = game.analyse(sides[side].level, sides[side].budget, &mut rng);
        result.slowest[side] = result.slowest[side].max(clock.elapsed());
        if answer.is_none_or(|answer| game.play(answer.best).is_err()) {
            eprintln!("game {index}: {} gave no legal move", sides[side]);
            result.failures += 1;
            break Outcome::Win(mover.opponent());
        }
    };
    match outcome {
        Outcome::Win(winner) => {
            if who(winner) == 0 {
                result.a_wins += 1;
            } else {
                result.b_wins += 1;
            }
            result.first_mover_wins += u32::from(winner == Player::First);
        }
        Outcome::Draw => result.draws += 1,
    }
    result
}

/// What a legality run found: every AI move checked against the rules, and how long
/// each level took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalityReport {
    /// Games played to their end.
    pub games: u32,
    /// AI moves checked.
    pub moves: u64,
    /// Each illegal or missing move: the game, the level, the move and the moves
    /// before it. Must stay empty.
    pub illegal: Vec<String>,
    /// Moves made by each level (index 0 is level 1).
    pub moves_per_level: [u64; 5],
    /// The slowest move of each level.
    pub slowest: [Duration; 5],
}

impl LegalityReport {
    fn add(mut self, other: Self) -> Self {
        self.games += other.games;
        self.moves += other.moves;
        self.illegal.extend(other.illegal);
        for i in 0..5 {
            self.moves_per_level[i] += other.moves_per_level[i];
            self.slowest[i] = self.slowest[i].max(other.slowest[i]);
        }
        self
    }
}

/// Plays `games` games of `G` between random levels from random openings (a match
/// start, then up to four random moves) and checks every AI move against the rules.
/// A level whose own time budget is longer than `cap` searches for `cap` instead
/// (the strongest search, as `--time-ms`), so that a long run fits a session.
pub fn legality_run<G: GameAi>(
    settings: &Settings<'_>,
    games: u32,
    seed: u64,
    cap: Option<Duration>,
) -> Result<LegalityReport, String> {
    // The settings are checked once, before any game starts.
    G::match_start(settings, seed, 0)?;
    let play = |index: u32| legality_game::<G>(settings, index, seed, cap);
    if G::PARALLEL_MATCHES {
        (0..games)
            .into_par_iter()
            .map(play)
            .try_reduce(LegalityReport::default, |a, b| Ok(a.add(b)))
    } else {
        (0..games)
            .map(play)
            .try_fold(LegalityReport::default(), |a, b| Ok(a.add(b?)))
    }
}

fn legality_game<G: GameAi>(
    settings: &Settings<'_>,
    index: u32,
    seed: u64,
    cap: Option<Duration>,
) -> Result<LegalityReport, String> {
    let mut rng = StdRng::seed_from_u64(mix_seed(seed ^ 0x1E6A_11D7, u64::from(index)));
    let levels = [0, 1].map(|_| Level::new(rng.random_range(1..=5)).unwrap_or(Level::MIN));
    let mut game = G::match_start(settings, rng.random(), index)?;
    for _ in 0..rng.random_range(0..=4) {
        let Some(&mv) = game.legal_moves().choose(&mut rng) else {
            break;
        };
        game.play(mv)
            .map_err(|e| format!("{}: legal move {mv}: {e}", G::NAME))?;
    }
    let mut report = LegalityReport {
        games: 1,
        ..LegalityReport::default()
    };
    while game.outcome().is_none() {
        let level = levels[usize::from(game.side_to_move() != Player::First)];
        let budget = match (cap, G::level_time(level)) {
            (Some(cap), Some(time)) if time > cap => Budget::Time(cap),
            _ => Budget::Level,
        };
        let clock = Clock::start();
        let answer = game.analyse(level, budget, &mut rng);
        let took = clock.elapsed();
        let i = usize::from(level.get() - 1);
        report.moves += 1;
        report.moves_per_level[i] += 1;
        report.slowest[i] = report.slowest[i].max(took);
        let played = answer
            .is_some_and(|a| game.legal_moves().contains(&a.best) && game.play(a.best).is_ok());
        if !played {
            let history: Vec<String> = game.history().iter().map(ToString::to_string).collect();
            report.illegal.push(format!(
                "game {index}: level {level} gave no legal move after {}",
                history.join(" ")
            ));
            break;
        }
    }
    Ok(report)
}
