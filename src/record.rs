//! Who sits at each side, and saved games as small text files. Plain Rust, no engine
//! types: the app, the command line and the tests all read and write games through
//! here.
//!
//! A saved game is a few `key value` lines; `#` starts a comment, blank lines are
//! skipped, and the move list may run over several `moves` lines (move numbers such
//! as `1.` are allowed and ignored, so a copied move list reads back):
//!
//! ```text
//! # Tabletop saved game
//! game gomoku
//! size 15x15
//! rule freestyle
//! black human
//! white ai:3
//! moves h8 i9 h9 h10
//! ```
//!
//! Each game names its sides its own way (`black`/`white`, `x`/`o`, `p1`/`p2`) and
//! has its own settings lines (Gomoku's `size` and `rule`; Knucklebones' `seed` and
//! `starts`); Tic-tac-toe needs none. The game says which
//! ([`Game::SIDE_KEYS`](crate::rules::Game::SIDE_KEYS), its settings schema
//! [`Game::SETTINGS`](crate::rules::Game::SETTINGS), which reads each value): this
//! file names no game, it finds the game of a file in [`crate::games`].
//!
//! Reading checks everything before it returns: the settings, then every move
//! replayed on the board, so a [`SavedGame`] always holds a legal position.

use std::fmt;
use std::str::FromStr;

use crate::ai::Level;
use crate::clocks::{GameClocks, TimeControl, parse_reading, reading_text};
use crate::games::{self, GAMES, ReplayError};
use crate::rules::{Player, SettingError, Settings};
use crate::tree::{MoveTree, NodeId, ROOT};

pub use crate::games::GameRecord;

/// Who plays a side: a person at this computer, an AI of some level, or someone on
/// another machine through an online room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A person: moves come from clicks.
    Human,
    /// The computer at this level.
    Ai(Level),
    /// Someone else, online: moves come from the room's server.
    Online,
}

impl PlayerKind {
    /// Whether a person plays this side.
    #[must_use]
    pub fn is_human(self) -> bool {
        self == PlayerKind::Human
    }

    /// The AI's level, if the computer plays this side.
    #[must_use]
    pub fn level(self) -> Option<Level> {
        match self {
            PlayerKind::Human | PlayerKind::Online => None,
            PlayerKind::Ai(level) => Some(level),
        }
    }
}

/// `human`, `ai:N` for an AI of level N, or `online`: the spelling of files and
/// flags.
impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("human"),
            PlayerKind::Ai(level) => write!(f, "ai:{level}"),
            PlayerKind::Online => f.write_str("online"),
        }
    }
}

impl FromStr for PlayerKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim().to_ascii_lowercase();
        let bad = || {
            format!(
                "'{}' is not a player: expected human, ai:1 .. ai:5 or online",
                s.trim()
            )
        };
        match text.as_str() {
            "human" => return Ok(PlayerKind::Human),
            "online" => return Ok(PlayerKind::Online),
            _ => {}
        }
        let level = text.strip_prefix("ai:").ok_or_else(bad)?;
        level
            .parse()
            .ok()
            .and_then(Level::new)
            .map(PlayerKind::Ai)
            .ok_or_else(bad)
    }
}

/// Who plays each side of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seats {
    /// The side that moves first (Black in Gomoku).
    pub first: PlayerKind,
    /// The side that replies (White in Gomoku).
    pub second: PlayerKind,
}

/// A person against a mid-strength AI, the person moving first: what a player who
/// just presses Start expects.
impl Default for Seats {
    fn default() -> Self {
        Self {
            first: PlayerKind::Human,
            second: PlayerKind::Ai(Level::new(3).expect("3 is a level")),
        }
    }
}

impl Seats {
    /// Two people at one computer.
    pub const HOT_SEAT: Seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Human,
    };

    /// Who plays `player`.
    #[must_use]
    pub fn get(&self, player: Player) -> PlayerKind {
        match player {
            Player::First => self.first,
            Player::Second => self.second,
        }
    }

    /// Sets who plays `player`.
    pub fn set(&mut self, player: Player, kind: PlayerKind) {
        match player {
            Player::First => self.first = kind,
            Player::Second => self.second = kind,
        }
    }

    /// Whether a person plays at least one side.
    #[must_use]
    pub fn any_human(&self) -> bool {
        self.first.is_human() || self.second.is_human()
    }

    /// Whether people play both sides (hot-seat).
    #[must_use]
    pub fn all_human(&self) -> bool {
        self.first.is_human() && self.second.is_human()
    }

    /// Whether the computer plays both sides.
    #[must_use]
    pub fn all_ai(&self) -> bool {
        !self.any_human()
    }

    /// The same players with sides exchanged: who moved first now replies.
    #[must_use]
    pub fn swapped(self) -> Self {
        Self {
            first: self.second,
            second: self.first,
        }
    }
}

