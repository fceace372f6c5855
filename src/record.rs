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
//! Reading checks everything before it returns: the settings, then every move
//! replayed on the board, so a [`SavedGame`] always holds a legal position.

use std::fmt;
use std::str::FromStr;

use crate::ai::Level;
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, Rule};

/// Who plays a side: a person at this computer, or an AI of some level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A person: moves come from clicks.
    Human,
    /// The computer at this level.
    Ai(Level),
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
            PlayerKind::Human => None,
            PlayerKind::Ai(level) => Some(level),
        }
    }
}

/// `human`, or `ai:N` for an AI of level N: the spelling of files and flags.
impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerKind::Human => f.write_str("human"),
            PlayerKind::Ai(level) => write!(f, "ai:{level}"),
        }
    }
}

impl FromStr for PlayerKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim().to_ascii_lowercase();
        let bad = || {
            format!(
                "'{}' is not a player: expected human or ai:1 .. ai:5",
                s.trim()
            )
        };
        if text == "human" {
            return Ok(PlayerKind::Human);
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

/// Why a saved game could not be read. The message names the line or move at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(String);

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

/// A game as saved: who plays and the position with its whole move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// Who plays each side.
    pub seats: Seats,
    /// The game, replayed from its moves.
    pub game: Gomoku,
}

/// Moves per `moves` line in a written file.
const MOVES_PER_LINE: usize = 10;

impl SavedGame {
    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "# Tabletop saved game\ngame gomoku\nsize {}\nrule {}\nblack {}\nwhite {}\n",
            self.game.size(),
            self.game.rule(),
            self.seats.first,
            self.seats.second
        );
        for chunk in self.game.moves().chunks(MOVES_PER_LINE) {
            let moves: Vec<String> = chunk.iter().map(ToString::to_string).collect();
            text.push_str(&format!("moves {}\n", moves.join(" ")));
        }
        text
    }

    /// Reads a saved game, checking the settings and replaying every move.
    pub fn from_text(text: &str) -> Result<Self, RecordError> {
        let fail = |why: String| Err(RecordError(why));
        let mut game_name = None;
        let mut size = None;
        let mut rule = None;
        let mut black = None;
        let mut white = None;
        let mut moves: Vec<(usize, &str)> = Vec::new();
        for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let (key, value) = line
                .split_once(char::is_whitespace)
                .map_or((line, ""), |(k, v)| (k, v.trim()));
            let once = |slot: &Option<(usize, &str)>| match slot {
                Some((first, _)) => Err(RecordError(format!(
                    "line {number}: a second '{key}' line (the first is line {first})"
                ))),
                None => Ok(Some((number, value))),
            };
            match key.to_ascii_lowercase().as_str() {
                "game" => game_name = once(&game_name)?,
                "size" => size = once(&size)?,
                "rule" => rule = once(&rule)?,
                "black" => black = once(&black)?,
                "white" => white = once(&white)?,
                "moves" => moves.extend(
                    value
                        .split_whitespace()
                        .filter(|word| !is_move_number(word))
                        .map(|word| (number, word)),
                ),
                _ => return fail(format!("line {number}: unknown line '{key}'")),
            }
        }
        if game_name.is_none() && size.is_none() && black.is_none() {
            return fail("not a Tabletop saved game (no 'game' or 'size' line)".to_owned());
        }
        let (line, name) = required(game_name, "game")?;
        if !name.eq_ignore_ascii_case("gomoku") {
            return fail(format!(
                "line {line}: game '{name}' is not one this version reads (gomoku)"
            ));
        }
        let (line, text) = required(size, "size")?;
        let size: BoardSize = text
            .parse()
            .map_err(|e| RecordError(format!("line {line}: {e}")))?;
        let (line, text) = required(rule, "rule")?;
        let rule: Rule = text
            .parse()
            .map_err(|e| RecordError(format!("line {line}: {e}")))?;
        let mut seats = Seats::HOT_SEAT;
        for (slot, key, player) in [
            (black, "black", Player::First),
            (white, "white", Player::Second),
        ] {
            let (line, text) = required(slot, key)?;
            let kind = text
                .parse()
                .map_err(|e| RecordError(format!("line {line}: {e}")))?;
            seats.set(player, kind);
        }
        let mut game = Gomoku::new(size, rule);
        for (n, (line, text)) in moves.into_iter().enumerate() {
            let at = format!("line {line}, move {} ({text})", n + 1);
            let point = size
                .parse_point(text)
                .map_err(|e| RecordError(format!("{at}: {e}")))?;
            game.play(point)
                .map_err(|e| RecordError(format!("{at}: {e}")))?;
        }
        Ok(Self { seats, game })
    }
}

/// The `(line, value)` of a line every file has.
fn required<'t>(
    slot: Option<(usize, &'t str)>,
    key: &str,
) -> Result<(usize, &'t str), RecordError> {
    slot.ok_or_else(|| RecordError(format!("missing '{key}' line (is the file cut short?)")))
}

/// `12.` in a pasted move list.
fn is_move_number(word: &str) -> bool {
    word.strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
            game,
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
            assert!(err.contains("expected human or ai:1"), "{bad}: {err}");
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
            game: Gomoku::new(size, Rule::FreeStyle),
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
            game: won,
        };
        assert_eq!(SavedGame::from_text(&won.to_text()), Ok(won));
    }

    #[test]
    fn comments_blank_lines_case_and_move_numbers_are_fine() {
        let text = "\n# my game\nGAME Gomoku\nsize 15x15   # the usual\nrule free-style\n\
                    black ai:2\nwhite human\nmoves 1. h8 i9 2. h9\nmoves 3. h10\n";
        let saved = SavedGame::from_text(text).unwrap();
        assert_eq!(saved.game.moves().len(), 4);
        assert_eq!(saved.seats.first, PlayerKind::Ai(level(2)));
        assert_eq!(saved.game.rule(), Rule::FreeStyle);
    }

    fn error(text: &str) -> String {
        SavedGame::from_text(text).unwrap_err().to_string()
    }

    const HEAD: &str = "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite ai:3\n";

    #[test]
    fn malformed_files_say_what_is_wrong() {
        assert!(error("").contains("not a Tabletop saved game"));
        assert!(error("hello world\n").contains("line 1: unknown line 'hello'"));
        assert!(error(&HEAD.replace("game gomoku", "game chess")).contains("game 'chess'"));
        assert!(error(&HEAD.replace("15x15", "15by15")).contains("line 2: bad board size"));
        assert!(error(&HEAD.replace("15x15", "25x15")).contains("line 2: bad board size"));
        assert!(error(&HEAD.replace("freestyle", "renju")).contains("line 3: unknown rule"));
        assert!(error(&HEAD.replace("ai:3", "ai:9")).contains("line 5: 'ai:9' is not a player"));
        assert!(error(&format!("{HEAD}size 15x15\n")).contains("line 6: a second 'size' line"));
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
}
