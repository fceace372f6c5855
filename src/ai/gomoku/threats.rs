//! Threat-space search: VCF (victory by continuous fours) and VCT (by continuous
//! threes and fours).
//!
//! The attacker only plays threats, so the defender's replies are few: one point
//! against a four; against an open three, the attacker's four-points and the
//! defender's own fours. A win is claimed only when every such reply loses, so a
//! found win is real; running out of depth or nodes just means "none found".
//!
//! A defender's four is blocked, and the defender must answer the three again: a
//! counter-four gains a tempo, it need not save the defender. (When a counter-four
//! counted as a defence that held, the VCT found a win in 322 of 1,065 positions of
//! lab games against Rapfi where Rapfi, at 150 ms, saw a forced win for the side to
//! move, with level 5's node budget for a 500 ms move, 37,500; now it finds 683,
//! though 6 of the 322 no longer within the budget.)
//!
//! What a solve proved is remembered by position, with the depth it was proved to:
//! a failure for every solve as deep or shallower, a win (and its move) for every
//! solve as deep or deeper. (When only failures were remembered, and each at its own
//! depth, the solver found 683 of those 1,065 wins with 37,500 nodes, in 12.83 M
//! nodes and 5.8 s in all; with wins and depths, 693 in 12.40 M nodes and 5.4 s.)

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use super::board::{Board, Side};
use super::pattern::Threat;
use crate::ai::clock::Clock;

/// Entries in the solver's table of what it proved.
const CACHE_SIZE: usize = 1 << 16;
/// Attacker moves in a VCF line inside VCT.
const VCF_INSIDE_VCT: u32 = 12;
/// Solver nodes between looks at the clock and the stop flag: few, so that a solve
/// in slices stops close to a slice's end (a solver node makes and takes back a move
/// and looks for the fives it makes).
const CLOCK_INTERVAL: u64 = 64;

/// A VCF/VCT solver with its own node count, node limit and proof table.
pub(super) struct Solver<'s> {
    pub nodes: u64,
    limit: u64,
    /// Give up once this much time has passed on the clock, whatever the node budget,
    /// but not before `nodes` reaches `deadline_floor`.
    deadline: Option<(Clock, Duration)>,
    deadline_floor: u64,
    /// The deadline ended a solve since it was set.
    timed_out: Cell<bool>,
    /// Give up once this is set (the caller's stop flag), looked at with the clock.
    stop: Option<&'s AtomicBool>,
    proved: Box<[Proof]>,
}

/// What the solver proved about a position (its hash, with the kind of solve in
/// the lowest bit): no win with up to `failed` threats (or fours), and a win by
/// `win` with up to `won` of them. Either holds for a search with less (for a
/// failure) or more (for a win) depth. `failed` 0 and `won` 255 know nothing: no
/// solve asks at depth 0.
#[derive(Clone, Copy, Default)]
struct Proof {
    key: u64,
    failed: u8,
    won: u8,
    win: u16,
}

impl<'s> Solver<'s> {
    pub(super) fn new() -> Self {
        Self {
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            deadline_floor: 0,
            timed_out: Cell::new(false),
            stop: None,
            proved: vec![Proof::default(); CACHE_SIZE].into_boxed_slice(),
        }
    }

    /// Sets how many more nodes the solver may visit.
    pub(super) fn set_budget(&mut self, nodes: u64) {
        self.limit = self.nodes.saturating_add(nodes);
    }

    /// Also gives up at `limit` on `clock`: the node budget is only an estimate of time.
    pub(super) fn set_deadline(&mut self, clock: Clock, limit: Duration) {
        self.set_deadline_after(clock, limit, 0);
    }

    /// [`Solver::set_deadline`], looked at only after `nodes` more nodes: a solve
    /// that must stop at a slice's end still gets on when the slices are short.
    pub(super) fn set_deadline_after(&mut self, clock: Clock, limit: Duration, nodes: u64) {
        self.deadline = Some((clock, limit));
        self.deadline_floor = self.nodes.saturating_add(nodes);
        self.timed_out.set(false);
    }

