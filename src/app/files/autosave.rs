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

use super::store::{Place, PlayerFile};
use super::{parse_game, put_on_table};
use crate::app::locale::Locale;
use crate::app::table::{CurrentGame, MoveGate, OnTable, Players, Screen, TableGame};
use crate::record::{PlayerKind, SavedGame};
use crate::tr;

/// Where the autosave lives; its presence turns autosaving on.
#[derive(Resource, Clone, Debug, Deref)]
pub struct Autosave(PlayerFile);

/// The autosave's file name (desktop); in a browser, its local storage key is
/// `tabletop.autosave`.
const NAME: &str = "autosave.txt";

impl Autosave {
    /// The player's own autosave: in the OS's data directory (or
    /// `TABLETOP_DATA_DIR`), or the browser's local storage. `None` where there is
    /// no such place (no home directory).
    #[must_use]
    pub fn for_player() -> Option<Self> {
        PlayerFile::for_player(NAME, Place::Data).map(Self)
    }

    /// An autosave in `dir` (tests use a directory of their own).
    #[cfg(not(target_arch = "wasm32"))]
    #[must_use]
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> Self {
        Self(PlayerFile::in_dir(dir, NAME))
    }
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
        // An online game is the room's to keep (its server has every move).
        autosave::<G>.run_if(
            resource_exists::<Autosave>
                .and_then(in_state(OnTable(G::KIND)))
                .and_then(resource_equals(MoveGate::Local)),
        ),
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
            PlayerKind::Online => format!("{name} online"),
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
fn offer_continue(store: Res<Autosave>, mut offer: ResMut<ContinueOffer>, locale: Res<Locale>) {
    offer.game = None;
    let read = store.read().and_then(|text| {
        text.map(|text| parse_game(&tr!(locale, "autosave-name"), &text, &locale))
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
                Ok(place) => tr!(locale, "autosave-set-aside", why = why, place = place),
                Err(also) => tr!(locale, "autosave-not-set-aside", why = why, also = also),
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
    let text = game.saved(players.0).to_text();
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
