use super::*;

fn size(w: u8, h: u8) -> BoardSize {
    BoardSize::new(w, h).unwrap()
}

fn pt(size: BoardSize, text: &str) -> Point {
    size.parse_point(text).unwrap()
}

/// Plays `black` and `white` alternately (Black first); `white` may be one shorter.
fn play_stones(game: &mut Gomoku, black: &[Point], white: &[Point]) {
    for (i, &b) in black.iter().enumerate() {
        game.play(b).unwrap();
        if let Some(&w) = white.get(i) {
            game.play(w).unwrap();
        }
    }
}

/// `len` points from `(x, y)` stepping by `(dx, dy)`.
fn run(x: i32, y: i32, dx: i32, dy: i32, len: i32) -> Vec<Point> {
    (0..len)
        .map(|k| Point::new((x + k * dx) as u8, (y + k * dy) as u8))
        .collect()
}

/// White stones on the far side of the board, well away from Black's line, so that
/// Black's five is completed with `white` never interfering.
fn filler(size: BoardSize, avoid: &[Point], count: usize) -> Vec<Point> {
    size.points()
        .filter(|p| {
            avoid
                .iter()
                .all(|a| (i32::from(a.x) - i32::from(p.x)).abs() > 1 || a.y.abs_diff(p.y) > 1)
        })
        // Isolated points of a sparse lattice: White never makes a row of its own.
        .filter(|p| p.x % 2 == 0 && p.y % 2 == 0)
        .take(count)
        .collect()
}

/// Plays Black along `line` (in the given order) while White plays filler, and
/// returns the game after Black's last stone.
fn black_plays_line(size: BoardSize, rule: Rule, line: &[Point]) -> Gomoku {
    let mut game = Gomoku::new(size, rule);
    let white = filler(size, line, line.len() - 1);
    play_stones(&mut game, line, &white);
    game
}

fn assert_black_wins_with(game: &Gomoku, line: &[Point]) {
    let Status::Won {
        winner,
        line: won_line,
    } = game.status()
    else {
        panic!("expected a win, got {:?}", game.status());
    };
    assert_eq!(*winner, Player::First);
    let mut got = won_line.clone();
    let mut want = line.to_vec();
    got.sort();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn empty_board_black_to_move() {
    let game = Gomoku::default();
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.status(), &Status::Playing);
    assert_eq!(game.moves(), &[]);
    assert_eq!(game.size().to_string(), "15x15");
}

#[test]
fn turns_alternate() {
    let s = BoardSize::STANDARD;
    let mut game = Gomoku::new(s, Rule::FreeStyle);
    game.play(pt(s, "h8")).unwrap();
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!(game.stone(pt(s, "h8")), Some(Player::First));
    game.play(pt(s, "i9")).unwrap();
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.stone(pt(s, "i9")), Some(Player::Second));
    assert_eq!(game.last_move(), Some(pt(s, "i9")));
}

#[test]
fn wins_in_every_direction_from_every_position_in_the_line() {
    let s = BoardSize::STANDARD;
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let line = run(5, 7, dx, dy, 5);
        // The last stone may complete the line at either end or in the middle.
        for completing in 0..5 {
            let mut order = line.clone();
            let last = order.remove(completing);
            order.push(last);
            let game = black_plays_line(s, Rule::FreeStyle, &order);
            assert_black_wins_with(&game, &line);
            // Four of the line alone do not win.
            let mut before = game.clone();
            before.undo();
            assert_eq!(before.status(), &Status::Playing, "dir ({dx},{dy})");
        }
    }
}