/// Why a saved game could not be read, naming the line or move at fault. Its
/// `Display` is one line in English (the command line's, the logs'); the app says the
/// same in the player's language from the fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// No `game` line, nor any other known line: not a saved game at all.
    NotASavedGame,
    /// A line whose key no game's files have.
    UnknownLine { line: usize, key: String },
    /// A key given twice.
    SecondLine {
        line: usize,
        key: String,
        first: usize,
    },
    /// A line the game's files must have.
    Missing { key: String },
    /// A game this version does not have; `known` lists those it has.
    UnknownGame {
        line: usize,
        name: String,
        known: String,
    },
    /// A setting or player line whose value does not read (the rules' words).
    BadValue { line: usize, why: String },
    /// Move `number` (from 1), written `text` on `line`, refused by the rules.
    BadMove {
        line: usize,
        number: usize,
        text: String,
        why: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotASavedGame => f.write_str("not a Tabletop saved game (no 'game' line)"),
            RecordError::UnknownLine { line, key } => {
                write!(f, "line {line}: unknown line '{key}'")
            }
            RecordError::SecondLine { line, key, first } => write!(
                f,
                "line {line}: a second '{key}' line (the first is line {first})"
            ),
            RecordError::Missing { key } => {
                write!(f, "missing '{key}' line (is the file cut short?)")
            }
            RecordError::UnknownGame { line, name, known } => write!(
                f,
                "line {line}: game '{name}' is not one this version reads ({known})"
            ),
            RecordError::BadValue { line, why } => write!(f, "line {line}: {why}"),
            RecordError::BadMove {
                line,
                number,
                text,
                why,
            } => write!(f, "line {line}, move {number} ({text}): {why}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// A game as saved: who plays and the position with its whole move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// Who plays each side.
    pub seats: Seats,
    /// The game, replayed from its moves: the position it was saved at.
    pub game: GameRecord,
    /// The moves with the variations tried beside them and the moves ahead of the
    /// position, where there are any; `None` when `game`'s moves are all there is.
    pub variations: Option<Variations>,
    /// The clocks, for a game played under a time control.
    pub clock: Option<SavedClock>,
}

/// A game's clocks as a file keeps them: the time control, each side's time left
/// at the saved position, the side whose flag fell, if one did (it lost on time:
/// the rules' outcome alone does not say so), and each move's reading, so that
/// every line of the tree keeps its own times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedClock {
    /// The control and the readings.
    pub clocks: GameClocks,
    /// The side that ran out of time.
    pub flagged: Option<Player>,
    /// The mover's time left after each move, in the order the file writes the
    /// moves ([`MoveTree::in_word_order`]); `None` where it is not known.
    pub times: Vec<Option<std::time::Duration>>,
}

/// The tree of a saved game's moves, in notation, and where on it the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variations {
    /// The moves.
    pub tree: MoveTree<String>,
    /// The node of the saved position.
    pub at: NodeId,
}

/// Moves per `moves` line in a written file.
const MOVES_PER_LINE: usize = 10;

/// The lines of a file, read but not yet understood: `key -> (line, value)` and the
/// moves with their lines.
#[derive(Default)]
struct Lines<'t> {
    /// Lower-cased keys, with their line numbers and values.
    keys: Vec<(String, usize, &'t str)>,
    moves: Vec<(usize, &'t str)>,
}

/// Whether `key` names a line of some game's files.
fn is_known_key(key: &str) -> bool {
    key == "game"
        || key == "at"
        || key == "setup"
        || key == "clock"
        || key == "clocks"
        || key == "flag"
        || key == "times"
        || GAMES.iter().any(|game| {
            game.side_keys().contains(&key) || game.settings().iter().any(|s| s.key == key)
        })
}

impl<'t> Lines<'t> {
    fn read(text: &'t str) -> Result<Self, RecordError> {
        let mut lines = Lines::default();
        for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let (key, value) = line
                .split_once(char::is_whitespace)
                .map_or((line, ""), |(k, v)| (k, v.trim()));
            let key = key.to_ascii_lowercase();
            if key == "moves" {
                lines.moves.extend(
                    value
                        .split_whitespace()
                        .filter(|word| !is_move_number(word))
                        .map(|word| (number, word)),
                );
                continue;
            }
            if !is_known_key(&key) {
                return Err(RecordError::UnknownLine { line: number, key });
            }
            if let Some(&(_, first, _)) = lines.keys.iter().find(|(k, ..)| *k == key) {
                return Err(RecordError::SecondLine {
                    line: number,
                    key,
                    first,
                });
            }
            lines.keys.push((key, number, value));
        }
        Ok(lines)
    }

    /// The `(line, value)` of `key`, if the file has it.
    fn get(&self, key: &str) -> Option<(usize, &'t str)> {
        self.keys
            .iter()
            .find(|(k, ..)| k.eq_ignore_ascii_case(key))
            .map(|&(_, line, value)| (line, value))
    }

    /// The `(line, value)` of a line this game's files must have.
    fn required(&self, key: &str) -> Result<(usize, &'t str), RecordError> {
        self.get(key).ok_or_else(|| missing(key))
    }

    /// The game's settings lines.
    fn settings(&self) -> Settings<'_> {
        Settings::new(
            self.keys
                .iter()
                .map(|(key, _, value)| (key.as_str(), *value)),
        )
    }
}

/// A line every file of the game has is missing.
fn missing(key: &str) -> RecordError {
    RecordError::Missing {
        key: key.to_owned(),
    }
}

impl SavedGame {
    /// `game` as `seats` play it, a single line of moves.
    #[must_use]
    pub fn new(seats: Seats, game: GameRecord) -> Self {
        Self {
            seats,
            game,
            variations: None,
            clock: None,
        }
    }

    /// `game`, standing at node `at` of `tree`, with the tree's other moves (kept
    /// only if it has any).
    #[must_use]
    pub fn with_variations(
        seats: Seats,
        game: GameRecord,
        tree: MoveTree<String>,
        at: NodeId,
    ) -> Self {
        debug_assert_eq!(tree.moves_to(at), game.moves(), "the game stands at `at`");
        let more = tree.len() > tree.depth(at);
        Self {
            seats,
            game,
            variations: more.then_some(Variations { tree, at }),
            clock: None,
        }
    }

