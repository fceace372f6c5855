//! The Bevy app: screens, the 3D board, input, the move path and the HUD.
//!
//! Data flows one way: input (or, later, an AI) writes a move message, the move path
//! validates it against the game-state resource, and the entities and the HUD follow
//! that resource.

pub mod ai;
pub mod camera;
pub mod frame_times;
pub mod gomoku;
pub mod hud;
pub mod knucklebones;
pub mod pointer;
pub mod screens;
pub mod table;
pub mod tictactoe;
#[cfg(target_arch = "wasm32")]
pub mod web;

use bevy::prelude::*;

use crate::record::Seats;

/// Which screen the app shows. Everything a screen spawns carries
/// `DespawnOnExit(Screen::...)`, so leaving a screen cleans up after it.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The main menu: pick a game and its settings.
    #[default]
    Menu,
    /// A game is on the table.
    Playing,
}

/// The game chosen in the menu (or on the command line, or by a loaded file).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Five in a row.
    #[default]
    Gomoku,
    /// Three in a row on 3x3.
    TicTacToe,
    /// The dice game.
    Knucklebones,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; 3] = [
        GameKind::Gomoku,
        GameKind::TicTacToe,
        GameKind::Knucklebones,
    ];
}

/// Which game is on the table: exists only while [`Screen::Playing`]. Each game's
/// systems run in `OnTable(its kind)`, and its entities despawn when it is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnTable(pub GameKind);

impl ComputedStates for OnTable {
    type SourceStates = (Screen, GameKind);

    fn compute((screen, kind): (Screen, GameKind)) -> Option<Self> {
        (screen == Screen::Playing).then_some(OnTable(kind))
    }
}

/// Who plays each side of the game on the table: a person or an AI level. Set in
/// the menu, on the command line or by a loaded game.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref, DerefMut)]
pub struct Players(pub Seats);

/// The order of the app's own work in `Update`, chained once here so the whole
/// frame reads in one place: input, then moves, then the view.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Read the pointer and keys; write requests (moves, new game, ...).
    RecordInput,
    /// Validate and apply requests to the game state; announce what happened.
    ApplyMoves,
    /// Bring entities in line with the game state.
    SyncView,
}

/// The whole desktop game: window, renderer, egui, camera and every screen.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Tabletop".into(),
                resolution: (1280, 800).into(),
                // In a browser: the page's canvas, filling the window. The page
                // (web/index.html) keeps the game's keys from the browser but leaves
                // it the rest (reload, developer tools), which winit's blanket
                // prevent-default would take away.
                canvas: Some("#tabletop".into()),
                fit_canvas_to_parent: true,
                prevent_default_event_handling: false,
                ..default()
            }),
            ..default()
        }),
        bevy_egui::EguiPlugin::default(),
        camera::plugin,
        hud::plugin,
        screens::plugin,
        pointer::plugin,
        gomoku::input::plugin,
        tictactoe::input::plugin,
        knucklebones::input::plugin,
    ))
    .add_plugins(core_plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web::plugin);
}

/// The game without a window: states, the move path and the board entities. The full
/// [`plugin`] builds on it; headless tests use it on its own with `MinimalPlugins`,
/// `StatesPlugin` and `AssetPlugin`.
pub fn core_plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<GameKind>()
        .add_computed_state::<OnTable>()
        .init_resource::<Players>()
        .configure_sets(
            Update,
            (
                AppSystems::RecordInput,
                AppSystems::ApplyMoves,
                AppSystems::SyncView,
            )
                .chain(),
        )
        .add_plugins((
            ai::plugin,
            pointer::core_plugin,
            table::shared_plugin,
            gomoku::plugin,
            tictactoe::plugin,
            knucklebones::plugin,
        ));
}
