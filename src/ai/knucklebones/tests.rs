use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

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

/// Level 5 spends a second a move: tests give it a few milliseconds.
const QUICK: Duration = Duration::from_millis(10);

fn quick_move(game: &Knucklebones, n: u8, rng: &mut StdRng) -> Option<Choice> {
    let stop = AtomicBool::new(false);
    if n == 5 {
        deep_search(game, QUICK, &stop)
    } else {
        best_move(game, level(n), rng, &stop)
    }
}

fn play_level(game: &Knucklebones, n: u8) -> Column {
    quick_move(game, n, &mut StdRng::seed_from_u64(1))
        .unwrap()
        .column
}

#[test]
fn every_level_plays_only_legal_moves_to_the_end() {
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
                    let choice = quick_move(&game, n, &mut rng).unwrap();
                    assert!(game.legal_columns().contains(&choice.column));
                    game.play(choice.column).unwrap();
                }
                assert!(quick_move(&game, a, &mut rng).is_none());
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

/// Positions of real games: each game played at random from `seed` until it ends,
/// every position on the way.
fn random_positions(games: u64) -> Vec<Knucklebones> {
    let mut rng = StdRng::seed_from_u64(games);
    let mut positions = Vec::new();
    for seed in 0..games {
        let mut game = Knucklebones::new(seed, Player::BOTH[seed as usize % 2]);
        while !game.is_over() {
            positions.push(game.clone());
            let column = *game.legal_columns().choose(&mut rng).unwrap();
            game.play(column).unwrap();
        }
    }
    positions
}

/// Plain expectimax to `depth` with level 5's fitted evaluation at the leaves.
fn plain_expectimax(game: &Knucklebones, depth: u32) -> Option<Choice> {
    let stop = AtomicBool::new(false);
    finish(expectimax_in_slices(
        game,
        depth,
        None,
        eval::fitted,
        &stop,
        &mut Slices::never(),
    ))
}

/// Alpha-beta through the chance nodes prunes nothing that matters: without the
/// table, the deep search at a fixed depth gives exactly plain expectimax's value
/// (with the same evaluation at the leaves);
/// with it, transpositions at other depths may stand in, so only about the same.
#[test]
fn pruned_chance_nodes_give_plain_expectimax_values() {
    let positions = random_positions(6);
    for game in positions.iter().step_by(3) {
        for depth in 1..=3 {
            let plain = plain_expectimax(game, depth).unwrap();
            let pruned = deep::fixed_depth(game, depth, false).unwrap();
            let (a, b) = (plain.value.unwrap(), pruned.value.unwrap());
            assert!((a - b).abs() < 1e-9, "{game:?} depth {depth}: {a} vs {b}");
            assert!(
                pruned.nodes <= plain.nodes,
                "{game:?}: {pruned:?} {plain:?}"
            );
            let tabled = deep::fixed_depth(game, depth, true).unwrap();
            let c = tabled.value.unwrap();
            assert!((a - c).abs() < 0.05, "{game:?} depth {depth}: {a} vs {c}");
        }
    }
}

/// The value of placing `die` in `column` by brute force over every roll to the
/// game's end, or `None` if some line is longer than `plies` more moves or the tree
/// has more than `budget` nodes.
fn brute_after(
    state: &State,
    column: Column,
    die: u8,
    plies: u32,
    budget: &mut u64,
) -> Option<f64> {
    let [mut me, mut them] = state.trays;
    me.push(column, die);
    them.remove_value(column, die);
    if me.is_full() {
        return Some(terminal(&me, &them));
    }
    if plies == 0 || *budget == 0 {
        return None;
    }
    *budget -= 1;
    let next = State { trays: [them, me] };
    let mut total = 0.0;
    for die in 1..=6 {
        total += brute_best(&next, die, plies - 1, budget)?;
    }
    Some(-total / 6.0)
}

fn brute_best(state: &State, die: u8, plies: u32, budget: &mut u64) -> Option<f64> {
    let mut best = f64::NEG_INFINITY;
    for column in Column::ALL {
        if !state.trays[0].is_column_full(column) {
            best = best.max(brute_after(state, column, die, plies, budget)?);
        }
    }
    Some(best)
}

