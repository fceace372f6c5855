//! `tabletop-cli`: best moves and AI-vs-AI matches without a window, for every game
//! in [`crate::games::GAMES`], and the subcommands a game brings with it (Gomoku's
//! `match`, [`crate::tools::gomoku`]).
//!
//! Each subcommand takes the game's name first; its settings are flags made from the
//! games' schemas ([`crate::flags`]: `--rule renju`, or `--set rule=renju`); what a
//! position looks like and how the AI answers is the game's own business
//! ([`crate::ai::GameAi`]), so nothing here names a game.

use std::ffi::OsString;
use std::io::Write;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::arena::Contestant;
use crate::ai::{Budget, Level};
use crate::flags;
use crate::games::{self, GAMES, GameEntry};
use crate::review;
use crate::rules::{Settings, Setup};

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

#[derive(Debug, Subcommand)]
enum Command {
    /// Prints the AI's move for a position: `bestmove <move>` then `value <...>`.
    Bestmove {
        /// The game (positions of each game: see the end of --help).
        #[arg(value_parser = game_names())]
        game: String,
        /// The position, e.g. `15x15:h8,i9` for Gomoku.
        position: String,
        /// AI level 1..=5 (default 5).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5), conflicts_with = "time_ms")]
        level: Option<u8>,
        /// Think for this many milliseconds instead of a level's budget (tic-tac-toe
        /// is solved: perfect play, as level 5).
        #[arg(long)]
        time_ms: Option<u64>,
    },
    /// Plays AI against AI, colours swapped within each pair of games, and prints
    /// `a_wins X b_wins Y draws Z`.
    Selfplay {
        /// The game.
        #[arg(value_parser = game_names())]
        game: String,
        /// Level of player A.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        a: u8,
        /// Level of player B.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        b: u8,
        /// Both players think this many milliseconds a move instead of their
        /// levels' budgets (the strongest search, as `bestmove --time-ms`).
        #[arg(long, conflicts_with_all = ["a_time_ms", "b_time_ms"])]
        time_ms: Option<u64>,
        /// Player A thinks this many milliseconds a move.
        #[arg(long, conflicts_with = "a_depth")]
        a_time_ms: Option<u64>,
        /// Player B thinks this many milliseconds a move.
        #[arg(long, conflicts_with = "b_depth")]
        b_time_ms: Option<u64>,
        /// Player A searches to this fixed depth in moves, however long it takes
        /// (Knucklebones: the expectimax of levels 3 and 4, which level 5 was at depth
        /// 4; Gomoku: the main search).
        #[arg(long)]
        a_depth: Option<u32>,
        /// Player B searches to this fixed depth in moves.
        #[arg(long)]
        b_depth: Option<u32>,
        /// Number of games.
        #[arg(long)]
        games: u32,
        /// Seed choosing the openings (and the dice, and any setting chosen as
        /// `random`).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Reviews a saved game: each move with the position's value for its mover before
    /// and after it (`win in 5`, `draw`, `62%`), and its mark (inaccuracy, mistake,
    /// blunder) with the AI's move there. The same numbers as the app's review graph.
    Review {
        /// The saved game (any game's file, as the app saves it, or a Gomocup `.psq`
        /// record).
        file: std::path::PathBuf,
        /// Search each position this many milliseconds instead of the strongest
        /// level's budget (the solved games ignore it).
        #[arg(long)]
        time_ms: Option<u64>,
    },
    /// Plays games between random levels from random openings, checks every AI move
    /// against the rules, and prints the illegal moves (there must be none) and each
    /// level's slowest move against its time budget. Exits with code 2 if any move
    /// was illegal.
    Legality {
        /// The game.
        #[arg(value_parser = game_names())]
        game: String,
        /// Number of games.
        #[arg(long, default_value_t = 10_000)]
        games: u32,
        /// Seed choosing the levels, the openings and the dice (and any setting
        /// chosen as `random`).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Levels whose own budget is longer search this many milliseconds instead
        /// (the strongest search), so that a long run fits in hours.
        #[arg(long)]
        cap_ms: Option<u64>,
    },
}

/// The subcommands of the generic [`Command`]s, with the setting flags each takes
/// but those whose key another of its options has.
const GENERIC: [(&str, &[&str]); 3] = [
    ("bestmove", &[]),
    ("selfplay", &["seed"]),
    ("legality", &["seed"]),
];

/// One line a reviewed move: `2. O a2  draw -> loss in 4  blunder (best b1)`.
fn review_lines(entry: &dyn GameEntry, moves: &[review::MoveReview]) -> Vec<String> {
    let shown = |v: Option<crate::ai::Verdict>| v.map_or_else(|| "?".to_owned(), |v| v.to_string());
    moves
        .iter()
        .map(|m| {
            let mut line = format!(
                "{}. {} {}  {} -> {}",
                m.ply + 1,
                entry.side_names()[m.mover.index()],
                m.played,
                shown(m.before),
                shown(m.after)
            );
            if let Some(mark) = m.mark {
                line.push_str(&format!("  {mark}"));
                if let Some(best) = &m.best {
                    line.push_str(&format!(" (best {best})"));
                }
            }
            line
        })
        .collect()
}

/// The registered games' names, as the accepted values of the game argument.
fn game_names() -> PossibleValuesParser {
    PossibleValuesParser::new(GAMES.iter().map(|game| game.name()))
}

/// The end of `--help`: how each game's positions are written.
fn positions_help() -> String {
    let mut text = String::from("Positions:");
    for game in GAMES {
        text.push_str(&format!("\n  {}: {}", game.name(), game.position_help()));
    }
    text
}

/// The whole command line: the generic subcommands with every game's setting flags,
/// and each game's own subcommands.
fn command() -> clap::Command {
    let mut command = Cli::command().after_help(positions_help());
    for (name, skip) in GENERIC {
        command = command.mut_subcommand(name, |sub| {
            sub.args(flags::setting_args(GAMES, skip))
                .arg(flags::set_arg())
        });
    }
    for game in GAMES {
        for extra in game.commands() {
            command = command.subcommand((extra.command)());
        }
    }
    command
}

/// Runs the CLI on `args` (program name first), writing results to `out`; returns the
/// exit code. Errors are one line on `err`, with code 2.
pub fn run(
    args: impl IntoIterator<Item = OsString>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    let matches = match command().try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = write!(out, "{}", e.render());
            return 0;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            let _ = writeln!(err, "{first} (see tabletop-cli --help)");
            return 2;
        }
    };
    match execute(&matches, out, err) {
        Ok(()) => 0,
        Err(message) => {
            let _ = writeln!(err, "error: {}", one_line(&message));
            2
        }
    }
}

