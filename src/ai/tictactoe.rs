//! The tic-tac-toe AI: every reachable position solved exactly.
//!
//! [`solved`] builds, once, a [`Table`] holding the [`Value`] of each of the 5,478
//! positions a game can reach (finished ones included) for the side to move: a
//! memoised depth-first search from the empty board, keyed by the base-3 number the
//! nine cells make (`0` empty, `1` X, `2` O; cell `i` is digit `i`, row by row from
//! the bottom-left). It takes about 0.13 ms (`benches/tictactoe.rs`).
//!
//! The levels (SPEC 4) choose from that table:
//!
//! | level | plays a uniformly random legal cell with probability | otherwise |
//! |-------|------------------------------------------------------|-----------|
//! | 1     | 1                                                    | -         |
//! | 2     | 0.6                                                  | perfect   |
//! | 3     | 0.35                                                 | perfect   |
//! | 4     | 0.15                                                 | perfect   |
//! | 5     | 0                                                    | perfect   |
//!
//! A perfect move is one of the best by [`Value`]'s order: a win before a draw before a
//! loss, the fastest win, the slowest loss. Ties between equally good moves are broken
//! at random, so perfect play still varies from game to game.

use std::cmp::Ordering;
use std::fmt;
use std::sync::OnceLock;

use rand::Rng;
use rand::seq::IndexedRandom;

use rand::rngs::StdRng;

use super::{Analysis, Budget, GameAi, Level, Result3, Verdict};
use crate::rules::tictactoe::{Cell, LINES, TicTacToe};
use crate::rules::{Game, Player, Settings};

/// The exact value of a position (or of a move) for the side to move, with perfect play
/// from both sides.
///
/// Ordered from the mover's point of view: `a > b` when `a` is better for the side to
/// move, so a fast win beats a slow one and a slow loss beats a fast one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins, the game ending after this many more plies (1..=9).
    Win(u8),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses, the game ending after this many more plies (0 when the
    /// game is already lost).
    Loss(u8),
}

impl Value {
    /// The value one ply earlier, for the side that made the move: the opponent's
    /// loss in `n` is a win in `n + 1`.
    #[must_use]
    pub fn before_move(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Draw => Value::Draw,
            Value::Loss(n) => Value::Win(n + 1),
        }
    }

    /// `win`, `draw` or `loss`, as the CLI prints it.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Draw => "draw",
            Value::Loss(_) => "loss",
        }
    }

    /// How good it is for the side to move: higher is better; 11..=19 for wins, 0 for
    /// a draw, -20..=-11 for losses.
    fn rank(self) -> i8 {
        match self {
            Value::Win(n) => 20 - n as i8,
            Value::Draw => 0,
            Value::Loss(n) => n as i8 - 20,
        }
    }

    /// The value of this rank.
    fn from_rank(rank: i8) -> Value {
        match rank {
            0 => Value::Draw,
            r if r > 0 => Value::Win((20 - r) as u8),
            r => Value::Loss((r + 20) as u8),
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `win in 3`, `draw`, `loss in 2`, `loss` (already lost).
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Win(n) | Value::Loss(n) if n > 0 => write!(f, "{} in {n}", self.word()),
            _ => f.write_str(self.word()),
        }
    }
}

/// [`Value::before_move`] on ranks.
fn rank_before_move(rank: i8) -> i8 {
    match rank {
        0 => 0,
        r if r > 0 => 1 - r,
        r => -1 - r,
    }
}

/// 3^9: the number of keys, reachable or not.
const KEYS: usize = 19_683;

/// Powers of three: the place of cell `i` in a key.
const POW3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// The eight lines as bit masks over the cell indices.
const LINE_MASKS: [u16; 8] = {
    let mut masks = [0; 8];
    let mut i = 0;
    while i < 8 {
        masks[i] = (1 << LINES[i][0]) | (1 << LINES[i][1]) | (1 << LINES[i][2]);
        i += 1;
    }
    masks
};

/// Marks a key that no game reaches, in [`Table`]'s ranks.
const UNREACHABLE: i8 = i8::MIN;

/// The solved game: the value of every reachable position for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Indexed by key: each position's [`Value::rank`], or [`UNREACHABLE`].
    ranks: Box<[i8]>,
    /// How many keys are reachable.
    len: usize,
}

impl Table {
    /// Solves the game from scratch. [`solved`] keeps one built table for everyone.
    #[must_use]
    pub fn build() -> Table {
        let mut table = Table {
            ranks: vec![UNREACHABLE; KEYS].into_boxed_slice(),
            len: 0,
        };
        table.solve(0, [0, 0], 0);
        table
    }

