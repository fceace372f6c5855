//! Written by `cargo run --release --no-default-features --example gomoku_fit -- fit
//! labels.txt` (see [`super`] and that file): do not edit by hand. Fitted to 11327
//! positions; on the tenth held out, the log loss against the judge's winning chances
//! (less their own entropy) is 0.11327, where the weights before had 0.12267.

use crate::ai::gomoku::pattern::THREATS;

/// What one line of an empty point is worth to the side to move, by its [`Line`]
/// pattern.
///
/// [`Line`]: crate::ai::gomoku::pattern::Line
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE_TO_MOVE: [i32; 9] = [0 /* none */, 3 /* block2 */, 12 /* flex2 */, 31 /* block3 */, 0 /* flex3 */, 0 /* block4 */, 480 /* flex4 */, 3200 /* five */, 0 /* overline */];
/// What an empty point's combined [`Threat`] adds to it for the side to move.
///
/// [`Threat`]: crate::ai::gomoku::pattern::Threat
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT_TO_MOVE: [i32; THREATS] = [0 /* forbidden */, 0 /* none */, 73 /* flex3 */, 199 /* flex3+ */, 564 /* double-flex3 */, 149 /* block4 */, 307 /* block4+ */, 1777 /* block4-flex3 */, 960 /* flex4 */, 0 /* five */];
/// What one line of an empty point is worth to the side waiting for its move (and to
/// the move ordering).
#[rustfmt::skip]
pub(in crate::ai::gomoku) const LINE: [i32; 9] = [0 /* none */, 4 /* block2 */, 8 /* flex2 */, 23 /* block3 */, 0 /* flex3 */, 0 /* block4 */, 300 /* flex4 */, 2000 /* five */, 0 /* overline */];
/// What an empty point's combined threat adds to it for the side waiting.
#[rustfmt::skip]
pub(in crate::ai::gomoku) const THREAT: [i32; THREATS] = [0 /* forbidden */, 0 /* none */, 52 /* flex3 */, 78 /* flex3+ */, 109 /* double-flex3 */, 131 /* block4 */, 272 /* block4+ */, 843 /* block4-flex3 */, 600 /* flex4 */, 0 /* five */];
/// Added for the side to move.
pub(in crate::ai::gomoku) const TEMPO: i32 = 73;
