//! The games on the table, in menu order: the app's one list. Each line adds
//! everything the app shares for a game (its move path and menu settings, its AI,
//! its clicks, saving, its HUD and its menu page, made from its settings schema, and
//! its online play) and
//! the game's own plugin ([`TableGame::plugin`]: its view, input, panels and sounds).
//!
//! The plain layers have their own list ([`crate::games::GAMES`]); a test fails when
//! the two differ, so a game cannot be half added.

use bevy::prelude::*;

use super::table::{self, TableGame, TableGames};
use super::{ai, clocks, files, hud, online, pointer, review, screens, sound};

/// Every game, in menu order.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableGames>();
    game::<crate::rules::gomoku::Gomoku>(app);
    game::<crate::rules::tictactoe::TicTacToe>(app);
    game::<crate::rules::knucklebones::Knucklebones>(app);
    game::<crate::rules::connectfour::ConnectFour>(app);
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
    online::plugin_for::<G>(app);
    review::plugin_for::<G>(app);
    clocks::plugin_for::<G>(app);
    G::plugin(app);
}
