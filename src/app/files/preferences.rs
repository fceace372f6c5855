//! The player's settings come back at the next start: the language, the sound (on
//! or off, the volume), the game chosen in the menu, who plays each side and every
//! game's menu settings (Gomoku's size and rule, the dice's seed and who starts).
//!
//! They live in `settings.txt` in the OS's config directory (for Linux
//! `~/.config/tabletop/`; `TABLETOP_CONFIG_DIR` names another), or the page's local
//! storage in a browser, as lines of text:
//!
//! ```text
//! # Tabletop settings: written by the game when they change, read at its start
//! language zh-CN
//! sound on
//! volume 70
//! taps confirm
//! coordinates on
//! move-numbers off
//! game gomoku
//! first human
//! second ai:3
//! gomoku size 15x15
//! gomoku rule freestyle
//! knucklebones seed random
//! knucklebones starts p1
//! online name Ada
//! online server ws://127.0.0.1:8080/ws
//! ```
//!
//! Each game's lines are every setting of its schema, as its menu has them
//! (`GameSetup`); a line the game's setting does not read is skipped.
//!
//! They are read when the app is built, before the command line's flags, which win.
//! A missing file is the defaults; a line that does not read is skipped with a log
//! line, and the rest still applies: never a crash, never a lost start. As with the
//! autosave, the app turns this on by inserting [`Preferences`] (headless tests
//! leave it out, or use their own directory).

use bevy::prelude::*;

use super::store::{Place, PlayerFile};
use crate::app::labels::LabelSettings;
use crate::app::locale::{Language, Locale};
use crate::app::online::OnlineSettings;
use crate::app::sound::SoundSettings;
use crate::app::table::{ClockSetting, GameKind, Players, Screen, TableGames};
use crate::app::touch::TouchSettings;
use crate::online::protocol::check_name;
use crate::record::PlayerKind;

/// Where the settings live; its presence turns keeping them on.
#[derive(Resource, Clone, Debug, Deref)]
pub struct Preferences(PlayerFile);

const NAME: &str = "settings.txt";
const HEADER: &str = "# Tabletop settings: written by the game when they change, read at its start";

impl Preferences {
    /// The player's own: in the OS's config directory (or `TABLETOP_CONFIG_DIR`), or
    /// the browser's local storage; `None` where there is no such place.
    #[must_use]
    pub fn for_player() -> Option<Self> {
        PlayerFile::for_player(NAME, Place::Config).map(Self)
    }

    /// Settings kept in `dir` (tests use a directory of their own).
    #[cfg(not(target_arch = "wasm32"))]
    #[must_use]
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> Self {
        Self(PlayerFile::in_dir(dir, NAME))
    }

    /// Puts the kept settings into `world` (an app with its games added), and this
    /// resource with them so that changes are kept from now on. Returns the lines
    /// it skipped, each with why (they are logged too).
    pub fn restore(self, world: &mut World) -> Vec<String> {
        let mut skipped = Vec::new();
        match self.read() {
            Ok(Some(text)) => {
                for line in text.lines() {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    if let Err(why) = apply_line(world, line) {
                        warn!("settings: skipped '{line}': {why}");
                        skipped.push(format!("{line}: {why}"));
                    }
                }
                info!("settings read from {}", self.place());
            }
            Ok(None) => {}
            Err(why) => {
                warn!("settings not read: {why}");
                skipped.push(why);
            }
        }
        world.insert_resource(self);
        skipped
    }

    fn place(&self) -> String {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.path().display().to_string()
        }
        #[cfg(target_arch = "wasm32")]
        {
            "local storage".to_owned()
        }
    }
}

/// One line of the file into the world.
/// `on` or `off`, for the line `key`.
fn on_off(word: &str, key: &str) -> Result<bool, String> {
    match word {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("{key} is 'on' or 'off'")),
    }
}

