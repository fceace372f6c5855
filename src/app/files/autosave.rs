//! The game is never lost: the game on the table is written after every change of
//! it (move, undo, redo, new game, load) and of its players, in the saved-game
//! format, and the menu offers to continue it at the next start.
//!
//! On the desktop the file is `autosave.txt` in the OS's data directory (for Linux
//! `~/.local/share/tabletop/`; `TABLETOP_DATA_DIR` names another), written
//! atomically: a temporary file renamed over the old one, so a crash mid-write
//! leaves the previous save whole. In a browser it is an entry of the page's local
//! storage. A save that does not read is set aside (renamed, never deleted) and the
//! menu says so in one line; it never stops the game from starting.
//!
//! The app turns it on by inserting an [`Autosave`] resource (the full app does;
//! headless tests do when they test it), so tests never touch a player's save.

use bevy::prelude::*;

use super::{parse_game, put_on_table};
use crate::app::table::{CurrentGame, OnTable, Players, Screen, TableGame};
use crate::games::GameRecord;
use crate::record::{PlayerKind, SavedGame};

/// Where the autosave lives; its presence turns autosaving on.
#[derive(Resource, Clone, Debug)]
pub struct Autosave {
    /// The directory of `autosave.txt` (desktop); `None` in a browser, where the
    /// page's local storage holds it.
    #[cfg(not(target_arch = "wasm32"))]
    dir: std::path::PathBuf,
}

/// The autosave's file name (desktop), and its key in a browser's local storage.
#[cfg(not(target_arch = "wasm32"))]
const NAME: &str = "autosave.txt";
#[cfg(target_arch = "wasm32")]
const KEY: &str = "tabletop.autosave";

impl Autosave {
    /// The player's own autosave: in the OS's data directory (or
    /// `TABLETOP_DATA_DIR`), or the browser's local storage. `None` where there is
    /// no such place (no home directory).
    #[must_use]
    pub fn for_player() -> Option<Self> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let dir = std::env::var_os("TABLETOP_DATA_DIR")
                .map(std::path::PathBuf::from)
                .or_else(|| dirs::data_dir().map(|d| d.join("tabletop")))?;
            Some(Self { dir })
        }
        #[cfg(target_arch = "wasm32")]
        Some(Self {})
    }

    /// An autosave in `dir` (tests use a directory of their own).
    #[cfg(not(target_arch = "wasm32"))]
    #[must_use]
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The autosave file (desktop).
    #[cfg(not(target_arch = "wasm32"))]
    #[must_use]
    pub fn path(&self) -> std::path::PathBuf {
        self.dir.join(NAME)
    }

    /// The saved text, `Ok(None)` if there is none.
    pub fn read(&self) -> Result<Option<String>, String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            match std::fs::read(self.path()) {
                Ok(bytes) => String::from_utf8(bytes)
                    .map(Some)
                    .map_err(|_| "the autosave is not text".to_owned()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(format!("could not read {}: {e}", self.path().display())),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            storage()?
                .get_item(KEY)
                .map_err(|e| crate::app::web::js_error("could not read the autosave", e))
        }
    }

    /// Writes `text` in place of the autosave, atomically on the desktop.
    pub fn write(&self, text: &str) -> Result<(), String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let fail =
                |e: std::io::Error| format!("could not autosave to {}: {e}", self.dir.display());
            std::fs::create_dir_all(&self.dir).map_err(fail)?;
            let temporary = self.dir.join(format!("{NAME}.tmp"));
            std::fs::write(&temporary, text).map_err(fail)?;
            std::fs::rename(&temporary, self.path()).map_err(fail)
        }
        #[cfg(target_arch = "wasm32")]
        {
            storage()?
                .set_item(KEY, text)
                .map_err(|e| crate::app::web::js_error("could not autosave", e))
        }
    }

    /// Moves a broken autosave out of the way, keeping it: returns where it went.
    pub fn set_aside(&self) -> Result<String, String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let aside = self.dir.join(format!("autosave-broken-{stamp}.txt"));
            std::fs::rename(self.path(), &aside)
                .map_err(|e| format!("could not set the autosave aside: {e}"))?;
            Ok(aside.display().to_string())
        }
        #[cfg(target_arch = "wasm32")]
        {
            let storage = storage()?;
            let fail = |e| crate::app::web::js_error("could not set the autosave aside", e);
            let text = storage.get_item(KEY).map_err(fail)?.unwrap_or_default();
            let aside = format!("{KEY}.broken");
            storage.set_item(&aside, &text).map_err(fail)?;
            storage.remove_item(KEY).map_err(fail)?;
            Ok(format!("local storage '{aside}'"))
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .and_then(|window| window.local_storage().ok().flatten())
        .ok_or_else(|| "this page has no local storage".to_owned())
}

