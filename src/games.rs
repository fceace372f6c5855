//! The games, in one list: everything below the app (saved games, `tabletop-cli`,
//! the conformance suite, the property tests) finds a game here by its name and
//! reaches it only through [`GameEntry`], so none of it names a game.
//!
//! A game joins by implementing the rules' [`Game`] (with its settings schema) and
//! the AI's [`GameAi`] in its own folders and adding one line to [`GAMES`] (with the
//! `tabletop-cli` subcommands it brings, if any); the app has a list of its own
//! (`app::games`), and a test fails while the two differ.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};

use crate::ai::arena::{Contestant, LegalityReport, MatchResult, legality_run, play_match};
use crate::ai::{Analysis, Budget, GameAi, Level};
use crate::rules::settings::Kind;
use crate::rules::{Game, Outcome, Player, Setting, SettingError, Settings, Setup, conformance};
use crate::tools::{self, GameCommand};

/// Every game, in menu order: the one list of the plain layers.
pub static GAMES: &[&dyn GameEntry] = &[
    &Entry::<crate::rules::gomoku::Gomoku>::with_commands(&tools::gomoku::COMMANDS),
    &Entry::<crate::rules::tictactoe::TicTacToe>::NEW,
    &Entry::<crate::rules::knucklebones::Knucklebones>::NEW,
    &Entry::<crate::rules::connectfour::ConnectFour>::NEW,
];

/// The game called `name` in files and on the command line (any case).
#[must_use]
pub fn find(name: &str) -> Option<&'static dyn GameEntry> {
    GAMES
        .iter()
        .copied()
        .find(|game| game.name().eq_ignore_ascii_case(name))
}

/// `gomoku, tictactoe, knucklebones`: the names, for messages.
#[must_use]
pub fn names() -> String {
    let names: Vec<&str> = GAMES.iter().map(|game| game.name()).collect();
    names.join(", ")
}

