//! Gomoku on the table: the game-state resource, the move path and the board view.
//!
//! A move travels one way, whoever makes it:
//! [`MoveRequested`] -> [`apply_moves`] (validated against [`CurrentGame`], the single
//! source of truth) -> [`MoveApplied`] -> [`check_for_end`] and [`switch_turn`], which
//! move the [`Phase`] state. The board entities follow [`CurrentGame`] in
//! [`AppSystems::SyncView`].

pub mod ai;
pub mod board;
pub mod files;
pub mod input;
pub mod pieces;

use bevy::prelude::*;

use super::ai::AiPace;
use super::{AppSystems, Players, Screen};
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, GomokuError, Point, Rule};

/// Settings chosen in the menu; every new game starts from them.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GomokuSettings {
    /// Board width and height.
    pub size: BoardSize,
    /// Free-style or standard (exactly five).
    pub rule: Rule,
}

impl GomokuSettings {
    /// The settings `game` is played with.
    #[must_use]
    pub fn of(game: &Gomoku) -> Self {
        Self {
            size: game.size(),
            rule: game.rule(),
        }
    }
}

/// The game in progress: the rules' position with its move history, the moves taken
/// back (for redo) and a generation number. Everything else (stones, marker, phantom,
/// HUD) is a view of this resource.
///
/// Every change of position bumps the generation, so anything computed for an older
/// position (an AI's move, a hint, a click from the frame before) can tell it is stale.
#[derive(Resource, Clone, Debug, Default, Deref)]
pub struct CurrentGame {
    #[deref]
    game: Gomoku,
    redo: Vec<Point>,
    generation: u64,
}

impl CurrentGame {
    /// The position's generation: it changes with every move, undo, redo, new game
    /// and load.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Plays a new move for the side to move; the moves taken back can no longer be
    /// redone. Refused moves change nothing.
    pub fn play(&mut self, point: Point) -> Result<(), GomokuError> {
        self.game.play(point)?;
        self.redo.clear();
        self.generation += 1;
        Ok(())
    }

    /// Takes back the last move, keeping it for [`CurrentGame::redo`].
    pub fn undo(&mut self) -> Option<Point> {
        let point = self.game.undo()?;
        self.redo.push(point);
        self.generation += 1;
        Some(point)
    }

    /// Plays the last move taken back again.
    pub fn redo(&mut self) -> Option<Point> {
        let point = *self.redo.last()?;
        self.game.play(point).ok()?;
        self.redo.pop();
        self.generation += 1;
        Some(point)
    }

    /// Whether there is a move to take back.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.game.moves().is_empty()
    }

    /// Whether there is a move taken back to play again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Puts another game on the table (new game, load); nothing to redo.
    pub fn replace(&mut self, game: Gomoku) {
        self.game = game;
        self.redo.clear();
        self.generation += 1;
    }
}

/// Someone (a click, an AI, a loaded game) asks to place a stone for the side to move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequested {
    /// Where the stone goes.
    pub point: Point,
    /// The [`CurrentGame::generation`] the move was chosen in. A request made for
    /// another position (an AI that was still thinking when the game changed, a
    /// second click in the same frame) is dropped.
    pub generation: u64,
}

/// A requested move passed validation and is now part of [`CurrentGame`].
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveApplied {
    /// Where the stone went.
    pub point: Point,
    /// Who played it.
    pub player: Player,
}

/// Start the game again with the same settings.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewGameRequested;

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
    /// The phase a position is in.
    #[must_use]
    pub fn of(game: &Gomoku) -> Self {
        if game.is_over() {
            Phase::Over
        } else {
            Phase::ToMove(game.side_to_move())
        }
    }
}

/// Take back the last move; against an AI, back to the person's last turn.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UndoRequested;

/// Play again what [`UndoRequested`] took back.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RedoRequested;