    /// Whether the deadline ended a solve since it was set.
    pub(super) fn timed_out(&self) -> bool {
        self.timed_out.get()
    }

    /// Also gives up as soon as `stop` is set.
    pub(super) fn set_stop(&mut self, stop: &'s AtomicBool) {
        self.stop = Some(stop);
    }

    /// Whether the node budget is spent or the stop flag set: trying again is no use.
    pub(super) fn stopped(&self) -> bool {
        self.nodes >= self.limit || self.stop.is_some_and(|stop| stop.load(Relaxed))
    }

    fn out_of_nodes(&self) -> bool {
        if self.nodes >= self.limit || self.timed_out.get() {
            return true;
        }
        if !self.nodes.is_multiple_of(CLOCK_INTERVAL) {
            return false;
        }
        if self.stop.is_some_and(|stop| stop.load(Relaxed)) {
            return true;
        }
        let late = self.nodes >= self.deadline_floor
            && self
                .deadline
                .is_some_and(|(clock, limit)| clock.elapsed() >= limit);
        self.timed_out.set(late);
        late
    }

    fn slot(key: u64) -> usize {
        (key as usize) & (CACHE_SIZE - 1)
    }

    fn entry(&mut self, key: u64) -> &mut Proof {
        let entry = &mut self.proved[Self::slot(key)];
        if entry.key != key {
            *entry = Proof {
                key,
                won: u8::MAX,
                ..Proof::default()
            };
        }
        entry
    }

    /// A win known with up to `depth` threats, or whether none is known to exist.
    fn known(&self, key: u64, depth: u32) -> Option<Option<usize>> {
        let entry = self.proved[Self::slot(key)];
        if entry.key != key {
            return None;
        }
        if u32::from(entry.won) <= depth {
            Some(Some(usize::from(entry.win)))
        } else if u32::from(entry.failed) >= depth {
            Some(None)
        } else {
            None
        }
    }

    /// Remembers a solve's result: a win (sound however the solve ended), or none
    /// found when the solve was not cut short.
    fn remember(&mut self, key: u64, depth: u32, result: Option<usize>) -> Option<usize> {
        // (A win deeper than an entry holds is not remembered; a failure is, as one
        // to the deepest depth it holds.)
        match result {
            Some(win) => {
                if let Ok(depth) = u8::try_from(depth) {
                    let entry = self.entry(key);
                    if depth < entry.won {
                        entry.won = depth;
                        entry.win = win as u16;
                    }
                }
            }
            None if !self.out_of_nodes() => {
                let entry = self.entry(key);
                entry.failed = entry.failed.max(depth.min(u32::from(u8::MAX)) as u8);
            }
            None => {}
        }
        result
    }

    /// A first move of a win by continuous fours for the side to move, with at most
    /// `depth` fours before the last one.
    pub(super) fn vcf(&mut self, board: &mut Board, depth: u32) -> Option<usize> {
        let me = board.side();
        let opp = 1 - me;
        if let Some(five) = board.find(me, Threat::Five) {
            return Some(five);
        }
        let block = match board.count(opp, Threat::Five) {
            0 => None,
            1 => Some(board.find(opp, Threat::Five)?),
            _ => return None,
        };
        if block.is_none()
            && let Some(four) = board.find(me, Threat::Flex4)
        {
            return Some(four);
        }
        if depth == 0 || self.out_of_nodes() {
            return None;
        }
        let key = board.hash() | 1;
        if let Some(known) = self.known(key, depth) {
            return known;
        }
        let moves = match block {
            // Forced to block: only go on if the block is itself a four.
            Some(b) if board.threat(b, me) >= Threat::Block4 => vec![b],
            Some(_) => Vec::new(),
            None => fours(board, me),
        };
        let win = moves
            .into_iter()
            .find(|&m| self.four_then_block(board, m, |s, b| s.vcf(b, depth - 1).is_some()));
        self.remember(key, depth, win)
    }

