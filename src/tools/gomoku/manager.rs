//! `tabletop-cli match`: a Gomocup match manager that judges every move with
//! Tabletop's own rules, renju's forbidden points included (the usual managers treat
//! rule 4 as free-style and never check them).
//!
//! Two engine commands play `games` games, colours swapped after every game, each pair
//! from the next opening of a file. Each game starts both engines afresh (`START`, the
//! `INFO` lines, then `BEGIN`, or `BOARD` with the opening); a move that is off the
//! board, on a stone, forbidden, later than the turn's time (plus a tolerance), a
//! crash or a line that is no move loses the game for its engine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::rules::gomoku::{BoardSize, Gomoku, Point, Rule, Status};
use crate::rules::{Game, Player};

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// The two engines' command lines (run by `sh -c`).
    pub engines: [String; 2],
    /// Extra `INFO key value` lines for each engine.
    pub infos: [Vec<String>; 2],
    /// Games in all.
    pub games: u32,
    /// Board and rule.
    pub size: BoardSize,
    pub rule: Rule,
    /// Time per move, and how late a move may come before it loses.
    pub turn: Duration,
    pub tolerance: Duration,
    /// Extra time for an engine's first answer of a game (it may load tables).
    pub first_move_grace: Duration,
    /// Each engine's time for a whole game (Gomocup's `timeout_match`), if the
    /// match has a clock: sent as `time_left` before each move, and a move that
    /// runs past what is left (and the tolerance) loses on time.
    pub match_time: Option<Duration>,
    /// Openings, each a list of moves from Black; `[[]]` for the empty board.
    pub openings: Vec<Vec<Point>>,
    /// Open each game by swap2 (Gomocup's `SWAP2BOARD`), on the empty board: the
    /// engine scheduled as Black puts three stones, the other chooses, and the
    /// colours follow the engines' choices.
    pub swap2: bool,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A winning row.
    Five,
    /// The board filled (or Black had no legal point).
    Draw,
    /// The loser's move was refused by the rules (forbidden points too).
    Illegal(String),
    /// The loser answered too late.
    Timeout,
    /// The loser's process ended or wrote something that is no move.
    Crash(String),
}

/// One game's result: the winner (engine 0 or 1) and how it ended.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The engine that played Black (after a swap2 opening, the one that chose it).
    pub black: usize,
    pub winner: Option<usize>,
    pub ending: Ending,
    pub moves: Vec<Point>,
}

/// Per-engine timings over a match.
#[derive(Clone, Debug, Default)]
pub struct EngineStats {
    pub moves: u32,
    pub total: Duration,
    pub slowest: Duration,
    /// Peak resident memory of the engine process, where the system tells it.
    pub peak_rss_kib: Option<u64>,
    /// With a match clock, the least time it had left at the end of a game.
    pub least_left: Option<Duration>,
}

/// Reads an openings file: one opening per line, moves as `h8i9j10` (or separated by
/// spaces or commas); `#` starts a comment. Every opening must be legal on the board.
pub fn parse_openings(text: &str, size: BoardSize, rule: Rule) -> Result<Vec<Vec<Point>>, String> {
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| format!("openings line {}: {why}", n + 1);
        let mut moves = Vec::new();
        let mut rest = line;
        while !rest.is_empty() {
            rest = rest.trim_start_matches([' ', ',', '\t']);
            if rest.is_empty() {
                break;
            }
            let letters = rest
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(rest.len());
            let digits = rest[letters..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |d| letters + d);
            if letters == 0 || digits == letters {
                return Err(bad(format!("'{rest}' is not a move like h8")));
            }
            moves.push(
                size.parse_point(&rest[..digits])
                    .map_err(|e| bad(e.to_string()))?,
            );
            rest = &rest[digits..];
        }
        Gomoku::from_moves(size, rule, moves.iter().copied()).map_err(|e| bad(e.to_string()))?;
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err("the openings file holds no opening".to_owned());
    }
    Ok(openings)
}

