//! Knucklebones, the dice game: each player has a tray of 3 columns of 3 slots.
//!
//! On a turn a six-sided die is rolled and the mover puts it in a column of their own
//! tray that is not full; every die of the same value in the **same column of the
//! opponent's tray** is removed, and the opponent's remaining dice in that column close
//! up toward slot 0. A column scores the sum over values `v` of `v * count(v)^2` (two 4s
//! score 16, three 4s 36); a tray scores the sum of its columns. The game ends right
//! after the move that fills the mover's tray; the higher total wins, equal totals draw.
//!
//! The dice come from [`roll`]: the die of a game's n-th move is a fixed function of
//! the game's seed and n, so a game is replayed from its seed and its columns, and
//! undoing a move and making it again meets the same die. A game can also be told its
//! dice one by one instead ([`Game::take_chance_from_outside`]): a client of an online
//! room, whose server rolls them and keeps its seed until the game ends.
//!
//! Columns are shown to people as `1`..`3`. A position as text (the `tabletop-cli`
//! format) reads `p1=44|1|;p2=6||235;die=4;turn=p1`: each side's three columns as
//! their dice from slot 0, the die to place and the side to place it.

use super::settings::{Choice, Kind, RANDOM, Setting};
use super::{Edit, Game, Outcome, Player, SettingError, Settings};

mod tray;

pub use tray::{Column, KnucklebonesError, Tray, roll, side_name};

/// Slots in a column.
pub const COLUMN_SLOTS: usize = 3;
/// Columns in a tray.
pub const COLUMNS: usize = 3;

/// One move as it was made: enough to show it and to take it back exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Who placed the die.
    pub player: Player,
    /// The die's value, 1..=6.
    pub die: u8,
    /// The mover's column it went into (and the opponent's column it cleared).
    pub column: Column,
    /// How many of the opponent's dice it removed.
    pub removed: u8,
    /// The slots those dice were in before the removal, as a bit mask (slot 0 = bit 0).
    pub removed_slots: u8,
}

/// A game of Knucklebones with its dice seed and move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knucklebones {
    seed: u64,
    /// The dice told from outside, the die of move n at index n; `None` while the
    /// dice come from the seed.
    told: Option<Vec<u8>>,
    starter: Player,
    trays: [Tray; 2],
    to_move: Player,
    /// The die to place, 1..=6; 0 while a told die is awaited.
    die: u8,
    history: Vec<Placement>,
    /// The position the game was set up from ([`Game::setup_text`]), if it was.
    setup: Option<String>,
}

impl Knucklebones {
    /// A new game whose dice come from `seed`, `starter` to place the first die.
    #[must_use]
    pub fn new(seed: u64, starter: Player) -> Self {
        Self {
            seed,
            told: None,
            starter,
            trays: [Tray::new(); 2],
            to_move: starter,
            die: roll(seed, 0),
            history: Vec::new(),
            setup: None,
        }
    }

    /// Replays `columns` from a new game: how a saved game (seed, starter, moves) loads.
    pub fn from_moves(
        seed: u64,
        starter: Player,
        columns: impl IntoIterator<Item = Column>,
    ) -> Result<Self, KnucklebonesError> {
        let mut game = Self::new(seed, starter);
        for column in columns {
            game.play(column)?;
        }
        Ok(game)
    }

