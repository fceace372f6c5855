//! The Knucklebones AI.
//!
//! - Level 1 places the die in a uniformly random column that is not full.
//! - Level 2 is the source game's greedy rule table ([`rule_table_move`]).
//! - Levels 3 and 4 search with expectimax ([`search`]): at a decision node the mover
//!   picks a column for the die it holds, at a chance node the next die is one of six
//!   equally likely values. The depth, counted in moves (decision plies), grows with
//!   the level ([`depth_for_level`]). Finished games are scored exactly; the search
//!   stops at the depth and scores the position there with [`evaluate`].
//! - Level 5 searches the same tree as deep as [`LEVEL_5_TIME`] allows
//!   ([`deep_search`]): iterative deepening with a transposition table and pruned
//!   chance nodes, exact to the game's end when the end is within reach, and at its
//!   depth limit an evaluation fitted to games ([`eval`]) instead of the hand-set one.
//!
//! Values are from the point of view of the side to move, on the scale of the final
//! result: +1 a certain win, 0 a draw (or an even game), -1 a certain loss. A finished
//! game adds a thousandth of its score margin so that among certain wins the larger
//! one is chosen; every win stays above every draw and every loss.
//!
//! The AI never looks at the game's seed: the rolls to come are unknown to it, as they
//! are to a person.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::Rng;
use rand::seq::IndexedRandom;

use rand::rngs::StdRng;

mod deep;
pub mod eval;
mod rule_table;

pub use deep::LEVEL_5_TIME;
pub use rule_table::rule_table_move;

use super::clock::Clock;
use super::slices::{Pause, Slices, finish};
use super::{Analysis, Budget, GameAi, Level, Verdict, mix_seed};
use crate::rules::knucklebones::{COLUMN_SLOTS, Column, Knucklebones, Tray};
use crate::rules::{Player, Settings};

/// The AI's answer for one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The column to place the die in.
    pub column: Column,
    /// The expected result for the mover, -1 (loss) to +1 (win) (see the module
    /// documentation); `None` for levels 1 and 2, which do not search.
    pub value: Option<f64>,
    /// Positions searched (0 for levels 1 and 2).
    pub nodes: u64,
    /// The depth of the last completed search, in moves (0 for levels 1 and 2).
    pub depth: u32,
}

/// How deep the fixed-depth [`search`] of levels 3 and 4 goes, in moves (level 5 was
/// depth 4 until it got [`deep_search`]; `tabletop-cli selfplay --b-depth 4` still
/// plays it). Depth 1 looks at this move only;
/// depth 4 at this move, the opponent's reply to each of the six next dice, our
/// answer to each die after that, and the opponent's next reply. A depth-4 move
/// takes about 1.5 ms from the opening (about 20,000 nodes; see
/// `benches/knucklebones.rs`) and each further move multiplies that by up to 18 (six
/// dice times three columns): level 5 stops at 4, far inside a second per move, so
/// that the 20,000-game matches the levels are measured by stay within minutes. Against level 2 (4,000 games, first
/// move alternating) depths 1 to 4 won 52%, 55%, 61% and 62%: the gain flattens.
#[must_use]
pub fn depth_for_level(level: Level) -> u32 {
    match level.get() {
        0..=3 => 2,
        4 => 3,
        _ => 4,
    }
}

/// The move of `level` for the side to move; `None` only when the game is over. Level
/// 1 draws its column from `rng`; the searches poll `stop` and, when it is set, answer
/// with the best move of the deepest search they finished.
pub fn best_move(
    game: &Knucklebones,
    level: Level,
    rng: &mut impl Rng,
    stop: &AtomicBool,
) -> Option<Choice> {
    finish(best_move_in_slices(
        game,
        level,
        rng,
        stop,
        &mut Slices::never(),
    ))
}

/// [`best_move`] in time slices (see [`crate::ai::slices`]).
pub async fn best_move_in_slices<P: Pause>(
    game: &Knucklebones,
    level: Level,
    rng: &mut impl Rng,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
) -> Option<Choice> {
    let plain = |column| Choice {
        column,
        value: None,
        nodes: 0,
        depth: 0,
    };
    match level.get() {
        1 => game.legal_columns().choose(rng).copied().map(plain),
        2 => rule_table_move(game).map(plain),
        3 | 4 => search_in_slices(game, depth_for_level(level), None, stop, slices).await,
        _ => deep::search_in_slices(game, LEVEL_5_TIME, None, stop, slices).await,
    }
}

/// Level 5's search within `time` (see [`deep`]): iterative deepening with a
/// transposition table and pruned chance nodes, exact to the game's end where the end
/// is within reach; `None` only when the game is over.
pub fn deep_search(game: &Knucklebones, time: Duration, stop: &AtomicBool) -> Option<Choice> {
    finish(deep::search_in_slices(
        game,
        time,
        None,
        stop,
        &mut Slices::never(),
    ))
}

