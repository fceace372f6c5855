//! The engine's decisions in the swap2 opening, each from its own evaluation:
//!
//! 1. On the empty board the first player puts down three stones (Black, White,
//!    Black). It puts the three-stone shape whose position it judges closest to even,
//!    so that the other player gains nothing by either colour.
//! 2. After three stones the second player takes Black (`SWAP`, when White to move
//!    is worse than even), White with one move (when it is better), or, when the
//!    position is about even, puts two more stones (White's best move and the Black
//!    reply that leaves the position closest to even) and lets the first choose.
//! 3. After five stones the first player takes Black (`SWAP`) when White to move is
//!    worse than even, else White with one move.
//!
//! Values are White's (the side to move after three and five stones) win chances,
//! from the search's score through the evaluation's logistic scale.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Engine, Limits, OPENINGS, Value};
use crate::ai::slices::{Slices, finish};
use crate::rules::gomoku::{Gomoku, Point};

/// What a player answers at a step of swap2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// Stones to put down, in order: the three of the opening, the one move that
    /// takes White, or the two stones that pass the choice back.
    Stones(Vec<Point>),
    /// Take the other colour: the opponent moves next.
    Swap,
}

/// Win chances within this of even count as even: two more stones then.
const EVEN_BAND: f64 = 0.06;
/// How many of Black's replies are weighed for the fifth stone.
const FIFTH_STONE_CANDIDATES: usize = 6;

/// The swap2 answer for `game`, searched within `limits` (its time split over the
/// step's searches): three stones on an empty board, then the choices above. An
/// error for a board with another number of stones, or not a swap2 opening.
pub fn answer(
    engine: &mut Engine,
    game: &Gomoku,
    limits: &Limits,
    stop: &AtomicBool,
) -> Result<Swap2Answer, String> {
    match game.stones() {
        0 => Ok(Swap2Answer::Stones(
            opening(engine, game, limits, stop).to_vec(),
        )),
        3 => {
            let (best, chance) = search(engine, game, &share(limits, 2), stop)?;
            if chance < 0.5 - EVEN_BAND {
                return Ok(Swap2Answer::Swap);
            }
            if chance > 0.5 + EVEN_BAND {
                return Ok(Swap2Answer::Stones(vec![best]));
            }
            let mut after = game.clone();
            after.play(best).map_err(|e| e.to_string())?;
            let fifth = evenest_reply(engine, &after, &share(limits, 2), stop).unwrap_or(best);
            if fifth == best {
                return Ok(Swap2Answer::Stones(vec![best]));
            }
            Ok(Swap2Answer::Stones(vec![best, fifth]))
        }
        5 => {
            let (best, chance) = search(engine, game, limits, stop)?;
            Ok(if chance < 0.5 {
                Swap2Answer::Swap
            } else {
                Swap2Answer::Stones(vec![best])
            })
        }
        n => Err(format!("swap2 is answered on 0, 3 or 5 stones, not on {n}")),
    }
}

/// `limits` with a `parts`th of its time.
fn share(limits: &Limits, parts: u32) -> Limits {
    Limits {
        time: limits.time.map(|t| t / parts.max(1)),
        ..*limits
    }
}

/// The best move for the side to move and its win chance.
fn search(
    engine: &mut Engine,
    game: &Gomoku,
    limits: &Limits,
    stop: &AtomicBool,
) -> Result<(Point, f64), String> {
    let result = engine
        .search(game, limits, stop, |_| {})
        .ok_or_else(|| "the game is over".to_owned())?;
    Ok((result.best, result.value.win_chance()))
}

/// The three stones of the opening: of the classic three-stone shapes round the
/// centre, the one whose position (White to move) is judged closest to even.
fn opening(engine: &mut Engine, game: &Gomoku, limits: &Limits, stop: &AtomicBool) -> [Point; 3] {
    let centre = game.size().centre();
    let each = Limits {
        time: limits
            .time
            .map(|t| (t / OPENINGS.len() as u32).max(Duration::from_millis(5))),
        ..*limits
    };
    let mut best: Option<([Point; 3], f64)> = None;
    for shape in OPENINGS {
        let stones = shape.map(|(dx, dy)| {
            Point::new(
                (i16::from(centre.x) + i16::from(dx)) as u8,
                (i16::from(centre.y) + i16::from(dy)) as u8,
            )
        });
        let Ok(position) = Gomoku::from_moves(game.size(), game.rule(), stones) else {
            continue;
        };
        let Some(result) = engine.search(&position, &each, stop, |_| {}) else {
            continue;
        };
        let off = (result.value.win_chance() - 0.5).abs();
        if best.is_none_or(|(_, least)| off < least) {
            best = Some((stones, off));
        }
    }
    best.map_or_else(
        || {
            let c = centre;
            [c, Point::new(c.x, c.y + 1), Point::new(c.x + 1, c.y + 1)]
        },
        |(stones, _)| stones,
    )
}

