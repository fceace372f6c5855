//! What the app needs from a game beyond its rules ([`TableGame`]), the menu's
//! settings of each game ([`GameSetup`]), and the game on the table
//! ([`CurrentGame`]), the single source of truth every view follows.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use bevy_egui::egui;

use super::{EditPosition, EditTools, GameKind, Players};
use crate::ai::job::AiJob;
use crate::ai::{Analysis, GameAi, Level};
use crate::app::locale::Locale;
use crate::clocks::{GameClocks, TimeControl};
use crate::games::GameRecord;
use crate::record::{PlayerKind, SavedClock, SavedGame, Seats};
use crate::rules::{Game, Outcome, Player, Setup};
use crate::tr;
use crate::tree::{MoveTree, NodeId, ROOT};

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
    /// The last move, as [`TableGame::move_names`] names it (the move list names the
    /// moves of variations with it, one at a time).
    fn last_move_name(&self, locale: &Locale) -> Option<String> {
        self.move_names(locale).pop()
    }
    /// Which of the moves so far take a number in the move list: those that put a
    /// piece down. An opening rule's choices and offers (Gomoku's `two`, `swap`,
    /// the offered fifth stones) stand between them unnumbered, so that the numbers
    /// count the pieces on the board.
    fn numbered_moves(&self) -> Vec<bool> {
        vec![true; self.history().len()]
    }
    /// Whether the last move takes a number, as [`TableGame::numbered_moves`] says.
    fn last_move_numbered(&self) -> bool {
        true
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
    /// The status line in the Edit mode, where nothing is being played: `Setting
    /// up`, or what the position holds beyond its pieces (Knucklebones: the die to
    /// place and the score).
    fn setup_status_text(&self, locale: &Locale) -> String {
        tr!(locale, "status-setting-up")
    }
    /// One line about the game under the HUD's title (size and rule, seed, ...).
    fn describe(&self, locale: &Locale) -> String;
    /// What the seat to act must do at an opening rule's step (swap2: "White's
    /// player: take Black, play White's stone or put two more"), for the HUD; `None`
    /// outside an opening.
    fn prompt(&self, _locale: &Locale) -> Option<String> {
        None
    }
    /// The opening rule's choices now, the moves that put no piece down (swap,
    /// keep), each with its button's text.
    fn choices(&self, _locale: &Locale) -> Vec<(Self::Move, String)> {
        Vec::new()
    }
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

    /// The review's look at this position ([`crate::review`]): the AI's move and the
    /// position's value, searched as this game's review does (docs/review.md gives
    /// each game's level), in the app's slices like [`TableGame::think`]; `None`
    /// when the game is over or the search was stopped.
    fn appraise(
        &self,
        job: AiJob,
    ) -> impl Future<Output = Option<Analysis<Self::Move>>> + ConditionalSend + 'static;

    /// The game's own rows of the HUD in the Edit mode, between what a click does
    /// and the side to move (Knucklebones: the die's face a click puts, the die in
    /// hand); none unless the game has some. Changes go as [`EditPosition`]s.
    fn edit_rows(
        _ui: &mut egui::Ui,
        _game: &CurrentGame<Self>,
        _tools: &mut EditTools,
        _edits: &mut MessageWriter<EditPosition<Self>>,
        _locale: &Locale,
    ) {
    }

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

/// The game in progress: the rules' position, the tree of moves played with their
/// variations ([`MoveTree`]) and where on it the position stands, and a generation
/// number. Everything else (pieces, marker, phantom, HUD, move list) is a view of
/// this resource.
///
/// Every change of position bumps the generation, so anything computed for an older
/// position (an AI's move, a hint, a click from the frame before) can tell it is stale.
#[derive(Resource, Clone, Debug, Deref)]
pub struct CurrentGame<G: TableGame> {
    #[deref]
    game: G,
    tree: MoveTree<G::Move>,
    /// The node of the tree the position is at.
    at: NodeId,
    /// Whether the position was reached by a move, not by a step on the tree.
    moved: bool,
    generation: u64,
    /// Which game this is since the app started: each new or loaded game counts one.
    game_number: u64,
    /// In the Edit mode: the game as it was before, which Cancel puts back.
    editing: Option<Box<Before<G>>>,
    /// The clocks, for a game played under a time control.
    clocks: Option<GameClocks>,
    /// The side whose flag fell: it lost on time, whatever the rules say.
    flagged: Option<Player>,
    /// The mover's time left after each move of the tree: every line keeps its own,
    /// and a step on the tree sets the clocks as they were there.
    times: HashMap<NodeId, Duration>,
}

/// The game on the table before the Edit mode began: its position, its moves and
/// where it stood on them.
#[derive(Clone, Debug)]
struct Before<G: TableGame> {
    game: G,
    tree: MoveTree<G::Move>,
    at: NodeId,
    clocks: Option<GameClocks>,
    flagged: Option<Player>,
    times: HashMap<NodeId, Duration>,
}

impl<G: TableGame> CurrentGame<G> {
    /// `game` on the table, its moves a single line.
    #[must_use]
    pub fn new(game: G) -> Self {
        let tree = MoveTree::line(game.history());
        let at = tree.main_line(ROOT).last().copied().unwrap_or(ROOT);
        Self {
            game,
            tree,
            at,
            moved: false,
            generation: 0,
            game_number: 0,
            editing: None,
            clocks: None,
            flagged: None,
            times: HashMap::new(),
        }
    }

    /// The clocks, for a game played under a time control.
    #[must_use]
    pub fn clocks(&self) -> Option<&GameClocks> {
        self.clocks.as_ref()
    }

    /// The side that lost on time, if one did: the game is over.
    #[must_use]
    pub fn flagged(&self) -> Option<Player> {
        self.flagged
    }

    /// Whether the game has ended: by its rules, or on time.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.flagged.is_some() || self.game.is_over()
    }

    /// Starts fresh clocks under `control` (none: an untimed game).
    pub fn start_clocks(&mut self, control: Option<TimeControl>) {
        self.clocks = control.map(GameClocks::new);
        self.flagged = None;
        self.times.clear();
    }

    /// The clocks as a saved game left them (none: an untimed game), with each
    /// move's reading on the tree on the table.
    pub fn restore_clocks(&mut self, saved: Option<SavedClock>) {
        self.times.clear();
        self.clocks = saved.as_ref().map(|saved| saved.clocks);
        self.flagged = saved.as_ref().and_then(|saved| saved.flagged);
        if let Some(saved) = saved {
            let nodes = self.tree.in_word_order();
            for (node, time) in nodes.into_iter().zip(saved.times) {
                if let Some(time) = time {
                    self.times.insert(node, time);
                }
            }
        }
    }

    /// Sets the clocks as they were at the position on the tree: from both at the
    /// control's base time, each move's reading along the line (where one is
    /// known). Nothing for an untimed game.
    fn clocks_from_times(&mut self) {
        let Some(clocks) = self.clocks else {
            return;
        };
        let control = clocks.control();
        let mut left = [control.base; 2];
        // Each move's reading is its maker's: the seat that acted before it, which
        // an opening rule may keep for several moves. Found by taking the moves
        // back (cheap), not by replaying them.
        let mut back = self.game.clone();
        let mut makers = Vec::new();
        while back.undo().is_some() {
            makers.push(back.actor());
        }
        makers.reverse();
        let mut known = true;
        for (node, seat) in self.tree.path(self.at).into_iter().zip(makers) {
            match self.times.get(&node) {
                Some(&time) => left[seat.index()] = time,
                None => known = false,
            }
        }
        if known {
            self.clocks = Some(GameClocks::with_left(control, left));
        }
    }

    /// Runs the clock of the seat to act by `elapsed`. When its flag falls the
    /// game ends on time (and its generation changes, so a search under way for it
    /// is stale); whether it fell now.
    pub fn run_clock(&mut self, elapsed: Duration) -> bool {
        let side = self.game.actor();
        let Some(clocks) = self.clocks.as_mut() else {
            return false;
        };
        if self.flagged.is_some() || !clocks.run(side, elapsed) {
            return false;
        }
        self.flagged = Some(side);
        self.generation += 1;
        true
    }

    /// Runs the clock of the seat to act by `elapsed` for the eye only: it stops at
    /// zero and no flag falls (an online room's server decides that,
    /// [`CurrentGame::lose_on_time`]).
    pub fn show_clock_running(&mut self, elapsed: Duration) {
        let seat = self.game.actor();
        if let Some(clocks) = self.clocks.as_mut()
            && self.flagged.is_none()
        {
            clocks.run(seat, elapsed);
        }
    }

    /// Sets the clocks to `left`, first seat first (an online room's readings).
    pub fn set_clock_readings(&mut self, left: [Duration; 2]) {
        if let Some(clocks) = self.clocks.as_mut() {
            *clocks = GameClocks::with_left(clocks.control(), left);
        }
    }

    /// `seat` lost on time, as an online room's server decided: the game ends.
    pub fn lose_on_time(&mut self, seat: Player) {
        if self.flagged.is_none() {
            if let Some(clocks) = self.clocks.as_mut() {
                clocks.run(seat, clocks.left(seat));
            }
            self.flagged = Some(seat);
            self.generation += 1;
        }
    }

    /// Whether the Edit mode is on: the position on the table is being set up by
    /// hand, and no move, AI or analysis touches it.
    #[must_use]
    pub fn editing(&self) -> bool {
        self.editing.is_some()
    }

    /// The HUD's status line: the game's ([`TableGame::status_text`]), or in the
    /// Edit mode the set-up's ([`TableGame::setup_status_text`]).
    #[must_use]
    pub fn status_line(&self, locale: &Locale) -> String {
        if self.editing() {
            self.game.setup_status_text(locale)
        } else {
            self.game.status_text(locale)
        }
    }

    /// Starts the Edit mode from the position on the table, as a set-up position
    /// ([`Game::to_setup`](crate::rules::Game::to_setup)); the game as it was waits
    /// for [`CurrentGame::cancel_edit`]. It counts as another game (a review of the
    /// old one is dropped).
    pub fn begin_edit(&mut self) {
        if self.editing() {
            return;
        }
        let before = Before {
            game: self.game.clone(),
            tree: self.tree.clone(),
            at: self.at,
            clocks: self.clocks,
            flagged: self.flagged,
            times: self.times.clone(),
        };
        let setup = self.game.to_setup();
        self.replace(setup);
        self.editing = Some(Box::new(before));
    }

    /// An Edit mode change of the position ([`Game::edit`](crate::rules::Game::edit),
    /// the side to move, a game's own such as Knucklebones' die): refused, saying
    /// why, outside the Edit mode or when the game refuses it, and then nothing
    /// changes.
    pub fn edit_position(
        &mut self,
        change: impl FnOnce(&mut G) -> Result<(), String>,
    ) -> Result<(), String> {
        if !self.editing() {
            return Err("not setting up a position".to_owned());
        }
        let mut game = self.game.clone();
        change(&mut game)?;
        self.game = game;
        self.generation += 1;
        Ok(())
    }

    /// Ends the Edit mode: the position set up is played from, as a new game made
    /// from `template` (a new game with the table's settings, with a fresh dice
    /// seed for the rolls that follow). Refused, saying why, for a position no game
    /// reaches; the Edit mode then goes on.
    pub fn finish_edit(&mut self, template: &G) -> Result<(), String> {
        if !self.editing() {
            return Err("not setting up a position".to_owned());
        }
        if let Some(why) = self.game.setup_error() {
            return Err(why);
        }
        let game = match self.game.setup_text() {
            Some(text) => template.set_up(&text)?,
            None => template.clone(),
        };
        self.editing = None;
        self.replace(game);
        Ok(())
    }

    /// Leaves the Edit mode without a change: the game as it was before, with its
    /// moves.
    pub fn cancel_edit(&mut self) {
        if let Some(before) = self.editing.take() {
            let Before {
                game,
                tree,
                at,
                clocks,
                flagged,
                times,
            } = *before;
            self.replace_with_tree(game, tree, at);
            self.clocks = clocks;
            self.flagged = flagged;
            self.times = times;
        }
    }

    /// The position's generation: it changes with every move, undo, redo, new game
    /// and load.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Which game this is: each new game and each loaded one counts one, so what
    /// was made for a game (its review) can tell it is another's.
    #[must_use]
    pub fn game_number(&self) -> u64 {
        self.game_number
    }

    /// The moves played, with their variations.
    #[must_use]
    pub fn tree(&self) -> &MoveTree<G::Move> {
        &self.tree
    }

    /// Whether a person is looking through the moves: the position was reached by
    /// a step on the tree (undo, redo, a click in the move list) and the line goes
    /// on from it. An AI then waits to be asked instead of playing at once.
    #[must_use]
    pub fn browsing(&self) -> bool {
        !self.moved && self.can_redo()
    }

    /// Where on [`CurrentGame::tree`] the position stands.
    #[must_use]
    pub fn at(&self) -> NodeId {
        self.at
    }

    /// Plays a move for the side to move: the tree's move if it has this one here
    /// already, else a new one (a variation, if the line went on before). Refused
    /// moves change nothing.
    pub fn play(&mut self, mv: G::Move) -> Result<(), G::Error> {
        let side = self.game.actor();
        self.game.play(mv)?;
        self.at = self.tree.add(self.at, mv);
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(side);
            self.times.insert(self.at, clocks.left(side));
        }
        self.moved = true;
        self.generation += 1;
        Ok(())
    }

    /// Takes back the last move; redo plays it again.
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.step_back()?;
        self.clocks_from_times();
        Some(mv)
    }

    /// [`CurrentGame::undo`] but for the clocks, which the caller sets.
    fn step_back(&mut self) -> Option<G::Move> {
        let parent = self.tree.parent(self.at)?;
        let mv = self.game.undo()?;
        self.at = parent;
        self.moved = false;
        self.generation += 1;
        Some(mv)
    }

    /// Takes back the last move and forgets it (a referee's takeback online, where
    /// there are no variations).
    pub fn take_back(&mut self) -> Option<G::Move> {
        let undone = self.at;
        let mv = self.undo()?;
        self.tree.delete(undone);
        Some(mv)
    }

    /// Plays the move last taken back again: the line last visited from here.
    pub fn redo(&mut self) -> Option<G::Move> {
        let next = self.tree.next(self.at)?;
        let mv = *self.tree.mv(next)?;
        self.game.play(mv).ok()?;
        self.at = next;
        self.moved = false;
        self.generation += 1;
        self.clocks_from_times();
        Some(mv)
    }

    /// Goes to `node` of the tree: back to where its line leaves this one, then
    /// along it. A node not in the tree changes nothing.
    pub fn go_to(&mut self, node: NodeId) {
        if node == self.at || !self.tree.nodes_in_order().contains(&node) {
            return;
        }
        // The clocks are set once, at the end: setting them at each step back
        // made a walk through a long timed game quadratic.
        while !self.tree.descends_from(node, self.at) {
            if self.step_back().is_none() {
                self.clocks_from_times();
                return;
            }
        }
        let path = self.tree.path(node);
        for &step in &path[self.tree.depth(self.at)..] {
            let playable = self
                .tree
                .mv(step)
                .is_some_and(|&mv| self.game.play(mv).is_ok());
            if !playable {
                self.clocks_from_times();
                return;
            }
            self.at = step;
        }
        self.tree.visit(node);
        self.moved = false;
        self.generation += 1;
        self.clocks_from_times();
    }

    /// Makes the line through `node` the main line.
    pub fn promote(&mut self, node: NodeId) {
        self.tree.promote(node);
        // The view of the moves changes; the position does not.
        self.generation += 1;
    }

    /// Deletes `node` and the moves after it; a position inside it goes back to the
    /// move before it first.
    pub fn delete(&mut self, node: NodeId) {
        let Some(parent) = self.tree.parent(node) else {
            return;
        };
        if self.tree.descends_from(self.at, node) {
            self.go_to(parent);
        }
        self.tree.delete(node);
        self.generation += 1;
    }

    /// Whether there is a move to take back.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.game.plies() > 0
    }

    /// Whether there is a move taken back to play again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.tree.next(self.at).is_some()
    }

    /// Tells the game the outcome of chance its position waits on (a referee's draw,
    /// online): the position changes, as a move changes it.
    pub fn tell_chance(&mut self, outcome: &str) -> Result<(), String> {
        self.game.tell_chance(outcome)?;
        self.generation += 1;
        Ok(())
    }

    /// Puts another game on the table (new game, load), its moves a single line.
    pub fn replace(&mut self, game: G) {
        let (generation, game_number) = (self.generation + 1, self.game_number + 1);
        *self = Self::new(game);
        self.generation = generation;
        self.game_number = game_number;
    }

    /// Puts another game on the table with the moves of `tree`, `game` standing at
    /// its node `at` (a loaded game). A tree that does not lead to `game` is left
    /// out.
    pub fn replace_with_tree(&mut self, game: G, tree: MoveTree<G::Move>, at: NodeId) {
        self.replace(game);
        if tree.moves_to(at) == self.game.history() {
            self.tree = tree;
            self.tree.visit(at);
            self.at = at;
        }
    }

    /// The game as a file saves it: the position, and the moves with their
    /// variations.
    #[must_use]
    pub fn saved(&self, seats: Seats) -> SavedGame {
        // In the Edit mode, the game as it was: the position being set up may be
        // one no game reaches.
        if let Some(before) = &self.editing {
            let mut table = Self::new(before.game.clone());
            table.tree = before.tree.clone();
            table.at = before.at;
            table.clocks = before.clocks;
            table.flagged = before.flagged;
            table.times = before.times.clone();
            return table.saved(seats);
        }
        let names = self
            .tree
            .try_map(|_, mv| Ok::<_, ()>(mv.to_string()))
            .unwrap_or_default();
        let mut saved =
            SavedGame::with_variations(seats, GameRecord::new(self.game.clone()), names, self.at);
        saved.clock = self.clocks.map(|clocks| SavedClock {
            clocks,
            flagged: self.flagged,
            times: self
                .tree
                .in_word_order()
                .iter()
                .map(|node| self.times.get(node).copied())
                .collect(),
        });
        saved
    }
}