    /// The moves with their variations and where the game stands on them: the
    /// game's own moves alone if there is nothing more.
    #[must_use]
    pub fn variations(&self) -> Variations {
        self.variations.clone().unwrap_or_else(|| {
            let tree = MoveTree::line(self.game.moves());
            let at = tree.main_line(ROOT).last().copied().unwrap_or(ROOT);
            Variations { tree, at }
        })
    }

    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let name = self.game.name();
        let mut text = format!("# Tabletop saved game\ngame {name}\n");
        if let Some(entry) = self.game.entry() {
            for (setting, value) in entry.settings().iter().zip(self.game.settings()) {
                if setting.omitted_when_default && value == setting.default {
                    continue;
                }
                let key = setting.key;
                text.push_str(&format!("{key} {value}\n"));
            }
            let [first, second] = entry.side_keys();
            text.push_str(&format!(
                "{first} {}\n{second} {}\n",
                self.seats.first, self.seats.second
            ));
        }
        if let (Some(clock), Some(entry)) = (&self.clock, self.game.entry()) {
            let [first, second] = clock.clocks.readings().map(reading_text);
            text.push_str(&format!(
                "clock {}\nclocks {first} {second}\n",
                clock.clocks.control()
            ));
            if let Some(side) = clock.flagged {
                text.push_str(&format!("flag {}\n", entry.side_keys()[side.index()]));
            }
            if clock.times.iter().any(Option::is_some) {
                let times: Vec<String> = clock
                    .times
                    .iter()
                    .map(|time| time.map_or_else(|| "-".to_owned(), reading_text))
                    .collect();
                text.push_str(&format!("times {}\n", times.join(" ")));
            }
        }
        if let Some(setup) = self.game.setup_text() {
            text.push_str(&format!("setup {setup}\n"));
        }
        let words = match &self.variations {
            Some(Variations { tree, at }) => {
                let end = tree.main_line(ROOT).last().copied().unwrap_or(ROOT);
                if *at != end {
                    text.push_str(&format!("at {}\n", at_text(tree, *at)));
                }
                tree.words(Clone::clone)
            }
            None => self.game.moves(),
        };
        for chunk in words.chunks(MOVES_PER_LINE) {
            text.push_str(&format!("moves {}\n", chunk.join(" ")));
        }
        text
    }

    /// Reads a record of another program's format that some game reads
    /// ([`crate::rules::Game::OTHER_FORMAT`]: Gomocup's `.psq`), to be played hot
    /// seat; `None` when `text` is in none of them.
    #[must_use]
    pub fn from_other_format(text: &str) -> Option<Result<Self, String>> {
        games::GAMES.iter().find_map(|entry| {
            entry
                .read_other_format(text)
                .map(|read| read.map(|game| SavedGame::new(Seats::HOT_SEAT, game)))
        })
    }

    /// Reads a saved game, checking the settings and replaying every move.
    pub fn from_text(text: &str) -> Result<Self, RecordError> {
        let lines = Lines::read(text)?;
        if lines.keys.is_empty() {
            return Err(RecordError::NotASavedGame);
        }
        let (line, name) = lines.required("game")?;
        let Some(entry) = games::find(name) else {
            return Err(RecordError::UnknownGame {
                line,
                name: name.to_ascii_lowercase(),
                known: games::names(),
            });
        };
        // Each move as the index of its word; the position is the main line's end
        // unless an `at` line says where.
        let tree = MoveTree::read(lines.moves.iter().map(|&(_, text)| text), |index, _| index)
            .map_err(|why| RecordError::BadValue {
                line: lines.moves.last().map_or(0, |&(line, _)| line),
                why: why.to_string(),
            })?;
        let at = match lines.get("at") {
            Some((line, text)) => {
                read_at(&tree, text).map_err(|why| RecordError::BadValue { line, why })?
            }
            None => tree.main_line(ROOT).last().copied().unwrap_or(ROOT),
        };
        let name_of = |index: usize| {
            let text = lines.moves[index].1;
            text.trim_start_matches('(').trim_end_matches(')')
        };
        let path: Vec<usize> = tree
            .path(at)
            .iter()
            .filter_map(|&n| tree.mv(n).copied())
            .collect();
        let moves: Vec<&str> = path.iter().map(|&index| name_of(index)).collect();
        let setup = lines.get("setup");
        let game = entry
            .replay_set_up(&lines.settings(), setup.map(|(_, text)| text), &moves)
            .map_err(|e| match e {
                ReplayError::Setup(why) => RecordError::BadValue {
                    line: setup.map_or(0, |(line, _)| line),
                    why,
                },
                ReplayError::Setting(SettingError::Missing(key)) => missing(key),
                ReplayError::Setting(SettingError::Bad(key, why)) => {
                    let line = lines.get(key).map_or(0, |(line, _)| line);
                    RecordError::BadValue { line, why }
                }
                ReplayError::Move { index, why } => RecordError::BadMove {
                    line: lines.moves[path[index]].0,
                    number: index + 1,
                    text: moves[index].to_owned(),
                    why,
                },
            })?;
        // Every other move replayed from the start: its moves in notation, or the
        // first that is refused, with its line.
        let variations = if tree.len() > tree.depth(at) {
            let mut start = game.clone();
            while start.undo().is_some() {}
            let named = tree.try_map(|before, &index| {
                let mut position = start.clone();
                for &node in before {
                    let earlier = tree.mv(node).copied().unwrap_or_default();
                    position.play(name_of(earlier))?;
                }
                position.play(name_of(index))
            });
            let tree = named.map_err(|(node, why)| {
                let index = tree.mv(node).copied().unwrap_or_default();
                RecordError::BadMove {
                    line: lines.moves[index].0,
                    number: tree.depth(node),
                    text: name_of(index).to_owned(),
                    why,
                }
            })?;
            Some(Variations { tree, at })
        } else {
            None
        };
        let mut seats = Seats::HOT_SEAT;
        for (key, player) in entry.side_keys().into_iter().zip(Player::BOTH) {
            let (line, text) = lines.required(key)?;
            let kind = text
                .parse::<PlayerKind>()
                .map_err(|e| RecordError::BadValue {
                    line,
                    why: e.to_string(),
                })?;
            seats.set(player, kind);
        }
        let clock = read_clock(&lines, entry)?;
        Ok(Self {
            seats,
            game,
            variations,
            clock,
        })
    }
}

