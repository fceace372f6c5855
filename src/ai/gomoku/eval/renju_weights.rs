//! Written by `cargo run --release --no-default-features --example gomoku_fit -- fit
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to 17738
//! renju positions; on the tenth held out, the log loss against the judge's winning chances
//! (less their own entropy) is 0.12524, where the weights before had 0.15193.

use crate::ai::gomoku::shape::Line::{self, *};
use crate::ai::gomoku::shape::THREATS;

/// What one line of an empty point is worth to the side to move, by its [`Line`]
/// pattern.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE_TO_MOVE: [i32; 9] = [0 /* none */, 0 /* block2 */, 30 /* flex2 */, 79 /* block3 */, 0 /* flex3 */, 0 /* block4 */, 480 /* flex4 */, 3200 /* five */, 0 /* overline */];
/// What an empty point's combined [`Threat`] adds to it for the side to move.
///
/// [`Threat`]: crate::ai::gomoku::shape::Threat
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT_TO_MOVE: [i32; THREATS] = [0 /* forbidden */, 0 /* none */, 72 /* flex3 */, 269 /* flex3+ */, 442 /* double-flex3 */, 197 /* block4 */, 327 /* block4+ */, 1512 /* block4-flex3 */, 960 /* flex4 */, 0 /* five */];
/// What one line of an empty point is worth to the side waiting for its move (and to
/// the move ordering).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE: [i32; 9] = [0 /* none */, 14 /* block2 */, -8 /* flex2 */, 37 /* block3 */, 0 /* flex3 */, 0 /* block4 */, 300 /* flex4 */, 2000 /* five */, 0 /* overline */];
/// What an empty point's combined threat adds to it for the side waiting.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT: [i32; THREATS] = [0 /* forbidden */, 0 /* none */, 35 /* flex3 */, 51 /* flex3+ */, 227 /* double-flex3 */, 144 /* block4 */, 381 /* block4+ */, 773 /* block4-flex3 */, 600 /* flex4 */, 0 /* five */];
/// Added for the side to move.
pub(in crate::ai::gomoku) const TEMPO: i32 = -46;
/// What the combination of an empty point's lines adds to it for the side to move,
/// whatever their directions (combinations not listed: nothing).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const COMBO_TO_MOVE: &[(&[Line], i32)] = &[
    (&[Block2], 2), // block2
    (&[Flex2], -30), // flex2
    (&[Block3], -70), // block3
    (&[Flex3], -5), // flex3
    (&[Block4], -56), // block4
    (&[Block2, Block2], -13), // block2+block2
    (&[Flex2, Block2], -22), // flex2+block2
    (&[Block3, Block2], -68), // block3+block2
    (&[Flex3, Block2], 25), // flex3+block2
    (&[Block4, Block2], -33), // block4+block2
    (&[Flex2, Flex2], -40), // flex2+flex2
    (&[Block3, Flex2], -61), // block3+flex2
    (&[Flex3, Flex2], -119), // flex3+flex2
    (&[Block4, Flex2], -40), // block4+flex2
    (&[Block3, Block3], -70), // block3+block3
    (&[Flex3, Block3], -112), // flex3+block3
    (&[Block4, Block3], -194), // block4+block3
    (&[Flex3, Flex3], 115), // flex3+flex3
    (&[Block4, Flex3], 48), // block4+flex3
    (&[Block2, Block2, Block2], -12), // block2+block2+block2
    (&[Flex2, Block2, Block2], -29), // flex2+block2+block2
    (&[Block3, Block2, Block2], -77), // block3+block2+block2
    (&[Flex3, Block2, Block2], 4), // flex3+block2+block2
    (&[Block4, Block2, Block2], 40), // block4+block2+block2
    (&[Flex2, Flex2, Block2], -26), // flex2+flex2+block2
    (&[Block3, Flex2, Block2], -5), // block3+flex2+block2
    (&[Flex3, Flex2, Block2], -100), // flex3+flex2+block2
    (&[Block4, Flex2, Block2], -19), // block4+flex2+block2
    (&[Block3, Block3, Block2], -98), // block3+block3+block2
    (&[Flex3, Block3, Block2], 4), // flex3+block3+block2
    (&[Block4, Block3, Block2], -65), // block4+block3+block2
    (&[Flex3, Flex3, Block2], 32), // flex3+flex3+block2
    (&[Block4, Flex3, Block2], 42), // block4+flex3+block2
    (&[Flex2, Flex2, Flex2], -36), // flex2+flex2+flex2
    (&[Block3, Flex2, Flex2], 3), // block3+flex2+flex2
    (&[Flex3, Flex2, Flex2], -21), // flex3+flex2+flex2
    (&[Block4, Flex2, Flex2], 152), // block4+flex2+flex2
    (&[Block3, Block3, Flex2], 26), // block3+block3+flex2
    (&[Flex3, Block3, Flex2], 56), // flex3+block3+flex2
    (&[Block4, Block3, Flex2], 46), // block4+block3+flex2
    (&[Flex3, Flex3, Flex2], 51), // flex3+flex3+flex2
    (&[Block4, Flex3, Flex2], 26), // block4+flex3+flex2
    (&[Block3, Block3, Block3], -46), // block3+block3+block3
    (&[Flex3, Block3, Block3], 109), // flex3+block3+block3
    (&[Flex3, Flex3, Block3], 108), // flex3+flex3+block3
    (&[Block2, Block2, Block2, Block2], 23), // block2+block2+block2+block2
    (&[Flex2, Block2, Block2, Block2], -38), // flex2+block2+block2+block2
    (&[Block3, Block2, Block2, Block2], 32), // block3+block2+block2+block2
    (&[Flex3, Block2, Block2, Block2], -24), // flex3+block2+block2+block2
    (&[Block4, Block2, Block2, Block2], 49), // block4+block2+block2+block2
    (&[Flex2, Flex2, Block2, Block2], -10), // flex2+flex2+block2+block2
    (&[Block3, Flex2, Block2, Block2], 6), // block3+flex2+block2+block2
    (&[Flex3, Flex2, Block2, Block2], -25), // flex3+flex2+block2+block2
    (&[Block4, Flex2, Block2, Block2], -31), // block4+flex2+block2+block2
    (&[Block3, Block3, Block2, Block2], 30), // block3+block3+block2+block2
    (&[Flex3, Block3, Block2, Block2], -45), // flex3+block3+block2+block2
    (&[Flex2, Flex2, Flex2, Block2], 9), // flex2+flex2+flex2+block2
    (&[Block3, Flex2, Flex2, Block2], 13), // block3+flex2+flex2+block2
    (&[Flex3, Flex2, Flex2, Block2], -88), // flex3+flex2+flex2+block2
    (&[Block4, Flex2, Flex2, Block2], 136), // block4+flex2+flex2+block2
    (&[Block3, Block3, Flex2, Block2], 24), // block3+block3+flex2+block2
    (&[Flex3, Block3, Flex2, Block2], 100), // flex3+block3+flex2+block2
    (&[Flex3, Flex3, Flex2, Block2], 39), // flex3+flex3+flex2+block2
    (&[Flex2, Flex2, Flex2, Flex2], 11), // flex2+flex2+flex2+flex2
    (&[Block3, Flex2, Flex2, Flex2], -214), // block3+flex2+flex2+flex2
    (&[Flex3, Flex2, Flex2, Flex2], 7), // flex3+flex2+flex2+flex2
    (&[Flex3, Block3, Flex2, Flex2], 125), // flex3+block3+flex2+flex2
];
/// What the combination of its lines adds to it for the side waiting.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const COMBO: &[(&[Line], i32)] = &[
    (&[Block2], -14), // block2
    (&[Flex2], 4), // flex2
    (&[Block3], -26), // block3
    (&[Flex3], 7), // flex3
    (&[Block4], -36), // block4
    (&[Block2, Block2], -37), // block2+block2
    (&[Flex2, Block2], -6), // flex2+block2
    (&[Block3, Block2], -40), // block3+block2
    (&[Flex3, Block2], 8), // flex3+block2
    (&[Block4, Block2], -5), // block4+block2
    (&[Flex2, Flex2], 28), // flex2+flex2
    (&[Block3, Flex2], -7), // block3+flex2
    (&[Flex3, Flex2], 31), // flex3+flex2
    (&[Block4, Flex2], -151), // block4+flex2
    (&[Block3, Block3], -68), // block3+block3
    (&[Flex3, Block3], -11), // flex3+block3
    (&[Block4, Block3], -13), // block4+block3
    (&[Flex3, Flex3], -111), // flex3+flex3
    (&[Block4, Flex3], 32), // block4+flex3
    (&[Block2, Block2, Block2], -32), // block2+block2+block2
    (&[Flex2, Block2, Block2], -30), // flex2+block2+block2
    (&[Block3, Block2, Block2], -52), // block3+block2+block2
    (&[Flex3, Block2, Block2], 15), // flex3+block2+block2
    (&[Block4, Block2, Block2], 63), // block4+block2+block2
    (&[Flex2, Flex2, Block2], 6), // flex2+flex2+block2
    (&[Block3, Flex2, Block2], 2), // block3+flex2+block2
    (&[Flex3, Flex2, Block2], 17), // flex3+flex2+block2
    (&[Block4, Flex2, Block2], -22), // block4+flex2+block2
    (&[Block3, Block3, Block2], 24), // block3+block3+block2
    (&[Flex3, Block3, Block2], 34), // flex3+block3+block2
    (&[Block4, Block3, Block2], -103), // block4+block3+block2
    (&[Flex3, Flex3, Block2], -123), // flex3+flex3+block2
    (&[Block4, Flex3, Block2], 35), // block4+flex3+block2
    (&[Flex2, Flex2, Flex2], 52), // flex2+flex2+flex2
    (&[Block3, Flex2, Flex2], 29), // block3+flex2+flex2
    (&[Flex3, Flex2, Flex2], 92), // flex3+flex2+flex2
    (&[Block4, Flex2, Flex2], 17), // block4+flex2+flex2
    (&[Block3, Block3, Flex2], -70), // block3+block3+flex2
    (&[Flex3, Block3, Flex2], 20), // flex3+block3+flex2
    (&[Block4, Block3, Flex2], 14), // block4+block3+flex2
    (&[Flex3, Flex3, Flex2], -54), // flex3+flex3+flex2
    (&[Block4, Flex3, Flex2], -29), // block4+flex3+flex2
    (&[Block3, Block3, Block3], 19), // block3+block3+block3
    (&[Flex3, Block3, Block3], 50), // flex3+block3+block3
    (&[Block4, Block3, Block3], 80), // block4+block3+block3
    (&[Flex3, Flex3, Block3], 24), // flex3+flex3+block3
    (&[Block2, Block2, Block2, Block2], 18), // block2+block2+block2+block2
    (&[Flex2, Block2, Block2, Block2], -25), // flex2+block2+block2+block2
    (&[Block3, Block2, Block2, Block2], 47), // block3+block2+block2+block2
    (&[Flex3, Block2, Block2, Block2], -30), // flex3+block2+block2+block2
    (&[Block4, Block2, Block2, Block2], -22), // block4+block2+block2+block2
    (&[Flex2, Flex2, Block2, Block2], -42), // flex2+flex2+block2+block2
    (&[Block3, Flex2, Block2, Block2], 9), // block3+flex2+block2+block2
    (&[Flex3, Flex2, Block2, Block2], 5), // flex3+flex2+block2+block2
    (&[Block4, Flex2, Block2, Block2], 56), // block4+flex2+block2+block2
    (&[Block3, Block3, Block2, Block2], 127), // block3+block3+block2+block2
    (&[Flex3, Block3, Block2, Block2], -116), // flex3+block3+block2+block2
    (&[Flex2, Flex2, Flex2, Block2], 19), // flex2+flex2+flex2+block2
    (&[Block3, Flex2, Flex2, Block2], -39), // block3+flex2+flex2+block2
    (&[Flex3, Flex2, Flex2, Block2], 45), // flex3+flex2+flex2+block2
    (&[Block4, Flex2, Flex2, Block2], 52), // block4+flex2+flex2+block2
    (&[Block3, Block3, Flex2, Block2], -30), // block3+block3+flex2+block2
    (&[Flex3, Block3, Flex2, Block2], -21), // flex3+block3+flex2+block2
    (&[Flex3, Flex3, Flex2, Block2], 14), // flex3+flex3+flex2+block2
    (&[Flex3, Block3, Block3, Block2], 1), // flex3+block3+block3+block2
    (&[Flex2, Flex2, Flex2, Flex2], 69), // flex2+flex2+flex2+flex2
    (&[Block3, Flex2, Flex2, Flex2], -82), // block3+flex2+flex2+flex2
    (&[Flex3, Flex2, Flex2, Flex2], -53), // flex3+flex2+flex2+flex2
    (&[Block3, Block3, Flex2, Flex2], 13), // block3+block3+flex2+flex2
    (&[Flex3, Block3, Flex2, Flex2], 4), // flex3+block3+flex2+flex2
];
