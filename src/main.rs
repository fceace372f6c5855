//! `tabletop`: the game, on the desktop and in a browser.
//!
//! With no arguments it opens on the menu. Any game flag starts straight into a game:
//! `tabletop --game gomoku --size 15x15 --rule freestyle --black human --white ai:3`,
//! or `tabletop --load game.txt`. The games' settings flags (`--size`, `--seed`, ...)
//! are made from their schemas ([`tabletop::flags`]). A bad flag or value prints one
//! line and exits with 2.
//!
//! In a browser the page address's query string gives the same flags
//! (`index.html?game=gomoku&white=ai:1&frame-times`); a bad one is logged to the
//! console and the game opens on its menu.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use clap::builder::PossibleValuesParser;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser};
use tabletop::app::launch::Launch;
use tabletop::app::locale::Language;
use tabletop::flags;
use tabletop::games::GAMES;
use tabletop::record::PlayerKind;

/// Tabletop: classic board games in 3D. Without flags the game opens on its menu;
/// with any of them it starts straight into a game.
#[derive(Parser, Debug)]
#[command(name = "tabletop", version)]
struct Args {
    /// The game to play.
    #[arg(long, value_parser = PossibleValuesParser::new(GAMES.iter().map(|game| game.name())))]
    game: Option<String>,
    /// Who plays the side that moves first (Black, X, Player 1): human, or ai:1 ..
    /// ai:5 [default: human].
    #[arg(long, value_name = "PLAYER", visible_aliases = ["x", "p1"])]
    black: Option<PlayerKind>,
    /// Who plays the other side (White, O, Player 2): human, or ai:1 .. ai:5
    /// [default: ai:3].
    #[arg(long, value_name = "PLAYER", visible_aliases = ["o", "p2"])]
    white: Option<PlayerKind>,
    /// Continue a saved game of any of the games (its settings, players and moves;
    /// --black and --white override its players; no settings flag goes with it).
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Open with the analysis on: Gomoku's engine analysis, Tic-tac-toe's solved
    /// values.
    #[arg(long)]
    analysis: bool,
    /// Play under a clock: minutes each + seconds added after every move (5+3), or
    /// none [default: the one last chosen in the menu, or none].
    #[arg(long, value_name = "M+S", value_parser = parse_clock)]
    clock: Option<String>,
    /// Log frame times every few seconds, split into frames while an AI thinks and
    /// idle frames (Bevy's frame-time diagnostics).
    #[arg(long)]
    frame_times: bool,
    /// The language of the menu and the HUD: en or zh-CN (Simplified Chinese)
    /// [default: the system's, or the one last chosen in the menu].
    #[arg(long, value_name = "TAG", value_parser = parse_language)]
    language: Option<Language>,
    /// The online server's WebSocket address, e.g. ws://example.org:8080/ws
    /// [default: the one last used, or ws://127.0.0.1:8080/ws; in a browser the
    /// page's own /ws].
    #[arg(long, value_name = "URL", value_parser = parse_server)]
    server: Option<String>,
    /// Your name in online games [default: the one last used].
    #[arg(long)]
    name: Option<String>,
    /// Join the online room with this code (or watch it, if both seats are taken).
    #[arg(long, value_name = "CODE", conflicts_with = "load")]
    room: Option<String>,
}

fn parse_server(url: &str) -> Result<String, String> {
    if url.starts_with("ws://") || url.starts_with("wss://") {
        Ok(url.to_owned())
    } else {
        Err(format!("'{url}' is not a ws:// or wss:// address"))
    }
}

fn parse_clock(text: &str) -> Result<String, String> {
    if text != "none" {
        text.parse::<tabletop::clocks::TimeControl>()?;
    }
    Ok(text.to_owned())
}

fn parse_language(tag: &str) -> Result<Language, String> {
    Language::from_tag(tag).ok_or_else(|| format!("no language '{tag}' (en or zh-CN)"))
}

/// The flags: [`Args`] and a flag for each setting of the games, which `--load`
/// leaves out (the file has the game's settings).
fn command() -> clap::Command {
    let settings = flags::setting_args(GAMES, &[]);
    let keys: Vec<clap::Id> = settings.iter().map(|arg| arg.get_id().clone()).collect();
    Args::command()
        .args(settings)
        .mut_arg("load", |load| load.conflicts_with_all(keys))
}

/// The flags as parsed, and the settings given.
#[derive(Debug)]
struct Parsed {
    args: Args,
    settings: Vec<(&'static str, String)>,
}

impl Parsed {
    fn from_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Self {
            args: Args::from_arg_matches(matches)?,
            settings: flags::given(matches, GAMES, &[]),
        })
    }

    /// What the flags ask of the app. The game settings go as `key value` text to the
    /// games that have them.
    fn launch(&self) -> Launch {
        let args = &self.args;
        Launch {
            game: args.game.clone(),
            load: args.load.clone(),
            first: args.black,
            second: args.white,
            settings: self.settings.clone(),
            analysis: args.analysis,
            clock: args.clock.as_deref().map(|text| text.parse().ok()),
            language: args.language,
            server: args.server.clone(),
            name: args.name.clone(),
            room: args.room.clone(),
        }
    }
}

