//! The app's states and its frame order: which screen is shown, which game is chosen,
//! whether it is on the table, who plays, and where the game on the table stands.

use std::fmt;

use bevy::prelude::*;

use super::TableGame;
use crate::games::{self, GAMES};
use crate::record::Seats;
use crate::rules::{Game, Player};

/// Which screen the app shows. Everything a screen spawns carries
/// `DespawnOnExit(Screen::...)`, so leaving a screen cleans up after it.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The main menu: pick a game and its settings.
    #[default]
    Menu,
    /// A game is on the table.
    Playing,
}

/// The game chosen in the menu (or on the command line, or by a loaded file): its
/// name in [`crate::games::GAMES`]. The first game there is the default.
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameKind(&'static str);

impl GameKind {
    /// The kind of game `G`.
    #[must_use]
    pub const fn of<G: Game>() -> Self {
        Self(G::NAME)
    }

    /// The registered game called `name` (any case).
    #[must_use]
    pub fn named(name: &str) -> Option<Self> {
        games::find(name).map(|game| Self(game.name()))
    }

    /// Its name in files and on the command line: `gomoku`.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0
    }
}

impl Default for GameKind {
    fn default() -> Self {
        Self(GAMES[0].name())
    }
}

/// The game's name for people: `Tic-tac-toe`.
impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(games::find(self.0).map_or(self.0, |game| game.title()))
    }
}

/// Which game is on the table: exists only while [`Screen::Playing`]. Each game's
/// systems run in `OnTable(its kind)`, and its entities despawn when it is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnTable(pub GameKind);

impl OnTable {
    /// While game `G` is on the table.
    #[must_use]
    pub const fn of<G: Game>() -> Self {
        Self(GameKind::of::<G>())
    }
}

impl ComputedStates for OnTable {
    type SourceStates = (Screen, GameKind);

    fn compute((screen, kind): (Screen, GameKind)) -> Option<Self> {
        (screen == Screen::Playing).then_some(OnTable(kind))
    }
}

/// The time control of new games, for every game: none, or a base time and an
/// increment (`5+3`). Chosen in the menu, given with `--clock`, kept in the
/// settings file.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub struct ClockSetting(pub Option<crate::clocks::TimeControl>);

/// Who plays each side of the game on the table: a person or an AI level. Set in
/// the menu, on the command line or by a loaded game.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub struct Players(pub Seats);

/// The order of the app's own work in `Update`, chained once so the whole frame reads
/// in one place: input, then moves, then the view.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Read the pointer and keys; write requests (moves, new game, ...).
    RecordInput,
    /// Validate and apply requests to the game state; announce what happened.
    ApplyMoves,
    /// Bring entities in line with the game state.
    SyncView,
}

/// The systems the app shares for one game, by part: every game gets each part
/// from the registry (`app::games`), and a test checks that it did.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameSystems(pub GameKind, pub Part);

/// A part of what the app shares for each game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// The move path (`Update`).
    MovePath,
    /// Scheduling and polling its AI (`Update`).
    Ai,
    /// A click on the table plays the move under the pointer (`Update`).
    Click,
    /// Saving it (`Update`).
    Files,
    /// Its HUD and move list (egui's pass).
    Hud,
    /// Its page of the menu (egui's pass).
    Menu,
}

impl Part {
    /// Every part.
    pub const ALL: [Part; 6] = [
        Part::MovePath,
        Part::Ai,
        Part::Click,
        Part::Files,
        Part::Hud,
        Part::Menu,
    ];
}

/// Where the game on the table stands; exists only while [`Screen::Playing`].
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Phase {
    /// `Player`'s seat is to act: usually the side to move's
    /// ([`crate::rules::Game::actor`]).
    ToMove(Player),
    /// The game has ended; the game on the table holds the result.
    Over,
}

impl Default for Phase {
    fn default() -> Self {
        Phase::ToMove(Player::First)
    }
}

impl Phase {
    /// The side to move, if a person plays it: when clicks and keys may make a move
    /// and the phantom shows.
    #[must_use]
    pub fn person_to_move(self, players: &Players) -> Option<Player> {
        match self {
            Phase::ToMove(side) if players.get(side).is_human() => Some(side),
            _ => None,
        }
    }

    /// The phase of the game on the table: over on time too.
    #[must_use]
    pub fn of_table<G: TableGame>(game: &super::CurrentGame<G>) -> Self {
        if game.flagged().is_some() {
            Phase::Over
        } else {
            Phase::of(&**game)
        }
    }

    /// The phase a position is in.
    #[must_use]
    pub fn of<G: TableGame>(game: &G) -> Self {
        if game.is_over() {
            Phase::Over
        } else {
            Phase::ToMove(game.actor())
        }
    }
}

/// Asked for on the command line (`--analysis`): each game with an analysis view
/// switches it on when it comes on the table.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct AnalysisAtStart;