#[test]
fn wins_along_every_edge_and_into_every_corner() {
    for s in [size(15, 15), size(10, 17), size(20, 12)] {
        let (w, h) = (i32::from(s.width()), i32::from(s.height()));
        let lines = [
            run(0, 0, 1, 0, 5),           // bottom edge, bottom-left corner
            run(w - 5, 0, 1, 0, 5),       // bottom edge, bottom-right corner
            run(0, h - 1, 1, 0, 5),       // top edge, top-left corner
            run(w - 5, h - 1, 1, 0, 5),   // top edge, top-right corner
            run(0, 0, 0, 1, 5),           // left edge up from the corner
            run(0, h - 5, 0, 1, 5),       // left edge into the top-left corner
            run(w - 1, 0, 0, 1, 5),       // right edge
            run(w - 1, h - 5, 0, 1, 5),   // right edge into the top-right corner
            run(0, 0, 1, 1, 5),           // diagonal out of the bottom-left corner
            run(w - 1, h - 1, -1, -1, 5), // diagonal into the top-right corner
            run(0, h - 1, 1, -1, 5),      // anti-diagonal out of the top-left corner
            run(w - 1, 0, -1, 1, 5),      // anti-diagonal out of the bottom-right corner
        ];
        for line in lines {
            let game = black_plays_line(s, Rule::Standard, &line);
            assert_black_wins_with(&game, &line);
        }
    }
}

#[test]
fn white_can_win_too() {
    let s = BoardSize::STANDARD;
    let mut game = Gomoku::new(s, Rule::FreeStyle);
    let white = run(3, 3, 0, 1, 5);
    let black = [
        pt(s, "k1"),
        pt(s, "m1"),
        pt(s, "o1"),
        pt(s, "k3"),
        pt(s, "m3"),
    ];
    for (b, w) in black.iter().zip(&white) {
        game.play(*b).unwrap();
        game.play(*w).unwrap();
    }
    let Status::Won { winner, line } = game.status() else {
        panic!("expected White to win");
    };
    assert_eq!(*winner, Player::Second);
    assert_eq!(line.len(), 5);
}

#[test]
fn overline_wins_free_style_but_not_standard() {
    let s = BoardSize::STANDARD;
    // Black fills b2..f2 and h2, then closes the gap at g2 making six in a row.
    let six = run(1, 1, 1, 0, 6);
    let mut order = six.clone();
    let gap = order.remove(4);
    order.push(gap);

    let free = black_plays_line(s, Rule::FreeStyle, &order);
    assert_black_wins_with(&free, &six);

    let standard = black_plays_line(s, Rule::Standard, &order);
    assert_eq!(standard.status(), &Status::Playing);
    assert_eq!(standard.side_to_move(), Player::Second);
}

#[test]
fn standard_exact_five_in_another_direction_still_wins() {
    let s = BoardSize::STANDARD;
    // The last stone at (6, 1) makes six horizontally and exactly five vertically.
    let mut order: Vec<Point> = run(2, 1, 1, 0, 6)
        .into_iter()
        .filter(|p| p.x != 6)
        .collect();
    order.extend(run(6, 2, 0, 1, 4));
    order.push(Point::new(6, 1));
    let game = black_plays_line(s, Rule::Standard, &order);
    assert_black_wins_with(&game, &run(6, 1, 0, 1, 5));
}

#[test]
fn seven_in_a_row_is_an_overline() {
    let s = BoardSize::STANDARD;
    let mut order = run(0, 5, 1, 0, 7);
    let middle = order.remove(3);
    order.push(middle);
    let standard = black_plays_line(s, Rule::Standard, &order);
    assert_eq!(standard.status(), &Status::Playing);
}

#[test]
fn non_square_boards_use_their_own_edges() {
    let s = size(12, 19);
    let top = run(7, 14, 0, 1, 5); // up to the 19th row
    let game = black_plays_line(s, Rule::FreeStyle, &top);
    assert_black_wins_with(&game, &top);
    assert_eq!(pt(s, "l19"), Point::new(11, 18));
    assert!(
        s.parse_point("m1").is_err(),
        "column m is off a 12-wide board"
    );
    assert!(
        s.parse_point("a20").is_err(),
        "row 20 is off a 19-high board"
    );
    assert_eq!(
        Gomoku::new(s, Rule::FreeStyle).play(Point::new(12, 0)),
        Err(GomokuError::OffBoard(Point::new(12, 0)))
    );
}

