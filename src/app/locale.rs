//! The game in the player's language: English or Simplified Chinese, every text a
//! player sees, from Project Fluent catalogues: per language, one that every game
//! shares (`assets/locales/<tag>/tabletop.ftl`) and one of each game's own
//! (`assets/locales/<tag>/<game>.ftl`), joined by the build script and compiled in
//! (they are small, and text must never wait for a download). The language follows
//! the system's (the desktop's locale, the browser's language) until the player
//! picks one in the menu; the choice is kept with the other settings
//! (`files::preferences`).
//!
//! Game notation (`h8`, `a1`..`c3`), the command line, the engine protocol, the
//! saved-game format and the logs stay in English.
//!
//! Systems read the [`Locale`] resource and write `tr!(locale, "id")`, or
//! `tr!(locale, "id", name = value, ...)` for a message with variables. Each game's
//! own messages start with its name (`gomoku-blurb`); [`Locale::game`] finds them.

use std::borrow::Cow;

use bevy::prelude::*;
pub use fluent_bundle::FluentValue;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

/// A language the game speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// English, the language the game falls back to.
    #[default]
    English,
    /// Simplified Chinese.
    Chinese,
}

impl Language {
    /// Every language, in the menu's order.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// Its BCP 47 tag, as the settings file and the catalogues' names have it.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh-CN",
        }
    }

    /// Its name in itself, for the menu's choice: `English`, `中文`.
    #[must_use]
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Chinese => "中文",
        }
    }

    /// The language a locale or tag names (`zh-CN`, `zh_CN.UTF-8`, `zh-Hans`, `en-GB`,
    /// `C`): Chinese for any Chinese, English for any English; `None` for the others.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Self> {
        let primary = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Language::Chinese),
            "en" => Some(Language::English),
            _ => None,
        }
    }

    /// The system's language where the game speaks it, else English.
    #[must_use]
    pub fn of_system() -> Self {
        sys_locale::get_locales()
            .find_map(|tag| Self::from_tag(&tag))
            .unwrap_or_default()
    }

    /// Its catalogues' text: the shared one, then every game's (`build.rs` joins
    /// them).
    #[must_use]
    pub fn catalogue(self) -> &'static str {
        match self {
            Language::English => include_str!(concat!(env!("OUT_DIR"), "/locales/en.ftl")),
            Language::Chinese => include_str!(concat!(env!("OUT_DIR"), "/locales/zh-CN.ftl")),
        }
    }
}

/// The language the game speaks now, with its messages.
#[derive(Resource)]
pub struct Locale {
    language: Language,
    bundle: FluentBundle<FluentResource>,
}

impl Default for Locale {
    fn default() -> Self {
        Self::new(Language::English)
    }
}

impl std::fmt::Debug for Locale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Locale")
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

impl Locale {
    /// The messages of `language`. A catalogue that does not parse is a bug a test
    /// catches (`catalogues_parse_and_agree`); here what parses is used.
    #[must_use]
    pub fn new(language: Language) -> Self {
        let tag = language.tag().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![tag]);
        // Unicode isolation marks around variables would show as boxes in egui.
        bundle.set_use_isolating(false);
        let resource = FluentResource::try_new(language.catalogue().to_owned()).unwrap_or_else(
            |(resource, errors)| {
                error!("the {} catalogue: {errors:?}", language.tag());
                resource
            },
        );
        if let Err(errors) = bundle.add_resource(resource) {
            error!("the {} catalogue: {errors:?}", language.tag());
        }
        Self { language, bundle }
    }

    /// English, for the logs (which stay in English whatever the player reads).
    #[must_use]
    pub fn english() -> &'static Locale {
        static ENGLISH: std::sync::LazyLock<Locale> =
            std::sync::LazyLock::new(|| Locale::new(Language::English));
        &ENGLISH
    }

    /// The language spoken.
    #[must_use]
    pub fn language(&self) -> Language {
        self.language
    }

    /// A count with its digits grouped as the language writes them: `14,120,167` in
    /// English, and in Chinese too (CLDR's pattern for zh, `#,##0`). Fluent's own
    /// number formatting leaves grouping out.
    #[must_use]
    pub fn count(&self, n: u64) -> String {
        let separator = match self.language {
            Language::English | Language::Chinese => ',',
        };
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(separator);
            }
            out.push(c);
        }
        out
    }

    /// Message `id` without variables.
    #[must_use]
    pub fn text(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// Message `id` with its variables.
    #[must_use]
    pub fn with(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        self.format(id, Some(&fluent_args))
    }

    /// Game `game`'s message `part` (`gomoku` and `blurb`: `gomoku-blurb`).
    #[must_use]
    pub fn game(&self, game: &str, part: &str) -> String {
        self.text(&format!("{game}-{part}"))
    }

    /// What game `game` calls `player`'s side: `Black`, `X`, `Player 1`.
    #[must_use]
    pub fn side(&self, game: &str, player: crate::rules::Player) -> String {
        let part = match player {
            crate::rules::Player::First => "first",
            crate::rules::Player::Second => "second",
        };
        self.game(game, part)
    }

    fn format(&self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            // A missing message shows its id (a test keeps every id in both
            // catalogues): never a panic, never an empty label.
            warn!("no message '{id}' in {}", self.language.tag());
            return id.to_owned();
        };
        let mut errors = Vec::new();
        let text: Cow<'_, str> = self.bundle.format_pattern(pattern, args, &mut errors);
        if !errors.is_empty() {
            warn!("message '{id}' in {}: {errors:?}", self.language.tag());
        }
        text.into_owned()
    }
}

