//! The evaluation's weights, one set per family of rules: free-style and exact five
//! share one, fitted to free-style positions; renju has its own, fitted to renju
//! positions, where Black's forbidden points change what a shape is worth to either
//! side. `examples/gomoku_fit.rs` writes each set's two files (the point weights, the
//! threat table) from positions of its rule.

use super::{renju_threat_table, renju_weights, threat_table, weights};
use crate::ai::gomoku::shape::{Line, THREATS};
use crate::rules::gomoku::Rule;

/// A set of weights, as the fit writes them (see [`weights`] for what each means).
pub(in crate::ai::gomoku) struct Weights {
    pub line_to_move: [i32; 9],
    pub threat_to_move: [i32; THREATS],
    pub line: [i32; 9],
    pub threat: [i32; THREATS],
    pub tempo: i32,
    pub combo_to_move: &'static [(&'static [Line], i32)],
    pub combo: &'static [(&'static [Line], i32)],
    /// By [`super::threat_mask`].
    pub threat_table: &'static [i32],
}

/// Which set of weights a rule's positions are judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::ai::gomoku) enum Set {
    /// Free-style and exact five.
    Free,
    Renju,
}

impl Set {
    /// The set for `rule`.
    #[must_use]
    pub(in crate::ai::gomoku) fn of(rule: Rule) -> Self {
        if rule == Rule::Renju {
            Set::Renju
        } else {
            Set::Free
        }
    }

    /// Its weights.
    #[must_use]
    pub(in crate::ai::gomoku) fn weights(self) -> &'static Weights {
        match self {
            Set::Free => &FREE,
            Set::Renju => &RENJU,
        }
    }
}

const FREE: Weights = Weights {
    line_to_move: weights::LINE_TO_MOVE,
    threat_to_move: weights::THREAT_TO_MOVE,
    line: weights::LINE,
    threat: weights::THREAT,
    tempo: weights::TEMPO,
    combo_to_move: weights::COMBO_TO_MOVE,
    combo: weights::COMBO,
    threat_table: &threat_table::THREAT_TABLE,
};

const RENJU: Weights = Weights {
    line_to_move: renju_weights::LINE_TO_MOVE,
    threat_to_move: renju_weights::THREAT_TO_MOVE,
    line: renju_weights::LINE,
    threat: renju_weights::THREAT,
    tempo: renju_weights::TEMPO,
    combo_to_move: renju_weights::COMBO_TO_MOVE,
    combo: renju_weights::COMBO,
    threat_table: &renju_threat_table::THREAT_TABLE,
};
