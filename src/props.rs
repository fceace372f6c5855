//! Property-based tests of every parser a person or a program can feed: saved games,
//! each game's positions and moves, and `tabletop-cli`'s arguments. The Gomocup
//! protocol has its own, beside it (`tools::gomoku::gomocup`).
//!
//! For each, inputs come three ways: arbitrary text, text built from the parser's own
//! vocabulary (near misses), and valid text with random edits. Every input must give
//! a value or an error with a message, never a panic; valid values must read back
//! from the text they write.
//!
//! Each property runs 10,000 cases (`PROPTEST_CASES` changes it): the long run is
//!
//! ```text
//! PROPTEST_CASES=1000000 cargo test --release --no-default-features --lib props
//! ```

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::record::SavedGame;
use crate::rules::connectfour::ConnectFour;
use crate::rules::gomoku::{Gomoku, parse_position};
use crate::rules::knucklebones::Knucklebones;
use crate::rules::tictactoe::TicTacToe;
use crate::rules::{Game, Player, Settings};

/// 10,000 cases a property, or `PROPTEST_CASES`; failures are reported, not saved.
pub(crate) fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// One random edit of a text: delete, insert, replace, duplicate a stretch, or cut.
#[derive(Clone, Debug)]
struct Edit {
    kind: u8,
    at: usize,
    len: usize,
    ch: char,
}

fn edit() -> impl Strategy<Value = Edit> {
    (
        0u8..5,
        any::<usize>(),
        0usize..8,
        prop_oneof![
            4 => proptest::char::range(' ', '~'),
            1 => any::<char>(),
            1 => Just('\n'),
        ],
    )
        .prop_map(|(kind, at, len, ch)| Edit { kind, at, len, ch })
}

/// `text` with `edits` applied (on char boundaries).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let at = if chars.is_empty() {
            0
        } else {
            e.at % (chars.len() + 1)
        };
        let end = (at + e.len).min(chars.len());
        match e.kind {
            0 => {
                chars.drain(at..end);
            }
            1 => chars.insert(at, e.ch),
            2 if at < chars.len() => chars[at] = e.ch,
            3 => {
                let stretch: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, stretch);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

/// A game played `plies` random legal moves from `start`, stopping before the move
/// that would end it (a finished game is not a position to move from).
fn random_game<G: Game>(mut game: G, plies: usize, seed: u64) -> G {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        let Some(&mv) = moves.choose(&mut rng) else {
            break;
        };
        game.play(mv).expect("a legal move plays");
        if game.is_over() {
            game.undo();
            break;
        }
    }
    game
}

/// Gomoku, Tic-tac-toe, Knucklebones or Connect Four after random moves, with a
/// random size and rule for Gomoku.
fn sample_game(which: u8, plies: usize, seed: u64) -> crate::games::GameRecord {
    let mut rng = StdRng::seed_from_u64(seed);
    match which % 4 {
        0 => {
            let size = format!(
                "{}x{}",
                rng.random_range(10..=20),
                rng.random_range(10..=20)
            );
            let rule = *["freestyle", "standard", "renju"].choose(&mut rng).unwrap();
            let start =
                Gomoku::from_settings(&Settings::new([("size", size.as_str()), ("rule", rule)]))
                    .expect("a valid size and rule");
            // Renju's legal moves test every point for a foul: shorter games.
            let plies = if rule == "renju" {
                plies.min(30)
            } else {
                plies
            };
            crate::games::GameRecord::new(random_game(start, plies, seed))
        }
        1 => crate::games::GameRecord::new(random_game(TicTacToe::new(), plies, seed)),
        3 => crate::games::GameRecord::new(random_game(ConnectFour::new(), plies, seed)),
        _ => {
            let start = Knucklebones::new(seed, Player::BOTH[(seed % 2) as usize]);
            crate::games::GameRecord::new(random_game(start, plies, seed))
        }
    }
}

