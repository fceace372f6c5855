//! The table every game is played on: the game-state resource, the move path, undo
//! and redo, new games and saved games, written once for all games.
//!
//! A game joins the app by implementing [`TableGame`] (a thin layer over its plain
//! rules) and adding [`plugin::<G>`](plugin). A move then travels one way, whoever
//! makes it: [`MoveRequested`] -> [`apply_moves`] (validated against [`CurrentGame`],
//! the single source of truth) -> [`MoveApplied`] -> [`check_for_end`] and
//! [`switch_turn`], which move the [`Phase`] state. Each game's entities follow its
//! [`CurrentGame`] in [`AppSystems::SyncView`].
//!
//! Only the game on the table runs: every system here is gated on
//! [`OnTable`]`(G::KIND)`.

use std::fmt;
use std::path::{Path, PathBuf};

use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use bevy::tasks::ConditionalSend;

use super::ai::{AiJob, AiPace};
use super::pointer::{Hovered, click_to_move};
use super::{AppSystems, GameKind, OnTable, Players, Screen};
use crate::ai::Level;
use crate::record::{GameRecord, PlayerKind, SavedGame};
use crate::rules::{Game, Player};

/// What the app needs from a game beyond its rules: how it starts, how it is named
/// on screen, how its AI is run and how it is saved. Implemented next to each game's
/// view, delegating to the plain rules.
pub trait TableGame: Game<Move: Send + Sync + 'static> + Send + Sync + 'static {
    /// The menu's settings a new game starts from.
    type Settings: Resource<Mutability = Mutable> + Clone + Default;
    /// Which game this is.
    const KIND: GameKind;

    /// A new game from the menu's settings.
    fn new_game(settings: &Self::Settings) -> Self;
    /// Settings to keep when this game is put on the table from a file, so that New
    /// game starts the same kind of game (Gomoku's board size and rule).
    fn adopt_settings(&self, _settings: &mut Self::Settings) {}
    /// Why `mv` would be refused now, if it would.
    fn check(&self, mv: Self::Move) -> Result<(), Self::Error>;
    /// Takes back the last move.
    fn undo(&mut self) -> Option<Self::Move>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// How many moves have been played.
    fn plies(&self) -> usize;
    /// The moves so far, as people read them in the move list.
    fn move_names(&self) -> Vec<String>;
    /// What people call `player`: `Black`, `X`, `Player 1`.
    fn side_name(player: Player) -> &'static str;
    /// The colour of `player`'s pieces, for the HUD's icons.
    fn side_colour(player: Player) -> Color;
    /// How a hint shows on the table, for the HUD: `cyan ring`.
    const HINT_MARK: &'static str;
    /// How a person moves, for the HUD's help line.
    const CONTROLS: &'static str;
    /// The status line: `Playing`, `Black wins`, `Draw`, with the score where there is one.
    fn status_text(&self) -> String {
        match self.outcome() {
            None => "Playing".to_owned(),
            Some(crate::rules::Outcome::Win(winner)) => format!("{} wins", Self::side_name(winner)),
            Some(crate::rules::Outcome::Draw) => "Draw".to_owned(),
        }
    }
    /// One line about the game under the HUD's title (size and rule, seed, ...).
    fn describe(&self) -> String;
    /// The work an AI of `level` does for this position, run on the async compute
    /// pool: it polls `job`'s stop flag, may report progress for the HUD, and searches
    /// in [`ai::slices`](super::ai::slices) so that in a browser it shares the page's
    /// thread.
    fn think(
        &self,
        level: Level,
        job: AiJob,
    ) -> impl Future<Output = Option<Self::Move>> + ConditionalSend + 'static;
    /// The game as a saved record.
    fn to_record(&self) -> GameRecord;
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

/// Someone (a click, a key, an AI, a loaded game) asks to make a move for the side
/// to move.
#[derive(Message, Debug, PartialEq, Eq)]
pub struct MoveRequested<G: TableGame> {
    /// The move.
    pub mv: G::Move,
    /// The [`CurrentGame::generation`] the move was chosen in. A request made for
    /// another position (an AI that was still thinking when the game changed, a
    /// second click in the same frame) is dropped.
    pub generation: u64,
}

impl<G: TableGame> MoveRequested<G> {
    /// A request to play `mv` in the position of `generation`.
    #[must_use]
    pub fn new(mv: G::Move, generation: u64) -> Self {
        Self { mv, generation }
    }
}

/// A requested move passed validation and is now part of [`CurrentGame`].
#[derive(Message, Debug, PartialEq, Eq)]
pub struct MoveApplied<G: TableGame> {
    /// The move.
    pub mv: G::Move,
    /// Who played it.
    pub player: Player,
}

// By hand: a derive would ask the game itself to be `Copy`, not only its move.
impl<G: TableGame> Clone for MoveRequested<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: TableGame> Copy for MoveRequested<G> {}

impl<G: TableGame> Clone for MoveApplied<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: TableGame> Copy for MoveApplied<G> {}

/// Start the game again with the same settings.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewGameRequested;

/// Take back the last move; against an AI, back to the person's last turn.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UndoRequested;

/// Play again what [`UndoRequested`] took back.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RedoRequested;

/// Write the game on the table to `path`.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SaveRequested {
    /// Where to write.
    pub path: PathBuf,
}