    /// Reads a position `p1=<c1>|<c2>|<c3>;p2=<c1>|<c2>|<c3>;die=<d>;turn=<p1|p2>`, each
    /// column its dice as digits from slot 0 (e.g. `p1=44|1|;p2=6||235;die=4;turn=p1`).
    ///
    /// The game must still be on: neither tray may be full (a full tray means the game
    /// ended when it filled). The history is unknown, so it starts empty, the starter
    /// is taken to be the side to move, and the dice after this one come from
    /// [`roll`] with seed 0.
    pub fn from_position(text: &str) -> Result<Self, KnucklebonesError> {
        let text = text.trim();
        let bad = |why: String| KnucklebonesError::BadPosition(format!("'{text}': {why}"));
        let fields: Vec<&str> = text.split(';').map(str::trim).collect();
        let [p1, p2, die, turn] = fields[..] else {
            return Err(bad(format!(
                "{} fields, expected 4: p1=..;p2=..;die=..;turn=..",
                fields.len()
            )));
        };
        let value = |field: &str, key: &str| -> Result<String, KnucklebonesError> {
            match field.split_once('=') {
                Some((k, v)) if k.trim().eq_ignore_ascii_case(key) => Ok(v.trim().to_owned()),
                _ => Err(bad(format!("expected {key}=... but found '{field}'"))),
            }
        };
        let p1 = Tray::parse(&value(p1, "p1")?).map_err(|why| bad(format!("p1: {why}")))?;
        let p2 = Tray::parse(&value(p2, "p2")?).map_err(|why| bad(format!("p2: {why}")))?;
        let die = match value(die, "die")?.as_str() {
            d @ ("1" | "2" | "3" | "4" | "5" | "6") => d.as_bytes()[0] - b'0',
            d => return Err(bad(format!("die '{d}' is not 1 to 6"))),
        };
        let to_move = match value(turn, "turn")?.to_ascii_lowercase().as_str() {
            "p1" => Player::First,
            "p2" => Player::Second,
            t => return Err(bad(format!("turn '{t}' is not p1 or p2"))),
        };
        let trays = [p1, p2];
        for player in Player::BOTH {
            if trays[player.index()].is_full() {
                return Err(bad(format!(
                    "the game is over: {}'s tray is full",
                    side_name(player)
                )));
            }
        }
        Ok(Self {
            seed: 0,
            told: None,
            starter: to_move,
            trays,
            to_move,
            die,
            history: Vec::new(),
            setup: None,
        })
    }

    /// The Edit mode's die to place: `face` (1..=6) in hand in this set-up position.
    pub fn set_up_die(&mut self, face: u8) -> Result<(), KnucklebonesError> {
        if !(1..=6).contains(&face) {
            return Err(KnucklebonesError::BadDie(face));
        }
        self.die = face;
        *self = Game::to_setup(self);
        Ok(())
    }

    /// The position in the text format [`Knucklebones::from_position`] reads.
    #[must_use]
    pub fn position_text(&self) -> String {
        format!(
            "p1={};p2={};die={};turn={}",
            self.trays[0].text(),
            self.trays[1].text(),
            self.die,
            side_name(self.to_move)
        )
    }

    /// The seed the dice come from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who placed the first die.
    #[must_use]
    pub fn starter(&self) -> Player {
        self.starter
    }

    /// `player`'s tray.
    #[must_use]
    pub fn tray(&self, player: Player) -> &Tray {
        &self.trays[player.index()]
    }

    /// The score of `player`'s `column`.
    #[must_use]
    pub fn column_score(&self, player: Player, column: Column) -> u32 {
        self.tray(player).column_score(column)
    }

    /// `player`'s total score.
    #[must_use]
    pub fn score(&self, player: Player) -> u32 {
        self.tray(player).score()
    }

    /// The die the side to move places now (after the end: the one it would place; 0
    /// while a told die is awaited).
    #[must_use]
    pub fn die(&self) -> u8 {
        self.die
    }

    /// The side to move (after the end: the side that would move next).
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// The moves so far, oldest first.
    #[must_use]
    pub fn placements(&self) -> &[Placement] {
        &self.history
    }

    /// The columns played so far, oldest first: with the seed and the starter, all a
    /// saved game needs.
    #[must_use]
    pub fn moves(&self) -> Vec<Column> {
        self.history.iter().map(|p| p.column).collect()
    }

    /// The last move.
    #[must_use]
    pub fn last_placement(&self) -> Option<&Placement> {
        self.history.last()
    }

