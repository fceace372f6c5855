//! A game's settings, declared once in its rules module ([`Game::SETTINGS`]): each
//! setting's key, kind, default, one-line help and the Fluent id of its label. Every
//! place a setting appears is made from this one declaration, for every game alike:
//! the command-line flags (`--size 15x15`) and the page address (`?size=15x15`),
//! `tabletop-cli`'s options, the saved-game header, the settings file, the menu's
//! widgets and the property tests.
//!
//! A setting has two sorts of value. What a player *chooses* ([`Setup`]: the menu,
//! the flags, the settings file) may be `random`: a fresh dice seed, or a coin toss
//! for who starts, drawn for each new game ([`Setup::resolve`]). What a game *was
//! played with* ([`Game::settings`], the header of a saved file) is always one value,
//! so that the file replays the same game.
//!
//! [`Game::SETTINGS`]: super::Game::SETTINGS
//! [`Game::settings`]: super::Game::settings

use std::fmt;

use rand::{Rng, RngCore};

/// The word for "draw it for each new game" (a seed, or a choice that allows it).
pub const RANDOM: &str = "random";

/// One setting of a game.
#[derive(Debug)]
pub struct Setting {
    /// Its key: the saved file's line (`size 15x15`), the flag (`--size`), the page
    /// address (`?size=`) and the settings file's word.
    pub key: &'static str,
    /// What values it takes.
    pub kind: Kind,
    /// The value a new player starts with.
    pub default: &'static str,
    /// Whether files leave the setting's line out when it holds the default, and
    /// read a missing line as the default: for a setting added after files were
    /// written (Gomoku's opening rule), which those files play by.
    pub omitted_when_default: bool,
    /// One line for `--help`, in English: `Board size`.
    pub help: &'static str,
    /// The Fluent id of its label in the menu: `gomoku-size`.
    pub label: &'static str,
}

/// What values a setting takes, and so which widget the menu gives it.
#[derive(Debug)]
pub enum Kind {
    /// One of a few words (a combo box). With `random`, also [`RANDOM`]: one of them
    /// drawn for each new game.
    Choice {
        /// The words, in the menu's order.
        choices: &'static [Choice],
        /// Whether [`RANDOM`] may be chosen.
        random: bool,
    },
    /// A whole number from `min` to `max` (a slider).
    Range {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// A board `WIDTHxHEIGHT` (two sliders), each side from `min` to `max`.
    Size {
        /// The smallest side.
        min: u8,
        /// The largest side.
        max: u8,
    },
    /// The seed of the game's chance (a text field): a number from 0 to
    /// `u64::MAX`, or [`RANDOM`] for a fresh one every game.
    Seed,
}

/// One value of a [`Kind::Choice`].
#[derive(Debug)]
pub struct Choice {
    /// The word, as files and flags write it: `freestyle`.
    pub value: &'static str,
    /// Other spellings that read as it (`free-style`).
    pub aliases: &'static [&'static str],
    /// One line for `--help`, in English: `five or more in a row wins`.
    pub help: &'static str,
    /// The Fluent id of its name in the menu: `gomoku-rule-freestyle`.
    pub label: &'static str,
}