    /// The rank of `key`'s value, with `marks` the cells of X and O as bit masks and
    /// `plies` the number of marks.
    fn solve(&mut self, key: usize, marks: [u16; 2], plies: usize) -> i8 {
        let known = self.ranks[key];
        if known != UNREACHABLE {
            return known;
        }
        let mover = plies % 2;
        let last = marks[1 - mover];
        let rank = if LINE_MASKS.iter().any(|&line| line & !last == 0) {
            Value::Loss(0).rank()
        } else if plies == 9 {
            Value::Draw.rank()
        } else {
            let taken = marks[0] | marks[1];
            let mut best = i8::MIN;
            for (i, pow) in POW3.iter().enumerate() {
                if taken & (1 << i) == 0 {
                    let mut next = marks;
                    next[mover] |= 1 << i;
                    let child = self.solve(key + (mover + 1) * pow, next, plies + 1);
                    best = best.max(rank_before_move(child));
                }
            }
            best
        };
        self.ranks[key] = rank;
        self.len += 1;
        rank
    }

    /// The value of the position with this key, if a game reaches it.
    fn get(&self, key: usize) -> Option<Value> {
        let rank = self.ranks[key];
        (rank != UNREACHABLE).then(|| Value::from_rank(rank))
    }

    /// The value of `game`'s position for the side to move.
    #[must_use]
    pub fn value(&self, game: &TicTacToe) -> Value {
        self.get(key(game))
            .expect("every game reaches only reachable positions")
    }

    /// The number of reachable positions, finished ones included: 5,478.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table is empty (never, once built).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The solved game, built on first use and shared afterwards.
#[must_use]
pub fn solved() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::build)
}

/// The base-3 key of a position.
fn key(game: &TicTacToe) -> usize {
    Cell::ALL
        .iter()
        .zip(POW3)
        .map(|(&c, pow)| match game.mark(c) {
            None => 0,
            Some(Player::First) => pow,
            Some(Player::Second) => 2 * pow,
        })
        .sum()
}

/// The value of `game`'s position for the side to move, with perfect play.
#[must_use]
pub fn value(game: &TicTacToe) -> Value {
    solved().value(game)
}

/// For each cell (by [`Cell::index`]), the value for the side to move of playing
/// there; `None` for taken cells, and for every cell once the game is over. The best
/// of them is the position's [`value`].
#[must_use]
pub fn move_values(game: &TicTacToe) -> [Option<Value>; 9] {
    let mut values = [None; 9];
    if game.is_over() {
        return values;
    }
    let table = solved();
    let here = key(game);
    let digit = game.side_to_move().index() + 1;
    for c in Cell::ALL {
        if game.mark(c).is_none() {
            let child = table.get(here + digit * POW3[c.index()]);
            values[c.index()] = Some(child.expect("reachable").before_move());
        }
    }
    values
}

/// Every move of the best value for the side to move (see [`Value`]'s order), in cell
/// order; empty once the game is over.
#[must_use]
pub fn perfect_moves(game: &TicTacToe) -> Vec<Cell> {
    let values = move_values(game);
    let Some(best) = values.iter().flatten().max() else {
        return Vec::new();
    };
    Cell::ALL
        .into_iter()
        .filter(|c| values[c.index()] == Some(*best))
        .collect()
}

/// The chance that `level` plays a uniformly random legal cell instead of a perfect
/// one: 1, 0.6, 0.35, 0.15, 0 for levels 1 to 5.
#[must_use]
pub fn randomness(level: Level) -> f64 {
    match level.get() {
        1 => 1.0,
        2 => 0.6,
        3 => 0.35,
        4 => 0.15,
        _ => 0.0,
    }
}

/// The move `level` plays in `game`, random choices drawn from `rng`; `None` only
/// once the game is over.
pub fn best_move<R: Rng + ?Sized>(game: &TicTacToe, level: Level, rng: &mut R) -> Option<Cell> {
    let p = randomness(level);
    let pool = if p > 0.0 && rng.random_bool(p) {
        game.legal_cells()
    } else {
        perfect_moves(game)
    };
    pool.choose(rng).copied()
}

impl GameAi for TicTacToe {
    const POSITION_HELP: &'static str = "nine characters `X`, `O`, `.` row by row from the \
         top (`X...O....`), the side to move implied by the counts";
    const PARALLEL_MATCHES: bool = true;

