//! Move generation near the stones, pruned by threats and ordered by them.

use super::board::Board;
use super::pattern::{Line, Threat};

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
    /// The opponent threatens a four and an open three at once: take its point or
    /// a point of its lines, or make a four first. As against an open four, every
    /// such move is searched, none reduced.
    BlockFourThree,
}

/// Fills `out` with the moves worth searching, unordered, and says how forced they are.
///
/// The caller has already handled a five of our own and a double five threat. The
/// list is empty only when every move is forbidden to Black under renju.
///
/// Against a threat, only the moves that can stop it are generated, as the strong
/// classical engines do: the threat's point, the points of its lines within a
/// pattern's reach of it, and our own fours, which gain a tempo; a stone anywhere
/// else leaves the threat as it was. So against an open three (an open four to
/// come) and a four-three to come, but not under renju against Black, whose
/// four-three may be a false one. (Before, the opponent's four-points on other lines
/// were searched against an open three too, and every move near the stones against
/// a four-three. Both together took 11% fewer nodes to depth 10 on 16 lab middle
/// games, and won 65 of 384 games against full Rapfi at 500 ms, 4 drawn, 17.4%,
/// where the engine without them, side by side on the same three sets of 64
/// openings, won 56, 2 drawn, 14.8%: 26-20, 16-15 and 23-21 by set.)
pub(super) fn generate(board: &Board, out: &mut Vec<Scored>) -> Forcing {
    let forcing = forcing(board);
    generate_as(board, forcing, out);
    forcing
}

/// [`generate`] where the caller already knows how forced the node is (`forcing`,
/// [`forcing`]'s answer).
pub(super) fn generate_as(board: &Board, forcing: Forcing, out: &mut Vec<Scored>) {
    debug_assert_eq!(forcing, self::forcing(board));
    let me = board.side();
    let opp = 1 - me;
    out.clear();
    if forcing == Forcing::BlockFive {
        // The opponent's four is nearly always its last move's: its five-points
        // are then on that stone's lines, found without looking at every point.
        let around = board
            .last_move()
            .map_or([None; 2], |last| board.fives_around(last, opp));
        let found = around.iter().flatten().count();
        if usize::from(board.count(opp, Threat::Five)) == found {
            out.extend(around.iter().flatten().map(|&mv| scored(board, mv)));
        } else {
            out.extend(
                board
                    .empties()
                    .filter(|&i| board.threat(i, opp) == Threat::Five)
                    .map(|mv| scored(board, mv)),
            );
        }
    } else if forcing == Forcing::BlockFour {
        let at = board
            .find(opp, Threat::Flex4)
            .expect("a four-point to block");
        // Our fours, and the opponent's four-points on the lines where `at` makes a
        // four (an open four, or two fours at once): every point that stops those
        // fours is one (a stone elsewhere leaves them).
        let lines = board.lines(at, opp);
        out.extend(
            board
                .candidates()
                .filter(|&i| {
                    board.threat(i, me) >= Threat::Block4
                        || (board.threat(i, opp) >= Threat::Block4
                            && (i == at || on_lines(at, &lines, i, &[Line::Block4, Line::Flex4])))
                })
                .map(|mv| scored(board, mv)),
        );
    } else if forcing == Forcing::BlockFourThree {
        let at = board
            .find(opp, Threat::Block4Flex3)
            .expect("a four-three point to block");
        let lines = board.lines(at, opp);
        out.extend(
            board
                .candidates()
                .filter(|&i| {
                    i == at
                        || board.threat(i, me) >= Threat::Block4
                        || on_lines(at, &lines, i, &[Line::Flex3, Line::Block4])
                })
                .map(|mv| scored(board, mv)),
        );
    } else {
        out.extend(board.candidates().map(|mv| scored(board, mv)));
    }
    // Black's forbidden points under renju are no moves (and so a five it can only
    // block on one is lost); no other side has any.
    if board.has_fouls() && me == 0 {
        out.retain(|m| board.threat(m.mv, me) != Threat::Forbidden);
    }
    if out.is_empty() && forcing == Forcing::Free && board.candidates().next().is_none() {
        // Only on a board with no stones near any empty point.
        out.extend(board.empties().take(1).map(|mv| scored(board, mv)));
    }
}

