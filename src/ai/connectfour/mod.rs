//! The Connect Four AI.
//!
//! - Level 1 drops a disc into a uniformly random column with room.
//! - Levels 2 to 4 search to a fixed depth ([`heuristic`]) that grows with the level,
//!   with randomness that shrinks with it: noise on every move's value, and now and
//!   then a random move that does not lose at once.
//! - Level 5 plays perfectly: the opening book ([`book`]) where it has the position,
//!   else the exact [`solver`]. It wins as fast as it can and loses as slowly as it
//!   can; among equally good columns it takes the first of the centre-first order.
//!
//! Scores are those of [`solver::Score`]: `win in N`, `draw`, `loss in N`, N in the
//! side to move's own moves.

pub mod book;
pub mod heuristic;
pub mod position;
pub mod solver;

use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::Rng;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use self::position::Position;
use self::solver::{Halt, Score, Solver, Table};
use super::slices::{Pause, Slices, finish};
use super::{Analysis, Budget, GameAi, Level};
use crate::rules::connectfour::{Column, ConnectFour};
use crate::rules::{Game, Settings};

/// The AI's answer for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The column to drop the disc into.
    pub column: Column,
    /// The solved value for the side to move (level 5, and the timed search when it
    /// finished).
    pub score: Option<Score>,
    /// Positions searched (0 from the book or for level 1).
    pub nodes: u64,
    /// The depth searched: the plies to the end for a solve, the fixed depth of levels
    /// 2 to 4.
    pub depth: u32,
    /// Whether the answer came from the opening book.
    pub from_book: bool,
}

/// Depth, value noise (± this much, in heuristic units) and the chance of a random
/// safe move, for levels 2 to 4.
#[must_use]
pub fn level_params(level: Level) -> (u32, i32, f64) {
    match level.get() {
        2 => (2, 40, 0.25),
        3 => (4, 15, 0.10),
        _ => (8, 4, 0.03),
    }
}

thread_local! {
    /// The solver's table, kept between the moves (and games) a thread solves: a
    /// move's search finds most of the next one's positions in it.
    static TABLE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

/// This thread's table, taken for a search (a new one if another search has it).
fn take_table() -> Table {
    TABLE
        .with(|cell| cell.borrow_mut().take())
        .unwrap_or_else(Table::standard)
}

/// Gives the table back to this thread for its next search.
fn give_back(table: Table) {
    TABLE.with(|cell| *cell.borrow_mut() = Some(table));
}

/// The move of `level` for the side to move, or `None` when the game is over. Level
/// 5 solves in slices (see [`crate::ai::slices`]) and stops when `stop` is set
/// (then `None`).
pub async fn best_move_in_slices<P: Pause>(
    game: &ConnectFour,
    level: Level,
    rng: &mut StdRng,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
) -> Option<Choice> {
    if game.is_over() {
        return None;
    }
    let p = Position::of(game);
    match level.get() {
        1 => {
            let column = *game.legal_columns().choose(rng)?;
            Some(Choice {
                column,
                score: None,
                nodes: 0,
                depth: 0,
                from_book: false,
            })
        }
        2..=4 => Some(level_move(&p, level, rng)),
        _ => solve_in_slices(&p, stop, None, slices).await,
    }
}

/// A move of level 2, 3 or 4 (see [`level_params`]).
fn level_move(p: &Position, level: Level, rng: &mut StdRng) -> Choice {
    let (depth, noise, random) = level_params(level);
    let mut nodes = 0;
    let values = heuristic::root_values(p, depth, &mut nodes);
    let best = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let losing = -(heuristic::WIN / 2);
    // A random move, but never one that hands over a four when another does not.
    let column = if rng.random_bool(random) {
        let fair: Vec<usize> = values
            .iter()
            .filter(|&&(_, v)| v > losing || best <= losing)
            .map(|&(c, _)| c)
            .collect();
        *fair.choose(rng).expect("a legal column")
    } else {
        values
            .iter()
            .map(|&(c, v)| {
                // Noise only between moves of the heuristic's scale: a found win or
                // loss stays what it is.
                let jitter = if v.abs() < heuristic::WIN / 2 {
                    rng.random_range(-noise..=noise)
                } else {
                    0
                };
                (c, v + jitter)
            })
            .max_by_key(|&(_, v)| v)
            .map(|(c, _)| c)
            .expect("a legal column")
    };
    Choice {
        column: Column::ALL[column],
        score: None,
        nodes,
        depth,
        from_book: false,
    }
}

/// Level 5: the book's move, else an exact solve (stopping at `time` if given: then
/// `None`).
pub async fn solve_in_slices<P: Pause>(
    p: &Position,
    stop: &AtomicBool,
    time: Option<Duration>,
    slices: &mut Slices<P>,
) -> Option<Choice> {
    if let Some((column, score)) = book::lookup(p) {
        return Some(Choice {
            column: Column::ALL[column],
            score: Some(Score::of(score, p.plies())),
            nodes: 0,
            depth: p.empty_slots(),
            from_book: true,
        });
    }
    let mut table = take_table();
    let mut solver = Solver::new(&mut table).with_stop(stop);
    if let Some(time) = time {
        solver = solver.with_deadline(time);
    }
    let solved = solver.solve_in_slices(p, false, slices).await;
    let nodes = solver.nodes;
    give_back(table);
    match solved {
        Ok((score, column)) => Some(Choice {
            column: Column::ALL[column],
            score: Some(Score::of(score, p.plies())),
            nodes,
            depth: p.empty_slots(),
            from_book: false,
        }),
        Err(Halt::Stop | Halt::Pause) => None,
    }
}

/// The exact score of `p` (not finished) and a best column, solved on this thread
/// without limits (the book first).
#[must_use]
pub fn solve(p: &Position) -> (Score, usize) {
    let stop = AtomicBool::new(false);
    let choice = finish(solve_in_slices(p, &stop, None, &mut Slices::never()))
        .expect("an unlimited solve finishes");
    (choice.score.expect("solved"), choice.column.index())
}

/// `count` positions from random play with `min..=max` discs where the game goes on
/// and the side to move cannot win at once, drawn from `seed`: the solver's
/// benchmark sets.
#[must_use]
pub fn random_positions(min: usize, max: usize, count: usize, seed: u64) -> Vec<ConnectFour> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = Vec::with_capacity(count);
    while found.len() < count {
        let plies = rng.random_range(min..=max);
        let mut game = ConnectFour::new();
        while game.plies() < plies && !game.is_over() {
            let column = *game.legal_columns().choose(&mut rng).expect("not over");
            game.play(column).expect("a legal column");
        }
        if game.plies() == plies && !game.is_over() && !Position::of(&game).can_win_now() {
            found.push(game);
        }
    }
    found
}

