//! Starting from the command line (or a page address): the flags main.rs parsed,
//! carried out on the app before it runs, through the same paths as the menu and
//! the Load button.

use std::path::PathBuf;

use bevy::prelude::*;

use super::files::{SavePath, read_game};
use super::locale::{Language, Locale};
use super::online::{OnlineRequest, OnlineSettings};
use super::table::{
    AnalysisAtStart, ClockSetting, GameKind, Players, Screen, TableGames, apply_setting,
    put_on_hold,
};
use crate::games;
use crate::record::{PlayerKind, SavedGame};

/// What the command line asks for at start-up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// The game to play, by its name.
    pub game: Option<String>,
    /// A saved game to continue.
    pub load: Option<PathBuf>,
    /// Who plays the side that moves first, instead of the default or the file's.
    pub first: Option<PlayerKind>,
    /// Who plays the other side.
    pub second: Option<PlayerKind>,
    /// Game settings (`size 12x12`, `seed 5`), for the games that have them.
    pub settings: Vec<(&'static str, String)>,
    /// Open with the game's analysis on.
    pub analysis: bool,
    /// The time control of new games (`Some(None)`: none), instead of the kept one.
    pub clock: Option<Option<crate::clocks::TimeControl>>,
    /// The language to speak, instead of the kept or the system's.
    pub language: Option<Language>,
    /// The online server, instead of the kept or the page's.
    pub server: Option<String>,
    /// The name to play online under.
    pub name: Option<String>,
    /// An online room to join (or watch, if both seats are taken).
    pub room: Option<String>,
}

impl Launch {
    /// Whether the flags ask for a game straight away (any flag does), rather than
    /// the menu.
    #[must_use]
    pub fn straight_in(&self) -> bool {
        // The language, the server or the name alone open the menu; a room opens the
        // room's game when its snapshot comes.
        let game_flags = Self {
            language: None,
            server: None,
            name: None,
            room: None,
            ..self.clone()
        };
        game_flags != Self::default()
    }

    /// Reads what the flags name (the saved game, the game) before there is an app,
    /// so a bad one is one line for people and nothing opens.
    pub fn prepare(self) -> Result<Prepared, String> {
        let kind = match &self.game {
            Some(name) => Some(
                GameKind::named(name)
                    .ok_or_else(|| format!("no game '{name}' (the games: {})", games::names()))?,
            ),
            None => None,
        };
        let english = Locale::english();
        let saved = self
            .load
            .as_deref()
            .map(|path| read_game(path, english))
            .transpose()?;
        Ok(Prepared {
            launch: self,
            kind,
            saved,
        })
    }
}

/// A [`Launch`] whose file has been read: ready to set up the app.
#[derive(Debug)]
pub struct Prepared {
    launch: Launch,
    kind: Option<GameKind>,
    saved: Option<SavedGame>,
}

impl Prepared {
    /// Sets `app` up as asked: the saved game put on hold and its players taken, the
    /// settings given to the games that have them, the players, and the game to start
    /// in (after `Startup`). An error (a game this app does not have, a setting no
    /// game has) is one line for people.
    pub fn apply(self, app: &mut App) -> Result<(), String> {
        let Prepared {
            launch,
            mut kind,
            saved,
        } = self;
        let straight_in = launch.straight_in();
        let world = app.world_mut();
        if let Some(saved) = saved {
            let seats = saved.seats;
            let loaded = put_on_hold(saved.game, saved.variations.as_ref(), saved.clock, world)?;
            world.resource_mut::<Players>().0 = seats;
            if let Some(path) = &launch.load {
                world.insert_resource(SavePath(path.display().to_string()));
            }
            kind = kind.or(Some(loaded));
        }
        for (key, value) in &launch.settings {
            if !apply_setting(world, key, value)? {
                return Err(format!("no game has the setting '{key}'"));
            }
        }
        // Settings alone choose a game that has them (`--seed` means the dice game).
        if kind.is_none() && !launch.settings.is_empty() {
            kind = world.resource::<TableGames>().kinds().find(|kind| {
                games::find(kind.name()).is_some_and(|game| {
                    let settings = game.settings();
                    launch
                        .settings
                        .iter()
                        .any(|(key, _)| settings.iter().any(|setting| setting.key == *key))
                })
            });
        }
        if launch.analysis {
            world.insert_resource(AnalysisAtStart);
        }
        if let Some(control) = launch.clock {
            world.insert_resource(ClockSetting(control));
        }
        if let Some(language) = launch.language {
            world.insert_resource(Locale::new(language));
        }
        {
            let mut online = world.get_resource_or_init::<OnlineSettings>();
            if let Some(server) = &launch.server {
                online.server.clone_from(server);
            }
            if let Some(name) = &launch.name {
                online.name.clone_from(name);
            }
        }
        if let Some(room) = &launch.room {
            world.write_message(OnlineRequest::Join { room: room.clone() });
        }
        let mut players = world.resource_mut::<Players>();
        players.first = launch.first.unwrap_or(players.first);
        players.second = launch.second.unwrap_or(players.second);
        if straight_in {
            let kind = kind.unwrap_or_default();
            // After Startup, once the shared meshes and materials exist.
            app.add_systems(
                Startup,
                move |mut screen: ResMut<NextState<Screen>>,
                      mut game: ResMut<NextState<GameKind>>| {
                    game.set(kind);
                    screen.set(Screen::Playing);
                },
            );
        }
        Ok(())
    }
}
