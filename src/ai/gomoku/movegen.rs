//! Move generation near the stones, pruned by threats and ordered by them, and the
//! quiet moves among them by a policy fitted to a strong engine's choices.

use super::board::{Board, STRIDE};
use super::pattern::{THREATS, Threat};
use crate::rules::gomoku::{Gomoku, Point};

mod policy;

/// A move with its ordering score.
#[derive(Clone, Copy, Debug)]
pub(super) struct Scored {
    pub mv: usize,
    pub score: i32,
}

/// Whether the side to move is forced, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Forcing {
    /// Free to play anywhere near the stones.
    Free,
    /// The opponent threatens five: only the block (or our own five) helps.
    BlockFive,
    /// The opponent threatens an open four: block it, or make a four first.
    BlockFour,
}

/// Fills `out` with the moves worth searching, unordered, and says how forced they are.
///
/// The caller has already handled a five of our own and a double five threat. The
/// list is empty only when every move is forbidden to Black under renju.
pub(super) fn generate(board: &Board, out: &mut Vec<Scored>) -> Forcing {
    let me = board.side();
    let opp = 1 - me;
    out.clear();
    let forcing = if board.count(opp, Threat::Five) > 0 {
        out.extend(
            board
                .empties()
                .filter(|&i| board.threat(i, opp) == Threat::Five)
                .map(|mv| scored(board, mv)),
        );
        Forcing::BlockFive
    } else if board.count(opp, Threat::Flex4) > 0 {
        out.extend(
            board
                .candidates()
                .filter(|&i| {
                    board.threat(i, me) >= Threat::Block4 || board.threat(i, opp) >= Threat::Block4
                })
                .map(|mv| scored(board, mv)),
        );
        Forcing::BlockFour
    } else {
        let recent = board.last_moves();
        out.extend(board.candidates().map(|mv| {
            if is_quiet(board, mv) {
                Scored {
                    mv,
                    score: policy(board, mv, recent) * POLICY_SCALE,
                }
            } else {
                let mut forcing = scored(board, mv);
                forcing.score += FOURS_FIRST;
                forcing
            }
        }));
        Forcing::Free
    };
    // Black's forbidden points under renju are no moves (and so a five it can only
    // block on one is lost).
    out.retain(|m| board.threat(m.mv, me) != Threat::Forbidden);
    if out.is_empty() && forcing == Forcing::Free && board.candidates().next().is_none() {
        // Only on a board with no stones near any empty point.
        out.extend(board.empties().take(1).map(|mv| scored(board, mv)));
    }
    forcing
}

/// Ordering points per thousandth of a policy logit: a killer's bonus (5,000) is
/// worth 2.5 logits, the history's (at most 4,000) 2.
const POLICY_SCALE: i32 = 2;
/// Lifts the moves that make or stop a four above the quiet ones, which the policy
/// orders: they are searched first, in the order of their threats, as before the
/// policy. (With every move in the policy's order, the search took 25.3 M nodes to
/// depth 10 over 20 positions from match games, against 13.1 M before the policy and
/// 14.2 M like this.)
const FOURS_FIRST: i32 = 100_000;

/// Attack first, then defence: our threat ranks above the same threat of theirs.
fn scored(board: &Board, mv: usize) -> Scored {
    let me = board.side();
    let (mine, theirs) = (board.threat(mv, me), board.threat(mv, 1 - me));
    let rank = (mine as i32 * 2 + 1).max(theirs as i32 * 2);
    Scored {
        mv,
        score: rank * 10_000 + board.value(mv, me) + board.value(mv, 1 - me),
    }
}

/// Whether a move makes no four and takes no point where the opponent would make
/// one: safe to search less deeply, and to skip near the horizon. A move that makes
/// an open three, or stops one of the opponent's from being made, is quiet too: such
/// moves are most of those near the stones, and the replies to a three are searched
/// anyway, past the horizon. (With threes left unreduced, the engine reached depth 9
/// or 10 in a second where it now reaches 11, and lost to this 56-70 with 2 drawn and
/// 59-68 with 1 drawn, two sets of 64 openings played both ways at 150 ms a move.
/// Reducing the blocks of the opponent's four points too did no better: 59-64, 5
/// drawn.)
pub(super) fn is_quiet(board: &Board, mv: usize) -> bool {
    let me = board.side();
    board.threat(mv, me) < Threat::Block4 && board.threat(mv, 1 - me) < Threat::Block4
}

