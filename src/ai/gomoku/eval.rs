//! Static evaluation from the incremental point values, and the features it is
//! fitted on.
//!
//! Every empty point has a value for each side: what its four lines would make with a
//! stone of that side ([`weights::LINE`] by line pattern), a bonus for what they make
//! together ([`weights::THREAT`] by combined threat), and a correction by the
//! combination of the four lines whatever their directions ([`weights::COMBO`]: the
//! per-point pattern code of the strong classical engines, read without its order).
//! The side to move has weights of its own for all three ([`weights::LINE_TO_MOVE`],
//! [`weights::THREAT_TO_MOVE`], [`weights::COMBO_TO_MOVE`]): its shapes are worth
//! more (it is first to use them: its two open threes at once win, the opponent's can
//! still be met). The board keeps the sums over the empty points current
//! ([`Board::total`], [`Board::total_to_move`]); the evaluation is the side to move's
//! sum less the opponent's, plus the threat table's entry for the position: which
//! kinds of threes and fours each side can make ([`threat_mask`],
//! [`threat_table::THREAT_TABLE`]), the strong classical engines' correction for who
//! is first to use them, which no sum over points sees.
//!
//! The weights are fitted, not set by hand: `examples/gomoku_fit.rs` plays games,
//! has a strong engine score their positions, and fits the weights so that the
//! evaluation predicts those scores (see that file for how, and
//! [`weights`] for what it measured). Renju has a set of its own, fitted to renju
//! positions ([`sets`]); the names above are free-style's.

use super::board::Board;
use super::pattern::{Line, THREATS, Threat, combo_key, combo_lines};
use crate::rules::gomoku::{Gomoku, Rule};
use sets::Set;

pub(super) mod renju_threat_table;
pub(super) mod renju_weights;
pub(super) mod sets;
pub(super) mod threat_table;
pub(super) mod weights;

/// Largest static score; wins and losses lie far beyond it.
pub(super) const EVAL_LIMIT: i32 = 20_000;

/// A win on the next move scores `WIN - 1`; every ply further away, one less.
pub(super) const WIN: i32 = 30_000;

/// Whether `score` is a forced win or loss.
pub(super) fn is_decisive(score: i32) -> bool {
    score.abs() > WIN - 1000
}

