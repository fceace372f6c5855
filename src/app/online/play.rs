//! The game on the table follows its room: the server's moves are played through the
//! move path's referee gate, its takebacks taken back, and after each the table's
//! game is checked against the server's hash (a difference asks for the room's state
//! again). The moves made here (clicks, keys, the AI playing this seat) go to the
//! server as proposals.

use bevy::prelude::*;

use super::link::OnlineLink;
use super::{GameFrames, OnlineRoom, follow_room};
use std::time::Duration;

use crate::app::table::{
    AppSystems, CurrentGame, MoveAccepted, MoveProposed, MovesTakenBack, OnTable, Phase, TableGame,
};
use crate::games::state_hash;
use crate::online::protocol::{ClientFrame, EndReason, ServerFrame, Winner};
use crate::rules::Player;

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (
            follow_game::<G>
                .in_set(AppSystems::RecordInput)
                .after(follow_room),
            (propose::<G>, check_hash::<G>, follow_clocks::<G>).in_set(AppSystems::SyncView),
        )
            .run_if(in_state(OnTable(G::KIND)).and_then(resource_exists::<OnlineRoom>)),
    );
}

/// The room's moves and takebacks, for the move path to play.
fn follow_game<G: TableGame>(
    mut frames: ResMut<GameFrames>,
    game: Res<CurrentGame<G>>,
    mut room: ResMut<OnlineRoom>,
    mut link: ResMut<OnlineLink>,
    mut accepted: MessageWriter<MoveAccepted<G>>,
    mut taken_back: MessageWriter<MovesTakenBack>,
) {
    // The frames of another game (one still coming on the table) wait for it.
    if room.game.as_deref() != Some(G::NAME) || frames.0.is_empty() {
        return;
    }
    for frame in std::mem::take(&mut frames.0) {
        match frame {
            ServerFrame::Moved {
                seq,
                mv,
                by,
                chance,
                hash,
                clocks,
            } => {
                room.clock_readings = clocks;
                match game.parse_move(&mv) {
                    Ok(mv) => {
                        accepted.write(MoveAccepted { mv, chance });
                    }
                    Err(why) => {
                        warn!("the room's move '{mv}' does not read here: {why}");
                        link.resync();
                    }
                }
                if room.you == Some(by) {
                    room.unanswered = None;
                }
                room.seq = seq;
                room.expected_hash = Some(hash);
            }
            ServerFrame::TakenBack { seq, plies, hash } => {
                taken_back.write(MovesTakenBack { plies });
                room.seq = seq;
                room.takeback = None;
                room.expected_hash = Some(hash);
            }
            _ => {}
        }
    }
}

/// The moves made here go to the server; the table plays them when it accepts them.
fn propose<G: TableGame>(
    mut proposed: MessageReader<MoveProposed<G>>,
    mut room: ResMut<OnlineRoom>,
    mut link: ResMut<OnlineLink>,
) {
    for MoveProposed { mv } in proposed.read() {
        // One move in flight at a time (a double click is one move).
        if room.you.is_none() || room.unanswered.is_some() {
            continue;
        }
        let mv = mv.to_string();
        room.unanswered = Some((room.seq, mv.clone()));
        room.notice = None;
        link.send(ClientFrame::Move { seq: room.seq, mv });
    }
}

/// A timed room's clocks on the table: the server's readings after each move (once
/// the table has played it), and its loss on time.
fn follow_clocks<G: TableGame>(
    mut game: ResMut<CurrentGame<G>>,
    mut room: ResMut<OnlineRoom>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if let Some(left) = room.clock_readings.take() {
        game.set_clock_readings(left.map(Duration::from_millis));
    }
    if let Some((winner, EndReason::Time)) = room.result
        && game.flagged().is_none()
        && game.clocks().is_some()
    {
        let loser = match winner {
            Winner::First => Player::Second,
            _ => Player::First,
        };
        game.lose_on_time(loser);
        phase.set(Phase::Over);
    }
}

/// After the room's changes are played, the table's game must be the server's.
fn check_hash<G: TableGame>(
    game: Res<CurrentGame<G>>,
    mut room: ResMut<OnlineRoom>,
    mut link: ResMut<OnlineLink>,
) {
    let Some(expected) = room.expected_hash.take() else {
        return;
    };
    let here = state_hash(&**game);
    if here != expected {
        warn!("the game here ({here}) is not the room's ({expected}): asking for it again");
        link.resync();
    }
}