    /// Whether the game has ended: the side that just moved filled its tray.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.tray(self.to_move.opponent()).is_full()
    }

    /// How the game ended, if it has: the higher total wins, equal totals draw.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let (first, second) = (self.score(Player::First), self.score(Player::Second));
        Some(match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// Why `column` cannot be played now, if it cannot.
    pub fn check(&self, column: Column) -> Result<(), KnucklebonesError> {
        if self.is_over() {
            Err(KnucklebonesError::GameOver)
        } else if self.die == 0 {
            Err(KnucklebonesError::NotRolled)
        } else if self.tray(self.to_move).is_column_full(column) {
            Err(KnucklebonesError::ColumnFull(column))
        } else {
            Ok(())
        }
    }

    /// Places the die in `column` of the mover's tray and removes the opponent's dice of
    /// its value from their `column`; the next die is rolled. A refused move changes
    /// nothing.
    pub fn play(&mut self, column: Column) -> Result<(), KnucklebonesError> {
        self.check(column)?;
        let player = self.to_move;
        let die = self.die;
        self.trays[player.index()].push(column, die);
        let removed_slots = self.trays[player.opponent().index()].remove_value(column, die);
        self.history.push(Placement {
            player,
            die,
            column,
            removed: removed_slots.count_ones() as u8,
            removed_slots,
        });
        self.to_move = player.opponent();
        let n = self.history.len();
        self.die = match &self.told {
            None => roll(self.seed, n),
            Some(told) => told.get(n).copied().unwrap_or(0),
        };
        Ok(())
    }

    /// From now on the dice are told ([`Knucklebones::tell_die`]), not rolled from the
    /// seed; the die in hand is forgotten until it is told.
    pub fn take_dice_from_outside(&mut self) {
        self.told = Some(self.history.iter().map(|p| p.die).collect());
        self.die = 0;
    }

    /// Tells the die to place now (a game whose dice are told; after the end, the die
    /// that would be placed, as a seeded game has one): refused when the dice come
    /// from the seed, or for a value not 1..=6.
    pub fn tell_die(&mut self, die: u8) -> Result<(), KnucklebonesError> {
        let n = self.history.len();
        let Some(told) = &mut self.told else {
            return Err(KnucklebonesError::NotTold);
        };
        if !(1..=6).contains(&die) {
            return Err(KnucklebonesError::BadDie(die));
        }
        told.truncate(n);
        told.push(die);
        self.die = die;
        Ok(())
    }

    /// Takes back the last move exactly: the die returns to the mover's hand and the
    /// removed dice to their slots.
    pub fn undo(&mut self) -> Option<Column> {
        let p = self.history.pop()?;
        self.trays[p.player.index()].pop(p.column);
        self.trays[p.player.opponent().index()].restore_value(p.column, p.die, p.removed_slots);
        self.to_move = p.player;
        self.die = p.die;
        Some(p.column)
    }

    /// The columns the mover may play, while the game goes on (none while a told die
    /// is awaited).
    #[must_use]
    pub fn legal_columns(&self) -> Vec<Column> {
        if self.is_over() || self.die == 0 {
            return Vec::new();
        }
        Column::ALL
            .into_iter()
            .filter(|&c| !self.tray(self.to_move).is_column_full(c))
            .collect()
    }
}

impl Game for Knucklebones {
    type Move = Column;
    type Error = KnucklebonesError;

    const NAME: &'static str = "knucklebones";
    const TITLE: &'static str = "Knucklebones";
    const SIDE_KEYS: [&'static str; 2] = ["p1", "p2"];
    const SETTINGS: &'static [Setting] = &SETTINGS;

    fn side_name(player: Player) -> &'static str {
        player_name(player)
    }

    fn side_to_move(&self) -> Player {
        Knucklebones::side_to_move(self)
    }

    fn legal_moves(&self) -> Vec<Column> {
        self.legal_columns()
    }

    fn check(&self, mv: Column) -> Result<(), KnucklebonesError> {
        Knucklebones::check(self, mv)
    }

    fn play(&mut self, mv: Column) -> Result<(), KnucklebonesError> {
        Knucklebones::play(self, mv)
    }

