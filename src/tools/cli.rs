//! `tabletop-cli`: best moves and AI-vs-AI matches without a window.
//!
//! Each subcommand takes the game's name first, so other games join as further
//! [`GameName`] values with their own position format.

use std::ffi::OsString;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use rand::seq::SliceRandom;
use rand::{SeedableRng, rngs::StdRng};

use crate::ai::clock::Clock;
use crate::ai::gomoku::{Level, Limits, SearchResult, best_move, search};
use crate::ai::tictactoe;
use crate::rules::gomoku::{BoardSize, Gomoku, Point, Rule, Status};
use crate::rules::tictactoe::TicTacToe;
use crate::rules::{Outcome, Player};

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "tabletop-cli",
    version,
    about = "Tabletop's AIs without a window"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// A game the tools know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Five in a row; positions are `15x15:h8,i9,...` (size, then the moves in order).
    Gomoku,
    /// Tic-tac-toe; positions are nine characters `X`, `O`, `.` row by row from the top
    /// (`X...O....`), the side to move implied by the counts.
    Tictactoe,
    /// Knucklebones; positions are `p1=44|1|;p2=6||235;die=4;turn=p1` (each side's
    /// columns 1 to 3 as their dice, the die to place, the side to place it). The move
    /// is the column, `1` to `3`; the value is the expected result for the side to move
    /// from -1 (certain loss) to +1 (certain win), printed for the searching levels 3
    /// to 5 and `--time-ms`.
    Knucklebones,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Prints the AI's move for a position: `bestmove <move>` then `value <...>`.
    Bestmove {
        game: GameName,
        /// The position, e.g. `15x15:h8,i9` for Gomoku.
        position: String,
        /// AI level 1..=5 (default 5).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5), conflicts_with = "time_ms")]
        level: Option<u8>,
        /// Think for this many milliseconds instead of a level's budget (tic-tac-toe
        /// is solved: perfect play, as level 5).
        #[arg(long)]
        time_ms: Option<u64>,
        /// Gomoku rule: freestyle or standard (exact five).
        #[arg(long, default_value = "freestyle")]
        rule: String,
    },
    /// Plays AI against AI, colours swapped within each pair of games, and prints
    /// `a_wins X b_wins Y draws Z`.
    Selfplay {
        game: GameName,
        /// Level of player A.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        a: u8,
        /// Level of player B.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        b: u8,
        /// Number of games.
        #[arg(long)]
        games: u32,
        /// Seed choosing the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Gomoku board size, WxH.
        #[arg(long, default_value = "15x15")]
        size: String,
        /// Gomoku rule: freestyle or standard (exact five).
        #[arg(long, default_value = "freestyle")]
        rule: String,
    },
}

/// Runs the CLI on `args` (program name first), writing results to `out`; returns the
/// exit code. Errors are one line on `err`, with code 2.
pub fn run(
    args: impl IntoIterator<Item = OsString>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = write!(out, "{e}");
            return 0;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            let _ = writeln!(err, "{first} (see tabletop-cli --help)");
            return 2;
        }
    };
    match execute(cli.command, out, err) {
        Ok(()) => 0,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            2
        }
    }
}

