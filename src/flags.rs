//! Command-line flags made from the games' settings schemas ([`Game::SETTINGS`]),
//! for `tabletop` (and its page address: `?size=15x15` is `--size 15x15`) and
//! `tabletop-cli`: `--size <WxH>`, `--rule <WORD>`, `--seed <N>`, each listed under
//! its game in `--help` with its values and default, each value checked by the
//! setting that declares it. Nothing here names a game or a setting.
//!
//! [`Game::SETTINGS`]: crate::rules::Game::SETTINGS

use clap::builder::ValueParser;
use clap::{Arg, ArgAction, ArgMatches};

use crate::games::GameEntry;
use crate::rules::{Setting, Setup};

/// The settings of `games` that have the key `key`, with their game.
fn declaring<'g>(
    games: &'g [&'static dyn GameEntry],
    key: &'g str,
) -> impl Iterator<Item = (&'static dyn GameEntry, &'static Setting)> + 'g {
    games.iter().flat_map(move |&game| {
        game.settings()
            .iter()
            .filter(move |setting| setting.key == key)
            .map(move |setting| (game, setting))
    })
}

/// Every setting key of `games` but `skip`'s, once each, in the games' order.
fn keys(games: &[&'static dyn GameEntry], skip: &[&str]) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for game in games {
        for setting in game.settings() {
            if !skip.contains(&setting.key) && !keys.contains(&setting.key) {
                keys.push(setting.key);
            }
        }
    }
    keys
}

/// One flag per setting key of `games` but `skip`'s (a key two games share is one
/// flag, which sets both): `--size <WxH>`, under a heading per game in `--help`,
/// its value checked (and spelt one way) by every setting of that key.
#[must_use]
pub fn setting_args(games: &[&'static dyn GameEntry], skip: &[&str]) -> Vec<Arg> {
    keys(games, skip)
        .into_iter()
        .map(|key| {
            let settings: Vec<_> = declaring(games, key).collect();
            let (first_game, first) = settings[0];
            let help = if settings.len() == 1 {
                first.help_line()
            } else {
                let lines: Vec<String> = settings
                    .iter()
                    .map(|(game, setting)| format!("{}: {}", game.title(), setting.help_line()))
                    .collect();
                lines.join("; ")
            };
            let parsers: Vec<&'static Setting> = settings.iter().map(|&(_, s)| s).collect();
            Arg::new(key)
                .long(key)
                .value_name(first.value_name())
                .help(help)
                .help_heading(format!("{} settings", first_game.title()))
                .value_parser(ValueParser::new(
                    move |text: &str| -> Result<String, String> {
                        let mut value = None;
                        for setting in &parsers {
                            let read = setting.read(text).map_err(|e| e.to_string())?;
                            value.get_or_insert(read);
                        }
                        value.ok_or_else(|| "no setting".to_owned())
                    },
                ))
        })
        .collect()
}

/// The settings given as flags made by [`setting_args`] with the same `games` and
/// `skip`: `(key, value)`, in the order of the games' settings.
#[must_use]
pub fn given(
    matches: &ArgMatches,
    games: &[&'static dyn GameEntry],
    skip: &[&str],
) -> Vec<(&'static str, String)> {
    keys(games, skip)
        .into_iter()
        .filter_map(|key| Some((key, matches.get_one::<String>(key)?.clone())))
        .collect()
}

/// `--set KEY=VALUE` (repeatable): any setting of the game, also one whose key is
/// taken by another option of the command (`selfplay --seed` is the match's seed).
#[must_use]
pub fn set_arg() -> Arg {
    Arg::new("set")
        .long("set")
        .value_name("KEY=VALUE")
        .action(ArgAction::Append)
        .help(
            "A setting of the game, KEY=VALUE (repeatable): any of its settings listed below, \
             e.g. --set rule=renju; also one whose flag another option takes",
        )
}

/// The `--set` values of `matches`, as `(key, value)`; an error for one without `=`.
pub fn set_values(matches: &ArgMatches) -> Result<Vec<(String, String)>, String> {
    matches
        .get_many::<String>("set")
        .into_iter()
        .flatten()
        .map(|pair| {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("--set '{pair}' is not KEY=VALUE"))?;
            Ok((key.trim().to_owned(), value.to_owned()))
        })
        .collect()
}

/// `game`'s setup from its defaults with `given` chosen: an error names a key the
/// game does not have, or why a value is not one of its setting's.
pub fn setup(
    game: &dyn GameEntry,
    given: impl IntoIterator<Item = (impl AsRef<str>, impl AsRef<str>)>,
) -> Result<Setup, String> {
    let mut setup = Setup::defaults(game.settings());
    for (key, value) in given {
        let key = key.as_ref();
        match setup.set(key, value.as_ref()) {
            Some(result) => result.map_err(|e| e.to_string())?,
            None => {
                let keys: Vec<&str> = game.settings().iter().map(|s| s.key).collect();
                let has = if keys.is_empty() {
                    "it has none".to_owned()
                } else {
                    format!("its settings: {}", keys.join(", "))
                };
                return Err(format!("{} has no setting '{key}' ({has})", game.name()));
            }
        }
    }
    Ok(setup)
}
