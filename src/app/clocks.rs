//! The game clocks in the app, for every game: the clock of the side to move runs
//! by the frames' time while it is its turn, and a flag that falls ends the game on
//! time; an AI under a clock thinks as long as the engines' one time policy allows
//! ([`move_budget`]). The clocks themselves are the game's (`CurrentGame::clocks`,
//! saved with it); the time control of new games is [`ClockSetting`].
//!
//! A clock stops while the game is not being played: in the menu, while someone
//! looks back through the moves or sets up a position, and while two AIs wait for
//! a step. In an online room the clocks are the server's: the table shows its
//! readings and runs the seat to act's between them, but only the server decides a
//! loss on time (docs/online.md).

use std::sync::atomic::Ordering::Relaxed;

use bevy::prelude::*;

use super::ai::{AiPace, AiPurpose, AiTask};
use super::table::{
    AppSystems, CurrentGame, GameSystems, MoveGate, MovePath, OnTable, Part, Phase, Players,
    TableGame,
};
use crate::ai::clock::move_budget;
use crate::app::locale::Locale;
use crate::record::PlayerKind;

pub use super::table::ClockSetting;

/// The clocks of game `G`, while it is on the table.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (run_clock::<G>, budget_ai::<G>)
            .chain()
            .in_set(AppSystems::ApplyMoves)
            .after(MovePath)
            .in_set(GameSystems(G::KIND, Part::MovePath))
            .run_if(in_state(OnTable(G::KIND))),
    );
}

/// Runs the clock of the side to move by the frame's time, while the game is
/// played; its flag falling ends the game.
fn run_clock<G: TableGame>(
    time: Res<Time>,
    phase: Res<State<Phase>>,
    players: Res<Players>,
    pace: Res<AiPace>,
    gate: Res<MoveGate>,
    mut game: ResMut<CurrentGame<G>>,
    mut next_phase: ResMut<NextState<Phase>>,
) {
    let Phase::ToMove(side) = *phase.get() else {
        return;
    };
    let waiting_for_a_step = matches!(players.get(side), PlayerKind::Ai(_)) && !pace.auto;
    if game.clocks().is_none() || game.editing() || game.browsing() || waiting_for_a_step {
        return;
    }
    if *gate == MoveGate::Remote {
        // The server's clocks start with the first move.
        if game.plies() > 0 {
            game.bypass_change_detection()
                .show_clock_running(time.delta());
        }
        return;
    }
    // The tick itself is no change of the game: views and the autosave follow moves.
    if game.bypass_change_detection().run_clock(time.delta()) {
        game.set_changed();
        info!(
            "{}: {} lost on time",
            G::KIND,
            Locale::english().side(G::NAME, side)
        );
        next_phase.set(Phase::Over);
    }
}

/// Stops an AI's search for a move once it has thought as long as its clock allows
/// ([`move_budget`]: a share of what was left when it started, with the increment);
/// the search answers with the best move it has.
fn budget_ai<G: TableGame>(
    time: Res<Time<Real>>,
    game: Res<CurrentGame<G>>,
    tasks: Query<&AiTask<G::Move>>,
) {
    let Some(clocks) = game.clocks() else {
        return;
    };
    let now = time.elapsed();
    for task in tasks.iter().filter(|t| t.purpose == AiPurpose::Play) {
        let thought = now.saturating_sub(task.started);
        let left_at_start = clocks.left(task.side) + thought;
        let budget = move_budget(None, Some(left_at_start), clocks.control().increment);
        if thought >= budget {
            task.stop_flag().store(true, Relaxed);
        }
    }
}
