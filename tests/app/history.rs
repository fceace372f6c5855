//! Undo, redo, save and load in the running game.

use std::time::Duration;

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::app::Players;
use tabletop::app::files::FileNotice;
use tabletop::app::gomoku::board::BoardLayout;
use tabletop::app::table::{
    GameFileOpened, LoadRequested, Phase, RedoRequested, SaveRequested, UndoRequested,
    WalkRequested,
};
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::Player;
use tabletop::rules::gomoku::{BoardSize, Point};

use super::ai::run_until;
use super::{
    GomokuSettings, game, gomoku_setup, marker, phase, pieces, playing_app, playing_app_with,
    point, request, temp_dir,
};

fn snapshot(app: &mut App) -> (Vec<Point>, Vec<(Player, Point)>, Phase) {
    app.update();
    let stones = pieces(app)
        .iter()
        .map(|(p, at, _)| (p.owner, *at))
        .collect();
    (game(app).moves().to_vec(), stones, phase(app))
}

fn undo(app: &mut App) {
    app.world_mut().write_message(UndoRequested);
    app.update();
}

fn redo(app: &mut App) {
    app.world_mut().write_message(RedoRequested);
    app.update();
}

#[test]
fn undo_and_redo_restore_every_position_exactly() {
    let mut app = playing_app(GomokuSettings::default());
    let mut seen = vec![snapshot(&mut app)];
    for text in ["h8", "i9", "h9", "h10", "g8"] {
        request(&mut app, text);
        seen.push(snapshot(&mut app));
    }
    for expected in seen.iter().rev().skip(1) {
        undo(&mut app);
        assert_eq!(&snapshot(&mut app), expected);
    }
    assert_eq!(marker(&mut app).1, Visibility::Hidden);
    undo(&mut app); // nothing left: nothing happens
    assert_eq!(snapshot(&mut app), seen[0]);
    for expected in seen.iter().skip(1) {
        redo(&mut app);
        assert_eq!(&snapshot(&mut app), expected);
    }
    // A new move after an undo clears what could be redone.
    undo(&mut app);
    undo(&mut app);
    request(&mut app, "a1");
    assert!(!game(&app).can_redo());
    redo(&mut app);
    assert_eq!(game(&app).moves().len(), 4);
    assert_eq!(game(&app).last_move(), Some(point(&app, "a1")));
}

#[test]
fn against_an_ai_undo_takes_back_the_reply_and_the_move() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MIN),
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    request(&mut app, "h8");
    assert!(run_until(&mut app, Duration::from_secs(10), |app| game(
        app
    )
    .moves()
    .len()
        == 2));
    let after_one = snapshot(&mut app);
    request(&mut app, "a1");
    assert!(run_until(&mut app, Duration::from_secs(10), |app| game(
        app
    )
    .moves()
    .len()
        == 4));
    let after_two = snapshot(&mut app);

    undo(&mut app);
    assert_eq!(snapshot(&mut app), after_one);
    assert_eq!(
        phase(&app),
        Phase::ToMove(Player::First),
        "the person's turn again"
    );
    redo(&mut app);
    assert_eq!(snapshot(&mut app), after_two);
    undo(&mut app);
    undo(&mut app);
    assert!(game(&app).moves().is_empty());
    assert!(pieces(&mut app).is_empty());
}

/// Saves the game on `app`'s table to `path`, and checks the save said it worked.
fn save(app: &mut App, path: &std::path::Path) {
    app.world_mut().write_message(SaveRequested {
        path: path.to_owned(),
    });
    app.update();
    assert!(matches!(
        app.world().resource::<FileNotice>().0,
        Some(Ok(_))
    ));
}

