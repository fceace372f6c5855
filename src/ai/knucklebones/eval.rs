//! Level 5's evaluation: the chance that the side to move wins, fitted to games.
//!
//! Expectimax averages the values of its leaves, so it needs more than their order:
//! a leaf at the depth limit and a finished game a move further must be on the same
//! scale, the expected result (-1 loss .. +1 win). [`super::State::evaluate`] (levels 3
//! and 4) guesses that scale from the margin with a hand-set spread, and guesses it
//! badly (on held-out games its log loss is worse than a coin's); this one is
//! *fitted*: a logistic model of the result over a few features of the two trays, one
//! set of weights per phase of the game (how many free slots each tray has: who fills
//! first ends the game), fitted by maximum likelihood to the positions of many games
//! and their results (`cargo run --release --no-default-features --example
//! knucklebones_fit > src/ai/knucklebones/eval/weights.rs`, which writes [`WEIGHTS`]).
//!
//! The features, from the point of view of the side to move with its die not yet
//! rolled ([`features`]):
//!
//! 1. the score margin;
//! 2. its *swing*: the expected best gain of its next die, over the six values (the
//!    growth of its own column plus the opponent's dice it knocks out);
//! 3. the opponent's swing for its die after that (without the mover's next die);
//! 4. the mover's exposure: its score in columns the opponent can still hit;
//! 5. the opponent's exposure to the mover;
//! 6. the mover's open pairs: the value of each pair in a column with a free slot
//!    (a third die of that value adds five times it);
//! 7. the opponent's open pairs;
//! 8. a constant (holding the next roll, in this phase).

use super::State;
use crate::rules::knucklebones::{COLUMN_SLOTS, COLUMNS, Column, Knucklebones, Tray};

mod weights;
pub use weights::WEIGHTS;

/// How many features [`features`] gives.
pub const FEATURES: usize = 8;

/// Slots in a tray.
const SLOTS: usize = COLUMN_SLOTS * COLUMNS;

/// Phases: each tray has 1 to 9 free slots (a game that goes on never has a full
/// tray), so 81 pairs.
pub const PHASES: usize = SLOTS * SLOTS;

/// The phase of a position: `9 * (the mover's free slots - 1) + (the opponent's free
/// slots - 1)`.
#[must_use]
pub fn phase(me: &Tray, them: &Tray) -> usize {
    let free = |tray: &Tray| (SLOTS - tray.dice_count()).clamp(1, SLOTS) - 1;
    free(me) * SLOTS + free(them)
}

/// The value of each pair of equal dice in a column of `tray` with a free slot.
fn open_pairs(tray: &Tray) -> f64 {
    let mut total = 0;
    for c in Column::ALL {
        if let [a, b] = *tray.column(c)
            && a == b
        {
            total += u32::from(a);
        }
    }
    f64::from(total)
}

/// The expected best swing of `mover`'s next die against `other`: over the six
/// values, the best column's growth of its own score plus the other side's dice it
/// knocks out.
fn swing(mover: &Tray, other: &Tray) -> f64 {
    let mut total = 0u32;
    for die in 1..=6u8 {
        let value = u32::from(die);
        let best = Column::ALL
            .iter()
            .filter(|&&c| !mover.is_column_full(c))
            .map(|&c| {
                let same = mover.count(c, die) as u32;
                let knocked = other.count(c, die) as u32;
                value * (2 * same + 1) + value * knocked * knocked
            })
            .max()
            .unwrap_or(0);
        total += best;
    }
    f64::from(total) / 6.0
}

/// The features of the position for the side to move (`me`), in the order of the
/// module documentation.
#[must_use]
pub fn features(me: &Tray, them: &Tray) -> [f64; FEATURES] {
    // The score of `target`'s columns that `hitter` can still reach.
    let exposed = |target: &Tray, hitter: &Tray| -> f64 {
        Column::ALL
            .iter()
            .filter(|&&c| !hitter.is_column_full(c))
            .map(|&c| f64::from(target.column_score(c)))
            .sum()
    };
    [
        f64::from(me.score()) - f64::from(them.score()),
        swing(me, them),
        swing(them, me),
        exposed(me, them),
        exposed(them, me),
        open_pairs(me),
        open_pairs(them),
        1.0,
    ]
}

/// The features and phase of `game` for the side to move (for the fitting example);
/// `None` once the game is over.
#[must_use]
pub fn sample(game: &Knucklebones) -> Option<(usize, [f64; FEATURES])> {
    if game.is_over() {
        return None;
    }
    let mover = game.side_to_move();
    let (me, them) = (game.tray(mover), game.tray(mover.opponent()));
    Some((phase(me, them), features(me, them)))
}

/// The fitted expected result for the side to move: `2 σ(w · f) - 1` with the weights
/// of the position's phase, in -1..1.
#[must_use]
pub(super) fn fitted(state: &State) -> f64 {
    let [me, them] = &state.trays;
    let weights = &WEIGHTS[phase(me, them)];
    let z: f64 = features(me, them)
        .iter()
        .zip(weights)
        .map(|(f, w)| f * w)
        .sum();
    2.0 / (1.0 + (-z).exp()) - 1.0
}
