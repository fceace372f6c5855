//! The rules of every game, as plain Rust with no engine types.
//!
//! The Bevy app, the AIs and the command-line tools all build on these types; nothing
//! here knows how a game is drawn or who is playing it.

pub mod conformance;
pub mod connectfour;
pub mod gomoku;
pub mod knucklebones;
pub mod settings;
pub mod tictactoe;

use std::fmt;

use rand::RngCore;

pub use settings::{Setting, SettingError, Settings, Setup};

/// One of the two sides of a two-player game.
///
/// Each game names its sides its own way (Black/White in Gomoku); the rules only need
/// to know who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The side that makes the first move.
    First,
    /// The side that replies.
    Second,
}

impl Player {
    /// Both sides, first mover first.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// The other side.
    #[must_use]
    pub fn opponent(self) -> Self {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// Who moves after `plies` moves in a game where the sides simply alternate.
    #[must_use]
    pub fn to_move_after(plies: usize) -> Self {
        if plies.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    /// 0 for the first mover, 1 for the second: an index into per-side arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` won the game.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(Player::First) => f.write_str("first player wins"),
            Outcome::Win(Player::Second) => f.write_str("second player wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// What every game's rules offer, so that everything generic works over any game:
/// the saved-game format, the command-line tools, the conformance suite
/// ([`conformance`]) and the app's move path.
///
/// A game names itself ([`Game::NAME`], [`Game::TITLE`], its sides), says which
/// settings its files carry ([`Game::settings`], [`Game::from_settings`]) and reads
/// and writes its moves and positions as text. Engines that need speed use a game's
/// own richer API besides.
pub trait Game: Clone + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// A move in this game.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// Why a move was refused.
    type Error: std::error::Error;

    /// The game's name in saved files and on the command line: `gomoku`.
    const NAME: &'static str;
    /// The game's name for people: `Gomoku`, `Tic-tac-toe`.
    const TITLE: &'static str;
    /// The keys naming the two sides in saved files, first mover first:
    /// `["black", "white"]`.
    const SIDE_KEYS: [&'static str; 2];
    /// The game's settings ([`settings`]): its own lines in saved files, in the
    /// order they are written, and its flags, options and menu widgets.
    const SETTINGS: &'static [Setting] = &[];

    /// What people call `player`: `Black`, `X`, `Player 1`.
    fn side_name(player: Player) -> &'static str;

    /// The side whose turn it is.
    fn side_to_move(&self) -> Player;
    /// The seat that acts now. Players sit down as a side (a saved file's `black`
    /// and `white` players name their seats), and usually the seat of the side to
    /// move acts; an opening rule may hand the turn to the other seat (swap2's first
    /// player puts White's stone too) or swap the seats' colours
    /// ([`Game::side_of_seat`]).
    fn actor(&self) -> Player {
        self.side_to_move()
    }
    /// The side `seat` plays now: the one it sat down as, unless an opening rule
    /// swapped them. Its own inverse.
    fn side_of_seat(&self, seat: Player) -> Player {
        seat
    }
    /// Whether an opening rule still decides what the next moves may be. Such a
    /// position has no set-up form: [`Game::to_setup`] gives its pieces, and a game
    /// from them plays no opening.
    fn in_opening(&self) -> bool {
        false
    }
    /// Every move the side to move may make; empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Why `mv` would be refused now, if it would.
    fn check(&self, mv: Self::Move) -> Result<(), Self::Error>;
    /// Makes `mv` for the side to move, or refuses it and leaves the game unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error>;
    /// Takes back the last move, restoring the position before it exactly.
    fn undo(&mut self) -> Option<Self::Move>;
    /// `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// The moves so far, oldest first.
    fn history(&self) -> Vec<Self::Move>;
    /// How many moves have been played.
    fn plies(&self) -> usize {
        self.history().len()
    }
    /// The pieces that won, for games won by a line (Gomoku's five, Tic-tac-toe's
    /// three); empty for other games and while nobody has won.
    fn winning_line(&self) -> Vec<Self::Move> {
        Vec::new()
    }

    /// Reads a move in the game's notation (`h8`, `b2`, `3`); the move's `Display`
    /// writes it.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::Error>;
    /// The position as one line of text, as `tabletop-cli` reads it.
    fn position_text(&self) -> String;
    /// Reads [`Game::position_text`]; the error is one line for people.
    fn from_position(text: &str) -> Result<Self, String>;

    /// Another program's record format the game reads and writes besides the saved
    /// games of `record` (Gomoku: Gomocup's `.psq`), by its file extension.
    const OTHER_FORMAT: Option<&'static str> = None;

    /// The game a record in [`Game::OTHER_FORMAT`] holds; `None` when `text` is not
    /// such a record, an error (one line for people) when it is one that does not read.
    fn read_other_format(_text: &str) -> Option<Result<Self, String>> {
        None
    }

    /// The game as a record in [`Game::OTHER_FORMAT`].
    fn write_other_format(&self) -> Result<String, String> {
        Err("this game has no other record format".to_owned())
    }

    /// The values the game is played with, one per [`Game::SETTINGS`], in that
    /// order (never [`settings::RANDOM`]).
    fn settings(&self) -> Vec<String> {
        Vec::new()
    }
    /// A new game from its settings lines (a saved file's), each value one that its
    /// [`Setting`] reads.
    fn from_settings(settings: &Settings<'_>) -> Result<Self, SettingError>;

    /// The outcome of chance the position stands on, for a game with chance
    /// (Knucklebones' die to place: `4`); `None` for a game without, and while a
    /// told outcome is awaited.
    fn chance(&self) -> Option<String> {
        None
    }
    /// From now on the game is told its chance ([`Game::tell_chance`]) instead of
    /// drawing it from its seed: a client of an online room plays this way, whose
    /// server draws the chance and keeps the seed until the game ends. The outcome in
    /// hand is forgotten until it is told. Nothing for a game without chance.
    fn take_chance_from_outside(&mut self) {}
    /// Tells the outcome the position waits on (after
    /// [`Game::take_chance_from_outside`]); the error is one line for people.
    fn tell_chance(&mut self, outcome: &str) -> Result<(), String> {
        Err(format!(
            "{} has no chance to tell ('{outcome}')",
            Self::NAME
        ))
    }

    /// A new game as a player chose it: each [`settings::RANDOM`] of `setup` drawn
    /// from `rng` (a fresh dice seed, a coin toss for who starts).
    fn new_game(setup: &Setup, rng: &mut dyn RngCore) -> Result<Self, SettingError> {
        Self::from_settings(&Settings::of(Self::SETTINGS, &setup.resolve(rng)))
    }

    // Positions set up by hand: the app's Edit mode, a saved file's `setup` line.
    // A set-up game starts from its pieces instead of the usual start; its history
    // holds only the moves played after it, and undo stops there.

    /// The position this game was set up from, in the game's set-up notation (what
    /// [`Game::set_up`] reads); `None` for a game from the usual start.
    fn setup_text(&self) -> Option<String>;
    /// A game with this game's settings (size, rule, dice seed), set up as `text`
    /// says, no moves played; refused, in one line for people, when `text` does not
    /// read or the position could not arise in a game ([`Game::setup_error`]).
    fn set_up(&self, text: &str) -> Result<Self, String>;
    /// The position as a set-up one, the same pieces and side to move and no moves:
    /// where the Edit mode starts.
    #[must_use]
    fn to_setup(&self) -> Self;
    /// The Edit mode's change at `spot` (a move's place: a point, a cell, a column).
    /// Changes the pieces only, so the position may for a while be one no game
    /// reaches; [`Game::setup_error`] says so. Refused, saying why, when `spot`
    /// cannot take it (a full column) and then nothing changes.
    fn edit(&mut self, spot: Self::Move, edit: Edit) -> Result<(), String>;
    /// The Edit mode's choice of the side to move. Games whose side to move follows
    /// from the pieces (Tic-tac-toe, Connect Four) refuse the other side, saying why.
    fn set_side_to_move(&mut self, side: Player) -> Result<(), String>;
    /// Why this set-up position could not arise in a game (disc counts no game
    /// reaches, both sides with a line), if it could not.
    fn setup_error(&self) -> Option<String>;
}

/// A change the Edit mode makes at one spot of a game ([`Game::edit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A piece of `side` goes there: a stone, a mark, a disc dropped into the
    /// column; in Knucklebones a die showing `face` at the end of `side`'s column
    /// (the other games do not read `face`).
    Put {
        /// Whose piece.
        side: Player,
        /// A die's face, 1..=6.
        face: u8,
    },
    /// The piece there goes: a stone or mark, a column's top disc; in Knucklebones
    /// the last die of `side`'s column (the other games do not read `side`).
    Take {
        /// Whose tray, in Knucklebones.
        side: Player,
    },
}

/// The side of `G` whose key in files (`black`, `x`, `p1`: [`Game::SIDE_KEYS`]) is
/// `key`, in any case. The error is one line for people.
pub(crate) fn side_of_key<G: Game>(key: &str) -> Result<Player, String> {
    Player::BOTH
        .into_iter()
        .find(|side| G::SIDE_KEYS[side.index()].eq_ignore_ascii_case(key.trim()))
        .ok_or_else(|| {
            format!(
                "'{}' is not {} or {}",
                key.trim(),
                G::SIDE_KEYS[0],
                G::SIDE_KEYS[1]
            )
        })
}

/// Reads set-up text of the form `key=value;key=value` with exactly `keys`, in
/// that order (any case, spaces around the parts); the values in order. The error
/// is one line for people.
pub(crate) fn setup_fields<'t, const N: usize>(
    text: &'t str,
    keys: [&str; N],
) -> Result<[&'t str; N], String> {
    let fields: Vec<&str> = text.trim().split(';').map(str::trim).collect();
    if fields.len() != N {
        let expected: Vec<String> = keys.iter().map(|k| format!("{k}=...")).collect();
        return Err(format!(
            "'{}': {} fields, expected {N}: {}",
            text.trim(),
            fields.len(),
            expected.join(";")
        ));
    }
    let mut values = [""; N];
    for ((value, field), key) in values.iter_mut().zip(&fields).zip(keys) {
        match field.split_once('=') {
            Some((k, v)) if k.trim().eq_ignore_ascii_case(key) => *value = v.trim(),
            _ => return Err(format!("expected {key}=... but found '{field}'")),
        }
    }
    Ok(values)
}
