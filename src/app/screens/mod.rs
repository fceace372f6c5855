//! The screens outside the game itself: the menu. The playing screen is the game's
//! own plugin plus the HUD; each is entered and left through
//! [`Screen`](super::table::Screen).

pub mod menu;
mod settings;
