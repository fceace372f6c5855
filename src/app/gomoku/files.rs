//! Save and Load: the game on the table to and from a small text file
//! ([`SavedGame`]). A file that cannot be read, or does not hold a legal game, leaves
//! the game on the table as it was and says why in the HUD.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::{CurrentGame, GomokuSettings, Phase};
use crate::app::Players;
use crate::record::SavedGame;

/// Write the game on the table to `path`.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct SaveRequested {
    /// Where to write.
    pub path: PathBuf,
}

/// Replace the game on the table with the one saved at `path`, players included.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LoadRequested {
    /// What to read.
    pub path: PathBuf,
}

/// The outcome of the last save or load, for the HUD.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct FileNotice(pub Option<Result<String, String>>);

/// The file name in the HUD's path field.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SavePath(pub String);

impl Default for SavePath {
    fn default() -> Self {
        Self("tabletop-gomoku.txt".to_owned())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FileNotice>()
        .init_resource::<SavePath>()
        .add_message::<SaveRequested>()
        .add_message::<LoadRequested>();
}

/// Reads and checks a saved game; the error is one line for people.
pub fn read_game(path: &Path) -> Result<SavedGame, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("could not read {}: {e}", path.display()))?;
    SavedGame::from_text(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes a saved game; the error is one line for people.
pub fn write_game(path: &Path, saved: &SavedGame) -> Result<(), String> {
    std::fs::write(path, saved.to_text())
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}

/// Carries out save and load requests. A load that fails changes nothing.
pub fn save_and_load(
    mut saves: MessageReader<SaveRequested>,
    mut loads: MessageReader<LoadRequested>,
    mut game: ResMut<CurrentGame>,
    mut players: ResMut<Players>,
    mut settings: ResMut<GomokuSettings>,
    mut phase: ResMut<NextState<Phase>>,
    mut notice: ResMut<FileNotice>,
) {
    for SaveRequested { path } in saves.read() {
        let saved = SavedGame {
            seats: players.0,
            game: (**game).clone(),
        };
        notice.0 = Some(write_game(path, &saved).map(|()| {
            format!(
                "Saved {} moves to {}",
                saved.game.moves().len(),
                path.display()
            )
        }));
    }
    for LoadRequested { path } in loads.read() {
        match read_game(path) {
            Ok(saved) => {
                notice.0 = Some(Ok(format!(
                    "Loaded {} ({} moves)",
                    path.display(),
                    saved.game.moves().len()
                )));
                *settings = GomokuSettings::of(&saved.game);
                players.0 = saved.seats;
                game.replace(saved.game);
                phase.set(Phase::of(&game));
            }
            Err(why) => {
                warn!("load failed: {why}");
                notice.0 = Some(Err(why));
            }
        }
    }
}
