//! The Gomocup (Piskvork) engine protocol, as a line-in, lines-out session.
//!
//! Coordinates: the protocol sends `x,y` from 0, with `y` counted from the TOP row as
//! Piskvork draws the board; [`Point`] counts rows from the bottom. The conversion
//! happens here and nowhere else: `Point { x, y: height - 1 - y }`.
//!
//! The session knows nothing of the search beyond [`Engine`] and [`Limits`].
//!
//! While it searches, the session reports each finished iteration as a `MESSAGE` line
//! (depth, evaluation or a found win, nodes, time and the principal variation) to
//! [`Session::on_message`]'s sink, and stops early when its stop flag
//! ([`Session::stop_flag`]) is set: the binary reads the input on a thread of its own
//! and sets it for `YXSTOP` (answer now with the best move so far) and `END`.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

#[cfg(test)]
use crate::ai::clock::SAFETY_MARGIN;
use crate::ai::clock::move_budget;
use crate::ai::gomoku::swap2::{self, Swap2Answer};
use crate::ai::gomoku::{Engine, Limits, Params, SearchInfo, Value};
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, Point, Rule};

/// Budget when the manager gives none.
const DEFAULT_TURN_MS: u64 = 5_000;
/// Memory used when the manager sets no limit.
const DEFAULT_MEMORY: usize = 128 << 20;
/// Memory kept back from `max_memory` for the process itself.
const PROCESS_OVERHEAD: usize = 8 << 20;

/// One engine session: the board, the manager's settings and the engine.
pub struct Session {
    game: Option<Gomoku>,
    rule: Rule,
    timeout_turn: Option<u64>,
    time_left: Option<u64>,
    max_memory: Option<usize>,
    threads: usize,
    /// Stones of a `BOARD` command being read: ours and theirs.
    board_input: Option<(Vec<Point>, Vec<Point>)>,
    /// Stones of a `SWAP2BOARD` command being read, in the order played.
    swap2_input: Option<Vec<Point>>,
    engine: Option<Engine>,
    /// The search's numbers, as `INFO tune_<name>` set them (a tuning run's).
    params: Params,
    /// Set from outside to make a running search answer at once.
    stop: Arc<AtomicBool>,
    /// Where `MESSAGE` lines go while a search runs.
    messages: Option<Box<dyn FnMut(String) + Send>>,
}

/// What the caller should do after a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `END` was received.
    Quit,
}

impl Session {
    /// A session with no board yet, searching on `threads` threads.
    #[must_use]
    pub fn new(threads: usize) -> Self {
        Self {
            game: None,
            rule: Rule::FreeStyle,
            timeout_turn: None,
            time_left: None,
            max_memory: None,
            threads: threads.max(1),
            board_input: None,
            swap2_input: None,
            engine: None,
            params: Params::default(),
            stop: Arc::new(AtomicBool::new(false)),
            messages: None,
        }
    }

    /// The flag that stops a running search (it then answers with its best move so
    /// far). The session never clears it: whoever sets it clears it before the next
    /// command that should search in full.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Sends the `MESSAGE` lines of every search to `sink` as they come (the binary
    /// prints them at once).
    pub fn on_message(&mut self, sink: impl FnMut(String) + Send + 'static) {
        self.messages = Some(Box::new(sink));
    }

