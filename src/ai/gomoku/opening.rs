//! The engine's decisions under an opening rule ([`crate::rules::gomoku::opening`]),
//! each from its own evaluation: win chances from the search's score through the
//! evaluation's logistic scale ([`super::Value::win_chance`]).
//!
//! - A stone the other player may answer by taking either colour (swap2's first
//!   three and its two more, Taraguchi's first five) goes where the position is
//!   judged closest to even, so that neither colour is worth taking.
//! - A choice of colour takes the colour judged better, within [`EVEN_BAND`] of
//!   even keeping the one it has.
//! - Swap2's answer to three stones: Black when White to move is worse, White's
//!   move when it is better, two more stones when it is about even.
//! - Taraguchi-10: Black offers ten fifth stones when Black to move is judged well
//!   ahead (White then picks the least bad), else puts an even fifth; the offered
//!   stones are Black's best moves; White picks the one it is judged best against.
//!
//! Every decision is a method of [`Decider`], which searches in the caller's slices
//! ([`crate::ai::slices`]), so the app's AI makes them in a browser without holding
//! a frame. The three-stone shapes swap2's first stones are chosen from, and matches
//! start from, are here too ([`OPENINGS`]).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Engine, Limits};
use crate::ai::slices::{Pause, Slices};
use crate::rules::gomoku::{BoardSize, Gomoku, Move, Point, Step, opening::TARAGUCHI_OFFERS};

/// Win chances within this of even count as even.
pub const EVEN_BAND: f64 = 0.06;
/// How many of the engine's best moves are weighed for an even stone.
const EVEN_CANDIDATES: usize = 8;

/// What swap2's second player does with the three stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AfterThree {
    /// Take Black: White to move is worse than even.
    TakeBlack,
    /// Play White's move: White is better than even.
    TakeWhite,
    /// Put two more stones and let the first player choose: about even.
    TwoMore,
}

/// Swap2's answer to three stones, by White's (the side to move's) win chance:
/// the app's opening step and the Gomocup protocol's `SWAP2BOARD` both ask it.
pub(super) fn after_three(white: f64) -> AfterThree {
    if white < 0.5 - EVEN_BAND {
        AfterThree::TakeBlack
    } else if white > 0.5 + EVEN_BAND {
        AfterThree::TakeWhite
    } else {
        AfterThree::TwoMore
    }
}

/// Whether swap2's first player takes White after five stones, by White's (the side
/// to move's) win chance.
pub(super) fn takes_white(white: f64) -> bool {
    white > 0.5
}

/// Three-stone openings (Black, White, Black) as offsets from the centre: White next
/// to the first stone straight or diagonally, Black's second stone around them, in
/// the shapes of the classic renju openings. Matches start from them.
pub const OPENINGS: [[(i8, i8); 3]; 16] = [
    [(0, 0), (0, 1), (1, 1)],
    [(0, 0), (0, 1), (1, 2)],
    [(0, 0), (0, 1), (2, 2)],
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 1), (2, 1)],
    [(0, 0), (0, 1), (2, 0)],
    [(0, 0), (0, 1), (1, -1)],
    [(0, 0), (0, 1), (0, -2)],
    [(0, 0), (1, 1), (1, 0)],
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (1, 1), (2, 1)],
    [(0, 0), (1, 1), (-1, 1)],
    [(0, 0), (1, 1), (2, -1)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 0), (1, 1), (-1, 2)],
    [(0, 0), (1, 1), (2, 2)],
];

/// The stones of `shape` (one of [`OPENINGS`]) round the centre of a `size` board.
#[must_use]
pub(super) fn opening_stones(size: BoardSize, shape: [(i8, i8); 3]) -> [Point; 3] {
    let c = size.centre();
    shape.map(|(dx, dy)| {
        Point::new(
            (i16::from(c.x) + i16::from(dx)) as u8,
            (i16::from(c.y) + i16::from(dy)) as u8,
        )
    })
}