/// What the generic code can do with a game without knowing which it is.
pub trait GameEntry: Sync {
    /// Its name in files and on the command line: `gomoku`.
    fn name(&self) -> &'static str;
    /// Its name for people: `Tic-tac-toe`.
    fn title(&self) -> &'static str;
    /// The keys naming its sides in files, first mover first.
    fn side_keys(&self) -> [&'static str; 2];
    /// Its sides' names for people, first mover first (`Black`, `Player 1`).
    fn side_names(&self) -> [&'static str; 2];
    /// Its settings ([`Game::SETTINGS`]): its own lines in files, its flags and
    /// options, its menu widgets.
    fn settings(&self) -> &'static [Setting];
    /// The `tabletop-cli` subcommands it brings (Gomoku's `match`).
    fn commands(&self) -> &'static [GameCommand];
    /// How `tabletop-cli` positions of this game are written.
    fn position_help(&self) -> &'static str;
    /// A new game from `settings` (a saved file's lines: each setting once, one
    /// value), then `moves` (in notation) replayed on it.
    fn replay(&self, settings: &Settings<'_>, moves: &[&str]) -> Result<GameRecord, ReplayError> {
        self.replay_set_up(settings, None, moves)
    }
    /// [`GameEntry::replay`] from a set-up position (a file's `setup` line, in the
    /// game's set-up notation: [`Game::set_up`]) when there is one.
    fn replay_set_up(
        &self,
        settings: &Settings<'_>,
        setup: Option<&str>,
        moves: &[&str],
    ) -> Result<GameRecord, ReplayError>;
    /// A game from its position text ([`Game::from_position`]).
    fn read_position(&self, text: &str) -> Result<GameRecord, String>;
    /// A new game as a player chose it ([`Game::new_game`]: each `random` setting
    /// drawn from `rng`).
    fn new_game(&self, setup: &Setup, rng: &mut dyn RngCore) -> Result<GameRecord, String>;
    /// A game as a client of an online room sees it: `settings` without the seeds
    /// (the server keeps them until the end; any given are not used), the chance
    /// told from outside ([`Game::take_chance_from_outside`]), `told` holding the
    /// outcome of each position that drew one, oldest first, then `moves` replayed.
    fn replay_told(
        &self,
        settings: &Settings<'_>,
        moves: &[&str],
        told: &[&str],
    ) -> Result<GameRecord, ReplayError>;
    /// The AI's move for a `tabletop-cli` position, in notation, and its value.
    fn bestmove(
        &self,
        position: &str,
        settings: &Settings<'_>,
        level: Level,
        budget: Budget,
    ) -> Result<Analysis<String>, String>;
    /// The strongest AI's view of `game`'s position, searched as `budget` says: its
    /// move in notation and the position's value ([`crate::review`]); `None` once the
    /// game is over, or if `game` is another game.
    fn analyse_record(&self, game: &GameRecord, budget: Budget) -> Option<Analysis<String>>;
    /// The other program's record format it reads and writes ([`Game::OTHER_FORMAT`]),
    /// by its file extension: `psq`.
    fn other_format(&self) -> Option<&'static str>;
    /// The game a record in that format holds ([`Game::read_other_format`]); `None`
    /// when `text` is not one.
    fn read_other_format(&self, text: &str) -> Option<Result<GameRecord, String>>;
    /// `game` as a record in that format; an error if `game` is another game or the
    /// format cannot hold it.
    fn write_other_format(&self, game: &GameRecord) -> Result<String, String>;
    /// AI against AI: see [`play_match`].
    fn play_match(
        &self,
        settings: &Settings<'_>,
        sides: [Contestant; 2],
        games: u32,
        seed: u64,
    ) -> Result<MatchResult, String>;
    /// A legality run ([`legality_run`]).
    fn legality(
        &self,
        settings: &Settings<'_>,
        games: u32,
        seed: u64,
        cap: Option<Duration>,
    ) -> Result<LegalityReport, String>;
    /// How long `level` may think over a move ([`GameAi::level_time`]).
    fn level_time(&self, level: Level) -> Option<Duration>;
    /// The rules' conformance suite ([`conformance::check`]) from a new game with
    /// `settings`, with its settings schema ([`conformance::check_settings`]) and
    /// the saved-file round trip.
    fn conformance(&self, settings: &Settings<'_>, playouts: u32, seed: u64) -> Result<(), String>;
    /// A new game with `settings` after up to `plies` random legal moves (fewer if it
    /// ends first), drawn from `seed`: positions for tests and tools.
    fn sample(
        &self,
        settings: &Settings<'_>,
        plies: usize,
        seed: u64,
    ) -> Result<GameRecord, String>;
}

/// Why a saved game's moves could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The game's settings are missing or wrong.
    Setting(SettingError),
    /// The set-up position does not read or could not arise; why.
    Setup(String),
    /// Move number `index` (from 0), written `text`, does not read or is illegal.
    Move {
        /// Which move, from 0.
        index: usize,
        /// Why.
        why: String,
    },
}

/// The registry's entry of game `G`.
struct Entry<G> {
    game: PhantomData<fn() -> G>,
    commands: &'static [GameCommand],
}

impl<G> Entry<G> {
    /// Game `G`, which brings no subcommands.
    const NEW: Self = Self::with_commands(&[]);

    /// Game `G`, with the `tabletop-cli` subcommands it brings.
    const fn with_commands(commands: &'static [GameCommand]) -> Self {
        Self {
            game: PhantomData,
            commands,
        }
    }
}

/// The settings of a saved file, each read as the value the game was played with
/// ([`Setting::read_played`]), in the order of `G`'s schema.
fn played_settings<G: Game>(settings: &Settings<'_>) -> Result<Vec<String>, SettingError> {
    G::SETTINGS
        .iter()
        .map(|setting| setting.read_played(setting.value_in(settings)?))
        .collect()
}

impl<G: GameAi> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn side_keys(&self) -> [&'static str; 2] {
        G::SIDE_KEYS
    }

    fn side_names(&self) -> [&'static str; 2] {
        Player::BOTH.map(G::side_name)
    }

    fn settings(&self) -> &'static [Setting] {
        G::SETTINGS
    }