/// The position's worth to the side to move: what its empty points are worth to it,
/// as the side to move, against what they are worth to the opponent, plus
/// [`weights::TEMPO`] and the threat table's entry.
///
/// The side to move's advantage is all there, as fitted. (Blending in a share of
/// the same position with the opponent to move, which evens out the swing from
/// one ply to the next, lost to this at 150 ms a move, 64 Rapfi-made openings
/// played both ways: a 30% share 32-95 (1 drawn), 50% 11-116 (1 drawn); so did
/// stressing the swing instead, -20% 53-69 and -40% 28-84 in 124 and 117 games.
/// Nor does a lighter or heavier weight on the opponent's points: nine tenths of
/// them, for an engine that attacks more, changed 642 of the moves in 2,392 level
/// positions of lost match games and gained nothing in winning chance as Rapfi
/// judged them to depth 16, +0.0001 +- 0.0016; eleven tenths lost 0.0033 +- 0.0016,
/// as much as twice the time gains: scripts/gomoku-move-quality.py.)
#[must_use]
pub(super) fn evaluate(board: &Board) -> i32 {
    let me = board.side();
    let mine = board.total_to_move(me);
    let theirs = board.total(1 - me);
    let weights = board.weights();
    let table = weights.threat_table[threat_mask(board)];
    (mine - theirs + weights.tempo + table).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The kinds of threats each side has, as the index of
/// [`threat_table::THREAT_TABLE`]: four bits for the side to move (bits 0 to 3),
/// four for the opponent (4 to 7). In each four: a point that makes a four with
/// more (a four-three, or a four with a lesser shape), one that makes a plain four,
/// one that makes an open three with more (two at once, or one with a lesser shape),
/// one that makes a plain open three.
pub(super) fn threat_mask(board: &Board) -> usize {
    let me = board.side();
    let has = |side, threats: &[Threat]| threats.iter().any(|&t| board.count(side, t) > 0);
    let mut mask = 0;
    for (k, side) in [me, 1 - me].into_iter().enumerate() {
        let bits: [bool; MASK_BITS] = [
            has(side, &[Threat::Block4Plus, Threat::Block4Flex3]),
            has(side, &[Threat::Block4]),
            has(side, &[Threat::Flex3Plus, Threat::DoubleFlex3]),
            has(side, &[Threat::Flex3]),
        ];
        for (b, &set) in bits.iter().enumerate() {
            mask |= usize::from(set) << (MASK_BITS * k + b);
        }
    }
    mask
}

/// Bits of one side in a [`threat_mask`].
const MASK_BITS: usize = 4;

/// Number of [`threat_mask`] values.
pub const THREAT_MASKS: usize = 1 << (2 * MASK_BITS);

/// [`threat_mask`] of `game`'s position (for the fit).
#[must_use]
pub fn threat_mask_of(game: &Gomoku) -> usize {
    threat_mask(&Board::from_game(game))
}

/// The threat table's entry for `mask` in use under `rule` (for the fit, which fits
/// the table on top of the rest of the evaluation).
#[must_use]
pub fn threat_table_weight(rule: Rule, mask: usize) -> i32 {
    Set::of(rule)
        .weights()
        .threat_table
        .get(mask)
        .copied()
        .unwrap_or(0)
}

/// A threat mask's name, as the table's comments give it (`me 4+ 3 · them 4`).
#[must_use]
pub fn threat_mask_name(mask: usize) -> String {
    const NAMES: [&str; MASK_BITS] = ["4+", "4", "3+", "3"];
    let side = |bits: usize| -> String {
        let names: Vec<&str> = (0..MASK_BITS)
            .filter(|b| bits & (1 << b) != 0)
            .map(|b| NAMES[b])
            .collect();
        if names.is_empty() {
            "-".to_string()
        } else {
            names.join(" ")
        }
    };
    let one_side = (1 << MASK_BITS) - 1;
    format!(
        "me {} · them {}",
        side(mask & one_side),
        side(mask >> MASK_BITS)
    )
}

/// Features per side: how many lines of the side's empty points have each
/// [`Line`] pattern, then how many of those points have each [`Threat`].
pub const SIDE_FEATURES: usize = LINES + THREATS;
/// Features of a position: the side to move's [`SIDE_FEATURES`], then the
/// opponent's.
pub const FEATURES: usize = 2 * SIDE_FEATURES;
/// Number of [`Line`] patterns.
const LINES: usize = 9;

/// The features of `game`'s position from the side to move's point of view (see
/// [`FEATURES`]), if the search would evaluate it statically: `None` when either side
/// has a five or an open four to make (the search looks past those). A four-three to
/// make is judged statically at the horizon, as the search does (see `search/node.rs`).
/// With [`weights`], `evaluate` is the side to move's features times its weights,
/// less the opponent's times theirs, plus [`weights::TEMPO`], the combination
/// corrections ([`combos`]) and the threat table's entry ([`threat_mask_of`]).
#[must_use]
pub fn features(game: &Gomoku) -> Option<[f64; FEATURES]> {
    if game.is_over() {
        return None;
    }
    let board = Board::from_game(game);
    let me = board.side();
    let opp = 1 - me;
    if board.count(me, Threat::Five) > 0
        || board.count(opp, Threat::Five) > 0
        || board.count(me, Threat::Flex4) > 0
        || board.count(opp, Threat::Flex4) > 0
        || board.is_full()
    {
        return None;
    }
    Some(counted_features(&board))
}

/// The features of `board`'s position from the side to move's point of view.
fn counted_features(board: &Board) -> [f64; FEATURES] {
    let me = board.side();
    let mut out = [0.0; FEATURES];
    for (k, side) in [me, 1 - me].into_iter().enumerate() {
        let base = k * SIDE_FEATURES;
        for i in board.empties() {
            for line in board.lines(i, side) {
                out[base + line as usize] += 1.0;
            }
            out[base + LINES + board.threat(i, side) as usize] += 1.0;
        }
    }
    out
}

/// The features of `game`'s position whatever it holds (where [`features`] leaves
/// out those the search looks past), with its static value: for a fit to the moves
/// a judge chose, which weighs every child of a position. `None` once the game is
/// over.
#[must_use]
pub fn features_and_value(game: &Gomoku) -> Option<([f64; FEATURES], i32)> {
    if game.is_over() {
        return None;
    }
    let board = Board::from_game(game);
    Some((counted_features(&board), evaluate(&board)))
}

/// The combinations of lines of every empty point of `game`'s position (their
/// `combo` keys, for the side to move and for the opponent; points whose lines
/// make nothing left out): the features of the combination corrections
/// ([`weights::COMBO_TO_MOVE`], [`weights::COMBO`]).
#[must_use]
pub fn combos(game: &Gomoku) -> [Vec<u16>; 2] {
    let board = Board::from_game(game);
    let me = board.side();
    [me, 1 - me].map(|side| {
        board
            .empties()
            .map(|i| combo_key(board.lines(i, side)))
            .filter(|&key| key != 0)
            .collect()
    })
}

/// A combination's name, its lines strongest first (`flex2+block2`).
#[must_use]
pub fn combo_name(key: u16) -> String {
    combo_lines(key)
        .iter()
        .map(|&l| line_feature(l as usize).unwrap_or("?"))
        .collect::<Vec<_>>()
        .join("+")
}

/// The combination's lines as `weights.rs` writes them (`&[Flex2, Block2]`).
#[must_use]
pub fn combo_code(key: u16) -> String {
    let names: Vec<String> = combo_lines(key).iter().map(|l| format!("{l:?}")).collect();
    format!("&[{}]", names.join(", "))
}

/// The static evaluation of `game`'s position for the side to move, as the search
/// scores its leaves (for measuring the weights; see [`features`]).
#[must_use]
pub fn static_value(game: &Gomoku) -> i32 {
    evaluate(&Board::from_game(game))
}

/// The line and threat weights in use under `rule`, for the side to move and for the
/// opponent (for the fit, which keeps those it cannot fit).
#[must_use]
pub fn current_weights(rule: Rule) -> [([i32; LINES], [i32; THREATS]); 2] {
    let w = Set::of(rule).weights();
    [(w.line_to_move, w.threat_to_move), (w.line, w.threat)]
}

/// The name of [`Line`] pattern number `line` (for the fit's report).
#[must_use]
pub fn line_feature(line: usize) -> Option<&'static str> {
    const NAMES: [&str; LINES] = [
        "none", "block2", "flex2", "block3", "flex3", "block4", "flex4", "five", "overline",
    ];
    NAMES.get(line).copied()
}

