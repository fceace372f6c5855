//! The review of a game, for every game alike: the strongest AI looks at each
//! position of the game, and each move is judged by what it did to the value of the
//! position for the side that made it. Names no game: it reaches them through
//! [`GameEntry::analyse_record`] and the values the AIs give ([`Verdict`]).
//!
//! A move is marked by how much of the expected result (0 a sure loss, 1 a sure win,
//! a draw a half) it threw away: between two solved values only a change of the
//! result counts, and it is a blunder (a win that stays a win, only longer, is not
//! marked); otherwise by the thresholds of [`Marks`] (docs/review.md gives each
//! game's).

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::ai::{Budget, Result3, Verdict};
use crate::games::GameRecord;
use crate::rules::{Outcome, Player};

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// It gave a little away.
    Inaccuracy,
    /// It gave a good deal away.
    Mistake,
    /// It gave the game away, or changed a solved result.
    Blunder,
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        })
    }
}

/// The losses of expected result (0 to 1) from which a move is an inaccuracy, a
/// mistake, a blunder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marks {
    /// From this loss on, an inaccuracy.
    pub inaccuracy: f64,
    /// From this loss on, a mistake.
    pub mistake: f64,
    /// From this loss on, a blunder.
    pub blunder: f64,
}

impl Marks {
    /// Lichess's steps on the win chance (10, 20 and 30 points of 100), which every
    /// game uses today.
    pub const DEFAULT: Marks = Marks {
        inaccuracy: 0.10,
        mistake: 0.20,
        blunder: 0.30,
    };

    /// The mark of a move that took the mover's value from `before` to `after`.
    #[must_use]
    pub fn judge(&self, before: Verdict, after: Verdict) -> Option<Mark> {
        if let (Verdict::Exact(was, _), Verdict::Exact(is, _)) = (before, after) {
            return (is < was).then_some(Mark::Blunder);
        }
        let loss = before.expected() - after.expected();
        [
            (self.blunder, Mark::Blunder),
            (self.mistake, Mark::Mistake),
            (self.inaccuracy, Mark::Inaccuracy),
        ]
        .into_iter()
        .find(|&(from, _)| loss >= from)
        .map(|(_, mark)| mark)
    }
}

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Which move of the game, from 0.
    pub ply: usize,
    /// Who made it.
    pub mover: Player,
    /// The move, in notation.
    pub played: String,
    /// The position's value for the mover before the move, where the AI gave one.
    pub before: Option<Verdict>,
    /// Its value for the mover after the move.
    pub after: Option<Verdict>,
    /// The AI's move in the position before, in notation.
    pub best: Option<String>,
    /// How bad the move was, if it was.
    pub mark: Option<Mark>,
}

/// Why a review stopped short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The stop flag was raised.
    Cancelled,
    /// The game's moves do not replay from its start (a bug, or a damaged game).
    Replay(String),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Cancelled => f.write_str("the review was cancelled"),
            ReviewError::Replay(why) => write!(f, "the game does not replay: {why}"),
        }
    }
}

impl std::error::Error for ReviewError {}

/// The value of a finished game for `side`: solved, ending now.
#[must_use]
pub fn finished(outcome: Outcome, side: Player) -> Verdict {
    let result = match outcome {
        Outcome::Draw => Result3::Draw,
        Outcome::Win(winner) if winner == side => Result3::Win,
        Outcome::Win(_) => Result3::Loss,
    };
    Verdict::Exact(result, Some(0))
}

/// What the review saw in one position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// The side to move there.
    pub side: Player,
    /// The position's value for that side, where the AI gave one (or the game's
    /// result, where it is over).
    pub verdict: Option<Verdict>,
    /// The AI's move there, in notation.
    pub best: Option<String>,
}

