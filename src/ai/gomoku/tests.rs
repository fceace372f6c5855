//! The engine through its public API: the must-haves of every level.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::search::{MIN_SOLVE_NODES, ROOT_VCF_DEPTH, ROOT_VCT_DEPTH, RootSolves, defences};
use super::threats::tests::{VCF_PUZZLES, position, puzzle};
use super::*;
use crate::rules::gomoku::{BoardSize, Rule};
use crate::rules::{Game, Player};

fn quick(depth: u32) -> Limits {
    Limits {
        time: Some(Duration::from_millis(400)),
        depth: Some(depth),
        threads: 1,
        memory_bytes: 8 << 20,
    }
}

fn answer(game: &Gomoku, limits: &Limits) -> SearchResult {
    search(game, limits, &AtomicBool::new(false), |_| {}).expect("the game goes on")
}

/// The move `level` plays in `game`.
fn at_level(game: &Gomoku, level: u8) -> SearchResult {
    best_move(
        game,
        Level::new(level).unwrap(),
        &AtomicBool::new(false),
        |_| {},
    )
    .expect("the game goes on")
}

fn names(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|m| (*m).to_owned()).collect()
}

#[test]
fn opens_in_the_centre_at_once() {
    for size in ["15x15", "10x10", "20x13"] {
        let game = Gomoku::new(size.parse().unwrap(), Rule::FreeStyle);
        let result = answer(&game, &Limits::for_level(Level::MAX));
        assert_eq!(result.best, game.size().centre());
        assert_eq!(result.nodes, 0);
        assert_eq!(pattern_move(&game), Some(game.size().centre()));
    }
}

#[test]
fn plays_a_winning_five_at_once() {
    // White has four too, but Black moves and wins first.
    let g = position("15x15", Rule::FreeStyle, "h8 i8 j8 k8", "h9 i9 j9 k9");
    let result = answer(&g, &quick(4));
    assert!(names(&["g8", "l8"]).contains(&result.best.to_string()));
    assert_eq!(result.value, Value::Win(1));
    for level in 1..=5 {
        let r = at_level(&g, level);
        assert!(
            names(&["g8", "l8"]).contains(&r.best.to_string()),
            "level {level}"
        );
    }
}

#[test]
fn blocks_the_opponents_four() {
    // White to move; Black threatens l8 (g8 is taken).
    let g = position("15x15", Rule::FreeStyle, "h8 i8 j8 k8 b2", "g8 a1 c13 n14");
    for level in 1..=5 {
        let r = at_level(&g, level);
        assert_eq!(r.best.to_string(), "l8", "level {level}");
    }
}

#[test]
fn finds_forced_vcf_wins() {
    for (moves, _) in VCF_PUZZLES {
        for level in 2..=5 {
            let g = puzzle(moves, Rule::FreeStyle);
            let r = at_level(&g, level);
            assert!(matches!(r.value, Value::Win(_)), "level {level}: {r:?}");
        }
    }
}

