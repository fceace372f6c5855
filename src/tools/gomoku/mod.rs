//! Gomoku's tools: the Gomocup (Piskvork) engine protocol that `pbrain-tabletop`
//! speaks ([`gomocup`]), and `tabletop-cli match`, a match manager for Gomocup
//! engine programs that judges every move by Tabletop's rules ([`manager`]).

pub mod gomocup;
pub mod manager;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, FromArgMatches};

use self::manager::{Ending, MatchSpec};
use super::GameCommand;
use crate::rules::gomoku::{BoardSize, Gomoku, GomokuError, Rule, psq};

/// The subcommands Gomoku adds to `tabletop-cli`.
pub const COMMANDS: [GameCommand; 1] = [GameCommand {
    command: match_command,
    run: run_match,
}];

/// `tabletop-cli match`: its arguments.
#[derive(Debug, Args)]
struct MatchArgs {
    /// Engine A's command line (run by `sh -c`).
    #[arg(long)]
    engine_a: String,
    /// Engine B's command line.
    #[arg(long)]
    engine_b: String,
    /// An extra `INFO` line for engine A, e.g. `"thread_num 1"` (repeatable).
    #[arg(long)]
    info_a: Vec<String>,
    /// An extra `INFO` line for engine B (repeatable).
    #[arg(long)]
    info_b: Vec<String>,
    /// Number of games; colours swap after each, each pair from the next opening.
    #[arg(long, default_value_t = 2)]
    games: u32,
    /// Board size, WxH.
    #[arg(long, default_value = "15x15")]
    size: String,
    /// Rule: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Time per move in milliseconds.
    #[arg(long, default_value_t = 500)]
    time_ms: u64,
    /// How late a move may come before it loses, in milliseconds.
    #[arg(long, default_value_t = 100)]
    tolerance_ms: u64,
    /// Extra time for each engine's start and first move of a game.
    #[arg(long, default_value_t = 3000)]
    first_move_grace_ms: u64,
    /// Open each game by swap2 (`SWAP2BOARD` to the engines): the engine due to
    /// play Black puts three stones, the other chooses, the colours follow.
    #[arg(long)]
    swap2: bool,
    /// Each engine's time for a whole game in milliseconds (Gomocup's
    /// `timeout_match`, with `time_left` before each move; 0: no match clock).
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// Openings, one a line, as `h8i9j10` (default: the empty board).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Also write each game as a Gomocup record, `DIR/game-001.psq` and on.
    #[arg(long, value_name = "DIR")]
    psq: Option<PathBuf>,
}

/// Each game of a match as `dir/game-NNN.psq`, numbered from 1 as the log numbers
/// them.
fn write_records(
    dir: &std::path::Path,
    results: &[manager::GameResult],
    size: BoardSize,
    rule: Rule,
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    for (i, result) in results.iter().enumerate() {
        let game = Gomoku::from_moves(size, rule, result.moves.iter().copied())
            .map_err(|e| format!("game {}: {e}", i + 1))?;
        let path = dir.join(format!("game-{:03}.psq", i + 1));
        std::fs::write(&path, psq::write(&game)?)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn match_command() -> clap::Command {
    MatchArgs::augment_args(clap::Command::new("match").about(
        "A Gomocup match between two engine programs, every move judged by Tabletop's \
         rules (renju's forbidden points too): a line per game, then `a_wins X b_wins Y \
         draws Z` last",
    ))
}

fn run_match(
    matches: &clap::ArgMatches,
    out: &mut dyn Write,
    _: &mut dyn Write,
) -> Result<(), String> {
    let args = MatchArgs::from_arg_matches(matches).map_err(|e| e.to_string())?;
    let write_err = |e: std::io::Error| e.to_string();
    let size: BoardSize = args.size.parse().map_err(|e: GomokuError| e.to_string())?;
    let rule: Rule = args.rule.parse().map_err(|e: GomokuError| e.to_string())?;
    let openings = match args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            manager::parse_openings(&text, size, rule)?
        }
        None => vec![Vec::new()],
    };
    let spec = MatchSpec {
        engines: [args.engine_a, args.engine_b],
        infos: [args.info_a, args.info_b],
        games: args.games,
        size,
        rule,
        turn: Duration::from_millis(args.time_ms),
        tolerance: Duration::from_millis(args.tolerance_ms),
        first_move_grace: Duration::from_millis(args.first_move_grace_ms),
        match_time: (args.match_ms > 0).then(|| Duration::from_millis(args.match_ms)),
        swap2: args.swap2,
        openings,
    };
    let (results, stats) = manager::play_match(&spec, &mut &mut *out).map_err(write_err)?;
    if let Some(dir) = &args.psq {
        write_records(dir, &results, size, rule)?;
        writeln!(out, "records: {} games in {}", results.len(), dir.display())
            .map_err(write_err)?;
    }
    for (name, stat) in ["A", "B"].iter().zip(&stats) {
        let avg = stat.total.as_millis() / u128::from(stat.moves.max(1));
        let rss = stat
            .peak_rss_kib
            .map_or("unknown".to_owned(), |kib| format!("{} MiB", kib / 1024));
        let clock = stat.least_left.map_or(String::new(), |left| {
            format!(", least time left at a game's end {} ms", left.as_millis())
        });
        writeln!(
            out,
            "{name}: {} moves, avg {avg} ms, max {} ms, peak RSS {rss}{clock}",
            stat.moves,
            stat.slowest.as_millis()
        )
        .map_err(write_err)?;
    }
    let mut reasons = BTreeMap::<String, u32>::new();
    for r in &results {
        let who = r.winner.map_or("", |w| if w == 0 { "A " } else { "B " });
        let why = match &r.ending {
            Ending::Five => "five",
            Ending::Draw => "draw",
            Ending::Illegal(_) => "illegal move by the loser",
            Ending::Timeout => "time-out of the loser",
            Ending::Crash(_) => "crash of the loser",
        };
        *reasons.entry(format!("{who}{why}")).or_default() += 1;
    }
    let reasons: Vec<String> = reasons.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    writeln!(out, "reasons: {}", reasons.join(", ")).map_err(write_err)?;
    let count = |w: Option<usize>| results.iter().filter(|r| r.winner == w).count();
    writeln!(
        out,
        "a_wins {} b_wins {} draws {}",
        count(Some(0)),
        count(Some(1)),
        count(None)
    )
    .map_err(write_err)?;
    Ok(())
}