/// Reviews every move of `game` from its start, each position searched as `budget`
/// says. `progress(done, total)` is told after each position; raising `stop` ends
/// the review between two positions.
pub fn review(
    game: &GameRecord,
    budget: Budget,
    marks: Marks,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<MoveReview>, ReviewError> {
    let entry = game
        .entry()
        .ok_or_else(|| ReviewError::Replay(format!("no game called {}", game.name())))?;
    let moves = game.moves();
    let mut position = game.clone();
    while position.undo().is_some() {}
    let mut seen: Vec<Seen> = Vec::new();
    let total = moves.len() + 1;
    for ply in 0..total {
        if stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Cancelled);
        }
        let side = position.side_to_move();
        seen.push(match position.outcome() {
            Some(outcome) => Seen {
                side,
                verdict: Some(finished(outcome, side)),
                best: None,
            },
            None => {
                let analysis = entry.analyse_record(&position, budget);
                Seen {
                    side,
                    verdict: analysis.as_ref().and_then(|a| a.verdict),
                    best: analysis.map(|a| a.best),
                }
            }
        });
        progress(ply + 1, total);
        if let Some(mv) = moves.get(ply) {
            position
                .play(mv)
                .map_err(|why| ReviewError::Replay(format!("move {} ({mv}): {why}", ply + 1)))?;
        }
    }
    Ok(judge(&moves, &seen, marks))
}

