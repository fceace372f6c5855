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
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, Point, Rule, Status};

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
        /// Think for this many milliseconds instead of a level's budget.
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
            let levels = [a, b].map(|l| Level::new(l).ok_or("level must be 1..=5"));
            let (tally, slowest) = selfplay(size, rule, [levels[0]?, levels[1]?], games, seed);
            writeln!(
                out,
                "a_wins {} b_wins {} draws {}",
                tally[0], tally[1], tally[2]
            )
            .map_err(write_err)?;
            // The slowest single move of each side, for checking the time budgets.
            writeln!(
                err,
                "max_move_ms a {} b {}",
                slowest[0].as_millis(),
                slowest[1].as_millis()
            )
            .map_err(write_err)?;
        }
    }
    Ok(())
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
}