/// Fills a 10x10 board so that no five ever forms: pairs of columns alternate colour
/// and every row flips them, so no line holds more than two stones of one colour.
#[test]
fn a_full_board_without_five_is_a_draw() {
    let s = size(10, 10);
    let colour = |p: Point| {
        if (p.x / 2 + p.y).is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    };
    let black: Vec<Point> = s.points().filter(|&p| colour(p) == Player::First).collect();
    let white: Vec<Point> = s
        .points()
        .filter(|&p| colour(p) == Player::Second)
        .collect();
    assert_eq!(black.len(), white.len());
    let mut game = Gomoku::new(s, Rule::FreeStyle);
    for (b, w) in black.iter().zip(&white) {
        assert_eq!(game.status(), &Status::Playing);
        game.play(*b).unwrap();
        assert_eq!(game.status(), &Status::Playing);
        game.play(*w).unwrap();
    }
    assert_eq!(game.status(), &Status::Draw);
    assert_eq!(Game::outcome(&game), Some(Outcome::Draw));
    assert!(Game::legal_moves(&game).is_empty());
}

#[test]
fn illegal_moves_change_nothing() {
    let s = BoardSize::STANDARD;
    let mut game = Gomoku::new(s, Rule::FreeStyle);
    game.play(pt(s, "h8")).unwrap();
    let before = game.clone();
    assert_eq!(
        game.play(pt(s, "h8")),
        Err(GomokuError::Occupied(pt(s, "h8")))
    );
    assert_eq!(
        game.play(Point::new(15, 3)),
        Err(GomokuError::OffBoard(Point::new(15, 3)))
    );
    assert_eq!(game, before);

    let won = black_plays_line(s, Rule::FreeStyle, &run(0, 0, 1, 0, 5));
    let mut after = won.clone();
    assert_eq!(after.play(pt(s, "h8")), Err(GomokuError::GameOver));
    assert_eq!(after, won);
}

#[test]
fn undo_restores_the_previous_position() {
    let s = BoardSize::STANDARD;
    let line = run(2, 2, 1, 1, 5);
    let won = black_plays_line(s, Rule::FreeStyle, &line);
    let mut game = won.clone();
    assert_eq!(game.undo(), Some(line[4]));
    assert_eq!(game.status(), &Status::Playing);
    assert_eq!(game.stone(line[4]), None);
    assert_eq!(game.side_to_move(), Player::First);
    game.play(line[4]).unwrap();
    assert_eq!(game, won);
    assert_eq!(Gomoku::default().undo(), None);
}

#[test]
fn from_moves_replays_and_rejects() {
    let s = BoardSize::STANDARD;
    let moves = [pt(s, "h8"), pt(s, "i9"), pt(s, "h9")];
    let game = Gomoku::from_moves(s, Rule::Standard, moves).unwrap();
    assert_eq!(game.moves(), &moves);
    assert_eq!(
        Gomoku::from_moves(s, Rule::Standard, [pt(s, "h8"), pt(s, "h8")]),
        Err(GomokuError::Occupied(pt(s, "h8")))
    );
}

#[test]
fn notation_round_trips_on_every_point_of_every_size() {
    for w in MIN_SIDE..=MAX_SIDE {
        for h in MIN_SIDE..=MAX_SIDE {
            let s = size(w, h);
            for p in s.points() {
                let text = p.to_string();
                assert_eq!(s.parse_point(&text), Ok(p), "{text} on {s}");
                assert_eq!(s.parse_point(&text.to_uppercase()), Ok(p));
            }
        }
    }
    let s = BoardSize::STANDARD;
    assert_eq!(s.centre().to_string(), "h8");
    assert_eq!(pt(s, "a1"), Point::new(0, 0));
    assert_eq!(pt(s, "o15"), Point::new(14, 14));
    assert_eq!(size(20, 20).parse_point("t20"), Ok(Point::new(19, 19)));
}

#[test]
fn notation_rejects_bad_text_without_panicking() {
    let s = BoardSize::STANDARD;
    for bad in [
        "",
        " ",
        "h",
        "8",
        "8h",
        "h0",
        "h16",
        "p1",
        "z9",
        "h-1",
        "h+1",
        "h8x",
        "hh8",
        "é8",
        "h١",
        "h99999999999999999999",
        "ä1",
    ] {
        assert!(
            matches!(s.parse_point(bad), Err(GomokuError::BadNotation(_))),
            "{bad:?} should be rejected"
        );
    }
}

