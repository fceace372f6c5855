//! Gomoku on the table: the game-state resource, the move path and the board view.
//!
//! A move travels one way, whoever makes it:
//! [`MoveRequested`] -> [`apply_moves`] (validated against [`CurrentGame`], the single
//! source of truth) -> [`MoveApplied`] -> [`check_for_end`] and [`switch_turn`], which
//! move the [`Phase`] state. The board entities follow [`CurrentGame`] in
//! [`AppSystems::SyncView`].

pub mod board;
pub mod input;
pub mod pieces;

use bevy::prelude::*;

use super::{AppSystems, Screen};
use crate::rules::Player;
use crate::rules::gomoku::{BoardSize, Gomoku, Point, Rule};

/// Settings chosen in the menu; every new game starts from them.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GomokuSettings {
    /// Board width and height.
    pub size: BoardSize,
    /// Free-style or standard (exactly five).
    pub rule: Rule,
}

/// The game in progress: the rules' position with its move history. Everything else
/// (stones, marker, phantom, HUD) is a view of this resource.
#[derive(Resource, Clone, Debug, Default, Deref)]
pub struct CurrentGame(Gomoku);

impl CurrentGame {
    /// Starts from an existing position (a loaded game, a test setup).
    #[must_use]
    pub fn new(game: Gomoku) -> Self {
        Self(game)
    }
}

/// Someone (a click, an AI, a loaded game) asks to place a stone for the side to move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequested {
    /// Where the stone goes.
    pub point: Point,
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GomokuSettings>()
        .init_resource::<CurrentGame>()
        .init_resource::<input::HoveredPoint>()
        .add_sub_state::<Phase>()
        .add_message::<MoveRequested>()
        .add_message::<MoveApplied>()
        .add_message::<NewGameRequested>()
        .add_systems(OnEnter(Screen::Playing), start_game)
        .add_systems(
            Update,
            (restart_game, apply_moves, (check_for_end, switch_turn))
                .chain()
                .in_set(AppSystems::ApplyMoves)
                .run_if(in_state(Screen::Playing)),
        )
        .add_plugins((board::plugin, pieces::plugin));
}

/// Sets up a fresh position from the menu's settings when a game starts.
pub fn start_game(mut commands: Commands, settings: Res<GomokuSettings>) {
    commands.insert_resource(CurrentGame(Gomoku::new(settings.size, settings.rule)));
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
    game.0 = Gomoku::new(settings.size, settings.rule);
    phase.set(Phase::of(&game.0));
}

/// The one gate every move passes: legal moves go into [`CurrentGame`] and are
/// announced; anything else (occupied point, off the board, game over) changes nothing.
pub fn apply_moves(
    mut requests: MessageReader<MoveRequested>,
    mut game: ResMut<CurrentGame>,
    mut applied: MessageWriter<MoveApplied>,
) {
    for &MoveRequested { point } in requests.read() {
        // Check before taking the resource mutably, so refused moves do not mark it changed.
        if let Err(why) = game.check(point) {
            debug!("move {point} refused: {why}");
            continue;
        }
        let player = game.side_to_move();
        if game.0.play(point).is_ok() {
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