/// The policy's inputs for a move: the move's [`Threat`] for the side to move and for
/// the opponent (one-hot), how many of its four lines have each [`Line`] pattern
/// from a two up (per side), its [`Board::value`] per side in thousands, and how far
/// it lies from the last move and from the mover's own last move (one-hot: 1, 2, 3,
/// 4, farther or unknown).
///
/// [`Line`]: super::pattern::Line
pub const POLICY_FEATURES: usize = 2 * THREATS + 2 * LINE_FEATURES + 2 + 2 * DISTANCES;
/// Line patterns with a feature: Block2 to Overline (of the nine).
const LINE_FEATURES: usize = 8;
/// Distance classes to a recent move.
const DISTANCES: usize = 5;

/// What the quiet move `mv` is worth to the policy, in thousandths of a logit: the
/// weights of [`policy`] times [`policy_inputs`], by look-ups.
fn policy(board: &Board, mv: usize, recent: [Option<usize>; 2]) -> i32 {
    use policy::{
        FROM_LAST, FROM_OWN_LAST, LINE_MINE, LINE_THEIRS, THREAT_MINE, THREAT_THEIRS, VALUE,
    };
    let me = board.side();
    let opp = 1 - me;
    let mut s =
        THREAT_MINE[board.threat(mv, me) as usize] + THREAT_THEIRS[board.threat(mv, opp) as usize];
    for line in board.lines(mv, me) {
        s += LINE_MINE[line as usize];
    }
    for line in board.lines(mv, opp) {
        s += LINE_THEIRS[line as usize];
    }
    s += (VALUE[0] * board.value(mv, me) + VALUE[1] * board.value(mv, opp)) / 1000;
    s + FROM_LAST[distance(mv, recent[0])] + FROM_OWN_LAST[distance(mv, recent[1])]
}

/// The distance class of `mv` from `other`: 0 for a neighbour, up to 4 for five
/// points or farther, or no such move.
fn distance(mv: usize, other: Option<usize>) -> usize {
    other.map_or(DISTANCES - 1, |other| {
        let (dx, dy) = (
            (mv % STRIDE).abs_diff(other % STRIDE),
            (mv / STRIDE).abs_diff(other / STRIDE),
        );
        dx.max(dy).clamp(1, DISTANCES) - 1
    })
}

/// The policy's inputs (see [`POLICY_FEATURES`]) for `mv` on `board`.
fn policy_inputs(board: &Board, mv: usize, recent: [Option<usize>; 2]) -> [f64; POLICY_FEATURES] {
    let me = board.side();
    let mut x = [0.0; POLICY_FEATURES];
    for (k, side) in [me, 1 - me].into_iter().enumerate() {
        x[k * THREATS + board.threat(mv, side) as usize] = 1.0;
        let lines = 2 * THREATS + k * LINE_FEATURES;
        for line in board.lines(mv, side) {
            if line as usize > 0 {
                x[lines + line as usize - 1] += 1.0;
            }
        }
        x[2 * THREATS + 2 * LINE_FEATURES + k] = f64::from(board.value(mv, side)) / 1000.0;
    }
    let near = 2 * THREATS + 2 * LINE_FEATURES + 2;
    x[near + distance(mv, recent[0])] = 1.0;
    x[near + DISTANCES + distance(mv, recent[1])] = 1.0;
    x
}

