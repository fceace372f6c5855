//! AI against AI, for any game: the match runner behind `tabletop-cli selfplay`.
//!
//! A match plays pairs of games from the same start with the sides swapped, so that
//! neither AI gets the better half of the openings or the dice. Every random choice
//! comes from the match's seed and the game's index, so a match gives the same
//! result however its games are spread over threads.

use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
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
