//! Written by `cargo run --release --no-default-features --example gomoku_fit -- fit
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to 16755
//! positions; on the tenth held out, the log loss against the judge's winning chances
//! (less their own entropy) is 0.10695, where the weights before had 0.11314.

use crate::ai::gomoku::shape::Line::{self, *};
use crate::ai::gomoku::shape::THREATS;

/// What one line of an empty point is worth to the side to move, by its [`Line`]
/// pattern.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE_TO_MOVE: [i32; 9] = [0 /* none */, 0 /* block2 */, 51 /* flex2 */, 67 /* block3 */, 0 /* flex3 */, 0 /* block4 */, 480 /* flex4 */, 3200 /* five */, 0 /* overline */];
/// What an empty point's combined [`Threat`] adds to it for the side to move.
///
/// [`Threat`]: crate::ai::gomoku::shape::Threat
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT_TO_MOVE: [i32; THREATS] = [0 /* forbidden */, 0 /* none */, 119 /* flex3 */, 191 /* flex3+ */, 525 /* double-flex3 */, 187 /* block4 */, 345 /* block4+ */, 1926 /* block4-flex3 */, 960 /* flex4 */, 0 /* five */];
/// What one line of an empty point is worth to the side waiting for its move (and to
/// the move ordering).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE: [i32; 9] = [0 /* none */, 19 /* block2 */, 2 /* flex2 */, 29 /* block3 */, 0 /* flex3 */, 0 /* block4 */, 300 /* flex4 */, 2000 /* five */, 0 /* overline */];
/// What an empty point's combined threat adds to it for the side waiting.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT: [i32; THREATS] = [0 /* forbidden */, 0 /* none */, 44 /* flex3 */, 81 /* flex3+ */, 238 /* double-flex3 */, 213 /* block4 */, 465 /* block4+ */, 918 /* block4-flex3 */, 600 /* flex4 */, 0 /* five */];
/// Added for the side to move.
pub(in crate::ai::gomoku) const TEMPO: i32 = 107;
/// What the combination of an empty point's lines adds to it for the side to move,
/// whatever their directions (combinations not listed: nothing).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const COMBO_TO_MOVE: &[(&[Line], i32)] = &[
    (&[Block2], 3), // block2
    (&[Flex2], -42), // flex2
    (&[Block3], -46), // block3
    (&[Flex3], -46), // flex3
    (&[Block4], -38), // block4
    (&[Block2, Block2], -6), // block2+block2
    (&[Flex2, Block2], -39), // flex2+block2
    (&[Block3, Block2], -44), // block3+block2
    (&[Flex3, Block2], -29), // flex3+block2
    (&[Block4, Block2], -8), // block4+block2
    (&[Flex2, Flex2], -66), // flex2+flex2
    (&[Block3, Flex2], -62), // block3+flex2
    (&[Flex3, Flex2], -59), // flex3+flex2
    (&[Block4, Flex2], -116), // block4+flex2
    (&[Block3, Block3], -59), // block3+block3
    (&[Flex3, Block3], -8), // flex3+block3
    (&[Block4, Block3], -126), // block4+block3
    (&[Flex3, Flex3], 57), // flex3+flex3
    (&[Block4, Flex3], -117), // block4+flex3
    (&[Block2, Block2, Block2], -37), // block2+block2+block2
    (&[Flex2, Block2, Block2], -29), // flex2+block2+block2
    (&[Block3, Block2, Block2], -37), // block3+block2+block2
    (&[Flex3, Block2, Block2], 41), // flex3+block2+block2
    (&[Block4, Block2, Block2], 34), // block4+block2+block2
    (&[Flex2, Flex2, Block2], -51), // flex2+flex2+block2
    (&[Block3, Flex2, Block2], -40), // block3+flex2+block2
    (&[Flex3, Flex2, Block2], -33), // flex3+flex2+block2
    (&[Block4, Flex2, Block2], -47), // block4+flex2+block2
    (&[Block3, Block3, Block2], -54), // block3+block3+block2
    (&[Flex3, Block3, Block2], -56), // flex3+block3+block2
    (&[Block4, Block3, Block2], -107), // block4+block3+block2
    (&[Flex3, Flex3, Block2], 67), // flex3+flex3+block2
    (&[Flex2, Flex2, Flex2], -69), // flex2+flex2+flex2
    (&[Block3, Flex2, Flex2], -73), // block3+flex2+flex2
    (&[Flex3, Flex2, Flex2], -4), // flex3+flex2+flex2
    (&[Block4, Flex2, Flex2], 18), // block4+flex2+flex2
    (&[Block3, Block3, Flex2], -43), // block3+block3+flex2
    (&[Flex3, Block3, Flex2], 12), // flex3+block3+flex2
    (&[Block4, Block3, Flex2], 93), // block4+block3+flex2
    (&[Flex3, Flex3, Flex2], -141), // flex3+flex3+flex2
    (&[Block3, Block3, Block3], 34), // block3+block3+block3
    (&[Flex3, Block3, Block3], -23), // flex3+block3+block3
    (&[Flex3, Flex3, Block3], -139), // flex3+flex3+block3
    (&[Block2, Block2, Block2, Block2], -19), // block2+block2+block2+block2
    (&[Flex2, Block2, Block2, Block2], -4), // flex2+block2+block2+block2
    (&[Block3, Block2, Block2, Block2], -25), // block3+block2+block2+block2
    (&[Flex3, Block2, Block2, Block2], 33), // flex3+block2+block2+block2
    (&[Flex2, Flex2, Block2, Block2], -23), // flex2+flex2+block2+block2
    (&[Block3, Flex2, Block2, Block2], 26), // block3+flex2+block2+block2
    (&[Flex3, Flex2, Block2, Block2], 15), // flex3+flex2+block2+block2
    (&[Block4, Flex2, Block2, Block2], -3), // block4+flex2+block2+block2
    (&[Block3, Block3, Block2, Block2], -32), // block3+block3+block2+block2
    (&[Flex3, Block3, Block2, Block2], -36), // flex3+block3+block2+block2
    (&[Flex2, Flex2, Flex2, Block2], 23), // flex2+flex2+flex2+block2
    (&[Block3, Flex2, Flex2, Block2], -37), // block3+flex2+flex2+block2
    (&[Flex3, Flex2, Flex2, Block2], 134), // flex3+flex2+flex2+block2
    (&[Block4, Flex2, Flex2, Block2], -133), // block4+flex2+flex2+block2
    (&[Block3, Block3, Flex2, Block2], 104), // block3+block3+flex2+block2
    (&[Flex3, Block3, Flex2, Block2], -5), // flex3+block3+flex2+block2
    (&[Flex2, Flex2, Flex2, Flex2], 2), // flex2+flex2+flex2+flex2
    (&[Block3, Flex2, Flex2, Flex2], 15), // block3+flex2+flex2+flex2
    (&[Flex3, Flex2, Flex2, Flex2], 7), // flex3+flex2+flex2+flex2
    (&[Flex3, Block3, Flex2, Flex2], 2), // flex3+block3+flex2+flex2
];
/// What the combination of its lines adds to it for the side waiting.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const COMBO: &[(&[Line], i32)] = &[
    (&[Block2], -17), // block2
    (&[Flex2], 5), // flex2
    (&[Block3], -8), // block3
    (&[Flex3], 8), // flex3
    (&[Block4], -92), // block4
    (&[Block2, Block2], -43), // block2+block2
    (&[Flex2, Block2], -12), // flex2+block2
    (&[Block3, Block2], -30), // block3+block2
    (&[Flex3, Block2], -1), // flex3+block2
    (&[Block4, Block2], -86), // block4+block2
    (&[Flex2, Flex2], 22), // flex2+flex2
    (&[Block3, Flex2], 9), // block3+flex2
    (&[Flex3, Flex2], 13), // flex3+flex2
    (&[Block4, Flex2], -208), // block4+flex2
    (&[Block3, Block3], -7), // block3+block3
    (&[Flex3, Block3], 28), // flex3+block3
    (&[Block4, Block3], -101), // block4+block3
    (&[Flex3, Flex3], -58), // flex3+flex3
    (&[Block4, Flex3], -54), // block4+flex3
    (&[Block2, Block2, Block2], -41), // block2+block2+block2
    (&[Flex2, Block2, Block2], -33), // flex2+block2+block2
    (&[Block3, Block2, Block2], -45), // block3+block2+block2
    (&[Flex3, Block2, Block2], 19), // flex3+block2+block2
    (&[Block4, Block2, Block2], -75), // block4+block2+block2
    (&[Flex2, Flex2, Block2], 1), // flex2+flex2+block2
    (&[Block3, Flex2, Block2], 3), // block3+flex2+block2
    (&[Flex3, Flex2, Block2], 23), // flex3+flex2+block2
    (&[Block4, Flex2, Block2], -178), // block4+flex2+block2
    (&[Block3, Block3, Block2], 7), // block3+block3+block2
    (&[Flex3, Block3, Block2], 23), // flex3+block3+block2
    (&[Block4, Block3, Block2], -116), // block4+block3+block2
    (&[Flex3, Flex3, Block2], -26), // flex3+flex3+block2
    (&[Block4, Flex3, Block2], -48), // block4+flex3+block2
    (&[Flex2, Flex2, Flex2], 41), // flex2+flex2+flex2
    (&[Block3, Flex2, Flex2], 10), // block3+flex2+flex2
    (&[Flex3, Flex2, Flex2], 33), // flex3+flex2+flex2
    (&[Block4, Flex2, Flex2], -94), // block4+flex2+flex2
    (&[Block3, Block3, Flex2], -18), // block3+block3+flex2
    (&[Flex3, Block3, Flex2], -25), // flex3+block3+flex2
    (&[Block4, Block3, Flex2], -7), // block4+block3+flex2
    (&[Flex3, Flex3, Flex2], -47), // flex3+flex3+flex2
    (&[Block4, Flex3, Flex2], -65), // block4+flex3+flex2
    (&[Block3, Block3, Block3], 82), // block3+block3+block3
    (&[Flex3, Block3, Block3], -17), // flex3+block3+block3
    (&[Flex3, Flex3, Block3], 70), // flex3+flex3+block3
    (&[Block2, Block2, Block2, Block2], -59), // block2+block2+block2+block2
    (&[Flex2, Block2, Block2, Block2], 7), // flex2+block2+block2+block2
    (&[Block3, Block2, Block2, Block2], 27), // block3+block2+block2+block2
    (&[Flex3, Block2, Block2, Block2], -27), // flex3+block2+block2+block2
    (&[Flex2, Flex2, Block2, Block2], -6), // flex2+flex2+block2+block2
    (&[Block3, Flex2, Block2, Block2], -82), // block3+flex2+block2+block2
    (&[Flex3, Flex2, Block2, Block2], 2), // flex3+flex2+block2+block2
    (&[Block4, Flex2, Block2, Block2], -66), // block4+flex2+block2+block2
    (&[Block3, Block3, Block2, Block2], -7), // block3+block3+block2+block2
    (&[Flex3, Block3, Block2, Block2], -109), // flex3+block3+block2+block2
    (&[Flex3, Flex3, Block2, Block2], -79), // flex3+flex3+block2+block2
    (&[Flex2, Flex2, Flex2, Block2], 8), // flex2+flex2+flex2+block2
    (&[Block3, Flex2, Flex2, Block2], 55), // block3+flex2+flex2+block2
    (&[Flex3, Flex2, Flex2, Block2], 56), // flex3+flex2+flex2+block2
    (&[Block4, Flex2, Flex2, Block2], -87), // block4+flex2+flex2+block2
    (&[Block3, Block3, Flex2, Block2], 79), // block3+block3+flex2+block2
    (&[Flex3, Block3, Flex2, Block2], 88), // flex3+block3+flex2+block2
    (&[Flex3, Flex3, Flex2, Block2], 34), // flex3+flex3+flex2+block2
    (&[Flex2, Flex2, Flex2, Flex2], 42), // flex2+flex2+flex2+flex2
    (&[Block3, Flex2, Flex2, Flex2], 6), // block3+flex2+flex2+flex2
    (&[Flex3, Flex2, Flex2, Flex2], 68), // flex3+flex2+flex2+flex2
    (&[Block3, Block3, Flex2, Flex2], -111), // block3+block3+flex2+flex2
    (&[Flex3, Block3, Flex2, Flex2], -43), // flex3+block3+flex2+flex2
];
