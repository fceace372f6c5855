//! The requests that change the game on the table, whoever makes them (a click, a
//! key, a button, an AI, a file), and what the move path announces.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::tree::NodeId;

use bevy_egui::input::EguiWantsInput;

use super::TableGame;
use crate::rules::Player;

/// Switches the analysis of the game on the table on or off (each game with an
/// analysis view reads it): the V key, a panel's switch.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct ToggleAnalysis;

/// Whether Ctrl (Cmd on a Mac) is held: the keys that copy and paste with it.
pub(crate) fn command_held(keys: &ButtonInput<KeyCode>) -> bool {
    keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ])
}

/// `V` asks to switch the analysis (not while typing in the HUD, and not Ctrl+V,
/// which pastes).
pub(crate) fn analysis_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut toggles: MessageWriter<ToggleAnalysis>,
) {
    let typing = egui.is_some_and(|egui| egui.wants_any_keyboard_input());
    let Some(keys) = keys else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyV) && !typing && !command_held(&keys) {
        toggles.write(ToggleAnalysis);
    }
}

/// Someone (a click, a key, an AI, a loaded game) asks to make a move for the side
/// to move.
#[derive(Message, Debug, PartialEq, Eq)]
pub struct MoveRequested<G: TableGame> {
    /// The move.
    pub mv: G::Move,
    /// The [`CurrentGame::generation`](super::CurrentGame::generation) the move was
    /// chosen in. A request made for another position (an AI that was still thinking
    /// when the game changed, a second click in the same frame) is dropped.
    pub generation: u64,
}

impl<G: TableGame> MoveRequested<G> {
    /// A request to play `mv` in the position of `generation`.
    #[must_use]
    pub fn new(mv: G::Move, generation: u64) -> Self {
        Self { mv, generation }
    }
}

/// A requested move passed validation and is now part of the game on the table.
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

/// Where the moves asked for on this table go: played at once, or proposed to a
/// referee elsewhere (an online room's server) that plays them when it accepts them.
/// With a referee, undo, redo and new game are its business too: the table does none
/// of them itself.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveGate {
    /// Moves are played at once.
    #[default]
    Local,
    /// Moves are proposed ([`MoveProposed`]); the referee's come as [`MoveAccepted`].
    Remote,
}

/// A move asked for while the [`MoveGate`] is remote, checked against the table's
/// game: for the referee.
#[derive(Message, Debug, PartialEq, Eq)]
pub struct MoveProposed<G: TableGame> {
    /// The move.
    pub mv: G::Move,
}

/// A move the referee accepted: played on the table whatever made it (this player,
/// the opponent), with the outcome of chance the referee drew after it.
#[derive(Message, Debug, PartialEq, Eq)]
pub struct MoveAccepted<G: TableGame> {
    /// The move.
    pub mv: G::Move,
    /// The outcome of chance the new position drew (Knucklebones' next die).
    pub chance: Option<String>,
}

/// The referee took back this many moves.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovesTakenBack {
    /// How many.
    pub plies: u32,
}

impl<G: TableGame> Clone for MoveProposed<G> {
    fn clone(&self) -> Self {
        Self { mv: self.mv }
    }
}

impl<G: TableGame> Clone for MoveAccepted<G> {
    fn clone(&self) -> Self {
        Self {
            mv: self.mv,
            chance: self.chance.clone(),
        }
    }
}

/// Start the game again with the same settings.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewGameRequested;

/// Take back the last move; against an AI, back to the person's last turn.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UndoRequested;

/// Play again what [`UndoRequested`] took back.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RedoRequested;

/// A step on the tree of moves ([`CurrentGame::tree`](super::CurrentGame::tree)):
/// one move back or on, to another variation of this move, to any move (a click in
/// the move list or the review's graph), or a change of the lines. Offline only.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkRequested {
    /// One move back (Left).
    Back,
    /// One move on, along the line last visited (Right).
    Forward,
    /// The variation before (`false`, Up) or after (`true`, Down) this move's.
    Sibling { next: bool },
    /// To this node.
    GoTo(NodeId),
    /// Make the line through this node the main line.
    Promote(NodeId),
    /// Delete this node and the moves after it.
    Delete(NodeId),
}

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

/// The Edit mode's requests (the HUD's buttons, the P key): setting up a position by
/// hand on the game on the table ([`CurrentGame::editing`](super::CurrentGame::editing)).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditRequested {
    /// Start setting up, from the position on the table. Not in an online game.
    Start,
    /// The P key: start setting up, or play from the position set up.
    Toggle,
    /// Play from the position set up (refused, saying why, for one no game reaches).
    Finish,
    /// Back to the game as it was, with its moves.
    Cancel,
    /// An empty board, an empty grid, empty trays.
    Clear,
    /// This side to move.
    SideToMove(Player),
}

/// A change of game `G`'s position in the Edit mode: a click's piece put or taken
/// away, or a change a game's own panel makes (Knucklebones' die in hand). Refused
/// changes say why on the HUD and change nothing.
#[derive(Message)]
pub struct EditPosition<G: TableGame>(pub Box<dyn Fn(&mut G) -> Result<(), String> + Send + Sync>);

impl<G: TableGame> EditPosition<G> {
    /// The change `change` makes.
    pub fn new(change: impl Fn(&mut G) -> Result<(), String> + Send + Sync + 'static) -> Self {
        Self(Box::new(change))
    }
}

/// What a click on the board does in the Edit mode: put a piece of `side` (a die
/// showing `face`, in Knucklebones) or take one away.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditTools {
    /// Whose piece a click puts (and, in Knucklebones, whose tray it works on).
    pub side: Player,
    /// Whether a click takes a piece away instead.
    pub take: bool,
    /// The face of the die a click puts, in Knucklebones.
    pub face: u8,
}

impl Default for EditTools {
    fn default() -> Self {
        Self {
            side: Player::First,
            take: false,
            face: 1,
        }
    }
}

impl EditTools {
    /// The change a click makes ([`crate::rules::Edit`]).
    #[must_use]
    pub fn edit(self) -> crate::rules::Edit {
        if self.take {
            crate::rules::Edit::Take { side: self.side }
        } else {
            crate::rules::Edit::Put {
                side: self.side,
                face: self.face,
            }
        }
    }
}