/// Expectimax to `max_depth` moves by iterative deepening, within `time` if given;
/// `None` only when the game is over. When `stop` is set or the time runs out, the
/// best move of the deepest finished search is returned (depth 1 always finishes).
pub fn search(
    game: &Knucklebones,
    max_depth: u32,
    time: Option<Duration>,
    stop: &AtomicBool,
) -> Option<Choice> {
    finish(search_in_slices(
        game,
        max_depth,
        time,
        stop,
        &mut Slices::never(),
    ))
}

/// [`search`] in time slices (see [`crate::ai::slices`]): it may pause between the
/// root's moves and, under each, between the six dice of the reply, which splits every
/// iteration into up to 18 parts.
pub async fn search_in_slices<P: Pause>(
    game: &Knucklebones,
    max_depth: u32,
    time: Option<Duration>,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
) -> Option<Choice> {
    expectimax_in_slices(game, max_depth, time, State::evaluate, stop, slices).await
}

/// [`search_in_slices`] with `leaf` as the evaluation at the depth limit (the tests
/// compare level 5's pruned search, which uses [`eval::fitted`], with it).
async fn expectimax_in_slices<P: Pause>(
    game: &Knucklebones,
    max_depth: u32,
    time: Option<Duration>,
    leaf: fn(&State) -> f64,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
) -> Option<Choice> {
    if game.is_over() {
        return None;
    }
    let mover = game.side_to_move();
    let root = State {
        trays: [*game.tray(mover), *game.tray(mover.opponent())],
    };
    let mut searcher = Searcher {
        nodes: 0,
        leaf,
        stop,
        clock: Clock::start(),
        time,
        aborted: false,
    };
    let mut best = None;
    slices.start(&searcher.clock);
    for depth in 1..=max_depth.max(1) {
        if depth > 1 && stop.load(Ordering::Relaxed) {
            break;
        }
        let mut found: Option<(Column, f64)> = None;
        for column in Column::ALL {
            if root.trays[0].is_column_full(column) {
                continue;
            }
            // `Searcher::after_move`, with a chance to pause before each die.
            let value = match searcher.play(&root, column, game.die(), depth) {
                Err(value) => value,
                Ok(next) => {
                    let mut total = 0.0;
                    for die in 1..=6 {
                        slices.pause_if_due(&searcher.clock).await;
                        total += searcher.best_reply(&next, die, depth - 1);
                    }
                    -(total / 6.0)
                }
            };
            // Strictly better only: among equal values the lowest column wins.
            if found.is_none_or(|(_, v)| value > v) {
                found = Some((column, value));
            }
        }
        if searcher.aborted && depth > 1 {
            break;
        }
        best = found.map(|(column, value)| Choice {
            column,
            value: Some(value),
            nodes: searcher.nodes,
            depth,
        });
        if searcher.aborted {
            break;
        }
    }
    best.map(|c| Choice {
        nodes: searcher.nodes,
        ..c
    })
}

/// Weight of a column's score that the opponent may still knock out (their column
/// of that index has room): about the chance they roll a value it holds soon.
///
/// The three weights were tuned by matches of the depth-3 search against level 2
/// (12,000 games each): without the exposure term it wins about 3% fewer games; the
/// tempo and spread move the result by less than the noise.
const EXPOSURE: f64 = 0.2;
/// What holding the next die is worth, in score points.
const TEMPO: f64 = 3.0;
/// How many score points of margin make a game about 88% won (tanh 1 = 0.76 expected
/// result) with no move left; the spread grows with the square root of the moves left.
const SPREAD: f64 = 3.0;

/// The value of a position for the side to move, as if its die were not yet rolled:
/// the score margin, minus the part of each of its columns the other side could still
/// knock out (their column of that index has room), plus the same for the other side's
/// columns, plus the tempo of holding the next die; turned into an expected result in
/// -1..1 by a `tanh` whose spread grows with the moves left (the fewer free slots of
/// the two trays), since a margin counts for more near the end. A finished game scores
/// exactly.
#[must_use]
pub fn evaluate(game: &Knucklebones) -> f64 {
    let player = game.side_to_move();
    let state = State {
        trays: [*game.tray(player), *game.tray(player.opponent())],
    };
    if game.is_over() {
        terminal(&state.trays[0], &state.trays[1])
    } else {
        state.evaluate()
    }
}

/// The position from the point of view of the side to move: its tray first.
#[derive(Clone, Copy)]
struct State {
    trays: [Tray; 2],
}

