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

pub use game::{CurrentGame, GameSetup, PendingGame, TableGame, seat_label};
pub use messages::{
    GameFileOpened, LoadRequested, MoveApplied, MoveRequested, NewGameRequested, RedoRequested,
    SaveRequested, ToggleAnalysis, UndoRequested,
};
pub use moves::{MovePath, RefusedMove, StaleAnswers};
pub(crate) use moves::{plugin, shared_plugin};
pub(crate) use registry::apply_setting;
pub use registry::{TableEntry, TableGames, put_on_hold};
pub use state::{
    AnalysisAtStart, AppSystems, GameKind, GameSystems, OnTable, Part, Phase, Players, Screen,
};
