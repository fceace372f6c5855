//! `tabletop`: the desktop game.

use bevy::prelude::*;

fn main() -> AppExit {
    App::new().add_plugins(tabletop::app::plugin).run()
}