#[test]
fn never_plays_an_illegal_move_on_any_board() {
    use rand::{Rng, SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(3);
    for (size, rule) in [
        ("10x10", Rule::Standard),
        ("20x11", Rule::FreeStyle),
        ("13x20", Rule::Standard),
    ] {
        let size: BoardSize = size.parse().unwrap();
        let mut game = Gomoku::new(size, rule);
        let limits = Limits {
            time: Some(Duration::from_millis(20)),
            depth: Some(3),
            threads: 1,
            memory_bytes: 4 << 20,
        };
        while !game.is_over() {
            // Random moves mixed in give odd positions, crowded edges included.
            let p = if rng.random_bool(0.3) {
                let empties: Vec<Point> = size.points().filter(|&p| game.is_legal(p)).collect();
                empties[rng.random_range(0..empties.len())]
            } else if game.moves().len().is_multiple_of(2) {
                answer(&game, &limits).best
            } else {
                pattern_move(&game).unwrap()
            };
            game.play(p).expect("the engines play legal moves");
        }
    }
}

#[test]
fn plays_legal_moves_on_every_board_size_under_every_rule() {
    let limits = Limits {
        time: Some(Duration::from_millis(50)),
        depth: Some(2),
        threads: 1,
        memory_bytes: 1 << 20,
    };
    for w in 10..=20u8 {
        for h in 10..=20u8 {
            let rule = Rule::ALL[usize::from(w + h) % Rule::ALL.len()];
            let size = BoardSize::new(w, h).unwrap();
            // Start in a corner so the engine has to work along two edges.
            let mut game = Gomoku::from_moves(size, rule, [Point::new(0, 0)]).unwrap();
            for _ in 0..6 {
                let best = answer(&game, &limits).best;
                assert!(game.is_legal(best), "{best} on {size}");
                game.play(best).unwrap();
                let level1 = pattern_move(&game).expect("the game goes on");
                game.play(level1).unwrap();
            }
        }
    }
}

#[test]
fn stops_when_told_and_still_answers() {
    let g = position("15x15", Rule::FreeStyle, "h8 i9 j8", "i8 h9 g10");
    let stop = AtomicBool::new(true);
    let limits = Limits {
        time: None,
        depth: None,
        threads: 2,
        memory_bytes: 16 << 20,
    };
    let r = search(&g, &limits, &stop, |_| {}).unwrap();
    assert!(g.is_legal(r.best));
}

#[test]
fn reports_progress_and_deepens() {
    let g = position("15x15", Rule::FreeStyle, "h8 i9", "i8 h9");
    let mut infos = Vec::new();
    let r = search(&g, &quick(4), &AtomicBool::new(false), |i| {
        infos.push(i.clone())
    })
    .unwrap();
    assert!(!infos.is_empty());
    assert!(infos.windows(2).all(|w| w[0].depth < w[1].depth));
    assert_eq!(infos.last().unwrap().best, Some(r.best));
    assert!(r.depth >= 1 && r.nodes > 0);
}

#[test]
fn threads_agree_on_forced_moves() {
    let g = puzzle(VCF_PUZZLES[1].0, Rule::Standard);
    for threads in [1, 3] {
        let limits = Limits {
            threads,
            ..quick(6)
        };
        assert!(matches!(answer(&g, &limits).value, Value::Win(_)));
    }
}

#[test]
fn exact_five_does_not_count_on_an_overline() {
    // Black f8 g8 i8 j8 k8: h8 would make six, a win only in free-style.
    let black = "f8 g8 i8 j8 k8";
    let white = "a1 a3 a5 a7 c14";
    let free = position("15x15", Rule::FreeStyle, black, white);
    assert_eq!(answer(&free, &quick(2)).best.to_string(), "h8");
    let exact = position("15x15", Rule::Standard, black, white);
    let r = answer(&exact, &quick(2));
    assert_ne!(r.best.to_string(), "h8", "{r:?}");
    assert_ne!(r.value, Value::Win(1));
}

/// A tuning run names the search's numbers: each can be read and set within its
/// range, and a wrong name or value changes nothing.
#[test]
fn search_params_are_set_by_name_within_their_ranges() {
    let mut params = Params::default();
    for name in Params::names() {
        let value = params.get(name).expect("a named parameter");
        assert_eq!(params.set(name, value), Ok(()), "{name}");
    }
    assert_eq!(params, Params::default());
    params.set("futility_margin", 120).unwrap();
    assert_eq!(params.get("futility_margin"), Some(120));
    assert!(params.set("futility_margin", -1).is_err());
    assert!(params.set("width_2", 0).is_err());
    assert!(params.set("no_such_number", 1).is_err());
    assert_eq!(params.get("no_such_number"), None);
    let mut expected = Params::default();
    expected.set("futility_margin", 120).unwrap();
    assert_eq!(params, expected);
}

/// The engine searches with the numbers it is given: one quiet move a node searches
/// a smaller tree to the same depth than the default widths.
#[test]
fn the_engine_searches_with_its_params() {
    let size = BoardSize::STANDARD;
    let moves = "h8 i9 i8 g8 h9 h10 j7 k6 g10 f11".split(' ');
    let points = moves.map(|m| size.parse_point(m).unwrap());
    let game = Gomoku::from_moves(size, Rule::FreeStyle, points).unwrap();
    let limits = Limits {
        time: None,
        depth: Some(6),
        threads: 1,
        memory_bytes: 8 << 20,
    };
    let nodes = |params: Params| {
        let mut engine = Engine::new(&limits);
        engine.set_params(params);
        assert_eq!(engine.params(), params);
        let result = engine.search(&game, &limits, &AtomicBool::new(false), |_| {});
        result.expect("the game goes on").nodes
    };
    let mut narrow = Params::default();
    for width in ["width_1", "width_2", "width_3", "width_4"] {
        narrow.set(width, 1).unwrap();
    }
    let (wide, narrow) = (nodes(Params::default()), nodes(narrow));
    assert!(
        narrow < wide,
        "{narrow} nodes with width 1, {wide} with the defaults"
    );
}

/// A timed search's table is what its budget can fill, within the memory limit; an
/// untimed one (analysis to a depth) fills the limit.
#[test]
fn a_timed_search_gets_a_table_it_can_fill() {
    const MIB: usize = 1 << 20;
    let table = |time: Option<u64>, memory_bytes| {
        Engine::new(&Limits {
            time: time.map(Duration::from_millis),
            depth: None,
            threads: 1,
            memory_bytes,
        })
        .table_bytes()
    };
    assert_eq!(table(Some(445), 256 * MIB), 16 * MIB);
    assert_eq!(table(Some(1000), 256 * MIB), 32 * MIB);
    assert_eq!(table(Some(1000), 24 * MIB), 16 * MIB);
    assert_eq!(table(None, 256 * MIB), 128 * MIB);
}

#[test]
fn levels_have_growing_budgets() {
    let times: Vec<_> = (2..=5)
        .map(|l| Limits::for_level(Level::new(l).unwrap()).time)
        .collect();
    assert!(times.windows(2).all(|w| w[0] < w[1]));
    assert!(Level::new(0).is_none() && Level::new(6).is_none());
    assert_eq!(Value::Win(3).to_string(), "win");
    assert_eq!(Value::Score(-12).to_string(), "-12");
}

/// A search in slices of no time at all pauses at every look at the clock (every
/// 1,024 nodes) and picks up after each pause: it still finds the five, the block and
/// the VCF win, reaches the depth it was given, and plays legal moves.
#[test]
fn a_search_in_slices_pauses_often_and_still_plays_well() {
    use crate::ai::slices::testing::{run, suspending};
    use std::cell::Cell;

    let sliced = |game: &Gomoku, limits: &Limits, pauses: &Cell<u32>| {
        let before = pauses.get();
        let mut slices = Slices::every(Duration::ZERO, suspending(pauses));
        let mut engine = Engine::new(limits);
        let stop = AtomicBool::new(false);
        let result = run(engine.search_in_slices(game, limits, &stop, |_| {}, &mut slices))
            .expect("the game goes on");
        assert_eq!(slices.pauses(), pauses.get() - before);
        result
    };
    let deep = Limits {
        time: None,
        depth: Some(6),
        threads: 4,
        memory_bytes: 16 << 20,
    };

    let five = position("15x15", Rule::FreeStyle, "h8 i8 j8 k8", "h9 i9 j9 k9");
    let pauses = Cell::new(0);
    assert!(names(&["g8", "l8"]).contains(&sliced(&five, &deep, &pauses).best.to_string()));

    let open = position("15x15", Rule::FreeStyle, "h8 i8 j8 k8 b2", "g8 a1 c13 n14");
    assert_eq!(sliced(&open, &deep, &pauses).best.to_string(), "l8");

    for (moves, _) in VCF_PUZZLES {
        let win = sliced(&puzzle(moves, Rule::FreeStyle), &deep, &pauses);
        assert!(matches!(win.value, Value::Win(_)), "{win:?}");
    }

    let middle = position("15x15", Rule::FreeStyle, "h8 i10", "i9 j8");
    let pauses = Cell::new(0);
    let deeper = Limits {
        depth: Some(8),
        ..deep
    };
    let result = sliced(&middle, &deeper, &pauses);
    assert!(middle.is_legal(result.best));
    assert_eq!(result.depth, 8, "{result:?}");
    assert!(pauses.get() > 10, "{} pauses", pauses.get());

    // Pausing every few hundred nodes, the way back down to where a slice stopped
    // (through the nodes it had finished) can cost a whole slice: the search still
    // gets on, with not many more nodes than without slices. (It once stalled here,
    // at depth 7, each slice finishing a node or two it had finished before.)
    let opening = position("15x15", Rule::FreeStyle, "m8 o11 m11", "m13 l13");
    let limits = Limits {
        time: Some(Duration::from_secs(20)),
        ..deeper
    };
    let plain = answer(&opening, &limits);
    let result = sliced(&opening, &limits, &pauses);
    assert_eq!(result.depth, 8, "{result:?}");
    assert!(
        result.nodes < 4 * plain.nodes,
        "{result:?} against {plain:?}"
    );
}

/// Late moves lose at least one ply and never so many that less than one is left
/// (two below the node), and later moves in deeper nodes lose more.
#[test]
fn late_move_reductions_grow_with_depth_and_index_within_bounds() {
    use super::search::late_move_reduction;
    for depth in 3..100 {
        for index in 2..250 {
            let r = late_move_reduction(depth, index);
            assert!(
                (1..=depth - 2).contains(&r),
                "depth {depth} index {index}: {r}"
            );
            assert!(r >= late_move_reduction(depth - 1, index).min(depth - 2));
            assert!(r >= late_move_reduction(depth, index - 1));
        }
    }
    assert_eq!(late_move_reduction(3, 2), 1);
    assert!(late_move_reduction(12, 30) >= 3);
}

/// A late quiet move on a point whose history has reached the threshold is reduced
/// a ply less, never below one ply; below it, as the table says.
#[test]
fn a_proven_point_is_reduced_a_ply_less() {
    use super::search::{late_move_reduction, reduction};
    let threshold = Params::default().get("reduction_history").unwrap();
    assert!(threshold > 0);
    for (depth, index) in [(12, 30), (8, 10), (3, 2), (4, 5)] {
        let table = late_move_reduction(depth, index);
        assert_eq!(reduction(depth, index, threshold - 1), table);
        let eased = reduction(depth, index, threshold);
        assert_eq!(eased, (table - 1).max(1), "depth {depth}, move {index}");
    }
    assert!(reduction(12, 30, threshold) < late_move_reduction(12, 30));
}

/// A line of blocked fours is searched three tenths of a ply further a block: whole
/// plies at the fourth, seventh and tenth block, none before.
#[test]
fn blocks_of_fours_extend_a_line_by_three_plies_in_ten() {
    use super::search::block_extension;
    let extra: Vec<i32> = (1..=10).map(block_extension).collect();
    assert_eq!(extra, [0, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    assert_eq!((1..=100).map(block_extension).sum::<i32>(), 30);
}

/// After the first move failed to cut, a node's other moves are ordered best first,
/// and only the best of them are kept when the node searches fewer than it has; the
/// first move stays where it is.
#[test]
fn the_moves_after_the_first_are_ordered_as_far_as_the_node_searches() {
    use super::movegen::Scored;
    use super::search::order_rest;
    let scores = [7, 3, 9, 1, 9, 4, 8, 2, 6, 5];
    for width in 1..=12 {
        let mut moves: Vec<Scored> = (0..scores.len())
            .map(|mv| Scored {
                mv,
                score: scores[mv],
            })
            .collect();
        order_rest(&mut moves, width);
        let mut rest: Vec<i32> = scores[1..].to_vec();
        rest.sort_unstable_by(|a, b| b.cmp(a));
        rest.truncate(width.saturating_sub(1));
        let kept: Vec<i32> = moves.iter().map(|m| m.score).collect();
        assert_eq!(kept[0], 7, "width {width}");
        assert_eq!(kept[1..], rest[..], "width {width}");
        assert!(moves.iter().all(|m| m.score == scores[m.mv]));
    }
}

/// The moves of a side under threat: the generator's list, as point names.
fn generated(game: &Gomoku) -> (super::movegen::Forcing, Vec<String>) {
    let board = board::Board::from_game(game);
    let mut moves = Vec::new();
    let forcing = super::movegen::generate(&board, &mut moves);
    let names = moves
        .iter()
        .map(|m| board::Board::point(m.mv).to_string())
        .collect();
    (forcing, names)
}

/// The search tries the table's move before it generates the moves where the side
/// to move is free, and only a move the generator would list: `forcing` says what
/// `generate` says, and `generates_free` holds exactly for the moves it lists,
/// forbidden points under renju left out.
#[test]
fn a_free_node_knows_its_moves_before_they_are_generated() {
    use super::movegen::{Forcing, forcing, generates_free};
    let cases = [
        ("15x15", Rule::FreeStyle, "h8 j10", "h9 g7"),
        (
            "15x15",
            Rule::FreeStyle,
            "m6 a15 c15 o15 a1 c1",
            "f8 g8 h8 m3 m4 m5",
        ),
        (
            "15x15",
            Rule::FreeStyle,
            "c8 m6 a15 o15 a1 o1 c15 e15",
            "d8 e8 f8 g9 g10 m3 m4 m5",
        ),
        // Black to move under renju with a double-three point (h8: g8 i8 and h7 h9
        // lines), which it may not play.
        ("15x15", Rule::Renju, "g8 i8 h7 h9", "a1 a3 a5 o15"),
        ("10x12", Rule::FreeStyle, "a1 b2", "j12 c3"),
    ];
    let mut free = 0;
    for (size, rule, black, white) in cases {
        let g = position(size, rule, black, white);
        let board = board::Board::from_game(&g);
        let mut moves = Vec::new();
        let generated = super::movegen::generate(&board, &mut moves);
        assert_eq!(forcing(&board), generated, "{black} / {white}");
        if generated != Forcing::Free {
            continue;
        }
        free += 1;
        let listed: Vec<usize> = moves.iter().map(|m| m.mv).collect();
        for p in g.size().points() {
            let i = board::Board::index(p);
            assert_eq!(
                generates_free(&board, i),
                listed.contains(&i),
                "{p} ({black} / {white})"
            );
        }
    }
    assert_eq!(free, 3);
}

/// Against a four, the only move is its five-point, whether the four came with the
/// last move (found on its lines) or earlier (found by a look at every point).
#[test]
fn a_four_is_blocked_on_its_five_point() {
    use super::movegen::Forcing;
    let played = crate::rules::gomoku::parse_position("15x15:h8,a1,h9,a2,h10,a3,o15,a4", None)
        .expect("a position");
    let set_up = position("15x15", Rule::FreeStyle, "h8 h9 h10 o15", "a1 a2 a3 a4");
    for g in [played, set_up] {
        assert_eq!(generated(&g), (Forcing::BlockFive, vec!["a5".to_owned()]));
    }
}

/// Against an open three, or a point that makes a four and an open three at once,
/// only the moves that stop it are searched (and the side's own fours): the
/// opponent's four-points on other lines are no defence.
#[test]
fn a_threat_is_answered_only_on_its_lines() {
    use super::movegen::Forcing;
    // White's open three f8 g8 h8; its closed three m3 m4 m5 (Black m6) has
    // four-points m1 and m2, which stop nothing.
    let black = "m6 a15 c15 o15 a1 c1";
    let g = position("15x15", Rule::FreeStyle, black, "f8 g8 h8 m3 m4 m5");
    let (forcing, moves) = generated(&g);
    assert_eq!(forcing, Forcing::BlockFour);
    for block in ["e8", "i8", "d8", "j8"] {
        assert!(moves.contains(&block.to_owned()), "{block} in {moves:?}");
    }
    for far in ["m1", "m2", "b14"] {
        assert!(!moves.contains(&far.to_owned()), "{far} in {moves:?}");
    }
    // White's g8 makes the four d8-g8 (Black c8) and the open three g8 g9 g10.
    let black = "c8 m6 a15 o15 a1 o1 c15 e15";
    let white = "d8 e8 f8 g9 g10 m3 m4 m5";
    let g = position("15x15", Rule::FreeStyle, black, white);
    let (forcing, moves) = generated(&g);
    assert_eq!(forcing, Forcing::BlockFourThree);
    for block in ["g8", "h8", "g7", "g11"] {
        assert!(moves.contains(&block.to_owned()), "{block} in {moves:?}");
    }
    for far in ["m1", "m2", "b14", "d14"] {
        assert!(!moves.contains(&far.to_owned()), "{far} in {moves:?}");
    }
    // The engine still finds a defence that holds against the four-three.
    let best = answer(&g, &quick(4)).best.to_string();
    assert!(moves.contains(&best), "{best}");
}

/// A four of the side to move, even a plain one (a closed four, nothing more), is
/// never searched as a quiet move, nor a point where the opponent would make a four;
/// a move that makes neither is (see [`super::movegen::is_quiet`]).
#[test]
fn no_four_is_searched_as_a_quiet_move() {
    let black = "c3 d3 e3 k10 l10 m10 n11 n12 g13";
    let white = "b3 j10 h13 i13 j13 a15 o15 o1 a6";
    let game = position("15x15", Rule::FreeStyle, black, white);
    let board = board::Board::from_game(&game);
    let at = |name: &str| {
        let point = BoardSize::STANDARD.parse_point(name).unwrap();
        board::Board::index(point)
    };
    let quiet = |name: &str| super::movegen::is_quiet(&board, at(name));
    // f3: Black's closed four c3-f3 (White b3) and nothing more.
    assert_eq!(board.threat(at("f3"), 0), Threat::Block4);
    assert!(!quiet("f3"));
    // n10: the closed four k10-n10 (White j10) with the open three n10 n11 n12.
    assert_eq!(board.threat(at("n10"), 0), Threat::Block4Flex3);
    assert!(!quiet("n10"));
    // k13: White's four there.
    assert!(board.threat(at("k13"), 1) >= Threat::Block4);
    assert!(!quiet("k13"));
    // n13: the open three n11 n12 n13 (with a lesser shape), and no four.
    assert_eq!(board.threat(at("n13"), 0), Threat::Flex3Plus);
    assert!(quiet("n13"));
    // h5: nothing for either side.
    assert!(quiet("h5"));
}

/// In slices, a root solve stops at each slice's end and goes on after a pause (tried
/// again, with what the solver's proof table kept): it finds what a solve in one
/// piece finds, and pauses on the way whenever that takes more than a few hundred
/// nodes, so the page's thread is never held for long.
#[test]
fn root_solves_in_slices_pause_and_still_find_the_win() {
    use crate::ai::clock::Clock;
    use crate::ai::slices::testing::{run, suspending};
    use std::cell::Cell;

    let mut long_solves = 0;
    let cases = VCF_PUZZLES
        .iter()
        .map(|&(moves, _)| (moves, false))
        .chain(DEEP_WINS.iter().map(|&(moves, _)| (moves, true)));
    for (moves, deep) in cases {
        let game = puzzle(moves, Rule::FreeStyle);
        let solve = |solver: &mut threats::Solver<'_>, board: &mut board::Board| {
            if deep {
                solver.vct_deepening(board, ROOT_VCT_DEPTH)
            } else {
                solver.vcf(board, ROOT_VCF_DEPTH)
            }
        };
        let mut board = board::Board::from_game(&game);
        let mut whole = threats::Solver::new();
        whole.set_budget(1_000_000);
        let expected = solve(&mut whole, &mut board);

        let pauses = Cell::new(0);
        let mut slices = Slices::every(Duration::ZERO, suspending(&pauses));
        let clock = Clock::start();
        slices.start(&clock);
        let mut solves = RootSolves::InSlices {
            work: Duration::from_secs(60),
            began: clock.elapsed(),
            paused: Duration::ZERO,
        };
        let mut solver = threats::Solver::new();
        solver.set_budget(1_000_000);
        let found = run(solves.run(&mut solver, &mut board, &mut slices, clock, true, solve));
        assert_eq!(found, expected, "{moves}");
        assert!(found.is_some(), "{moves}");
        if whole.nodes > 4 * MIN_SOLVE_NODES {
            long_solves += 1;
            assert!(slices.pauses() > 0, "{moves}: {} nodes", whole.nodes);
        }
    }
    assert!(long_solves > 0, "no puzzle takes long enough to pause");
}

/// Whether the side to move in `game` has a win by continuous fours, by a search far
/// larger than any move's: the judge of the defence tests.
fn has_vcf(game: &Gomoku) -> bool {
    let mut board = Board::from_game(game);
    let mut solver = threats::Solver::new();
    solver.set_budget(5_000_000);
    solver.vcf(&mut board, 40).is_some()
}

/// `game` after `mv`.
fn after(game: &Gomoku, mv: Point) -> Gomoku {
    let mut next = game.clone();
    next.play(mv).unwrap();
    next
}

/// The stones of `game` as a set-up position with the other side to move: the side
/// that was to move now threatens what it had.
fn threatened(game: &Gomoku) -> Gomoku {
    let mut stones = Vec::new();
    let mut replay = Gomoku::new(game.size(), game.rule());
    for &p in game.moves() {
        stones.push((p, replay.side_to_move()));
        replay.play(p).unwrap();
    }
    let defender = game.side_to_move().opponent();
    Gomoku::from_stones(game.size(), game.rule(), &stones, defender).unwrap()
}

#[test]
fn holds_against_a_vcf_of_three_and_four_fours() {
    for (moves, fours) in VCF_PUZZLES {
        let attacker_to_move = puzzle(moves, Rule::FreeStyle);
        assert!(has_vcf(&attacker_to_move));
        // The same stones with the defender to move: the attacker's VCF is a threat.
        let game = threatened(&attacker_to_move);
        let holding: Vec<Point> = game
            .legal_points()
            .into_iter()
            .filter(|&mv| !has_vcf(&after(&game, mv)))
            .collect();
        assert!(!holding.is_empty(), "some move holds ({fours} fours)");
        for level in [4, 5] {
            let result = at_level(&game, level);
            assert!(
                holding.contains(&result.best),
                "level {level} played {} against a VCF of {fours} fours; holding: {holding:?}",
                result.best
            );
        }
        // A block that does not hold: the attacker still wins by fours after it.
        let failing = game
            .legal_points()
            .into_iter()
            .find(|mv| !holding.contains(mv));
        assert!(failing.is_some(), "not every move holds");
    }
}

#[test]
fn the_root_keeps_only_moves_that_hold_against_a_vcf() {
    for (moves, _) in VCF_PUZZLES {
        let game = threatened(&puzzle(moves, Rule::FreeStyle));
        let mut board = Board::from_game(&game);
        let mut solver = threats::Solver::new();
        let kept = defences(&mut board, &mut solver, 1_000).expect("a VCF threat");
        assert!(!kept.is_empty());
        assert!(kept.len() < board.candidates().count(), "some replies lose");
        for mv in kept {
            let mv = Board::point(mv);
            assert!(!has_vcf(&after(&game, mv)), "{mv} does not hold");
        }
        // The board is as it was: the pass was taken back.
        assert_eq!(board.side(), Board::from_game(&game).side());
        assert_eq!(board.hash(), Board::from_game(&game).hash());
    }
    // No threat, no restriction.
    let quiet = position("15x15", Rule::FreeStyle, "h8", "i9");
    let mut board = Board::from_game(&quiet);
    assert_eq!(
        defences(&mut board, &mut threats::Solver::new(), 1_000),
        None
    );
}

/// Whether the side to move in `game` has a win by threes and fours, by a search far
/// larger than any move's.
fn has_vct(game: &Gomoku) -> bool {
    let mut board = Board::from_game(game);
    let mut solver = threats::Solver::new();
    solver.set_budget(2_000_000);
    solver.vct_deepening(&mut board, 8).is_some()
}

#[test]
fn the_root_keeps_only_moves_that_hold_against_a_vct() {
    // Black's j8 would make two open threes (a win of two own moves); a deep win of
    // nine own moves from a match game.
    let simple = position("15x15", Rule::FreeStyle, "h8 i8 j10 j11", "o1 o3 o5 a15");
    let deep = puzzle(DEEP_WINS[1].0, Rule::FreeStyle);
    for attacker_to_move in [simple, deep] {
        assert!(has_vct(&attacker_to_move) && !has_vcf(&attacker_to_move));
        let game = threatened(&attacker_to_move);
        let mut board = Board::from_game(&game);
        let mut solver = threats::Solver::new();
        let kept = defences(&mut board, &mut solver, 1_000).expect("a VCT threat");
        // Every reply the root drops loses to a VCT (a reply whose check ran out of
        // budget is kept, for the search to judge).
        let dropped: Vec<usize> = board.candidates().filter(|mv| !kept.contains(mv)).collect();
        assert!(!dropped.is_empty(), "some replies lose");
        for mv in dropped {
            let mv = Board::point(mv);
            assert!(has_vct(&after(&game, mv)), "{mv} was dropped but holds");
        }
        // Level 5 plays a reply the root kept, and one that holds.
        let best = at_level(&game, 5).best;
        assert!(kept.contains(&Board::index(best)), "{best}");
        assert!(!has_vct(&after(&game, best)), "{best} does not hold");
    }
    // White's counter-fours are kept (a four only delays; the search judges what
    // follows). j8, the point of both threes, does not hold: Black's i9 then wins
    // by threes, in 20 thousand solver nodes, more than each reply's check gets
    // here (see `defences` for a longer second look, measured and left out).
    let game = position("15x15", Rule::FreeStyle, "h8 i8 j10 j11", "o1 o3 o5");
    let mut board = Board::from_game(&game);
    let kept = defences(&mut board, &mut threats::Solver::new(), 1_000).unwrap();
    let kept: Vec<String> = kept
        .into_iter()
        .map(|mv| Board::point(mv).to_string())
        .collect();
    for four in ["o2", "o4"] {
        assert!(kept.contains(&four.to_owned()), "{four} not in {kept:?}");
    }
    let j8 = BoardSize::STANDARD.parse_point("j8").unwrap();
    assert!(has_vct(&after(&game, j8)));
}

/// A renju position on 15x15 from each side's stones, `to_move` to move.
fn renju(black: &str, white: &str, to_move: crate::rules::Player) -> Gomoku {
    use crate::rules::Player;
    let size = BoardSize::STANDARD;
    let stones: Vec<(Point, Player)> = black
        .split_whitespace()
        .map(|m| (size.parse_point(m).unwrap(), Player::First))
        .chain(
            white
                .split_whitespace()
                .map(|m| (size.parse_point(m).unwrap(), Player::Second)),
        )
        .collect();
    Gomoku::from_stones(size, Rule::Renju, &stones, to_move).unwrap()
}

#[test]
fn renju_black_never_plays_its_forbidden_point() {
    use crate::rules::Player;
    // h8 would make two open threes: the move every free-style engine plays here.
    let game = renju("g8 i8 h7 h9", "f10 j10 f6 j6", Player::First);
    let free = game.with_rule(Rule::FreeStyle).unwrap();
    assert_eq!(answer(&free, &quick(4)).best.to_string(), "h8");
    for level in 1..=3 {
        let best = at_level(&game, level).best;
        assert!(game.is_legal(best), "level {level} played {best}");
    }
    assert!(game.is_legal(answer(&game, &quick(4)).best));
}

#[test]
fn renju_white_wins_where_blacks_block_is_forbidden() {
    use crate::rules::Player;
    // White's d4 makes a four whose only five-point is h8, Black's double three.
    let black = "g8 i8 h7 h9 i9 c3";
    let white = "e5 f6 g7";
    let game = renju(black, white, Player::Second);
    let h8 = BoardSize::STANDARD.parse_point("h8").unwrap();
    let black_to_move = renju(black, white, Player::First);
    assert_eq!(
        black_to_move.foul(h8),
        Some(crate::rules::gomoku::Foul::DoubleThree)
    );
    let result = answer(&game, &quick(6));
    assert!(matches!(result.value, Value::Win(_)), "{result:?}");
    // Under free-style Black simply blocks: no quick win there.
    let free = game.with_rule(Rule::FreeStyle).unwrap();
    let result = answer(&free, &quick(2));
    assert!(!matches!(result.value, Value::Win(_)), "{result:?}");
}

#[test]
fn analysis_scores_several_candidates_best_first() {
    let game = position("15x15", Rule::FreeStyle, "h8 i9 j7 g9", "i8 h9 j9");
    let mut last = None;
    let result = finish(Engine::new(&quick(4)).analyse_in_slices(
        &game,
        &quick(4),
        5,
        &AtomicBool::new(false),
        |info| last = Some(info.clone()),
        &mut Slices::never(),
    ))
    .expect("the game goes on");
    let info = last.expect("an iteration was reported");
    assert_eq!(info.candidates.len(), 5, "{info:?}");
    assert_eq!(info.candidates[0].0, result.best);
    let score = |v: &Value| match *v {
        Value::Win(n) => 100_000 - n as i64,
        Value::Loss(n) => -100_000 + n as i64,
        Value::Score(s) => i64::from(s),
    };
    for pair in info.candidates.windows(2) {
        assert!(score(&pair[0].1) >= score(&pair[1].1), "{info:?}");
    }
    let mut points: Vec<Point> = info.candidates.iter().map(|c| c.0).collect();
    points.sort();
    points.dedup();
    assert_eq!(points.len(), 5);
    assert!(points.iter().all(|&p| game.is_legal(p)));
}

/// Plays out a threat-space win for the side to move of `game`: the attacker plays
/// the solver's move, the defender the engine's own defence (a depth-4 search, so
/// that the line is the same on every run). The attacker's moves until the five, or
/// `None` if the solver lost the thread.
fn play_out_vct(game: &Gomoku, max_threes: u32) -> Option<u32> {
    let attacker = game.side_to_move();
    let mut g = game.clone();
    let mut own = 0;
    let defence = Limits {
        time: None,
        depth: Some(4),
        threads: 1,
        memory_bytes: 16 << 20,
    };
    while !g.is_over() {
        if g.side_to_move() == attacker {
            let mut board = board::Board::from_game(&g);
            let mut solver = threats::Solver::new();
            solver.set_budget(20_000_000);
            let mv = solver.vct_deepening(&mut board, max_threes)?;
            g.play(board::Board::point(mv)).ok()?;
            own += 1;
        } else {
            let reply = answer(&g, &defence).best;
            g.play(reply).ok()?;
        }
    }
    (g.outcome() == Some(crate::rules::Outcome::Win(attacker))).then_some(own)
}

/// Wins by threes and fours found in match games (`mine_deep_wins`), as moves from
/// h8's corner of the board, with the attacker's moves to the five against the
/// engine's defence (at least so many): the old root VCT of at most three threes
/// found none of them.
const DEEP_WINS: [(&str, u32); 2] = [
    ("k5 j8 n3 j5 l6 j4 j6 k6 l7 i7 l8 l5", 10),
    ("l8 k7 i4 j10 l7 l9 k6 m8 j5 h3 i6", 9),
];

#[test]
fn the_root_finds_wins_of_nine_and_more_own_moves() {
    for (moves, own) in DEEP_WINS {
        let game = puzzle(moves, Rule::FreeStyle);
        let mut board = board::Board::from_game(&game);
        let mut solver = threats::Solver::new();
        solver.set_budget(2_000_000);
        assert_eq!(
            solver.vct(&mut board, 3),
            None,
            "{moves}: three threes do not do"
        );
        solver.set_budget(100_000);
        let first = solver
            .vct_deepening(&mut board, 8)
            .expect("a deeper VCT wins");
        assert!(game.is_legal(board::Board::point(first)));
        // How long the defence holds out depends on the engine's evaluation (with
        // the hand-set weights these took 12 and 10 own moves, with the fitted ones 10
        // and 9).
        let played = play_out_vct(&game, 8);
        assert!(played.is_some_and(|n| n >= own), "{moves}: {played:?}");
        // Level 5's root finds it within its budget, and says so.
        let limits = Limits {
            threads: 1,
            ..Limits::for_level(Level::MAX)
        };
        let result = answer(&game, &limits);
        assert!(matches!(result.value, Value::Win(_)), "{moves}: {result:?}");
        assert!(game.is_legal(result.best));
    }
}

/// Mines deep threat-space wins from match games (`GOMOKU_GAMES`: the manager's
/// `--games-out` file): positions where a VCT of up to eight threes wins and the old
/// fixed three-threes VCT found nothing, with the attacker's moves to the five
/// against the engine's defence. `cargo test --release --no-default-features --lib
/// mine_deep_wins -- --ignored --nocapture`
#[test]
#[ignore = "a measuring tool, minutes long"]
fn mine_deep_wins() {
    let Ok(path) = std::env::var("GOMOKU_GAMES") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let size = BoardSize::STANDARD;
    for line in text.lines() {
        let Some(moves) = line.split('\t').nth(1) else {
            continue;
        };
        let Ok(mut games) =
            crate::tools::gomoku::manager::parse_openings(moves, size, Rule::FreeStyle)
        else {
            continue;
        };
        let points = games.remove(0);
        for n in 6..points.len() {
            let Ok(game) = Gomoku::from_moves(size, Rule::FreeStyle, points[..n].iter().copied())
            else {
                break;
            };
            let solve = |deep: bool| {
                let mut board = board::Board::from_game(&game);
                let mut solver = threats::Solver::new();
                solver.set_budget(2_000_000);
                let found = if deep {
                    solver.vct_deepening(&mut board, 8)
                } else {
                    solver.vct(&mut board, 3)
                };
                (found, solver.nodes)
            };
            let (old, _) = solve(false);
            if old.is_some() {
                continue;
            }
            let (new, nodes) = solve(true);
            if new.is_none() {
                continue;
            }
            let own = play_out_vct(&game, 8);
            let text: Vec<String> = points[..n].iter().map(ToString::to_string).collect();
            println!("deep {own:?} own moves, {nodes} nodes: {}", text.join(" "));
        }
    }
}

/// The levels that search by time keep their engine (their table) from one move to
/// the next; the depth-limited ones make a fresh one every move.
#[test]
fn timed_levels_keep_their_engine_between_moves() {
    let game = position("15x15", Rule::FreeStyle, "h8 i9", "i8");
    let stop = AtomicBool::new(false);
    let mut kept = KeptEngines(Vec::new());
    for (level, keeps) in [(4, true), (5, true), (2, false), (3, false)] {
        let level = Level::new(level).unwrap();
        let mut limits = Limits::for_level(level);
        let seat = Seat::Level(level);
        let mut engine = kept.take(seat, &limits);
        assert!(engine.served.is_none(), "{level}: a new engine at first");
        limits.depth = Some(2);
        limits.threads = 1;
        engine.search(&game, &limits, &stop, |_| {}).unwrap();
        let limits = Limits::for_level(level);
        kept.keep(seat, &limits, engine);
        let again = kept.take(seat, &limits);
        assert_eq!(again.served.is_some(), keeps, "{level}");
        kept.keep(seat, &limits, again);
    }
    assert_eq!(kept.0.len(), 2);
}

/// What an engine's table holds is about the board and rule it searched: another
/// board gets a fresh table, so that no result (a five, a foul) carries over.
#[test]
fn an_engine_on_another_board_starts_a_fresh_table() {
    let limits = quick(3);
    let stop = AtomicBool::new(false);
    let first = position("15x15", Rule::FreeStyle, "h8 i9 g7", "i8 j9");
    let mut engine = Engine::new(&limits);
    let best = engine.search(&first, &limits, &stop, |_| {}).unwrap().best;
    let mut board = Board::from_game(&first);
    board.make(Board::index(best));
    let child = board.hash();
    assert!(
        engine.tt.probe(child, 1).is_some(),
        "the search stored its answer"
    );

    // The same position again keeps the table; on another board it is gone.
    engine.search(&first, &limits, &stop, |_| {}).unwrap();
    assert!(engine.tt.probe(child, 1).is_some());
    let other = position("13x13", Rule::Standard, "g7 h8", "h7");
    engine.search(&other, &limits, &stop, |_| {}).unwrap();
    assert!(engine.tt.probe(child, 1).is_none());
}

/// The same stones with the other side to move (a GUI's set-up position) are
/// another position to the table.
#[test]
fn the_side_to_move_is_part_of_the_hash() {
    let size: BoardSize = "15x15".parse().unwrap();
    let p = |s: &str| size.parse_point(s).unwrap();
    let stones = [
        (p("h8"), Player::First),
        (p("i9"), Player::Second),
        (p("h9"), Player::First),
    ];
    let hashes: Vec<u64> = [Player::First, Player::Second]
        .into_iter()
        .map(|to_move| {
            let game = Gomoku::from_stones(size, Rule::FreeStyle, &stones, to_move).unwrap();
            Board::from_game(&game).hash()
        })
        .collect();
    assert_ne!(hashes[0], hashes[1]);
}

#[test]
fn a_score_is_a_winning_chance_on_the_fitted_scale() {
    assert_eq!(Value::Score(0).win_chance(), 0.5);
    assert_eq!(Value::Win(3).win_chance(), 1.0);
    assert_eq!(Value::Loss(4).win_chance(), 0.0);
    let ahead = Value::Score(684).win_chance();
    assert!((ahead - 0.79).abs() < 0.01, "{ahead}");
    assert!((Value::Score(-684).win_chance() - (1.0 - ahead)).abs() < 1e-12);
    assert!(Value::Score(100).win_chance() < Value::Score(300).win_chance());
}