#[test]
fn a_saved_game_loads_back_with_its_players() {
    let dir = temp_dir("history");
    let mut app = playing_app(GomokuSettings::default());
    for text in ["h8", "i9", "h9"] {
        request(&mut app, text);
    }
    let path = dir.path().join("round-trip.txt");
    save(&mut app, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("moves h8 i9 h9"), "{text}");

    // Another table: a 12x10 standard game between two AIs, paused.
    let other = gomoku_setup("12x10", "standard");
    let mut other_app = playing_app_with(
        other,
        Seats {
            first: PlayerKind::Ai(Level::MIN),
            second: PlayerKind::Ai(Level::MIN),
        },
    );
    other_app.insert_resource(tabletop::app::ai::AiPace {
        auto: false,
        delay: Duration::ZERO,
    });
    other_app.world_mut().write_message(LoadRequested { path });
    other_app.update();
    other_app.update();
    assert_eq!(snapshot(&mut other_app), snapshot(&mut app));
    assert_eq!(other_app.world().resource::<Players>().0, Seats::HOT_SEAT);
    assert_eq!(game(&other_app).size(), BoardSize::STANDARD);
    assert_eq!(
        other_app.world().resource::<BoardLayout>().size(),
        BoardSize::STANDARD,
        "the board was rebuilt for the loaded size"
    );
}

