//! The conformance suite every game's rules must pass, written once over [`Game`].
//!
//! [`check`] plays random games from a start position and checks at every step what
//! the rest of the code relies on: every legal move is accepted and applies, moves
//! that are not legal are refused with the position unchanged, undo restores the
//! position exactly, the outcome agrees with the winning line, and moves and
//! positions read back from their text. [`check_settings`] checks a game's settings
//! schema the same way. The registry runs both for every game (`crate::games`),
//! together with the saved-game round trip.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use super::settings::{Kind, Setting, Settings, Setup, split_size};
use super::{Game, Outcome, Player};

/// Checks `G`'s settings schema ([`Game::SETTINGS`]): keys are distinct lowercase
/// words that are no side's key, every default is one of the setting's values, and
/// every value (each of [`Setting::examples`]) round-trips: as a flag or the menu
/// writes it, it reads back as itself; a new game set up with it is played with it
/// (a [`RANDOM`](super::settings::RANDOM) value with one value drawn, `seed` the
/// draws); and the values that game writes into a file give back the same game.
pub fn check_settings<G: Game>(seed: u64) -> Result<(), String> {
    let name = G::NAME;
    let schema = G::SETTINGS;
    let mut rng = StdRng::seed_from_u64(seed);
    for (i, setting) in schema.iter().enumerate() {
        let key = setting.key;
        let word = !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
        if !word || G::SIDE_KEYS.contains(&key) || ["game", "moves"].contains(&key) {
            return Err(format!("{name}: '{key}' cannot be a setting's key"));
        }
        if schema[..i].iter().any(|other| other.key == key) {
            return Err(format!("{name}: two settings called '{key}'"));
        }
        match setting.read(setting.default) {
            Ok(value) if value == setting.default => {}
            other => return Err(format!("{name}: {key}'s default reads as {other:?}")),
        }
        for value in setting.examples() {
            check_value::<G>(i, &value, &mut rng)
                .map_err(|why| format!("{name}: {key} {value}: {why}"))?;
        }
    }
    Ok(())
}

/// One value of setting `i` of `G` through the flag, the menu, a new game and a file.
fn check_value<G: Game>(i: usize, value: &str, rng: &mut StdRng) -> Result<(), String> {
    let setting = &G::SETTINGS[i];
    if setting.read(value).as_deref() != Ok(value) {
        return Err("does not read back as itself".to_owned());
    }
    // The menu's two sliders write a size from its sides.
    if let Kind::Size { .. } = setting.kind {
        let (width, height) = split_size(value).ok_or("not two sides")?;
        if format!("{width}x{height}") != value {
            return Err("its sides do not give it back".to_owned());
        }
    }
    let mut setup = Setup::defaults(G::SETTINGS);
    setup
        .set(setting.key, value)
        .ok_or("not in the setup")?
        .map_err(|e| e.to_string())?;
    let game = G::new_game(&setup, rng).map_err(|e| format!("no game: {e}"))?;
    let played = game.settings();
    if played.len() != G::SETTINGS.len() {
        return Err(format!(
            "the game writes {} values, not one per setting",
            played.len()
        ));
    }
    if !Setting::is_random(value) && played[i] != value {
        return Err(format!("the game is played with '{}'", played[i]));
    }
    for (setting, played) in G::SETTINGS.iter().zip(&played) {
        if setting.read_played(played).as_deref() != Ok(played.as_str()) {
            return Err(format!(
                "the game writes {} '{played}', which a file refuses",
                setting.key
            ));
        }
    }
    let back = G::from_settings(&Settings::of(G::SETTINGS, &played))
        .map_err(|e| format!("the file's settings do not read: {e}"))?;
    if back != game {
        return Err("the file's settings give another game".to_owned());
    }
    Ok(())
}

/// Plays `playouts` random games from `start` (random moves drawn from `seed`),
/// checking the rules' contract at every step. The error names the playout, the
/// moves so far and what broke.
pub fn check<G: Game>(start: &G, playouts: u32, seed: u64) -> Result<(), String> {
    let mut rng = StdRng::seed_from_u64(seed);
    for playout in 0..playouts {
        let mut game = start.clone();
        // Moves once legal in this playout: after they are played (or the game ends)
        // they make good candidates for illegal ones.
        let mut seen: Vec<G::Move> = Vec::new();
        let mut steps = 0;
        loop {
            let after = moves_text(&game);
            let at =
                |what: String| format!("{}: playout {playout}, after {after}: {what}", G::NAME);
            step_checks(&game, &seen).map_err(at)?;
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            for &mv in &legal {
                if !seen.contains(&mv) {
                    seen.push(mv);
                }
            }
            let &mv = legal.choose(&mut rng).expect("not empty");
            // Undo restores exactly, then the move is played for good.
            let before = game.clone();
            game.play(mv)
                .map_err(|e| at(format!("legal move {mv} refused: {e}")))?;
            if rng.random_bool(0.3) {
                let undone = game.undo();
                if undone != Some(mv) || game != before {
                    return Err(at(format!(
                        "undo after {mv} gave {undone:?} and did not restore the position"
                    )));
                }
                game.play(mv)
                    .map_err(|e| at(format!("{mv} refused after an undo: {e}")))?;
            }
            steps += 1;
            if steps > 10_000 {
                return Err(at("no end after 10,000 moves".to_owned()));
            }
        }
        // The finished game unwinds move by move to the start.
        let mut unwound = game.clone();
        while unwound.plies() > start.plies() {
            unwound
                .undo()
                .ok_or_else(|| format!("{}: undo failed before the start", G::NAME))?;
        }
        if unwound != *start {
            return Err(format!(
                "{}: playout {playout}: undoing every move did not give back the start",
                G::NAME
            ));
        }
    }
    Ok(())
}