#[test]
fn sizes_outside_ten_to_twenty_are_rejected() {
    assert!(BoardSize::new(9, 15).is_err());
    assert!(BoardSize::new(15, 21).is_err());
    assert!(BoardSize::new(0, 0).is_err());
    assert!(BoardSize::new(10, 20).is_ok());
    assert_eq!("12x18".parse::<BoardSize>(), Ok(size(12, 18)));
    assert_eq!(" 20X10 ".parse::<BoardSize>(), Ok(size(20, 10)));
    for bad in [
        "15", "x", "15x", "15x15x15", "axb", "9x15", "15x21", "-1x15", "300x15",
    ] {
        assert!(bad.parse::<BoardSize>().is_err(), "{bad}");
    }
}

#[test]
fn rules_parse_by_name() {
    assert_eq!("freestyle".parse::<Rule>(), Ok(Rule::FreeStyle));
    assert_eq!("Standard".parse::<Rule>(), Ok(Rule::Standard));
    assert_eq!("Renju".parse::<Rule>(), Ok(Rule::Renju));
    assert!("caro".parse::<Rule>().is_err());
    for rule in Rule::ALL {
        assert_eq!(rule.to_string().parse::<Rule>(), Ok(rule));
    }
}

#[test]
fn random_games_keep_the_board_consistent() {
    use rand::seq::SliceRandom;
    use rand::{SeedableRng, rngs::StdRng};
    let mut rng = StdRng::seed_from_u64(7);
    for (w, h) in [(10, 10), (15, 15), (20, 11)] {
        for _ in 0..20 {
            let mut game = Gomoku::new(size(w, h), Rule::Standard);
            while game.status() == &Status::Playing {
                let mut moves = game.legal_points();
                assert_eq!(moves.len(), game.size().area() - game.moves().len());
                moves.shuffle(&mut rng);
                game.play(moves[0]).unwrap();
            }
            if let Status::Won { winner, line } = game.status() {
                assert_eq!(line.len(), WIN_LENGTH);
                assert!(line.iter().all(|&p| game.stone(p) == Some(*winner)));
                assert!(line.contains(&game.last_move().unwrap()));
            }
        }
    }
}

#[test]
fn set_up_positions_take_any_stone_counts() {
    let size = BoardSize::STANDARD;
    let p = |text: &str| size.parse_point(text).unwrap();
    // Three handicap stones for Black, White to move.
    let stones = [
        (p("h8"), Player::First),
        (p("d4"), Player::First),
        (p("l12"), Player::First),
    ];
    let mut game = Gomoku::from_stones(size, Rule::FreeStyle, &stones, Player::Second).unwrap();
    assert_eq!(game.side_to_move(), Player::Second);
    assert_eq!((game.stones(), game.moves().len()), (3, 0));
    assert_eq!(game.stone(p("d4")), Some(Player::First));
    assert!(
        game.play(p("h8")).is_err(),
        "a set-up stone's point is taken"
    );
    game.play(p("i9")).unwrap();
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.undo(), Some(p("i9")));
    assert_eq!(game.undo(), None, "set-up stones are not moves");
    // The same position under the other rule keeps stones, moves and the side to move.
    game.play(p("i9")).unwrap();
    let standard = game.with_rule(Rule::Standard).unwrap();
    assert_eq!(standard.rule(), Rule::Standard);
    assert_eq!(
        (standard.stones(), standard.side_to_move()),
        (4, Player::First)
    );
    // Overlapping stones are refused; a set-up five is already won.
    assert_eq!(
        Gomoku::from_stones(
            size,
            Rule::FreeStyle,
            &[stones[0], stones[0]],
            Player::First
        ),
        Err(GomokuError::Occupied(p("h8")))
    );
    let five: Vec<_> = ["a1", "b1", "c1", "d1", "e1"]
        .iter()
        .map(|m| (p(m), Player::Second))
        .collect();
    let won = Gomoku::from_stones(size, Rule::FreeStyle, &five, Player::First).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::Second)));
}