/// Runs one command: results on `out`, side information (timings) on `err`.
fn execute(command: Command, out: &mut impl Write, err: &mut impl Write) -> Result<(), String> {
    let write_err = |e: std::io::Error| e.to_string();
    match command {
        Command::Bestmove {
            game: GameName::Gomoku,
            position,
            level,
            time_ms,
            rule,
        } => {
            let game = parse_position(&position, rule.parse().map_err(|e| format!("{e}"))?)?;
            let stop = AtomicBool::new(false);
            let result = match time_ms {
                Some(ms) => {
                    let limits = Limits {
                        time: Some(Duration::from_millis(ms)),
                        depth: None,
                        ..Limits::for_level(Level::MAX)
                    };
                    search(&game, &limits, &stop, |_| {})
                }
                None => {
                    let level = Level::new(level.unwrap_or(5)).ok_or("level must be 1..=5")?;
                    best_move(&game, level, &stop, |_| {})
                }
            }
            .ok_or("the game is already over")?;
            writeln!(out, "bestmove {}", result.best).map_err(write_err)?;
            writeln!(out, "value {}", result.value).map_err(write_err)?;
        }
        Command::Selfplay {
            game: GameName::Gomoku,
            a,
            b,
            games,
            seed,
            size,
            rule,
        } => {
            let size: BoardSize = size.parse().map_err(|e| format!("{e}"))?;
            let rule: Rule = rule.parse().map_err(|e| format!("{e}"))?;
            let levels = match_levels(a, b)?;
            let (tally, slowest) = selfplay(size, rule, levels, games, seed);
            write_tally(out, &tally)?;
            // The slowest single move of each side, for checking the time budgets.
            writeln!(
                err,
                "max_move_ms a {} b {}",
                slowest[0].as_millis(),
                slowest[1].as_millis()
            )
            .map_err(write_err)?;
        }
        Command::Bestmove {
            game: GameName::Tictactoe,
            position,
            level,
            ..
        } => tictactoe_bestmove(&position, level, out)?,
        Command::Selfplay {
            game: GameName::Tictactoe,
            a,
            b,
            games,
            seed,
            ..
        } => {
            let levels = match_levels(a, b)?;
            let tally = tictactoe_selfplay(levels, games, seed);
            write_tally(out, &tally)?;
        }
        Command::Bestmove {
            game: GameName::Knucklebones,
            position,
            level,
            time_ms,
            ..
        } => knucklebones_bestmove(&position, level, time_ms, out)?,
        Command::Selfplay {
            game: GameName::Knucklebones,
            a,
            b,
            games,
            seed,
            ..
        } => {
            let levels = match_levels(a, b)?;
            let (tally, slowest) = knucklebones_selfplay(levels, games, seed);
            write_tally(out, &tally)?;
            writeln!(
                err,
                "max_move_ms a {} b {} first_mover_wins {}",
                slowest[0].as_millis(),
                slowest[1].as_millis(),
                tally[3]
            )
            .map_err(write_err)?;
        }
    }
    Ok(())
}

/// The two levels of a match, A's first.
fn match_levels(a: u8, b: u8) -> Result<[Level; 2], String> {
    let level = |n| Level::new(n).ok_or_else(|| "level must be 1..=5".to_owned());
    Ok([level(a)?, level(b)?])
}

/// A match's result line: `a_wins X b_wins Y draws Z` from `[a, b, draws, ..]`.
fn write_tally(out: &mut impl Write, tally: &[u32]) -> Result<(), String> {
    writeln!(
        out,
        "a_wins {} b_wins {} draws {}",
        tally[0], tally[1], tally[2]
    )
    .map_err(|e| e.to_string())
}

/// `bestmove tictactoe`: the move `level` (default 5) plays in `position`, then the
/// position's solved value for the side to move. Random choices come from a fixed
/// seed, so the same question always gets the same answer.
fn tictactoe_bestmove(
    position: &str,
    level: Option<u8>,
    out: &mut impl Write,
) -> Result<(), String> {
    let game = TicTacToe::from_board(position).map_err(|e| e.to_string())?;
    let level = Level::new(level.unwrap_or(5)).ok_or("level must be 1..=5")?;
    let mut rng = StdRng::seed_from_u64(0);
    let best = tictactoe::best_move(&game, level, &mut rng).ok_or("the game is already over")?;
    let value = tictactoe::value(&game).word();
    writeln!(out, "bestmove {best}\nvalue {value}").map_err(|e| e.to_string())
}

/// Plays `games` tic-tac-toe games from the empty board, A with X in the even ones and
/// O in the odd ones, every random choice drawn from `seed`; returns A's wins, B's
/// wins and draws.
fn tictactoe_selfplay(levels: [Level; 2], games: u32, seed: u64) -> [u32; 3] {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut tally = [0; 3];
    for g in 0..games {
        // Index into `levels` of the player with X.
        let x = (g % 2) as usize;
        let who = |p: Player| if p == Player::First { x } else { 1 - x };
        let mut game = TicTacToe::new();
        loop {
            let level = levels[who(game.side_to_move())];
            let Some(mv) = tictactoe::best_move(&game, level, &mut rng) else {
                break;
            };
            game.play(mv).expect("the AI plays only legal moves");
        }
        match game.outcome() {
            Some(Outcome::Win(p)) => tally[who(p)] += 1,
            _ => tally[2] += 1,
        }
    }
    tally
}

