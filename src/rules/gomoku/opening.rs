//! Opening rules: how the first stones of a game go down and which player ends up
//! with which colour, as tournaments play Gomoku.
//!
//! Free-style Gomoku from the empty board is a first player's win, so serious games
//! start by an opening rule in which one player puts stones down and the other then
//! chooses a colour:
//!
//! - **Swap2** (free-style and standard Gomoku): the first player puts three stones
//!   (Black, White, Black). The second then takes Black (`swap`), plays White's
//!   fourth stone (keeping White), or puts two more stones (`two`: White's, then
//!   Black's) and lets the first choose: keep Black (`keep`) or take White (`swap`).
//! - **Taraguchi-10** (renju, one of the RIF's rules): Black's first stone goes in
//!   the centre, White's second within the central 3x3, Black's third within 5x5,
//!   White's fourth within 7x7; after each of them the other player may take the
//!   colour of the stone just put (`swap`). After the fourth, Black either puts the
//!   fifth within 9x9 (and White may swap once more before the sixth), or offers ten
//!   fifth stones anywhere (`offer`), no two of them alike by a symmetry of the
//!   position, and White picks the one Black plays, then plays the sixth.
//!
//! Players are named by their **seats**: the seat that sat down as Black (a saved
//! file's `black` player) is [`Player::First`]. A swap changes which colour each
//! seat plays ([`OpeningState::swapped`]), not the stones. The choices are moves of
//! the game ([`Move`]), so they are taken back, kept in files (`moves h8 i9 h10 two
//! ...`) and sent to an online room like stones.

use std::fmt;
use std::str::FromStr;

use super::{BoardSize, GomokuError, Point};
use crate::rules::Player;

/// How many fifth stones Black offers under Taraguchi-10.
pub const TARAGUCHI_OFFERS: u8 = 10;

/// A Gomoku opening rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// No rule: Black plays first, anywhere.
    #[default]
    Free,
    /// Swap2.
    Swap2,
    /// The RIF's Taraguchi-10.
    Taraguchi10,
}

impl Opening {
    /// Every rule, default first.
    pub const ALL: [Opening; 3] = [Opening::Free, Opening::Swap2, Opening::Taraguchi10];

    /// The rule's word in files and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Opening::Free => "free",
            Opening::Swap2 => "swap2",
            Opening::Taraguchi10 => "taraguchi10",
        }
    }

    /// Where a game under this rule starts.
    #[must_use]
    pub fn first_step(self) -> Step {
        match self {
            Opening::Free => Step::Play,
            Opening::Swap2 => Step::Swap2Three { n: 1 },
            Opening::Taraguchi10 => Step::Place { n: 1 },
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Opening {
    type Err = GomokuError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_ascii_lowercase();
        Opening::ALL
            .into_iter()
            .find(|o| o.name() == word || (word == "taraguchi-10" && *o == Opening::Taraguchi10))
            .ok_or_else(|| GomokuError::BadOpening(s.trim().to_owned()))
    }
}

/// A move of Gomoku: a stone, or one of an opening rule's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point (under Taraguchi's offer, an offered fifth stone; at
    /// its pick, the offered stone White picks).
    Stone(Point),
    /// Take the other colour.
    Swap,
    /// Swap2, after five stones: the first player keeps Black.
    Keep,
    /// Swap2, after three stones: the second player puts two more stones and lets
    /// the first choose the colour.
    Two,
    /// Taraguchi-10, after four stones: Black offers ten fifth stones.
    Offer,
}

impl Move {
    /// The choices in notation, as files write them.
    pub const CHOICES: [Move; 4] = [Move::Swap, Move::Keep, Move::Two, Move::Offer];

    /// The stone's point, for a stone.
    #[must_use]
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Stone(p) => Some(p),
            _ => None,
        }
    }

    /// The word of a choice (`swap`); `None` for a stone.
    #[must_use]
    pub fn word(self) -> Option<&'static str> {
        match self {
            Move::Stone(_) => None,
            Move::Swap => Some("swap"),
            Move::Keep => Some("keep"),
            Move::Two => Some("two"),
            Move::Offer => Some("offer"),
        }
    }

    /// Reads a move: a choice's word or a point on a board of `size`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Self, GomokuError> {
        let word = text.trim().to_ascii_lowercase();
        match Move::CHOICES.into_iter().find(|c| c.word() == Some(&word)) {
            Some(choice) => Ok(choice),
            None => size.parse_point(text).map(Move::Stone),
        }
    }
}

impl From<Point> for Move {
    fn from(p: Point) -> Self {
        Move::Stone(p)
    }
}

/// A point in notation (`h8`), a choice by its word (`swap`).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Stone(p) => p.fmt(f),
            other => f.write_str(other.word().unwrap_or_default()),
        }
    }
}