    fn undo(&mut self) -> Option<Column> {
        Knucklebones::undo(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Knucklebones::outcome(self)
    }

    fn history(&self) -> Vec<Column> {
        self.moves()
    }

    fn plies(&self) -> usize {
        self.history.len()
    }

    fn parse_move(&self, text: &str) -> Result<Column, KnucklebonesError> {
        Column::parse(text)
    }

    /// `p1=44|1|;p2=6||235;die=4;turn=p1`: see [`Knucklebones::from_position`].
    fn position_text(&self) -> String {
        Knucklebones::position_text(self)
    }

    fn from_position(text: &str) -> Result<Self, String> {
        Knucklebones::from_position(text).map_err(|e| e.to_string())
    }

    /// The position set up, as [`Knucklebones::position_text`] writes it.
    fn setup_text(&self) -> Option<String> {
        self.setup.clone()
    }

    /// The dice after the set-up one come from this game's seed.
    fn set_up(&self, text: &str) -> Result<Self, String> {
        let position = Knucklebones::from_position(text).map_err(|e| e.to_string())?;
        let mut game = Self {
            seed: self.seed,
            ..position
        };
        game.setup = Some(game.position_text());
        Ok(game)
    }

    fn to_setup(&self) -> Self {
        let mut game = Self {
            seed: self.seed,
            told: None,
            starter: self.to_move,
            trays: self.trays,
            to_move: self.to_move,
            die: if self.die == 0 { 1 } else { self.die },
            history: Vec::new(),
            setup: None,
        };
        game.setup = Some(game.position_text());
        game
    }

    fn edit(&mut self, column: Column, edit: Edit) -> Result<(), String> {
        let mut game = self.to_setup();
        match edit {
            Edit::Put { side, face } => {
                if !(1..=6).contains(&face) {
                    return Err(KnucklebonesError::BadDie(face).to_string());
                }
                let tray = &mut game.trays[side.index()];
                if tray.is_column_full(column) {
                    return Err(format!("{}'s column {column} is full", player_name(side)));
                }
                tray.push(column, face);
            }
            Edit::Take { side } => {
                let tray = &mut game.trays[side.index()];
                if tray.len(column) == 0 {
                    return Err(format!("{}'s column {column} is empty", player_name(side)));
                }
                tray.pop(column);
            }
        }
        *self = game.to_setup();
        Ok(())
    }

    fn set_side_to_move(&mut self, side: Player) -> Result<(), String> {
        self.to_move = side;
        *self = self.to_setup();
        Ok(())
    }

    fn setup_error(&self) -> Option<String> {
        Player::BOTH
            .into_iter()
            .find(|&side| self.trays[side.index()].is_full())
            .map(|side| {
                format!(
                    "{}'s tray is full: the game would be over",
                    player_name(side)
                )
            })
    }

    fn settings(&self) -> Vec<String> {
        vec![self.seed.to_string(), side_name(self.starter).to_owned()]
    }

    fn chance(&self) -> Option<String> {
        (self.die != 0).then(|| self.die.to_string())
    }

    fn take_chance_from_outside(&mut self) {
        self.take_dice_from_outside();
    }

    fn tell_chance(&mut self, outcome: &str) -> Result<(), String> {
        let die = outcome
            .trim()
            .parse()
            .map_err(|_| format!("'{outcome}' is not a die"))?;
        self.tell_die(die).map_err(|e| e.to_string())
    }

    fn from_settings(settings: &Settings<'_>) -> Result<Self, SettingError> {
        let text = settings.required("seed")?;
        let seed: u64 = text.parse().map_err(|_| {
            SettingError::Bad(
                "seed",
                format!("seed '{text}' is not a number from 0 to {}", u64::MAX),
            )
        })?;
        let text = settings.required("starts")?;
        let starter = match text.to_ascii_lowercase().as_str() {
            "p1" => Player::First,
            "p2" => Player::Second,
            _ => {
                return Err(SettingError::Bad(
                    "starts",
                    format!("starts '{text}' is not p1 or p2"),
                ));
            }
        };
        Ok(Knucklebones::new(seed, starter))
    }
}

/// Knucklebones' settings: the dice seed and who places the first die.
pub const SETTINGS: [Setting; 2] = [
    Setting {
        key: "seed",
        kind: Kind::Seed,
        default: RANDOM,
        omitted_when_default: false,
        help: "Dice seed: a game with the same seed rolls the same dice",
        label: "knucklebones-seed",
    },
    Setting {
        key: "starts",
        kind: Kind::Choice {
            choices: &[
                Choice {
                    value: "p1",
                    aliases: &[],
                    help: "Player 1",
                    label: "knucklebones-first",
                },
                Choice {
                    value: "p2",
                    aliases: &[],
                    help: "Player 2",
                    label: "knucklebones-second",
                },
            ],
            random: true,
        },
        default: "p1",
        omitted_when_default: false,
        help: "Who places the first die",
        label: "knucklebones-starts",
    },
];

/// What people call a side: `Player 1`, `Player 2`.
#[must_use]
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "Player 1",
        Player::Second => "Player 2",
    }
}

#[cfg(test)]
mod tests;