/// `bestmove knucklebones`: the move of `level` (default 5), or of a search of
/// `time_ms`, then its expected value where the AI searched. Level 1's random choice
/// comes from a fixed seed, so the same question always gets the same answer.
fn knucklebones_bestmove(
    position: &str,
    level: Option<u8>,
    time_ms: Option<u64>,
    out: &mut impl Write,
) -> Result<(), String> {
    use crate::ai::knucklebones::{best_move, search};
    let game = crate::rules::knucklebones::Knucklebones::from_position(position)
        .map_err(|e| e.to_string())?;
    let stop = AtomicBool::new(false);
    let choice = match time_ms {
        Some(ms) => search(&game, 64, Some(Duration::from_millis(ms)), &stop),
        None => {
            let level = Level::new(level.unwrap_or(5)).ok_or("level must be 1..=5")?;
            best_move(&game, level, &mut StdRng::seed_from_u64(0), &stop)
        }
    }
    .ok_or("the game is already over")?;
    let write_err = |e: std::io::Error| e.to_string();
    writeln!(out, "bestmove {}", choice.column).map_err(write_err)?;
    if let Some(value) = choice.value {
        writeln!(out, "value {value:.3}").map_err(write_err)?;
    }
    Ok(())
}

/// Plays `games` Knucklebones games, A placing the first die in the even games and B
/// in the odd ones; returns A's wins, B's wins, draws and the first mover's wins (the
/// first-move advantage), and the longest time A and B each took over one move. Games `2k` and `2k + 1` share their dice (a seed mixed from
/// `seed` and `k`), so each pair deals both sides the same rolls; level 1's choices
/// come from a generator seeded by the game's index. The games run in parallel and
/// the result does not depend on their order.
fn knucklebones_selfplay(levels: [Level; 2], games: u32, seed: u64) -> ([u32; 4], [Duration; 2]) {
    use crate::ai::knucklebones::best_move;
    use crate::rules::knucklebones::Knucklebones;
    use rayon::prelude::*;
    let play = |g: u32| {
        let dice = mix_seed(seed, u64::from(g / 2));
        // Index into `levels` of the side that moves first.
        let first = (g % 2) as usize;
        let who = |p: Player| if p == Player::First { first } else { 1 - first };
        let mut rng = StdRng::seed_from_u64(mix_seed(!seed, u64::from(g)));
        let stop = AtomicBool::new(false);
        let mut slowest = [Duration::ZERO; 2];
        let mut game = Knucklebones::new(dice, Player::First);
        while !game.is_over() {
            let side = who(game.side_to_move());
            let clock = Clock::start();
            let choice = best_move(&game, levels[side], &mut rng, &stop)
                .expect("the AI moves while the game goes on");
            slowest[side] = slowest[side].max(clock.elapsed());
            game.play(choice.column)
                .expect("the AI plays only legal moves");
        }
        let mut tally = [0; 4];
        match game.outcome() {
            Some(Outcome::Win(p)) => {
                tally[who(p)] += 1;
                tally[3] += u32::from(p == Player::First);
            }
            _ => tally[2] += 1,
        }
        (tally, slowest)
    };
    (0..games).into_par_iter().map(play).reduce(
        || ([0; 4], [Duration::ZERO; 2]),
        |(t, s), (u, v)| {
            (
                [t[0] + u[0], t[1] + u[1], t[2] + u[2], t[3] + u[3]],
                [s[0].max(v[0]), s[1].max(v[1])],
            )
        },
    )
}