/// The clocks of a file's `clock`, `clocks` and `flag` lines, if it has a `clock`
/// line (`clocks` without it, the control's base time; `flag` needs a clock).
fn read_clock(
    lines: &Lines<'_>,
    entry: &dyn games::GameEntry,
) -> Result<Option<SavedClock>, RecordError> {
    let Some((line, control)) = lines.get("clock") else {
        return match lines
            .get("clocks")
            .or(lines.get("flag"))
            .or(lines.get("times"))
        {
            Some((line, _)) => Err(RecordError::BadValue {
                line,
                why: "clock readings without a 'clock' line (its time control)".to_owned(),
            }),
            None => Ok(None),
        };
    };
    let bad = |line: usize| move |why: String| RecordError::BadValue { line, why };
    let control: TimeControl = control.parse().map_err(bad(line))?;
    let clocks = match lines.get("clocks") {
        Some((line, text)) => {
            let readings: Vec<&str> = text.split_whitespace().collect();
            let [first, second] = readings[..] else {
                return Err(bad(line)(format!(
                    "'{text}': two clock readings, the first side's first"
                )));
            };
            let left = [parse_reading(first), parse_reading(second)];
            let [first, second] = left;
            GameClocks::with_left(
                control,
                [first.map_err(bad(line))?, second.map_err(bad(line))?],
            )
        }
        None => GameClocks::new(control),
    };
    let flagged = match lines.get("flag") {
        Some((line, key)) => {
            let side = Player::BOTH
                .into_iter()
                .find(|side| entry.side_keys()[side.index()].eq_ignore_ascii_case(key))
                .ok_or_else(|| {
                    let [first, second] = entry.side_keys();
                    bad(line)(format!("flag '{key}' is not {first} or {second}"))
                })?;
            Some(side)
        }
        None => None,
    };
    let times = match lines.get("times") {
        Some((line, text)) => {
            let times = text
                .split_whitespace()
                .map(|word| (word != "-").then(|| parse_reading(word)).transpose())
                .collect::<Result<Vec<_>, _>>()
                .map_err(bad(line))?;
            if times.len() != lines.moves.len() {
                return Err(bad(line)(format!(
                    "{} move times for {} moves",
                    times.len(),
                    lines.moves.len()
                )));
            }
            times
        }
        None => Vec::new(),
    };
    Ok(Some(SavedClock {
        clocks,
        flagged,
        times,
    }))
}

/// What a paste opens (Ctrl+V, the page's paste event): a saved game; a record in
/// another program's format (Gomocup's `.psq`); a position of the game on the table
/// as `tabletop-cli` writes them, where it replays from its moves; or a list of
/// moves such as `h8 i9 j10` played from the start of the game on the table, with
/// its settings. All but a saved game are played hot seat. The error is one line
/// saying why the text is none of them.
pub fn read_pasted(text: &str, on_table: &GameRecord) -> Result<SavedGame, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("the clipboard holds no text".to_owned());
    }
    if let Some(read) = SavedGame::from_other_format(text) {
        return read;
    }
    let has_game_line = text.lines().any(|line| {
        let line = line.trim_start().to_ascii_lowercase();
        line.starts_with("game ") || line.starts_with("game\t")
    });
    if has_game_line {
        return SavedGame::from_text(text).map_err(|e| e.to_string());
    }
    let entry = on_table
        .entry()
        .ok_or_else(|| format!("no game called {}", on_table.name()))?;
    let values = on_table.settings();
    let settings = position_settings(entry, &values);
    if let Ok(position) = entry.read_position(text) {
        let moves = position.moves();
        let words: Vec<&str> = moves.iter().map(String::as_str).collect();
        let values = position.settings();
        let replayed = entry
            .replay(&position_settings(entry, &values), &words)
            .ok()
            .filter(|game| game.position_text() == position.position_text());
        return replayed
            .map(|game| SavedGame::new(Seats::HOT_SEAT, game))
            .ok_or_else(|| {
                format!(
                    "a set-up {} position has no moves to replay: open it from a saved game",
                    entry.title()
                )
            });
    }
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty() && !is_move_number(word))
        .collect();
    match entry.replay(&settings, &words) {
        Ok(game) => Ok(SavedGame::new(Seats::HOT_SEAT, game)),
        Err(ReplayError::Move { index, why }) if index > 0 => Err(format!(
            "move {} ({}) of {}: {why}",
            index + 1,
            words[index],
            entry.title()
        )),
        Err(_) => Err(format!(
            "not a game: a saved game, a Gomocup record, a {} position or its moves \
             (such as {}) open",
            entry.title(),
            entry
                .new_game(
                    &crate::rules::Setup::defaults(entry.settings()),
                    &mut rand::rng()
                )
                .ok()
                .and_then(|game| game.legal_moves().into_iter().next())
                .unwrap_or_default()
        )),
    }
}