/// Each of `moves` judged by what it did to the mover's value: `seen` holds what
/// the review saw in the position before each move and after the last.
#[must_use]
pub fn judge(moves: &[String], seen: &[Seen], marks: Marks) -> Vec<MoveReview> {
    moves
        .iter()
        .zip(seen.windows(2))
        .enumerate()
        .map(|(ply, (played, pair))| {
            let (before_seen, after_seen) = (&pair[0], &pair[1]);
            let mover = before_seen.side;
            let before = before_seen.verdict;
            let after = after_seen.verdict.map(|v| {
                if after_seen.side == mover {
                    v
                } else {
                    v.flipped()
                }
            });
            MoveReview {
                ply,
                mover,
                played: played.clone(),
                before,
                after,
                best: before_seen.best.clone(),
                // The AI's own choice is never marked: what it lost between two
                // searches is the searches' noise.
                mark: before
                    .zip(after)
                    .and_then(|(b, a)| marks.judge(b, a))
                    .filter(|_| before_seen.best.as_deref() != Some(played.as_str())),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Result3::{Draw, Loss, Win};
    use crate::games;
    use crate::rules::Setup;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// A new game of `game` with its default settings, then `moves`.
    fn replayed(game: &str, moves: &[&str]) -> GameRecord {
        let mut record = new_game(games::find(game).expect("a game"));
        for mv in moves {
            record.play(mv).expect("a legal move");
        }
        record
    }

    /// A new game of `entry` with its default settings (dice from a fixed seed).
    fn new_game(entry: &dyn games::GameEntry) -> GameRecord {
        let setup = Setup::defaults(entry.settings());
        entry
            .new_game(&setup, &mut StdRng::seed_from_u64(7))
            .expect("a new game")
    }

    fn reviewed(game: &GameRecord) -> Vec<MoveReview> {
        review(
            game,
            Budget::Level,
            Marks::DEFAULT,
            &AtomicBool::new(false),
            |_, _| {},
        )
        .expect("the review ends")
    }

    #[test]
    fn solved_values_mark_only_the_moves_that_change_the_result() {
        // O's edge reply a2 to X's centre turns a draw into a loss; X's moves after
        // it keep the win (c3 and c1 may take longer than the fastest) and are not
        // marked.
        let game = replayed("tictactoe", &["b2", "a2", "a1", "c3", "c1"]);
        let review = reviewed(&game);
        let marks: Vec<Option<Mark>> = review.iter().map(|m| m.mark).collect();
        assert_eq!(marks, [None, Some(Mark::Blunder), None, None, None]);
        assert!(matches!(review[1].before, Some(Verdict::Exact(Draw, _))));
        assert!(matches!(review[1].after, Some(Verdict::Exact(Loss, _))));
        assert!(matches!(review[4].after, Some(Verdict::Exact(Win, _))));
        assert!(review[1].best.is_some());
    }

    #[test]
    fn a_first_disc_on_the_edge_of_connect_four_turns_a_win_into_a_loss() {
        let game = replayed("connectfour", &["a"]);
        let review = reviewed(&game);
        assert_eq!(review.len(), 1);
        assert!(matches!(review[0].before, Some(Verdict::Exact(Win, _))));
        assert!(matches!(review[0].after, Some(Verdict::Exact(Loss, _))));
        assert_eq!(review[0].mark, Some(Mark::Blunder));
        assert_eq!(review[0].best.as_deref(), Some("d"));
        // The middle keeps the win: no mark.
        let review = reviewed(&replayed("connectfour", &["d"]));
        assert_eq!(review[0].mark, None);
    }

    #[test]
    fn a_longer_win_is_not_marked_and_estimates_are_marked_by_their_loss() {
        let marks = Marks::DEFAULT;
        let win = |n| Verdict::Exact(Win, Some(n));
        assert_eq!(marks.judge(win(3), win(9)), None);
        assert_eq!(
            marks.judge(win(3), Verdict::Exact(Draw, None)),
            Some(Mark::Blunder)
        );
        let p = Verdict::Expected;
        assert_eq!(marks.judge(p(0.6), p(0.55)), None);
        assert_eq!(marks.judge(p(0.6), p(0.45)), Some(Mark::Inaccuracy));
        assert_eq!(marks.judge(p(0.6), p(0.35)), Some(Mark::Mistake));
        assert_eq!(marks.judge(p(0.6), p(0.2)), Some(Mark::Blunder));
        assert_eq!(marks.judge(win(5), p(0.95)), None);
        assert_eq!(marks.judge(p(0.5), win(5)), None);
    }

    #[test]
    fn the_ais_own_move_is_not_marked_and_a_position_without_a_value_marks_nothing() {
        let seen = |side, p: Option<f64>, best: &str| Seen {
            side,
            verdict: p.map(Verdict::Expected),
            best: Some(best.to_owned()),
        };
        let moves = ["i6".to_owned(), "j9".to_owned()];
        let judged = judge(
            &moves,
            &[
                seen(Player::First, Some(0.62), "i6"),
                seen(Player::Second, Some(0.53), "h10"),
                seen(Player::First, None, "g6"),
            ],
            Marks::DEFAULT,
        );
        // i6 lost 0.15 between two searches, but it is the AI's own move.
        assert_eq!(judged[0].mark, None);
        // No value after j9 (a forced block's placeholder): nothing to compare.
        assert_eq!(judged[1].mark, None);
        let judged = judge(
            &moves[..1],
            &[
                seen(Player::First, Some(0.62), "h9"),
                seen(Player::Second, Some(0.53), "h10"),
            ],
            Marks::DEFAULT,
        );
        assert_eq!(judged[0].mark, Some(Mark::Inaccuracy));
    }

    #[test]
    fn every_game_reviews_every_move_and_a_raised_stop_ends_the_review() {
        for entry in games::GAMES {
            let mut game = new_game(*entry);
            for k in 0..6 {
                let moves = game.legal_moves();
                game.play(&moves[(k * 5) % moves.len()])
                    .expect("a legal move");
            }
            let review = review(
                &game,
                Budget::Depth(1),
                Marks::DEFAULT,
                &AtomicBool::new(false),
                |_, _| {},
            )
            .expect("the review ends");
            assert_eq!(review.len(), game.plies(), "{}", entry.name());
            for (ply, (m, played)) in review.iter().zip(game.moves()).enumerate() {
                assert_eq!((m.ply, &m.played), (ply, &played), "{}", entry.name());
            }
            let cancelled = super::review(
                &game,
                Budget::Depth(1),
                Marks::DEFAULT,
                &AtomicBool::new(true),
                |_, _| {},
            );
            assert_eq!(cancelled, Err(ReviewError::Cancelled));
        }
    }
}
