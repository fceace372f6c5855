//! Written by `cargo run --release --no-default-features --example gomoku_fit -- fit
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to 11327
//! positions; on the tenth held out, the log loss against the judge's winning chances
//! (less their own entropy) is 0.12263, where the hand-set weights before had
//! 0.17011.

use crate::ai::gomoku::pattern::THREATS;

/// What one line of an empty point is worth to a side, by its [`Line`] pattern.
///
/// [`Line`]: crate::ai::gomoku::pattern::Line
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE: [i32; 9] = [0 /* none */, 0 /* block2 */, 8 /* flex2 */, 15 /* block3 */, 430 /* flex3 */, 177 /* block4 */, 300 /* flex4 */, 2000 /* five */, 0 /* overline */];
/// What an empty point's combined [`Threat`] adds to it.
///
/// [`Threat`]: crate::ai::gomoku::pattern::Threat
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT: [i32; THREATS] = [0 /* forbidden */, 0 /* none */, -380 /* flex3 */, -326 /* flex3+ */, -678 /* double-flex3 */, -84 /* block4 */, 46 /* block4+ */, 215 /* block4-flex3 */, 600 /* flex4 */, 0 /* five */];
/// The side to move's points count `MOVER[0] / MOVER[1]` of their value.
pub(in crate::ai::gomoku) const MOVER: [i32; 2] = [16, 10];
/// Added for the side to move.
pub(in crate::ai::gomoku) const TEMPO: i32 = 25;