    /// Handles one input line, pushing the replies (without newlines) onto `out`.
    pub fn handle(&mut self, line: &str, out: &mut Vec<String>) -> Flow {
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        if self.board_input.is_some() {
            self.board_line(line, out);
            return Flow::Continue;
        }
        if self.swap2_input.is_some() {
            self.swap2_line(line, out);
            return Flow::Continue;
        }
        let (command, args) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, a)| (c, a.trim()));
        let reply = match command.to_ascii_uppercase().as_str() {
            "START" => self.start(args),
            "RECTSTART" => self.rectstart(args),
            "RESTART" => self.restart(),
            "BEGIN" => self.begin(),
            "TURN" => self.turn(args),
            "BOARD" => self.board_start(),
            "SWAP2BOARD" => self.swap2_start(),
            "TAKEBACK" => self.takeback(args),
            "INFO" => self.info(args),
            "ABOUT" => Ok(Some(
                "name=\"tabletop\", version=\"0.1.0\", author=\"Tabletop\", country=\"-\""
                    .to_owned(),
            )),
            "END" => return Flow::Quit,
            // Yixin-Board's stop: a search in progress answers at once (the binary
            // sets the stop flag as the line arrives); with none, nothing to do.
            "YXSTOP" | "STOP" => Ok(None),
            _ => Ok(Some(format!("UNKNOWN {command}"))),
        };
        match reply {
            Ok(Some(text)) => out.push(text),
            Ok(None) => {}
            Err(reason) => out.push(format!("ERROR {reason}")),
        }
        Flow::Continue
    }

    fn start(&mut self, args: &str) -> Result<Option<String>, String> {
        let side: u8 = args
            .parse()
            .map_err(|_| format!("START needs a board size, got '{args}'"))?;
        self.new_game(side, side)
    }

    fn rectstart(&mut self, args: &str) -> Result<Option<String>, String> {
        let (w, h) = args
            .split_once(',')
            .ok_or_else(|| format!("RECTSTART needs width,height, got '{args}'"))?;
        let parse = |s: &str| {
            s.trim()
                .parse::<u8>()
                .map_err(|_| format!("RECTSTART needs width,height, got '{args}'"))
        };
        self.new_game(parse(w)?, parse(h)?)
    }

    fn new_game(&mut self, width: u8, height: u8) -> Result<Option<String>, String> {
        let size = BoardSize::new(width, height).map_err(|e| e.to_string())?;
        self.game = Some(Gomoku::new(size, self.rule));
        Ok(Some("OK".to_owned()))
    }

    fn restart(&mut self) -> Result<Option<String>, String> {
        let game = self.game.as_mut().ok_or("RESTART before START")?;
        *game = Gomoku::new(game.size(), game.rule());
        Ok(Some("OK".to_owned()))
    }

    fn game(&mut self) -> Result<&mut Gomoku, String> {
        self.game
            .as_mut()
            .ok_or_else(|| "no board yet: send START first".to_owned())
    }

    fn begin(&mut self) -> Result<Option<String>, String> {
        if self.game()?.stones() > 0 {
            return Err("BEGIN on a board that already has stones".to_owned());
        }
        self.think().map(Some)
    }

    fn turn(&mut self, args: &str) -> Result<Option<String>, String> {
        let game = self.game()?;
        let p = parse_xy(args, game.size())?;
        game.play(p).map_err(|e| e.to_string())?;
        if game.is_over() {
            return Err("the game is over".to_owned());
        }
        self.think().map(Some)
    }

    fn board_start(&mut self) -> Result<Option<String>, String> {
        self.game()?;
        self.board_input = Some((Vec::new(), Vec::new()));
        Ok(None)
    }

    fn board_line(&mut self, line: &str, out: &mut Vec<String>) {
        if line.eq_ignore_ascii_case("DONE") {
            let (ours, theirs) = self.board_input.take().unwrap_or_default();
            match self.set_board(&ours, &theirs).and_then(|()| self.think()) {
                Ok(reply) => out.push(reply),
                Err(reason) => out.push(format!("ERROR {reason}")),
            }
            return;
        }
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let size = game.size();
        let parsed = line.rsplit_once(',').and_then(|(xy, field)| {
            let p = parse_xy(xy, size).ok()?;
            Some((p, field.trim().parse::<u8>().ok()?))
        });
        match (parsed, self.board_input.as_mut()) {
            (Some((p, 1)), Some((ours, _))) => ours.push(p),
            (Some((p, 2)), Some((_, theirs))) => theirs.push(p),
            _ => out.push(format!(
                "ERROR bad BOARD line '{line}' (expected x,y,1 or x,y,2)"
            )),
        }
    }

    fn swap2_start(&mut self) -> Result<Option<String>, String> {
        self.game()?;
        self.swap2_input = Some(Vec::new());
        Ok(None)
    }

    /// A line of `SWAP2BOARD`: a stone (`x,y,field` as in `BOARD`, in the order
    /// played; the order gives the colours, so the field may be left out) or `DONE`, which answers as swap2 asks at that point: on an
    /// empty board the three opening stones, after three stones `SWAP`, one move
    /// (taking White) or two stones, after five `SWAP` or one move. The stones put
    /// down are on the session's board afterwards, as moves are.
    fn swap2_line(&mut self, line: &str, out: &mut Vec<String>) {
        if line.eq_ignore_ascii_case("DONE") {
            let stones = self.swap2_input.take().unwrap_or_default();
            match self.swap2(&stones) {
                Ok(reply) => out.push(reply),
                Err(reason) => out.push(format!("ERROR {reason}")),
            }
            return;
        }
        let Some(size) = self.game.as_ref().map(Gomoku::size) else {
            return;
        };
        let xy = line.splitn(3, ',').take(2).collect::<Vec<_>>().join(",");
        match (parse_xy(&xy, size), self.swap2_input.as_mut()) {
            (Ok(p), Some(stones)) => stones.push(p),
            _ => out.push(format!("ERROR bad SWAP2BOARD line '{line}' (expected x,y)")),
        }
    }

    fn swap2(&mut self, stones: &[Point]) -> Result<String, String> {
        let game = self.game()?;
        let board = Gomoku::from_moves(game.size(), game.rule(), stones.iter().copied())
            .map_err(|e| e.to_string())?;
        let limits = self.limits();
        let engine = Self::engine_for(&mut self.engine, self.params, &limits);
        let answer = swap2::answer(engine, &board, &limits, &self.stop)?;
        let mut after = board;
        let reply = match answer {
            Swap2Answer::Swap => "SWAP".to_owned(),
            Swap2Answer::Stones(stones) => {
                for &p in &stones {
                    after.play(p).map_err(|e| e.to_string())?;
                }
                let size = after.size();
                let words: Vec<String> = stones.iter().map(|&p| format_xy(p, size)).collect();
                words.join(" ")
            }
        };
        self.game = Some(after);
        Ok(reply)
    }

    /// Rebuilds the game from the stones of a `BOARD` command; the side to move is
    /// us. With the counts of a game (equal: we are Black; one more of theirs: we are
    /// White) the stones are replayed alternately in the order given, so `TAKEBACK`
    /// works on them; any other counts (handicap stones, a puzzle) make a set-up
    /// position, with us White when they have more stones and Black otherwise. Only
    /// off-board and overlapping stones are refused (and a position already won).
    fn set_board(&mut self, ours: &[Point], theirs: &[Point]) -> Result<(), String> {
        let game = self.game()?;
        let (size, rule) = (game.size(), game.rule());
        let we = if theirs.len() > ours.len() {
            Player::Second
        } else {
            Player::First
        };
        let (black, white) = match we {
            Player::First => (ours, theirs),
            Player::Second => (theirs, ours),
        };
        let alternating = black.len() == white.len() || black.len() == white.len() + 1;
        let replayed = alternating
            .then(|| {
                let moves = black
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &stone)| std::iter::once(stone).chain(white.get(i).copied()));
                Gomoku::from_moves(size, rule, moves).ok()
            })
            .flatten()
            .filter(|game| game.side_to_move() == we);
        let rebuilt = match replayed {
            Some(game) => game,
            None => {
                let stones: Vec<(Point, Player)> = black
                    .iter()
                    .map(|&p| (p, Player::First))
                    .chain(white.iter().map(|&p| (p, Player::Second)))
                    .collect();
                Gomoku::from_stones(size, rule, &stones, we).map_err(|e| e.to_string())?
            }
        };
        if rebuilt.is_over() {
            return Err("the position is already decided".to_owned());
        }
        *game = rebuilt;
        Ok(())
    }

    fn takeback(&mut self, args: &str) -> Result<Option<String>, String> {
        let game = self.game()?;
        let p = parse_xy(args, game.size())?;
        if game.last_move() != Some(p) {
            return Err(format!("{args} is not the last move"));
        }
        game.undo();
        Ok(Some("OK".to_owned()))
    }

    fn info(&mut self, args: &str) -> Result<Option<String>, String> {
        let (key, value) = args
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("INFO needs a key and a value, got '{args}'"))?;
        let number = || {
            value
                .trim()
                .parse::<i64>()
                .map_err(|_| format!("INFO {key} needs a number, got '{}'", value.trim()))
        };
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.timeout_turn = Some(number()?.max(0) as u64),
            "time_left" => self.time_left = Some(number()?.max(0) as u64),
            "max_memory" => {
                let bytes = number()?.max(0) as usize;
                let max_memory = (bytes > 0).then_some(bytes);
                // A manager sends the limit again before every game; the engine and
                // its table stay while it is the same. (Dropping them each time made
                // the first move of every game pay for the system's fresh pages of
                // a new table: for a 256 MiB limit, up to 250 ms of a 500 ms move
                // here.)
                if max_memory != self.max_memory {
                    self.max_memory = max_memory;
                    self.engine = None;
                }
            }
            "thread_num" => {
                // More threads than cores only slow each other down.
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                let threads = (number()?.max(1) as usize).min(cores);
                if threads != self.threads {
                    self.threads = threads;
                    self.engine = None;
                }
            }
            "rule" => {
                let bits = number()?;
                self.rule = if bits & 4 != 0 {
                    Rule::Renju
                } else if bits & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::FreeStyle
                };
                if let Some(game) = self.game.as_mut()
                    && game.rule() != self.rule
                {
                    *game = game.with_rule(self.rule).map_err(|e| e.to_string())?;
                }
            }
            // A tuning run's search numbers (scripts/gomoku-spsa.py).
            name if name.starts_with("tune_") => {
                let value =
                    i32::try_from(number()?).map_err(|_| format!("INFO {key} is out of range"))?;
                self.params.set(&name["tune_".len()..], value)?;
                if let Some(engine) = self.engine.as_mut() {
                    engine.set_params(self.params);
                }
            }
            // timeout_match, game_type, folder and the rest need nothing from us.
            _ => {}
        }
        Ok(None)
    }

    /// The time this move may take: the shared time policy ([`move_budget`]) with
    /// the turn limit and the match time left (Gomocup has no increment).
    fn budget(&self) -> Duration {
        let turn = match self.timeout_turn {
            Some(0) => 100,
            Some(t) => t,
            None => DEFAULT_TURN_MS,
        };
        move_budget(
            Some(Duration::from_millis(turn)),
            self.time_left.map(Duration::from_millis),
            Duration::ZERO,
        )
    }

    /// The session's engine (`engine`), made for `limits` with the search numbers
    /// `params` if there is none yet.
    fn engine_for<'a>(
        engine: &'a mut Option<Engine>,
        params: Params,
        limits: &Limits,
    ) -> &'a mut Engine {
        engine.get_or_insert_with(|| {
            let mut engine = Engine::new(limits);
            engine.set_params(params);
            engine
        })
    }

    fn limits(&self) -> Limits {
        let memory = self
            .max_memory
            .map_or(DEFAULT_MEMORY, |m| m.saturating_sub(PROCESS_OVERHEAD));
        Limits {
            time: Some(self.budget()),
            depth: None,
            threads: self.threads,
            memory_bytes: memory,
        }
    }

    /// Searches, plays and names our move.
    fn think(&mut self) -> Result<String, String> {
        let limits = self.limits();
        let engine = Self::engine_for(&mut self.engine, self.params, &limits);
        let game = self
            .game
            .as_mut()
            .ok_or_else(|| "no board yet: send START first".to_owned())?;
        let size = game.size();
        let messages = &mut self.messages;
        let result = engine
            .search(game, &limits, &self.stop, |info| {
                if let Some(send) = messages.as_mut() {
                    send(message(info, size));
                }
            })
            .ok_or_else(|| "the game is over".to_owned())?;
        game.play(result.best).map_err(|e| e.to_string())?;
        Ok(format_xy(result.best, game.size()))
    }
}