/// A valid position text of game `which` (0 Gomoku, 1 Tic-tac-toe, 2 Knucklebones,
/// 3 Connect Four).
fn sample_position(which: u8, plies: usize, seed: u64) -> String {
    let record = sample_game(which, plies, seed);
    if let Some(g) = record.get::<Gomoku>() {
        g.position_text()
    } else if let Some(g) = record.get::<TicTacToe>() {
        g.position_text()
    } else if let Some(g) = record.get::<ConnectFour>() {
        g.position_text()
    } else {
        record
            .get::<Knucklebones>()
            .expect("one of the three games")
            .position_text()
    }
}

/// Reads `text` as game `which`'s position: `Ok` with the text the position writes,
/// or the error.
fn read_position(which: u8, text: &str) -> Result<String, String> {
    match which % 4 {
        0 => parse_position(text, None).map(|g| g.position_text()),
        1 => TicTacToe::from_position(text).map(|g| g.position_text()),
        3 => ConnectFour::from_position(text).map(|g| g.position_text()),
        _ => <Knucklebones as Game>::from_position(text).map(|g| g.position_text()),
    }
}

/// An error a person reads: not empty (the command line writes it on one line, with
/// any line break of the input escaped).
fn is_message(error: &str) -> bool {
    !error.trim().is_empty()
}

/// Text from the positions' own alphabet: sizes, moves, separators and keys.
fn position_like() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("15x15".to_owned()),
        Just("/renju".to_owned()),
        Just("/standard".to_owned()),
        Just(":".to_owned()),
        Just(",".to_owned()),
        Just("|".to_owned()),
        Just(";".to_owned()),
        Just("p1=".to_owned()),
        Just("p2=".to_owned()),
        Just("die=".to_owned()),
        Just("turn=p2".to_owned()),
        "[a-uA-Z]{1,2}[0-9]{1,3}",
        "[XO.]{1,9}",
        "[0-9]{1,4}",
        "x[0-9]{1,3}",
    ];
    proptest::collection::vec(pieces, 0..12).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(config())]

    /// Positions of the three games: anything reads as a position or a one-line
    /// error; a position reads back from the text it writes.
    #[test]
    fn positions_read_or_refuse(
        which in 0u8..4,
        text in prop_oneof![
            any::<String>(),
            position_like(),
            (0u8..4, 0usize..60, any::<u64>(), proptest::collection::vec(edit(), 1..4))
                .prop_map(|(w, plies, seed, edits)| mutate(&sample_position(w, plies, seed), &edits)),
        ],
    ) {
        match read_position(which, &text) {
            Ok(written) => prop_assert_eq!(read_position(which, &written), Ok(written.clone())),
            Err(error) => prop_assert!(is_message(&error), "{:?} -> {:?}", text, error),
        }
    }

    /// Valid positions of every game, size and rule read back exactly.
    #[test]
    fn valid_positions_round_trip(which in 0u8..4, plies in 0usize..120, seed in any::<u64>()) {
        let text = sample_position(which, plies, seed);
        prop_assert_eq!(read_position(which, &text), Ok(text.clone()));
    }

    /// Moves in each game's notation, on a game in progress: a legal move plays, any
    /// other text is refused with a message and the game is unchanged.
    #[test]
    fn moves_read_or_refuse(
        which in 0u8..4,
        plies in 0usize..40,
        seed in any::<u64>(),
        text in prop_oneof![any::<String>(), "[a-zA-Z]{0,2}[0-9]{0,3}", "[ -~]{0,6}"],
    ) {
        let record = sample_game(which, plies, seed);
        fn check<G: Game + PartialEq>(game: &G, text: &str) -> Result<(), TestCaseError> {
            let mut played = game.clone();
            match played.parse_move(text).map_err(|e| e.to_string()).and_then(|mv| {
                played.play(mv).map(|()| mv).map_err(|e| e.to_string())
            }) {
                Ok(mv) => {
                    // The move's notation reads back as the same move.
                    prop_assert_eq!(game.parse_move(&mv.to_string()).ok(), Some(mv));
                }
                Err(error) => {
                    prop_assert!(is_message(&error), "{:?} -> {:?}", text, error);
                    prop_assert!(&played == game, "a refused move changed the game");
                }
            }
            Ok(())
        }
        if let Some(g) = record.get::<Gomoku>() {
            check(g, &text)?;
        } else if let Some(g) = record.get::<TicTacToe>() {
            check(g, &text)?;
        } else if let Some(g) = record.get::<Knucklebones>() {
            check(g, &text)?;
        } else if let Some(g) = record.get::<ConnectFour>() {
            check(g, &text)?;
        }
    }

    /// Saved games: anything reads as a game or an error with a message; a saved
    /// game reads back as itself.
    #[test]
    fn saved_games_read_or_refuse(
        which in 0u8..4,
        plies in 0usize..80,
        seed in any::<u64>(),
        edits in proptest::collection::vec(edit(), 0..4),
        noise in any::<String>(),
        use_noise in proptest::bool::weighted(0.2),
    ) {
        let saved = SavedGame {
            seats: crate::record::Seats::default(),
            game: sample_game(which, plies, seed),
        };
        let text = saved.to_text();
        let back = SavedGame::from_text(&text);
        prop_assert_eq!(back.as_ref(), Ok(&saved));
        let text = if use_noise { noise } else { mutate(&text, &edits) };
        if let Err(error) = SavedGame::from_text(&text) {
            prop_assert!(is_message(&error.to_string()), "{:?} -> {}", text, error);
        }
    }
}

