//! The games, in one list: everything below the app (saved games, `tabletop-cli`,
//! the conformance suite) finds a game here by its name and reaches it only through
//! [`GameEntry`], so none of it names a game.
//!
//! A game joins by implementing the rules' [`Game`] and the AI's [`GameAi`] in its
//! own folders and adding one line to [`GAMES`] (with the `tabletop-cli` subcommands
//! it brings, if any); the app has a list of its own
//! (`app::games`), and a test fails while the two differ.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;
use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::arena::{Contestant, LegalityReport, MatchResult, legality_run, play_match};
use crate::ai::{Analysis, Budget, GameAi, Level};
use crate::rules::connectfour::ConnectFour;
use crate::rules::gomoku::Gomoku;
use crate::rules::knucklebones::Knucklebones;
use crate::rules::tictactoe::TicTacToe;
use crate::rules::{Game, Player, SettingError, Settings, conformance};
use crate::tools::{self, GameCommand};

/// Every game, in menu order: the one list of the plain layers.
pub static GAMES: &[&dyn GameEntry] = &[
    &Entry::<Gomoku>::with_commands(&tools::gomoku::COMMANDS),
    &Entry::<TicTacToe>::NEW,
    &Entry::<Knucklebones>::NEW,
    &Entry::<ConnectFour>::NEW,
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
    /// The keys of its own lines in files.
    fn setting_keys(&self) -> &'static [&'static str];
    /// The `tabletop-cli` subcommands it brings (Gomoku's `match`).
    fn commands(&self) -> &'static [GameCommand];
    /// How `tabletop-cli` positions of this game are written.
    fn position_help(&self) -> &'static str;
    /// A new game from `settings`, then `moves` (in notation) replayed on it.
    fn replay(&self, settings: &Settings<'_>, moves: &[&str]) -> Result<GameRecord, ReplayError>;
    /// The AI's move for a `tabletop-cli` position, in notation, and its value.
    fn bestmove(
        &self,
        position: &str,
        settings: &Settings<'_>,
        level: Level,
        budget: Budget,
    ) -> Result<Analysis<String>, String>;
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
    /// `settings`.
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

    fn setting_keys(&self) -> &'static [&'static str] {
        G::SETTING_KEYS
    }

    fn commands(&self) -> &'static [GameCommand] {
        self.commands
    }

    fn position_help(&self) -> &'static str {
        G::POSITION_HELP
    }

    fn replay(&self, settings: &Settings<'_>, moves: &[&str]) -> Result<GameRecord, ReplayError> {
        let mut game = G::from_settings(settings).map_err(ReplayError::Setting)?;
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
        let start = G::from_settings(settings).map_err(|e| e.to_string())?;
        conformance::check(&start, playouts, seed)?;
        // A game's settings lines and moves in notation give the game back: what a
        // saved file holds.
        for plies in [0, 1, 2, 5, 9, 30, 500] {
            let record = self.sample(settings, plies, seed ^ plies as u64)?;
            let values = record.settings();
            if values.len() != G::SETTING_KEYS.len() {
                return Err(format!("{}: settings do not match SETTING_KEYS", G::NAME));
            }
            let lines = Settings::new(
                G::SETTING_KEYS
                    .iter()
                    .copied()
                    .zip(values.iter().map(String::as_str)),
            );
            let moves = record.moves();
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            match self.replay(&lines, &moves) {
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
    use super::*;

    /// Settings every game can start from: the defaults of the command line.
    pub(crate) fn defaults() -> Settings<'static> {
        Settings::new([
            ("size", "15x15"),
            ("rule", "freestyle"),
            ("seed", "7"),
            ("starts", "p1"),
        ])
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

    /// The conformance suite, for every registered game: random playouts where every
    /// legal move applies and every illegal one is refused with the position
    /// unchanged, undo restores the position exactly, the outcome agrees with the
    /// winning line, notation and position text read back, and settings and moves
    /// give the game back.
    #[test]
    fn every_game_passes_the_conformance_suite() {
        for game in GAMES {
            game.conformance(&defaults(), 30, 11).unwrap();
        }
        // Gomoku's other boards and rule too.
        let gomoku = find("gomoku").unwrap();
        for (size, rule) in [("10x10", "standard"), ("20x13", "freestyle")] {
            let settings = Settings::new([("size", size), ("rule", rule)]);
            gomoku.conformance(&settings, 10, 5).unwrap();
        }
    }

    #[test]
    fn every_game_plays_a_match_without_a_failure() {
        for game in GAMES {
            let result = game
                .play_match(&defaults(), [Contestant::level(Level::MIN); 2], 4, 9)
                .unwrap();
            assert_eq!(result.failures, 0, "{}", game.name());
            assert_eq!(result.a_wins + result.b_wins + result.draws, 4);
        }
    }

    #[test]
    fn records_know_their_game() {
        let record = find("tictactoe")
            .unwrap()
            .replay(&defaults(), &["b2", "a1"])
            .unwrap();
        assert_eq!((record.name(), record.plies()), ("tictactoe", 2));
        assert!(record.get::<Gomoku>().is_none());
        let record = record.into_game::<Gomoku>().unwrap_err();
        let game: TicTacToe = record.into_game().unwrap();
        assert_eq!(Game::plies(&game), 2);
    }
}
