//! Level 1: the source game's AI, faithfully.
//!
//! The source scores a board by sliding every 5-cell and 6-cell window along four
//! directions (right, up, up-right, down-right) and looking each window up in two
//! tables; a window counts only when it lies wholly on the board and holds stones of
//! one colour. It then tries every empty point with a stone among its eight
//! neighbours and keeps the first one (columns left to right, rows bottom to top) whose
//! board scores highest for the mover. An empty board gets the centre.
//!
//! Placing a stone only changes the windows through it, so this module scores each
//! point by that change instead of rescanning the board: the same argmax, far faster.
//! Scores are integers here, where the source summed floats.

use crate::rules::Player;
use crate::rules::gomoku::{Gomoku, Point};

/// Window scores, indexed by the window's stones as bits (bit i = cell i holds one).
/// The source's table for five cells.
const TABLE5: [(u8, i64); 13] = [
    (0b00110, 5),
    (0b01100, 5),
    (0b01011, 20),
    (0b11010, 20),
    (0b11100, 50),
    (0b00111, 50),
    (0b01110, 100),
    (0b10111, 300),
    (0b11011, 300),
    (0b11101, 300),
    (0b01111, 500),
    (0b11110, 500),
    (0b11111, 99_999_999),
];
/// The source's table for six cells.
const TABLE6: [(u8, i64); 3] = [(0b011010, 500), (0b010110, 500), (0b011110, 5000)];
/// Right, up, up-right, down-right, as in the source.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The level-1 move for the side to move, or `None` when the game is over.
#[must_use]
pub fn pattern_move(game: &Gomoku) -> Option<Point> {
    if game.is_over() {
        return None;
    }
    let size = game.size();
    if game.stones() == 0 {
        return Some(size.centre());
    }
    let me = game.side_to_move();
    let mut best: Option<(i64, Point)> = None;
    for x in 0..size.width() {
        for y in 0..size.height() {
            let p = Point::new(x, y);
            if game.stone(p).is_none() && has_neighbour(game, p) && game.foul(p).is_none() {
                let gain = gain(game, p, me);
                if best.is_none_or(|(b, _)| gain > b) {
                    best = Some((gain, p));
                }
            }
        }
    }
    // No neighbour left that Black may play under renju: any legal point.
    best.map(|(_, p)| p)
        .or_else(|| game.legal_points().into_iter().next())
}

fn has_neighbour(game: &Gomoku, p: Point) -> bool {
    (-1..=1).any(|dy| {
        (-1..=1).any(|dx| {
            (dx, dy) != (0, 0)
                && cell(game, i32::from(p.x) + dx, i32::from(p.y) + dy).is_some_and(|c| c.is_some())
        })
    })
}

/// Off the board: `None`; on it, the stone if any.
fn cell(game: &Gomoku, x: i32, y: i32) -> Option<Option<Player>> {
    game.size()
        .contains(x, y)
        .then(|| game.stone(Point::new(x as u8, y as u8)))
}

/// How much the board's score for `me` changes when `me` plays on the empty point `p`:
/// the difference over the windows through `p`, the only ones that change.
fn gain(game: &Gomoku, p: Point, me: Player) -> i64 {
    let (px, py) = (i32::from(p.x), i32::from(p.y));
    let mut total = 0;
    for (dx, dy) in DIRECTIONS {
        for len in [5, 6] {
            for start in -(len - 1)..=0 {
                let window = |placed: bool| {
                    (0..len).map(move |i| {
                        let (x, y) = (px + (start + i) * dx, py + (start + i) * dy);
                        if (x, y) == (px, py) {
                            Some(placed.then_some(me))
                        } else {
                            cell(game, x, y)
                        }
                    })
                };
                total += window_score(window(true), me) - window_score(window(false), me);
            }
        }
    }
    total
}

/// The score of one window for `me`: positive for our stones, negative for theirs,
/// nothing for a window that leaves the board (`None`) or mixes colours.
fn window_score(cells: impl Iterator<Item = Option<Option<Player>>>, me: Player) -> i64 {
    let mut bits = 0u8;
    let mut len = 0;
    let mut owner = None;
    for (i, c) in cells.enumerate() {
        len = i + 1;
        match c {
            None => return 0,
            Some(None) => {}
            Some(Some(stone)) => {
                if owner.is_some_and(|o| o != stone) {
                    return 0;
                }
                owner = Some(stone);
                bits |= 1 << i;
            }
        }
    }
    let table: &[(u8, i64)] = if len == 5 { &TABLE5 } else { &TABLE6 };
    let score = table
        .iter()
        .find(|&&(pattern, _)| pattern == bits)
        .map_or(0, |&(_, s)| s);
    match owner {
        Some(o) if o == me => score,
        Some(_) => -score,
        None => 0,
    }
}