/// The engine's move at an opening rule's step of `game`, searched within `limits`
/// (split over the step's searches); `None` when the opening is over (the caller
/// searches as usual) or the search was stopped.
pub async fn decide<P: Pause>(
    engine: &mut Engine,
    game: &Gomoku,
    limits: &Limits,
    stop: &AtomicBool,
    slices: &mut Slices<P>,
) -> Option<Move> {
    Decider::new(engine, stop, slices)
        .decide(game, limits)
        .await
}

/// `limits` with a `parts`th of its time.
pub(super) fn share(limits: &Limits, parts: u32) -> Limits {
    Limits {
        time: limits.time.map(|t| t / parts.max(1)),
        ..*limits
    }
}

/// What every opening decision searches with: the engine, the flag that stops it,
/// and the caller's slices. Each decision is a method given the position and its
/// time.
pub(super) struct Decider<'a, P: Pause> {
    engine: &'a mut Engine,
    stop: &'a AtomicBool,
    slices: &'a mut Slices<P>,
}

impl<'a, P: Pause> Decider<'a, P> {
    pub(super) fn new(
        engine: &'a mut Engine,
        stop: &'a AtomicBool,
        slices: &'a mut Slices<P>,
    ) -> Self {
        Self {
            engine,
            stop,
            slices,
        }
    }

    /// The move at the opening rule's step of `game` (see [`decide`]).
    async fn decide(&mut self, game: &Gomoku, limits: &Limits) -> Option<Move> {
        let state = game.opening_state();
        let plain = game.without_opening();
        let allowed = |p: Point| game.check_move(Move::Stone(p)).is_ok();
        Some(match state.step {
            Step::Play => return None,
            Step::Swap2Three { .. } => Move::Stone(self.opening_stone(game, limits).await?),
            Step::Swap2Answer => {
                let (best, chance) = self.chance(&plain, &share(limits, 2)).await?;
                match after_three(chance) {
                    AfterThree::TakeBlack => Move::Swap,
                    AfterThree::TakeWhite => Move::Stone(best),
                    AfterThree::TwoMore => Move::Two,
                }
            }
            // White's fourth stone as good as White can, Black's fifth as even.
            Step::Swap2Two { n: 1 } => Move::Stone(self.chance(&plain, limits).await?.0),
            Step::Swap2Two { .. } | Step::Place { .. } => {
                Move::Stone(self.evenest(&plain, limits, allowed).await?)
            }
            Step::Swap2Colour => {
                // White to move: the first player takes White when it is the better.
                let (_, white) = self.chance(&plain, limits).await?;
                if takes_white(white) {
                    Move::Swap
                } else {
                    Move::Keep
                }
            }
            Step::MaySwap { n } => {
                let (best, mine) = self.chance(&plain, &share(limits, 2)).await?;
                if mine < 0.5 - EVEN_BAND {
                    Move::Swap
                } else if n > 5 {
                    Move::Stone(best)
                } else if n == 5 && mine > 0.5 + EVEN_BAND {
                    Move::Offer
                } else {
                    Move::Stone(self.evenest(&plain, &share(limits, 2), allowed).await?)
                }
            }
            Step::Offer { .. } => Move::Stone(self.next_offer(game, limits).await?),
            Step::Pick => Move::Stone(self.pick(game, limits).await?),
        })
    }

    /// The best move for the side to move of `game` (no opening rule) and its win
    /// chance.
    pub(super) async fn chance(&mut self, game: &Gomoku, limits: &Limits) -> Option<(Point, f64)> {
        let result = self
            .engine
            .search_in_slices(game, limits, self.stop, |_| {}, self.slices)
            .await?;
        Some((result.best, result.value.win_chance()))
    }

    /// Of the engine's best moves in `game` (no opening rule) that `allowed` lets
    /// through, the one after which the position is judged closest to even; the
    /// allowed point nearest the centre when none of them is.
    pub(super) async fn evenest(
        &mut self,
        game: &Gomoku,
        limits: &Limits,
        allowed: impl Fn(Point) -> bool,
    ) -> Option<Point> {
        let candidates = self.candidates(game, limits, EVEN_CANDIDATES).await?;
        // Each candidate's value is the mover's after it: even is a chance of a half.
        let off = |chance: f64| (chance - 0.5).abs();
        candidates
            .into_iter()
            .filter(|&(p, _)| allowed(p))
            .min_by(|a, b| off(a.1).total_cmp(&off(b.1)))
            .map(|(p, _)| p)
            .or_else(|| nearest_centre(game, allowed))
    }