    /// Plays the four `m`, the defender's forced block, then asks `next` whether the
    /// attacker still wins; everything is taken back.
    fn four_then_block(
        &mut self,
        board: &mut Board,
        m: usize,
        next: impl FnOnce(&mut Self, &mut Board) -> bool,
    ) -> bool {
        let me = board.side();
        self.nodes += 1;
        board.make(m);
        let won = match board.fives_around(m, me) {
            [_, Some(_)] => true,
            [None, None] => false,
            [Some(block), None] => {
                // A defender with a five of its own wins first; one that may not play
                // the block (Black's forbidden point under renju) has lost.
                if board.count(1 - me, Threat::Five) > 0 {
                    false
                } else if board.threat(block, 1 - me) == Threat::Forbidden {
                    true
                } else {
                    board.make(block);
                    let won = next(self, board);
                    board.unmake();
                    won
                }
            }
        };
        board.unmake();
        won
    }

    /// A first move of a win by continuous threes and fours for the side to move, with
    /// at most `depth` threes.
    pub(super) fn vct(&mut self, board: &mut Board, depth: u32) -> Option<usize> {
        if let Some(m) = self.vcf(board, VCF_INSIDE_VCT) {
            return Some(m);
        }
        let me = board.side();
        let opp = 1 - me;
        if self.out_of_nodes() {
            return None;
        }
        match board.count(opp, Threat::Five) {
            0 => {}
            // The defender's four: block it, and the defender is to answer again the
            // three still on the board, paid for already (a counter-four gains a
            // tempo, but it need not save the defender).
            1 => {
                let block = board.find(opp, Threat::Five)?;
                if board.threat(block, me) == Threat::Forbidden {
                    return None;
                }
                self.nodes += 1;
                board.make(block);
                let won = self.defender_loses(board, depth + 1);
                board.unmake();
                return won.then_some(block);
            }
            _ => return None,
        }
        if depth == 0 {
            return None;
        }
        let key = board.hash() & !1;
        if let Some(known) = self.known(key, depth) {
            return known;
        }
        let mut attacks: Vec<(usize, Threat)> = board
            .candidates()
            .filter_map(|i| {
                let t = board.threat(i, me);
                (t >= Threat::Flex3).then_some((i, t))
            })
            .collect();
        attacks.sort_by_key(|&(i, t)| (std::cmp::Reverse(t), -board.value(i, me)));
        for (m, threat) in attacks {
            let wins = if threat >= Threat::Block4 {
                self.four_then_block(board, m, |s, b| s.vct(b, depth).is_some())
            } else {
                self.three_holds(board, m, depth)
            };
            if wins {
                return self.remember(key, depth, Some(m));
            }
            if self.out_of_nodes() {
                return None;
            }
        }
        self.remember(key, depth, None)
    }

    /// [`Solver::vct`] by iterative deepening: one three, then two, up to `max_depth`
    /// threes, until a win is found or the budget is spent. Short wins come first and
    /// cheaply; what budget is left goes to longer ones.
    pub(super) fn vct_deepening(&mut self, board: &mut Board, max_depth: u32) -> Option<usize> {
        for depth in 1..=max_depth {
            if let Some(win) = self.vct(board, depth) {
                return Some(win);
            }
            if self.out_of_nodes() {
                break;
            }
        }
        None
    }

    /// Whether the three `m` wins against every defence.
    fn three_holds(&mut self, board: &mut Board, m: usize, depth: u32) -> bool {
        let me = board.side();
        let opp = 1 - me;
        self.nodes += 1;
        board.make(m);
        let holds = board.count(opp, Threat::Five) == 0 && self.defender_loses(board, depth);
        board.unmake();
        holds
    }