/// A path ending in `.psq` saves Gomocup's record, and a `.psq` record loads, on
/// another table, as the same game (hot seat: the format names no players); a broken
/// one changes nothing and names its line.
#[test]
fn a_gomocup_record_saves_and_loads_like_a_saved_game() {
    let dir = temp_dir("history");
    let mut app = playing_app(GomokuSettings::default());
    for text in ["h8", "a1", "o15"] {
        request(&mut app, text);
    }
    let path = dir.path().join("record.psq");
    save(&mut app, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,15,0\n15,1,0\n");

    let mut other_app = playing_app(GomokuSettings::default());
    request(&mut other_app, "c3");
    other_app.world_mut().write_message(LoadRequested { path });
    other_app.update();
    other_app.update();
    assert_eq!(snapshot(&mut other_app), snapshot(&mut app));
    assert_eq!(other_app.world().resource::<Players>().0, Seats::HOT_SEAT);

    let before = snapshot(&mut other_app);
    let broken = dir.path().join("broken.psq");
    std::fs::write(&broken, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n").unwrap();
    other_app
        .world_mut()
        .write_message(LoadRequested { path: broken });
    other_app.update();
    let notice = other_app.world().resource::<FileNotice>().0.clone();
    assert!(
        matches!(&notice, Some(Err(why)) if why.contains("line 3")),
        "{notice:?}"
    );
    assert_eq!(snapshot(&mut other_app), before);
}

#[test]
fn a_bad_file_leaves_the_game_untouched_and_says_why() {
    let dir = temp_dir("history");
    let mut app = playing_app(GomokuSettings::default());
    request(&mut app, "h8");
    let before = snapshot(&mut app);
    let head = "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite human\n";
    for (name, text, reason) in [
        ("garbage.txt", "\u{1}\u{2} not a game", "unknown line"),
        (
            "truncated.txt",
            "game gomoku\nsize 15x15\n",
            "missing 'rule' line",
        ),
        (
            "occupied.txt",
            &format!("{head}moves h8 h8\n") as &str,
            "already taken",
        ),
        (
            "off-board.txt",
            &format!("{head}moves h8 p9\n"),
            "off a board 15 wide",
        ),
        (
            "wrong-size.txt",
            &head.replace("15x15", "30x30"),
            "size '30x30': width 30 is outside 10..=20",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        app.world_mut().write_message(LoadRequested { path });
        app.update();
        let notice = app.world().resource::<FileNotice>().0.clone();
        let Some(Err(why)) = notice else {
            panic!("{name}: expected an error, got {notice:?}");
        };
        assert!(why.contains(reason), "{name}: {why}");
        assert_eq!(snapshot(&mut app), before, "{name} changed the game");
    }
    app.world_mut().write_message(LoadRequested {
        path: dir.path().join("does-not-exist.txt"),
    });
    app.update();
    assert!(
        matches!(&app.world().resource::<FileNotice>().0, Some(Err(why)) if why.contains("could not read"))
    );
    assert_eq!(snapshot(&mut app), before);
}

/// The browser's load: a file read by the page's file picker arrives as text and
/// loads exactly like a file on disk, with the same errors, named by its file name.
#[test]
fn a_file_picked_in_the_browser_loads_like_a_file_on_disk() {
    let mut app = playing_app(GomokuSettings::default());
    request(&mut app, "h8");
    let before = snapshot(&mut app);
    let head = "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite ai:2\n";
    app.world_mut().write_message(GameFileOpened {
        name: "picked.txt".to_owned(),
        text: format!("{head}moves h8 h8\n"),
    });
    app.update();
    let notice = app.world().resource::<FileNotice>().0.clone();
    assert!(
        matches!(&notice, Some(Err(why)) if why.starts_with("picked.txt: ") && why.contains("already taken")),
        "{notice:?}"
    );
    assert_eq!(snapshot(&mut app), before);

    app.world_mut().write_message(GameFileOpened {
        name: "picked.txt".to_owned(),
        // Black (a person) to move: the AI has nothing to do.
        text: format!("{head}moves j10 i9\n"),
    });
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<FileNotice>().0,
        Some(Ok("Loaded picked.txt (2 moves)".to_owned()))
    );
    assert_eq!(game(&app).moves(), [point(&app, "j10"), point(&app, "i9")]);
    assert_eq!(pieces(&mut app).len(), 2);
    assert_eq!(
        app.world().resource::<Players>().0.second,
        PlayerKind::Ai(Level::new(2).unwrap())
    );
}

#[test]
fn a_file_chosen_in_the_system_dialog_saves_and_loads() {
    let dir = temp_dir("history");
    use tabletop::app::files::SavePath;
    use tabletop::app::files::dialog::{DialogChoice, FileDialogs};
    let mut app = playing_app(GomokuSettings::default());
    for text in ["h8", "i9"] {
        request(&mut app, text);
    }
    let path = dir.path().join("dialog.txt");
    let _ = std::fs::remove_file(&path);
    let dialogs = app.world().resource::<FileDialogs>().clone();
    dialogs.choose(DialogChoice::Save(path.clone()));
    app.update();
    let text = std::fs::read_to_string(&path).expect("saved where the dialog said");
    assert!(text.contains("moves h8 i9"), "{text}");
    assert_eq!(
        app.world().resource::<SavePath>().0,
        path.display().to_string()
    );
    let saved = snapshot(&mut app);

    request(&mut app, "h9");
    dialogs.choose(DialogChoice::Load(path));
    app.update();
    app.update();
    assert_eq!(snapshot(&mut app), saved);

    // No dialog on this desktop: the HUD says to use the path field.
    dialogs.choose(DialogChoice::Unavailable);
    app.update();
    let notice = app.world().resource::<FileNotice>().0.clone();
    assert!(
        matches!(&notice, Some(Err(why)) if why.contains("path")),
        "{notice:?}"
    );
    assert_eq!(snapshot(&mut app), saved, "the game stays");
}

fn walk(app: &mut App, step: WalkRequested) {
    app.world_mut().write_message(step);
    app.update();
}

fn names(app: &App) -> Vec<String> {
    game(app).moves().iter().map(ToString::to_string).collect()
}

/// Playing another move after going back starts a variation; the arrows and the
/// move list walk the tree, redo follows the line last visited, a save keeps the
/// tree and the place on it byte for byte, and a variation can be promoted and
/// deleted.
#[test]
fn a_new_move_after_going_back_starts_a_variation_that_saves_and_loads() {
    let dir = temp_dir("history");
    let mut app = playing_app(GomokuSettings::default());
    for text in ["h8", "i9", "h9"] {
        request(&mut app, text);
    }
    undo(&mut app);
    undo(&mut app);
    request(&mut app, "i8");
    assert_eq!(names(&app), ["h8", "i8"]);
    let first = game(&app).tree().children(tabletop::tree::ROOT)[0];
    assert_eq!(
        game(&app).tree().children(first).len(),
        2,
        "both lines kept"
    );
    // Up: the variation before this one (the main line's i9); Right follows it.
    walk(&mut app, WalkRequested::Sibling { next: false });
    assert_eq!(names(&app), ["h8", "i9"]);
    walk(&mut app, WalkRequested::Forward);
    assert_eq!(names(&app), ["h8", "i9", "h9"]);
    walk(&mut app, WalkRequested::Back);
    walk(&mut app, WalkRequested::Sibling { next: true });
    assert_eq!(names(&app), ["h8", "i8"]);
    // Redo after undo goes back into the line last visited.
    undo(&mut app);
    redo(&mut app);
    assert_eq!(names(&app), ["h8", "i8"]);
    let i8 = game(&app).at();

    let path = dir.path().join("tree.txt");
    save(&mut app, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("at 2 2:1\nmoves h8 i9 (i8) h9\n"), "{text}");
    let mut other = playing_app(GomokuSettings::default());
    other
        .world_mut()
        .write_message(LoadRequested { path: path.clone() });
    other.update();
    other.update();
    assert_eq!(names(&other), ["h8", "i8"]);
    assert_eq!(game(&other).tree(), game(&app).tree());
    let again = dir.path().join("tree-again.txt");
    save(&mut other, &again);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);

    walk(&mut app, WalkRequested::Promote(i8));
    assert!(game(&app).tree().on_main_line(i8));
    let i9 = game(&app).tree().children(first)[1];
    walk(&mut app, WalkRequested::GoTo(i9));
    assert_eq!(names(&app), ["h8", "i9"]);
    walk(&mut app, WalkRequested::Delete(i9));
    assert_eq!(names(&app), ["h8"], "out of the deleted line");
    assert_eq!(game(&app).tree().children(first), [i8]);
}

/// Against an AI, going back through the moves does not make the AI play: it waits
/// until the line ends or it is asked.
#[test]
fn an_ai_waits_while_a_person_looks_back_through_the_moves() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MIN),
    };
    let mut app = playing_app_with(GomokuSettings::default(), seats);
    request(&mut app, "h8");
    assert!(run_until(&mut app, Duration::from_secs(10), |app| game(
        app
    )
    .moves()
    .len()
        == 2));
    walk(&mut app, WalkRequested::Back);
    assert_eq!(names(&app).len(), 1);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        names(&app).len(),
        1,
        "the AI waits at a move it has answered"
    );
    walk(&mut app, WalkRequested::Forward);
    assert_eq!(names(&app).len(), 2);
}