    fn commands(&self) -> &'static [GameCommand] {
        self.commands
    }

    fn position_help(&self) -> &'static str {
        G::POSITION_HELP
    }

    fn replay_set_up(
        &self,
        settings: &Settings<'_>,
        setup: Option<&str>,
        moves: &[&str],
    ) -> Result<GameRecord, ReplayError> {
        let values = played_settings::<G>(settings).map_err(ReplayError::Setting)?;
        let mut game =
            G::from_settings(&Settings::of(G::SETTINGS, &values)).map_err(ReplayError::Setting)?;
        if let Some(text) = setup {
            game = game.set_up(text).map_err(ReplayError::Setup)?;
        }
        for (index, text) in moves.iter().enumerate() {
            game.parse_move(text)
                .and_then(|mv| game.play(mv))
                .map_err(|e| ReplayError::Move {
                    index,
                    why: e.to_string(),
                })?;
        }
        Ok(GameRecord::new(game))
    }

    fn read_position(&self, text: &str) -> Result<GameRecord, String> {
        G::from_position(text).map(GameRecord::new)
    }

    fn new_game(&self, setup: &Setup, rng: &mut dyn RngCore) -> Result<GameRecord, String> {
        G::new_game(setup, rng)
            .map(GameRecord::new)
            .map_err(|e| e.to_string())
    }

    fn replay_told(
        &self,
        settings: &Settings<'_>,
        moves: &[&str],
        told: &[&str],
    ) -> Result<GameRecord, ReplayError> {
        // The seeds are the server's: any value stands in, the chance is told.
        let pairs: Vec<(&str, &str)> = G::SETTINGS
            .iter()
            .map(|setting| match setting.kind {
                Kind::Seed => Ok((setting.key, "0")),
                _ => setting.value_in(settings).map(|value| (setting.key, value)),
            })
            .collect::<Result<_, _>>()
            .map_err(ReplayError::Setting)?;
        let values = played_settings::<G>(&Settings::new(pairs)).map_err(ReplayError::Setting)?;
        let mut game =
            G::from_settings(&Settings::of(G::SETTINGS, &values)).map_err(ReplayError::Setting)?;
        game.take_chance_from_outside();
        let mut told = told.iter();
        let mut tell = |game: &mut G, index: usize| -> Result<(), ReplayError> {
            if let Some(outcome) = told.next() {
                game.tell_chance(outcome)
                    .map_err(|why| ReplayError::Move { index, why })?;
            }
            Ok(())
        };
        for (index, text) in moves.iter().enumerate() {
            if game.chance().is_none() {
                tell(&mut game, index)?;
            }
            game.parse_move(text)
                .and_then(|mv| game.play(mv))
                .map_err(|e| ReplayError::Move {
                    index,
                    why: e.to_string(),
                })?;
        }
        if game.chance().is_none() {
            tell(&mut game, moves.len())?;
        }
        Ok(GameRecord::new(game))
    }

    fn bestmove(
        &self,
        position: &str,
        settings: &Settings<'_>,
        level: Level,
        budget: Budget,
    ) -> Result<Analysis<String>, String> {
        let game = G::cli_position(position, settings)?;
        // Random choices from a fixed seed: the same question, the same answer.
        let answer = game
            .analyse(level, budget, &mut StdRng::seed_from_u64(0))
            .ok_or("the game is already over")?;
        Ok(Analysis {
            best: G::cli_move(answer.best),
            value: answer.value,
            verdict: answer.verdict,
        })
    }

    fn other_format(&self) -> Option<&'static str> {
        G::OTHER_FORMAT
    }

    fn read_other_format(&self, text: &str) -> Option<Result<GameRecord, String>> {
        G::read_other_format(text).map(|read| read.map(GameRecord::new))
    }

    fn write_other_format(&self, game: &GameRecord) -> Result<String, String> {
        game.get::<G>()
            .ok_or_else(|| format!("not a game of {}", G::NAME))?
            .write_other_format()
    }

    fn analyse_record(&self, game: &GameRecord, budget: Budget) -> Option<Analysis<String>> {
        let answer =
            game.get::<G>()?
                .analyse(G::REVIEW_LEVEL, budget, &mut StdRng::seed_from_u64(0))?;
        Some(Analysis {
            best: answer.best.to_string(),
            value: answer.value,
            verdict: answer.verdict,
        })
    }

    fn play_match(
        &self,
        settings: &Settings<'_>,
        sides: [Contestant; 2],
        games: u32,
        seed: u64,
    ) -> Result<MatchResult, String> {
        play_match::<G>(settings, sides, games, seed)
    }

    fn legality(
        &self,
        settings: &Settings<'_>,
        games: u32,
        seed: u64,
        cap: Option<Duration>,
    ) -> Result<LegalityReport, String> {
        legality_run::<G>(settings, games, seed, cap)
    }

    fn level_time(&self, level: Level) -> Option<Duration> {
        G::level_time(level)
    }

    fn conformance(&self, settings: &Settings<'_>, playouts: u32, seed: u64) -> Result<(), String> {
        conformance::check_settings::<G>(seed)?;
        let start = G::from_settings(settings).map_err(|e| e.to_string())?;
        conformance::check(&start, playouts, seed)?;
        // A game's settings lines and moves in notation give the game back: what a
        // saved file holds.
        for plies in [0, 1, 2, 5, 9, 30, 500] {
            let record = self.sample(settings, plies, seed ^ plies as u64)?;
            let values = record.settings();
            let lines = Settings::of(G::SETTINGS, &values);
            let moves = record.moves();
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            match self.replay_set_up(&lines, record.setup_text().as_deref(), &moves) {
                Ok(back) if back == record => {}
                other => {
                    return Err(format!(
                        "{}: {record:?} replays from its settings and moves as {other:?}",
                        G::NAME
                    ));
                }
            }
        }
        Ok(())
    }

    fn sample(
        &self,
        settings: &Settings<'_>,
        plies: usize,
        seed: u64,
    ) -> Result<GameRecord, String> {
        use rand::seq::IndexedRandom;
        let mut game = G::from_settings(settings).map_err(|e| e.to_string())?;
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..plies {
            let Some(&mv) = game.legal_moves().choose(&mut rng) else {
                break;
            };
            game.play(mv)
                .map_err(|e| format!("{}: legal move {mv}: {e}", G::NAME))?;
        }
        Ok(GameRecord::new(game))
    }
}