impl Setting {
    /// Reads `text` as a value of this setting: its one spelling (`15x15`,
    /// `freestyle`, `42`, `random`), or why it is not one. Case and surrounding
    /// spaces do not matter.
    pub fn read(&self, text: &str) -> Result<String, SettingError> {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        let bad = |why: String| SettingError::Bad(self.key, why);
        match &self.kind {
            Kind::Choice { choices, random } => {
                if *random && lower == RANDOM {
                    return Ok(RANDOM.to_owned());
                }
                choices
                    .iter()
                    .find(|choice| choice.value == lower || choice.aliases.contains(&&*lower))
                    .map(|choice| choice.value.to_owned())
                    .ok_or_else(|| {
                        bad(format!(
                            "{} '{trimmed}' is not one of {}",
                            self.key,
                            self.values().join(", ")
                        ))
                    })
            }
            Kind::Range { min, max } => match lower.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad(format!(
                    "{} '{trimmed}' is not a whole number from {min} to {max}",
                    self.key
                ))),
            },
            Kind::Size { min, max } => {
                let (width, height) = split_size(&lower).ok_or_else(|| {
                    bad(format!("{} '{trimmed}' is not WxH, e.g. 15x15", self.key))
                })?;
                for (name, side) in [("width", width), ("height", height)] {
                    if !(*min..=*max).contains(&side) {
                        return Err(bad(format!(
                            "{} '{trimmed}': {name} {side} is outside {min}..={max}",
                            self.key
                        )));
                    }
                }
                Ok(format!("{width}x{height}"))
            }
            Kind::Seed => {
                if lower == RANDOM {
                    return Ok(RANDOM.to_owned());
                }
                lower.parse::<u64>().map(|n| n.to_string()).map_err(|_| {
                    bad(format!(
                        "{} '{trimmed}' is not a number from 0 to {} (or {RANDOM})",
                        self.key,
                        u64::MAX
                    ))
                })
            }
        }
    }

    /// This setting's value among `settings` (a saved file's lines): its line, or
    /// the default where the line may be left out
    /// ([`Setting::omitted_when_default`]).
    pub fn value_in<'t>(&self, settings: &Settings<'t>) -> Result<&'t str, SettingError> {
        match settings.get(self.key) {
            Some(value) => Ok(value),
            None if self.omitted_when_default => Ok(self.default),
            None => Err(SettingError::Missing(self.key)),
        }
    }

    /// Reads `text` as the value a game was played with (a saved file's): one value,
    /// never [`RANDOM`].
    pub fn read_played(&self, text: &str) -> Result<String, SettingError> {
        let value = self.read(text)?;
        if value == RANDOM {
            return Err(SettingError::Bad(
                self.key,
                format!(
                    "{} '{RANDOM}': a game was played with one value, not a draw",
                    self.key
                ),
            ));
        }
        Ok(value)
    }

    /// The values the flag and file take, for `--help` and the menu's combo box:
    /// each choice (then `random`), or how the value is written.
    #[must_use]
    pub fn values(&self) -> Vec<String> {
        match &self.kind {
            Kind::Choice { choices, random } => choices
                .iter()
                .map(|choice| choice.value.to_owned())
                .chain(random.then(|| RANDOM.to_owned()))
                .collect(),
            Kind::Range { min, max } => vec![format!("{min}..={max}")],
            Kind::Size { min, max } => vec![format!("{min}x{min}..={max}x{max}")],
            Kind::Seed => vec![format!("0..={}", u64::MAX), RANDOM.to_owned()],
        }
    }

    /// Values to try it with, in the spelling [`Setting::read`] gives back: every
    /// value of a choice, a range or a size, and a few seeds (the ends, and
    /// [`RANDOM`]). The conformance suite round-trips each.
    #[must_use]
    pub fn examples(&self) -> Vec<String> {
        match &self.kind {
            Kind::Choice { .. } => self.values(),
            Kind::Range { min, max } => {
                let step = ((max - min) / 64).max(1);
                let mut values: Vec<String> = (*min..=*max)
                    .step_by(step as usize)
                    .map(|n| n.to_string())
                    .collect();
                values.push(max.to_string());
                values.dedup();
                values
            }
            Kind::Size { min, max } => (*min..=*max)
                .flat_map(|w| (*min..=*max).map(move |h| format!("{w}x{h}")))
                .collect(),
            Kind::Seed => ["0", "1", "42", &u64::MAX.to_string(), RANDOM]
                .map(str::to_owned)
                .to_vec(),
        }
    }

    /// How `--help` names the value: `WxH`, `N`, `RULE`.
    #[must_use]
    pub fn value_name(&self) -> &'static str {
        match self.kind {
            Kind::Choice { .. } => "WORD",
            Kind::Range { .. } | Kind::Seed => "N",
            Kind::Size { .. } => "WxH",
        }
    }

    /// The line of `--help`: the setting's help, its choices with theirs, and the
    /// default.
    #[must_use]
    pub fn help_line(&self) -> String {
        let values = match &self.kind {
            Kind::Choice { choices, random } => {
                let mut parts: Vec<String> = choices
                    .iter()
                    .map(|choice| format!("{} ({})", choice.value, choice.help))
                    .collect();
                if *random {
                    parts.push(format!("{RANDOM} (drawn for each game)"));
                }
                parts.join(", ")
            }
            Kind::Range { min, max } => format!("{min} to {max}"),
            Kind::Size { min, max } => format!("each side {min} to {max}"),
            Kind::Seed => format!("0 to {}, or {RANDOM} (a new seed each game)", u64::MAX),
        };
        format!("{}: {values} [default: {}]", self.help, self.default)
    }

    /// Whether `value` is drawn anew for each game.
    #[must_use]
    pub fn is_random(value: &str) -> bool {
        value == RANDOM
    }

    /// The value a new game is played with: `value` itself, or for [`RANDOM`] one
    /// drawn from `rng` (a seed, or one of the choices).
    pub fn resolve(&self, value: &str, rng: &mut dyn RngCore) -> String {
        if value != RANDOM {
            return value.to_owned();
        }
        match &self.kind {
            Kind::Choice { choices, .. } if !choices.is_empty() => {
                choices[rng.random_range(0..choices.len())].value.to_owned()
            }
            _ => rng.random::<u64>().to_string(),
        }
    }
}