/// A message in the current language: `tr!(locale, "id")`, or with variables
/// `tr!(locale, "id", name = value, ...)` (strings and numbers; numbers choose
/// plurals).
#[macro_export]
macro_rules! tr {
    ($locale:expr, $id:expr) => {
        $locale.text($id)
    };
    ($locale:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $locale.with(
            $id,
            &[$((
                stringify!($name),
                $crate::app::locale::FluentValue::from($value),
            )),+],
        )
    };
}

/// Switch to another language (the menu's choice).
#[derive(Message, Clone, Copy, Debug)]
pub(super) struct LanguageChosen(pub Language);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Locale>()
        .add_message::<LanguageChosen>()
        .add_systems(PreUpdate, switch_language);
}

fn switch_language(mut chosen: MessageReader<LanguageChosen>, mut locale: ResMut<Locale>) {
    if let Some(LanguageChosen(language)) = chosen.read().last().copied()
        && language != locale.language
    {
        info!("language: {}", language.tag());
        *locale = Locale::new(language);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_bundle::FluentResource;
    use fluent_syntax::ast;

    use super::*;

    #[test]
    fn counts_group_their_digits_in_threes() {
        let english = Locale::english();
        assert_eq!(english.count(0), "0");
        assert_eq!(english.count(999), "999");
        assert_eq!(english.count(1_000), "1,000");
        assert_eq!(english.count(14_120_167), "14,120,167");
        let chinese = Locale::new(Language::Chinese);
        assert_eq!(chinese.count(123_456), "123,456");
    }

    /// Every message of a catalogue with the variables it uses, or the lines that do
    /// not parse.
    fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
        let resource = FluentResource::try_new(language.catalogue().to_owned())
            .unwrap_or_else(|(_, errors)| panic!("{}: {errors:?}", language.tag()));
        let mut found = BTreeMap::new();
        for entry in resource.entries() {
            match entry {
                ast::Entry::Message(message) => {
                    let mut vars = BTreeSet::new();
                    if let Some(value) = &message.value {
                        variables(value, &mut vars);
                    }
                    found.insert(message.id.name.to_owned(), vars);
                }
                ast::Entry::Junk { content } => {
                    panic!("{}: a line does not parse: {content}", language.tag())
                }
                _ => {}
            }
        }
        found
    }

    fn variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        let inline = |inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>| match inline
        {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, out);
            }
            _ => {}
        };
        match expression {
            ast::Expression::Inline(expression) => inline(expression, out),
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                for variant in variants {
                    variables(&variant.value, out);
                }
            }
        }
    }

    #[test]
    fn catalogues_parse_and_agree() {
        let english = messages(Language::English);
        let chinese = messages(Language::Chinese);
        assert!(english.len() > 100, "{}", english.len());
        let only = |a: &BTreeMap<_, _>, b: &BTreeMap<String, _>| -> Vec<String> {
            a.keys().filter(|k| !b.contains_key(*k)).cloned().collect()
        };
        assert_eq!(
            only(&english, &chinese),
            Vec::<String>::new(),
            "not in zh-CN"
        );
        assert_eq!(only(&chinese, &english), Vec::<String>::new(), "not in en");
        for (id, vars) in &english {
            assert_eq!(vars, &chinese[id], "{id}: the same variables in both");
        }
    }

    /// Every message the code asks for by its literal id is in the catalogues, and
    /// every game has its own messages.
    #[test]
    fn every_message_used_exists() {
        let english = messages(Language::English);
        let mut missing = Vec::new();
        let mut used = 0;
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src/app");
        for path in rust_files(std::path::Path::new(root)) {
            // This file is the machinery (its `tr!(` are its definition and tests).
            if path.ends_with("locale.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            for id in literal_ids(&text) {
                used += 1;
                if !english.contains_key(&id) {
                    missing.push(format!("{}: {id}", path.display()));
                }
            }
        }
        assert!(used > 80, "found only {used} uses of tr!");
        for game in crate::games::GAMES {
            for part in GAME_PARTS {
                let id = format!("{}-{part}", game.name());
                if !english.contains_key(&id) {
                    missing.push(id);
                }
            }
            // The labels of its settings' widgets.
            for setting in game.settings() {
                let mut ids = vec![setting.label];
                if let crate::rules::settings::Kind::Choice { choices, .. } = &setting.kind {
                    ids.extend(choices.iter().map(|choice| choice.label));
                }
                missing.extend(
                    ids.into_iter()
                        .filter(|id| !english.contains_key(*id))
                        .map(|id| format!("{} setting {}: {id}", game.name(), setting.key)),
                );
            }
        }
        assert_eq!(missing, Vec::<String>::new());
    }

    /// A game's messages are in its own file (`<tag>/<game>.ftl`), each id starting
    /// with its name, and the shared file has none of any game's: adding a game adds
    /// its files and grows no shared one. Both languages have the same files.
    #[test]
    fn each_game_has_its_own_catalogue_files() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales"));
        let names = |tag: &str| -> std::collections::BTreeSet<String> {
            std::fs::read_dir(root.join(tag))
                .expect("a catalogue folder")
                .map(|entry| {
                    entry
                        .expect("a file")
                        .file_name()
                        .to_string_lossy()
                        .into_owned()
                })
                .collect()
        };
        let english = names("en");
        assert_eq!(english, names("zh-CN"));
        let games: Vec<&str> = crate::games::GAMES.iter().map(|g| g.name()).collect();
        let mut expected: std::collections::BTreeSet<String> =
            games.iter().map(|g| format!("{g}.ftl")).collect();
        expected.insert("tabletop.ftl".to_owned());
        assert_eq!(english, expected);
        for tag in ["en", "zh-CN"] {
            for file in &english {
                let text = std::fs::read_to_string(root.join(tag).join(file)).expect("UTF-8");
                let resource = FluentResource::try_new(text).expect("a catalogue that parses");
                for entry in resource.entries() {
                    let ast::Entry::Message(message) = entry else {
                        continue;
                    };
                    let id = message.id.name;
                    let owner = games
                        .iter()
                        .find(|game| id.starts_with(&format!("{game}-")));
                    match file.strip_suffix(".ftl") {
                        Some("tabletop") => assert!(owner.is_none(), "{tag}/{file}: {id}"),
                        game => assert_eq!(owner.copied(), game, "{tag}/{file}: {id}"),
                    }
                }
            }
        }
    }

    /// What each game's messages must include (`Locale::game`, `Locale::side`).
    const GAME_PARTS: [&str; 6] = ["title", "blurb", "controls", "hint-mark", "first", "second"];

    fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir)
            .expect("a source directory")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                files.extend(rust_files(&path));
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
        files
    }

    /// The ids in `tr!(locale, "id"...)` calls and `.text("id")`.
    fn literal_ids(text: &str) -> Vec<String> {
        let mut ids = Vec::new();
        for (start, _) in text.match_indices("tr!(") {
            let rest = &text[start..];
            let Some(open) = rest.find('"') else { continue };
            // The id is the call's second argument, before its first `)`.
            if rest[..open].contains(')') {
                continue;
            }
            let after = &rest[open + 1..];
            if let Some(close) = after.find('"') {
                ids.push(after[..close].to_owned());
            }
        }
        ids
    }

    #[test]
    fn file_errors_and_refusals_speak_the_players_language() {
        use crate::app::files::parse_game;
        use crate::app::table::TableGame;
        use crate::rules::gomoku::{Foul, Gomoku, GomokuError, Point};
        let chinese = Locale::new(Language::Chinese);
        let english = Locale::english();
        let why = |locale: &Locale, text: &str| parse_game("x.txt", text, locale).unwrap_err();
        assert_eq!(
            why(english, "hello world\n"),
            "x.txt: line 1: unknown line 'hello'"
        );
        assert_eq!(
            why(&chinese, "hello world\n"),
            "x.txt：第 1 行：无法识别的行“hello”"
        );
        assert_eq!(why(&chinese, ""), "x.txt：这不是桌游的存档（没有 game 行）");
        let p = Point::new(7, 7);
        let forbidden = GomokuError::Forbidden(p, Foul::DoubleThree);
        assert_eq!(Gomoku::refusal(&forbidden, english), forbidden.to_string());
        assert_eq!(Gomoku::refusal(&forbidden, &chinese), "h8 是黑方禁手：三三");
    }

    #[test]
    fn languages_read_from_tags() {
        for (tag, language) in [
            ("zh-CN", Some(Language::Chinese)),
            ("zh_CN.UTF-8", Some(Language::Chinese)),
            ("zh-Hans-CN", Some(Language::Chinese)),
            ("en-US", Some(Language::English)),
            ("en", Some(Language::English)),
            ("fr-FR", None),
            ("C", None),
            ("", None),
        ] {
            assert_eq!(Language::from_tag(tag), language, "{tag}");
        }
        for language in Language::ALL {
            assert_eq!(Language::from_tag(language.tag()), Some(language));
        }
    }

    #[test]
    fn messages_take_variables_and_plurals() {
        let english = Locale::new(Language::English);
        assert_eq!(tr!(english, "moves-count", count = 1), "1 move");
        assert_eq!(tr!(english, "moves-count", count = 12), "12 moves");
        let chinese = Locale::new(Language::Chinese);
        assert_eq!(tr!(chinese, "moves-count", count = 12), "12 手");
        assert_eq!(chinese.side("gomoku", crate::rules::Player::First), "黑方");
        // A missing message shows its id rather than nothing.
        assert_eq!(english.text("no-such-message"), "no-such-message");
    }
}
