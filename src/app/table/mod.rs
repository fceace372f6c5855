//! The table every game is played on, at the bottom of the app: its states, the game
//! on the table and the move path, written once for all games. Nothing here imports
//! another part of the app; everything else builds on it.
//!
//! A game joins the app by implementing [`TableGame`] (a thin layer over its plain
//! rules and AI); the app's registry (`app::games`) adds [`plugin::<G>`](plugin) for
//! it. A move then travels one way, whoever makes it: [`MoveRequested`] ->
//! `apply_moves` (validated against [`CurrentGame`], the single source of truth) ->
//! [`MoveApplied`] -> `check_for_end` and `switch_turn`, which move the [`Phase`]
//! state. Each game's entities follow its [`CurrentGame`] in
//! [`AppSystems::SyncView`].
//!
//! Only the game on the table runs: every system here is gated on
//! [`OnTable`]`(G::KIND)`.

mod game;
mod messages;
mod moves;
mod registry;
mod state;

pub(crate) use game::seat_label;
pub use game::{CurrentGame, GameSetup, PendingGame, TableGame, typed_tree};
pub use messages::{
    EditPosition, EditRequested, EditTools, GameFileOpened, LoadRequested, MoveAccepted, MoveGate,
    MoveProposed, MoveRequested, MovesTakenBack, NewGameRequested, RedoRequested, SaveRequested,
    ToggleAnalysis, UndoRequested, WalkRequested,
};
pub(crate) use messages::{MoveApplied, command_held};
pub(crate) use moves::MovePath;
pub use moves::{RefusedMove, StaleAnswers};
pub(crate) use moves::{plugin, shared_plugin};
pub use registry::TableGames;
pub(crate) use registry::{apply_setting, put_on_hold};
pub(crate) use state::{AnalysisAtStart, AppSystems, OnTable};
pub use state::{ClockSetting, GameKind, GameSystems, Part, Phase, Players, Screen};
