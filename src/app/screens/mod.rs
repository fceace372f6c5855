//! The screens outside the game itself. The playing screen is the game's own plugin
//! plus the HUD; each is entered and left through [`Screen`](super::Screen).

pub mod menu;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(menu::plugin);
}