    /// With the defender to move, whether every defence against the attacker's
    /// threat on the board loses: a four to block, or an open three (a point that
    /// makes an open four) to block at one of the attacker's four-points or answer
    /// with a four of its own.
    /// `depth` counts the threes the attacker may play, that on the board included.
    fn defender_loses(&mut self, board: &mut Board, depth: u32) -> bool {
        debug_assert!(depth > 0, "the threat on the board was paid for");
        let def = board.side();
        let att = 1 - def;
        if board.count(def, Threat::Five) > 0 {
            return false;
        }
        let fives = board.count(att, Threat::Five);
        if fives >= 2 {
            return true;
        }
        let defences: Vec<usize> = if fives == 1 {
            let Some(block) = board.find(att, Threat::Five) else {
                return false;
            };
            if board.threat(block, def) == Threat::Forbidden {
                return true;
            }
            vec![block]
        } else if board.count(att, Threat::Flex4) > 0 {
            // Blocks first, counter-fours last: a block that holds ends the look
            // before the costlier lines a counter-four opens are searched.
            let mut defences: Vec<usize> = board
                .candidates()
                .filter(|&q| {
                    board.threat(q, def) != Threat::Forbidden
                        && (board.threat(q, att) >= Threat::Block4
                            || board.threat(q, def) >= Threat::Block4)
                })
                .collect();
            defences.sort_by_key(|&q| board.threat(q, att) < Threat::Block4);
            defences
        } else {
            return false;
        };
        for q in defences {
            self.nodes += 1;
            board.make(q);
            let won = self.vct(board, depth - 1).is_some();
            board.unmake();
            if !won {
                return false;
            }
        }
        true
    }
}