/// The checks of one position: legal moves agree with `check`, the `seen` moves that
/// are not legal are refused without a change, outcome and winning line agree, and
/// notation and position text read back.
fn step_checks<G: Game>(game: &G, seen: &[G::Move]) -> Result<(), String> {
    let legal = game.legal_moves();
    if legal.is_empty() != game.is_over() {
        return Err(format!(
            "{} legal moves but is_over is {}",
            legal.len(),
            game.is_over()
        ));
    }
    if game.is_over() != game.outcome().is_some() {
        return Err("is_over and outcome disagree".to_owned());
    }
    for &mv in &legal {
        game.check(mv)
            .map_err(|e| format!("legal move {mv} fails check: {e}"))?;
    }
    for &mv in seen.iter().filter(|mv| !legal.contains(mv)) {
        if game.check(mv).is_ok() {
            return Err(format!("{mv} is not legal but passes check"));
        }
        let mut tried = game.clone();
        if tried.play(mv).is_ok() || tried != *game {
            return Err(format!("{mv} is not legal but play changed the game"));
        }
    }
    for mv in game.history() {
        match game.parse_move(&mv.to_string()) {
            Ok(back) if back == mv => {}
            other => return Err(format!("move {mv} reads back as {other:?}")),
        }
    }
    if game.parse_move("no such move").is_ok() {
        return Err("'no such move' reads as a move".to_owned());
    }
    check_winning_line(game)?;
    if !game.is_over() && !game.in_opening() {
        check_setup(game, &legal)?;
        let text = game.position_text();
        let back = G::from_position(&text).map_err(|e| format!("'{text}' does not read: {e}"))?;
        if back.position_text() != text
            || back.side_to_move() != game.side_to_move()
            || back.legal_moves() != legal
        {
            return Err(format!("position '{text}' does not read back the same"));
        }
    }
    Ok(())
}

/// A game going on, set up by hand ([`Game::to_setup`]), is the same position without
/// its moves, which no game refuses, and its set-up text reads back as itself.
fn check_setup<G: Game>(game: &G, legal: &[G::Move]) -> Result<(), String> {
    let setup = game.to_setup();
    if setup.plies() != 0
        || setup.side_to_move() != game.side_to_move()
        || setup.legal_moves() != legal
        || setup.outcome() != game.outcome()
    {
        return Err("the position as a set-up one is another position".to_owned());
    }
    if let Some(why) = setup.setup_error() {
        return Err(format!("the position as a set-up one is refused: {why}"));
    }
    if let Some(text) = setup.setup_text() {
        let back = setup
            .set_up(&text)
            .map_err(|e| format!("set-up '{text}' does not read: {e}"))?;
        if back != setup {
            return Err(format!("set-up '{text}' does not read back the same"));
        }
    }
    Ok(())
}

/// A winning line belongs to the winner and holds the move that completed it.
fn check_winning_line<G: Game>(game: &G) -> Result<(), String> {
    let line = game.winning_line();
    if line.is_empty() {
        return Ok(());
    }
    let Some(Outcome::Win(winner)) = game.outcome() else {
        return Err(format!(
            "a winning line {line:?} but outcome {:?}",
            game.outcome()
        ));
    };
    let history = game.history();
    let owner = |mv: G::Move| -> Option<Player> {
        // Replay from the first position of the history to see who played `mv`.
        let mut replay = game.clone();
        for _ in 0..history.len() {
            replay.undo();
        }
        for &played in &history {
            let side = replay.side_to_move();
            if played == mv {
                return Some(side);
            }
            replay.play(played).ok()?;
        }
        None
    };
    if let Some(&mv) = line.iter().find(|&&mv| owner(mv) != Some(winner)) {
        return Err(format!("winning line holds {mv}, not the winner's"));
    }
    if history.last().is_some_and(|last| !line.contains(last)) {
        return Err("the last move is not on the winning line".to_owned());
    }
    Ok(())
}

/// `h8 i9 h9` for error messages.
fn moves_text<G: Game>(game: &G) -> String {
    let moves: Vec<String> = game.history().iter().map(ToString::to_string).collect();
    if moves.is_empty() {
        "no moves".to_owned()
    } else {
        moves.join(" ")
    }
}
