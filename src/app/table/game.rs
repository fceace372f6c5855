//! What the app needs from a game beyond its rules ([`TableGame`]), and the game on
//! the table ([`CurrentGame`]), the single source of truth every view follows.

use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use bevy::tasks::ConditionalSend;
use bevy_egui::egui;

use super::{GameKind, Players};
use crate::ai::job::AiJob;
use crate::ai::{GameAi, Level};
use crate::app::locale::Locale;
use crate::record::PlayerKind;
use crate::rules::{Outcome, Player};
use crate::tr;

/// What the app needs from a game beyond its rules and its AI: how it starts, how it
/// looks in the menu and the HUD, how its AI runs in the app, and its own systems
/// (view, input, panels). Implemented in the game's app module (`app/<game>/`); the
/// app's registry (`app::games`) adds everything shared for it.
pub trait TableGame: GameAi {
    /// The menu's settings a new game starts from.
    type Settings: Resource<Mutability = Mutable> + Clone + Default + PartialEq;
    /// Which game this is.
    const KIND: GameKind = GameKind::of::<Self>();

    /// A new game from the menu's settings.
    fn new_game(settings: &Self::Settings) -> Self;
    /// Settings to keep when this game is put on the table from a file, so that New
    /// game starts the same kind of game (Gomoku's board size and rule).
    fn adopt_settings(&self, _settings: &mut Self::Settings) {}
    /// Applies a setting given on the command line (`size`, `seed`, ...): `None` if
    /// the game has no such setting, else whether the value was good.
    fn apply_setting(
        _settings: &mut Self::Settings,
        _key: &str,
        _value: &str,
    ) -> Option<Result<(), String>> {
        None
    }

    /// The menu's settings as the `key value` pairs [`apply_setting`](Self::apply_setting)
    /// reads back, for the settings file: what the next start comes back to.
    fn setting_lines(_settings: &Self::Settings) -> Vec<(&'static str, String)> {
        Vec::new()
    }

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

    /// The game's own rows of the menu's settings grid (two columns: label, widget).
    fn settings_ui(_ui: &mut egui::Ui, _settings: &mut Self::Settings, _locale: &Locale) {}

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
    }
}
