//! The in-game HUD (egui): who plays, whose turn, the status line, the AI at work,
//! the game buttons, save and load ([`panel`]), the move list ([`moves`]) and the
//! keyboard shortcuts ([`keys`]), for every game. Every button and key only writes a
//! message; the game's systems do the work. A game's own panels (Tic-tac-toe's
//! analysis, Knucklebones' scores) live in the game's module.

mod edit;
mod keys;
mod marks;
mod moves;
mod panel;
mod review;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use super::ai::{AiMoveRequested, AiStepRequested, HintRequested};
use super::camera::ResetCamera;
use super::table::{
    AppSystems, GameSystems, NewGameRequested, OnTable, Part, RedoRequested, SaveRequested, Screen,
    TableGame, UndoRequested, WalkRequested,
};
use crate::ai::Level;

/// The level that "AI move" and "Hint" use; the strongest unless changed.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct AssistLevel(pub Level);

impl Default for AssistLevel {
    fn default() -> Self {
        Self(Level::MAX)
    }
}

/// Everything the HUD's buttons and keys can ask for.
#[derive(SystemParam)]
pub(crate) struct Requests<'w> {
    new_game: MessageWriter<'w, NewGameRequested>,
    undo: MessageWriter<'w, UndoRequested>,
    redo: MessageWriter<'w, RedoRequested>,
    walk: MessageWriter<'w, WalkRequested>,
    review: MessageWriter<'w, super::review::ReviewRequested>,
    edit: MessageWriter<'w, super::table::EditRequested>,
    edit_tools: ResMut<'w, super::table::EditTools>,
    game_review: Res<'w, super::review::GameReview>,
    labels: ResMut<'w, super::labels::LabelSettings>,
    step: MessageWriter<'w, AiStepRequested>,
    ai_move: MessageWriter<'w, AiMoveRequested>,
    hint: MessageWriter<'w, HintRequested>,
    save: MessageWriter<'w, SaveRequested>,
    // In a browser Load opens the file picker instead.
    #[cfg(not(target_arch = "wasm32"))]
    load: MessageWriter<'w, super::table::LoadRequested>,
    #[cfg(not(target_arch = "wasm32"))]
    dialogs: Res<'w, super::files::dialog::FileDialogs>,
    reset_camera: MessageWriter<'w, ResetCamera>,
    screen: ResMut<'w, NextState<Screen>>,
    online: super::online::panel::OnlinePanel<'w>,
}

/// The keys, for every game.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AssistLevel>()
        .init_resource::<moves::ListCache>()
        .add_systems(
            Update,
            keys::hotkeys
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        );
}

/// The HUD and move list of game `G`, while it is on the table.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            panel::draw_hud::<G>,
            moves::draw_move_list::<G>,
            review::draw_review::<G>,
        )
            .in_set(GameSystems(G::KIND, Part::Hud))
            .run_if(in_state(OnTable(G::KIND))),
    );
}
