//! The computer players, as plain Rust with no engine types.
//!
//! Each game's AI lives in its own module and offers the generic tools what they need
//! through [`GameAi`]; [`clock`] is the single place any of them reads the time,
//! [`slices`] lets a search share a web page's only thread, and [`job`] is what a
//! running search shares with whoever started it (a stop flag, its progress).

pub mod arena;
pub mod clock;
pub mod connectfour;
pub mod gomoku;
pub mod job;
pub mod knucklebones;
pub mod slices;
pub mod tictactoe;

use std::fmt;
use std::time::Duration;

use rand::rngs::StdRng;

use crate::rules::{Game, Settings};

/// What a game's AI offers the generic tools (`tabletop-cli`'s `bestmove` and
/// `selfplay`, the legality runs), implemented in the game's AI module.
pub trait GameAi: Game {
    /// How `tabletop-cli` positions of this game are written, for its `--help`.
    const POSITION_HELP: &'static str;
    /// Whether the games of a match may run side by side, one per core: only for AIs
    /// whose search keeps to one thread (Gomoku's searches on every core but one, so
    /// games side by side would take each other's time).
    const PARALLEL_MATCHES: bool = false;

    /// The level a review looks at each position with ([`crate::review`], the app's
    /// Review and `tabletop-cli review`): the strongest whose answer takes well
    /// under a second, so that a whole game is reviewed in a minute or less.
    const REVIEW_LEVEL: Level = Level::MAX;

    /// The move of `level` for the side to move, searched as `budget` says, with its
    /// value where the AI knows one; `None` only when the game is over. Random
    /// choices come from `rng`.
    fn analyse(
        &self,
        level: Level,
        budget: Budget,
        rng: &mut StdRng,
    ) -> Option<Analysis<Self::Move>>;

    /// A `tabletop-cli` position, with the command line's game settings (Gomoku's
    /// `--rule`).
    fn cli_position(text: &str, _settings: &Settings<'_>) -> Result<Self, String> {
        Self::from_position(text)
    }

    /// How `tabletop-cli`'s `bestmove` writes a move: in the game's notation, unless
    /// its command-line positions write moves otherwise (Connect Four's column
    /// digits).
    fn cli_move(mv: Self::Move) -> String {
        mv.to_string()
    }

    /// The start of game `index` of a match drawn from `seed`, with the command
    /// line's game settings: the empty board, or an opening, or the dice of the pair
    /// of games `index` belongs to.
    fn match_start(settings: &Settings<'_>, seed: u64, index: u32) -> Result<Self, String>;

    /// How long `level` may think over a move in the game, where its budget is a
    /// time (Gomoku's levels, Knucklebones' level 5); `None` for levels that search a
    /// fixed depth or play a rule, whose moves take what they take.
    fn level_time(_level: Level) -> Option<Duration> {
        None
    }
}

/// How long an AI searches, for the tools (`tabletop-cli`'s `--time-ms` and
/// `--a-depth`); the app always plays [`Budget::Level`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Budget {
    /// As the level does.
    #[default]
    Level,
    /// The strongest search, for this long.
    Time(Duration),
    /// A fixed-depth search of this many moves (plies), however long it takes, where
    /// the game has one (Knucklebones: the expectimax of levels 3 and 4; Gomoku: the
    /// main search; Tic-tac-toe is solved and ignores it).
    Depth(u32),
}

/// An AI's answer: the move and, where the AI knows one, its value as
/// `tabletop-cli` prints it (`win`, `draw`, `1617`, `0.412`).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// The move.
    pub best: M,
    /// Its value for the side to move.
    pub value: Option<String>,
    /// The same value as the review compares values, where the AI knows one.
    pub verdict: Option<Verdict>,
}

/// How good a position is for the side to move, in terms every game's review shares:
/// a solved result, or an expected result where the AI estimates one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Solved: the result with best play on both sides, and in how many plies the
    /// game then ends, where the AI knows it.
    Exact(Result3, Option<u32>),
    /// The expected result for the side to move, from 0 (a sure loss) to 1 (a sure
    /// win), a draw counting a half: a win chance from Gomoku's evaluation, the mean
    /// over Knucklebones' dice.
    Expected(f64),
}

/// A game's result for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Result3 {
    /// It loses.
    Loss,
    /// Nobody wins.
    Draw,
    /// It wins.
    Win,
}

impl Result3 {
    /// The same result seen by the other side.
    #[must_use]
    pub fn flipped(self) -> Self {
        match self {
            Result3::Loss => Result3::Win,
            Result3::Draw => Result3::Draw,
            Result3::Win => Result3::Loss,
        }
    }
}

impl Verdict {
    /// The expected result, 0 to 1.
    #[must_use]
    pub fn expected(self) -> f64 {
        match self {
            Verdict::Exact(Result3::Win, _) => 1.0,
            Verdict::Exact(Result3::Draw, _) => 0.5,
            Verdict::Exact(Result3::Loss, _) => 0.0,
            Verdict::Expected(p) => p.clamp(0.0, 1.0),
        }
    }

    /// The same position's value for the other side.
    #[must_use]
    pub fn flipped(self) -> Self {
        match self {
            Verdict::Exact(result, plies) => Verdict::Exact(result.flipped(), plies),
            Verdict::Expected(p) => Verdict::Expected(1.0 - p),
        }
    }
}

/// `win in 5`, `draw`, `loss`, `62%`: a verdict as the review prints it.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = |r: &Result3| match r {
            Result3::Win => "win",
            Result3::Draw => "draw",
            Result3::Loss => "loss",
        };
        match *self {
            Verdict::Exact(Result3::Draw, _) => f.write_str("draw"),
            Verdict::Exact(result, None) => f.write_str(word(&result)),
            Verdict::Exact(result, Some(n)) => write!(f, "{} in {n}", word(&result)),
            Verdict::Expected(p) => write!(f, "{:.0}%", p * 100.0),
        }
    }
}

/// A seed for item `index` of a run with `seed` (a SplitMix64 step), so that each game
/// of a match has its own dice and random choices whatever order the games run in.
#[must_use]
pub fn mix_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An AI strength from 1 (the source games' AIs) to 5 (the strongest), shared by
/// every game; each game maps it to its own budget or method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);

    /// Level `n`, if `n` is in 1..=5.
    #[must_use]
    pub const fn new(n: u8) -> Option<Self> {
        if n >= 1 && n <= 5 {
            Some(Self(n))
        } else {
            None
        }
    }

    /// The level as a number.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