/// Pasted text opens as a load does: a move list on the game on the table, a saved
/// game with its players; what does not read says why in one line and changes
/// nothing. Ctrl+V does not also switch the analysis.
#[test]
fn a_paste_opens_a_game_and_a_bad_one_changes_nothing() {
    use tabletop::app::files::clipboard::TextPasted;
    let mut app = playing_app(GomokuSettings::default());
    request(&mut app, "a1");
    app.world_mut()
        .write_message(TextPasted("1. h8 i9 2. h10".to_owned()));
    app.update();
    app.update();
    assert_eq!(names(&app), ["h8", "i9", "h10"]);

    let before = snapshot(&mut app);
    for bad in ["h8 h8", "hello", "game chess\nmoves e4\n"] {
        app.world_mut().write_message(TextPasted(bad.to_owned()));
        app.update();
        app.update();
        let notice = app.world().resource::<FileNotice>().0.clone();
        assert!(
            matches!(&notice, Some(Err(why)) if !why.contains('\n')),
            "{bad}: {notice:?}"
        );
        assert_eq!(snapshot(&mut app), before, "{bad}");
    }

    let saved =
        "game gomoku\nsize 15x15\nrule freestyle\nblack human\nwhite ai:2\nmoves h8 (g7) i9\n";
    app.world_mut().write_message(TextPasted(saved.to_owned()));
    app.update();
    app.update();
    assert_eq!(names(&app), ["h8", "i9"]);
    assert_eq!(
        app.world().resource::<Players>().0.second,
        PlayerKind::Ai(Level::new(2).unwrap())
    );
    assert!(game(&app).tree().has_variations());

    // Ctrl+V is a paste, not the V of the analysis.
    let mut keys = ButtonInput::<KeyCode>::default();
    keys.press(KeyCode::ControlLeft);
    keys.press(KeyCode::KeyV);
    app.insert_resource(keys);
    app.update();
    let toggles = app
        .world()
        .resource::<Messages<tabletop::app::table::ToggleAnalysis>>()
        .iter_current_update_messages()
        .count();
    assert_eq!(toggles, 0);
}
