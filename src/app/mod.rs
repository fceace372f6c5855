//! The Bevy app: screens, the 3D table, input, the move path and the HUD.
//!
//! Data flows one way: input (or an AI) writes a move message, the move path
//! validates it against the game-state resource, and the entities and the HUD follow
//! that resource.
//!
//! The files stand in layers, each using only those below it: [`table`] (states,
//! the game on the table, the move path) at the bottom; then the shared machinery
//! ([`ai`], [`pointer`], [`touch`], [`files`], [`camera`], [`motion`], [`theme`], [`room`], [`hud`],
//! [`screens`]);
//! then each game's module ([`gomoku`], [`tictactoe`], [`knucklebones`],
//! [`connectfour`]); and at the top [`games`], the one list of the games, and
//! [`launch`], the command line.

pub mod ai;
pub mod assets;
pub mod camera;
pub mod clocks;
pub mod connectfour;
pub mod files;
pub mod frame_times;
pub mod games;
pub mod gomoku;
mod hud;
pub mod knucklebones;
pub mod labels;
pub mod launch;
pub mod locale;
pub mod motion;
pub mod online;
pub mod pointer;
pub mod review;
pub mod room;
mod screens;
pub mod sound;
pub mod table;
mod theme;
pub mod tictactoe;
pub mod touch;
pub mod ui_theme;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::prelude::*;

pub use table::{GameKind, Players, Screen};

/// The whole game: window, renderer, the room and the table's light ([`room`]), and
/// the game on its table with its HUD ([`table_plugin`]).
pub fn plugin(app: &mut App) {
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Tabletop".into(),
            resolution: (1280, 800).into(),
            // In a browser: the page's canvas, filling the window. The page
            // (web/index.html) keeps the game's keys from the browser but leaves it
            // the rest (reload, developer tools), which winit's blanket
            // prevent-default would take away.
            canvas: Some("#tabletop".into()),
            fit_canvas_to_parent: true,
            prevent_default_event_handling: false,
            ..default()
        }),
        ..default()
    }))
    .add_plugins((table_plugin, room::plugin));
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
    // The system's language (the desktop's locale, the browser's), unless the
    // settings or the command line name another.
    app.insert_resource(locale::Locale::new(locale::Language::of_system()));
    // The player's autosave and settings (headless tests leave them out, or use
    // their own). The settings are read now, before the command line's flags.
    if let Some(store) = files::autosave::Autosave::for_player() {
        app.insert_resource(store);
    }
    if let Some(preferences) = files::preferences::Preferences::for_player() {
        preferences.restore(app.world_mut());
    }
}

/// The game on its table with its HUD, over whatever window and renderer the app
/// has: egui, the camera, the look, the HUD, the pointer and touch, and the game
/// itself ([`core_plugin`]). The full [`plugin`] adds Bevy's default plugins; the
/// framing test runs it headless, with a window that never opens.
pub fn table_plugin(app: &mut App) {
    app.add_plugins((
        // Before the games: their HUD and menu systems go into egui's schedule.
        bevy_egui::EguiPlugin::default(),
        camera::plugin,
        ui_theme::plugin,
        hud::plugin,
        pointer::plugin,
        touch::plugin,
    ))
    .add_plugins(core_plugin);
    // egui writes the glyphs it draws for the first time into its font texture in
    // PostUpdate, unordered with the asset events that send changed images to the
    // renderer: after them, a new character showed blank for a frame (in the
    // browser, at a new window size, the digits of a move that had just changed).
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    );
}

/// The game without a window: states, the move path, the AIs, files and every game
/// with its entities. The full [`plugin`] builds on it; headless tests use it on its
/// own with `MinimalPlugins`, `StatesPlugin` and `AssetPlugin`.
pub fn core_plugin(app: &mut App) {
    app.add_plugins((
        table::shared_plugin,
        locale::plugin,
        motion::plugin,
        sound::plugin,
        ai::plugin,
        pointer::core_plugin,
        touch::core_plugin,
        files::plugin,
        online::plugin,
        review::plugin,
        labels::plugin,
        games::plugin,
    ));
}