/// Replace the game on the table with the one saved at `path`, players included; a
/// file of another game puts that game on the table.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LoadRequested {
    /// What to read.
    pub path: PathBuf,
}

/// A saved game a person picked in the browser's file picker, already read (the web
/// build's [`LoadRequested`]); it loads the same way, with the same errors.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GameFileOpened {
    /// The file's name, for messages.
    pub name: String,
    /// Its contents.
    pub text: String,
}

/// The outcome of the last save or load, for the HUD.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct FileNotice(pub Option<Result<String, String>>);

/// The file name in the HUD's path field.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SavePath(pub String);

impl Default for SavePath {
    fn default() -> Self {
        Self("tabletop-game.txt".to_owned())
    }
}

/// Where the game on the table stands; exists only while [`Screen::Playing`].
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Phase {
    /// `Player` is to move.
    ToMove(Player),
    /// The game has ended; [`CurrentGame`] holds the result.
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

    /// The phase a position is in.
    #[must_use]
    pub fn of<G: TableGame>(game: &G) -> Self {
        if game.is_over() {
            Phase::Over
        } else {
            Phase::ToMove(game.side_to_move())
        }
    }
}

/// A game to put on the table instead of a new one: a game loaded from a file or
/// the command line. Taken by [`start_game`] or [`take_pending`].
#[derive(Resource, Clone, Debug)]
pub struct PendingGame<G: TableGame>(pub G);

/// What every game shares: the requests the HUD and keys write, the phase, files.
pub(super) fn shared_plugin(app: &mut App) {
    app.add_sub_state::<Phase>()
        .init_resource::<FileNotice>()
        .init_resource::<SavePath>()
        .add_message::<NewGameRequested>()
        .add_message::<UndoRequested>()
        .add_message::<RedoRequested>()
        .add_message::<SaveRequested>()
        .add_message::<LoadRequested>()
        .add_message::<GameFileOpened>()
        .add_systems(
            Update,
            load_game
                .in_set(AppSystems::ApplyMoves)
                .run_if(in_state(Screen::Playing)),
        );
}

/// The move path of game `G`, active while `G` is on the table.
pub fn plugin<G: TableGame>(app: &mut App) {
    let on_table = OnTable(G::KIND);
    // The resource is always there (views' run conditions read it); a game is set
    // up on it each time `G` comes on the table.
    let placeholder = G::new_game(&G::Settings::default());
    app.init_resource::<G::Settings>()
        .init_resource::<Hovered<G>>()
        .insert_resource(CurrentGame::new(placeholder))
        .add_message::<MoveRequested<G>>()
        .add_message::<MoveApplied<G>>()
        .add_systems(OnEnter(on_table), start_game::<G>)
        .add_systems(
            Update,
            click_to_move::<G>
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(on_table)),
        )
        .add_systems(
            Update,
            (
                take_pending::<G>.run_if(resource_exists::<PendingGame<G>>),
                restart_game::<G>,
                take_back::<G>,
                save_game::<G>,
                apply_moves::<G>,
                (check_for_end::<G>, switch_turn::<G>),
            )
                .chain()
                .after(load_game)
                .in_set(AppSystems::ApplyMoves)
                .run_if(in_state(on_table)),
        );
}