/// A seed for item `index` of a run with `seed` (a SplitMix64 step), so that each game
/// of a match has its own dice whatever order the games run in.
fn mix_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Reads `WxH:move,move,...` (the moves part may be empty or left out).
pub fn parse_position(text: &str, rule: Rule) -> Result<Gomoku, String> {
    let (size, moves) = text.split_once(':').unwrap_or((text, ""));
    let size: BoardSize = size.parse().map_err(|e| format!("{e}"))?;
    let mut game = Gomoku::new(size, rule);
    for m in moves.split(',').map(str::trim).filter(|m| !m.is_empty()) {
        let p = size.parse_point(m).map_err(|e| e.to_string())?;
        game.play(p).map_err(|e| format!("move {m}: {e}"))?;
    }
    Ok(game)
}

/// Three-stone openings (Black, White, Black) as offsets from the centre: White next
/// to the first stone straight or diagonally, Black's second stone around them, in
/// the shapes of the classic renju openings.
const OPENINGS: [[(i8, i8); 3]; 16] = [
    [(0, 0), (0, 1), (1, 1)],
    [(0, 0), (0, 1), (1, 2)],
    [(0, 0), (0, 1), (2, 2)],
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 1), (2, 1)],
    [(0, 0), (0, 1), (2, 0)],
    [(0, 0), (0, 1), (1, -1)],
    [(0, 0), (0, 1), (0, -2)],
    [(0, 0), (1, 1), (1, 0)],
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (1, 1), (2, 1)],
    [(0, 0), (1, 1), (-1, 1)],
    [(0, 0), (1, 1), (2, -1)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 0), (1, 1), (-1, 2)],
    [(0, 0), (1, 1), (2, 2)],
];

