use std::sync::atomic::AtomicBool;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::*;
use crate::rules::Player;

fn col(n: usize) -> Column {
    Column::new(n - 1).unwrap()
}

fn position(text: &str) -> Knucklebones {
    Knucklebones::from_position(text).unwrap()
}

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

fn play_level(game: &Knucklebones, n: u8) -> Column {
    let stop = AtomicBool::new(false);
    best_move(game, level(n), &mut StdRng::seed_from_u64(1), &stop)
        .unwrap()
        .column
}

#[test]
fn every_level_plays_only_legal_moves_to_the_end() {
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(9);
    let mut games = 0;
    for a in 1..=5 {
        for b in 1..=5 {
            // Fewer games for the slow deep pairs in the unoptimised test build.
            let count = if a + b >= 9 { 10 } else { 40 };
            for g in 0..count {
                let mut game = Knucklebones::new(games, Player::BOTH[g % 2]);
                games += 1;
                while !game.is_over() {
                    let n = if game.side_to_move() == Player::First {
                        a
                    } else {
                        b
                    };
                    let choice = best_move(&game, level(n), &mut rng, &stop).unwrap();
                    assert!(game.legal_columns().contains(&choice.column));
                    game.play(choice.column).unwrap();
                }
                assert!(best_move(&game, level(a), &mut rng, &stop).is_none());
            }
        }
    }
}

#[test]
fn the_search_escapes_a_lost_ending_and_removes_big_dice() {
    // p2 would fill its tray next move, in column 3. Our 4 there takes its 44 (p2
    // drops to 27 with three moves to go against our 48); elsewhere a 4 from p2 ends
    // the game at 63 to 48.
    let game = position("p1=66|55|;p2=111|222|44;die=4;turn=p1");
    for n in 3..=5 {
        assert_eq!(play_level(&game, n), col(3), "level {n}");
    }
    let choice = search(&game, 4, None, &AtomicBool::new(false)).unwrap();
    assert!(choice.value.unwrap() > 0.9, "{choice:?}");
    // Wins that end the game are exact: p1's last slot, 36 to 30.
    let game = position("p1=111|222|12;p2=6|66|;die=6;turn=p1");
    let choice = search(&game, 3, None, &AtomicBool::new(false)).unwrap();
    assert_eq!(choice.column, col(3));
    assert_eq!(choice.value, Some(1.0 + 6.0 / 1000.0));
    // Early on, a 5 knocks out a pair of 5s rather than starting elsewhere.
    let game = position("p1=1||;p2=|55|2;die=5;turn=p1");
    for n in 2..=5 {
        assert_eq!(play_level(&game, n), col(2), "level {n}");
    }
}

#[test]
fn a_set_stop_flag_still_gives_a_legal_move() {
    let game = Knucklebones::new(5, Player::First);
    let stop = AtomicBool::new(true);
    let choice = search(&game, 6, None, &stop).unwrap();
    assert!(game.check(choice.column).is_ok());
    assert_eq!(choice.depth, 1);
    let full = search(&game, 3, None, &AtomicBool::new(false)).unwrap();
    assert_eq!(full.depth, 3);
    assert!(full.nodes > choice.nodes);
}

#[test]
fn evaluation_favours_the_side_ahead_and_is_exact_at_the_end() {
    let ahead = position("p1=66|5|;p2=1|2|;die=3;turn=p1");
    let behind = position("p1=66|5|;p2=1|2|;die=3;turn=p2");
    assert!(evaluate(&ahead) > 0.5);
    assert!(evaluate(&behind) < -0.5);
    let mut won = position("p1=123|456|12;p2=111|22|;die=3;turn=p1");
    won.play(col(3)).unwrap();
    // p2 to move in a finished game it lost 17 to 27.
    assert_eq!(evaluate(&won), -1.0 - 10.0 / 1000.0);
}

#[test]
fn level_2_follows_the_rule_table() {
    let rule = |text: &str| rule_table_move(&position(text)).unwrap();
    // Rule 1: a pair of 3s is worth removing, and comes before a single 6 (rule 2).
    assert_eq!(rule("p1=||;p2=6|33|;die=3;turn=p1"), col(2));
    // ... but not when our column is full.
    assert_ne!(rule("p1=|124|;p2=6|33|;die=3;turn=p1"), col(2));
    // Rule 2: a single 4 or more is removed; the lowest such column first.
    assert_eq!(rule("p1=||;p2=1|5|5;die=5;turn=p1"), col(2));
    // A single 3 is not (rule 8 instead: greedy, the emptiest then lowest column).
    assert_eq!(rule("p1=1||;p2=1|3|;die=3;turn=p1"), col(2));
    // Rule 3: with a 3, keep column 1 free for the 5 that clears p2's 55, and play
    // the greedy move elsewhere: column 3 pairs our 3.
    assert_eq!(rule("p1=|1|3;p2=55||;die=3;turn=p1"), col(3));
    // Three 3s count for rule 3 too.
    assert_eq!(rule("p1=|3|;p2=333||;die=4;turn=p1"), col(3));
    // ... unless our other columns have fewer than two free slots.
    assert_eq!(rule("p1=|333|45;p2=55||;die=3;turn=p1"), col(1));
    // Rule 4: with a 1 or 2, keep the column free and take the other with most room.
    assert_eq!(rule("p1=||1;p2=|66|;die=2;turn=p1"), col(1));
    // Rule 5: a 1 avoids the column where p2 has a 1 (needs 3 free slots elsewhere).
    assert_eq!(rule("p1=||;p2=1||;die=1;turn=p1"), col(2));
    assert_eq!(rule("p1=|12|123;p2=1||;die=1;turn=p1"), col(1));
    // Rule 6: a 2 avoids the column holding exactly one 2 of p2's.
    assert_eq!(rule("p1=||;p2=2||;die=2;turn=p1"), col(2));
    assert_eq!(rule("p1=||;p2=22||;die=2;turn=p1"), col(1));
    // Rule 7: a small die goes to the column with most room, lowest among equals.
    assert_eq!(rule("p1=1||2;p2=||;die=2;turn=p1"), col(2));
    assert_eq!(rule("p1=12|1|;p2=||;die=1;turn=p1"), col(3));
    // Rule 8: greedy: pairing a 6 beats a fresh column.
    assert_eq!(rule("p1=|6|;p2=||;die=6;turn=p1"), col(2));
}

/// Pausing changes nothing in what the search computes: in slices of no time at all
/// (a pause before every die of every root move) it gives exactly the move, value and
/// node count of the search in one go.
#[test]
fn a_search_in_slices_gives_the_same_answer() {
    use crate::ai::slices::Slices;
    use crate::ai::slices::testing::{run, suspending};
    use std::cell::Cell;

    let stop = AtomicBool::new(false);
    for text in [
        "p1=44|1|;p2=6||235;die=4;turn=p1",
        "p1=||;p2=||;die=6;turn=p2",
        "p1=12|3|56;p2=6|44|2;die=3;turn=p1",
    ] {
        let game = position(text);
        let pauses = Cell::new(0);
        let mut slices = Slices::every(std::time::Duration::ZERO, suspending(&pauses));
        let sliced = run(search_in_slices(&game, 4, None, &stop, &mut slices));
        assert_eq!(sliced, search(&game, 4, None, &stop), "{text}");
        assert!(pauses.get() >= 18, "{text}: {} pauses", pauses.get());
    }
}