/// The variations of a saved file as moves of `G`, each read in its position (the
/// start of `game`, then the moves before it); the first that does not read says why.
pub fn typed_tree<G: Game>(
    game: &G,
    words: &MoveTree<String>,
) -> Result<MoveTree<G::Move>, String> {
    let mut start = game.clone();
    while start.undo().is_some() {}
    words
        .try_map(|before, text| {
            let mut position = start.clone();
            for &node in before {
                let earlier = words.mv(node).map_or("", String::as_str);
                let mv = position.parse_move(earlier).map_err(|e| e.to_string())?;
                position.play(mv).map_err(|e| e.to_string())?;
            }
            position.parse_move(text).map_err(|e| e.to_string())
        })
        .map_err(|(_, why)| why)
}

/// A game to put on the table instead of a new one: a game loaded from a file or
/// the command line, with its variations if it has any. Taken when `G` comes on the
/// table, or at once if it is there.
#[derive(Resource, Clone, Debug)]
pub struct PendingGame<G: TableGame>(
    pub G,
    pub Option<(MoveTree<G::Move>, NodeId)>,
    pub Option<SavedClock>,
);

/// Who plays `side`, for labels: `Black (AI 4)`, `X (you)`.
#[must_use]
pub fn seat_label<G: TableGame>(
    game: &G,
    players: &Players,
    seat: Player,
    locale: &Locale,
) -> String {
    let name = locale.side(G::NAME, game.side_of_seat(seat));
    match players.get(seat) {
        PlayerKind::Human if !players.get(seat.opponent()).is_human() => {
            tr!(locale, "seat-you", side = name)
        }
        PlayerKind::Human => name,
        PlayerKind::Ai(level) => tr!(locale, "seat-ai-label", side = name, level = level.get()),
        PlayerKind::Online => tr!(locale, "seat-online-label", side = name),
    }
}