    /// The engine's `count` best moves in `game` with the mover's win chance after
    /// each, best first.
    async fn candidates(
        &mut self,
        game: &Gomoku,
        limits: &Limits,
        count: usize,
    ) -> Option<Vec<(Point, f64)>> {
        let mut found: Vec<(Point, f64)> = Vec::new();
        self.engine
            .analyse_in_slices(
                game,
                limits,
                count,
                self.stop,
                |info| {
                    found = info
                        .candidates
                        .iter()
                        .map(|&(p, v)| (p, v.win_chance()))
                        .collect();
                },
                self.slices,
            )
            .await?;
        Some(found)
    }

    /// The next of swap2's three opening stones: the next stone of
    /// [`Self::opening_shape`], or an even stone when the stones put agree with no
    /// shape.
    async fn opening_stone(&mut self, game: &Gomoku, limits: &Limits) -> Option<Point> {
        let placed = game.moves().len();
        if shapes_from(game).is_empty() {
            let plain = game.without_opening();
            return self.evenest(&plain, limits, |p| game.is_legal(p)).await;
        }
        Some(self.opening_shape(game, limits).await?[placed])
    }

    /// Of the three-stone shapes round the centre ([`OPENINGS`]) that agree with the
    /// stones of `game`, the one whose position (White to move) is judged closest to
    /// even; `None` when none agrees or the search was stopped.
    pub(super) async fn opening_shape(
        &mut self,
        game: &Gomoku,
        limits: &Limits,
    ) -> Option<[Point; 3]> {
        let shapes = shapes_from(game);
        let each = Limits {
            time: limits
                .time
                .map(|t| (t / shapes.len().max(1) as u32).max(Duration::from_millis(5))),
            ..*limits
        };
        let mut best: Option<([Point; 3], f64)> = None;
        for stones in shapes {
            let Ok(position) = Gomoku::from_moves(game.size(), game.rule(), stones) else {
                continue;
            };
            let (_, white) = self.chance(&position, &each).await?;
            let off = (white - 0.5).abs();
            if best.is_none_or(|(_, least)| off < least) {
                best = Some((stones, off));
            }
        }
        best.map(|(stones, _)| stones)
    }

    /// Black's next offered fifth stone: its best move not yet offered (nor alike to
    /// an offered one).
    async fn next_offer(&mut self, game: &Gomoku, limits: &Limits) -> Option<Point> {
        let allowed = |p: Point| game.check_move(Move::Stone(p)).is_ok();
        let plain = game.without_opening();
        let count = 2 * usize::from(TARAGUCHI_OFFERS);
        let found = self.candidates(&plain, limits, count).await?;
        found
            .into_iter()
            .map(|(p, _)| p)
            .find(|&p| allowed(p))
            .or_else(|| nearest_centre(game, allowed))
    }

    /// White's pick of the offered fifth stones: the one after which White to move is
    /// judged best off.
    async fn pick(&mut self, game: &Gomoku, limits: &Limits) -> Option<Point> {
        let offers = game.opening_state().offers.clone();
        let each = share(limits, offers.len() as u32);
        let mut best: Option<(Point, f64)> = None;
        for &offer in &offers {
            let mut after = game.without_opening();
            if after.play(offer).is_err() {
                continue;
            }
            let white = if after.is_over() {
                0.0
            } else {
                self.chance(&after, &each).await?.1
            };
            if best.is_none_or(|(_, most)| white > most) {
                best = Some((offer, white));
            }
        }
        best.map(|(p, _)| p)
    }
}

