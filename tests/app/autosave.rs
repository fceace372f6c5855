//! The files kept for the player. The autosave: the game on the table survives the
//! app's end at any moment, and a broken save never stops the game from starting.
//! The settings: they come back at the next start, and a broken file is skipped.

use tempfile::TempDir;

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::app::files::autosave::{Autosave, ContinueOffer};
use tabletop::app::files::preferences::Preferences;
use tabletop::app::sound::SoundSettings;
use tabletop::app::table::{GameSetup, RedoRequested, UndoRequested};
use tabletop::app::touch::TouchSettings;
use tabletop::app::{GameKind, Players, Screen};
use tabletop::record::{PlayerKind, SavedGame, Seats};
use tabletop::rules::gomoku::{Gomoku, Point};
use tabletop::rules::knucklebones::Knucklebones;

use super::{GomokuSettings, game, headless_app, request, table_app, temp_dir};

/// The menu's dice settings.
type KnucklebonesSettings = GameSetup<Knucklebones>;

/// The game with its autosave in `dir`, Gomoku on the table.
fn playing(dir: &TempDir, seats: Seats) -> App {
    table_app(GameKind::of::<Gomoku>(), seats, |app| {
        app.insert_resource(GomokuSettings::default())
            .insert_resource(Autosave::in_dir(dir.path()));
    })
}

/// A new start of the game with the autosave in `dir`, on the menu.
fn restart(dir: &TempDir) -> App {
    let mut app = headless_app();
    app.insert_resource(Autosave::in_dir(dir.path()));
    app.update();
    app
}

/// Continues the offered game, and runs a frame so that it is on the table.
fn accept(app: &mut App) {
    ContinueOffer::accept(app.world_mut());
    app.update();
    app.update();
}

fn moves(app: &App) -> Vec<Point> {
    game(app).moves().to_vec()
}

#[test]
fn a_game_stopped_after_any_move_or_undo_continues_exactly_there() {
    let dir = temp_dir("autosave-moves");
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Human,
    };
    let mut app = playing(&dir, seats);
    let mut steps: Vec<Box<dyn Fn(&mut App)>> = Vec::new();
    for text in ["h8", "i9", "h9", "h10"] {
        steps.push(Box::new(move |app: &mut App| request(app, text)));
    }
    steps.push(Box::new(|app: &mut App| {
        app.world_mut().write_message(UndoRequested);
        app.update();
    }));
    steps.push(Box::new(|app: &mut App| {
        app.world_mut().write_message(UndoRequested);
        app.update();
    }));
    steps.push(Box::new(|app: &mut App| {
        app.world_mut().write_message(RedoRequested);
        app.update();
    }));
    for step in &steps {
        step(&mut app);
        app.update();
        let expected = moves(&app);
        // The app ends here, as if the window closed: the next start continues.
        let mut next = restart(&dir);
        let offer = next.world().resource::<ContinueOffer>();
        let (saved, line) = offer.game.clone().expect("a game in progress is offered");
        assert_eq!(saved.game.plies(), expected.len());
        assert!(
            line.contains(&format!("{} moves", expected.len())),
            "{line}"
        );
        assert!(line.ends_with("Black person, White person"), "{line}");
        assert_eq!(
            *next.world().resource::<State<Screen>>().get(),
            Screen::Menu
        );
        accept(&mut next);
        assert_eq!(
            *next.world().resource::<State<Screen>>().get(),
            Screen::Playing
        );
        assert_eq!(moves(&next), expected);
        assert_eq!(next.world().resource::<Players>().0, seats);
    }
    // The file is the saved-game format, whole.
    let text = std::fs::read_to_string(dir.path().join("autosave.txt")).unwrap();
    assert!(SavedGame::from_text(&text).is_ok(), "{text}");
    assert!(!dir.path().join("autosave.txt.tmp").exists());
}

#[test]
fn a_game_stopped_while_the_ai_thinks_continues_with_the_ai_to_move() {
    let dir = temp_dir("autosave-thinking");
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MAX),
    };
    let mut app = playing(&dir, seats);
    request(&mut app, "h8");
    // Level 5 thinks for seconds: the app stops in the middle of it.
    app.update();
    assert_eq!(moves(&app).len(), 1, "the AI has not answered yet");
    let mut next = restart(&dir);
    accept(&mut next);
    assert_eq!(moves(&next), moves(&app));
    assert_eq!(next.world().resource::<Players>().0, seats);
}

#[test]
fn a_broken_autosave_is_set_aside_and_the_menu_says_so() {
    for (name, text) in [
        (
            "truncated",
            "# Tabletop saved game\ngame gomoku\nsize 15x15\nrule freestyle\nblack hum",
        ),
        ("garbled", "game gomoku\nsize 15x15\nmoves h8 h8\n"),
        ("binary", "\u{0}\u{1}\u{2}garbage"),
    ] {
        let dir = temp_dir(&format!("autosave-{name}"));
        std::fs::write(dir.path().join("autosave.txt"), text).unwrap();
        let app = restart(&dir);
        let offer = app.world().resource::<ContinueOffer>();
        assert!(offer.game.is_none(), "{name}");
        let notice = offer.notice.clone().expect("the menu says why");
        assert!(notice.contains("set aside"), "{name}: {notice}");
        assert!(!dir.path().join("autosave.txt").exists(), "{name}");
        let kept: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            kept.iter().any(|f| f.starts_with("autosave-broken-")),
            "{name}: {kept:?}"
        );
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    }
}