/// How forced the side to move is ([`generate`]'s answer), from the threat counts
/// alone: no point is looked at.
pub(super) fn forcing(board: &Board) -> Forcing {
    let opp = 1 - board.side();
    if board.count(opp, Threat::Five) > 0 {
        Forcing::BlockFive
    } else if board.count(opp, Threat::Flex4) > 0 {
        Forcing::BlockFour
    } else if board.count(opp, Threat::Block4Flex3) > 0 && !(board.has_fouls() && opp == 0) {
        Forcing::BlockFourThree
    } else {
        Forcing::Free
    }
}

/// Whether [`generate`] lists `mv` at a node where the side to move is free
/// ([`Forcing::Free`]): an empty point near the stones that is no forbidden point.
pub(super) fn generates_free(board: &Board, mv: usize) -> bool {
    board.is_candidate(mv) && board.threat(mv, board.side()) != Threat::Forbidden
}

/// Whether `i` lies within the pattern window of `at` on one of its lines where a
/// stone at `at` makes one of `kinds`.
fn on_lines(at: usize, lines: &[Line; 4], i: usize, kinds: &[Line]) -> bool {
    Board::line_through(at, i).is_some_and(|d| kinds.contains(&lines[d]))
}

/// Attack first, then defence: our threat ranks above the same threat of theirs.
///
/// (An order fitted to full Rapfi's own moves did not play better. A score for
/// each combination of a point's four lines, for the side to move and for the
/// opponent, and for its distances to the last two moves, fitted by softmax over
/// the candidates of 55,657 positions where Rapfi moved in 4,619 lab match games,
/// put Rapfi's move first in 28% of the positions held out, where this order does
/// in 18%, and among the first ten in 83% against 67%. With fours first and that
/// order after, the engine won 32 of the first 185 games against full Rapfi at
/// 500 ms, 17.3%; with it inside these threat ranks, 30 of 163, 18.4%, where this
/// wins 20-22%.)
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
///
/// (A plain four, a closed four with nothing more, counted as quiet too, measured
/// and left out. Its block is forced and it wins nothing by itself, but a middle
/// game has many, each searched at full depth: at 500 ms, 5% to 29% of the nodes
/// answered a four in 13 positions of match games. Reducing them took 6-15% fewer
/// nodes to the same depths (11.1 M against 13.0 M to depth 12 on 16 lab middle
/// games, 8.44 M against 9.33 M to depth 9 on 40 positions of match games), and
/// against full Rapfi at 500 ms, side by side with the engine without it on four
/// sets of 64 openings played both ways, it won 97 of 512 games, 4 drawn, 19.3%,
/// where the engine without it won 83, 3 drawn, 16.5%: 27-23, 31-18, 15-22 and
/// 24-20 by set, better in 71 games and worse in 57, inside the noise. And level 5
/// lost more often to level 3 with it: 13 of 150 self-play games (three seeds of
/// 50, 1 drawn) where it loses 7 (1 drawn) on the same seeds. With two more cuts of
/// the forced part of the tree, only the blocks of an open three at the horizon
/// and the replies to an open three after the first a ply less deep, it took 37%
/// fewer nodes to depth 12 and won 25 of 128 on the first set, 1 drawn, where the
/// engine without any of them won 23. Measured again once the blocks of fours
/// extended their lines (see the search), on a new set of 64 openings played both
/// ways: 20 of 128 won, 4 drawn, 17.2%, where the engine without it won 23, 18.0%,
/// better in 13 games and worse in 14. Its moves in 2,392 level positions of lost
/// match games, judged by Rapfi to depth 16, lost 0.0002 +- 0.0013 in winning
/// chance, where twice the time gains 0.0033 +- 0.0012:
/// scripts/gomoku-move-quality.py.)
///
/// (Two open threes at once, of either side, counted as no quiet move, never
/// reduced or skipped, took 4.16 M and 9.52 M nodes to depths 10 and 12 on 16 lab
/// middle games where the engine takes 4.30 M and 9.63 M, but won 43 of 256 games
/// against full Rapfi at 500 ms, 2 drawn, where the engine scored 54.5 points on
/// the same two sets of 64 openings played both ways: 20 to 27 and 24 to 27.5,
/// better in 28 games and worse in 38.)
pub(super) fn is_quiet(board: &Board, mv: usize) -> bool {
    let me = board.side();
    board.threat(mv, me) < Threat::Block4 && board.threat(mv, 1 - me) < Threat::Block4
}