/// The points where `side` makes a four (short of an open four), best first.
pub(super) fn fours(board: &Board, side: Side) -> Vec<usize> {
    // Every four-point is near a stone, so the scan can stop at the last of them.
    let n = usize::from(board.count_fours(side) - board.count(side, Threat::Flex4));
    let mut moves: Vec<usize> = board
        .candidates()
        .filter(|&i| (Threat::Block4..Threat::Flex4).contains(&board.threat(i, side)))
        .take(n)
        .collect();
    moves.sort_by_key(|&i| {
        (
            std::cmp::Reverse(board.threat(i, side)),
            -board.value(i, side),
        )
    });
    moves
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::Game;
    use crate::rules::gomoku::{BoardSize, Gomoku, Point, Rule};

    /// A position from the stones of each side, Black to move when the counts are
    /// equal, White otherwise.
    pub(crate) fn position(size: &str, rule: Rule, black: &str, white: &str) -> Gomoku {
        let size: BoardSize = size.parse().unwrap();
        let parse = |s: &str| -> Vec<Point> {
            s.split_whitespace()
                .map(|m| size.parse_point(m).unwrap())
                .collect()
        };
        let (b, w) = (parse(black), parse(white));
        let mut moves = Vec::new();
        for i in 0..b.len().max(w.len()) {
            moves.extend(b.get(i));
            moves.extend(w.get(i));
        }
        Gomoku::from_moves(size, rule, moves).unwrap()
    }

    fn vcf(game: &Gomoku, depth: u32) -> Option<String> {
        let mut board = Board::from_game(game);
        let mut solver = Solver::new();
        solver
            .vcf(&mut board, depth)
            .map(|i| Board::point(i).to_string())
    }

    #[test]
    fn finds_an_open_four_and_a_five() {
        let g = position("15x15", Rule::FreeStyle, "h8 i8 j8", "a1 a3 a5");
        assert!(matches!(vcf(&g, 0).as_deref(), Some("g8" | "k8")));
        let g = position("15x15", Rule::FreeStyle, "h8 i8 j8 k8", "a1 a3 a5 g8");
        assert_eq!(vcf(&g, 0).as_deref(), Some("l8"));
    }

    /// VCF puzzles on 15x15 (free-style), Black to move, as move lists, with the
    /// number of fours the shortest win needs (the last one may be an open four).
    pub(crate) const VCF_PUZZLES: [(&str, u32); 2] = [
        (
            "h11 j9 g7 j7 g9 e5 j4 g8 f5 k12 k11 d10 j10 g5 e9 f11 l9 k9 g10 g6 l8 d5",
            3,
        ),
        (
            "k9 i12 i8 g6 f4 g5 l7 i5 f10 f12 k5 e6 l12 j10 k6 l6 g8 f8 j12 e10",
            4,
        ),
    ];

    pub(crate) fn puzzle(moves: &str, rule: Rule) -> Gomoku {
        let size = BoardSize::STANDARD;
        let points = moves
            .split_whitespace()
            .map(|m| size.parse_point(m).unwrap());
        Gomoku::from_moves(size, rule, points).unwrap()
    }

    #[test]
    fn solves_vcf_puzzles_of_three_and_four_fours() {
        for (moves, fours) in VCF_PUZZLES {
            for rule in Rule::ALL {
                let g = puzzle(moves, rule);
                assert!(vcf(&g, fours - 2).is_none(), "{fours} fours are needed");
                let first = vcf(&g, fours - 1).expect("a VCF");
                assert!(g.is_legal(g.size().parse_point(&first).unwrap()));
            }
        }
    }

    #[test]
    fn plays_a_vcf_out_against_every_block() {
        let (moves, _) = VCF_PUZZLES[1];
        let mut g = puzzle(moves, Rule::FreeStyle);
        let mut solver = Solver::new();
        while !g.is_over() {
            let mut board = Board::from_game(&g);
            let attack = solver.vcf(&mut board, 10).expect("the win goes on");
            g.play(Board::point(attack)).unwrap();
            if g.is_over() {
                break;
            }
            // The defender blocks the five (any block if there are two).
            let board = Board::from_game(&g);
            let block = board.find(0, Threat::Five).expect("a four to block");
            g.play(Board::point(block)).unwrap();
        }
        assert_eq!(
            g.outcome(),
            Some(crate::rules::Outcome::Win(crate::rules::Player::First))
        );
    }

    #[test]
    fn no_vcf_where_the_defender_has_a_five() {
        let g = position("15x15", Rule::FreeStyle, "h8 i8 j8 a14", "a1 a2 a3 a4");
        assert!(vcf(&g, 10).is_none());
    }

    fn vct(game: &Gomoku, threes: u32) -> Option<String> {
        let mut board = Board::from_game(game);
        Solver::new()
            .vct_deepening(&mut board, threes)
            .map(|i| Board::point(i).to_string())
    }

    #[test]
    fn a_counter_four_only_delays_a_vct() {
        // j8 makes two open threes; White's a4, a four on the edge, is blocked at a5
        // and the threes are still there.
        let g = position("15x15", Rule::FreeStyle, "h8 i8 j10 j11", "a1 a2 a3 o15");
        assert_eq!(vct(&g, 1).as_deref(), Some("j8"));
        // Without the counter-four it is the same win.
        let g = position("15x15", Rule::FreeStyle, "h8 i8 j10 j11", "o1 o3 o5 o15");
        assert_eq!(vct(&g, 1).as_deref(), Some("j8"));
    }

    #[test]
    fn a_counter_four_that_wins_refutes_a_vct() {
        // White's open three becomes an open four as soon as Black's threes give it
        // a tempo; then White's a1 makes two open fours at once.
        let g = position("15x15", Rule::FreeStyle, "h8 i8 j10 j11", "c5 c6 c7 o15");
        assert_eq!(vct(&g, 3), None);
        let g = position(
            "15x15",
            Rule::FreeStyle,
            "h8 i8 j10 j11 o14 o12",
            "a2 a3 a4 b1 c1 d1",
        );
        assert_eq!(vct(&g, 3), None);
    }
}