/// The name of [`Threat`] number `threat` (for the fit's report).
#[must_use]
pub fn threat_feature(threat: usize) -> Option<&'static str> {
    const NAMES: [&str; THREATS] = [
        "forbidden",
        "none",
        "flex3",
        "flex3+",
        "double-flex3",
        "block4",
        "block4+",
        "block4-flex3",
        "flex4",
        "five",
    ];
    NAMES.get(threat).copied()
}

// Every line pattern has its feature.
const _: () = assert!(Line::Overline as usize == LINES - 1);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::gomoku::pattern::combo_key_of;
    use crate::rules::gomoku::parse_position;

    fn game(moves: &str) -> Gomoku {
        parse_position(&format!("15x15:{moves}"), None).expect("a position")
    }

    /// A side's points' total, from its features and weights.
    fn total(features: &[f64], (line, threat): ([i32; LINES], [i32; THREATS])) -> i32 {
        let lines: f64 = (0..LINES).map(|l| features[l] * f64::from(line[l])).sum();
        let threats: f64 = (0..THREATS)
            .map(|t| features[LINES + t] * f64::from(threat[t]))
            .sum();
        (lines + threats) as i32
    }

    /// Under each rule, with that rule's set of weights: renju's positions are
    /// judged by renju's.
    #[test]
    fn the_features_give_the_evaluation_back() {
        for moves in [
            "h8,i9,j8",
            "h8,i9,j8,i10,f9,k8,h11,h6",
            "h8,h9,i8,g7,j10,k11",
            "/renju:h8,i9,j8",
            "/renju:h8,i9,j8,i10,f9,k8,h11,h6",
            "/renju:h8,h9,i8,g7,j10,k11",
        ] {
            let game = match moves.strip_prefix('/') {
                Some(ruled) => parse_position(&format!("15x15/{ruled}"), None).unwrap(),
                None => game(moves),
            };
            let f = features(&game).expect("a quiet position");
            let [to_move, waiting] = current_weights(game.rule());
            let corrections = |keys: &[u16], table: &[(u16, i32)]| -> i32 {
                keys.iter()
                    .map(|k| table.iter().find(|(c, _)| c == k).map_or(0, |&(_, v)| v))
                    .sum()
            };
            let [mine, theirs] = combos(&game);
            let weights = Set::of(game.rule()).weights();
            let [fix_to_move, fix_waiting] =
                [weights.combo_to_move, weights.combo].map(|table| -> Vec<(u16, i32)> {
                    table.iter().map(|&(c, v)| (combo_key_of(c), v)).collect()
                });
            let expected = total(&f[..SIDE_FEATURES], to_move)
                - total(&f[SIDE_FEATURES..], waiting)
                + corrections(&mine, &fix_to_move)
                - corrections(&theirs, &fix_waiting)
                + weights.tempo
                + threat_table_weight(game.rule(), threat_mask_of(&game));
            assert_eq!(static_value(&game), expected, "{moves}");
        }
        // The sets differ: the same stones are judged apart under the two rules.
        let stones = "h8,i9,j8,i10,f9,k8,h11,h6";
        let renju = parse_position(&format!("15x15/renju:{stones}"), None).unwrap();
        assert_ne!(static_value(&game(stones)), static_value(&renju));
    }

    #[test]
    fn the_threat_mask_says_which_threats_each_side_has() {
        // Nothing yet.
        assert_eq!(threat_mask_of(&game("h8,h9")), 0);
        // White to move: Black's h8 i8 make an open three at g8 or j8 (and more),
        // White's h9 i9 the same.
        let mask = threat_mask_of(&game("h8,h9,i8,i9"));
        assert_ne!(mask & 0b1100, 0, "{}", threat_mask_name(mask));
        assert_ne!(mask & 0b1100_0000, 0, "{}", threat_mask_name(mask));
        assert_eq!(mask & 0b0011_0011, 0, "{}", threat_mask_name(mask));
        // Black to move with three in a row closed by White at e8: a four to make,
        // and White none.
        let mask = threat_mask_of(&game("f8,a1,g8,a3,h8,e8"));
        assert_ne!(mask & 0b0011, 0, "{}", threat_mask_name(mask));
        assert_eq!(mask & 0b0011_0000, 0, "{}", threat_mask_name(mask));
        assert_eq!(threat_mask_name(0b0001_0110), "me 4 3+ · them 4+");
    }

    /// The fit to the judge's moves weighs every child: the features are there for
    /// any position still in play, and match those of a quiet one.
    #[test]
    fn every_position_in_play_has_features_and_a_value() {
        let quiet = game("h8,h9");
        assert_eq!(
            features_and_value(&quiet),
            Some((features(&quiet).unwrap(), static_value(&quiet)))
        );
        // White to move against Black's open three: left out of the fit's
        // positions, but a child there is weighed.
        let three = game("h8,h9,i8,i9,j8");
        assert!(features(&three).is_none());
        let (f, value) = features_and_value(&three).expect("a position in play");
        assert_eq!(value, static_value(&three));
        // Black's points that make an open four count in the waiting side's half.
        assert!(f[SIDE_FEATURES + LINES + Threat::Flex4 as usize] > 0.0);
        // A five ends the game: nothing to weigh.
        assert!(features_and_value(&game("h8,a1,i8,a2,j8,a3,k8,a4,l8")).is_none());
    }

    #[test]
    fn positions_the_search_looks_past_have_no_features() {
        // White to move against Black's open three (h8 i8 j8): the search answers it.
        assert!(features(&game("h8,h9,i8,i9,j8")).is_none());
        // Black to move with an open three of its own: an open four wins.
        assert!(features(&game("h8,h9,i8,i9,j8,a1")).is_none());
        // Black to move against White's four: it must block.
        assert!(features(&game("h8,h9,i8,h10,a1,h11,a3,h12")).is_none());
        // A quiet position has them.
        assert!(features(&game("h8,h9")).is_some());
        // So has Black to move with a four-three (l8: i8-l8 against h8, l8-l10)
        // against no four: the search judges it statically at the horizon.
        let four_three = game("i8,h8,j8,a1,k8,a15,l9,o1,l10,o15");
        let board = Board::from_game(&four_three);
        let l8 = Board::index(four_three.size().parse_point("l8").unwrap());
        assert_eq!(board.threat(l8, 0), Threat::Block4Flex3);
        assert_eq!(board.count_fours(1), 0);
        assert!(features(&four_three).is_some());
    }
}
