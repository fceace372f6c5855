//! `tabletop`: the game, on the desktop and in a browser.
//!
//! With no arguments it opens on the menu. Any game flag starts straight into a game:
//! `tabletop --game gomoku --size 15x15 --rule freestyle --black human --white ai:3`,
//! or `tabletop --load game.txt`. A bad flag or value prints one line and exits with 2.
//!
//! In a browser the page address's query string gives the same flags
//! (`index.html?game=gomoku&white=ai:1&frame-times`); a bad one is logged to the
//! console and the game opens on its menu.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use clap::builder::PossibleValuesParser;
use clap::{Parser, ValueEnum};
use tabletop::app::launch::Launch;
use tabletop::app::locale::Language;
use tabletop::games::GAMES;
use tabletop::record::PlayerKind;
use tabletop::rules::gomoku::{BoardSize, Rule};

/// Tabletop: classic board games in 3D. Without flags the game opens on its menu;
/// with any of them it starts straight into a game.
#[derive(Parser, Debug)]
#[command(name = "tabletop", version)]
struct Args {
    /// The game to play.
    #[arg(long, value_parser = PossibleValuesParser::new(GAMES.iter().map(|game| game.name())))]
    game: Option<String>,
    /// Gomoku board size, WIDTHxHEIGHT, each 10 to 20 [default: 15x15].
    #[arg(long, value_name = "WxH")]
    size: Option<BoardSize>,
    /// Gomoku rule: freestyle (five or more wins), standard (exactly five) or renju
    /// (Black: exactly five, no double three, double four or overline)
    /// [default: freestyle].
    #[arg(long)]
    rule: Option<Rule>,
    /// Who plays the side that moves first (Black, X, Player 1): human, or ai:1 ..
    /// ai:5 [default: human].
    #[arg(long, value_name = "PLAYER", visible_aliases = ["x", "p1"])]
    black: Option<PlayerKind>,
    /// Who plays the other side (White, O, Player 2): human, or ai:1 .. ai:5
    /// [default: ai:3].
    #[arg(long, value_name = "PLAYER", visible_aliases = ["o", "p2"])]
    white: Option<PlayerKind>,
    /// Knucklebones dice seed (a number); without it every game gets a fresh random
    /// seed, shown in the HUD.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Knucklebones: who places the first die: p1, p2 or random [default: p1].
    #[arg(long, value_name = "WHO")]
    starts: Option<StarterArg>,
    /// Continue a saved game of any of the games (its settings, players and moves;
    /// --black and --white override its players).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "rule"])]
    load: Option<PathBuf>,
    /// Open with the analysis on: Gomoku's engine analysis, Tic-tac-toe's solved
    /// values.
    #[arg(long)]
    analysis: bool,
    /// Log frame times every few seconds, split into frames while an AI thinks and
    /// idle frames (Bevy's frame-time diagnostics).
    #[arg(long)]
    frame_times: bool,
    /// The language of the menu and the HUD: en or zh-CN (Simplified Chinese)
    /// [default: the system's, or the one last chosen in the menu].
    #[arg(long, value_name = "TAG", value_parser = parse_language)]
    language: Option<Language>,
}

fn parse_language(tag: &str) -> Result<Language, String> {
    Language::from_tag(tag).ok_or_else(|| format!("no language '{tag}' (en or zh-CN)"))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum StarterArg {
    /// Player 1.
    P1,
    /// Player 2.
    P2,
    /// A coin toss for every game.
    Random,
}

impl Args {
    /// What the flags ask of the app. The game settings go as `key value` text to the
    /// games that have them.
    fn launch(&self) -> Launch {
        let mut settings = Vec::new();
        if let Some(size) = self.size {
            settings.push(("size", size.to_string()));
        }
        if let Some(rule) = self.rule {
            settings.push(("rule", rule.to_string()));
        }
        if let Some(seed) = self.seed {
            settings.push(("seed", seed.to_string()));
        }
        if let Some(starts) = self.starts {
            let who = starts.to_possible_value().expect("no value is skipped");
            settings.push(("starts", who.get_name().to_owned()));
        }
        Launch {
            game: self.game.clone(),
            load: self.load.clone(),
            first: self.black,
            second: self.white,
            settings,
            analysis: self.analysis,
            language: self.language,
        }
    }
}

/// The first line of a clap error, with a pointer to `--help`.
fn one_line(error: &clap::Error) -> String {
    let text = error.to_string();
    let first = text.lines().next().unwrap_or("bad arguments");
    format!("{first} (see tabletop --help)")
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let args = match Args::try_parse() {
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
    let (args, mut problem) = match Args::try_parse_from(tabletop::app::web::query_args()) {
        Ok(args) => (args, None),
        Err(e) => (Args::parse_from(["tabletop"]), Some(one_line(&e))),
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
fn run(mut app: App, args: &Args) -> ExitCode {
    if args.frame_times {
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
        let args = Args::try_parse_from([
            "tabletop", "--game", "gomoku", "--size", "12x18", "--rule", "standard", "--black",
            "ai:5", "--white", "human",
        ])
        .unwrap();
        assert_eq!(args.game.as_deref(), Some("gomoku"));
        assert_eq!(args.size, Some(BoardSize::new(12, 18).unwrap()));
        assert_eq!(args.rule, Some(Rule::Standard));
        assert_eq!(args.black, PlayerKind::Ai(tabletop::ai::Level::MAX).into());
        assert_eq!(args.white, Some(PlayerKind::Human));
    }

    #[test]
    fn bad_values_are_errors_with_a_reason() {
        for (flag, value, reason) in [
            ("--size", "9x9", "width 9 is outside"),
            ("--size", "big", "not WxH"),
            ("--rule", "caro", "unknown rule"),
            ("--black", "ai:7", "expected human or ai:1"),
            ("--game", "chess", "invalid value 'chess'"),
        ] {
            let err = Args::try_parse_from(["tabletop", flag, value]).unwrap_err();
            let first = err.to_string();
            let first = first.lines().next().unwrap();
            assert!(first.contains(reason), "{flag} {value}: {first}");
            assert_eq!(err.exit_code(), 2);
        }
        let renju = Args::try_parse_from(["tabletop", "--rule", "renju", "--analysis"]).unwrap();
        assert_eq!(renju.rule, Some(Rule::Renju));
        assert!(renju.launch().analysis);
        assert!(Args::try_parse_from(["tabletop", "--colour", "red"]).is_err());
        assert!(Args::try_parse_from(["tabletop", "--load", "a.txt", "--size", "15x15"]).is_err());
    }

    #[test]
    fn flags_become_a_launch_request() {
        let args = Args::try_parse_from([
            "tabletop", "--seed", "42", "--starts", "random", "--white", "ai:5",
        ])
        .unwrap();
        let launch = args.launch();
        assert_eq!(launch.game, None);
        assert_eq!(
            launch.settings,
            [("seed", "42".to_owned()), ("starts", "random".to_owned())]
        );
        assert!(launch.straight_in());
        assert!(
            !Args::try_parse_from(["tabletop"])
                .unwrap()
                .launch()
                .straight_in()
        );
    }
}