/// `15x15` as `(15, 15)`, if it is written that way.
#[must_use]
pub fn split_size(text: &str) -> Option<(u8, u8)> {
    let (width, height) = text.trim().split_once(['x', 'X'])?;
    Some((width.trim().parse().ok()?, height.trim().parse().ok()?))
}

/// What a player chose for each of a game's settings (the menu's, the flags', the
/// settings file's), in the order of its schema; a value may be [`RANDOM`].
#[derive(Clone, Debug)]
pub struct Setup {
    schema: &'static [Setting],
    values: Vec<String>,
}

/// The same settings (by key) with the same values.
impl PartialEq for Setup {
    fn eq(&self, other: &Self) -> bool {
        self.pairs().eq(other.pairs())
    }
}

impl Eq for Setup {}

impl Setup {
    /// Every setting of `schema` at its default.
    #[must_use]
    pub fn defaults(schema: &'static [Setting]) -> Self {
        Self {
            schema,
            values: schema.iter().map(|s| s.default.to_owned()).collect(),
        }
    }

    /// The settings this setup is of.
    #[must_use]
    pub fn schema(&self) -> &'static [Setting] {
        self.schema
    }

    /// The value chosen for `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.position(key).map(|i| self.values[i].as_str())
    }

    /// Chooses `text` for `key`: `None` if the game has no such setting, else
    /// whether `text` is one of its values (a refused value changes nothing).
    pub fn set(&mut self, key: &str, text: &str) -> Option<Result<(), SettingError>> {
        let i = self.position(key)?;
        Some(
            self.schema[i]
                .read(text)
                .map(|value| self.values[i] = value),
        )
    }

    /// `(key, value)` of each setting, in the schema's order.
    pub fn pairs(&self) -> impl Iterator<Item = (&'static str, &str)> + '_ {
        self.schema
            .iter()
            .zip(&self.values)
            .map(|(setting, value)| (setting.key, value.as_str()))
    }

    /// The values a new game is played with: each [`RANDOM`] drawn from `rng`.
    pub fn resolve(&self, rng: &mut dyn RngCore) -> Vec<String> {
        self.schema
            .iter()
            .zip(&self.values)
            .map(|(setting, value)| setting.resolve(value, rng))
            .collect()
    }

    /// Takes the values `played` (a loaded game's, in the schema's order) as the
    /// setup's, so that a new game is of the same kind (a loaded 19x19 renju game
    /// gives 19x19 renju games). Seeds and settings chosen as [`RANDOM`] keep the
    /// setup's: a new game still gets new dice.
    pub fn adopt(&mut self, played: &[String]) {
        for ((setting, value), played) in self.schema.iter().zip(&mut self.values).zip(played) {
            if !matches!(setting.kind, Kind::Seed) && *value != RANDOM {
                value.clone_from(played);
            }
        }
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.schema
            .iter()
            .position(|setting| setting.key.eq_ignore_ascii_case(key))
    }
}

/// A game's settings as `key value` text: the lines of a saved file, or the flags of
/// the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings<'t> {
    pairs: Vec<(&'t str, &'t str)>,
}

impl<'t> Settings<'t> {
    /// Settings from `(key, value)` pairs.
    #[must_use]
    pub fn new(pairs: impl IntoIterator<Item = (&'t str, &'t str)>) -> Self {
        Self {
            pairs: pairs.into_iter().collect(),
        }
    }

    /// `values`, one per setting of `schema` and in its order, as `key value`
    /// settings: a game's lines, as a saved file holds them.
    #[must_use]
    pub fn of(schema: &[Setting], values: &'t [String]) -> Self {
        Self::new(
            schema
                .iter()
                .map(|setting| setting.key)
                .zip(values.iter().map(String::as_str)),
        )
    }

