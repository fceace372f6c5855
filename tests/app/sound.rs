//! The table's sounds: each game asks for its cues when its pieces land, a finished
//! game for a win or a draw, and M mutes. (Playing them needs the `sound` feature
//! and a sound card; what is asked for is the same with or without.)

use bevy::prelude::*;
use tabletop::app::GameKind;
use tabletop::app::sound::{Cue, PlaySound, SoundSettings};
use tabletop::app::tictactoe::view::PIECE;
use tabletop::app::tictactoe::{CurrentGame, MoveRequested};
use tabletop::record::Seats;
use tabletop::rules::tictactoe::{Cell, TicTacToe};

use super::table_app;

/// Every cue asked for since the app was made (with [`listen`]).
#[derive(Resource, Default)]
pub(super) struct Heard(pub Vec<PlaySound>);

/// Starts recording the cues `app` asks for.
pub(super) fn listen(app: &mut App) {
    app.init_resource::<Heard>().add_systems(
        Last,
        |mut asked: MessageReader<PlaySound>, mut heard: ResMut<Heard>| {
            heard.0.extend(asked.read().copied());
        },
    );
}

/// The cues asked for so far, in order.
pub(super) fn heard(app: &App) -> Vec<Cue> {
    app.world()
        .resource::<Heard>()
        .0
        .iter()
        .map(|s| s.cue)
        .collect()
}

fn play(app: &mut App, at: &str) {
    let generation = app.world().resource::<CurrentGame>().generation();
    let cell = Cell::parse(at).unwrap();
    app.world_mut()
        .write_message(MoveRequested::new(cell, generation));
    app.update();
    app.update();
}

#[test]
fn each_piece_clicks_once_as_it_lands_and_a_draw_sounds_at_the_end() {
    let mut app = table_app(GameKind::of::<TicTacToe>(), Seats::HOT_SEAT, listen);
    play(&mut app, "a1");
    let asked = app.world().resource::<Heard>().0.clone();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].cue, PIECE);
    assert!(asked[0].delay > 0.0, "with the piece's landing, not before");
    for at in ["b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"] {
        play(&mut app, at);
    }
    // The draw is asked for in the frame of the last piece (in either order), to
    // sound after it lands.
    let cues = heard(&app);
    assert_eq!(cues.len(), 10);
    assert_eq!(cues[..8], [PIECE; 8]);
    let asked = &app.world().resource::<Heard>().0;
    let last = |cue| asked[8..].iter().find(|s| s.cue == cue).expect("asked for");
    assert!(last(Cue::DRAW).delay > last(PIECE).delay);
}

#[test]
fn m_mutes_and_unmutes() {
    let mut app = table_app(GameKind::of::<TicTacToe>(), Seats::HOT_SEAT, |_| {});
    let press = |app: &mut App| {
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::KeyM);
        app.insert_resource(keys);
        app.update();
        app.world().resource::<SoundSettings>().muted
    };
    assert!(!app.world().resource::<SoundSettings>().muted);
    assert!(press(&mut app));
    assert_eq!(app.world().resource::<SoundSettings>().gain(), 0.0);
    assert!(!press(&mut app));
    assert!(app.world().resource::<SoundSettings>().gain() > 0.0);
}
