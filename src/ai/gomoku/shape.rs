//! The shapes the engine names: what a stone makes along one line ([`Line`]) and
//! what a point makes over its four lines ([`Threat`]). The pattern tables compute
//! them ([`super::pattern`]); the evaluation's fitted weights are tables over them
//! ([`super::eval::weights`], written by `examples/gomoku_fit.rs`), so both depend on
//! this module and not on each other.

/// What one more stone on a point makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(super) enum Line {
    /// Nothing that can still grow into a five.
    None,
    /// A two with one way left to become a four.
    Block2,
    /// A two that can become an open three.
    Flex2,
    /// A three that can only become a closed four.
    Block3,
    /// An open three: one more stone makes an open four.
    Flex3,
    /// A four with exactly one point left to complete five.
    Block4,
    /// An open four (or two five-points on one line): unstoppable.
    Flex4,
    /// A winning five.
    Five,
    /// Six or more under the exact-five rule: no win, and blocked for good.
    Overline,
}

/// The combined threat of a point for one side over its four lines (Rapfi's
/// "pattern4"), weakest first. Everything from [`Threat::Block4`] up makes a four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(super) enum Threat {
    /// Forbidden to Black under renju, as far as the point's lines show (see
    /// [`super::pattern::combine_renju_black`]): not a move at all.
    Forbidden,
    /// No three or four.
    None,
    /// One open three.
    Flex3,
    /// An open three plus a lesser shape.
    Flex3Plus,
    /// Two open threes at once.
    DoubleFlex3,
    /// One closed four.
    Block4,
    /// A closed four plus a lesser shape.
    Block4Plus,
    /// A four and an open three at once: wins unless the opponent has a four.
    Block4Flex3,
    /// An open four or two fours: wins unless the opponent has a five.
    Flex4,
    /// Five in a row.
    Five,
}

/// Number of [`Threat`] values.
pub(super) const THREATS: usize = 10;
