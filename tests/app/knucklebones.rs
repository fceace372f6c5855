//! Knucklebones on the table: keys, clicks and AI replies place dice, matching dice
//! are knocked out, full columns are refused, undo lays the trays out again.

use std::time::Duration;

use bevy::prelude::*;
use tabletop::ai::Level;
use tabletop::app::GameKind;
use tabletop::app::knucklebones::motion::KnockedOut;
use tabletop::app::knucklebones::view::{DICE_KNOCKED, DICE_LAND, DICE_ROLL};
use tabletop::app::knucklebones::view::{RolledDie, TrayDie};
use tabletop::app::knucklebones::{CurrentGame, MoveRequested};
use tabletop::app::table::{GameSetup, Phase, UndoRequested};
use tabletop::record::{PlayerKind, Seats};
use tabletop::rules::Player;
use tabletop::rules::knucklebones::{Column, Knucklebones, roll};

use super::ai::run_until;
use super::{click, count, phase, table_app};

fn app(seed: u64, seats: Seats) -> App {
    table_app(GameKind::of::<Knucklebones>(), seats, |app| {
        let mut setup = GameSetup::<Knucklebones>::default();
        setup.set("seed", &seed.to_string()).unwrap().unwrap();
        setup.set("starts", "p1").unwrap().unwrap();
        app.insert_resource(setup);
    })
}

fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

fn column(n: usize) -> Column {
    Column::new(n).unwrap()
}

fn tray_dice(app: &mut App) -> Vec<TrayDie> {
    let mut query = app.world_mut().query::<&TrayDie>();
    let mut found: Vec<_> = query.iter(app.world()).copied().collect();
    found.sort_by_key(|d| (d.owner.index(), d.column, d.slot));
    found
}

fn rolled(app: &mut App) -> Vec<RolledDie> {
    let mut query = app.world_mut().query::<&RolledDie>();
    query.iter(app.world()).copied().collect()
}

fn request(app: &mut App, n: usize) {
    let generation = game(app).generation();
    app.world_mut()
        .write_message(MoveRequested::new(column(n), generation));
    app.update();
}

/// The dice on the table match the trays of the game, slot by slot.
fn assert_view_matches_game(app: &mut App) {
    let mut expected = Vec::new();
    for owner in Player::BOTH {
        for c in Column::ALL {
            for (slot, &value) in game(app).tray(owner).column(c).iter().enumerate() {
                expected.push(TrayDie {
                    owner,
                    column: c,
                    slot,
                    value,
                });
            }
        }
    }
    assert_eq!(tray_dice(app), expected);
}

#[test]
fn the_seeded_die_is_rolled_and_a_key_places_it() {
    let mut app = app(42, Seats::HOT_SEAT);
    let first = roll(42, 0);
    assert_eq!(game(&app).die(), first);
    assert_eq!(
        rolled(&mut app),
        [RolledDie {
            owner: Player::First,
            value: first
        }]
    );
    let mut keys = ButtonInput::<KeyCode>::default();
    keys.press(KeyCode::Digit2);
    app.insert_resource(keys);
    app.update();
    app.world_mut().remove_resource::<ButtonInput<KeyCode>>();
    assert_eq!(
        tray_dice(&mut app),
        [TrayDie {
            owner: Player::First,
            column: column(1),
            slot: 0,
            value: first
        }]
    );
    // The next die is Player 2's, from the same seed.
    assert_eq!(
        rolled(&mut app),
        [RolledDie {
            owner: Player::Second,
            value: roll(42, 1)
        }]
    );
    app.update();
    assert_eq!(phase(&app), Phase::ToMove(Player::Second));
}

#[test]
fn a_click_on_a_column_places_the_die_there() {
    let mut app = app(7, Seats::HOT_SEAT);
    click::<Knucklebones>(&mut app, column(2));
    let dice = tray_dice(&mut app);
    assert_eq!(dice.len(), 1);
    assert_eq!((dice[0].owner, dice[0].column), (Player::First, column(2)));
}

#[test]
fn a_matching_die_knocks_the_opponents_out() {
    // A seed whose first two dice are equal: Player 2's die removes Player 1's.
    let seed = (0..).find(|&s| roll(s, 0) == roll(s, 1)).unwrap();
    let mut app = app(seed, Seats::HOT_SEAT);
    super::sound::listen(&mut app);
    request(&mut app, 0);
    request(&mut app, 0);
    assert!(game(&app).tray(Player::First).column(column(0)).is_empty());
    assert_eq!(count::<With<KnockedOut>>(&mut app), 1);
    // The first die rolls and lands; each move puts it in its slot and rolls the
    // next; the second knocks one out.
    assert_eq!(
        super::sound::heard(&app),
        [
            DICE_ROLL,
            DICE_LAND,
            DICE_LAND,
            DICE_ROLL,
            DICE_LAND,
            DICE_LAND,
            DICE_KNOCKED,
            DICE_ROLL,
            DICE_LAND
        ]
    );
    assert_view_matches_game(&mut app);
    // The knocked-out die flies off and is gone.
    assert!(run_until(&mut app, Duration::from_secs(5), |app| {
        count::<With<KnockedOut>>(app) == 0
    }));
}

#[test]
fn a_full_column_is_refused_and_undo_lays_the_trays_out_again() {
    let mut app = app(3, Seats::HOT_SEAT);
    // Player 1 fills column 1 while Player 2 plays column 3: only a die placed in
    // column 1 can remove dice from column 1, so Player 1's column fills.
    for _ in 0..3 {
        request(&mut app, 0);
        request(&mut app, 2);
    }
    assert_eq!(game(&app).tray(Player::First).column(column(0)).len(), 3);
    let before = game(&app).clone();
    request(&mut app, 0);
    assert_eq!(
        game(&app).placements(),
        before.placements(),
        "full column refused"
    );
    assert_eq!(game(&app).generation(), before.generation());
    assert_view_matches_game(&mut app);
    app.world_mut().write_message(UndoRequested);
    app.update();
    app.update();
    assert_eq!(game(&app).placements().len(), 5);
    assert_view_matches_game(&mut app);
    assert_eq!(rolled(&mut app).len(), 1);
}

#[test]
fn an_ai_reply_places_a_die_for_its_side() {
    let seats = Seats {
        first: PlayerKind::Human,
        second: PlayerKind::Ai(Level::MAX),
    };
    let mut app = app(11, seats);
    request(&mut app, 1);
    assert!(run_until(&mut app, Duration::from_secs(10), |app| {
        game(app).placements().len() == 2
    }));
    app.update();
    assert_view_matches_game(&mut app);
    assert_eq!(game(&app).placements()[1].player, Player::Second);
    assert_eq!(phase(&app), Phase::ToMove(Player::First));
}