/// A renju position on 15x15 from Black's and White's stones in notation.
fn renju(black: &str, white: &str, to_move: Player) -> Gomoku {
    let size = BoardSize::STANDARD;
    let stones: Vec<(Point, Player)> = black
        .split_whitespace()
        .map(|m| (pt(size, m), Player::First))
        .chain(
            white
                .split_whitespace()
                .map(|m| (pt(size, m), Player::Second)),
        )
        .collect();
    Gomoku::from_stones(size, Rule::Renju, &stones, to_move).unwrap()
}

#[test]
fn renju_refuses_blacks_forbidden_points_and_keeps_the_game() {
    let size = BoardSize::STANDARD;
    let h8 = pt(size, "h8");
    let mut game = renju("g8 i8 h7 h9", "a1 a3 a5 a7", Player::First);
    let before = game.clone();
    assert_eq!(
        game.play(h8),
        Err(GomokuError::Forbidden(h8, Foul::DoubleThree))
    );
    assert_eq!(game, before);
    assert!(!game.legal_moves().contains(&Move::Stone(h8)));
    assert_eq!(game.fouls(), vec![(h8, Foul::DoubleThree)]);
    assert!(
        game.check(h8)
            .unwrap_err()
            .to_string()
            .contains("forbidden for Black")
    );
    // White has no forbidden points, and the same point is fine under free-style.
    let white = renju("g8 i8 h7 h9", "a1 a3 a5 a7", Player::Second);
    assert!(white.is_legal(h8) && white.fouls().is_empty());
    assert!(game.with_rule(Rule::FreeStyle).unwrap().is_legal(h8));
}

#[test]
fn renju_fives_overlines_and_double_fours() {
    let size = BoardSize::STANDARD;
    // Black's overline is forbidden; White's six wins.
    let game = renju("c8 d8 e8 g8 h8", "c9 d9 e9 g9 h9", Player::First);
    assert_eq!(game.foul(pt(size, "f8")), Some(Foul::Overline), "black six");
    let mut white = renju("c8 d8 e8 g8 h8", "c9 d9 e9 g9 h9", Player::Second);
    white.play(pt(size, "f9")).unwrap();
    assert!(
        matches!(white.status(), Status::Won { winner: Player::Second, line } if line.len() == 6)
    );
    // Two fours on one line.
    let game = renju("d8 f8 h8 j8", "a1 a3 a5 a7", Player::First);
    assert_eq!(game.foul(pt(size, "g8")), Some(Foul::DoubleFour));
    // A five that also makes a double four wins.
    let mut game = renju(
        "d8 e8 f8 g8 h5 h6 h7",
        "h4 a1 a3 a5 a7 a9 a11",
        Player::First,
    );
    assert_eq!(game.foul(pt(size, "h8")), None);
    game.play(pt(size, "h8")).unwrap();
    assert!(matches!(
        game.status(),
        Status::Won {
            winner: Player::First,
            ..
        }
    ));
}

#[test]
fn edits_place_replace_and_lift_stones_and_choose_who_moves() {
    let size = BoardSize::STANDARD;
    let mut game = Gomoku::from_moves(size, Rule::FreeStyle, [pt(size, "h8")])
        .unwrap()
        .to_setup();
    let put = |side| Edit::Put { side, face: 0 };
    game.edit(Move::Stone(pt(size, "i9")), put(Player::Second))
        .unwrap();
    game.edit(Move::Stone(pt(size, "i9")), put(Player::First))
        .unwrap();
    game.edit(Move::Stone(pt(size, "j10")), put(Player::Second))
        .unwrap();
    game.edit(
        Move::Stone(pt(size, "h8")),
        Edit::Take {
            side: Player::First,
        },
    )
    .unwrap();
    game.set_side_to_move(Player::Second).unwrap();
    assert_eq!(game.stones(), 2);
    assert_eq!(game.side_to_move(), Player::Second);
    let text = game.setup_text().unwrap();
    assert_eq!(text, "black=i9;white=j10;turn=white");
    assert_eq!(
        Gomoku::new(size, Rule::FreeStyle).set_up(&text),
        Ok(game.clone())
    );
    game.play(pt(size, "a1")).unwrap();
    assert_eq!(game.stone(pt(size, "a1")), Some(Player::Second));
    assert_eq!(
        game.position_text(),
        "15x15:black=i9;white=j10;turn=white:a1"
    );
    assert_eq!(Gomoku::from_position(&game.position_text()), Ok(game));
}