/// What the opening asks for next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Step {
    /// The opening is over (or there is none): the side to move plays anywhere.
    #[default]
    Play,
    /// Swap2: the first player puts stone `n` (1 to 3) of the opening: Black, White,
    /// Black.
    Swap2Three {
        /// Which stone, from 1.
        n: u8,
    },
    /// Swap2 after three stones: the second player swaps, plays White's stone or
    /// puts two more.
    Swap2Answer,
    /// Swap2: the second player puts stone `n` (1 or 2) of the two more: White's,
    /// then Black's.
    Swap2Two {
        /// Which stone, from 1.
        n: u8,
    },
    /// Swap2 after five stones: the first player keeps Black or takes White.
    Swap2Colour,
    /// Taraguchi: the side to move puts stone `n` (1 to 5) within the central
    /// square of side `2n - 1`; the other player may swap after it.
    Place {
        /// Which stone, from 1.
        n: u8,
    },
    /// Taraguchi: the side to move's player may swap, or put stone `n` (within the
    /// square of [`Step::Place`]; anywhere for the sixth); before the fifth also
    /// offer.
    MaySwap {
        /// The stone that comes next, from 2 to 6.
        n: u8,
    },
    /// Taraguchi-10: Black has offered `made` fifth stones of the ten.
    Offer {
        /// Offered so far.
        made: u8,
    },
    /// Taraguchi-10: White picks Black's fifth stone from the offered ones.
    Pick,
}

impl Step {
    /// The side of the central square a stone must lie in now (`1`: the centre);
    /// `None`: anywhere.
    #[must_use]
    pub fn square(self) -> Option<u8> {
        match self {
            Step::Place { n } | Step::MaySwap { n } if n <= 5 => Some(2 * n - 1),
            _ => None,
        }
    }

    /// The choices other than a stone allowed now.
    #[must_use]
    pub fn choices(self) -> &'static [Move] {
        match self {
            Step::Swap2Answer => &[Move::Swap, Move::Two],
            Step::Swap2Colour => &[Move::Keep, Move::Swap],
            Step::MaySwap { n: 5 } => &[Move::Swap, Move::Offer],
            Step::MaySwap { .. } => &[Move::Swap],
            _ => &[],
        }
    }

    /// Whether a stone may be put now (at Swap2's colour choice only a choice may).
    #[must_use]
    pub fn takes_stone(self) -> bool {
        self != Step::Swap2Colour
    }
}

/// The opening's state after the moves so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpeningState {
    /// What comes next.
    pub step: Step,
    /// Whether the seats have swapped colours: the seat that sat down as Black
    /// plays White.
    pub swapped: bool,
    /// Taraguchi-10's offered fifth stones, while Black offers and White picks.
    pub offers: Vec<Point>,
}

/// What a move did, for the board: whether it put a stone on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The move's stone goes on the board.
    PutsStone,
    /// A choice, or an offered stone: the board stays as it was.
    LeavesBoard,
}

impl OpeningState {
    /// The state at the start of a game under `opening`.
    #[must_use]
    pub fn new(opening: Opening) -> Self {
        Self {
            step: opening.first_step(),
            ..Self::default()
        }
    }

    /// The seat that plays `side` now.
    #[must_use]
    pub fn seat_of(&self, side: Player) -> Player {
        if self.swapped { side.opponent() } else { side }
    }

    /// The seat that acts now, `to_move` being the colour of the next stone.
    #[must_use]
    pub fn actor(&self, to_move: Player) -> Player {
        match self.step {
            Step::Swap2Three { .. } | Step::Swap2Colour => Player::First,
            Step::Swap2Answer | Step::Swap2Two { .. } => Player::Second,
            Step::Pick => self.seat_of(to_move.opponent()),
            _ => self.seat_of(to_move),
        }
    }

    /// Why `mv` is not allowed at this step, if it is not, on a board of `size`
    /// whose stones `stones` lists with their colours (for the offers' symmetry).
    /// The board's own checks (an empty point, renju's fouls) are the game's.
    pub fn check(
        &self,
        mv: Move,
        size: BoardSize,
        stones: &[(Point, Player)],
    ) -> Result<(), GomokuError> {
        let step = self.step;
        match mv {
            Move::Stone(p) => {
                if !step.takes_stone() {
                    return Err(GomokuError::ChooseFirst);
                }
                if let Some(side) = step.square()
                    && !within(size, p, side)
                {
                    return Err(GomokuError::OutsideSquare(p, side));
                }
                match step {
                    Step::Offer { .. } => {
                        if self.offers.contains(&p) {
                            return Err(GomokuError::AlreadyOffered(p));
                        }
                        if let Some(&twin) =
                            self.offers.iter().find(|&&o| alike(size, stones, o, p))
                        {
                            return Err(GomokuError::SymmetricOffer(p, twin));
                        }
                    }
                    Step::Pick if !self.offers.contains(&p) => {
                        return Err(GomokuError::NotOffered(p));
                    }
                    _ => {}
                }
                Ok(())
            }
            choice if step.choices().contains(&choice) => Ok(()),
            choice => Err(GomokuError::NotNow(choice.word().unwrap_or_default())),
        }
    }