/// Endings with one to three empty slots a side whose every line ends within a few
/// moves: level 5's search solves each exactly, and plays a column of the best
/// exact value (among equal results, the larger margin).
#[test]
fn level_5_plays_endings_exactly() {
    let stop = AtomicBool::new(false);
    let mut solved = 0;
    for game in random_positions(400) {
        let mover = game.side_to_move();
        let state = State {
            trays: [*game.tray(mover), *game.tray(mover.opponent())],
        };
        let empty = |tray: &Tray| 9 - tray.dice_count();
        let (mine, theirs) = (empty(&state.trays[0]), empty(&state.trays[1]));
        if !(1..=3).contains(&mine) || !(1..=3).contains(&theirs) {
            continue;
        }
        let mut budget = 200_000;
        let values: Option<Vec<(Column, f64)>> = game
            .legal_columns()
            .into_iter()
            .map(|c| Some((c, brute_after(&state, c, game.die(), 12, &mut budget)?)))
            .collect();
        let Some(values) = values else { continue };
        let best = values
            .iter()
            .map(|&(_, v)| v)
            .fold(f64::NEG_INFINITY, f64::max);
        let choice = deep_search(&game, Duration::from_secs(60), &stop).unwrap();
        let chosen = values.iter().find(|&&(c, _)| c == choice.column).unwrap().1;
        assert!(
            (chosen - best).abs() < 1e-9,
            "{game:?}: {choice:?} {values:?}"
        );
        assert!(
            (choice.value.unwrap() - best).abs() < 1e-9,
            "{game:?}: {choice:?}"
        );
        solved += 1;
    }
    assert!(solved >= 100, "only {solved} endings solved");
}

/// The deep search in slices of no time at all (it unwinds and starts again from
/// the table after every few thousand nodes) gives the move and value of the search
/// in one go.
#[test]
fn the_deep_search_in_slices_gives_the_same_answer() {
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
        let mut slices = Slices::every(Duration::ZERO, suspending(&pauses));
        let sliced = run(deep::search_in_slices(
            &game,
            Duration::from_secs(60),
            Some(5),
            &stop,
            &mut slices,
        ))
        .unwrap();
        let whole = deep::fixed_depth(&game, 5, true).unwrap();
        assert_eq!(
            (sliced.column, sliced.value),
            (whole.column, whole.value),
            "{text}"
        );
        assert!(pauses.get() >= 2, "{text}: {} pauses", pauses.get());
    }
}

/// The fitted evaluation's features see a position from either side alike: turned
/// around, the margin changes sign and each side's terms change places.
#[test]
fn the_fitted_features_mirror_between_the_sides() {
    for game in random_positions(20) {
        let mover = game.side_to_move();
        let (me, them) = (game.tray(mover), game.tray(mover.opponent()));
        let f = eval::features(me, them);
        let g = eval::features(them, me);
        assert_eq!(f[0], -g[0], "{game:?}");
        for (mine, theirs) in [(1, 2), (3, 4), (5, 6)] {
            assert_eq!((f[mine], f[theirs]), (g[theirs], g[mine]), "{game:?}");
        }
        let phase = eval::phase(me, them);
        assert_eq!(
            (phase / 9, phase % 9),
            (8 - me.dice_count(), 8 - them.dice_count())
        );
    }
}

/// The fitted evaluation favours the side ahead, and more the closer the end.
#[test]
fn the_fitted_evaluation_favours_the_side_ahead() {
    let state = |text: &str| {
        let game = position(text);
        let mover = game.side_to_move();
        State {
            trays: [*game.tray(mover), *game.tray(mover.opponent())],
        }
    };
    let ahead = state("p1=66|5|;p2=1|2|;die=3;turn=p1");
    assert_eq!(ahead.trays[0].score(), ahead.trays[1].score() + 26);
    let ahead = eval::fitted(&ahead);
    let behind = eval::fitted(&state("p1=66|5|;p2=1|2|;die=3;turn=p2"));
    assert!(ahead > 0.2 && behind < -0.2, "{ahead} {behind}");
    // Three moves each later, with the same lead of 26.
    let later = state("p1=66|53|41;p2=12|2|15;die=3;turn=p1");
    assert_eq!(later.trays[0].score(), later.trays[1].score() + 26);
    let later = eval::fitted(&later);
    assert!(later > ahead, "{later} {ahead}");
}

/// Every phase of the fitted table that games reach values a point of margin
/// positively, and every weight is a number.
#[test]
fn every_reached_phase_of_the_fitted_table_prizes_points() {
    let mut reached = [false; eval::PHASES];
    for game in random_positions(200) {
        let mover = game.side_to_move();
        reached[eval::phase(game.tray(mover), game.tray(mover.opponent()))] = true;
    }
    for (phase, weights) in eval::WEIGHTS.iter().enumerate() {
        assert!(weights.iter().all(|w| w.is_finite()), "phase {phase}");
        if reached[phase] && phase != eval::PHASES - 1 {
            assert!(weights[0] > 0.0, "phase {phase}: {weights:?}");
        }
    }
}