/// Plays `games` games, A with Black in the even ones; returns A's wins, B's wins and
/// draws, and the longest time A and B each took over one move. A side whose AI fails
/// to give a legal move loses that game.
fn selfplay(
    size: BoardSize,
    rule: Rule,
    levels: [Level; 2],
    games: u32,
    seed: u64,
) -> ([u32; 3], [Duration; 2]) {
    let mut slowest = [Duration::ZERO; 2];
    let mut order: Vec<usize> = (0..OPENINGS.len()).collect();
    order.shuffle(&mut StdRng::seed_from_u64(seed));
    let mut tally = [0; 3];
    for g in 0..games {
        let opening = OPENINGS[order[(g as usize / 2) % order.len()]];
        // Index into `levels` of the player with Black.
        let black = (g % 2) as usize;
        let mut game = Gomoku::new(size, rule);
        let c = size.centre();
        for (dx, dy) in opening {
            let p = Point::new((c.x as i8 + dx) as u8, (c.y as i8 + dy) as u8);
            game.play(p).expect("openings fit every board");
        }
        let winner = loop {
            match game.status() {
                Status::Won { winner, .. } => break Some(*winner),
                Status::Draw => break None,
                Status::Playing => {}
            }
            let mover = game.side_to_move();
            let who = if mover == Player::First {
                black
            } else {
                1 - black
            };
            let clock = Clock::start();
            let reply: Option<SearchResult> =
                best_move(&game, levels[who], &AtomicBool::new(false), |_| {});
            slowest[who] = slowest[who].max(clock.elapsed());
            match reply.map(|r| game.play(r.best)) {
                Some(Ok(())) => {}
                _ => {
                    eprintln!("game {g}: level {} gave no legal move", levels[who]);
                    break Some(mover.opponent());
                }
            }
        };
        match winner {
            Some(p) => {
                let who = if p == Player::First { black } else { 1 - black };
                tally[who] += 1;
            }
            None => tally[2] += 1,
        }
    }
    (tally, slowest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(args: &[&str]) -> (i32, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let args = std::iter::once("tabletop-cli")
            .chain(args.iter().copied())
            .map(OsString::from);
        let code = run(args, &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn prints_the_best_move_and_its_value() {
        let (code, out, _) = cli(&[
            "bestmove",
            "gomoku",
            "15x15:h8,a1,i8,a2,j8,a3,k8,a4",
            "--level",
            "2",
        ]);
        assert_eq!(code, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0] == "bestmove g8" || lines[0] == "bestmove l8",
            "{out}"
        );
        assert_eq!(lines[1], "value win");
        let (code, out, _) = cli(&["bestmove", "gomoku", "10x12", "--time-ms", "50"]);
        assert_eq!((code, out.lines().next()), (0, Some("bestmove e6")));
    }

    #[test]
    fn rejects_bad_arguments_with_one_line_and_code_2() {
        for args in [
            &["bestmove", "chess", "x"][..],
            &["bestmove", "gomoku", "15x15:h8,h8"],
            &["bestmove", "gomoku", "25x15"],
            &["bestmove", "gomoku", "15x15", "--level", "9"],
            &[
                "bestmove",
                "gomoku",
                "15x15",
                "--level",
                "2",
                "--time-ms",
                "5",
            ],
            &["selfplay", "gomoku", "--a", "1", "--b", "2"],
            &[
                "selfplay", "gomoku", "--a", "1", "--b", "2", "--games", "2", "--size", "3x3",
            ],
            &[],
        ] {
            let (code, out, err) = cli(args);
            assert_eq!(code, 2, "{args:?}");
            assert!(out.is_empty());
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }

    #[test]
    fn selfplay_counts_every_game() {
        let (code, out, _) = cli(&[
            "selfplay", "gomoku", "--a", "1", "--b", "1", "--games", "3", "--size", "10x10",
        ]);
        assert_eq!(code, 0);
        let numbers: Vec<u32> = out
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(numbers.iter().sum::<u32>(), 3, "{out}");
        assert!(out.starts_with("a_wins "));
    }

    #[test]
    fn tictactoe_bestmove_plays_perfectly_and_gives_the_value() {
        for (position, best, value) in [
            ("XX.OO....", "c3", "win"),  // X completes the top row
            ("XX..O....", "c3", "draw"), // O must block
            ("X.X.O.O.X", "", "loss"),   // O faces two threats
            ("X...O...X", "", "draw"),   // O must not answer with a corner
            ("........X", "b2", "draw"), // a corner is met by the centre
        ] {
            let (code, out, err) = cli(&["bestmove", "tictactoe", position]);
            assert_eq!((code, err.as_str()), (0, ""), "{position}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 2, "{out}");
            let mv = lines[0].strip_prefix("bestmove ").unwrap();
            let cell = crate::rules::tictactoe::Cell::parse(mv).unwrap();
            assert!(best.is_empty() || mv == best, "{position}: {out}");
            assert!(["b3", "a2", "c2", "b1"].contains(&mv) || position != "X...O...X");
            assert!(TicTacToe::from_board(position).unwrap().check(cell).is_ok());
            assert_eq!(lines[1], format!("value {value}"), "{position}");
        }
        // Every level answers with a legal move; the same question, the same answer.
        for level in ["1", "2", "3", "4", "5"] {
            let args = ["bestmove", "tictactoe", ".........", "--level", level];
            let (code, out, _) = cli(&args);
            assert_eq!(code, 0);
            assert!(out.starts_with("bestmove ") && out.ends_with("value draw\n"));
            assert_eq!(cli(&args).1, out);
        }
        let (code, out, _) = cli(&["bestmove", "tictactoe", "XX.OO....", "--time-ms", "5"]);
        assert_eq!((code, out.as_str()), (0, "bestmove c3\nvalue win\n"));
    }

    #[test]
    fn tictactoe_rejects_bad_positions_with_one_line_and_code_2() {
        for position in [
            "",
            "XX",
            "XX.OO.....",
            "XX.......",
            "O........",
            "XXOZ.....",
            "XXXOOO...",
            "XXXOO.O..",
            "XXXOO....",
            "XOXXOOOXX",
        ] {
            let (code, out, err) = cli(&["bestmove", "tictactoe", position]);
            assert_eq!(code, 2, "{position}");
            assert!(out.is_empty());
            assert_eq!(err.lines().count(), 1, "{position}: {err}");
            assert!(err.starts_with("error: "), "{err}");
        }
        let (code, _, err) = cli(&["bestmove", "tictactoe", ".........", "--level", "6"]);
        assert_eq!((code, err.lines().count()), (2, 1));
    }

    #[test]
    fn tictactoe_selfplay_tallies_and_perfect_play_draws() {
        let numbers = |args: &str| -> Vec<u32> {
            let (code, out, _) = cli(&args.split_whitespace().collect::<Vec<_>>());
            assert_eq!(code, 0);
            assert!(out.starts_with("a_wins "), "{out}");
            out.split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect()
        };
        let perfect = "selfplay tictactoe --a 5 --b 5 --games 50";
        assert_eq!(numbers(perfect), [0, 0, 50]);
        let args = "selfplay tictactoe --a 5 --b 1 --games 60 --seed 3";
        let tally = numbers(args);
        assert_eq!(tally.iter().sum::<u32>(), 60);
        assert_eq!(tally[1], 0, "{tally:?}");
        assert!(tally[0] > 30, "{tally:?}");
        assert_eq!(numbers(args), tally, "seeded");
    }

    #[test]
    fn knucklebones_bestmove_names_a_column_and_its_value() {
        let position = "p1=44|1|;p2=6||235;die=4;turn=p1";
        for level in ["1", "2", "3", "5"] {
            let (code, out, err) = cli(&["bestmove", "knucklebones", position, "--level", level]);
            assert_eq!(code, 0, "{err}");
            let lines: Vec<&str> = out.lines().collect();
            let column = lines[0].strip_prefix("bestmove ").unwrap();
            assert!(["1", "2", "3"].contains(&column), "{out}");
            // Levels 1 and 2 do not search, so they have no value to give.
            assert_eq!(lines.len(), if level < "3" { 1 } else { 2 }, "{out}");
        }
        // A third 4 in column 1 scores 36: the search takes it.
        let (code, out, _) = cli(&["bestmove", "knucklebones", position]);
        assert_eq!(code, 0);
        assert!(out.starts_with("bestmove 1\nvalue "), "{out}");
        let value: f64 = out.lines().nth(1).unwrap()[6..].parse().unwrap();
        assert!((-1.2..=1.2).contains(&value));
        let (code, out, _) = cli(&["bestmove", "knucklebones", position, "--time-ms", "20"]);
        assert_eq!((code, out.lines().count()), (0, 2), "{out}");
    }

    #[test]
    fn knucklebones_rejects_bad_positions_with_one_line_and_code_2() {
        for position in [
            "p1=44|1|;p2=6||235;die=4",            // a field missing
            "p1=44|1;p2=6||235;die=4;turn=p1",     // two columns
            "p1=4444|1|;p2=6||235;die=4;turn=p1",  // four dice in a column
            "p1=47|1|;p2=6||235;die=4;turn=p1",    // a 7
            "p1=44|1|;p2=6||205;die=4;turn=p1",    // a 0
            "p1=44|1|;p2=6||235;die=0;turn=p1",    // die 0
            "p1=44|1|;p2=6||235;die=4;turn=p9",    // no such side
            "p1=123|456|123;p2=6||;die=4;turn=p2", // p1 filled its tray: over
            "",
        ] {
            let (code, out, err) = cli(&["bestmove", "knucklebones", position]);
            assert_eq!(code, 2, "{position}");
            assert!(out.is_empty());
            assert_eq!(err.lines().count(), 1, "{position}: {err}");
        }
    }

    #[test]
    fn knucklebones_selfplay_counts_every_game_reproducibly() {
        let args = [
            "selfplay",
            "knucklebones",
            "--a",
            "3",
            "--b",
            "1",
            "--games",
            "40",
            "--seed",
            "5",
        ];
        let (code, out, _) = cli(&args);
        assert_eq!(code, 0);
        let numbers: Vec<u32> = out
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(numbers.iter().sum::<u32>(), 40, "{out}");
        assert!(out.starts_with("a_wins "));
        assert_eq!(cli(&args).1, out);
        // With the same level on both sides each pair of games deals the same dice
        // to both: the deterministic level 2 wins exactly one game of every pair that
        // is not drawn.
        let (_, out, _) = cli(&[
            "selfplay",
            "knucklebones",
            "--a",
            "2",
            "--b",
            "2",
            "--games",
            "40",
        ]);
        let numbers: Vec<u32> = out
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(numbers[0], numbers[1], "{out}");
    }
}