#[test]
fn a_finished_game_is_not_offered() {
    let dir = temp_dir("autosave-finished");
    let mut app = playing(&dir, Seats::HOT_SEAT);
    for text in ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"] {
        request(&mut app, text);
    }
    app.update();
    assert!(game(&app).is_over());
    assert!(dir.path().join("autosave.txt").exists());
    let next = restart(&dir);
    assert!(next.world().resource::<ContinueOffer>().game.is_none());
    assert!(next.world().resource::<ContinueOffer>().notice.is_none());
}

#[test]
fn without_an_autosave_resource_nothing_is_written() {
    // Tests and tools that do not ask for it never touch a player's save.
    let mut app = super::standard_app();
    request(&mut app, "h8");
    assert!(app.world().get_resource::<Autosave>().is_none());
}

/// A new start with the settings kept in `dir`, on the menu; and the lines skipped.
fn start_with_settings(dir: &TempDir) -> (App, Vec<String>) {
    let mut app = headless_app();
    let skipped = Preferences::in_dir(dir.path()).restore(app.world_mut());
    app.update();
    (app, skipped)
}

#[test]
fn the_settings_come_back_at_the_next_start() {
    let dir = temp_dir("autosave-settings");
    let (mut app, skipped) = start_with_settings(&dir);
    assert!(skipped.is_empty(), "no file is the defaults: {skipped:?}");
    assert_eq!(
        *app.world().resource::<SoundSettings>(),
        SoundSettings::default()
    );
    // The player chooses: quieter, muted, Knucklebones with a seed, P2 an AI 5.
    {
        let mut sound = app.world_mut().resource_mut::<SoundSettings>();
        sound.volume = 0.35;
        sound.muted = true;
    }
    // One tap plays a move on a touch screen.
    app.world_mut().resource_mut::<TouchSettings>().confirm = false;
    app.world_mut()
        .resource_mut::<NextState<GameKind>>()
        .set(GameKind::named("knucklebones").unwrap());
    app.world_mut().resource_mut::<Players>().second = PlayerKind::Ai(Level::new(5).unwrap());
    let set = app
        .world_mut()
        .resource_mut::<KnucklebonesSettings>()
        .set("seed", "42");
    set.unwrap().unwrap();
    let set = app
        .world_mut()
        .resource_mut::<GomokuSettings>()
        .set("size", "12x13");
    set.unwrap().unwrap();
    app.update();
    // The game settings are written when the menu is left.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app.update();
    drop(app);
    let text = std::fs::read_to_string(dir.path().join("settings.txt")).unwrap();
    for line in [
        "sound off",
        "volume 35",
        "taps direct",
        "game knucklebones",
        "second ai:5",
        "knucklebones seed 42",
        "gomoku size 12x13",
    ] {
        assert!(text.lines().any(|l| l == line), "'{line}' in\n{text}");
    }

    let (app, skipped) = start_with_settings(&dir);
    assert!(skipped.is_empty(), "{skipped:?}");
    let sound = *app.world().resource::<SoundSettings>();
    assert!(sound.muted);
    assert!((sound.volume - 0.35).abs() < 1e-6);
    assert!(!app.world().resource::<TouchSettings>().confirm);
    assert_eq!(
        *app.world().resource::<State<GameKind>>().get(),
        GameKind::named("knucklebones").unwrap()
    );
    assert_eq!(
        app.world().resource::<Players>().second,
        PlayerKind::Ai(Level::new(5).unwrap())
    );
    assert_eq!(
        app.world().resource::<KnucklebonesSettings>().get("seed"),
        Some("42")
    );
    assert_eq!(
        app.world().resource::<GomokuSettings>().get("size"),
        Some("12x13")
    );
}

#[test]
fn a_broken_settings_file_is_skipped_line_by_line_and_never_stops_a_start() {
    let dir = temp_dir("autosave-settings-broken");
    std::fs::write(
        dir.path().join("settings.txt"),
        "volume 250\nsound maybe\ngame chess\nfirst ai:9\ngomoku size 99x99\n\
         gomoku colour blue\nwhatever\n\u{0}\u{1}\nvolume 40\n",
    )
    .unwrap();
    let (app, skipped) = start_with_settings(&dir);
    assert_eq!(skipped.len(), 8, "{skipped:?}");
    // The good line still applies; the rest stays as it was.
    assert!((app.world().resource::<SoundSettings>().volume - 0.4).abs() < 1e-6);
    assert_eq!(
        *app.world().resource::<GomokuSettings>(),
        GomokuSettings::default()
    );
    assert_eq!(app.world().resource::<Players>().0, Seats::default());
    // Not text at all: the defaults.
    std::fs::write(dir.path().join("settings.txt"), [0xff, 0xfe, 0x00]).unwrap();
    let (app, skipped) = start_with_settings(&dir);
    assert_eq!(skipped.len(), 1);
    assert_eq!(
        *app.world().resource::<SoundSettings>(),
        SoundSettings::default()
    );
}