    /// The value of `key`, if given.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&'t str> {
        self.pairs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|&(_, v)| v)
    }

    /// The value of `key`, which the game needs.
    pub fn required(&self, key: &'static str) -> Result<&'t str, SettingError> {
        self.get(key).ok_or(SettingError::Missing(key))
    }

    /// The value of `key` read as a `T`; the error says why it is not one.
    pub fn parse<T: std::str::FromStr>(&self, key: &'static str) -> Result<T, SettingError>
    where
        T::Err: fmt::Display,
    {
        self.required(key)?
            .parse()
            .map_err(|e: T::Err| SettingError::Bad(key, e.to_string()))
    }

    /// The keys given, in order.
    pub fn keys(&self) -> impl Iterator<Item = &'t str> + '_ {
        self.pairs.iter().map(|&(key, _)| key)
    }
}

/// Why a game could not be set up from its settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// A setting the game needs is not there.
    Missing(&'static str),
    /// The setting `key` is there but wrong: why.
    Bad(&'static str, String),
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::Missing(key) => write!(f, "missing '{key}'"),
            SettingError::Bad(_, why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SettingError {}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    const SCHEMA: &[Setting] = &[
        Setting {
            key: "size",
            kind: Kind::Size { min: 10, max: 20 },
            default: "15x15",
            omitted_when_default: false,
            help: "Board size",
            label: "test-size",
        },
        Setting {
            key: "rule",
            kind: Kind::Choice {
                choices: &[
                    Choice {
                        value: "freestyle",
                        aliases: &["free-style"],
                        help: "five or more",
                        label: "test-freestyle",
                    },
                    Choice {
                        value: "standard",
                        aliases: &[],
                        help: "exactly five",
                        label: "test-standard",
                    },
                ],
                random: true,
            },
            default: "freestyle",
            omitted_when_default: false,
            help: "Rule",
            label: "test-rule",
        },
        Setting {
            key: "seed",
            kind: Kind::Seed,
            default: RANDOM,
            omitted_when_default: false,
            help: "Seed",
            label: "test-seed",
        },
        Setting {
            key: "depth",
            kind: Kind::Range { min: -3, max: 300 },
            default: "4",
            omitted_when_default: false,
            help: "Depth",
            label: "test-depth",
        },
    ];

    #[test]
    fn values_read_in_one_spelling_or_say_why_not() {
        let [size, rule, seed, depth] = [&SCHEMA[0], &SCHEMA[1], &SCHEMA[2], &SCHEMA[3]];
        assert_eq!(size.read(" 12X18 ").as_deref(), Ok("12x18"));
        assert_eq!(rule.read("Free-Style").as_deref(), Ok("freestyle"));
        assert_eq!(rule.read("RANDOM").as_deref(), Ok(RANDOM));
        assert_eq!(seed.read("007").as_deref(), Ok("7"));
        assert_eq!(depth.read("-3").as_deref(), Ok("-3"));
        for (setting, text, why) in [
            (size, "9x9", "width 9 is outside 10..=20"),
            (size, "15x21", "height 21 is outside"),
            (size, "big", "is not WxH"),
            (
                rule,
                "caro",
                "rule 'caro' is not one of freestyle, standard, random",
            ),
            (seed, "-1", "is not a number from 0 to"),
            (depth, "301", "is not a whole number from -3 to 300"),
        ] {
            let error = setting.read(text).unwrap_err().to_string();
            assert!(error.contains(why), "{text}: {error}");
        }
        assert!(seed.read_played(RANDOM).is_err());
        assert_eq!(seed.read_played("5").as_deref(), Ok("5"));
    }

    #[test]
    fn every_example_reads_as_itself() {
        for setting in SCHEMA {
            let examples = setting.examples();
            assert!(!examples.is_empty());
            for value in examples {
                assert_eq!(setting.read(&value).as_deref(), Ok(value.as_str()));
            }
            assert!(setting.read(setting.default).is_ok());
        }
        assert_eq!(SCHEMA[0].examples().len(), 121);
    }

    #[test]
    fn a_setup_chooses_resolves_and_adopts() {
        let mut setup = Setup::defaults(SCHEMA);
        assert_eq!(setup.get("size"), Some("15x15"));
        assert_eq!(setup.set("colour", "red"), None);
        assert!(setup.set("size", "3x3").unwrap().is_err());
        assert_eq!(
            setup.get("size"),
            Some("15x15"),
            "a refused value changes nothing"
        );
        assert_eq!(setup.set("SIZE", "12x13"), Some(Ok(())));
        let mut rng = StdRng::seed_from_u64(1);
        let played = setup.resolve(&mut rng);
        assert_eq!(played[0], "12x13");
        assert!(
            played[2].parse::<u64>().is_ok(),
            "a seed is drawn: {played:?}"
        );
        setup.set("rule", "random").unwrap().unwrap();
        let rules: std::collections::BTreeSet<String> = (0..40)
            .map(|_| setup.resolve(&mut rng)[1].clone())
            .collect();
        assert_eq!(rules.len(), 2, "random draws among the choices");

        let loaded = ["20x20", "standard", "99", "7"].map(str::to_owned);
        setup.adopt(&loaded);
        let pairs: Vec<_> = setup.pairs().collect();
        assert_eq!(
            pairs,
            [
                ("size", "20x20"),
                ("rule", RANDOM),
                ("seed", RANDOM),
                ("depth", "7")
            ]
        );
    }

    #[test]
    fn help_names_the_choices_and_the_default() {
        assert_eq!(
            SCHEMA[1].help_line(),
            "Rule: freestyle (five or more), standard (exactly five), random (drawn for each \
             game) [default: freestyle]"
        );
        assert_eq!(split_size("10x12"), Some((10, 12)));
    }
}