/// A search's report as managers show it: `MESSAGE depth 7 ev 312 n 81234 tm 402
/// pv 7,7 8,8 7,8`, with `ev win in 5` (moves of the winner) for a found win.
fn message(info: &SearchInfo, size: BoardSize) -> String {
    let value = match info.value {
        Value::Score(score) => score.to_string(),
        Value::Win(plies) => format!("win in {}", plies.div_ceil(2).max(1)),
        Value::Loss(plies) => format!("loss in {}", plies.div_ceil(2).max(1)),
    };
    let pv: Vec<String> = info.pv.iter().map(|&p| format_xy(p, size)).collect();
    format!(
        "MESSAGE depth {} ev {value} n {} tm {} pv {}",
        info.depth,
        info.nodes,
        info.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// Reads the protocol's `x,y` (row 0 at the top) as a point on a board of `size`.
fn parse_xy(text: &str, size: BoardSize) -> Result<Point, String> {
    let bad = || format!("expected x,y on the board, got '{text}'");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: i32 = x.trim().parse().map_err(|_| bad())?;
    let y: i32 = y.trim().parse().map_err(|_| bad())?;
    if !size.contains(x, y) {
        return Err(bad());
    }
    Ok(Point::new(
        x as u8,
        (i32::from(size.height()) - 1 - y) as u8,
    ))
}

/// Writes a point as the protocol's `x,y` (row 0 at the top).
fn format_xy(p: Point, size: BoardSize) -> String {
    format!("{},{}", p.x, size.height() - 1 - p.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(session: &mut Session, lines: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        for line in lines {
            session.handle(line, &mut out);
        }
        out
    }

    fn quick() -> Session {
        let mut s = Session::new(1);
        run(&mut s, &["INFO timeout_turn 300"]);
        s
    }

    /// The engine and its table outlive a game: a manager repeats `max_memory` before
    /// each one, and only a new value (or thread count) builds a new engine.
    #[test]
    fn keeps_the_engine_while_the_limits_stay() {
        let mut s = quick();
        // (Limits below what a 300 ms turn's budget can fill, 8 MiB, so that they
        // decide the table's size.)
        run(&mut s, &["INFO max_memory 16777216", "START 15", "BEGIN"]);
        let table = s.engine.as_ref().map(Engine::table_bytes);
        assert!(table.is_some());
        run(
            &mut s,
            &["RESTART", "INFO max_memory 16777216", "INFO thread_num 1"],
        );
        assert_eq!(s.engine.as_ref().map(Engine::table_bytes), table);
        run(&mut s, &["INFO max_memory 12582912"]);
        assert!(s.engine.is_none(), "a new memory limit builds a new table");
        run(&mut s, &["RESTART", "BEGIN"]);
        let smaller = s.engine.as_ref().map(Engine::table_bytes);
        assert!(
            smaller.is_some() && smaller < table,
            "{smaller:?} {table:?}"
        );
    }

    /// A tuning run's `INFO tune_<name>` sets the search's numbers, for the engine
    /// there is and one made after; a wrong name or value is an error and changes
    /// nothing.
    #[test]
    fn tune_lines_set_the_search_numbers() {
        let mut s = quick();
        run(&mut s, &["START 15", "BEGIN"]);
        assert!(run(&mut s, &["INFO tune_width_1 7"]).is_empty());
        let width = |s: &Session| s.engine.as_ref().and_then(|e| e.params().get("width_1"));
        assert_eq!(width(&s), Some(7));
        for bad in [
            "INFO tune_nothing 3",
            "INFO tune_width_1 0",
            "INFO tune_width_1 many",
            "INFO tune_width_1 99999999999",
        ] {
            assert!(run(&mut s, &[bad])[0].starts_with("ERROR"), "{bad}");
        }
        assert_eq!(width(&s), Some(7));
        run(&mut s, &["INFO max_memory 12582912"]);
        assert!(s.engine.is_none(), "a new memory limit builds a new engine");
        run(&mut s, &["RESTART", "BEGIN"]);
        assert_eq!(width(&s), Some(7));
    }

    #[test]
    fn starts_and_opens_in_the_centre() {
        let mut s = quick();
        assert_eq!(run(&mut s, &["START 15", "BEGIN"]), ["OK", "7,7"]);
        assert_eq!(run(&mut s, &["RECTSTART 12,10", "BEGIN"]), ["OK", "5,5"]);
    }

    #[test]
    fn converts_rows_counted_from_the_top() {
        let size = BoardSize::new(15, 10).unwrap();
        assert_eq!(parse_xy("0,0", size), Ok(Point::new(0, 9)));
        assert_eq!(format_xy(Point::new(3, 9), size), "3,0");
        assert!(parse_xy("15,0", size).is_err());
        assert!(parse_xy("-1,2", size).is_err());
    }

    #[test]
    fn blocks_a_four_given_by_board() {
        let mut s = quick();
        // Theirs: 3..6 on the top row (y = 0); ours scattered. We must take 2,0 or 7,0.
        let out = run(
            &mut s,
            &[
                "START 15", "BOARD", "3,0,2", "4,0,2", "5,0,2", "6,0,2", "2,0,1", "9,9,1",
                "12,12,1", "DONE",
            ],
        );
        assert_eq!(out, ["OK", "7,0"]);
    }

    #[test]
    fn answers_errors_and_unknowns_and_keeps_going() {
        let mut s = quick();
        let out = run(
            &mut s,
            &[
                "BEGIN",
                "START 9",
                "START x",
                "RECTSTART 30,10",
                "FOO bar",
                "START 15",
                "TURN 99,1",
                "TURN 7",
            ],
        );
        assert_eq!(out.len(), 8);
        assert!(out[0].starts_with("ERROR"));
        assert!(
            out[1].starts_with("ERROR")
                && out[2].starts_with("ERROR")
                && out[3].starts_with("ERROR")
        );
        assert_eq!(out[4], "UNKNOWN FOO");
        assert_eq!(out[5], "OK");
        assert!(out[6].starts_with("ERROR") && out[7].starts_with("ERROR"));
        assert_eq!(run(&mut s, &["TURN 7,7"]).len(), 1);
    }

    /// `SWAP2BOARD` as Gomocup specifies it: three stones on an empty board; after
    /// three, `SWAP`, one move or two stones; after five, `SWAP` or one move; each
    /// stone a legal point, not on a stone already there.
    #[test]
    fn answers_each_step_of_swap2() {
        let mut s = quick();
        let stones =
            |reply: &str| -> Vec<String> { reply.split_whitespace().map(str::to_owned).collect() };
        let out = run(
            &mut s,
            &["INFO timeout_turn 300", "START 15", "SWAP2BOARD", "DONE"],
        );
        assert_eq!(out[0], "OK");
        let three = stones(&out[1]);
        assert_eq!(three.len(), 3, "{out:?}");
        let mut lines: Vec<&str> = vec!["SWAP2BOARD"];
        lines.extend(three.iter().map(String::as_str));
        lines.push("DONE");
        let out = run(&mut s, &lines);
        let second = if out[0] == "SWAP" {
            Vec::new()
        } else {
            stones(&out[0])
        };
        assert!(
            out[0] == "SWAP" || (1..=2).contains(&second.len()),
            "{out:?}"
        );
        for xy in &second {
            assert!(!three.contains(xy), "{xy} is taken");
            assert!(parse_xy(xy, BoardSize::STANDARD).is_ok(), "{xy}");
        }
        let five = ["7,7", "8,8", "6,8", "3,3", "11,11"];
        let mut lines = vec!["SWAP2BOARD"];
        lines.extend(five);
        lines.push("DONE");
        let out = run(&mut s, &lines);
        assert!(out[0] == "SWAP" || stones(&out[0]).len() == 1, "{out:?}");
        assert!(!five.contains(&out[0].as_str()));
        // Another count of stones, or a stone twice, is an error, and the session
        // goes on.
        let out = run(&mut s, &["SWAP2BOARD", "7,7", "DONE"]);
        assert!(out[0].starts_with("ERROR"), "{out:?}");
        let out = run(&mut s, &["SWAP2BOARD", "7,7", "7,7", "8,8", "DONE"]);
        assert!(out[0].starts_with("ERROR"), "{out:?}");
        assert_eq!(run(&mut s, &["RESTART", "BEGIN"]), ["OK", "7,7"]);
    }

    #[test]
    fn takes_back_and_restarts() {
        let mut s = quick();
        let reply = run(&mut s, &["START 15", "TURN 7,7"]);
        let ours = reply[1].clone();
        assert_eq!(
            run(&mut s, &[&format!("TAKEBACK {ours}"), "TAKEBACK 7,7"]),
            ["OK", "OK"]
        );
        assert!(run(&mut s, &["TAKEBACK 7,7"])[0].starts_with("ERROR"));
        assert_eq!(run(&mut s, &["RESTART", "BEGIN"]), ["OK", "7,7"]);
        assert_eq!(s.handle("END", &mut Vec::new()), Flow::Quit);
    }

    #[test]
    fn reports_each_iteration_as_a_message_line() {
        let mut s = Session::new(1);
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = seen.clone();
        s.on_message(move |line| sink.lock().unwrap().push(line));
        let out = run(&mut s, &["INFO timeout_turn 400", "START 15", "TURN 7,7"]);
        assert_eq!(out.len(), 2, "{out:?}");
        let seen = seen.lock().unwrap();
        assert!(!seen.is_empty());
        for line in seen.iter() {
            assert!(line.starts_with("MESSAGE depth "), "{line}");
            let pv = line.split(" pv ").nth(1).expect("a pv");
            let first = pv.split_whitespace().next().expect("a move");
            assert!(parse_xy(first, BoardSize::STANDARD).is_ok(), "{line}");
        }
        // Depths grow from one report to the next.
        let depth =
            |line: &String| -> u32 { line.split_whitespace().nth(2).unwrap().parse().unwrap() };
        assert!(
            seen.windows(2).all(|w| depth(&w[0]) < depth(&w[1])),
            "{seen:?}"
        );
    }

    #[test]
    fn a_stopped_search_still_answers_with_a_legal_move() {
        let mut s = Session::new(1);
        run(&mut s, &["INFO timeout_turn 30000", "START 15"]);
        s.stop_flag()
            .store(true, std::sync::atomic::Ordering::SeqCst);
        let start = std::time::Instant::now();
        let out = run(&mut s, &["TURN 7,7", "TURN 9,9"]);
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(out.len(), 2, "{out:?}");
        for reply in &out {
            assert!(parse_xy(reply, BoardSize::STANDARD).is_ok(), "{out:?}");
        }
        assert_ne!(out[0], out[1]);
        // YXSTOP with no search running is no error.
        assert!(run(&mut s, &["YXSTOP"]).is_empty());
    }

    #[test]
    fn board_takes_any_stone_counts() {
        let mut s = quick();
        // Handicap: three black stones of theirs, none of ours; we (White) must stop
        // their open three on the top row... at 2,0 or 6,0.
        let out = run(
            &mut s,
            &["START 15", "BOARD", "3,0,2", "4,0,2", "5,0,2", "DONE"],
        );
        assert_eq!(out[0], "OK");
        assert!(["2,0", "6,0"].contains(&out[1].as_str()), "{out:?}");
        // A puzzle: four of ours in a row, one of theirs: we complete the five.
        let out = run(
            &mut s,
            &["BOARD", "0,5,1", "1,5,1", "2,5,1", "3,5,1", "9,9,2", "DONE"],
        );
        assert_eq!(out, ["4,5"]);
        // Only off-board, overlapping and malformed stones are refused (each with an
        // ERROR line), and a decided position.
        for bad in [
            &["BOARD", "3,3,1", "3,3,2", "DONE"][..],
            &["BOARD", "15,3,1", "DONE"],
            &["BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "4,0,1", "DONE"],
        ] {
            let out = run(&mut s, bad);
            assert!(
                out.iter().any(|line| line.starts_with("ERROR")),
                "{bad:?}: {out:?}"
            );
        }
        // A game's counts still replay as moves, which TAKEBACK can take back.
        let out = run(&mut s, &["BOARD", "7,7,2", "DONE"]);
        assert_eq!(out.len(), 1);
        assert_eq!(run(&mut s, &[&format!("TAKEBACK {}", out[0])]), ["OK"]);
    }

    #[test]
    fn reads_rule_time_and_memory() {
        let mut s = Session::new(1);
        run(
            &mut s,
            &[
                "INFO rule 1",
                "INFO max_memory 83886080",
                "INFO timeout_turn 1000",
                "INFO time_left 2400",
            ],
        );
        assert_eq!(s.rule, Rule::Standard);
        assert!(s.limits().memory_bytes <= 83_886_080);
        assert!(s.budget() <= Duration::from_millis(200));
        // With the time_left a manager sends for no match clock, a move may take
        // its turn but for the margin.
        run(
            &mut s,
            &["INFO time_left 2147483647", "INFO timeout_turn 500"],
        );
        assert_eq!(s.budget(), Duration::from_millis(500) - SAFETY_MARGIN);
        assert!(run(&mut s, &["INFO rule 4"]).is_empty());
        assert_eq!(s.rule, Rule::Renju);
        assert!(run(&mut s, &["INFO rule five"])[0].starts_with("ERROR"));
        assert!(run(&mut s, &["INFO timeout_turn soon"])[0].starts_with("ERROR"));
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(crate::props::config())]

        /// The Gomocup protocol, as sessions of commands in any order, each a real
        /// command with arguments valid or not, or noise: every line gets its answer or
        /// an `ERROR`/`UNKNOWN` line, never a panic. The stop flag is set, so every search
        /// answers at once: this is about reading, not thinking.
        #[test]
        fn protocol_sessions_never_panic(lines in proptest::collection::vec(protocol_line(), 1..16)) {
            let mut session = Session::new(1);
            session.stop_flag().store(true, std::sync::atomic::Ordering::Relaxed);
            let mut out = Vec::new();
            for line in &lines {
                if session.handle(line, &mut out) == Flow::Quit {
                    break;
                }
            }
            for reply in &out {
                prop_assert!(!reply.contains('\n'), "{:?}", reply);
            }
        }
    }

    /// One line of a Gomocup session: a command of the protocol with plausible or
    /// broken arguments, a board line, or noise.
    fn protocol_line() -> impl Strategy<Value = String> {
        prop_oneof![
            "(START|start) ([0-9]{1,2}|[a-z]{0,3}|-1)",
            "RECTSTART [0-9]{1,2},[0-9]{1,2}",
            Just("RESTART".to_owned()),
            Just("BEGIN".to_owned()),
            "TURN -?[0-9]{1,2},-?[0-9]{1,2}",
            "TAKEBACK -?[0-9]{1,2},-?[0-9]{1,2}",
            Just("BOARD".to_owned()),
            "-?[0-9]{1,2},-?[0-9]{1,2},[0-3]",
            Just("DONE".to_owned()),
            "INFO (timeout_turn|timeout_match|time_left|max_memory|rule|game_type|thread_num) -?[0-9]{0,9}",
            "INFO tune_(futility_margin|width_1|reduction_divisor|nothing) -?[0-9]{0,9}",
            "INFO [a-z_]{0,12} [ -~]{0,8}",
            Just("ABOUT".to_owned()),
            Just("YXSTOP".to_owned()),
            "[ -~]{0,20}",
            any::<String>(),
        ]
    }
}