/// The settings lines of `game`, as a file would hold them.
fn position_settings<'g>(entry: &dyn games::GameEntry, game: &'g [String]) -> Settings<'g> {
    Settings::new(
        entry
            .settings()
            .iter()
            .zip(game)
            .map(|(setting, value)| (setting.key, value.as_str())),
    )
}

/// Where `at` stands, for the `at` line: how many moves from the start, then each
/// move that leaves the main line of the move before as `move:variation` (both
/// counted from 1): `7 3:1` is the seventh move along the line that takes the first
/// variation at the third move.
fn at_text(tree: &MoveTree<String>, at: NodeId) -> String {
    let path = tree.path(at);
    let mut text = path.len().to_string();
    for (ply, &node) in path.iter().enumerate() {
        let siblings = tree.siblings(node);
        let index = siblings.iter().position(|&n| n == node).unwrap_or(0);
        if index > 0 {
            text.push_str(&format!(" {}:{index}", ply + 1));
        }
    }
    text
}

/// Reads an `at` line ([`at_text`]) on `tree`.
fn read_at<M: Clone + PartialEq>(tree: &MoveTree<M>, text: &str) -> Result<NodeId, String> {
    let bad = || {
        format!(
            "'at {text}' is not a place in the moves: expected a move count, then \
             move:variation pairs"
        )
    };
    let mut words = text.split_whitespace();
    let plies: usize = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let mut turns = Vec::new();
    for word in words {
        let (ply, index) = word.split_once(':').ok_or_else(bad)?;
        let ply: usize = ply.parse().map_err(|_| bad())?;
        let index: usize = index.parse().map_err(|_| bad())?;
        turns.push((ply, index));
    }
    let mut at = ROOT;
    for ply in 1..=plies {
        let index = turns
            .iter()
            .find(|&&(p, _)| p == ply)
            .map_or(0, |&(_, i)| i);
        at = *tree
            .children(at)
            .get(index)
            .ok_or_else(|| format!("'at {text}': the moves have no move {ply} there"))?;
    }
    Ok(at)
}