/// A short fingerprint of a game: the FNV-1a 64-bit hash of
/// `<name>\n<moves, space-separated>\n<position text>`, as 16 hexadecimal digits.
/// An online room's server and clients compare it after every change.
#[must_use]
pub fn state_hash<G: Game>(game: &G) -> String {
    let moves: Vec<String> = game.history().iter().map(ToString::to_string).collect();
    hash_of(G::NAME, &moves, &game.position_text())
}

fn hash_of(name: &str, moves: &[String], position: &str) -> String {
    let text = format!("{name}\n{}\n{position}", moves.join(" "));
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// A game of any kind, as a saved file holds it: the position with its whole history.
/// The app takes it back as its own type with [`GameRecord::into_game`].
pub struct GameRecord(Box<dyn AnyGame>);

impl GameRecord {
    /// `game`, to be saved or put on the table.
    #[must_use]
    pub fn new<G: Game>(game: G) -> Self {
        Self(Box::new(game))
    }

    /// The game's name in files: `gomoku`.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.0.name()
    }

    /// The game's entry in [`GAMES`].
    #[must_use]
    pub fn entry(&self) -> Option<&'static dyn GameEntry> {
        find(self.name())
    }

    /// How many moves have been played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.0.plies()
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The values of the game's settings lines, in the order of its setting keys.
    #[must_use]
    pub fn settings(&self) -> Vec<String> {
        self.0.settings()
    }

    /// The moves so far, in notation.
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        self.0.moves()
    }

    /// The position as one line of text ([`Game::position_text`]).
    #[must_use]
    pub fn position_text(&self) -> String {
        self.0.position_text()
    }

    /// The position the game was set up from, if it was ([`Game::setup_text`]).
    #[must_use]
    pub fn setup_text(&self) -> Option<String> {
        self.0.setup_text()
    }

    /// Reads `text` as a move and plays it, giving back the move in notation; a
    /// move that does not read or is illegal changes nothing, and the error says why.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        self.0.play(text)
    }

    /// Takes back the last move, giving it back in notation.
    pub fn undo(&mut self) -> Option<String> {
        self.0.undo()
    }

    /// The legal moves, in notation.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        self.0.legal_moves()
    }

    /// The side whose turn it is.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        self.0.side_to_move()
    }

    /// The seat that acts now ([`Game::actor`]).
    #[must_use]
    pub fn actor(&self) -> Player {
        self.0.actor()
    }

    /// The side `seat` plays now ([`Game::side_of_seat`]).
    #[must_use]
    pub fn side_of_seat(&self, seat: Player) -> Player {
        self.0.side_of_seat(seat)
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    /// The outcome of chance the position stands on ([`Game::chance`]).
    #[must_use]
    pub fn chance(&self) -> Option<String> {
        self.0.chance()
    }

    /// Tells the outcome of chance the position waits on ([`Game::tell_chance`]).
    pub fn tell_chance(&mut self, outcome: &str) -> Result<(), String> {
        self.0.tell_chance(outcome)
    }

    /// A short fingerprint of the game ([`state_hash`]).
    #[must_use]
    pub fn state_hash(&self) -> String {
        hash_of(self.name(), &self.moves(), &self.position_text())
    }

    /// The game, if it is a `G`.
    #[must_use]
    pub fn get<G: Game>(&self) -> Option<&G> {
        self.0.as_any().downcast_ref()
    }

    /// The game as a `G`, or the record back if it holds another game.
    pub fn into_game<G: Game>(self) -> Result<G, Self> {
        if self.get::<G>().is_none() {
            return Err(self);
        }
        self.0
            .into_any()
            .downcast()
            .map(|game| *game)
            .map_err(|_| unreachable!("checked above"))
    }
}

