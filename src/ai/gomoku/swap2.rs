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
//! from the search's score through the evaluation's logistic scale. The searches
//! are the app's opening decisions' ([`super::opening`]); this module answers the
//! Gomocup protocol's `SWAP2BOARD`, which asks for a whole step at once.

use std::sync::atomic::AtomicBool;

use super::opening::{AfterThree, Decider, after_three, share, takes_white};
use super::{Engine, Limits};
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

/// The swap2 answer for `game`, searched within `limits` (its time split over the
/// step's searches): three stones on an empty board, then the choices above. An
/// error for a board with another number of stones, or not a swap2 opening.
pub fn answer(
    engine: &mut Engine,
    game: &Gomoku,
    limits: &Limits,
    stop: &AtomicBool,
) -> Result<Swap2Answer, String> {
    let slices = &mut Slices::never();
    let mut decider = Decider::new(engine, stop, slices);
    let over = || "the game is over".to_owned();
    match game.stones() {
        0 => {
            let shape = finish(decider.opening_shape(game, limits)).ok_or_else(over)?;
            Ok(Swap2Answer::Stones(shape.to_vec()))
        }
        3 => {
            let (best, chance) =
                finish(decider.chance(game, &share(limits, 2))).ok_or_else(over)?;
            match after_three(chance) {
                AfterThree::TakeBlack => return Ok(Swap2Answer::Swap),
                AfterThree::TakeWhite => return Ok(Swap2Answer::Stones(vec![best])),
                AfterThree::TwoMore => {}
            }
            let mut after = game.clone();
            after.play(best).map_err(|e| e.to_string())?;
            let even = share(limits, 2);
            let fifth = finish(decider.evenest(&after, &even, |p| after.is_legal(p)));
            Ok(Swap2Answer::Stones(match fifth {
                Some(fifth) => vec![best, fifth],
                None => vec![best],
            }))
        }
        5 => {
            let (best, chance) = finish(decider.chance(game, limits)).ok_or_else(over)?;
            Ok(if takes_white(chance) {
                Swap2Answer::Stones(vec![best])
            } else {
                Swap2Answer::Swap
            })
        }
        n => Err(format!("swap2 is answered on 0, 3 or 5 stones, not on {n}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

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
