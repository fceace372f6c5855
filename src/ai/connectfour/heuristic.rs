//! The searches of levels 2 to 4: alpha-beta to a fixed depth with a heuristic at
//! the leaves, the same bitboards and forced-move rules as the solver.
//!
//! The heuristic counts open fours (empty slots where a side would make four), the
//! ones a side can hope to cash in weighted by whose row parity they sit on (the first
//! player's threats on odd rows, counted from 1 at the bottom, the second player's on
//! even rows, are the ones that decide endgames), and discs in the centre column.

use super::position::{CENTRE_FIRST, Position, column_of};
use crate::rules::connectfour::{Column, SLOTS};

/// A won game's value (less the plies it takes, so sooner is better).
pub const WIN: i32 = 100_000;

/// Slots of odd rows (1st, 3rd, 5th from the bottom): the first player's good rows.
const ODD_ROWS: u64 = {
    let mut mask = 0;
    let mut c = 0;
    while c < 7 {
        mask |= 0b01_0101 << (c * 7);
        c += 1;
    }
    mask
};

/// The centre column.
const CENTRE: u64 = 0b11_1111 << 21;

/// The heuristic value of `p` for the side to move.
#[must_use]
pub fn evaluate(p: &Position) -> i32 {
    let (own, their) = p.discs();
    let own_threats = p.own_threats();
    let their_threats = p.their_threats();
    let first_to_move = p.plies().is_multiple_of(2);
    let (own_rows, their_rows) = if first_to_move {
        (ODD_ROWS, !ODD_ROWS)
    } else {
        (!ODD_ROWS, ODD_ROWS)
    };
    let score = |threats: u64, good_rows: u64| {
        let good = (threats & good_rows).count_ones() as i32;
        let other = (threats & !good_rows).count_ones() as i32;
        30 * good + 12 * other
    };
    score(own_threats, own_rows) - score(their_threats, their_rows)
        + 4 * ((own & CENTRE).count_ones() as i32 - (their & CENTRE).count_ones() as i32)
}

/// The value of `p` for the side to move searched `depth` plies deep, within
/// `alpha..beta`; `nodes` counts the positions visited.
pub fn search(p: &Position, depth: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let plies = p.plies() as i32;
    if p.can_win_now() {
        return WIN - plies - 1;
    }
    let safe = p.safe_moves();
    if safe == 0 {
        return -(WIN - plies - 2);
    }
    if plies as usize >= SLOTS - 1 {
        return 0;
    }
    if depth == 0 {
        return evaluate(p);
    }
    for slot in ordered(p, safe) {
        let score = -search(&p.play(slot), depth - 1, -beta, -alpha, nodes);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The slots of `moves`, most open fours made first, the centre before the edges.
fn ordered(p: &Position, moves: u64) -> impl Iterator<Item = u64> {
    let mut list: Vec<(u64, u32)> = CENTRE_FIRST
        .into_iter()
        .map(|c| moves & Column::ALL[c].mask())
        .filter(|&slot| slot != 0)
        .map(|slot| (slot, p.threats_after(slot)))
        .collect();
    list.sort_by_key(|&(_, threats)| std::cmp::Reverse(threats));
    list.into_iter().map(|(slot, _)| slot)
}

/// Every legal column of `p` (which is not finished) with its value searched
/// `depth` plies below it, for the side to move.
pub fn root_values(p: &Position, depth: u32, nodes: &mut u64) -> Vec<(usize, i32)> {
    let playable = p.playable();
    let wins = p.own_threats() & playable;
    let safe = p.safe_moves();
    CENTRE_FIRST
        .into_iter()
        .filter_map(|c| {
            let slot = playable & Column::ALL[c].mask();
            if slot == 0 {
                return None;
            }
            let value = if wins & slot != 0 {
                WIN - p.plies() as i32 - 1
            } else if wins != 0 || safe & slot == 0 {
                // Not the four on offer, or hands the other side one.
                -(WIN - p.plies() as i32 - 2)
            } else {
                let child = p.play(slot);
                if child.plies() as usize >= SLOTS {
                    0
                } else {
                    -search(&child, depth.saturating_sub(1), -WIN, WIN, nodes)
                }
            };
            Some((column_of(slot), value))
        })
        .collect()
}