    /// The state after `mv` (checked by [`OpeningState::check`]) and whether its
    /// stone goes on the board.
    #[must_use]
    pub fn after(&self, mv: Move) -> (Self, Effect) {
        let mut next = self.clone();
        let mut effect = Effect::PutsStone;
        next.step = match (self.step, mv) {
            (Step::Play, _) => Step::Play,
            (Step::Swap2Three { n }, _) if n < 3 => Step::Swap2Three { n: n + 1 },
            (Step::Swap2Three { .. }, _) => Step::Swap2Answer,
            (Step::Swap2Answer, Move::Two) => Step::Swap2Two { n: 1 },
            (Step::Swap2Two { n: 1 }, _) => Step::Swap2Two { n: 2 },
            (Step::Swap2Two { .. }, _) => Step::Swap2Colour,
            (Step::Place { n }, _) => Step::MaySwap { n: n + 1 },
            (Step::MaySwap { n }, Move::Swap) if n <= 5 => Step::Place { n },
            (Step::MaySwap { n }, Move::Stone(_)) if n <= 5 => Step::MaySwap { n: n + 1 },
            (Step::MaySwap { .. }, Move::Offer) => Step::Offer { made: 0 },
            (Step::Offer { made }, Move::Stone(p)) => {
                effect = Effect::LeavesBoard;
                next.offers.push(p);
                if made + 1 >= TARAGUCHI_OFFERS {
                    Step::Pick
                } else {
                    Step::Offer { made: made + 1 }
                }
            }
            (Step::Pick, _) => {
                next.offers.clear();
                Step::Play
            }
            // Swap2's answers and colour choice, the sixth stone or the swap before
            // it: the opening is over.
            _ => Step::Play,
        };
        if mv == Move::Swap {
            next.swapped = !next.swapped;
        }
        if !matches!(mv, Move::Stone(_)) {
            effect = Effect::LeavesBoard;
        }
        (next, effect)
    }
}

/// Whether `p` lies within the central square of side `side`.
fn within(size: BoardSize, p: Point, side: u8) -> bool {
    let c = size.centre();
    let reach = i16::from(side / 2);
    (i16::from(p.x) - i16::from(c.x)).abs() <= reach
        && (i16::from(p.y) - i16::from(c.y)).abs() <= reach
}

/// The eight symmetries of a square about the board's centre, as maps of offsets.
const SYMMETRIES: [fn(i16, i16) -> (i16, i16); 8] = [
    |x, y| (x, y),
    |x, y| (-x, y),
    |x, y| (x, -y),
    |x, y| (-x, -y),
    |x, y| (y, x),
    |x, y| (-y, x),
    |x, y| (y, -x),
    |x, y| (-y, -x),
];

/// Whether `a` and `b` are alike: a symmetry of the board about its centre that
/// keeps every stone of `stones` (with its colour) takes `a` to `b`.
fn alike(size: BoardSize, stones: &[(Point, Player)], a: Point, b: Point) -> bool {
    let c = size.centre();
    let map = |f: fn(i16, i16) -> (i16, i16), p: Point| {
        let (dx, dy) = f(
            i16::from(p.x) - i16::from(c.x),
            i16::from(p.y) - i16::from(c.y),
        );
        let (x, y) = (i16::from(c.x) + dx, i16::from(c.y) + dy);
        size.contains(i32::from(x), i32::from(y))
            .then(|| Point::new(x as u8, y as u8))
    };
    SYMMETRIES.into_iter().any(|f| {
        map(f, a) == Some(b)
            && stones
                .iter()
                .all(|&(p, side)| map(f, p).is_some_and(|q| stones.contains(&(q, side))))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_as_written() {
        let size = BoardSize::STANDARD;
        for mv in [
            Move::Stone(Point::new(7, 7)),
            Move::Swap,
            Move::Keep,
            Move::Two,
            Move::Offer,
        ] {
            assert_eq!(Move::parse(&mv.to_string(), size).unwrap(), mv);
        }
        assert!(Move::parse("swapp", size).is_err());
        for opening in Opening::ALL {
            assert_eq!(opening.name().parse::<Opening>().unwrap(), opening);
        }
    }

    #[test]
    fn alike_points_follow_the_position_s_symmetry() {
        let size = BoardSize::STANDARD;
        let c = size.centre();
        let at =
            |dx: i16, dy: i16| Point::new((i16::from(c.x) + dx) as u8, (i16::from(c.y) + dy) as u8);
        // A lone stone in the centre: every rotation and mirror keeps it.
        let centre = [(c, Player::First)];
        assert!(alike(size, &centre, at(1, 2), at(-2, 1)));
        assert!(!alike(size, &centre, at(1, 2), at(1, 3)));
        // A White stone straight above keeps only the left-right mirror.
        let column = [(c, Player::First), (at(0, 1), Player::Second)];
        assert!(alike(size, &column, at(2, -1), at(-2, -1)));
        assert!(!alike(size, &column, at(2, -1), at(-1, 2)));
        // The same stones with their colours exchanged are another position.
        let swapped = [(c, Player::Second), (at(0, 1), Player::First)];
        assert!(!alike(size, &column, at(0, 2), at(0, -1)));
        assert!(alike(size, &swapped, at(3, 0), at(-3, 0)));
    }
}