impl Clone for GameRecord {
    fn clone(&self) -> Self {
        Self(self.0.clone_box())
    }
}

impl PartialEq for GameRecord {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_any(other.0.as_any())
    }
}

impl Eq for GameRecord {}

impl fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// [`Game`] with its type erased, for [`GameRecord`].
trait AnyGame: fmt::Debug + Send + Sync {
    fn name(&self) -> &'static str;
    fn plies(&self) -> usize;
    fn is_over(&self) -> bool;
    fn settings(&self) -> Vec<String>;
    fn moves(&self) -> Vec<String>;
    fn position_text(&self) -> String;
    fn setup_text(&self) -> Option<String>;
    fn play(&mut self, text: &str) -> Result<String, String>;
    fn undo(&mut self) -> Option<String>;
    fn legal_moves(&self) -> Vec<String>;
    fn side_to_move(&self) -> Player;
    fn actor(&self) -> Player;
    fn side_of_seat(&self, seat: Player) -> Player;
    fn outcome(&self) -> Option<Outcome>;
    fn chance(&self) -> Option<String>;
    fn tell_chance(&mut self, outcome: &str) -> Result<(), String>;
    fn clone_box(&self) -> Box<dyn AnyGame>;
    fn eq_any(&self, other: &dyn Any) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<G: Game> AnyGame for G {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn plies(&self) -> usize {
        Game::plies(self)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn settings(&self) -> Vec<String> {
        Game::settings(self)
    }

    fn moves(&self) -> Vec<String> {
        self.history().iter().map(ToString::to_string).collect()
    }

    fn position_text(&self) -> String {
        Game::position_text(self)
    }

    fn setup_text(&self) -> Option<String> {
        Game::setup_text(self)
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let mv = self.parse_move(text).map_err(|e| e.to_string())?;
        Game::play(self, mv).map_err(|e| e.to_string())?;
        Ok(mv.to_string())
    }

    fn undo(&mut self) -> Option<String> {
        Game::undo(self).map(|mv| mv.to_string())
    }

    fn legal_moves(&self) -> Vec<String> {
        Game::legal_moves(self)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn side_to_move(&self) -> Player {
        Game::side_to_move(self)
    }

    fn actor(&self) -> Player {
        Game::actor(self)
    }

    fn side_of_seat(&self, seat: Player) -> Player {
        Game::side_of_seat(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn chance(&self) -> Option<String> {
        Game::chance(self)
    }

    fn tell_chance(&mut self, outcome: &str) -> Result<(), String> {
        Game::tell_chance(self, outcome)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn eq_any(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<G>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;

    use super::*;
    use crate::rules::Setup;

    /// The values `game` is played with from its defaults, each random one drawn
    /// from `seed`.
    fn defaults(game: &dyn GameEntry, seed: u64) -> Vec<String> {
        Setup::defaults(game.settings()).resolve(&mut StdRng::seed_from_u64(seed))
    }

    #[test]
    fn names_are_unique_lowercase_and_found() {
        for (i, game) in GAMES.iter().enumerate() {
            assert_eq!(game.name(), game.name().to_ascii_lowercase());
            assert_eq!(find(game.name()).map(|g| g.name()), Some(game.name()));
            assert!(GAMES[..i].iter().all(|other| other.name() != game.name()));
            let [first, second] = game.side_keys();
            assert_ne!(first, second);
        }
        assert!(find("chess").is_none());
    }

    /// The conformance suite, for every registered game: its settings schema, then
    /// random playouts where every legal move applies and every illegal one is
    /// refused with the position unchanged, undo restores the position exactly, the
    /// outcome agrees with the winning line, notation and position text read back,
    /// and settings and moves give the game back. From the defaults, then from
    /// settings drawn among each setting's values.
    #[test]
    fn every_game_passes_the_conformance_suite() {
        let mut rng = StdRng::seed_from_u64(5);
        for game in GAMES {
            let values = defaults(*game, 7);
            let settings = Settings::of(game.settings(), &values);
            game.conformance(&settings, 30, 11).unwrap();
            for round in 0..2 {
                let mut setup = Setup::defaults(game.settings());
                for setting in game.settings() {
                    let value = setting.examples().choose(&mut rng).cloned().unwrap();
                    setup.set(setting.key, &value).unwrap().unwrap();
                }
                let values = setup.resolve(&mut rng);
                let settings = Settings::of(game.settings(), &values);
                game.conformance(&settings, 10, round).unwrap();
            }
        }
    }

    #[test]
    fn every_game_plays_a_match_without_a_failure() {
        for game in GAMES {
            let values = defaults(*game, 9);
            let result = game
                .play_match(
                    &Settings::of(game.settings(), &values),
                    [Contestant::level(Level::MIN); 2],
                    4,
                    9,
                )
                .unwrap();
            assert_eq!(result.failures, 0, "{}", game.name());
            assert_eq!(result.a_wins + result.b_wins + result.draws, 4);
        }
    }

    #[test]
    fn records_know_their_game_and_play_moves_by_text() {
        use crate::rules::gomoku::Gomoku;
        use crate::rules::tictactoe::TicTacToe;
        let mut record = find("tictactoe")
            .unwrap()
            .replay(&Settings::default(), &["b2", "a1"])
            .unwrap();
        assert_eq!((record.name(), record.plies()), ("tictactoe", 2));
        assert_eq!(record.play("C3").as_deref(), Ok("c3"));
        let before = record.clone();
        assert!(record.play("c3").unwrap_err().contains("taken"));
        assert!(record.play("z9").is_err());
        assert_eq!(record, before, "a refused move changes nothing");
        assert_eq!(record.position_text(), "..X.X.O..");
        assert!(record.get::<Gomoku>().is_none());
        let record = record.into_game::<Gomoku>().unwrap_err();
        let game: TicTacToe = record.into_game().unwrap();
        assert_eq!(Game::plies(&game), 3);
    }

    #[test]
    fn a_saved_files_settings_are_one_value_each() {
        let gomoku = find("gomoku").unwrap();
        let file =
            |size, rule| gomoku.replay(&Settings::new([("size", size), ("rule", rule)]), &[]);
        assert!(file("12X13", "Free-Style").is_ok());
        let Err(ReplayError::Setting(why)) = file("12x13", "caro") else {
            panic!("an unknown rule reads");
        };
        assert!(why.to_string().contains("'caro' is not one of"), "{why}");
        let dice = find("knucklebones").unwrap();
        let Err(ReplayError::Setting(why)) =
            dice.replay(&Settings::new([("seed", "random"), ("starts", "p1")]), &[])
        else {
            panic!("a file's seed may not be random");
        };
        assert!(why.to_string().contains("one value"), "{why}");
        assert_eq!(
            dice.replay(&Settings::new([("seed", "5")]), &[]),
            Err(ReplayError::Setting(SettingError::Missing("starts")))
        );
    }

    /// Outside each game's folders (`src/<layer>/<game>.rs`, `src/<layer>/<game>/`)
    /// only the two registries name a game: this file and `src/app/games.rs`, and the
    /// Gomoku engine's own binary. Test code (`#[cfg(test)]` items and the files of
    /// test modules), comments and `pub mod <game>;` lines aside. A shared file that
    /// names a game fails here.
    #[test]
    fn shared_code_names_no_game() {
        const ALLOWED: [&str; 3] = [
            "src/games.rs",
            "src/app/games.rs",
            "src/bin/pbrain-tabletop.rs",
        ];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let names: Vec<&str> = GAMES.iter().map(|game| game.name()).collect();
        let files = source::rust_files(&root.join("src"));
        let test_files = source::test_module_files(&files);
        let mut named = Vec::new();
        for file in &files {
            let path = file
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let in_game_folder = path.split('/').any(|part| {
                names
                    .iter()
                    .any(|name| part == *name || part == format!("{name}.rs"))
            });
            if ALLOWED.contains(&path.as_str()) || in_game_folder || test_files.contains(file) {
                continue;
            }
            let code = source::without_tests(&source::without_comments(
                &std::fs::read_to_string(file).unwrap(),
            ));
            for (number, line) in code.lines().enumerate() {
                let module = line
                    .trim()
                    .strip_prefix("pub mod ")
                    .and_then(|rest| rest.strip_suffix(';'));
                if module.is_some_and(|module| names.contains(&module)) {
                    continue;
                }
                let lower = line.to_ascii_lowercase();
                if names.iter().any(|name| lower.contains(name)) {
                    named.push(format!("{path}:{}: {}", number + 1, line.trim()));
                }
            }
        }
        assert!(files.len() > 50, "found only {} files", files.len());
        assert_eq!(named, Vec::<String>::new(), "shared code names a game");
    }

    /// The check itself: it sees a game's name in code, not in comments or tests.
    #[test]
    fn the_name_check_reads_code_only() {
        let text = "use crate::rules::gomoku::Gomoku; // gomoku\n/* tictactoe /* nested */ */\n\
                    let url = \"embedded://x\"; let c = '\"'; fn f<'a>() {}\n\
                    #[cfg(test)]\nmod tests { fn t() { let k = \"knucklebones\"; } }\nlet x = 1;\n";
        let code = source::without_tests(&source::without_comments(text));
        assert!(code.contains("rules::gomoku::Gomoku;"), "{code}");
        assert!(code.contains("\"embedded://x\""), "{code}");
        assert!(code.contains("let x = 1;"), "{code}");
        assert!(
            !code.contains("tictactoe") && !code.contains("knucklebones"),
            "{code}"
        );
        assert_eq!(code.matches("gomoku").count(), 1, "{code}");
    }

    /// Reading Rust sources as text, for the name check.
    mod source {
        use std::path::{Path, PathBuf};

        /// Every `.rs` file under `dir`.
        pub(super) fn rust_files(dir: &Path) -> Vec<PathBuf> {
            let mut files = Vec::new();
            for entry in std::fs::read_dir(dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    files.extend(rust_files(&path));
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
            files.sort();
            files
        }

        /// The files of modules declared `#[cfg(test)] mod name;` in `files`.
        pub(super) fn test_module_files(files: &[PathBuf]) -> Vec<PathBuf> {
            let mut found = Vec::new();
            for file in files {
                let text = without_comments(&std::fs::read_to_string(file).unwrap());
                let dir = match file.file_stem().and_then(|s| s.to_str()) {
                    Some("lib" | "main" | "mod") => file.parent().unwrap().to_owned(),
                    _ => file.with_extension(""),
                };
                let mut rest = text.as_str();
                while let Some(at) = rest.find("#[cfg(test)]") {
                    rest = &rest[at + "#[cfg(test)]".len()..];
                    let item = rest.trim_start();
                    let Some(name) = item
                        .strip_prefix("mod ")
                        .and_then(|after| after.split_once(';'))
                        .map(|(name, _)| name.trim())
                        .filter(|name| name.chars().all(|c| c.is_alphanumeric() || c == '_'))
                    else {
                        continue;
                    };
                    found.push(dir.join(format!("{name}.rs")));
                    found.push(dir.join(name).join("mod.rs"));
                }
            }
            found
        }

        /// `text` without its comments (line, doc and nested block comments); string
        /// and character literals kept as they are.
        pub(super) fn without_comments(text: &str) -> String {
            let chars: Vec<char> = text.chars().collect();
            let mut out = String::with_capacity(text.len());
            let mut i = 0;
            while i < chars.len() {
                let c = chars[i];
                let next = chars.get(i + 1).copied();
                if c == '/' && next == Some('/') {
                    while i < chars.len() && chars[i] != '\n' {
                        i += 1;
                    }
                } else if c == '/' && next == Some('*') {
                    let mut depth = 0;
                    while i < chars.len() {
                        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                            depth += 1;
                            i += 2;
                        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                            depth -= 1;
                            i += 2;
                            if depth == 0 {
                                break;
                            }
                        } else {
                            i += 1;
                        }
                    }
                } else if c == '"' {
                    out.push(c);
                    i += 1;
                    while i < chars.len() && chars[i] != '"' {
                        if chars[i] == '\\' {
                            out.push(chars[i]);
                            i += 1;
                        }
                        if let Some(&c) = chars.get(i) {
                            out.push(c);
                        }
                        i += 1;
                    }
                    if i < chars.len() {
                        out.push('"');
                        i += 1;
                    }
                } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
                    // A character literal such as '"' (a lifetime has no closing quote).
                    out.extend(&chars[i..i + 3]);
                    i += 3;
                } else {
                    out.push(c);
                    i += 1;
                }
            }
            out
        }

        /// `code` (comments already out) without its `#[cfg(test)]` items: a test
        /// module, function or import, up to its closing brace or semicolon.
        pub(super) fn without_tests(code: &str) -> String {
            let mut out = String::new();
            let mut rest = code;
            while let Some(at) = rest.find("#[cfg(test)]") {
                out.push_str(&rest[..at]);
                let item = &rest[at..];
                let mut depth = 0;
                let mut end = item.len();
                for (i, c) in item.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = i + 1;
                                break;
                            }
                        }
                        ';' if depth == 0 => {
                            end = i + 1;
                            break;
                        }
                        _ => {}
                    }
                }
                rest = &item[end..];
            }
            out.push_str(rest);
            out
        }
    }
}