/// A game under `opening` on the 15x15 board, with `moves` (words) made.
fn opened(rule: Rule, opening: Opening, moves: &[&str]) -> Gomoku {
    let mut game = Gomoku::new(BoardSize::STANDARD, rule).with_opening(opening);
    for word in moves {
        let mv = game.parse_move(word).unwrap();
        game.play_move(mv)
            .unwrap_or_else(|e| panic!("{word} after {:?}: {e}", game.history()));
    }
    game
}

/// Seats are named by the side they sat down as: `(actor, side of the first seat)`.
fn seats(game: &Gomoku) -> (Player, Player) {
    (Game::actor(game), game.side_of_seat(Player::First))
}

#[test]
fn swap2_s_three_answers_each_give_the_right_colours_and_turn() {
    use Player::{First, Second};
    let three = ["h8", "h9", "i9"];
    let game = opened(Rule::FreeStyle, Opening::Swap2, &three[..2]);
    // The first player puts all three stones, White's among them.
    assert_eq!(seats(&game), (First, First));
    assert_eq!(game.side_to_move(), First);
    let game = opened(Rule::FreeStyle, Opening::Swap2, &three);
    assert_eq!(game.opening_state().step, Step::Swap2Answer);
    // The second player answers, White to move.
    assert_eq!(
        (seats(&game), game.side_to_move()),
        ((Second, First), Second)
    );
    assert_eq!(
        game.check_move(Move::Keep),
        Err(GomokuError::NotNow("keep"))
    );

    // 1. Swap: the second player takes Black, so the first plays White's fourth.
    let swapped = opened(Rule::FreeStyle, Opening::Swap2, &["h8", "h9", "i9", "swap"]);
    assert_eq!(
        (seats(&swapped), swapped.side_to_move()),
        ((First, Second), Second)
    );
    assert!(!swapped.in_opening());
    // 2. A stone: the second player keeps White and has played; the first is Black.
    let white = opened(Rule::FreeStyle, Opening::Swap2, &["h8", "h9", "i9", "g7"]);
    assert_eq!(
        (seats(&white), white.side_to_move()),
        ((First, First), First)
    );
    assert_eq!(white.moves().len(), 4);
    // 3. Two more: the second player puts White's and Black's, then the first chooses.
    let two = opened(
        Rule::FreeStyle,
        Opening::Swap2,
        &["h8", "h9", "i9", "two", "g7"],
    );
    assert_eq!((seats(&two), two.side_to_move()), ((Second, First), First));
    let five = opened(
        Rule::FreeStyle,
        Opening::Swap2,
        &["h8", "h9", "i9", "two", "g7", "j10"],
    );
    assert_eq!(five.opening_state().step, Step::Swap2Colour);
    assert_eq!(
        (seats(&five), five.side_to_move()),
        ((First, First), Second)
    );
    assert_eq!(
        five.check(pt(BoardSize::STANDARD, "k11")),
        Err(GomokuError::ChooseFirst)
    );
    let mut kept = five.clone();
    kept.play_move(Move::Keep).unwrap();
    // Keeps Black: the second player plays White's sixth.
    assert_eq!(
        (seats(&kept), kept.side_to_move()),
        ((Second, First), Second)
    );
    let mut took_white = five.clone();
    took_white.play_move(Move::Swap).unwrap();
    // Takes White: and plays its sixth.
    assert_eq!(
        (seats(&took_white), took_white.side_to_move()),
        ((First, Second), Second)
    );

    // Taking back goes through the choices: the colours are chosen again.
    let mut back = took_white.clone();
    assert_eq!(back.undo_move(), Some(Move::Swap));
    assert_eq!(back, five);
    for _ in 0..3 {
        back.undo_move().unwrap();
    }
    assert_eq!(back, opened(Rule::FreeStyle, Opening::Swap2, &three));
    // The file's and the position text's words read back as the same game.
    let text = took_white.position_text();
    assert_eq!(text, "15x15/swap2:h8,h9,i9,two,g7,j10,swap");
    assert_eq!(Gomoku::from_position(&text).unwrap(), took_white);
}