/// Parses `argv` (the program's name first).
fn parse(
    argv: impl IntoIterator<Item = impl Into<std::ffi::OsString> + Clone>,
) -> Result<Parsed, clap::Error> {
    Parsed::from_matches(&command().try_get_matches_from(argv)?)
}

/// The first line of a clap error, with a pointer to `--help`.
fn one_line(error: &clap::Error) -> String {
    let text = error.to_string();
    let first = text.lines().next().unwrap_or("bad arguments");
    format!("{first} (see tabletop --help)")
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let args = match parse(std::env::args_os()) {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    // The file is read before a window opens: a bad one is one line, exit code 2.
    let launch = args.launch().prepare().and_then(|prepared| {
        let mut app = App::new();
        app.add_plugins(tabletop::app::plugin);
        prepared.apply(&mut app).map(|()| app)
    });
    match launch {
        Ok(app) => run(app, &args),
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::from(2)
        }
    }
}

/// In a browser: the flags come from the address; bad ones cannot end the page, so
/// they are logged (to the console) and the game opens on its menu.
#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    let (args, mut problem) = match parse(tabletop::app::web::query_args()) {
        Ok(args) => (args, None),
        Err(e) => (
            parse(["tabletop"]).expect("no flags parse"),
            Some(one_line(&e)),
        ),
    };
    let mut app = App::new();
    app.add_plugins(tabletop::app::plugin);
    if let Err(why) = args
        .launch()
        .prepare()
        .and_then(|prepared| prepared.apply(&mut app))
    {
        problem = Some(format!("error: {why}"));
    }
    if let Some(problem) = problem {
        app.add_systems(Startup, move || error!("{problem}"));
    }
    run(app, &args)
}

/// Runs the app, with the frame-time report if asked.
fn run(mut app: App, parsed: &Parsed) -> ExitCode {
    if parsed.args.frame_times {
        app.add_plugins(tabletop::app::frame_times::plugin);
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_reads() {
        let parsed = parse([
            "tabletop", "--game", "gomoku", "--size", "12X18", "--rule", "Standard", "--black",
            "ai:5", "--white", "human",
        ])
        .unwrap();
        let args = &parsed.args;
        assert_eq!(args.game.as_deref(), Some("gomoku"));
        assert_eq!(
            parsed.settings,
            [
                ("size", "12x18".to_owned()),
                ("rule", "standard".to_owned())
            ]
        );
        assert_eq!(args.black, PlayerKind::Ai(tabletop::ai::Level::MAX).into());
        assert_eq!(args.white, Some(PlayerKind::Human));
    }

    #[test]
    fn bad_values_are_errors_with_a_reason() {
        for (flag, value, reason) in [
            ("--size", "9x9", "width 9 is outside 10..=20"),
            ("--size", "big", "is not WxH"),
            (
                "--rule",
                "caro",
                "rule 'caro' is not one of freestyle, standard, renju",
            ),
            ("--seed", "many", "is not a number from 0 to"),
            ("--starts", "p3", "is not one of p1, p2, random"),
            ("--black", "ai:7", "expected human, ai:1"),
            ("--game", "chess", "invalid value 'chess'"),
        ] {
            let err = parse(["tabletop", flag, value]).unwrap_err();
            let first = err.to_string();
            let first = first.lines().next().unwrap();
            assert!(first.contains(reason), "{flag} {value}: {first}");
            assert_eq!(err.exit_code(), 2);
        }
        let renju = parse(["tabletop", "--rule", "renju", "--analysis"]).unwrap();
        assert_eq!(renju.settings, [("rule", "renju".to_owned())]);
        assert!(renju.launch().analysis);
        assert!(parse(["tabletop", "--colour", "red"]).is_err());
        for setting in ["--size", "--seed"] {
            let value = if setting == "--size" { "15x15" } else { "4" };
            assert!(parse(["tabletop", "--load", "a.txt", setting, value]).is_err());
        }
    }

    #[test]
    fn flags_become_a_launch_request() {
        let parsed = parse([
            "tabletop", "--seed", "42", "--starts", "random", "--white", "ai:5",
        ])
        .unwrap();
        let launch = parsed.launch();
        assert_eq!(launch.game, None);
        assert_eq!(
            launch.settings,
            [("seed", "42".to_owned()), ("starts", "random".to_owned())]
        );
        assert!(launch.straight_in());
        assert!(!parse(["tabletop"]).unwrap().launch().straight_in());
    }

    /// `--help` lists every game's settings under the game, with their values and
    /// defaults, from the schemas.
    #[test]
    fn help_lists_each_games_settings() {
        let help = command().render_long_help().to_string();
        for game in GAMES {
            if !game.settings().is_empty() {
                assert!(
                    help.contains(&format!("{} settings:", game.title())),
                    "{help}"
                );
            }
            for setting in game.settings() {
                assert!(help.contains(&format!("--{}", setting.key)), "{help}");
                assert!(help.contains(&setting.help_line()), "{help}");
            }
        }
    }
}
