//! The system's file dialog on the desktop: "Save as…" and "Open…" ask where, through
//! `rfd` (the XDG desktop portal over D-Bus, or zenity where there is no portal). The
//! dialog runs on a thread of its own, so frames go on while it is open; the path
//! chosen comes back as the same [`SaveRequested`] or [`LoadRequested`] the path field
//! sends, and the field shows it. Where no dialog can be opened the field and its
//! Save and Load buttons remain, and the HUD says so.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use super::{FileNotice, SavePath};
use crate::app::locale::Locale;
use crate::app::table::{LoadRequested, SaveRequested};
use crate::tr;

/// What a dialog came back with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogChoice {
    /// Save the game here.
    Save(PathBuf),
    /// Load the game from here.
    Load(PathBuf),
    /// No dialog could be opened (no portal, no zenity): the path field it is.
    Unavailable,
}

/// The dialogs of this app: the choices made in them, waiting for
/// [`deliver_choices`], and whether one is open (a second click opens no other).
#[derive(Resource, Clone, Debug, Default)]
pub struct FileDialogs {
    chosen: Arc<Mutex<Vec<DialogChoice>>>,
    open: Arc<AtomicBool>,
}

impl FileDialogs {
    /// Hands `choice` to the game, as a dialog does when a person picks a file
    /// (tests use it too).
    pub fn choose(&self, choice: DialogChoice) {
        self.chosen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(choice);
    }

    /// Whether a dialog is open now.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.open.load(Ordering::Relaxed)
    }

    /// Opens the dialog for saving (`save`) or loading, starting at the path in the
    /// field. Nothing happens while another dialog is open; cancelling does nothing.
    pub fn open(&self, save: bool, current: &str) {
        if self.open.swap(true, Ordering::Relaxed) {
            return;
        }
        let current = Path::new(current.trim());
        // Ours, and the records of other programs a game reads (Gomocup's `.psq`).
        let others: Vec<&str> = crate::games::GAMES
            .iter()
            .filter_map(|game| game.other_format())
            .collect();
        let dialog = rfd::FileDialog::new()
            .add_filter("Tabletop game", &["txt"])
            .add_filter("Game record", &others);
        let dialog = match current.parent().filter(|dir| dir.is_dir()) {
            Some(dir) => dialog.set_directory(dir),
            None => dialog,
        };
        let name = current
            .file_name()
            .map(|name| name.to_string_lossy().into_owned());
        let this = self.clone();
        let spawned = std::thread::Builder::new()
            .name("file dialog".to_owned())
            .spawn(move || {
                let chosen = if save {
                    let dialog = match &name {
                        Some(name) => dialog.set_file_name(name),
                        None => dialog,
                    };
                    dialog.save_file().map(DialogChoice::Save)
                } else {
                    dialog.pick_file().map(DialogChoice::Load)
                };
                if let Some(choice) = chosen {
                    this.choose(choice);
                } else if !dialog_available() {
                    this.choose(DialogChoice::Unavailable);
                }
                this.open.store(false, Ordering::Relaxed);
            });
        if spawned.is_err() {
            self.open.store(false, Ordering::Relaxed);
            self.choose(DialogChoice::Unavailable);
        }
    }
}

/// Whether this desktop can show a dialog at all: a D-Bus session (for the portal)
/// or zenity. rfd answers "nothing chosen" both for a cancelled dialog and for one
/// that never opened; this tells the two apart.
fn dialog_available() -> bool {
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| Path::new(&dir).join("bus").exists());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
    bus || zenity
}

/// Turns the choices made in dialogs into save and load requests.
fn deliver_choices(
    dialogs: Res<FileDialogs>,
    mut save: MessageWriter<SaveRequested>,
    mut load: MessageWriter<LoadRequested>,
    mut field: ResMut<SavePath>,
    mut notice: ResMut<FileNotice>,
    locale: Res<Locale>,
) {
    let chosen = std::mem::take(
        &mut *dialogs
            .chosen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    );
    for choice in chosen {
        match choice {
            DialogChoice::Save(path) => {
                field.0 = path.display().to_string();
                save.write(SaveRequested { path });
            }
            DialogChoice::Load(path) => {
                field.0 = path.display().to_string();
                load.write(LoadRequested { path });
            }
            DialogChoice::Unavailable => {
                notice.0 = Some(Err(tr!(locale, "file-no-dialog")));
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileDialogs>()
        .add_systems(PreUpdate, deliver_choices);
}
