//! Saving and loading games, for every game: files on the desktop, a download and the
//! file picker in a browser ([`browser`]). A load puts the file's game on the table,
//! whichever game it is; a file that does not read changes nothing and says why.

pub mod autosave;
#[cfg(target_arch = "wasm32")]
mod browser;
pub mod clipboard;
#[cfg(not(target_arch = "wasm32"))]
pub mod dialog;
pub mod preferences;
mod store;
#[cfg(target_arch = "wasm32")]
pub(crate) use browser::pick_game_file;

use std::path::Path;

use bevy::prelude::*;

use super::table::{
    CurrentGame, GameFileOpened, GameKind, GameSystems, LoadRequested, MoveGate, MovePath, OnTable,
    Part, Players, SaveRequested, Screen, TableGame, put_on_hold,
};
use crate::app::locale::Locale;
use crate::record::{RecordError, SavedGame};
use crate::tr;

/// The outcome of the last save or load, for the HUD.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct FileNotice(pub Option<Result<String, String>>);

/// The file name in the HUD's path field.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SavePath(pub String);

impl Default for SavePath {
    fn default() -> Self {
        Self("tabletop-game.txt".to_owned())
    }
}

/// Loading, for any game: before the move path of the game on the table, so a loaded
/// game is in place for this frame's moves.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileNotice>()
        .init_resource::<SavePath>()
        .add_systems(
            Update,
            load_game
                .before(MovePath)
                .in_set(super::table::AppSystems::ApplyMoves)
                .run_if(in_state(Screen::Playing)),
        );
    app.add_plugins((autosave::plugin, preferences::plugin, clipboard::plugin));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_plugins(dialog::plugin);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(browser::plugin);
}

/// Saving game `G` while it is on the table.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        save_game::<G>
            .in_set(MovePath)
            .in_set(GameSystems(G::KIND, Part::Files))
            .run_if(in_state(OnTable(G::KIND))),
    );
    autosave::plugin_for::<G>(app);
    clipboard::plugin_for::<G>(app);
}

/// Reads and checks a saved game; the error is one line for people, in `locale`'s
/// language (the system's own words for why a file could not be read stay as the
/// system gives them).
pub(super) fn read_game(path: &Path, locale: &Locale) -> Result<SavedGame, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        let path = path.display().to_string();
        tr!(locale, "file-not-read", path = path, why = e.to_string())
    })?;
    parse_game(&path.display().to_string(), &text, locale)
}

/// Checks the text of a saved game called `name`; the error is one line for people,
/// in `locale`'s language.
/// A record in another program's format (Gomocup's `.psq`) opens too, hot seat.
pub(super) fn parse_game(name: &str, text: &str, locale: &Locale) -> Result<SavedGame, String> {
    if let Some(read) = SavedGame::from_other_format(text) {
        return read.map_err(|why| tr!(locale, "file-named", name = name, why = why));
    }
    SavedGame::from_text(text)
        .map_err(|e| tr!(locale, "file-named", name = name, why = explain(&e, locale)))
}

/// What is wrong with a saved game, in `locale`'s language. The rules' own reasons
/// inside (a bad board size, a taken point) stay as the rules give them.
fn explain(error: &RecordError, locale: &Locale) -> String {
    match error {
        RecordError::NotASavedGame => tr!(locale, "file-not-saved-game"),
        RecordError::UnknownLine { line, key } => {
            tr!(
                locale,
                "file-unknown-line",
                line = *line,
                key = key.as_str()
            )
        }
        RecordError::SecondLine { line, key, first } => tr!(
            locale,
            "file-second-line",
            line = *line,
            key = key.as_str(),
            first = *first
        ),
        RecordError::Missing { key } => tr!(locale, "file-missing-line", key = key.as_str()),
        RecordError::UnknownGame { line, name, known } => tr!(
            locale,
            "file-unknown-game",
            line = *line,
            name = name.as_str(),
            known = known.as_str()
        ),
        RecordError::BadValue { line, why } => {
            tr!(locale, "file-bad-value", line = *line, why = why.as_str())
        }
        RecordError::BadMove {
            line,
            number,
            text,
            why,
        } => tr!(
            locale,
            "file-bad-move",
            line = *line,
            number = *number,
            text = text.as_str(),
            why = why.as_str()
        ),
    }
}