/// `message` on one line: control characters (from a position given with a line
/// break in it, say) written as escapes.
fn one_line(message: &str) -> String {
    message
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The registered game `name` (clap has checked it is one).
fn game(name: &str) -> Result<&'static dyn GameEntry, String> {
    games::find(name).ok_or_else(|| format!("no game '{name}' ({})", games::names()))
}

/// The settings given to subcommand `name` (its flags, then `--set`), checked
/// against `game`'s: the setup they make from its defaults, and the given ones.
fn given_settings(
    game: &dyn GameEntry,
    name: &str,
    matches: &ArgMatches,
) -> Result<(Setup, Vec<(&'static str, String)>), String> {
    let skip = GENERIC
        .iter()
        .find(|(generic, _)| *generic == name)
        .map_or(&[][..], |&(_, skip)| skip);
    let mut given: Vec<(String, String)> = flags::given(matches, GAMES, skip)
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value))
        .collect();
    given.extend(flags::set_values(matches)?);
    let setup = flags::setup(game, given.iter().map(|(k, v)| (k, v)))?;
    // Each given key as the game spells it, with its value as the setting reads it.
    let given = setup
        .pairs()
        .filter(|(key, _)| given.iter().any(|(k, _)| k.eq_ignore_ascii_case(key)))
        .map(|(key, value)| (key, value.to_owned()))
        .collect();
    Ok((setup, given))
}