/// `12.` in a pasted move list.
fn is_move_number(word: &str) -> bool {
    word.strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gomoku::{BoardSize, Gomoku, Rule};
    use crate::rules::knucklebones::{Column, Knucklebones};
    use crate::rules::tictactoe::{Cell, TicTacToe};

    fn level(n: u8) -> Level {
        Level::new(n).unwrap()
    }

    fn sample() -> SavedGame {
        let size = BoardSize::new(15, 15).unwrap();
        let moves = [
            "h8", "i9", "h9", "h10", "g8", "f8", "i8", "j8", "g7", "i7", "g9", "g10",
        ];
        let game = Gomoku::from_moves(
            size,
            Rule::Standard,
            moves.iter().map(|m| size.parse_point(m).unwrap()),
        )
        .unwrap();
        SavedGame {
            seats: Seats {
                first: PlayerKind::Human,
                second: PlayerKind::Ai(level(3)),
            },
            game: GameRecord::new(game),
            variations: None,
            clock: None,
        }
    }

    #[test]
    fn players_read_and_print_the_same() {
        for text in ["human", "ai:1", "ai:5"] {
            let kind: PlayerKind = text.parse().unwrap();
            assert_eq!(kind.to_string(), text);
        }
        assert_eq!("AI:4".parse(), Ok(PlayerKind::Ai(level(4))));
        for bad in ["", "ai", "ai:0", "ai:6", "robot", "ai:x"] {
            let err = bad.parse::<PlayerKind>().unwrap_err();
            assert!(err.contains("expected human, ai:1"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_saved_game_reads_back_the_same() {
        let saved = sample();
        let text = saved.to_text();
        assert!(text.contains("size 15x15\nrule standard\nblack human\nwhite ai:3\n"));
        assert!(text.contains("moves h8 i9 h9 h10 g8 f8 i8 j8 g7 i7\nmoves g9 g10\n"));
        assert_eq!(SavedGame::from_text(&text), Ok(saved));
    }

    #[test]
    fn finished_empty_and_odd_sized_games_round_trip() {
        let size = BoardSize::new(20, 10).unwrap();
        let empty = SavedGame {
            seats: Seats {
                first: PlayerKind::Ai(level(5)),
                second: PlayerKind::Ai(level(1)),
            },
            game: GameRecord::new(Gomoku::new(size, Rule::FreeStyle)),
            variations: None,
            clock: None,
        };
        assert_eq!(SavedGame::from_text(&empty.to_text()), Ok(empty));
        let won = Gomoku::from_moves(
            size,
            Rule::FreeStyle,
            ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "t10", "e2"]
                .iter()
                .map(|m| size.parse_point(m).unwrap()),
        )
        .unwrap();
        assert!(won.is_over());
        let won = SavedGame {
            seats: Seats::HOT_SEAT,
            game: GameRecord::new(won),
            variations: None,
            clock: None,
        };
        assert_eq!(SavedGame::from_text(&won.to_text()), Ok(won));
    }

    #[test]
    fn comments_blank_lines_case_and_move_numbers_are_fine() {
        let text = "\n# my game\nGAME Gomoku\nsize 15x15   # the usual\nrule free-style\n\
                    black ai:2\nwhite human\nmoves 1. h8 i9 2. h9\nmoves 3. h10\n";
        let saved = SavedGame::from_text(text).unwrap();
        let game: &Gomoku = saved.game.get().expect("a Gomoku game");
        assert_eq!(game.moves().len(), 4);
        assert_eq!(saved.seats.first, PlayerKind::Ai(level(2)));
        assert_eq!(game.rule(), Rule::FreeStyle);
    }

    #[test]
    fn tic_tac_toe_games_round_trip_and_check_their_moves() {
        let mut game = TicTacToe::new();
        for cell in ["b2", "a1", "c3"] {
            game.play(Cell::parse(cell).unwrap()).unwrap();
        }
        let saved = SavedGame {
            seats: Seats {
                first: PlayerKind::Ai(level(5)),
                second: PlayerKind::Human,
            },
            game: GameRecord::new(game),
            variations: None,
            clock: None,
        };
        let text = saved.to_text();
        assert!(text.contains("game tictactoe\nx ai:5\no human\nmoves b2 a1 c3\n"));
        assert_eq!(SavedGame::from_text(&text), Ok(saved));
        let head = "game tictactoe\nx human\no human\n";
        assert!(error(&format!("{head}moves b2 b2\n")).contains("move 2 (b2)"));
        assert!(error(&format!("{head}moves d4\n")).contains("move 1 (d4)"));
        assert!(error("game tictactoe\nx human\n").contains("missing 'o' line"));
    }

    #[test]
    fn knucklebones_games_replay_from_seed_and_columns() {
        let mut game = Knucklebones::new(987_654_321, Player::Second);
        for column in [0, 1, 2, 0, 0, 1, 2] {
            let column = Column::new(column).unwrap();
            if game.check(column).is_ok() {
                game.play(column).unwrap();
            }
        }
        let saved = SavedGame {
            seats: Seats {
                first: PlayerKind::Human,
                second: PlayerKind::Ai(level(4)),
            },
            game: GameRecord::new(game.clone()),
            variations: None,
            clock: None,
        };
        let text = saved.to_text();
        assert!(text.contains("game knucklebones\nseed 987654321\nstarts p2\np1 human\np2 ai:4\n"));
        let back = SavedGame::from_text(&text).unwrap();
        assert_eq!(back, saved);
        let back: Knucklebones = back.game.into_game().expect("a Knucklebones game");
        // The same dice, the same trays, the same die to place next.
        assert_eq!(back.position_text(), game.position_text());
        let head = "game knucklebones\nseed 5\nstarts p1\np1 human\np2 human\n";
        assert!(error(&format!("{head}moves 4\n")).contains("move 1 (4)"));
        assert!(
            error(&format!("{head}moves 1 1 1 1 1 1 1\n")).contains("move 7 (1): column 1 is full")
        );
        assert!(error(&head.replace("seed 5", "seed -5")).contains("line 2: seed '-5'"));
        assert!(error(&head.replace("starts p1", "starts p3")).contains("line 3: starts 'p3'"));
        assert!(error(&head.replace("seed 5\n", "")).contains("missing 'seed' line"));
    }

    fn error(text: &str) -> String {
        SavedGame::from_text(text).unwrap_err().to_string()
    }

    const HEAD: &str = "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite ai:3\n";

    /// Every registered game's saved files read back the same, at any length.
    #[test]
    fn every_game_round_trips_through_its_file() {
        let settings = Settings::new([
            ("size", "13x17"),
            ("rule", "standard"),
            ("seed", "99"),
            ("starts", "p2"),
        ]);
        for entry in GAMES {
            for plies in [0, 1, 4, 11, 40, 400] {
                let saved = SavedGame {
                    seats: Seats {
                        first: PlayerKind::Ai(level(2)),
                        second: PlayerKind::Human,
                    },
                    game: entry.sample(&settings, plies, plies as u64).unwrap(),
                    variations: None,
                    clock: None,
                };
                let text = saved.to_text();
                assert!(text.contains(&format!("game {}\n", entry.name())), "{text}");
                assert_eq!(SavedGame::from_text(&text), Ok(saved), "{text}");
            }
        }
    }

    #[test]
    fn malformed_files_say_what_is_wrong() {
        assert!(error("").contains("not a Tabletop saved game"));
        assert!(error("hello world\n").contains("line 1: unknown line 'hello'"));
        assert!(error(&HEAD.replace("game gomoku", "game chess")).contains("game 'chess'"));
        let size = error(&HEAD.replace("15x15", "15by15"));
        assert!(size.contains("line 2: size '15by15' is not WxH"), "{size}");
        let size = error(&HEAD.replace("15x15", "25x15"));
        assert!(
            size.contains("line 2: size '25x15': width 25 is outside 10..=20"),
            "{size}"
        );
        let rule = error(&HEAD.replace("freestyle", "caro"));
        assert!(
            rule.contains("line 3: rule 'caro' is not one of freestyle"),
            "{rule}"
        );
        assert!(error(&HEAD.replace("ai:3", "ai:9")).contains("line 5: 'ai:9' is not a player"));
        assert!(error(&format!("{HEAD}size 15x15\n")).contains("line 6: a second 'size' line"));
        let upper = HEAD.replace("size", "SIZE");
        assert!(error(&format!("{upper}size 15x15\n")).contains("line 6: a second 'size' line"));
    }

    #[test]
    fn truncated_files_name_the_missing_line() {
        let cut = &HEAD[..HEAD.find("white").unwrap()];
        assert!(error(cut).contains("missing 'white' line"));
        let cut = &HEAD[..HEAD.find("rule").unwrap()];
        assert!(error(cut).contains("missing 'rule' line"));
    }

    #[test]
    fn mismatched_moves_name_the_move() {
        // Off this board (fine on a bigger one), occupied, garbage, after the end.
        assert!(
            error(&format!("{HEAD}moves h8 q9\n"))
                .contains("line 6, move 2 (q9): bad point: 'q9': column q is off a board 15 wide")
        );
        assert!(
            error(&format!("{HEAD}moves h8 i9 h8\n")).contains("move 3 (h8): h8 is already taken")
        );
        assert!(error(&format!("{HEAD}moves h8 ??\n")).contains("move 2 (??): bad point"));
        let won = "moves a1 a2 b1 b2 c1 c2 d1 d2 e1 e2\n";
        assert!(error(&format!("{HEAD}{won}")).contains("move 10 (e2): the game is over"));
    }

    #[test]
    fn variations_survive_save_and_load_byte_for_byte_and_are_checked() {
        let text = format!("{HEAD}moves h8 i9 (i8 j9 (h9) k10) h9 (g7 g8) h10 (j10)\nmoves i10\n");
        let saved = SavedGame::from_text(&text).expect("a tree reads");
        let tree = saved.variations.clone().expect("it has variations").tree;
        assert_eq!(saved.game.moves(), ["h8", "i9", "h9", "h10", "i10"]);
        let written = saved.to_text();
        assert!(written.contains("moves h8 i9 (i8 j9 (h9) k10) h9 (g7 g8) h10\nmoves (j10) i10\n"));
        let back = SavedGame::from_text(&written).expect("reads back");
        assert_eq!(back.to_text(), written);
        assert_eq!(back.variations.map(|v| v.tree), Some(tree));
        // Saved off the main line, the game comes back there.
        let off = format!("{HEAD}at 3 2:1 3:1\nmoves h8 i9 (i8 j9 (h9) k10) h9\n");
        let saved = SavedGame::from_text(&off).expect("a place on the tree reads");
        assert_eq!(saved.game.moves(), ["h8", "i8", "h9"]);
        assert_eq!(saved.to_text(), format!("# Tabletop saved game\n{off}"));
        assert!(error(&format!("{HEAD}at 9\nmoves h8 i9\n")).contains("no move 3"));
        assert!(error(&format!("{HEAD}at x\nmoves h8 i9\n")).contains("line 6: 'at x'"));
        // A move refused in a variation names its line and its place in it.
        let bad = format!("{HEAD}moves h8 i9 (h8 j9) h9\n");
        assert!(
            error(&bad).contains("line 6, move 2 (h8): h8 is already taken"),
            "{}",
            error(&bad)
        );
        assert!(error(&format!("{HEAD}moves h8 (i9\n")).contains("never closed"));
        // A tree without variations is a line, as before.
        let line = SavedGame::from_text(&format!("{HEAD}moves h8 i9\n")).unwrap();
        assert_eq!(line.variations, None);
        assert_eq!(line.variations().tree.words(Clone::clone), ["h8", "i9"]);
    }

    /// A game under a clock keeps its control, both readings and a fallen flag.
    #[test]
    fn clocks_and_a_loss_on_time_survive_the_file() {
        let text = "# Tabletop saved game\ngame connectfour\nred human\nyellow ai:3\n\
                    clock 5+3\nclocks 4:32.1 0:00.0\nflag yellow\ntimes 4:32.1 -\nmoves d e\n";
        let saved = SavedGame::from_text(text).unwrap();
        let clock = saved.clock.clone().unwrap();
        assert_eq!(clock.clocks.control().to_string(), "5+3");
        assert_eq!(clock.clocks.left(Player::Second), std::time::Duration::ZERO);
        assert_eq!(clock.flagged, Some(Player::Second));
        assert_eq!(clock.times[1], None);
        assert_eq!(saved.to_text(), text, "byte for byte");
        // A clock line alone starts both clocks full; readings need a control.
        let plain = SavedGame::from_text(
            &text.replace("clocks 4:32.1 0:00.0\nflag yellow\ntimes 4:32.1 -\n", ""),
        );
        assert_eq!(
            plain.unwrap().clock.unwrap().clocks.readings(),
            [std::time::Duration::from_secs(300); 2]
        );
        for (bad, why) in [
            ("clock 5+3\n", "clock soon\n"),
            ("clocks 4:32.1 0:00.0\n", "clocks 4:32.1\n"),
            ("flag yellow\n", "flag blue\n"),
            ("times 4:32.1 -\n", "times 4:32.1\n"),
            ("clock 5+3\n", ""),
        ] {
            let message = error(&text.replace(bad, why));
            assert!(message.starts_with("line "), "{message}");
        }
    }

    /// A set-up position of each game, a move played from it, then the file, the
    /// paste and the command line give it back.
    #[test]
    fn set_up_positions_round_trip_through_file_paste_and_cli() {
        let cases = [
            (
                "gomoku\nsize 15x15\nrule freestyle",
                "black=h8,i9;white=j10;turn=white",
                "k11",
            ),
            ("tictactoe", "X...O....", "a1"),
            (
                "knucklebones\nseed 7\nstarts p2",
                "p1=44|1|;p2=6||235;die=4;turn=p2",
                "1",
            ),
            (
                "connectfour",
                "......./......./......./......./......./...ry..",
                "d",
            ),
        ];
        for (game, setup, mv) in cases {
            let name = game.lines().next().unwrap();
            let entry = games::find(name).unwrap();
            let [first, second] = entry.side_keys();
            let text = format!(
                "# Tabletop saved game\ngame {game}\n{first} human\n{second} human\n\
                 setup {setup}\nmoves {mv}\n"
            );
            let saved = SavedGame::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(saved.to_text(), text, "the file, byte for byte");
            assert_eq!(saved.game.setup_text().as_deref(), Some(setup));
            assert_eq!(saved.game.moves(), [mv]);
            // Undo stops at the set-up position.
            let mut start = saved.game.clone();
            assert!(start.undo().is_some() && start.undo().is_none(), "{name}");
            assert_eq!(start.setup_text().as_deref(), Some(setup));
            // The clipboard holds the file's text.
            let other = games::find("tictactoe")
                .unwrap()
                .sample(&Settings::default(), 0, 0)
                .unwrap();
            assert_eq!(read_pasted(&text, &other), Ok(saved.clone()), "{name}");
            // The command line's position is the same position, and has a best move.
            let position = saved.game.position_text();
            let back = entry.read_position(&position).unwrap();
            assert_eq!(back.position_text(), position, "{name}");
            assert_eq!(back.legal_moves(), saved.game.legal_moves(), "{name}");
            let answer = entry
                .bestmove(
                    &position,
                    &Settings::default(),
                    level(2),
                    crate::ai::Budget::Level,
                )
                .unwrap_or_else(|e| panic!("{name} {position}: {e}"));
            assert!(!answer.best.is_empty(), "{name}");
        }
    }

    #[test]
    fn set_up_positions_no_game_reaches_are_refused_with_the_reason() {
        let file = |game: &str, setup: &str| {
            let entry = games::find(game.lines().next().unwrap()).unwrap();
            let [first, second] = entry.side_keys();
            error(&format!(
                "game {game}\n{first} human\n{second} human\nsetup {setup}\n"
            ))
        };
        let grid = |bottom: &str| format!("......./......./......./......./......./{bottom}");
        for (bottom, why) in [
            ("yy.....", "Red moves first"),
            ("rrr....", "Red moves first"),
            ("rrrryyy", "Red has four in a row but Yellow moved after it"),
        ] {
            let mut grid = grid(bottom);
            if bottom == "rrrryyy" {
                grid = grid.replacen("/......./rrrryyy", "/y....../rrrryyy", 1);
            }
            let message = file("connectfour", &grid);
            assert!(
                message.contains("line 4") && message.contains(why),
                "{message}"
            );
        }
        let both = "......./......./y....../y....../y....../yrrrr..";
        assert!(file("connectfour", both).contains("both Red and Yellow have four in a row"));
        let floating = "......./......./......./......./...r.../.......";
        assert!(file("connectfour", floating).contains("floats"));
        assert!(file("tictactoe", "OO.......").contains("X moves first"));
        let five = "black=a1,a2,a3,a4,a5;white=c1,c2,c3,c4,c5;turn=black";
        assert!(file("gomoku\nsize 15x15\nrule freestyle", five).contains("both Black and White"));
        let full = "p1=111|222|333;p2=||;die=4;turn=p2";
        assert!(file("knucklebones\nseed 1\nstarts p1", full).contains("tray is full"));
    }

    #[test]
    fn a_paste_opens_a_game_a_record_a_position_or_moves_and_says_why_not() {
        let table = SavedGame::from_text(&format!("{HEAD}moves h8\n"))
            .unwrap()
            .game;
        // A saved game, whole.
        let saved = read_pasted(&format!("{HEAD}moves h8 i9\n"), &table).unwrap();
        assert_eq!(saved.seats.second, PlayerKind::Ai(level(3)));
        // Moves for the game on the table, with its settings, move numbers allowed.
        let moves = read_pasted("1. h8 i9 2. j10", &table).unwrap();
        assert_eq!(moves.game.moves(), ["h8", "i9", "j10"]);
        assert_eq!(moves.seats, Seats::HOT_SEAT);
        // A position as tabletop-cli writes it.
        let position = read_pasted("15x15:h8,i9,h9", &table).unwrap();
        assert_eq!(position.game.moves(), ["h8", "i9", "h9"]);
        // A Gomocup record.
        let psq = read_pasted("Piskvorky 15x15, 11:11, 0\n8,8,0\n1,15,0\n", &table).unwrap();
        assert_eq!(psq.game.moves(), ["h8", "a1"]);
        // What does not read says why, in one line.
        let bad = |text: &str| read_pasted(text, &table).unwrap_err();
        assert!(bad("h8 i9 h8").contains("move 3 (h8) of Gomoku: h8 is already taken"));
        assert!(
            bad("hello there").starts_with("not a game"),
            "{}",
            bad("hello there")
        );
        assert!(bad("  ").contains("no text"));
        assert!(bad(&format!("{HEAD}moves h8 h8\n")).contains("move 2 (h8)"));
        for text in [
            "hello there",
            "h8 i9 h8",
            "",
            "game",
            "(((",
            "Piskvorky 15x15",
        ] {
            assert!(
                !read_pasted(text, &table).is_err_and(|e| e.contains('\n')),
                "{text}"
            );
        }
    }
}