/// Writes a saved game; the error is one line for people. In a browser the file is
/// offered as a download named after the path's last part.
pub(crate) fn write_game(path: &Path, saved: &SavedGame) -> Result<(), String> {
    write_text(path, &saved.to_text())
}

/// Writes `text` to `path`: a file on the desktop, a download named as the path's
/// file in a browser.
fn write_text(path: &Path, text: &str) -> Result<(), String> {
    #[cfg(not(target_arch = "wasm32"))]
    return std::fs::write(path, text)
        .map_err(|e| format!("could not write {}: {e}", path.display()));
    #[cfg(target_arch = "wasm32")]
    {
        let name = path.file_name().map_or_else(
            || "tabletop-game.txt".to_owned(),
            |name| name.to_string_lossy().into_owned(),
        );
        browser::download(&name, text)
    }
}

/// Carries out save requests for the game on the table.
fn save_game<G: TableGame>(
    mut saves: MessageReader<SaveRequested>,
    game: Res<CurrentGame<G>>,
    players: Res<Players>,
    mut notice: ResMut<FileNotice>,
    locale: Res<Locale>,
) {
    for SaveRequested { path } in saves.read() {
        let saved = game.saved(players.0);
        let path_text = path.display().to_string();
        // A path ending in the game's other format's extension (`.psq`) saves in it.
        let in_other_format = G::OTHER_FORMAT.is_some_and(|ext| {
            path.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(ext))
        });
        let written = if in_other_format {
            game.write_other_format()
                .and_then(|text| write_text(path, &text))
        } else {
            write_game(path, &saved)
        };
        notice.0 = Some(
            written
                .map(|()| tr!(locale, "file-saved", count = game.plies(), path = path_text))
                .map_err(|why| tr!(locale, "file-save-failed", why = why)),
        );
    }
}

/// Carries out load requests, for any game: the loaded game becomes the pending game
/// of its kind, and if that is another game than the one on the table, that game
/// comes on the table. A load that fails changes nothing.
fn load_game(
    mut commands: Commands,
    mut loads: MessageReader<LoadRequested>,
    mut opened: MessageReader<GameFileOpened>,
    mut notice: ResMut<FileNotice>,
    gate: Res<MoveGate>,
    locale: Res<Locale>,
) {
    // The game on the table of an online room is the room's: a file does not replace it.
    if *gate == MoveGate::Remote {
        if loads.read().count() + opened.read().count() > 0 {
            notice.0 = Some(Err(tr!(locale, "online-no-load")));
        }
        return;
    }
    let read = loads
        .read()
        .map(|LoadRequested { path }| (path.display().to_string(), read_game(path, &locale)));
    let picked = opened
        .read()
        .map(|GameFileOpened { name, text }| (name.clone(), parse_game(name, text, &locale)));
    for (name, loaded) in read.chain(picked).collect::<Vec<_>>() {
        match loaded {
            Ok(saved) => commands.queue(move |world: &mut World| {
                let plies = saved.game.plies();
                let result = put_on_table(saved, world).map_err(|why| format!("{name}: {why}"));
                match &result {
                    Ok(()) => info!("Loaded {name} ({plies} moves)"),
                    Err(why) => warn!("load failed: {why}"),
                }
                let locale = world.resource::<Locale>();
                let result = result
                    .map(|()| tr!(locale, "file-loaded", name = name, count = plies))
                    .map_err(|why| tr!(locale, "file-load-failed", why = why));
                world.resource_mut::<FileNotice>().0 = Some(result);
            }),
            Err(why) => {
                warn!("load failed: {why}");
                notice.0 = Some(Err(tr!(locale, "file-load-failed", why = why)));
            }
        }
    }
}

/// Puts a saved game on the table: its players, and its game, which comes on the
/// table (another game than the one there is switched to).
pub(crate) fn put_on_table(saved: SavedGame, world: &mut World) -> Result<(), String> {
    let kind = put_on_hold(saved.game, saved.variations.as_ref(), saved.clock, world)?;
    world.resource_mut::<Players>().0 = saved.seats;
    if *world.resource::<State<GameKind>>().get() != kind {
        world.resource_mut::<NextState<GameKind>>().set(kind);
    }
    Ok(())
}
