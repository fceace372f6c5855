//! The games on the table, in menu order: the app's one list. Each line adds
//! everything the app shares for a game (its move path, its AI, its clicks, saving,
//! its HUD and its menu page) and the game's own plugin ([`TableGame::plugin`]).
//!
//! The plain layers have their own list ([`crate::games::GAMES`]); a test fails when
//! the two differ, so a game cannot be half added.

use bevy::prelude::*;

use super::table::{self, TableGame, TableGames};
use super::{ai, files, hud, pointer, screens, sound};
use crate::rules::connectfour::ConnectFour;
use crate::rules::gomoku::Gomoku;
use crate::rules::knucklebones::Knucklebones;
use crate::rules::tictactoe::TicTacToe;

/// Every game, in menu order.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableGames>();
    game::<Gomoku>(app);
    game::<TicTacToe>(app);
    game::<Knucklebones>(app);
    game::<ConnectFour>(app);
}

/// Game `G` on the table: one call adds all of it, so no part can be forgotten.
fn game<G: TableGame>(app: &mut App) {
    app.world_mut().resource_mut::<TableGames>().add::<G>();
    table::plugin::<G>(app);
    ai::plugin_for::<G>(app);
    pointer::plugin_for::<G>(app);
    files::plugin_for::<G>(app);
    hud::plugin_for::<G>(app);
    screens::menu::plugin_for::<G>(app);
    sound::plugin_for::<G>(app);
    G::plugin(app);
}