/// The moves of `game`'s position with the policy's inputs for each, if the side to
/// move is free (no four or open three of the opponent's to answer) and has no won
/// four: the positions whose quiet moves the policy orders. For the fit, which fits
/// it to all of them (to the quiet ones alone: not measured).
#[must_use]
pub fn policy_features(game: &Gomoku) -> Option<Vec<(Point, [f64; POLICY_FEATURES])>> {
    if game.is_over() {
        return None;
    }
    let board = Board::from_game(game);
    let me = board.side();
    if board.count(me, Threat::Five) > 0 || board.count(me, Threat::Flex4) > 0 {
        return None;
    }
    let mut moves = Vec::new();
    if generate(&board, &mut moves) != Forcing::Free {
        return None;
    }
    let recent = board.last_moves();
    Some(
        moves
            .iter()
            .map(|m| (Board::point(m.mv), policy_inputs(&board, m.mv, recent)))
            .collect(),
    )
}

/// The policy's weights in the order of its inputs, in thousandths of a logit (for
/// the fit's report and the test that the look-ups agree with the inputs).
#[must_use]
pub fn policy_weights() -> [i32; POLICY_FEATURES] {
    let mut w = [0; POLICY_FEATURES];
    w[..THREATS].copy_from_slice(&policy::THREAT_MINE);
    w[THREATS..2 * THREATS].copy_from_slice(&policy::THREAT_THEIRS);
    let lines = 2 * THREATS;
    w[lines..lines + LINE_FEATURES].copy_from_slice(&policy::LINE_MINE[1..]);
    w[lines + LINE_FEATURES..lines + 2 * LINE_FEATURES].copy_from_slice(&policy::LINE_THEIRS[1..]);
    let near = lines + 2 * LINE_FEATURES;
    w[near..near + 2].copy_from_slice(&policy::VALUE);
    w[near + 2..near + 2 + DISTANCES].copy_from_slice(&policy::FROM_LAST);
    w[near + 2 + DISTANCES..].copy_from_slice(&policy::FROM_OWN_LAST);
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gomoku::parse_position;

    fn board(moves: &str) -> (Gomoku, Board) {
        let game = parse_position(&format!("15x15:{moves}"), None).expect("a position");
        let board = Board::from_game(&game);
        (game, board)
    }

    /// The search's look-ups give what the fit's inputs times its weights give, so
    /// that the fitted policy is the one that orders.
    #[test]
    fn the_policy_look_ups_agree_with_its_inputs() {
        let weights = policy_weights();
        for moves in [
            "h8,i9,j8",
            "h8,i9,j8,i10,f9,k8,h11,h6",
            "h8,h9,i8,g7,j10,k11,g9",
        ] {
            let (game, board) = board(moves);
            let recent = board.last_moves();
            let features = policy_features(&game).expect("a free position");
            assert!(features.len() > 10, "{moves}");
            for (p, x) in features {
                let by_inputs: f64 = x.iter().zip(weights).map(|(a, w)| a * f64::from(w)).sum();
                let by_look_ups = policy(&board, Board::index(p), recent);
                assert!(
                    (f64::from(by_look_ups) - by_inputs).abs() < 1.5,
                    "{moves} {p}"
                );
            }
        }
    }

    /// Where the side to move is free, the moves that make or stop a four come
    /// first, in the order of their threats, and the quiet ones after them in the
    /// policy's order.
    #[test]
    fn fours_come_first_and_the_policy_orders_the_quiet_moves() {
        // Black, to move, has a closed three (h8 i8 j8 against g8); White has nothing.
        let (_, board) = board("h8,g8,i8,h10,j8,c3");
        let mut moves = Vec::new();
        assert_eq!(generate(&board, &mut moves), Forcing::Free);
        moves.sort_by_key(|m| -m.score);
        let fours = moves.iter().take_while(|m| !is_quiet(&board, m.mv)).count();
        assert!(fours >= 2, "k8 and l8 make fours");
        assert!(moves[fours..].iter().all(|m| is_quiet(&board, m.mv)));
        let recent = board.last_moves();
        let quiet: Vec<i32> = moves[fours..]
            .iter()
            .map(|m| policy(&board, m.mv, recent))
            .collect();
        assert!(quiet.windows(2).all(|w| w[0] >= w[1]), "{quiet:?}");
        // The policy tells the quiet moves apart.
        assert!(quiet.first() > quiet.last());
    }
}
