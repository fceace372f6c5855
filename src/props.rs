//! Property-based tests of every parser a person or a program can feed: saved games,
//! each game's positions, moves and settings, and `tabletop-cli`'s arguments, for
//! every game in [`GAMES`] (a game added there is fuzzed with no edit here), and the
//! online protocol's frames. The Gomocup protocol has its own, beside it
//! (`tools::gomoku::gomocup`).
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

use std::collections::BTreeSet;
use std::sync::LazyLock;

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::games::{GAMES, GameEntry, GameRecord};
use crate::record::SavedGame;
use crate::rules::{Settings, Setup};

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

/// Game `which` of [`GAMES`] (any number: taken modulo their count).
fn entry(which: usize) -> &'static dyn GameEntry {
    GAMES[which % GAMES.len()]
}

/// Settings of `game` drawn among each setting's values (a `random` one drawn
/// again), as a saved file holds them.
fn sample_settings(game: &dyn GameEntry, rng: &mut StdRng) -> Vec<String> {
    let mut setup = Setup::defaults(game.settings());
    for setting in game.settings() {
        let value = setting.examples().choose(rng).cloned().expect("examples");
        setup
            .set(setting.key, &value)
            .expect("its own setting")
            .expect("its own example");
    }
    setup.resolve(rng)
}

/// Game `which` with settings drawn from `seed`, after up to `plies` random legal
/// moves, stopping before a move that would end it (a finished game is not a
/// position to move from).
fn sample_game(which: usize, plies: usize, seed: u64) -> GameRecord {
    let game = entry(which);
    let values = sample_settings(game, &mut StdRng::seed_from_u64(seed));
    let mut record = game
        .sample(&Settings::of(game.settings(), &values), plies, seed)
        .expect("a sample from valid settings");
    if record.is_over() {
        record.undo();
    }
    record
}

/// A valid position text of game `which`.
fn sample_position(which: usize, plies: usize, seed: u64) -> String {
    sample_game(which, plies, seed).position_text()
}

/// Reads `text` as game `which`'s position: `Ok` with the text the position writes,
/// or the error.
fn read_position(which: usize, text: &str) -> Result<String, String> {
    entry(which)
        .read_position(text)
        .map(|record| record.position_text())
}

/// An error a person reads: not empty (the command line writes it on one line, with
/// any line break of the input escaped).
fn is_message(error: &str) -> bool {
    !error.trim().is_empty()
}

/// The words of the games' own positions: what sample positions of every game are
/// made of, cut at their punctuation (`15x15`, `/`, `renju`, `:`, `h8`, `,`, ...).
fn position_words() -> &'static [String] {
    static WORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
        let mut words = BTreeSet::new();
        for which in 0..GAMES.len() {
            for seed in 0..12 {
                let text = sample_position(which, seed as usize * 3, seed);
                let mut word = String::new();
                for c in text.chars() {
                    if c.is_ascii_alphanumeric() {
                        word.push(c);
                    } else {
                        words.insert(std::mem::take(&mut word));
                        words.insert(c.to_string());
                    }
                }
                words.insert(word);
            }
        }
        words.remove("");
        words.into_iter().collect()
    });
    &WORDS
}

/// Text from the positions' own words, in any order.
fn position_like() -> impl Strategy<Value = String> {
    let words = position_words();
    proptest::collection::vec(0..words.len(), 0..12)
        .prop_map(move |picks| picks.iter().map(|&i| words[i].as_str()).collect())
}