/// Sets up the position when the game comes on the table: the pending (loaded) game
/// if there is one, else a new game from the menu's settings.
pub fn start_game<G: TableGame>(
    mut commands: Commands,
    mut settings: ResMut<G::Settings>,
    pending: Option<Res<PendingGame<G>>>,
    mut current: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
    players: Res<Players>,
) {
    let game = match pending {
        Some(pending) => {
            commands.remove_resource::<PendingGame<G>>();
            pending.0.adopt_settings(&mut settings);
            pending.0.clone()
        }
        None => G::new_game(&settings),
    };
    phase.set(Phase::of(&game));
    info!(
        "{} on the table ({}): {} against {}",
        G::KIND,
        game.describe(),
        seat_label::<G>(&players, Player::First),
        seat_label::<G>(&players, Player::Second)
    );
    // Replacing bumps the generation: answers for the last game stay stale.
    current.replace(game);
}

/// A game loaded while this game is on the table replaces it.
pub fn take_pending<G: TableGame>(
    mut commands: Commands,
    pending: Res<PendingGame<G>>,
    mut settings: ResMut<G::Settings>,
    mut game: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    commands.remove_resource::<PendingGame<G>>();
    pending.0.adopt_settings(&mut settings);
    game.replace(pending.0.clone());
    phase.set(Phase::of(&**game));
}

/// New game: a new game with the same settings; the view clears itself.
pub fn restart_game<G: TableGame>(
    mut requests: MessageReader<NewGameRequested>,
    settings: Res<G::Settings>,
    mut game: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    game.replace(G::new_game(&settings));
    phase.set(Phase::of(&**game));
}

/// Undo and redo. With a person and an AI, one request takes back (or replays) the
/// AI's reply together with the person's move, so it is the person's turn again.
/// With two AIs, one move at a time, and the AIs pause so the position stays put.
pub fn take_back<G: TableGame>(
    mut undo: MessageReader<UndoRequested>,
    mut redo: MessageReader<RedoRequested>,
    players: Res<Players>,
    mut pace: ResMut<AiPace>,
    mut game: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    let (undos, redos) = (undo.read().count(), redo.read().count());
    if undos + redos == 0 {
        return;
    }
    // An AI is "to move" after a step when a person plays the other side.
    let ai_to_move = |game: &CurrentGame<G>| {
        players.any_human() && !game.is_over() && !players.get(game.side_to_move()).is_human()
    };
    for _ in 0..undos {
        if game.undo().is_some() {
            while ai_to_move(&game) && game.undo().is_some() {}
        }
    }
    for _ in 0..redos {
        if game.redo().is_some() {
            while ai_to_move(&game) && game.redo().is_some() {}
        }
    }
    if players.all_ai() {
        pace.auto = false;
    }
    info!(
        "{undos} undo and {redos} redo requests: {} moves on the table",
        game.plies()
    );
    phase.set(Phase::of(&**game));
}

/// The one gate every move passes: legal moves for the current position go into
/// [`CurrentGame`] and are announced; anything else (occupied cell, full column,
/// game over, chosen for an older position) changes nothing.
pub fn apply_moves<G: TableGame>(
    mut requests: MessageReader<MoveRequested<G>>,
    mut game: ResMut<CurrentGame<G>>,
    mut applied: MessageWriter<MoveApplied<G>>,
) {
    for &MoveRequested { mv, generation } in requests.read() {
        // Check before taking the resource mutably, so refused moves do not mark it changed.
        if generation != game.generation() {
            debug!("move {mv} dropped: chosen for an older position");
            continue;
        }
        if let Err(why) = game.check(mv) {
            debug!("move {mv} refused: {why}");
            continue;
        }
        let player = game.side_to_move();
        if game.play(mv).is_ok() {
            info!("move {}: {} {mv}", game.plies(), G::side_name(player));
            applied.write(MoveApplied { mv, player });
        }
    }
}

/// The win/draw check: once a move ends the game, the phase becomes [`Phase::Over`].
pub fn check_for_end<G: TableGame>(
    mut applied: MessageReader<MoveApplied<G>>,
    game: Res<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if applied.read().count() > 0 && game.is_over() {
        info!(
            "game over after {} moves: {}",
            game.plies(),
            game.status_text()
        );
        phase.set(Phase::Over);
    }
}

/// Passes the turn to the other side after every move that did not end the game.
pub fn switch_turn<G: TableGame>(
    mut applied: MessageReader<MoveApplied<G>>,
    game: Res<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if applied.read().count() > 0 && !game.is_over() {
        phase.set(Phase::ToMove(game.side_to_move()));
    }
}

/// Reads and checks a saved game; the error is one line for people.
pub fn read_game(path: &Path) -> Result<SavedGame, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("could not read {}: {e}", path.display()))?;
    parse_game(&path.display().to_string(), &text)
}