fn apply_line(world: &mut World, line: &str) -> Result<(), String> {
    // A name may have spaces: the rest of the line.
    if let Some(name) = line.strip_prefix("online name ") {
        let name = check_name(name)?;
        world.get_resource_or_init::<OnlineSettings>().name = name;
        return Ok(());
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["sound", on] => {
            let on = match on {
                "on" => true,
                "off" => false,
                _ => return Err("sound is 'on' or 'off'".to_owned()),
            };
            world.resource_mut::<SoundSettings>().muted = !on;
        }
        ["taps", how] => {
            let confirm = match how {
                "confirm" => true,
                "direct" => false,
                _ => return Err("taps is 'confirm' or 'direct'".to_owned()),
            };
            world.get_resource_or_init::<TouchSettings>().confirm = confirm;
        }
        ["coordinates", on] => {
            world.get_resource_or_init::<LabelSettings>().coordinates = on_off(on, "coordinates")?;
        }
        ["move-numbers", on] => {
            world.get_resource_or_init::<LabelSettings>().move_numbers =
                on_off(on, "move-numbers")?;
        }
        ["language", tag] => {
            let language = Language::from_tag(tag)
                .ok_or_else(|| format!("no language '{tag}' (en or zh-CN)"))?;
            world.insert_resource(Locale::new(language));
        }
        ["online", "server", url] => {
            if !(url.starts_with("ws://") || url.starts_with("wss://")) {
                return Err(format!("'{url}' is not a ws:// or wss:// address"));
            }
            world.get_resource_or_init::<OnlineSettings>().server = url.to_owned();
        }
        ["volume", percent] => {
            let percent: u8 = percent
                .parse()
                .ok()
                .filter(|p| *p <= 100)
                .ok_or("volume is a percentage, 0 to 100")?;
            world.resource_mut::<SoundSettings>().volume = f32::from(percent) / 100.0;
        }
        ["clock", control] => {
            let control = match control {
                "none" => None,
                control => Some(control.parse()?),
            };
            world.get_resource_or_init::<ClockSetting>().0 = control;
        }
        ["game", name] => {
            let kind = known_game(world, name)?;
            world.resource_mut::<NextState<GameKind>>().set(kind);
        }
        [side @ ("first" | "second"), player] => {
            let player: PlayerKind = player.parse()?;
            let mut players = world.resource_mut::<Players>();
            if side == "first" {
                players.first = player;
            } else {
                players.second = player;
            }
        }
        [game, key, value] => {
            let kind = known_game(world, game)?;
            let applied = world.resource_scope(|world, games: Mut<TableGames>| {
                games
                    .get(kind)
                    .and_then(|entry| entry.apply_setting(world, key, value))
            });
            applied.ok_or_else(|| format!("{kind} has no setting '{key}'"))??;
        }
        _ => return Err("not a setting of this version".to_owned()),
    }
    Ok(())
}

fn known_game(world: &World, name: &str) -> Result<GameKind, String> {
    GameKind::named(name)
        .filter(|kind| world.resource::<TableGames>().get(*kind).is_some())
        .ok_or_else(|| format!("no game '{name}'"))
}

/// The settings as the file's text.
fn settings_text(world: &World) -> String {
    let mut text = format!("{HEADER}\n");
    let language = world.resource::<Locale>().language();
    text.push_str(&format!("language {}\n", language.tag()));
    let sound = world.resource::<SoundSettings>();
    let on = if sound.muted { "off" } else { "on" };
    text.push_str(&format!("sound {on}\n"));
    text.push_str(&format!(
        "volume {}\n",
        (sound.volume * 100.0).round() as u8
    ));
    if let Some(touch) = world.get_resource::<TouchSettings>() {
        let how = if touch.confirm { "confirm" } else { "direct" };
        text.push_str(&format!("taps {how}\n"));
    }
    if let Some(labels) = world.get_resource::<LabelSettings>() {
        let word = |on| if on { "on" } else { "off" };
        text.push_str(&format!(
            "coordinates {}\nmove-numbers {}\n",
            word(labels.coordinates),
            word(labels.move_numbers)
        ));
    }
    let kind = world.resource::<State<GameKind>>().get();
    text.push_str(&format!("game {}\n", kind.name()));
    let players = world.resource::<Players>();
    // An online opponent is the room's, not a setting.
    let kept = |kind: PlayerKind| match kind {
        PlayerKind::Online => PlayerKind::Human,
        kind => kind,
    };
    text.push_str(&format!(
        "first {}\nsecond {}\n",
        kept(players.first),
        kept(players.second)
    ));
    if let Some(clock) = world.get_resource::<ClockSetting>() {
        let control = clock.0.map_or_else(|| "none".to_owned(), |c| c.to_string());
        text.push_str(&format!("clock {control}\n"));
    }
    if let Some(online) = world.get_resource::<OnlineSettings>() {
        text.push_str(&format!("online name {}\n", online.name));
        // In a browser the server is the page's own.
        #[cfg(not(target_arch = "wasm32"))]
        text.push_str(&format!("online server {}\n", online.server));
    }
    for entry in world.resource::<TableGames>().entries() {
        for (key, value) in entry.setting_lines(world) {
            text.push_str(&format!("{} {key} {value}\n", entry.kind().name()));
        }
    }
    text
}

/// Keeping the settings: written when one changes (the menu's game settings when
/// the menu is left), and only when the text differs from what was written.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        keep.run_if(
            resource_exists::<Preferences>.and_then(
                resource_changed::<SoundSettings>
                    .or_eager(resource_changed::<Locale>)
                    .or_eager(resource_changed::<OnlineSettings>)
                    .or_eager(resource_changed::<TouchSettings>)
                    .or_eager(resource_changed::<LabelSettings>)
                    .or_eager(resource_changed::<Players>)
                    .or_eager(resource_exists_and_changed::<ClockSetting>)
                    .or_eager(state_changed::<GameKind>)
                    .or_eager(state_changed::<Screen>),
            ),
        ),
    );
}

fn keep(world: &mut World, mut last: Local<String>) {
    let text = settings_text(world);
    if *last == text {
        return;
    }
    let store = world.resource::<Preferences>();
    // Once per change, not every frame: the next change tries again.
    if let Err(why) = store.write(&text) {
        warn!("{why}");
    }
    *last = text;
}