/// A running engine: its input, and its output lines as they come.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(command: &str) -> Result<Self, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let input = child.stdin.take().ok_or("no engine input")?;
        let output = child.stdout.take().ok_or("no engine output")?;
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            input,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("engine input closed: {e}"))
    }

    /// The next line that is not `MESSAGE`/`DEBUG`, before `deadline`.
    fn answer(&mut self, deadline: Instant) -> Result<String, Ending> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim().to_owned();
                    let word = line.split_whitespace().next().unwrap_or("");
                    if line.is_empty() || matches!(word, "MESSAGE" | "DEBUG" | "UNKNOWN") {
                        continue;
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(Ending::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Ending::Crash("the engine exited".to_owned()));
                }
            }
        }
    }

    /// Peak resident memory so far (Linux: `VmHWM`).
    fn peak_rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    }

    /// Asks the engine to end, and makes sure it does.
    fn end(mut self) {
        let _ = self.send("END");
        let deadline = Instant::now() + Duration::from_millis(300);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads a Gomocup move `x,y` that lies on the board (the rules judge the rest).
fn parse_move(line: &str, size: BoardSize) -> Option<Point> {
    let (x, y) = line.split_once(',')?;
    let (x, y): (i32, i32) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
    size.contains(x, y).then(|| Point::new(x as u8, y as u8))
}

/// Plays one game: `black` is the index of the engine with Black.
fn play_game(
    spec: &MatchSpec,
    scheduled_black: usize,
    opening: &[Point],
    stats: &mut [EngineStats; 2],
) -> GameResult {
    let mut game = Gomoku::from_moves(spec.size, spec.rule, opening.iter().copied())
        .expect("openings are checked when read");
    let mut black = scheduled_black;
    let result = |black: usize, winner: Option<usize>, ending: Ending, game: &Gomoku| GameResult {
        black,
        winner,
        ending,
        moves: game.moves().to_vec(),
    };
    let mut engines: Vec<Engine> = Vec::new();
    for (i, command) in spec.engines.iter().enumerate() {
        match Engine::start(command) {
            Ok(engine) => engines.push(engine),
            Err(why) => {
                engines.into_iter().for_each(Engine::end);
                return result(black, Some(1 - i), Ending::Crash(why), &game);
            }
        }
    }
    // START, the settings, and an OK for each.
    let start = if spec.size.width() == spec.size.height() {
        format!("START {}", spec.size.width())
    } else {
        format!("RECTSTART {},{}", spec.size.width(), spec.size.height())
    };
    for (i, engine) in engines.iter_mut().enumerate() {
        let mut lines = vec![
            format!("INFO timeout_turn {}", spec.turn.as_millis()),
            format!(
                "INFO timeout_match {}",
                spec.match_time.map_or(0, |t| t.as_millis())
            ),
            format!("INFO rule {}", spec.rule.gomocup()),
            "INFO game_type 1".to_owned(),
        ];
        lines.extend(spec.infos[i].iter().map(|info| format!("INFO {info}")));
        lines.push(start.clone());
        let started = lines
            .iter()
            .try_for_each(|l| engine.send(l))
            .map_err(Ending::Crash)
            .and_then(|()| engine.answer(Instant::now() + spec.first_move_grace + spec.turn));
        match started {
            Ok(ok) if ok.starts_with("OK") => {}
            Ok(other) => {
                engines.into_iter().for_each(Engine::end);
                return result(
                    black,
                    Some(1 - i),
                    Ending::Crash(format!("START answered '{other}'")),
                    &game,
                );
            }
            Err(ending) => {
                engines.into_iter().for_each(Engine::end);
                return result(black, Some(1 - i), ending, &game);
            }
        }
    }
    if spec.swap2 && game.plies() == 0 {
        match swap2_opening(spec, &mut engines, scheduled_black, &mut game) {
            Ok(chosen) => black = chosen,
            Err((loser, ending)) => {
                engines.into_iter().for_each(Engine::end);
                return result(black, Some(1 - loser), ending, &game);
            }
        }
    }
    let engine_of = |player: Player| {
        if player == Player::First {
            black
        } else {
            1 - black
        }
    };
    let mut told = [false; 2];
    // Each engine's match clock.
    let mut left = [spec.match_time; 2];
    let ending = loop {
        if game.is_over() {
            break match game.status() {
                Status::Won { winner, .. } => (Some(engine_of(*winner)), Ending::Five),
                _ => (None, Ending::Draw),
            };
        }
        let mover = game.side_to_move();
        let e = engine_of(mover);
        let engine = &mut engines[e];
        // The first turn of each engine brings the whole position; later ones the
        // opponent's last move.
        let request = if told[e] {
            let last = game.last_move().expect("the opponent has moved");
            vec![format!("TURN {},{}", last.x, last.y)]
        } else if game.plies() == 0 {
            vec!["BEGIN".to_owned()]
        } else {
            let mut lines = vec!["BOARD".to_owned()];
            for &p in game.moves() {
                let owner = game.stone(p).expect("a played point holds a stone");
                let field = if owner == mover { 1 } else { 2 };
                lines.push(format!("{},{},{field}", p.x, p.y));
            }
            lines.push("DONE".to_owned());
            lines
        };
        let grace = if told[e] {
            Duration::ZERO
        } else {
            spec.first_move_grace
        };
        told[e] = true;
        let mut request = request;
        if let Some(left) = left[e] {
            request.insert(0, format!("INFO time_left {}", left.as_millis()));
        }
        if let Err(why) = request.iter().try_for_each(|l| engine.send(l)) {
            break (Some(1 - e), Ending::Crash(why));
        }
        let asked = Instant::now();
        let allowed = left[e].map_or(spec.turn, |left| spec.turn.min(left));
        let answer = engine.answer(asked + allowed + spec.tolerance + grace);
        let took = asked.elapsed();
        if let Some(left) = &mut left[e] {
            // The grace of a first move is not on the clock.
            *left = left.saturating_sub(took.saturating_sub(grace));
        }
        let line = match answer {
            Ok(line) => line,
            Err(ending) => break (Some(1 - e), ending),
        };
        stats[e].moves += 1;
        stats[e].total += took;
        if grace.is_zero() {
            stats[e].slowest = stats[e].slowest.max(took);
        }
        let Some(mv) = parse_move(&line, spec.size) else {
            break (Some(1 - e), Ending::Crash(format!("'{line}' is no move")));
        };
        if let Err(why) = game.play(mv) {
            break (Some(1 - e), Ending::Illegal(why.to_string()));
        }
    };
    for (i, left) in left.into_iter().enumerate() {
        if let Some(left) = left {
            stats[i].least_left = Some(stats[i].least_left.map_or(left, |l| l.min(left)));
        }
    }
    for (i, engine) in engines.into_iter().enumerate() {
        if let Some(peak) = engine.peak_rss_kib() {
            stats[i].peak_rss_kib = Some(stats[i].peak_rss_kib.unwrap_or(0).max(peak));
        }
        engine.end();
    }
    result(black, ending.0, ending.1, &game)
}

/// A step of swap2 that went wrong: the engine at fault and how its game ends.
type Fault = (usize, Ending);

/// Sends engine `e` the position as `SWAP2BOARD` (the stones in the order played,
/// each `x,y,field` as in `BOARD`) and reads its answer.
fn ask_swap2(
    spec: &MatchSpec,
    engine: &mut Engine,
    e: usize,
    game: &Gomoku,
) -> Result<String, Fault> {
    // Stones as `BOARD` gives them: 1 for the side to move, 2 for the other.
    let mover = game.side_to_move();
    let mut lines = vec!["SWAP2BOARD".to_owned()];
    lines.extend(game.moves().iter().map(|&p| {
        let field = if game.stone(p) == Some(mover) { 1 } else { 2 };
        format!("{},{},{field}", p.x, p.y)
    }));
    lines.push("DONE".to_owned());
    lines
        .iter()
        .try_for_each(|l| engine.send(l))
        .map_err(|why| (e, Ending::Crash(why)))?;
    engine
        .answer(Instant::now() + spec.first_move_grace + spec.turn + spec.tolerance)
        .map_err(|ending| (e, ending))
}

/// Puts the stones of engine `e`'s answer on the board, as many as swap2 allows
/// here (`least..=most`); how many it put.
fn place(
    spec: &MatchSpec,
    e: usize,
    game: &mut Gomoku,
    answer: &str,
    (least, most): (usize, usize),
) -> Result<usize, Fault> {
    let words: Vec<&str> = answer.split_whitespace().collect();
    if !(least..=most).contains(&words.len()) {
        return Err((
            e,
            Ending::Crash(format!("'{answer}' is not what swap2 asks for here")),
        ));
    }
    for word in &words {
        let p = parse_move(word, spec.size)
            .ok_or_else(|| (e, Ending::Crash(format!("'{word}' is no move"))))?;
        game.play(p)
            .map_err(|why| (e, Ending::Illegal(why.to_string())))?;
    }
    Ok(words.len())
}

/// Swap2 by `SWAP2BOARD`: engine `first` puts three stones; the other takes Black
/// (`SWAP`), or White with one move, or puts two more stones, after which `first`
/// takes Black (`SWAP`) or White with one move. Returns the engine with Black; the
/// side to move then plays on.
fn swap2_opening(
    spec: &MatchSpec,
    engines: &mut [Engine],
    first: usize,
    game: &mut Gomoku,
) -> Result<usize, Fault> {
    let second = 1 - first;
    let opening = ask_swap2(spec, &mut engines[first], first, game)?;
    place(spec, first, game, &opening, (3, 3))?;
    let choice = ask_swap2(spec, &mut engines[second], second, game)?;
    if choice.eq_ignore_ascii_case("SWAP") {
        return Ok(second);
    }
    if place(spec, second, game, &choice, (1, 2))? == 1 {
        return Ok(first);
    }
    let last = ask_swap2(spec, &mut engines[first], first, game)?;
    if last.eq_ignore_ascii_case("SWAP") {
        return Ok(first);
    }
    place(spec, first, game, &last, (1, 1))?;
    Ok(second)
}

/// Plays the match, printing a line per game on `log`; returns the games' results
/// and each engine's timings.
pub fn play_match(
    spec: &MatchSpec,
    log: &mut impl Write,
) -> std::io::Result<(Vec<GameResult>, [EngineStats; 2])> {
    let mut stats: [EngineStats; 2] = Default::default();
    let mut results = Vec::new();
    for g in 0..spec.games as usize {
        let black = g % 2;
        let opening = &spec.openings[(g / 2) % spec.openings.len()];
        let r = play_game(spec, black, opening, &mut stats);
        let black = r.black;
        let name = |i: usize| if i == 0 { "A" } else { "B" };
        let how = match &r.ending {
            Ending::Five => "five".to_owned(),
            Ending::Draw => "draw".to_owned(),
            Ending::Illegal(why) => format!("illegal move: {why}"),
            Ending::Timeout => "time-out".to_owned(),
            Ending::Crash(why) => format!("crash: {why}"),
        };
        let moves: Vec<String> = r.moves.iter().map(ToString::to_string).collect();
        writeln!(
            log,
            "game {}: black={} white={} opening={}, {}, {how}, {} stones: {}",
            g + 1,
            name(black),
            name(1 - black),
            if spec.swap2 && opening.is_empty() {
                "swap2".to_owned()
            } else {
                format!("{} stones", opening.len())
            },
            r.winner
                .map_or("draw".to_owned(), |w| format!("{} wins", name(w))),
            r.moves.len(),
            moves.join(" ")
        )?;
        results.push(r);
    }
    Ok((results, stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_openings_in_both_forms_and_refuses_bad_ones() {
        let size = BoardSize::STANDARD;
        let openings =
            parse_openings("h8i9j10\n# comment\n\nh8, i9 j8\n", size, Rule::FreeStyle).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].len(), 3);
        assert_eq!(openings[0][2].to_string(), "j10");
        assert_eq!(openings[1][2].to_string(), "j8");
        for bad in ["h8h8", "z99", "h8 9", "", "# only a comment"] {
            assert!(parse_openings(bad, size, Rule::FreeStyle).is_err(), "{bad}");
        }
        // An opening that makes Black play its forbidden point under renju.
        let forbidden = "g8 a1 i8 a3 h7 a5 h9 a7 h8";
        assert!(parse_openings(forbidden, size, Rule::FreeStyle).is_ok());
        let e = parse_openings(forbidden, size, Rule::Renju).unwrap_err();
        assert!(e.contains("forbidden"), "{e}");
    }

    #[test]
    fn reads_moves_on_the_board_only() {
        let size = BoardSize::STANDARD;
        assert_eq!(parse_move("7,7", size), Some(Point::new(7, 7)));
        assert_eq!(parse_move(" 0 , 14 ", size), Some(Point::new(0, 14)));
        for bad in ["15,0", "-1,3", "7", "a,b", "7,7,1", ""] {
            assert_eq!(parse_move(bad, size), None, "{bad}");
        }
    }
}