#[test]
fn taraguchi_s_steps_are_enforced_and_refusals_change_nothing() {
    use Player::{First, Second};
    let size = BoardSize::STANDARD;
    let p = |text| pt(size, text);
    let refused = |game: &Gomoku, mv: Move, why: GomokuError| {
        let mut tried = game.clone();
        assert_eq!(tried.play_move(mv), Err(why));
        assert_eq!(&tried, game, "a refused {mv} changed the game");
    };
    let start = opened(Rule::Renju, Opening::Taraguchi10, &[]);
    refused(
        &start,
        Move::Stone(p("h9")),
        GomokuError::OutsideSquare(p("h9"), 1),
    );
    refused(&start, Move::Swap, GomokuError::NotNow("swap"));
    let one = opened(Rule::Renju, Opening::Taraguchi10, &["h8"]);
    // White's player may swap, or put the second stone within 3x3.
    assert_eq!(seats(&one), (Second, First));
    assert_eq!(one.opening_state().step.choices(), &[Move::Swap]);
    refused(
        &one,
        Move::Stone(p("h10")),
        GomokuError::OutsideSquare(p("h10"), 3),
    );
    // Swapped: the first seat now plays White and puts the second stone.
    let swapped = opened(Rule::Renju, Opening::Taraguchi10, &["h8", "swap"]);
    assert_eq!(seats(&swapped), (First, Second));
    refused(&swapped, Move::Swap, GomokuError::NotNow("swap"));
    let four = opened(
        Rule::Renju,
        Opening::Taraguchi10,
        &["h8", "swap", "h9", "i10", "swap", "g11"],
    );
    assert_eq!(four.moves().len(), 4);
    refused(
        &four,
        Move::Stone(p("h13")),
        GomokuError::OutsideSquare(p("h13"), 9),
    );
    // Black offers ten fifth stones; they stay off the board.
    let mut offering = opened(
        Rule::Renju,
        Opening::Taraguchi10,
        &["h8", "swap", "h9", "i10", "swap", "g11", "offer"],
    );
    assert_eq!(Game::actor(&offering), offering.side_of_seat(First));
    for (k, word) in ["a1", "o15", "b2", "c3", "d4", "e5", "m1", "n2", "l3", "k4"]
        .into_iter()
        .enumerate()
    {
        if k == 1 {
            refused(
                &offering,
                Move::Stone(p("a1")),
                GomokuError::AlreadyOffered(p("a1")),
            );
        }
        offering.play_move(Move::Stone(p(word))).unwrap();
        assert_eq!(offering.stone(p(word)), None);
    }
    assert_eq!(offering.opening_state().step, Step::Pick);
    assert_eq!(offering.moves().len(), 4);
    // White picks one of them: Black's fifth stone.
    assert_eq!(Game::actor(&offering), offering.side_of_seat(Second));
    refused(
        &offering,
        Move::Stone(p("j9")),
        GomokuError::NotOffered(p("j9")),
    );
    offering.play_move(Move::Stone(p("e5"))).unwrap();
    assert_eq!(offering.stone(p("e5")), Some(First));
    assert!(!offering.in_opening());
    assert_eq!(Game::actor(&offering), offering.side_of_seat(Second));
    assert_eq!(offering.side_to_move(), Second);
    let text = offering.position_text();
    assert_eq!(Gomoku::from_position(&text).unwrap(), offering);
}

#[test]
fn offered_fifth_stones_alike_by_the_position_s_symmetry_are_refused() {
    let size = BoardSize::STANDARD;
    let p = |text| pt(size, text);
    // h8 h9 h10 h11 hold every left-right mirror: g-files and i-files are alike.
    let mut game = opened(
        Rule::Renju,
        Opening::Taraguchi10,
        &["h8", "h9", "h10", "h7", "offer", "g6"],
    );
    let before = game.clone();
    assert_eq!(
        game.play_move(Move::Stone(p("i6"))),
        Err(GomokuError::SymmetricOffer(p("i6"), p("g6")))
    );
    assert_eq!(game, before);
    game.play_move(Move::Stone(p("i5"))).unwrap();
}
