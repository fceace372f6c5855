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
use clap::{Parser, ValueEnum};
use tabletop::app::gomoku::GomokuSettings;
use tabletop::app::knucklebones::{KnucklebonesSettings, Starter};
use tabletop::app::table::{SavePath, kind_of, put_on_hold, read_game};
use tabletop::app::{GameKind, Players, Screen};
use tabletop::record::GameRecord;
use tabletop::record::PlayerKind;
use tabletop::rules::gomoku::{BoardSize, Rule};

/// Tabletop: classic board games in 3D. Without flags the game opens on its menu;
/// with any of them it starts straight into a game.
#[derive(Parser, Debug)]
#[command(name = "tabletop", version)]
struct Args {
    /// The game to play.
    #[arg(long, value_enum)]
    game: Option<GameArg>,
    /// Gomoku board size, WIDTHxHEIGHT, each 10 to 20 [default: 15x15].
    #[arg(long, value_name = "WxH")]
    size: Option<BoardSize>,
    /// Gomoku rule: freestyle (five or more wins) or standard (exactly five)
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
    /// Log frame times every few seconds, split into frames while an AI thinks and
    /// idle frames (Bevy's frame-time diagnostics).
    #[arg(long)]
    frame_times: bool,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GameArg {
    /// Five in a row on a 10x10 to 20x20 board.
    Gomoku,
    /// Three in a row on 3x3.
    Tictactoe,
    /// The dice game: two trays of 3x3, matching dice knock each other out.
    Knucklebones,
}

impl From<GameArg> for GameKind {
    fn from(game: GameArg) -> Self {
        match game {
            GameArg::Gomoku => GameKind::Gomoku,
            GameArg::Tictactoe => GameKind::TicTacToe,
            GameArg::Knucklebones => GameKind::Knucklebones,
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
    run(args, None)
}

/// In a browser: the flags come from the address; bad ones cannot end the page, so
/// they are logged (to the console) and the game opens on its menu.
#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    match Args::try_parse_from(tabletop::app::web::query_args()) {
        Ok(args) => run(args, None),
        Err(e) => run(Args::parse_from(["tabletop"]), Some(one_line(&e))),
    }
}

/// Runs the game as `args` say; `problem` is logged once the logger is up.
fn run(args: Args, mut problem: Option<String>) -> ExitCode {
    let straight_in = args.game.is_some()
        || args.size.is_some()
        || args.rule.is_some()
        || args.black.is_some()
        || args.white.is_some()
        || args.seed.is_some()
        || args.starts.is_some()
        || args.load.is_some();

    let mut settings = GomokuSettings::default();
    let mut players = Players::default();
    let mut kind = args.game.map(GameKind::from).unwrap_or_default();
    let mut pending = None;
    if let Some(path) = &args.load {
        match read_game(path) {
            Ok(saved) => {
                if let GameRecord::Gomoku(game) = &saved.game {
                    settings = GomokuSettings::of(game);
                }
                players.0 = saved.seats;
                kind = kind_of(&saved.game);
                pending = Some(saved.game);
            }
            Err(why) if cfg!(target_arch = "wasm32") => problem = Some(format!("error: {why}")),
            Err(why) => {
                eprintln!("error: {why}");
                return ExitCode::from(2);
            }
        }
    }
    settings.size = args.size.unwrap_or(settings.size);
    settings.rule = args.rule.unwrap_or(settings.rule);
    players.first = args.black.unwrap_or(players.first);
    players.second = args.white.unwrap_or(players.second);

    let dice = KnucklebonesSettings {
        seed: args.seed,
        starter: match args.starts {
            None | Some(StarterArg::P1) => Starter::First,
            Some(StarterArg::P2) => Starter::Second,
            Some(StarterArg::Random) => Starter::Random,
        },
    };
    // Dice flags alone mean the dice game.
    if args.game.is_none() && args.load.is_none() && (args.seed.is_some() || args.starts.is_some())
    {
        kind = GameKind::Knucklebones;
    }

    let mut app = App::new();
    app.add_plugins(tabletop::app::plugin)
        .insert_resource(settings)
        .insert_resource(dice)
        .insert_resource(players);
    if let Some(problem) = problem {
        app.add_systems(Startup, move || error!("{problem}"));
    }
    if args.frame_times {
        app.add_plugins(tabletop::app::frame_times::plugin);
    }
    if let Some(path) = args.load {
        app.insert_resource(SavePath(path.display().to_string()));
    }
    if let Some(pending) = pending {
        put_on_hold(pending, app.world_mut());
    }
    if straight_in {
        // After Startup, once the shared meshes and materials exist.
        app.add_systems(
            Startup,
            move |mut screen: ResMut<NextState<Screen>>, mut game: ResMut<NextState<GameKind>>| {
                game.set(kind);
                screen.set(Screen::Playing);
            },
        );
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
        assert_eq!(args.game, Some(GameArg::Gomoku));
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
            ("--rule", "renju", "unknown rule"),
            ("--black", "ai:7", "expected human or ai:1"),
            ("--game", "chess", "invalid value 'chess'"),
        ] {
            let err = Args::try_parse_from(["tabletop", flag, value]).unwrap_err();
            let first = err.to_string();
            let first = first.lines().next().unwrap();
            assert!(first.contains(reason), "{flag} {value}: {first}");
            assert_eq!(err.exit_code(), 2);
        }
        assert!(Args::try_parse_from(["tabletop", "--colour", "red"]).is_err());
        assert!(Args::try_parse_from(["tabletop", "--load", "a.txt", "--size", "15x15"]).is_err());
    }
}
