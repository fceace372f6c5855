//! What the app needs from a game beyond its rules ([`TableGame`]), the menu's
//! settings of each game ([`GameSetup`]), and the game on the table
//! ([`CurrentGame`]), the single source of truth every view follows.

use std::marker::PhantomData;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use super::{GameKind, Players};
use crate::ai::job::AiJob;
use crate::ai::{GameAi, Level};
use crate::app::locale::Locale;
use crate::record::PlayerKind;
use crate::rules::{Outcome, Player, Setup};
use crate::tr;

/// What the app needs from a game beyond its rules and its AI: how it looks in the
/// HUD, how its AI runs in the app, and its own systems (view, input, panels, sounds).
/// Its settings come from its rules' schema ([`Game::SETTINGS`](crate::rules::Game::SETTINGS)),
/// and the menu, the flags and the settings file make them. Implemented in the
/// game's app module (`app/<game>/`); the app's registry (`app::games`) adds
/// everything shared for it.
pub trait TableGame: GameAi {
    /// Which game this is.
    const KIND: GameKind = GameKind::of::<Self>();

    /// The moves so far, as people read them in the move list (in notation, which
    /// no language changes, unless the game's moves are words).
    fn move_names(&self, _locale: &Locale) -> Vec<String> {
        self.history().iter().map(ToString::to_string).collect()
    }
    /// The colour of `player`'s pieces, for the HUD's icons.
    fn side_colour(player: Player) -> Color;
    /// The status line: `Playing`, `Black wins`, `Draw`, with the score where there is one.
    fn status_text(&self, locale: &Locale) -> String {
        match self.outcome() {
            None => tr!(locale, "status-playing"),
            Some(Outcome::Win(winner)) => {
                tr!(
                    locale,
                    "status-wins",
                    side = locale.side(Self::NAME, winner)
                )
            }
            Some(Outcome::Draw) => tr!(locale, "status-draw"),
        }
    }
    /// One line about the game under the HUD's title (size and rule, seed, ...).
    fn describe(&self, locale: &Locale) -> String;
    /// Why a move was refused, for the HUD: `h8 is already taken`. The rules' own
    /// words (English) unless the game says it in the player's language.
    fn refusal(error: &Self::Error, _locale: &Locale) -> String {
        error.to_string()
    }

    /// The work an AI of `level` does for this position, run on the async compute
    /// pool: it polls `job`'s stop flag, may report progress for the HUD, and searches
    /// in the app's slices (`app::ai::slices`) so that in a browser it shares the
    /// page's thread.
    fn think(
        &self,
        level: Level,
        job: AiJob,
    ) -> impl Future<Output = Option<Self::Move>> + ConditionalSend + 'static;

    /// The game's own systems: its view, its input, its panels. Everything every game
    /// shares (the move path, the AI, the HUD, the menu, files) the registry adds.
    fn plugin(app: &mut App);
}

/// The menu's settings of game `G` ([`Setup`], from its rules' schema): every new
/// game of `G` starts from them. Chosen in the menu, given on the command line, kept
/// in the settings file, and taken from a game loaded from a file.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Deref, DerefMut)]
pub struct GameSetup<G: TableGame> {
    #[deref]
    setup: Setup,
    game: PhantomData<fn() -> G>,
}

impl<G: TableGame> Default for GameSetup<G> {
    fn default() -> Self {
        Self {
            setup: Setup::defaults(G::SETTINGS),
            game: PhantomData,
        }
    }
}

impl<G: TableGame> GameSetup<G> {
    /// A new game of these settings, each `random` one drawn now. Should the game
    /// refuse them (the schema let through what the rules do not take), the defaults,
    /// which the conformance suite starts a game from for every game.
    #[must_use]
    pub fn new_game(&self) -> G {
        G::new_game(&self.setup, &mut rand::rng()).unwrap_or_else(|why| {
            error!("{}: {why}; the default settings instead", G::NAME);
            G::new_game(&Setup::defaults(G::SETTINGS), &mut rand::rng())
                .expect("the conformance suite starts every game from its defaults")
        })
    }

    /// Takes the settings `game` is played with, so that New game starts the same
    /// kind of game ([`Setup::adopt`]: a seed stays the menu's).
    pub fn adopt(&mut self, game: &G) {
        self.setup.adopt(&game.settings());
    }
}

/// The game in progress: the rules' position with its move history, the moves taken
/// back (for redo) and a generation number. Everything else (pieces, marker, phantom,
/// HUD) is a view of this resource.
///
/// Every change of position bumps the generation, so anything computed for an older
/// position (an AI's move, a hint, a click from the frame before) can tell it is stale.
#[derive(Resource, Clone, Debug, Deref)]
pub struct CurrentGame<G: TableGame> {
    #[deref]
    game: G,
    redo: Vec<G::Move>,
    generation: u64,
}

impl<G: TableGame> CurrentGame<G> {
    /// `game` on the table, nothing to redo.
    #[must_use]
    pub fn new(game: G) -> Self {
        Self {
            game,
            redo: Vec::new(),
            generation: 0,
        }
    }

    /// The position's generation: it changes with every move, undo, redo, new game
    /// and load.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Plays a new move for the side to move; the moves taken back can no longer be
    /// redone. Refused moves change nothing.
    pub fn play(&mut self, mv: G::Move) -> Result<(), G::Error> {
        self.game.play(mv)?;
        self.redo.clear();
        self.generation += 1;
        Ok(())
    }

    /// Takes back the last move, keeping it for [`CurrentGame::redo`].
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.game.undo()?;
        self.redo.push(mv);
        self.generation += 1;
        Some(mv)
    }

    /// Plays the last move taken back again.
    pub fn redo(&mut self) -> Option<G::Move> {
        let mv = *self.redo.last()?;
        self.game.play(mv).ok()?;
        self.redo.pop();
        self.generation += 1;
        Some(mv)
    }

    /// Whether there is a move to take back.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.game.plies() > 0
    }

    /// Whether there is a move taken back to play again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Tells the game the outcome of chance its position waits on (a referee's draw,
    /// online): the position changes, as a move changes it.
    pub fn tell_chance(&mut self, outcome: &str) -> Result<(), String> {
        self.game.tell_chance(outcome)?;
        self.generation += 1;
        Ok(())
    }

    /// Puts another game on the table (new game, load); nothing to redo.
    pub fn replace(&mut self, game: G) {
        self.game = game;
        self.redo.clear();
        self.generation += 1;
    }
}

/// A game to put on the table instead of a new one: a game loaded from a file or
/// the command line. Taken when `G` comes on the table, or at once if it is there.
#[derive(Resource, Clone, Debug)]
pub struct PendingGame<G: TableGame>(pub G);

/// Who plays `side`, for labels: `Black (AI 4)`, `X (you)`.
#[must_use]
pub fn seat_label<G: TableGame>(players: &Players, side: Player, locale: &Locale) -> String {
    let name = locale.side(G::NAME, side);
    match players.get(side) {
        PlayerKind::Human if !players.get(side.opponent()).is_human() => {
            tr!(locale, "seat-you", side = name)
        }
        PlayerKind::Human => name,
        PlayerKind::Ai(level) => tr!(locale, "seat-ai-label", side = name, level = level.get()),
        PlayerKind::Online => tr!(locale, "seat-online-label", side = name),
    }
}