/// What the menu offers from the autosave: the game to continue, and a line about a
/// save that did not read.
#[derive(Resource, Clone, Debug, Default)]
pub struct ContinueOffer {
    /// The game in progress that was saved, with a one-line description.
    pub game: Option<(SavedGame, String)>,
    /// Why the autosave was set aside, if it was.
    pub notice: Option<String>,
}

impl ContinueOffer {
    /// Takes the offered game to the table: its game, settings and players, exactly
    /// as they were, on the playing screen.
    pub fn accept(world: &mut World) {
        let Some((saved, _)) = world.resource_mut::<ContinueOffer>().game.take() else {
            return;
        };
        match put_on_table(saved, world) {
            Ok(()) => world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Playing),
            Err(why) => world.resource_mut::<ContinueOffer>().notice = Some(why),
        }
    }
}

/// Autosaving, for any game: the offer is read each time the menu opens.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ContinueOffer>().add_systems(
        OnEnter(Screen::Menu),
        offer_continue.run_if(resource_exists::<Autosave>),
    );
}

/// Autosaving game `G` while it is on the table.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Last,
        autosave::<G>.run_if(resource_exists::<Autosave>.and_then(in_state(OnTable(G::KIND)))),
    );
}

/// One line for the menu: `Gomoku 15x15 freestyle · 23 moves · Black person, White AI 3`.
fn describe(saved: &SavedGame) -> String {
    let game = &saved.game;
    let title = game.entry().map_or(game.name(), |entry| entry.title());
    let mut text = title.to_owned();
    for value in game.settings() {
        text.push(' ');
        text.push_str(&value);
    }
    text.push_str(&format!(" · {} moves", game.plies()));
    if let Some(entry) = game.entry() {
        let [first, second] = entry.side_names();
        let side = |name: &str, kind: PlayerKind| match kind {
            PlayerKind::Human => format!("{name} person"),
            PlayerKind::Ai(level) => format!("{name} AI {level}"),
        };
        text.push_str(&format!(
            " · {}, {}",
            side(first, saved.seats.first),
            side(second, saved.seats.second)
        ));
    }
    text
}

/// Reads the autosave for the menu: a game in progress is offered; a finished one is
/// not; one that does not read is set aside, with a line saying so.
fn offer_continue(store: Res<Autosave>, mut offer: ResMut<ContinueOffer>) {
    offer.game = None;
    let read = store.read().and_then(|text| {
        text.map(|text| parse_game("the autosave", &text))
            .transpose()
    });
    match read {
        Ok(Some(saved)) if !saved.game.is_over() => {
            let line = describe(&saved);
            info!("autosave offers to continue {line}");
            offer.game = Some((saved, line));
        }
        Ok(_) => {}
        Err(why) => {
            let aside = store.set_aside();
            let line = match aside {
                Ok(place) => format!("{why}; set aside as {place}"),
                Err(also) => format!("{why}; {also}"),
            };
            warn!("{line}");
            offer.notice = Some(line);
        }
    }
}

/// Writes game `G` and its players when either changed since the last write.
fn autosave<G: TableGame>(
    store: Res<Autosave>,
    game: Res<CurrentGame<G>>,
    players: Res<Players>,
    mut last: Local<String>,
) {
    if !game.is_changed() && !players.is_changed() {
        return;
    }
    let text = SavedGame {
        seats: players.0,
        game: GameRecord::new((**game).clone()),
    }
    .to_text();
    if *last == text {
        return;
    }
    match store.write(&text) {
        Ok(()) => *last = text,
        Err(why) => {
            // Once per change, not every frame: the next change tries again.
            warn!("{why}");
            *last = text;
        }
    }
}