/// A side's budget from the command line: a time, a depth, or the level's own.
fn budget(time_ms: Option<u64>, depth: Option<u32>) -> Result<Budget, String> {
    match (time_ms, depth) {
        (Some(0), _) => Err("a time per move must be at least 1 ms".to_owned()),
        (_, Some(0)) => Err("a search depth must be at least 1".to_owned()),
        (Some(ms), None) => Ok(Budget::Time(Duration::from_millis(ms))),
        (None, Some(depth)) => Ok(Budget::Depth(depth)),
        (None, None) => Ok(Budget::Level),
        (Some(_), Some(_)) => Err("a side has a time or a depth, not both".to_owned()),
    }
}

/// A level from the command line.
fn level(n: u8) -> Result<Level, String> {
    Level::new(n).ok_or_else(|| "level must be 1..=5".to_owned())
}

/// Runs the parsed command line: results on `out`, side information (timings) on
/// `err`.
fn execute(matches: &ArgMatches, out: &mut impl Write, err: &mut impl Write) -> Result<(), String> {
    let Some((name, sub)) = matches.subcommand() else {
        return Err("no subcommand".to_owned());
    };
    if let Some(extra) = GAMES
        .iter()
        .flat_map(|game| game.commands())
        .find(|extra| (extra.command)().get_name() == name)
    {
        return (extra.run)(sub, out, err);
    }
    let command = Cli::from_arg_matches(matches)
        .map_err(|e| e.to_string())?
        .command;
    let write_err = |e: std::io::Error| e.to_string();
    match command {
        Command::Bestmove {
            game: game_name,
            position,
            level: n,
            time_ms,
        } => {
            let entry = game(&game_name)?;
            let (_, given) = given_settings(entry, name, sub)?;
            let settings = Settings::new(given.iter().map(|(k, v)| (*k, v.as_str())));
            let answer = entry.bestmove(
                &position,
                &settings,
                level(n.unwrap_or(5))?,
                budget(time_ms, None)?,
            )?;
            writeln!(out, "bestmove {}", answer.best).map_err(write_err)?;
            if let Some(value) = answer.value {
                writeln!(out, "value {value}").map_err(write_err)?;
            }
        }
        Command::Review { file, time_ms } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let saved = match crate::record::SavedGame::from_other_format(&text) {
                Some(read) => read,
                None => crate::record::SavedGame::from_text(&text).map_err(|e| e.to_string()),
            }
            .map_err(|e| format!("{}: {e}", file.display()))?;
            let game = &saved.game;
            let entry = game
                .entry()
                .ok_or_else(|| format!("no game called {}", game.name()))?;
            let stop = std::sync::atomic::AtomicBool::new(false);
            let moves = review::review(
                game,
                budget(time_ms, None)?,
                review::Marks::DEFAULT,
                &stop,
                |_, _| {},
            )
            .map_err(|e| e.to_string())?;
            writeln!(out, "review {} ({} moves)", entry.name(), moves.len()).map_err(write_err)?;
            for line in review_lines(entry, &moves) {
                writeln!(out, "{line}").map_err(write_err)?;
            }
        }
        Command::Selfplay {
            game: game_name,
            a,
            b,
            time_ms,
            a_time_ms,
            b_time_ms,
            a_depth,
            b_depth,
            games,
            seed,
        } => {
            let entry = game(&game_name)?;
            let (setup, _) = given_settings(entry, name, sub)?;
            let values = setup.resolve(&mut StdRng::seed_from_u64(seed));
            let settings = Settings::of(entry.settings(), &values);
            let sides = [
                Contestant {
                    level: level(a)?,
                    budget: budget(a_time_ms.or(time_ms), a_depth)?,
                },
                Contestant {
                    level: level(b)?,
                    budget: budget(b_time_ms.or(time_ms), b_depth)?,
                },
            ];
            let result = entry.play_match(&settings, sides, games, seed)?;
            writeln!(
                out,
                "a_wins {} b_wins {} draws {}",
                result.a_wins, result.b_wins, result.draws
            )
            .map_err(write_err)?;
            // The slowest single move of each side, for checking the time budgets.
            writeln!(
                err,
                "max_move_ms a {} b {} first_mover_wins {}",
                result.slowest[0].as_millis(),
                result.slowest[1].as_millis(),
                result.first_mover_wins
            )
            .map_err(write_err)?;
        }
        Command::Legality {
            game: game_name,
            games,
            seed,
            cap_ms,
        } => {
            let entry = game(&game_name)?;
            let (setup, _) = given_settings(entry, name, sub)?;
            let values = setup.resolve(&mut StdRng::seed_from_u64(seed));
            let settings = Settings::of(entry.settings(), &values);
            let cap = cap_ms.map(Duration::from_millis);
            let report = entry.legality(&settings, games, seed, cap)?;
            writeln!(
                out,
                "games {} moves {} illegal {}",
                report.games,
                report.moves,
                report.illegal.len()
            )
            .map_err(write_err)?;
            for (i, (&moves, slowest)) in report
                .moves_per_level
                .iter()
                .zip(report.slowest)
                .enumerate()
            {
                let level = level(i as u8 + 1)?;
                let budget = match (entry.level_time(level), cap) {
                    (Some(time), Some(cap)) if time > cap => {
                        format!("{} ms (capped from {})", cap.as_millis(), time.as_millis())
                    }
                    (Some(time), _) => format!("{} ms", time.as_millis()),
                    (None, _) => "none (fixed depth or rule)".to_owned(),
                };
                writeln!(
                    out,
                    "level {level}: moves {moves} slowest {} ms budget {budget}",
                    slowest.as_millis()
                )
                .map_err(write_err)?;
            }
            for line in &report.illegal {
                writeln!(out, "illegal: {line}").map_err(write_err)?;
            }
            if !report.illegal.is_empty() {
                return Err(format!("{} illegal moves", report.illegal.len()));
            }
        }
    }
    Ok(())
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
    fn settings_are_flags_or_set_and_checked_by_the_game() {
        let (code, out, _) = cli(&["--help"]);
        assert_eq!(code, 0);
        for subcommand in ["bestmove", "selfplay", "legality", "match"] {
            assert!(out.contains(subcommand), "{out}");
        }
        let (code, out, _) = cli(&["selfplay", "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("--rule <WORD>"), "{out}");
        assert!(out.contains("renju (Black: exactly five"), "{out}");
        assert!(out.contains("--set <KEY=VALUE>"), "{out}");
        // selfplay's --seed is the match's: the dice seed is only --set.
        assert!(!out.contains("Dice seed"), "{out}");
        for (args, why) in [
            (
                "selfplay tictactoe --a 1 --b 1 --games 1 --size 10x10",
                "tictactoe has no setting 'size' (it has none)",
            ),
            (
                "selfplay gomoku --a 1 --b 1 --games 1 --set colour=red",
                "gomoku has no setting 'colour' (its settings: size, rule, opening)",
            ),
            (
                "selfplay gomoku --a 1 --b 1 --games 1 --set rule=caro",
                "rule 'caro' is not one of freestyle, standard, renju",
            ),
            (
                "selfplay gomoku --a 1 --b 1 --games 1 --set rule",
                "not KEY=VALUE",
            ),
            ("bestmove gomoku 15x15 --rule caro", "'caro' is not one of"),
            (
                "bestmove gomoku 15x15:h8 --size 12x12",
                "the position is 15x15",
            ),
        ] {
            let (code, out, err) = cli(&args.split_whitespace().collect::<Vec<_>>());
            assert_eq!((code, out.as_str()), (2, ""), "{args}");
            assert_eq!(err.lines().count(), 1, "{args}: {err}");
            assert!(err.contains(why), "{args}: {err}");
        }
        // The same setting as a flag or with --set.
        let flag = cli(&[
            "bestmove",
            "gomoku",
            "15x15:h8,h9",
            "--level",
            "1",
            "--rule",
            "renju",
        ]);
        let set = cli(&[
            "bestmove",
            "gomoku",
            "15x15:h8,h9",
            "--level",
            "1",
            "--set",
            "RULE=Renju",
        ]);
        assert_eq!(flag, set);
        assert_eq!(flag.0, 0, "{flag:?}");
        let (code, out, err) = cli(&[
            "selfplay",
            "knucklebones",
            "--a",
            "1",
            "--b",
            "1",
            "--games",
            "2",
            "--set",
            "seed=5",
            "--set",
            "starts=random",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("a_wins "), "{out}");
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
            use crate::rules::tictactoe::TicTacToe;
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
    fn connectfour_bestmove_solves_and_gives_the_distance() {
        for (position, best, value) in [
            ("121212", "1", "win in 1"),            // Red's fourth disc in column 1
            ("2737", "4", "win in 2"),              // d1 makes two threats at once
            ("27374", "", "loss in 1"),             // Yellow can stop only one of them
            ("1116514573572131624422655", "4", ""), // Yellow must block column 4
        ] {
            let (code, out, err) = cli(&["bestmove", "connectfour", position]);
            assert_eq!((code, err.as_str()), (0, ""), "{position}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 2, "{out}");
            let column = lines[0].strip_prefix("bestmove ").unwrap();
            assert!(best.is_empty() || column == best, "{position}: {out}");
            assert!(("1"..="7").contains(&column), "{out}");
            assert!(
                value.is_empty() || lines[1] == format!("value {value}"),
                "{out}"
            );
        }
        for level in ["1", "2", "3", "4"] {
            let args = ["bestmove", "connectfour", "4453", "--level", level];
            let (code, out, _) = cli(&args);
            assert_eq!(code, 0);
            assert!(out.starts_with("bestmove "), "{out}");
            assert_eq!(cli(&args).1, out, "the same question, the same answer");
        }
        // Out of time, the search of level 4 answers, without a value (a position
        // off the book's lines, which takes the solver long); from the book, the
        // value comes at once.
        let (code, out, _) = cli(&["bestmove", "connectfour", "1234567", "--time-ms", "5"]);
        assert_eq!((code, out.lines().count()), (0, 1), "{out}");
        let (code, out, _) = cli(&["bestmove", "connectfour", "4", "--time-ms", "5"]);
        assert_eq!((code, out.lines().count()), (0, 2), "{out}");
        for bad in ["8", "40", "x", "1111111", "12121212", "4 4"] {
            let (code, out, err) = cli(&["bestmove", "connectfour", bad]);
            assert_eq!(code, 2, "{bad}");
            assert!(out.is_empty());
            assert_eq!(err.lines().count(), 1, "{bad}: {err}");
        }
    }

    /// `text` as a file of its own, for one test.
    fn saved(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("tabletop-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn review_prints_each_move_with_its_values_and_marks_for_every_game() {
        let ttt = saved(
            "ttt.txt",
            "game tictactoe\nx human\no human\nmoves b2 a2 a1 c3 c1\n",
        );
        let (code, out, _) = cli(&["review", ttt.to_str().unwrap()]);
        assert_eq!(code, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "review tictactoe (5 moves)");
        assert_eq!(lines[1], "1. X b2  draw -> draw");
        assert_eq!(lines[2], "2. O a2  draw -> loss in 5  blunder (best c3)");
        assert!(lines[3..].iter().all(|l| !l.contains("blunder")), "{out}");
        let files = [
            "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite human\nmoves h8 i9 h9 h10\n",
            "game knucklebones\nseed 42\nstarts p1\np1 human\np2 human\nmoves 1 3 2 2\n",
            "game connectfour\nred human\nyellow human\nmoves a\n",
        ];
        for (i, text) in files.into_iter().enumerate() {
            let file = saved(&format!("{i}.txt"), text);
            let (code, out, err) = cli(&["review", file.to_str().unwrap(), "--time-ms", "30"]);
            assert_eq!(code, 0, "{text}: {err}");
            assert_eq!(
                out.lines().count(),
                1 + text
                    .split("moves ")
                    .nth(1)
                    .unwrap()
                    .split_whitespace()
                    .count(),
                "{out}"
            );
            let _ = std::fs::remove_file(file);
        }
        // Gomocup's record: h8, then 9,7 (i9, y from the top).
        let psq = saved("record.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n");
        let (code, out, err) = cli(&["review", psq.to_str().unwrap(), "--time-ms", "30"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().next(), Some("review gomoku (2 moves)"));
        assert!(
            out.lines().nth(2).unwrap().starts_with("2. White i9 "),
            "{out}"
        );
        let _ = std::fs::remove_file(psq);
        let _ = std::fs::remove_file(ttt);
        let (code, _, err) = cli(&["review", "/no/such/file"]);
        assert_eq!(code, 2);
        assert!(err.contains("cannot read"), "{err}");
    }

    #[test]
    fn connectfour_selfplay_tallies() {
        let (code, out, _) = cli(&[
            "selfplay",
            "connectfour",
            "--a",
            "4",
            "--b",
            "1",
            "--games",
            "10",
            "--seed",
            "2",
        ]);
        assert_eq!(code, 0);
        let numbers: Vec<u32> = out
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(numbers.iter().sum::<u32>(), 10, "{out}");
        assert!(numbers[0] >= 9, "level 4 beats random play: {out}");
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
        // A third 4 in column 1 scores 36: the short search takes it (level 5, deeper,
        // sees that a 4 of p2's would knock all three out, and plays column 3 opposite
        // p2's full column, where nothing can be knocked out).
        let (code, out, _) = cli(&["bestmove", "knucklebones", position, "--level", "3"]);
        assert_eq!(code, 0);
        assert!(out.starts_with("bestmove 1\nvalue "), "{out}");
        let value: f64 = out.lines().nth(1).unwrap()[6..].parse().unwrap();
        assert!((-1.2..=1.2).contains(&value));
        let (code, out, _) = cli(&["bestmove", "knucklebones", position, "--time-ms", "20"]);
        assert_eq!((code, out.lines().count()), (0, 2), "{out}");
    }

    #[test]
    fn legality_plays_every_level_and_finds_no_illegal_move() {
        for (game, games, cap) in [
            ("tictactoe", "200", "5"),
            ("knucklebones", "40", "5"),
            ("gomoku", "2", "20"),
        ] {
            let args = [
                "legality", game, "--games", games, "--seed", "5", "--cap-ms", cap,
            ];
            let (code, out, err) = cli(&args);
            assert_eq!(code, 0, "{game}: {err}");
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 6, "{out}");
            assert!(
                lines[0].starts_with(&format!("games {games} moves ")),
                "{out}"
            );
            assert!(lines[0].ends_with(" illegal 0"), "{out}");
            let moves: Vec<u64> = lines[1..]
                .iter()
                .map(|line| line.split_whitespace().nth(3).unwrap().parse().unwrap())
                .collect();
            let total: u64 = lines[0].split_whitespace().nth(3).unwrap().parse().unwrap();
            assert_eq!(moves.iter().sum::<u64>(), total, "{out}");
            if game != "gomoku" {
                assert!(moves.iter().all(|&m| m > 0), "every level played: {out}");
            }
        }
        let (code, out, _) = cli(&["legality", "knucklebones", "--games", "1", "--cap-ms", "5"]);
        assert_eq!(code, 0);
        assert!(out.contains("level 5: moves "), "{out}");
        assert!(out.contains("budget 5 ms (capped from 1000)"), "{out}");
        assert!(out.contains("level 1: moves "), "{out}");
        assert!(out.contains("budget none"), "{out}");
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