    /// The move of `level` and the position's solved value for the side to move;
    /// tic-tac-toe is solved, so a search of any time plays as level 5.
    fn analyse(&self, level: Level, budget: Budget, rng: &mut StdRng) -> Option<Analysis<Cell>> {
        let level = if budget == Budget::Level {
            level
        } else {
            Level::MAX
        };
        let value = value(self);
        Some(Analysis {
            best: best_move(self, level, rng)?,
            value: Some(value.word().to_owned()),
            verdict: Some(match value {
                Value::Win(n) => Verdict::Exact(Result3::Win, Some(n.into())),
                Value::Draw => Verdict::Exact(Result3::Draw, None),
                Value::Loss(n) => Verdict::Exact(Result3::Loss, Some(n.into())),
            }),
        })
    }

    fn match_start(settings: &Settings<'_>, _: u64, _: u32) -> Result<Self, String> {
        TicTacToe::from_settings(settings).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use rand::{SeedableRng, rngs::StdRng};

    use super::*;
    use crate::rules::Outcome;

    fn board(text: &str) -> TicTacToe {
        TicTacToe::from_board(text).unwrap()
    }

    /// Calls `visit` once on every reachable position, finished ones included.
    fn each_position(visit: &mut impl FnMut(&TicTacToe)) {
        fn walk(
            game: &mut TicTacToe,
            seen: &mut HashSet<usize>,
            visit: &mut impl FnMut(&TicTacToe),
        ) {
            if !seen.insert(key(game)) {
                return;
            }
            visit(game);
            for c in game.legal_cells() {
                game.play(c).unwrap();
                walk(game, seen, visit);
                game.undo();
            }
        }
        walk(&mut TicTacToe::new(), &mut HashSet::new(), visit);
    }

    /// How a finished game came out for `side`, `plies` after the start, as a value.
    fn result_for(game: &TicTacToe, side: Player, plies: u8) -> Value {
        match game.outcome().expect("finished") {
            Outcome::Draw => Value::Draw,
            Outcome::Win(winner) if winner == side => Value::Win(plies),
            Outcome::Win(_) => Value::Loss(plies),
        }
    }

    /// Plays on from `game` with `side` choosing any of its perfect moves and the other
    /// side any legal move, every branch; returns how many games it finished.
    /// Asserts that every ending is at least as good for `side` as `start` (the
    /// position's value for `side`), and exactly as good when `exact` (the opponent
    /// also playing perfectly).
    fn walk_games(game: &mut TicTacToe, side: Player, start: Value, plies: u8, exact: bool) -> u64 {
        if game.is_over() {
            let result = result_for(game, side, plies);
            assert!(
                result >= start,
                "{} ended {result}, was {start}",
                game.board_text()
            );
            if exact {
                assert_eq!(result, start, "{}", game.board_text());
            }
            return 1;
        }
        let moves = if game.side_to_move() == side || exact {
            perfect_moves(game)
        } else {
            game.legal_cells()
        };
        let mut games = 0;
        for c in moves {
            game.play(c).unwrap();
            games += walk_games(game, side, start, plies + 1, exact);
            game.undo();
        }
        games
    }

    #[test]
    fn the_table_holds_every_reachable_position() {
        let table = Table::build();
        assert_eq!(table.len(), 5_478);
        assert!(!table.is_empty());
        let mut count = 0;
        each_position(&mut |game| {
            count += 1;
            assert_eq!(table.value(game), value(game));
        });
        assert_eq!(count, 5_478);
        assert_eq!(solved(), &table);
    }

    #[test]
    fn the_game_counts_match_the_known_figures() {
        fn count(game: &mut TicTacToe, tally: &mut [u64; 3]) {
            match game.outcome() {
                Some(Outcome::Win(Player::First)) => tally[0] += 1,
                Some(Outcome::Win(Player::Second)) => tally[1] += 1,
                Some(Outcome::Draw) => tally[2] += 1,
                None => {
                    for c in game.legal_cells() {
                        game.play(c).unwrap();
                        count(game, tally);
                        game.undo();
                    }
                }
            }
        }
        let mut tally = [0; 3];
        count(&mut TicTacToe::new(), &mut tally);
        assert_eq!(tally, [131_184, 77_904, 46_080]);
        assert_eq!(tally.iter().sum::<u64>(), 255_168);
    }

    #[test]
    fn known_positions_have_their_values() {
        assert_eq!(value(&TicTacToe::new()), Value::Draw);
        assert!(
            move_values(&TicTacToe::new())
                .iter()
                .all(|v| *v == Some(Value::Draw))
        );
        // X to move with two in a row: wins at once.
        assert_eq!(value(&board("XX.OO....")), Value::Win(1));
        assert_eq!(
            perfect_moves(&board("XX.OO....")),
            [Cell::parse("c3").unwrap()]
        );
        // O to move facing a fork: loses in two more plies.
        let fork = board("X.X.O.O.X");
        assert_eq!(value(&fork), Value::Loss(2));
        // Finished games.
        assert_eq!(value(&board("XXXOO....")), Value::Loss(0));
        assert_eq!(value(&board("XOXXOOOXX")), Value::Draw);
        assert_eq!(move_values(&board("XXXOO....")), [None; 9]);
        // A corner answered by an edge loses for O.
        let b2 = board("X......O.");
        assert!(matches!(value(&b2), Value::Win(_)), "{}", value(&b2));
    }

    #[test]
    fn values_order_and_print_for_the_mover() {
        let order = [
            Value::Loss(0),
            Value::Loss(2),
            Value::Loss(4),
            Value::Draw,
            Value::Win(5),
            Value::Win(3),
            Value::Win(1),
        ];
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Value::Win(3).before_move(), Value::Loss(4));
        assert_eq!(Value::Loss(0).before_move(), Value::Win(1));
        assert_eq!(Value::Win(3).to_string(), "win in 3");
        assert_eq!(Value::Loss(0).to_string(), "loss");
        assert_eq!(Value::Draw.to_string(), "draw");
        assert_eq!(Value::Loss(2).word(), "loss");
    }