/// The empty point `allowed` lets through nearest the board's centre.
fn nearest_centre(game: &Gomoku, allowed: impl Fn(Point) -> bool) -> Option<Point> {
    let c = game.size().centre();
    game.legal_points()
        .into_iter()
        .filter(|&p| allowed(p))
        .min_by_key(|p| {
            (
                p.x.abs_diff(c.x).max(p.y.abs_diff(c.y)),
                p.x.abs_diff(c.x) + p.y.abs_diff(c.y),
            )
        })
}

/// The three-stone shapes of [`OPENINGS`] on `game`'s board whose first stones are
/// the ones `game` has.
fn shapes_from(game: &Gomoku) -> Vec<[Point; 3]> {
    OPENINGS
        .into_iter()
        .map(|shape| opening_stones(game.size(), shape))
        .filter(|stones| stones.starts_with(game.moves()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::slices::finish;
    use crate::rules::Game;
    use crate::rules::gomoku::{BoardSize, Opening, Rule};

    /// Both swap2 answers (the app's steps, the protocol's `SWAP2BOARD`) read White's
    /// chance alike: Black below the band, White above it, two more within it.
    #[test]
    fn swap2_answers_by_whites_chance() {
        assert_eq!(after_three(0.5 - EVEN_BAND - 0.01), AfterThree::TakeBlack);
        assert_eq!(after_three(0.5 - EVEN_BAND + 0.01), AfterThree::TwoMore);
        assert_eq!(after_three(0.5 + EVEN_BAND - 0.01), AfterThree::TwoMore);
        assert_eq!(after_three(0.5 + EVEN_BAND + 0.01), AfterThree::TakeWhite);
        assert!(takes_white(0.51));
        assert!(!takes_white(0.49));
    }

    /// Plays `game`'s opening to its end by the engine's decisions, each checked
    /// legal; the steps met, in order.
    fn play_opening(game: &mut Gomoku) -> Vec<Step> {
        let limits = Limits {
            time: Some(Duration::from_millis(40)),
            depth: None,
            threads: 1,
            memory_bytes: 4 << 20,
        };
        let mut engine = Engine::new(&limits);
        let stop = AtomicBool::new(false);
        let mut steps = Vec::new();
        while game.in_opening() {
            assert!(steps.len() < 30, "the opening never ends: {steps:?}");
            steps.push(game.opening_state().step);
            let mv = finish(decide(
                &mut engine,
                game,
                &limits,
                &stop,
                &mut Slices::never(),
            ))
            .expect("a decision");
            game.play_move(mv)
                .unwrap_or_else(|e| panic!("{mv} at {:?}: {e}", steps.last()));
        }
        steps
    }

    #[test]
    fn the_engine_plays_both_openings_through_legally() {
        for (rule, opening, first) in [
            (Rule::FreeStyle, Opening::Swap2, Step::Swap2Three { n: 1 }),
            (Rule::Renju, Opening::Taraguchi10, Step::Place { n: 1 }),
        ] {
            let mut game = Gomoku::new(BoardSize::STANDARD, rule).with_opening(opening);
            let steps = play_opening(&mut game);
            assert_eq!(steps[0], first);
            assert!(game.moves().len() >= 3, "{opening}: {steps:?}");
            assert!(!game.is_over());
        }
    }

    #[test]
    fn the_engine_offers_ten_distinct_fifths_and_picks_one_of_them() {
        let mut game =
            Gomoku::new(BoardSize::STANDARD, Rule::Renju).with_opening(Opening::Taraguchi10);
        for word in ["h8", "h9", "i10", "g10", "offer"] {
            let mv = game.parse_move(word).unwrap();
            game.play_move(mv).unwrap();
        }
        let steps = play_opening(&mut game);
        assert_eq!(steps.len(), usize::from(TARAGUCHI_OFFERS) + 1, "{steps:?}");
        assert_eq!(steps.last(), Some(&Step::Pick));
        assert_eq!(game.moves().len(), 5);
        let offered: Vec<Move> = game.history()[5..15].to_vec();
        assert!(offered.contains(&Move::Stone(game.moves()[4])));
    }
}