proptest! {
    #![proptest_config(config())]

    /// Positions of every game: anything reads as a position or a one-line error; a
    /// position reads back from the text it writes.
    #[test]
    fn positions_read_or_refuse(
        which in any::<usize>(),
        text in prop_oneof![
            any::<String>(),
            position_like(),
            (any::<usize>(), 0usize..60, any::<u64>(), proptest::collection::vec(edit(), 1..4))
                .prop_map(|(w, plies, seed, edits)| mutate(&sample_position(w, plies, seed), &edits)),
        ],
    ) {
        match read_position(which, &text) {
            Ok(written) => prop_assert_eq!(read_position(which, &written), Ok(written.clone())),
            Err(error) => prop_assert!(is_message(&error), "{:?} -> {:?}", text, error),
        }
    }

    /// Valid positions of every game and settings read back exactly.
    #[test]
    fn valid_positions_round_trip(which in any::<usize>(), plies in 0usize..120, seed in any::<u64>()) {
        let text = sample_position(which, plies, seed);
        prop_assert_eq!(read_position(which, &text), Ok(text.clone()));
    }

    /// Moves in each game's notation, on a game in progress: a legal move plays and
    /// its notation reads back as the same move; any other text is refused with a
    /// message and the game is unchanged.
    #[test]
    fn moves_read_or_refuse(
        which in any::<usize>(),
        plies in 0usize..40,
        seed in any::<u64>(),
        text in prop_oneof![any::<String>(), "[a-zA-Z]{0,2}[0-9]{0,3}", "[ -~]{0,6}"],
    ) {
        let game = sample_game(which, plies, seed);
        let mut played = game.clone();
        match played.play(&text) {
            Ok(mv) => {
                let mut again = game.clone();
                prop_assert_eq!(again.play(&mv), Ok(mv.clone()));
                prop_assert_eq!(again, played);
            }
            Err(error) => {
                prop_assert!(is_message(&error), "{:?} -> {:?}", text, error);
                prop_assert!(played == game, "a refused move changed the game");
            }
        }
    }

    /// Settings as the flags, the menu and the settings file give them: any text
    /// for any key is one of the setting's values (which reads back as itself) or
    /// refused with a message, and a refused one changes nothing.
    #[test]
    fn settings_read_or_refuse(
        which in any::<usize>(),
        pick in any::<usize>(),
        text in prop_oneof![
            any::<String>(),
            "[ -~]{0,8}",
            "[0-9]{1,3}[xX][0-9]{1,3}",
            "-?[0-9]{1,21}",
            (any::<usize>(), any::<usize>(), proptest::collection::vec(edit(), 1..3))
                .prop_map(|(w, p, edits)| {
                    let settings = entry(w).settings();
                    let examples = settings.get(p % settings.len().max(1)).map(|s| s.examples());
                    let value = examples.as_deref().and_then(|e| e.get(p % e.len().max(1))).cloned();
                    mutate(&value.unwrap_or_default(), &edits)
                }),
        ],
    ) {
        let game = entry(which);
        let mut setup = Setup::defaults(game.settings());
        let Some(setting) = game.settings().get(pick % game.settings().len().max(1)) else {
            prop_assert_eq!(setup.set("size", &text), None);
            return Ok(());
        };
        let before = setup.clone();
        match setup.set(setting.key, &text) {
            Some(Ok(())) => {
                let value = setup.get(setting.key).expect("set").to_owned();
                prop_assert_eq!(setting.read(&value), Ok(value.clone()));
            }
            Some(Err(error)) => {
                prop_assert!(is_message(&error.to_string()), "{:?}", text);
                prop_assert_eq!(setup, before);
            }
            None => prop_assert!(false, "its own key is unknown"),
        }
    }

    /// The online protocol's frames, as a client sends them: anything decodes to a
    /// frame or is refused with a message (never a panic), and a frame that decodes
    /// reads back from the text it encodes to.
    #[test]
    fn protocol_frames_decode_or_refuse(
        text in prop_oneof![
            any::<String>(),
            frame_like(),
            (frame_like(), proptest::collection::vec(edit(), 1..4))
                .prop_map(|(text, edits)| mutate(&text, &edits)),
        ],
    ) {
        match crate::online::protocol::decode(&text) {
            Ok(frame) => {
                let again = crate::online::protocol::encode(&frame);
                prop_assert_eq!(crate::online::protocol::decode(&again), Ok(frame));
            }
            Err(error) => prop_assert!(is_message(&error.message), "{:?}", text),
        }
    }

    /// Saved games: anything reads as a game or an error with a message; a saved
    /// game reads back as itself.
    #[test]
    fn saved_games_read_or_refuse(
        which in any::<usize>(),
        plies in 0usize..80,
        seed in any::<u64>(),
        edits in proptest::collection::vec(edit(), 0..4),
        noise in any::<String>(),
        use_noise in proptest::bool::weighted(0.2),
    ) {
        let saved = SavedGame {
            seats: crate::record::Seats::default(),
            game: sample_game(which, plies, seed),
            variations: None,
            clock: None,
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

/// A client frame's text from the protocol's own words: its types and fields, with
/// values of the right kind or not, in JSON or near it.
fn frame_like() -> impl Strategy<Value = String> {
    let kind = prop_oneof![
        Just("hello"),
        Just("create"),
        Just("join"),
        Just("watch"),
        Just("rejoin"),
        Just("move"),
        Just("takeback"),
        Just("takeback_reply"),
        Just("resign"),
        Just("rematch"),
        Just("leave"),
        Just("dance"),
    ];
    let field = prop_oneof![
        Just("protocol"),
        Just("name"),
        Just("game"),
        Just("settings"),
        Just("seat"),
        Just("room"),
        Just("token"),
        Just("seq"),
        Just("move"),
        Just("accept"),
        Just("type"),
    ];
    let value = prop_oneof![
        Just("1".to_owned()),
        Just("-3".to_owned()),
        Just("true".to_owned()),
        Just("null".to_owned()),
        Just("\"first\"".to_owned()),
        Just("\"random\"".to_owned()),
        Just("{\"rule\":\"renju\"}".to_owned()),
        Just("[]".to_owned()),
        "\"[ -~]{0,10}\"",
        "[0-9]{1,22}",
    ];
    (kind, proptest::collection::vec((field, value), 0..5)).prop_map(|(kind, fields)| {
        let mut text = format!("{{\"type\":\"{kind}\"");
        for (field, value) in fields {
            text.push_str(&format!(",\"{field}\":{value}"));
        }
        text.push('}');
        text
    })
}

/// `tabletop-cli` arguments built from its own words, and noise: every command line
/// parses or is refused with a message, with exit code 0 or 2. Only the cheap ones
/// run (a best move at level 1); matches, legality runs and a game's own
/// subcommands (`match` starts programs) are only parsed.
#[test]
fn cli_arguments_parse_or_refuse() {
    // The commands' own words, every game's name, setting flags and values, and
    // positions, and some that are none of these.
    let mut words: Vec<String> = [
        "bestmove",
        "selfplay",
        "legality",
        "chess",
        "--level",
        "1",
        "0",
        "6",
        "--time-ms",
        "x",
        "-1",
        "--a",
        "--b",
        "--games",
        "2",
        "--seed",
        "--set",
        "--a-depth",
        "--b-time-ms",
        "--help",
        "",
        "=",
        "--",
    ]
    .map(str::to_owned)
    .to_vec();
    for (which, game) in GAMES.iter().enumerate() {
        words.push(game.name().to_owned());
        words.push(sample_position(which, 4, 1));
        for setting in game.settings() {
            words.push(format!("--{}", setting.key));
            words.extend(setting.examples().into_iter().take(3));
            words.push(format!("{}={}", setting.key, setting.default));
        }
        for command in game.commands() {
            words.push((command.command)().get_name().to_owned());
        }
    }
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
                words.choose(&mut rng).unwrap().clone()
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
            Some("selfplay" | "legality") => false,
            // A game's own subcommands may start programs (`match`).
            Some(name) => !GAMES
                .iter()
                .flat_map(|game| game.commands())
                .any(|command| (command.command)().get_name() == name),
            None => true,
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
