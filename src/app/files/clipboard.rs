//! Copy and paste, for every game: Ctrl+C copies the game on the table as a saved
//! game's text (variations and all); Ctrl+V opens what the clipboard holds (a saved
//! game, a Gomocup record, a position or a list of moves: [`read_pasted`]) as a load
//! does. On the desktop through Bevy's system clipboard; in a browser the copy goes
//! through the page's clipboard and the paste comes from the page's paste event
//! (`files::browser`), which needs no permission. A paste that does not read says
//! why in one line and changes nothing.

use bevy::clipboard::Clipboard;
use bevy::prelude::*;

use crate::app::table::command_held;
use bevy_egui::input::EguiWantsInput;

use super::{FileNotice, put_on_table};
use crate::app::locale::Locale;
use crate::app::table::{
    AppSystems, CurrentGame, GameKind, MoveGate, MovePath, OnTable, Players, Screen, TableGame,
};
use crate::games::GameRecord;
use crate::record::read_pasted;
use crate::tr;

/// Copy the game on the table to the clipboard (Ctrl+C).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyRequested;

/// Open what the system clipboard holds (Ctrl+V on the desktop; in a browser the
/// page's paste event brings [`TextPasted`] instead).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PasteRequested;

/// Text pasted into the game, to be opened.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct TextPasted(pub String);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CopyRequested>()
        .add_message::<PasteRequested>()
        .add_message::<TextPasted>()
        .add_systems(
            Update,
            (
                keys.in_set(AppSystems::RecordInput),
                (read_clipboard, open_pasted)
                    .chain()
                    .before(MovePath)
                    .in_set(AppSystems::ApplyMoves),
            )
                .run_if(in_state(Screen::Playing)),
        );
}

/// Copying game `G` while it is on the table.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        copy_game::<G>
            .in_set(AppSystems::ApplyMoves)
            .run_if(in_state(OnTable(G::KIND))),
    );
}

/// Ctrl+C and Ctrl+V (Cmd on a Mac), not while egui has the keyboard (its own text
/// fields copy and paste).
fn keys(
    If(keys): If<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut copy: MessageWriter<CopyRequested>,
    mut paste: MessageWriter<PasteRequested>,
) {
    if egui.is_some_and(|egui| egui.wants_any_keyboard_input()) {
        return;
    }
    if !command_held(&keys) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyC) {
        copy.write(CopyRequested);
    }
    // In a browser the page's paste event carries the text.
    if keys.just_pressed(KeyCode::KeyV) && cfg!(not(target_arch = "wasm32")) {
        paste.write(PasteRequested);
    }
}

/// The game on the table as text, on the clipboard.
fn copy_game<G: TableGame>(
    mut requests: MessageReader<CopyRequested>,
    game: Res<CurrentGame<G>>,
    players: Res<Players>,
    clipboard: Option<ResMut<Clipboard>>,
    mut notice: ResMut<FileNotice>,
    locale: Res<Locale>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let text = game.saved(players.0).to_text();
    let Some(mut clipboard) = clipboard else {
        return;
    };
    notice.0 = Some(match clipboard.set_text(text) {
        Ok(()) => Ok(tr!(locale, "clipboard-copied", count = game.plies())),
        Err(why) => Err(tr!(locale, "clipboard-failed", why = why.to_string())),
    });
}

/// Ctrl+V on the desktop: the system clipboard's text.
fn read_clipboard(
    mut requests: MessageReader<PasteRequested>,
    clipboard: Option<ResMut<Clipboard>>,
    mut pasted: MessageWriter<TextPasted>,
    mut notice: ResMut<FileNotice>,
    locale: Res<Locale>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(mut clipboard) = clipboard else {
        return;
    };
    // Ready at once on the desktop.
    match clipboard.fetch_text().poll_result() {
        Some(Ok(text)) => {
            pasted.write(TextPasted(text));
        }
        Some(Err(why)) => {
            notice.0 = Some(Err(tr!(locale, "clipboard-failed", why = why.to_string())));
        }
        None => {}
    }
}

/// Opens pasted text as a load does: the game it holds comes on the table, or the
/// HUD says in one line why the text is no game, and nothing changes.
fn open_pasted(
    mut commands: Commands,
    mut pasted: MessageReader<TextPasted>,
    gate: Res<MoveGate>,
    egui: Option<Res<EguiWantsInput>>,
    mut notice: ResMut<FileNotice>,
    locale: Res<Locale>,
) {
    let Some(TextPasted(text)) = pasted.read().last().cloned() else {
        return;
    };
    // A paste into the HUD's text field (a browser's paste event) is the field's.
    if egui.is_some_and(|egui| egui.wants_any_keyboard_input()) {
        return;
    }
    if *gate == MoveGate::Remote {
        notice.0 = Some(Err(tr!(locale, "online-no-load")));
        return;
    }
    commands.queue(move |world: &mut World| {
        let result = table_record(world)
            .ok_or_else(|| "no game on the table".to_owned())
            .and_then(|on_table| read_pasted(&text, &on_table))
            .and_then(|saved| {
                let plies = saved.game.plies();
                put_on_table(saved, world).map(|()| plies)
            });
        match &result {
            Ok(plies) => info!("pasted a game ({plies} moves)"),
            Err(why) => warn!("paste refused: {why}"),
        }
        let locale = world.resource::<Locale>();
        let line = result
            .map(|plies| tr!(locale, "clipboard-pasted", count = plies))
            .map_err(|why| tr!(locale, "clipboard-not-a-game", why = why));
        world.resource_mut::<FileNotice>().0 = Some(line);
    });
}

/// The game on the table, as the plain layers see it: what a move list pasted is
/// played on.
fn table_record(world: &World) -> Option<GameRecord> {
    let kind = *world.get_resource::<State<GameKind>>()?.get();
    let games = world.get_resource::<crate::app::table::TableGames>()?;
    games.get(kind)?.record(world)
}