/// `tabletop-cli` arguments built from its own words, and noise: every command line
/// parses or is refused with a message, with exit code 0 or 2. Searches are kept
/// cheap: level 1, tiny selfplay matches and no `match` (it starts programs).
#[test]
fn cli_arguments_parse_or_refuse() {
    let words: &[&str] = &[
        "bestmove",
        "selfplay",
        "gomoku",
        "tictactoe",
        "knucklebones",
        "connectfour",
        "chess",
        "--level",
        "1",
        "0",
        "6",
        "--time-ms",
        "x",
        "-1",
        "--rule",
        "renju",
        "caro",
        "--size",
        "10x10",
        "3x3",
        "--a",
        "--b",
        "--games",
        "2",
        "--seed",
        "--a-depth",
        "--b-time-ms",
        "15x15:h8",
        "X.O......",
        "p1=||;p2=||;die=3;turn=p1",
        "4453",
        "--help",
        "",
        "=",
        "--",
    ];
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..config().cases {
        let n = rng.random_range(0..7);
        let mut args = vec!["tabletop-cli".to_owned()];
        for _ in 0..n {
            args.push(if rng.random_bool(0.1) {
                (0..rng.random_range(0..6))
                    .map(|_| {
                        *[' ', 'x', '\n', '|', ':', '9', '\u{e9}']
                            .choose(&mut rng)
                            .unwrap()
                    })
                    .collect()
            } else {
                (*words.choose(&mut rng).unwrap()).to_owned()
            });
        }
        // Only the cheap commands run: a bestmove at level 1 or a selfplay of two
        // games at level 1; anything else is only parsed.
        let cheap = match args.get(1).map(String::as_str) {
            Some("bestmove") => {
                args.iter().any(|a| a == "--level")
                    && !args.iter().any(|a| a == "--time-ms")
                    && args.windows(2).all(|w| w[0] != "--level" || w[1] == "1")
            }
            Some("selfplay") => false,
            _ => true,
        };
        if !cheap {
            continue;
        }
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = crate::cli::run(args.iter().map(Into::into), &mut out, &mut err);
        let err = String::from_utf8(err).unwrap();
        assert!(code == 0 || code == 2, "{args:?}: code {code}");
        if code == 2 {
            assert!(!err.trim().is_empty(), "{args:?}: no message");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
}