    #[test]
    fn move_values_agree_with_the_position_values() {
        each_position(&mut |game| {
            let values = move_values(game);
            if let Some(outcome) = game.outcome() {
                assert_eq!(values, [None; 9]);
                let end = match outcome {
                    Outcome::Draw => Value::Draw,
                    Outcome::Win(_) => Value::Loss(0),
                };
                assert_eq!(value(game), end);
                return;
            }
            let mut next = game.clone();
            for c in Cell::ALL {
                match game.mark(c) {
                    Some(_) => assert_eq!(values[c.index()], None),
                    None => {
                        next.play(c).unwrap();
                        assert_eq!(values[c.index()], Some(value(&next).before_move()));
                        next.undo();
                    }
                }
            }
            assert_eq!(values.iter().flatten().max(), Some(&value(game)));
        });
    }

    #[test]
    fn perfect_play_never_loses_from_any_position_against_any_reply() {
        let mut games = 0;
        each_position(&mut |game| {
            if game.is_over() {
                return;
            }
            let mut game = game.clone();
            for side in Player::BOTH {
                // The position's value for `side`, whoever moves first.
                let start = if side == game.side_to_move() {
                    value(&game)
                } else {
                    match value(&game) {
                        Value::Win(n) => Value::Loss(n),
                        Value::Draw => Value::Draw,
                        Value::Loss(n) => Value::Win(n),
                    }
                };
                games += walk_games(&mut game, side, start, 0, false);
                walk_games(&mut game, side, start, 0, true);
            }
        });
        assert!(games > 100_000, "{games}");
    }

    #[test]
    fn level_5_plays_only_perfect_moves() {
        let mut rng = StdRng::seed_from_u64(5);
        each_position(&mut |game| {
            let perfect = perfect_moves(game);
            for _ in 0..3 {
                let mv = best_move(game, Level::MAX, &mut rng);
                assert_eq!(mv.is_none(), game.is_over());
                assert!(mv.is_none_or(|m| perfect.contains(&m)));
            }
        });
    }

    #[test]
    fn every_level_plays_legal_moves_and_is_as_strong_as_its_randomness() {
        let mut rng = StdRng::seed_from_u64(7);
        // Level `l` against level 1, l playing X in even games; losses of the level.
        let mut losses = [0; 5];
        for l in 1..=5 {
            let level = Level::new(l).unwrap();
            for g in 0..400 {
                let mut game = TicTacToe::new();
                let ours = Player::to_move_after(g);
                while !game.is_over() {
                    let who = if game.side_to_move() == ours {
                        level
                    } else {
                        Level::MIN
                    };
                    let mv = best_move(&game, who, &mut rng).expect("the game goes on");
                    game.play(mv).expect("a legal move");
                }
                assert_eq!(best_move(&game, level, &mut rng), None);
                if game.outcome() == Some(Outcome::Win(ours.opponent())) {
                    losses[usize::from(l) - 1] += 1;
                }
            }
        }
        assert_eq!(losses[4], 0, "{losses:?}");
        assert!(losses.windows(2).all(|w| w[0] >= w[1]), "{losses:?}");
        assert!(losses[0] > 50, "{losses:?}");
        assert_eq!(randomness(Level::MIN), 1.0);
        assert_eq!(randomness(Level::MAX), 0.0);
    }
}
