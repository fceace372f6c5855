use super::*;
use crate::rules::Game;

fn col(n: usize) -> Column {
    Column::new(n - 1).unwrap()
}

fn position(text: &str) -> Knucklebones {
    Knucklebones::from_position(text).unwrap()
}

#[test]
fn columns_read_and_print_as_1_to_3() {
    for c in Column::ALL {
        assert_eq!(Column::parse(&c.to_string()), Ok(c));
    }
    assert_eq!(col(2).index(), 1);
    assert_eq!(Column::new(3), None);
    for bad in ["", "0", "4", "a", "12"] {
        assert!(Column::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn columns_score_value_times_count_squared() {
    let game = position("p1=44|444|125;p2=5|525|;die=1;turn=p1");
    assert_eq!(game.column_score(Player::First, col(1)), 16);
    assert_eq!(game.column_score(Player::First, col(2)), 36);
    assert_eq!(game.column_score(Player::First, col(3)), 8);
    assert_eq!(game.score(Player::First), 60);
    // 5 + 5 counted twice over: 5 * 2^2 + 2.
    assert_eq!(game.column_score(Player::Second, col(2)), 22);
    assert_eq!(game.column_score(Player::Second, col(3)), 0);
    assert_eq!(game.score(Player::Second), 27);
}

/// Plays a die of `die` into `column` from the position `p1=...;p2=...` with p1 to
/// move, and returns the game after it.
fn after(trays: &str, die: u8, column: usize) -> Knucklebones {
    let mut game = position(&format!("{trays};die={die};turn=p1"));
    game.play(col(column)).unwrap();
    game
}

#[test]
fn a_die_removes_the_opponents_equal_dice_in_the_same_column_only() {
    // One die.
    let game = after("p1=||;p2=35|3|3", 5, 1);
    assert_eq!(game.tray(Player::Second).column(col(1)), &[3]);
    assert_eq!(game.last_placement().unwrap().removed, 1);
    // Two equal dice, the rest closing up in order.
    let game = after("p1=||;p2=434||", 4, 1);
    assert_eq!(game.tray(Player::Second).column(col(1)), &[3]);
    assert_eq!(game.last_placement().unwrap().removed_slots, 0b101);
    // Three equal dice at once: the column is emptied.
    let game = after("p1=||;p2=666|6|6", 6, 1);
    let p2 = game.tray(Player::Second);
    assert!(p2.column(col(1)).is_empty());
    assert_eq!(game.last_placement().unwrap().removed, 3);
    // Other columns keep their 6s, and the mover's own dice stay.
    assert_eq!((p2.column(col(2)), p2.column(col(3))), (&[6][..], &[6][..]));
    let game = after("p1=6||;p2=||", 6, 1);
    assert_eq!(game.tray(Player::First).column(col(1)), &[6, 6]);
    // Nothing of that value: nothing removed.
    let game = after("p1=||;p2=12|5|", 5, 1);
    assert_eq!(game.tray(Player::Second).column(col(1)), &[1, 2]);
    assert_eq!(game.last_placement().unwrap().removed, 0);
    // p2 moving removes from p1.
    let mut game = position("p1=2|22|;p2=||;die=2;turn=p2");
    game.play(col(2)).unwrap();
    assert_eq!(game.tray(Player::First).column(col(2)), &[] as &[u8]);
    assert_eq!(game.tray(Player::First).column(col(1)), &[2]);
}

#[test]
fn a_full_column_is_refused_and_nothing_changes() {
    let mut game = position("p1=123|4|;p2=1||;die=1;turn=p1");
    let before = game.clone();
    assert_eq!(
        game.play(col(1)),
        Err(KnucklebonesError::ColumnFull(col(1)))
    );
    assert_eq!(game, before);
    assert_eq!(game.legal_columns(), vec![col(2), col(3)]);
    assert_eq!(
        KnucklebonesError::ColumnFull(col(1)).to_string(),
        "column 1 is full"
    );
}

#[test]
fn the_game_ends_after_the_move_that_fills_the_movers_tray() {
    let mut game = position("p1=123|456|12;p2=111|22|;die=3;turn=p1");
    assert!(!game.is_over());
    assert_eq!(game.outcome(), None);
    game.play(col(3)).unwrap();
    assert!(game.is_over());
    // p1: 6 + 15 + 6 = 27 against p2's 9 + 8 = 17.
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert!(game.legal_columns().is_empty());
    assert_eq!(game.check(col(3)), Err(KnucklebonesError::GameOver));
    assert_eq!(game.play(col(3)), Err(KnucklebonesError::GameOver));
    // The opponent holding eight dice does not end anything: only the mover's own
    // tray filling does.
    let mut game = position("p1=12|3|4;p2=111|222|33;die=5;turn=p1");
    game.play(col(1)).unwrap();
    assert!(!game.is_over());
    // p2 fills its tray and knocks out p1's 4 on the way: p1 keeps 1 + 2 + 5 + 3 = 11
    // against 9 + 18 + 12 + 4 = 43.
    game = position("p1=125|3|4;p2=111|222|33;die=4;turn=p2");
    game.play(col(3)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.score(Player::First), 11);
    assert_eq!(game.score(Player::Second), 43);
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn equal_totals_draw_and_the_higher_total_wins() {
    // p1 has 24 + 16 + 2 = 42 and p2 fills its tray with 9 + 27 + column 3.
    let p2_fills = |die: u8| {
        let mut game = position(&format!("p1=66|44|2;p2=111|333|12;die={die};turn=p2"));
        game.play(col(3)).unwrap();
        assert!(game.is_over());
        (
            game.score(Player::First),
            game.score(Player::Second),
            game.outcome(),
        )
    };
    // 1, 2, 1: 1 * 4 + 2 = 6, so 42 each.
    assert_eq!(p2_fills(1), (42, 42, Some(Outcome::Draw)));
    // 1, 2, 2: 1 + 2 * 4 = 9, and p1's 2 is gone.
    assert_eq!(p2_fills(2), (40, 45, Some(Outcome::Win(Player::Second))));
    assert_eq!(p2_fills(3), (42, 42, Some(Outcome::Draw)));
    // 1 + 2 + 6 = 9: p2 wins 45 to 42.
    assert_eq!(p2_fills(6), (42, 45, Some(Outcome::Win(Player::Second))));
}

#[test]
fn undo_restores_exactly_and_redo_meets_the_same_die() {
    let mut game = Knucklebones::new(7, Player::Second);
    let mut rng_state = 3usize;
    let mut states = vec![game.clone()];
    while !game.is_over() {
        let legal = game.legal_columns();
        rng_state = rng_state * 1_103_515_245 % 2_147_483_647 + 12_345;
        game.play(legal[rng_state % legal.len()]).unwrap();
        states.push(game.clone());
    }
    let moves = game.moves();
    let replayed = Knucklebones::from_moves(7, Player::Second, moves.iter().copied()).unwrap();
    assert_eq!(replayed, game);
    for (i, state) in states.iter().enumerate().rev().skip(1) {
        assert_eq!(game.undo(), Some(moves[i]));
        assert_eq!(&game, state, "after undoing move {i}");
    }
    assert_eq!(game.undo(), None);
    // Redo: the same columns meet the same dice.
    for (i, &m) in moves.iter().enumerate() {
        assert_eq!(game.die(), states[i].die());
        game.play(m).unwrap();
    }
    assert_eq!(game, replayed);
    // Removals of two dice around a survivor go back to their slots.
    let mut game = position("p1=||;p2=434||;die=4;turn=p1");
    let before = game.clone();
    game.play(col(1)).unwrap();
    game.undo();
    assert_eq!(game, before);
    assert_eq!(game.tray(Player::Second).column(col(1)), &[4, 3, 4]);
}

#[test]
fn rolls_are_fixed_in_range_and_roughly_uniform() {
    // Pinned values: replaying old saved games depends on them never changing.
    let first: Vec<u8> = (0..10).map(|ply| roll(1, ply)).collect();
    assert_eq!(first, PINNED_ROLLS);
    let mut counts = [0u32; 6];
    for seed in 0..100 {
        for ply in 0..600 {
            let d = roll(seed, ply);
            assert!((1..=6).contains(&d));
            counts[usize::from(d - 1)] += 1;
        }
        assert_eq!(roll(seed, 5), roll(seed, 5));
    }
    // 60,000 rolls: 10,000 expected per face, standard deviation about 91.
    for c in counts {
        assert!((9_600..=10_400).contains(&c), "{counts:?}");
    }
    let game = Knucklebones::new(1, Player::First);
    assert_eq!(game.die(), roll(1, 0));
}

const PINNED_ROLLS: [u8; 10] = [4, 6, 6, 3, 3, 5, 6, 2, 2, 1];

#[test]
fn positions_read_back_and_bad_ones_are_refused() {
    let text = "p1=44|1|;p2=6||235;die=4;turn=p1";
    let game = position(text);
    assert_eq!(game.position_text(), text);
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.die(), 4);
    assert_eq!(game.tray(Player::Second).column(col(3)), &[2, 3, 5]);
    let mut game = Knucklebones::new(3, Player::First);
    while !game.is_over() {
        let read = position(&game.position_text());
        assert_eq!(read.position_text(), game.position_text());
        assert_eq!(read.tray(Player::First), game.tray(Player::First));
        game.play(game.legal_columns()[0]).unwrap();
    }
    for bad in [
        "",
        "p1=44|1|;p2=6||235;die=4",             // a field missing
        "p1=44|1;p2=6||235;die=4;turn=p1",      // two columns
        "p1=44|1||;p2=6||235;die=4;turn=p1",    // four columns
        "p1=4444|1|;p2=6||235;die=4;turn=p1",   // four dice in a column
        "p1=44|1|;p2=6||275;die=4;turn=p1",     // a 7
        "p1=04|1|;p2=6||235;die=4;turn=p1",     // a 0
        "p1=44|1|;p2=6||235;die=0;turn=p1",     // die 0
        "p1=44|1|;p2=6||235;die=7;turn=p1",     // die 7
        "p1=44|1|;p2=6||235;die=45;turn=p1",    // two dice
        "p1=44|1|;p2=6||235;die=4;turn=p3",     // no such side
        "p2=44|1|;p1=6||235;die=4;turn=p1",     // fields out of order
        "p1=123|123|123;p2=6||;die=4;turn=p2",  // p1 filled its tray: over
        "p1=1||;p2=123|123|123;die=4;turn=p1",  // p2's full tray
        "p1=44|1|;p2=6||235;die=4;turn=p1;x=1", // an extra field
    ] {
        let err = Knucklebones::from_position(bad).unwrap_err();
        assert!(
            matches!(err, KnucklebonesError::BadPosition(_)),
            "{bad}: {err}"
        );
        assert_eq!(err.to_string().lines().count(), 1);
    }
}

#[test]
fn random_games_keep_every_invariant() {
    for seed in 0..200u64 {
        let starter = if seed % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let mut game = Knucklebones::new(seed, starter);
        let mut pick = seed as usize;
        while !game.is_over() {
            let legal = game.legal_columns();
            assert!(!legal.is_empty());
            for c in Column::ALL {
                assert_eq!(game.check(c).is_ok(), legal.contains(&c));
            }
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let mover = game.side_to_move();
            game.play(legal[(pick >> 33) % legal.len()]).unwrap();
            assert_eq!(game.side_to_move(), mover.opponent());
            for p in Player::BOTH {
                let tray = game.tray(p);
                let by_hand: u32 = Column::ALL
                    .iter()
                    .map(|&c| {
                        (1..=6)
                            .map(|v| u32::from(v) * (tray.count(c, v) as u32).pow(2))
                            .sum::<u32>()
                    })
                    .sum();
                assert_eq!(game.score(p), by_hand);
            }
        }
        assert!(game.tray(game.side_to_move().opponent()).is_full());
        assert!(!game.tray(game.side_to_move()).is_full());
        assert!(game.outcome().is_some());
    }
}

/// A game told its dice (a client of an online room) plays as the seeded game the
/// dice came from: the same trays, scores and end, move for move; it waits while its
/// die is not told, and refuses a die that is none.
#[test]
fn told_dice_play_as_the_seeded_game() {
    let seeded = {
        let mut game = Knucklebones::new(77, Player::Second);
        let mut pick = 0usize;
        while !game.is_over() {
            let legal = game.legal_columns();
            pick = pick.wrapping_mul(31).wrapping_add(7);
            game.play(legal[pick % legal.len()]).unwrap();
        }
        game
    };
    // The client knows who starts but not the seed: any placeholder will do.
    let mut told = Knucklebones::new(0, Player::Second);
    told.take_chance_from_outside();
    assert_eq!(told.chance(), None);
    assert_eq!(told.check(col(1)), Err(KnucklebonesError::NotRolled));
    assert!(told.legal_columns().is_empty(), "nothing to place yet");
    assert!(told.tell_chance("7").is_err());
    assert!(told.tell_chance("x").is_err());
    for (n, placement) in seeded.placements().iter().enumerate() {
        told.tell_chance(&placement.die.to_string()).unwrap();
        assert_eq!(told.chance(), Some(placement.die.to_string()), "move {n}");
        told.play(placement.column).unwrap();
    }
    assert!(told.is_over());
    assert_eq!(told.outcome(), seeded.outcome());
    for p in Player::BOTH {
        assert_eq!(told.tray(p), seeded.tray(p));
    }
    // After the end, the die a seeded game would place next.
    told.tell_chance(&seeded.die().to_string()).unwrap();
    assert_eq!(told.position_text(), seeded.position_text());
    // Undo and the same move again meets the same told die.
    let last = told.undo().unwrap();
    assert!(told.chance().is_some());
    told.play(last).unwrap();
    assert!(told.is_over());
    // A seeded game takes no told die.
    let mut own = Knucklebones::new(5, Player::First);
    assert_eq!(own.tell_die(3), Err(KnucklebonesError::NotTold));
}

#[test]
fn edits_set_the_trays_and_the_die_and_the_seed_rolls_the_rest() {
    let mut game = Knucklebones::new(42, Player::First).to_setup();
    let put = |side, face| Edit::Put { side, face };
    game.edit(Column::ALL[0], put(Player::First, 4)).unwrap();
    game.edit(Column::ALL[0], put(Player::First, 4)).unwrap();
    game.edit(Column::ALL[2], put(Player::Second, 6)).unwrap();
    game.edit(Column::ALL[2], put(Player::Second, 1)).unwrap();
    game.edit(
        Column::ALL[2],
        Edit::Take {
            side: Player::Second,
        },
    )
    .unwrap();
    assert!(
        game.edit(
            Column::ALL[1],
            Edit::Take {
                side: Player::Second
            }
        )
        .is_err()
    );
    assert!(game.edit(Column::ALL[1], put(Player::First, 7)).is_err());
    game.set_side_to_move(Player::Second).unwrap();
    game.set_up_die(4).unwrap();
    assert_eq!(
        game.setup_text().as_deref(),
        Some("p1=44||;p2=||6;die=4;turn=p2")
    );
    assert_eq!(game.settings(), ["42", "p2"]);
    // Player 2's 4 in column 1 knocks out both of Player 1's; the next die is the seed's.
    game.play(Column::ALL[0]).unwrap();
    assert_eq!(game.tray(Player::First).dice_count(), 0);
    assert_eq!(game.die(), roll(42, 1));
    // Another seed, other rolls from the same position.
    let other = Knucklebones::new(43, Player::First)
        .set_up("p1=44||;p2=||6;die=4;turn=p2")
        .unwrap();
    let mut after = other.clone();
    after.play(Column::ALL[0]).unwrap();
    assert_eq!(after.die(), roll(43, 1));
    assert_eq!(game.undo(), Some(Column::ALL[0]));
    assert_eq!(game.undo(), None);
    assert_eq!(game.die(), 4);
}