/// Of Black's best replies in `game` (White has just moved), the one that leaves
/// White to move closest to even.
fn evenest_reply(
    engine: &mut Engine,
    game: &Gomoku,
    limits: &Limits,
    stop: &AtomicBool,
) -> Option<Point> {
    let mut candidates: Vec<(Point, Value)> = Vec::new();
    let searched = finish(engine.analyse_in_slices(
        game,
        limits,
        FIFTH_STONE_CANDIDATES,
        stop,
        |info| candidates.clone_from(&info.candidates),
        &mut Slices::never(),
    ));
    searched?;
    // Each candidate's value is Black's; White's chance after it is its complement.
    candidates
        .into_iter()
        .filter(|&(p, _)| game.check(p).is_ok())
        .min_by(|a, b| {
            let off = |v: Value| (1.0 - v.win_chance() - 0.5).abs();
            off(a.1).total_cmp(&off(b.1))
        })
        .map(|(p, _)| p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gomoku::{BoardSize, Rule};

    fn quick() -> (Engine, Limits) {
        let limits = Limits {
            time: Some(Duration::from_millis(60)),
            depth: None,
            threads: 1,
            memory_bytes: 4 << 20,
        };
        (Engine::new(&limits), limits)
    }

    fn stones(answer: &Swap2Answer) -> Vec<Point> {
        match answer {
            Swap2Answer::Stones(stones) => stones.clone(),
            Swap2Answer::Swap => Vec::new(),
        }
    }

    #[test]
    fn each_step_answers_as_swap2_allows_and_every_stone_is_legal() {
        let (mut engine, limits) = quick();
        let stop = AtomicBool::new(false);
        let empty = Gomoku::new(BoardSize::STANDARD, Rule::FreeStyle);
        let opening = answer(&mut engine, &empty, &limits, &stop).unwrap();
        let three = stones(&opening);
        assert_eq!(three.len(), 3);
        let after_three = Gomoku::from_moves(BoardSize::STANDARD, Rule::FreeStyle, three.clone())
            .expect("three legal stones");
        let second = answer(&mut engine, &after_three, &limits, &stop).unwrap();
        let more = stones(&second);
        assert!(
            second == Swap2Answer::Swap || (1..=2).contains(&more.len()),
            "{second:?}"
        );
        let mut game = after_three.clone();
        for &p in &more {
            game.play(p).expect("a legal stone");
        }
        // After five stones: SWAP or one move.
        let five = Gomoku::from_moves(
            BoardSize::STANDARD,
            Rule::FreeStyle,
            three
                .iter()
                .copied()
                .chain([Point::new(3, 3), Point::new(11, 11)]),
        )
        .unwrap();
        let third = answer(&mut engine, &five, &limits, &stop).unwrap();
        assert!(
            third == Swap2Answer::Swap || stones(&third).len() == 1,
            "{third:?}"
        );
        for p in stones(&third) {
            assert!(five.check(p).is_ok());
        }
        assert!(answer(&mut engine, &game_of(2), &limits, &stop).is_err());
    }

    fn game_of(n: usize) -> Gomoku {
        let moves = [Point::new(7, 7), Point::new(8, 8), Point::new(6, 6)];
        Gomoku::from_moves(
            BoardSize::STANDARD,
            Rule::FreeStyle,
            moves[..n].iter().copied(),
        )
        .unwrap()
    }

    #[test]
    fn the_worse_colour_to_move_is_swapped_and_the_better_one_played() {
        let (mut engine, limits) = quick();
        let stop = AtomicBool::new(false);
        let open_three = Gomoku::from_moves(
            BoardSize::STANDARD,
            Rule::FreeStyle,
            [
                Point::new(6, 7),
                Point::new(0, 0),
                Point::new(7, 7),
                Point::new(14, 0),
                Point::new(8, 7),
            ],
        )
        .unwrap();
        // Five stones, White to move facing Black's open three with its own two
        // stones in the corners: White is worse, so the first player, choosing
        // now, takes Black.
        assert_eq!(
            answer(&mut engine, &open_three, &limits, &stop).unwrap(),
            Swap2Answer::Swap
        );
        // White's two in a row in the middle against Black's scattered stones:
        // White to move is better, and the first player takes it.
        let white_ahead = Gomoku::from_moves(
            BoardSize::STANDARD,
            Rule::FreeStyle,
            [
                Point::new(0, 14),
                Point::new(7, 7),
                Point::new(14, 14),
                Point::new(8, 7),
                Point::new(0, 0),
            ],
        )
        .unwrap();
        let answered = answer(&mut engine, &white_ahead, &limits, &stop).unwrap();
        assert_eq!(stones(&answered).len(), 1, "{answered:?}");
    }
}
