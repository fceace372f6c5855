//! The games this app can put on the table, as data: filled by the app's registry
//! (`app::games`), read by the menu (its tabs), loading (which game a file holds)
//! and the launch from the command line.

use bevy::prelude::*;

use super::game::typed_tree;
use super::{CurrentGame, GameKind, GameSetup, PendingGame, TableGame};
use crate::record::{GameRecord, SavedClock, Variations};

/// Every game on the table, in menu order.
#[derive(Resource, Default)]
pub struct TableGames(Vec<TableEntry>);

/// One game's entry.
pub struct TableEntry {
    kind: GameKind,
    hold: fn(GameRecord, Option<&Variations>, Option<SavedClock>, &mut World) -> Result<(), String>,
    apply_setting: fn(&mut World, &str, &str) -> Option<Result<(), String>>,
    setting_lines: fn(&World) -> Vec<(&'static str, String)>,
    record: fn(&World) -> Option<GameRecord>,
}

impl TableGames {
    /// Adds game `G` (the registry does, once per game).
    pub fn add<G: TableGame>(&mut self) {
        self.0.push(TableEntry {
            kind: G::KIND,
            hold: |record, variations, clock, world| {
                let name = record.name();
                let game = record
                    .into_game::<G>()
                    .map_err(|_| format!("{name} is not a {} game", G::KIND))?;
                let tree = variations
                    .map(|v| typed_tree(&game, &v.tree).map(|tree| (tree, v.at)))
                    .transpose()?;
                world.insert_resource(PendingGame(game, tree, clock));
                Ok(())
            },
            apply_setting: |world, key, value| {
                let mut setup = world.get_resource_or_init::<GameSetup<G>>();
                setup
                    .set(key, value)
                    .map(|result| result.map_err(|e| e.to_string()))
            },
            setting_lines: |world| {
                world
                    .get_resource::<GameSetup<G>>()
                    .map(|setup| setup.pairs().map(|(k, v)| (k, v.to_owned())).collect())
                    .unwrap_or_default()
            },
            record: |world| {
                let game = world.get_resource::<CurrentGame<G>>()?;
                Some(GameRecord::new((**game).clone()))
            },
        });
    }

    /// The games, in menu order.
    pub fn kinds(&self) -> impl Iterator<Item = GameKind> + '_ {
        self.0.iter().map(|entry| entry.kind)
    }

    /// Every game's entry, in menu order.
    pub fn entries(&self) -> impl Iterator<Item = &TableEntry> + '_ {
        self.0.iter()
    }

    /// The entry of `kind`, if the app has that game.
    #[must_use]
    pub fn get(&self, kind: GameKind) -> Option<&TableEntry> {
        self.0.iter().find(|entry| entry.kind == kind)
    }
}

impl TableEntry {
    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// Applies one of this game's menu settings (`size 12x12`): `None` if it has no
    /// such setting, else whether the value was one of its values (a refused one
    /// changes nothing).
    pub fn apply_setting(
        &self,
        world: &mut World,
        key: &str,
        value: &str,
    ) -> Option<Result<(), String>> {
        (self.apply_setting)(world, key, value)
    }

    /// The game of this kind on the table (or set up for it), as the plain layers
    /// see it.
    #[must_use]
    pub fn record(&self, world: &World) -> Option<GameRecord> {
        (self.record)(world)
    }

    /// This game's menu settings as `key value` pairs (`size 15x15`), every one of
    /// its settings.
    #[must_use]
    pub fn setting_lines(&self, world: &World) -> Vec<(&'static str, String)> {
        (self.setting_lines)(world)
    }
}

/// Makes a loaded game the [`PendingGame`] of its kind: it goes on the table when
/// that game next starts, or at once if it is the game on the table. Returns the
/// game's kind, or why it cannot be played here.
pub fn put_on_hold(
    record: GameRecord,
    variations: Option<&Variations>,
    clock: Option<SavedClock>,
    world: &mut World,
) -> Result<GameKind, String> {
    let kind = GameKind::named(record.name())
        .ok_or_else(|| format!("'{}' is not a game this version plays", record.name()))?;
    let hold = world
        .get_resource::<TableGames>()
        .and_then(|games| games.get(kind))
        .map(|entry| entry.hold)
        .ok_or_else(|| format!("{kind} is not on this table"))?;
    hold(record, variations, clock, world)?;
    Ok(kind)
}

/// Applies a command-line setting (`size 12x12`, `seed 5`) to the menu settings of
/// every game that has it; `Ok(false)` if none has.
pub(crate) fn apply_setting(world: &mut World, key: &str, value: &str) -> Result<bool, String> {
    let setters: Vec<_> = world
        .get_resource::<TableGames>()
        .map(|games| games.0.iter().map(|entry| entry.apply_setting).collect())
        .unwrap_or_default();
    let mut known = false;
    for set in setters {
        if let Some(result) = set(world, key, value) {
            result?;
            known = true;
        }
    }
    Ok(known)
}