/// A game to put on the table the next time the playing screen opens, instead of an
/// empty board: a game loaded from the command line.
#[derive(Resource, Clone, Debug)]
pub struct PendingGame(pub Gomoku);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GomokuSettings>()
        .init_resource::<CurrentGame>()
        .init_resource::<input::HoveredPoint>()
        .init_resource::<input::PointerOverUi>()
        .add_sub_state::<Phase>()
        .add_message::<MoveRequested>()
        .add_message::<MoveApplied>()
        .add_message::<NewGameRequested>()
        .add_message::<UndoRequested>()
        .add_message::<RedoRequested>()
        .add_systems(OnEnter(Screen::Playing), start_game)
        .add_systems(
            Update,
            (
                (
                    restart_game,
                    take_back,
                    apply_moves,
                    (check_for_end, switch_turn),
                )
                    .chain(),
                files::save_and_load.before(restart_game),
            )
                .in_set(AppSystems::ApplyMoves)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            input::click_to_place
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        )
        .add_plugins((board::plugin, pieces::plugin, ai::plugin, files::plugin));
}

/// Sets up the position when a game starts: the pending (loaded) game if there is
/// one, else an empty board from the menu's settings.
pub fn start_game(
    mut commands: Commands,
    settings: Res<GomokuSettings>,
    mut game: ResMut<CurrentGame>,
    pending: Option<Res<PendingGame>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    match pending {
        Some(pending) => {
            game.replace(pending.0.clone());
            commands.remove_resource::<PendingGame>();
        }
        None => game.replace(Gomoku::new(settings.size, settings.rule)),
    }
    phase.set(Phase::of(&game));
}

/// New game: an empty board with the same settings; the view clears itself.
pub fn restart_game(
    mut requests: MessageReader<NewGameRequested>,
    settings: Res<GomokuSettings>,
    mut game: ResMut<CurrentGame>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    game.replace(Gomoku::new(settings.size, settings.rule));
    phase.set(Phase::of(&game));
}

/// Undo and redo. With a person and an AI, one request takes back (or replays) the
/// AI's reply together with the person's move, so it is the person's turn again.
/// With two AIs, one move at a time, and the AIs pause so the position stays put.
pub fn take_back(
    mut undo: MessageReader<UndoRequested>,
    mut redo: MessageReader<RedoRequested>,
    players: Res<Players>,
    mut pace: ResMut<AiPace>,
    mut game: ResMut<CurrentGame>,
    mut phase: ResMut<NextState<Phase>>,
) {
    let (undos, redos) = (undo.read().count(), redo.read().count());
    if undos + redos == 0 {
        return;
    }
    // An AI is "to move" after a step when a person plays the other side.
    let ai_to_move = |game: &CurrentGame| {
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
    phase.set(Phase::of(&game));
}

/// The one gate every move passes: legal moves for the current position go into
/// [`CurrentGame`] and are announced; anything else (occupied point, off the board,
/// game over, chosen for an older position) changes nothing.
pub fn apply_moves(
    mut requests: MessageReader<MoveRequested>,
    mut game: ResMut<CurrentGame>,
    mut applied: MessageWriter<MoveApplied>,
) {
    for &MoveRequested { point, generation } in requests.read() {
        // Check before taking the resource mutably, so refused moves do not mark it changed.
        if generation != game.generation() {
            debug!("move {point} dropped: chosen for an older position");
            continue;
        }
        if let Err(why) = game.check(point) {
            debug!("move {point} refused: {why}");
            continue;
        }
        let player = game.side_to_move();
        if game.play(point).is_ok() {
            applied.write(MoveApplied { point, player });
        }
    }
}

/// The win/draw check: once a move ends the game, the phase becomes [`Phase::Over`].
pub fn check_for_end(
    mut applied: MessageReader<MoveApplied>,
    game: Res<CurrentGame>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if applied.read().count() > 0 && game.is_over() {
        info!(
            "game over after {} moves: {:?}",
            game.moves().len(),
            game.status()
        );
        phase.set(Phase::Over);
    }
}

/// Passes the turn to the other side after every move that did not end the game.
pub fn switch_turn(
    mut applied: MessageReader<MoveApplied>,
    game: Res<CurrentGame>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if applied.read().count() > 0 && !game.is_over() {
        phase.set(Phase::ToMove(game.side_to_move()));
    }
}