/// Checks the text of a saved game called `name`; the error is one line for people.
pub fn parse_game(name: &str, text: &str) -> Result<SavedGame, String> {
    SavedGame::from_text(text).map_err(|e| format!("{name}: {e}"))
}

/// Writes a saved game; the error is one line for people. In a browser the file is
/// offered as a download named after the path's last part.
pub fn write_game(path: &Path, saved: &SavedGame) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    return std::fs::write(path, saved.to_text())
        .map_err(|e| format!("could not write {}: {e}", path.display()));
    #[cfg(target_arch = "wasm32")]
    {
        let name = path.file_name().map_or_else(
            || "tabletop-game.txt".to_owned(),
            |name| name.to_string_lossy().into_owned(),
        );
        super::web::download(&name, &saved.to_text())
    }
}

/// Carries out save requests for the game on the table.
pub fn save_game<G: TableGame>(
    mut saves: MessageReader<SaveRequested>,
    game: Res<CurrentGame<G>>,
    players: Res<Players>,
    mut notice: ResMut<FileNotice>,
) {
    for SaveRequested { path } in saves.read() {
        let saved = SavedGame {
            seats: players.0,
            game: game.to_record(),
        };
        notice.0 = Some(
            write_game(path, &saved)
                .map(|()| format!("Saved {} moves to {}", game.plies(), path.display())),
        );
    }
}

/// Carries out load requests, for any game: the loaded game becomes the
/// [`PendingGame`] of its kind, and if that is another game than the one on the
/// table, that game comes on the table. A load that fails changes nothing.
pub fn load_game(
    mut commands: Commands,
    mut loads: MessageReader<LoadRequested>,
    mut opened: MessageReader<GameFileOpened>,
    mut players: ResMut<Players>,
    kind: Res<State<GameKind>>,
    mut next_kind: ResMut<NextState<GameKind>>,
    mut notice: ResMut<FileNotice>,
) {
    let read = loads
        .read()
        .map(|LoadRequested { path }| (path.display().to_string(), read_game(path)));
    let picked = opened
        .read()
        .map(|GameFileOpened { name, text }| (name.clone(), parse_game(name, text)));
    for (name, loaded) in read.chain(picked).collect::<Vec<_>>() {
        match loaded {
            Ok(saved) => {
                let loaded = format!("Loaded {name} ({} moves)", saved.game.plies());
                info!("{loaded}");
                notice.0 = Some(Ok(loaded));
                players.0 = saved.seats;
                let loaded = kind_of(&saved.game);
                commands.queue(move |world: &mut World| {
                    put_on_hold(saved.game, world);
                });
                if loaded != *kind.get() {
                    next_kind.set(loaded);
                }
            }
            Err(why) => {
                warn!("load failed: {why}");
                notice.0 = Some(Err(why));
            }
        }
    }
}

/// Which game a record holds.
#[must_use]
pub fn kind_of(record: &GameRecord) -> GameKind {
    match record {
        GameRecord::Gomoku(_) => GameKind::Gomoku,
        GameRecord::TicTacToe(_) => GameKind::TicTacToe,
        GameRecord::Knucklebones(_) => GameKind::Knucklebones,
    }
}

/// Makes a loaded game the [`PendingGame`] of its kind: it goes on the table when
/// that game next starts, or at once if it is the game on the table.
pub fn put_on_hold(record: GameRecord, world: &mut World) {
    match record {
        GameRecord::Gomoku(game) => world.insert_resource(PendingGame(game)),
        GameRecord::TicTacToe(game) => world.insert_resource(PendingGame(game)),
        GameRecord::Knucklebones(game) => world.insert_resource(PendingGame(game)),
    }
}

/// Who plays `side`, for labels: `Black (AI 4)`, `X (you)`.
#[must_use]
pub fn seat_label<G: TableGame>(players: &Players, side: Player) -> String {
    let name = G::side_name(side);
    match players.get(side) {
        PlayerKind::Human if !players.get(side.opponent()).is_human() => {
            format!("{name} (you)")
        }
        PlayerKind::Human => name.to_owned(),
        PlayerKind::Ai(level) => format!("{name} (AI {level})"),
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameKind::Gomoku => "Gomoku",
            GameKind::TicTacToe => "Tic-tac-toe",
            GameKind::Knucklebones => "Knucklebones",
        })
    }
}