impl State {
    /// Heuristic value for `trays[0]`'s side, to move with the die unknown.
    fn evaluate(&self) -> f64 {
        let [me, them] = &self.trays;
        let mut margin = f64::from(me.score()) - f64::from(them.score()) + TEMPO;
        for c in Column::ALL {
            if !them.is_column_full(c) {
                margin -= EXPOSURE * f64::from(me.column_score(c));
            }
            if !me.is_column_full(c) {
                margin += EXPOSURE * f64::from(them.column_score(c));
            }
        }
        let slots = COLUMN_SLOTS * 3;
        let left = (slots - me.dice_count()).min(slots - them.dice_count());
        (margin / (SPREAD * ((left + 1) as f64).sqrt())).tanh()
    }
}

/// The exact value of a finished game for `me`.
fn terminal(me: &Tray, them: &Tray) -> f64 {
    let margin = f64::from(me.score()) - f64::from(them.score());
    margin.signum() + margin / 1000.0
}

struct Searcher<'a> {
    nodes: u64,
    /// The evaluation at the depth limit.
    leaf: fn(&State) -> f64,
    stop: &'a AtomicBool,
    clock: Clock,
    time: Option<Duration>,
    aborted: bool,
}

impl Searcher<'_> {
    /// The value for the mover (`state.trays[0]`) of placing `die` in `column`, with
    /// `depth` moves (this one included) left to search.
    fn after_move(&mut self, state: &State, column: Column, die: u8, depth: u32) -> f64 {
        match self.play(state, column, die, depth) {
            Err(value) => value,
            Ok(next) => -self.chance(&next, depth - 1),
        }
    }

    /// Places `die` in `column`: the position after it (the opponent's to move) if the
    /// search goes on, or the value for the mover if it ends there.
    fn play(&mut self, state: &State, column: Column, die: u8, depth: u32) -> Result<State, f64> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) && !self.aborted {
            self.aborted = self.stop.load(Ordering::Relaxed)
                || self.time.is_some_and(|t| self.clock.elapsed() >= t);
        }
        let [mut me, mut them] = state.trays;
        me.push(column, die);
        them.remove_value(column, die);
        if me.is_full() {
            return Err(terminal(&me, &them));
        }
        // The opponent moves next: their value, negated.
        let next = State { trays: [them, me] };
        if depth <= 1 || self.aborted {
            Err(-(self.leaf)(&next))
        } else {
            Ok(next)
        }
    }

    /// The expected value for the side to move over the six dice it may roll.
    fn chance(&mut self, state: &State, depth: u32) -> f64 {
        let mut total = 0.0;
        for die in 1..=6 {
            total += self.best_reply(state, die, depth);
        }
        total / 6.0
    }

    /// The best value for the side to move of placing `die`.
    fn best_reply(&mut self, state: &State, die: u8, depth: u32) -> f64 {
        let mut best = f64::NEG_INFINITY;
        for column in Column::ALL {
            if !state.trays[0].is_column_full(column) {
                best = best.max(self.after_move(state, column, die, depth));
            }
        }
        best
    }
}

impl GameAi for Knucklebones {
    const POSITION_HELP: &'static str = "`p1=44|1|;p2=6||235;die=4;turn=p1` (each side's \
         columns 1 to 3 as their dice, the die to place, the side to place it); the move \
         is the column, `1` to `3`, and the value the expected result for the side to \
         move from -1 (certain loss) to +1 (certain win), for the searching levels 3 to \
         5 and `--time-ms`";
    const PARALLEL_MATCHES: bool = true;

    /// Level 4's expectimax: level 5 thinks a second a move.
    const REVIEW_LEVEL: Level = Level::new(4).expect("4 is a level");

    fn analyse(&self, level: Level, budget: Budget, rng: &mut StdRng) -> Option<Analysis<Column>> {
        let stop = AtomicBool::new(false);
        let choice = match budget {
            Budget::Level => best_move(self, level, rng, &stop),
            Budget::Time(time) => deep_search(self, time, &stop),
            Budget::Depth(depth) => search(self, depth, None, &stop),
        }?;
        Some(Analysis {
            best: choice.column,
            value: choice.value.map(|value| format!("{value:.3}")),
            // From -1 (a sure loss) to +1 to the review's 0 to 1.
            verdict: choice
                .value
                .map(|value| Verdict::Expected((value + 1.0) / 2.0)),
        })
    }

    fn level_time(level: Level) -> Option<std::time::Duration> {
        (level == Level::MAX).then_some(LEVEL_5_TIME)
    }

    /// Games `2k` and `2k + 1` share their dice (a seed mixed from `seed` and `k`),
    /// so each pair of a match deals both sides the same rolls; player 1 starts.
    fn match_start(_: &Settings<'_>, seed: u64, index: u32) -> Result<Self, String> {
        Ok(Knucklebones::new(
            mix_seed(seed, u64::from(index / 2)),
            Player::First,
        ))
    }
}

#[cfg(test)]
mod tests;