/// A column's value as the analysis learns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnValue {
    /// The value for the side to move if it plays there: only its kind (the
    /// distances 0) until `exact`.
    pub score: Score,
    /// Whether the distance is known.
    pub exact: bool,
}

/// The value for the side to move of dropping into `column` of `game` (which must
/// have room), solved with `solver`: first only win, draw or loss if `weak`. `None`
/// if the solver stopped.
fn column_value(
    game: &ConnectFour,
    column: usize,
    weak: bool,
    solver: &mut Solver<'_>,
) -> Result<ColumnValue, Halt> {
    let mut after = game.clone();
    after.play(Column::ALL[column]).expect("a column with room");
    let score = match after.outcome() {
        Some(crate::rules::Outcome::Draw) => Score::Draw,
        Some(_) => Score::Win(1),
        None => {
            let child = Position::of(&after);
            let score = match book::score(&child) {
                Some(score) => score,
                None if weak => {
                    let sign = solver.solve(&child, true)?;
                    return Ok(ColumnValue {
                        score: match -sign {
                            1 => Score::Win(0),
                            0 => Score::Draw,
                            _ => Score::Loss(0),
                        },
                        exact: false,
                    });
                }
                None => solver.solve(&child, false)?,
            };
            // The child's score is the other side's: a win for them is our loss, one
            // own move later.
            match Score::of(score, child.plies()) {
                Score::Win(n) => Score::Loss(n),
                Score::Draw => Score::Draw,
                Score::Loss(n) => Score::Win(n + 1),
            }
        }
    };
    Ok(ColumnValue { score, exact: true })
}

/// Solves every column of `game` for the side to move, in slices, reporting each
/// value as it is found: first win, draw or loss for every column, then the
/// distances. Stops when `stop` is set.
pub async fn column_values_in_slices<P: Pause>(
    game: &ConnectFour,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
    mut report: impl FnMut(usize, ColumnValue),
) {
    if game.is_over() {
        return;
    }
    let p = Position::of(game);
    let mut table = take_table();
    let mut solver = Solver::new(&mut table).with_stop(stop);
    slices.start(solver.clock());
    'passes: for weak in [true, false] {
        for column in position::CENTRE_FIRST {
            if p.drop_slot(column) == 0 {
                continue;
            }
            let value = loop {
                solver.set_slice_end(slices.end());
                match column_value(game, column, weak, &mut solver) {
                    Err(Halt::Pause) => slices.pause(solver.clock()).await,
                    Err(Halt::Stop) => break 'passes,
                    Ok(value) => break value,
                }
            };
            report(column, value);
        }
    }
    give_back(table);
}

impl GameAi for ConnectFour {
    const POSITION_HELP: &'static str = "the 1-based column digits in the order played \
         (`4453`), `-` for the empty grid; a set-up grid is its rows from the top, `r`, `y` \
         or `.` each slot, `/` between rows, then `:` and the digits played after it";

    /// Level 5 (or a time or depth budget): the solved value as `win in N`, `draw` or
    /// `loss in N`. A time budget solves within it, and when that is not enough plays
    /// level 4's search instead (no value). A depth budget searches that many plies
    /// with the heuristic.
    fn analyse(&self, level: Level, budget: Budget, rng: &mut StdRng) -> Option<Analysis<Column>> {
        if self.is_over() {
            return None;
        }
        let p = Position::of(self);
        let stop = AtomicBool::new(false);
        let choice = match budget {
            Budget::Level => finish(best_move_in_slices(
                self,
                level,
                rng,
                &stop,
                &mut Slices::never(),
            ))?,
            Budget::Time(time) => {
                finish(solve_in_slices(&p, &stop, Some(time), &mut Slices::never()))
                    .unwrap_or_else(|| level_move(&p, Level::new(4).expect("level 4"), rng))
            }
            Budget::Depth(depth) => {
                let mut nodes = 0;
                let values = heuristic::root_values(&p, depth.max(1), &mut nodes);
                let &(column, _) = values.iter().max_by_key(|&&(_, v)| v)?;
                Choice {
                    column: Column::ALL[column],
                    score: None,
                    nodes,
                    depth,
                    from_book: false,
                }
            }
        };
        Some(Analysis {
            best: choice.column,
            value: choice.score.map(Score::text),
            verdict: choice.score.map(Score::verdict),
        })
    }

    /// The column's digit, 1 to 7, as the command line's positions write it.
    fn cli_move(column: Column) -> String {
        column.digit().to_string()
    }

    fn match_start(settings: &Settings<'_>, _: u64, _: u32) -> Result<Self, String> {
        ConnectFour::from_settings(settings).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests;
