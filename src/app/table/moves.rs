//! The move path of each game: the game comes on the table, moves are checked and
//! applied, undone and redone, and the phase follows.

use bevy::prelude::*;

use super::messages::analysis_key;
use super::messages::{MoveAccepted, MoveGate, MoveProposed, MovesTakenBack};
use super::{
    AppSystems, ClockSetting, CurrentGame, EditPosition, EditRequested, EditTools, GameFileOpened,
    GameKind, GameSetup, GameSystems, LoadRequested, MoveApplied, MoveRequested, NewGameRequested,
    OnTable, Part, PendingGame, Phase, Players, RedoRequested, SaveRequested, Screen, TableGame,
    ToggleAnalysis, UndoRequested, WalkRequested, seat_label,
};
use crate::app::locale::Locale;
use crate::rules::Player;

/// The move path's systems of every game, in `AppSystems::ApplyMoves`; what changes
/// the game on the table from outside (loading a file) runs before it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MovePath;

/// Why the last move asked for was refused (an occupied point, a full column,
/// renju's forbidden point), for the HUD; cleared when the game on the table changes.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct RefusedMove(pub Option<String>);

/// Answers that came too late: AI searches and move requests dropped because the
/// position changed (a move, undo, redo, new game or load) after they were started.
/// Diagnostics for the soak test and the logs: none of them ever reaches the table.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct StaleAnswers {
    /// AI searches for an older position, stopped and despawned.
    pub tasks: u64,
    /// Move requests chosen for an older position.
    pub moves: u64,
}

/// What every game shares: the states, the frame's order, the requests the HUD and
/// keys write.
pub(crate) fn shared_plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_state::<GameKind>()
        .add_computed_state::<OnTable>()
        .add_sub_state::<Phase>()
        .init_resource::<Players>()
        .init_resource::<RefusedMove>()
        .init_resource::<StaleAnswers>()
        .init_resource::<MoveGate>()
        .add_message::<MovesTakenBack>()
        .configure_sets(
            Update,
            (
                AppSystems::RecordInput,
                AppSystems::ApplyMoves,
                AppSystems::SyncView,
            )
                .chain(),
        )
        .configure_sets(Update, MovePath.in_set(AppSystems::ApplyMoves))
        .add_message::<NewGameRequested>()
        .add_message::<UndoRequested>()
        .add_message::<RedoRequested>()
        .add_message::<WalkRequested>()
        .add_message::<SaveRequested>()
        .add_message::<LoadRequested>()
        .add_message::<GameFileOpened>()
        .add_message::<ToggleAnalysis>()
        .add_message::<EditRequested>()
        .init_resource::<EditTools>()
        .init_resource::<ClockSetting>()
        .add_systems(
            Update,
            analysis_key
                .in_set(AppSystems::RecordInput)
                .run_if(in_state(Screen::Playing)),
        );
}

/// The move path of game `G`, active while `G` is on the table.
pub(crate) fn plugin<G: TableGame>(app: &mut App) {
    let on_table = OnTable(G::KIND);
    // The resource is always there (views' run conditions read it); a game is set
    // up on it each time `G` comes on the table.
    let setup = GameSetup::<G>::default();
    let placeholder = setup.new_game();
    app.insert_resource(setup)
        .insert_resource(CurrentGame::new(placeholder))
        .add_message::<MoveRequested<G>>()
        .add_message::<MoveApplied<G>>()
        .add_message::<MoveProposed<G>>()
        .add_message::<MoveAccepted<G>>()
        .add_message::<EditPosition<G>>()
        .add_systems(OnEnter(on_table), start_game::<G>)
        .add_systems(
            Update,
            (
                take_pending::<G>.run_if(resource_exists::<PendingGame<G>>),
                restart_game::<G>,
                take_back::<G>,
                walk_tree::<G>,
                edit_position::<G>,
                forget_refusal.run_if(resource_changed::<CurrentGame<G>>),
                apply_moves::<G>,
                (check_for_end::<G>, switch_turn::<G>),
            )
                .chain()
                .in_set(MovePath)
                .in_set(GameSystems(G::KIND, Part::MovePath))
                .run_if(in_state(on_table)),
        );
}

/// Sets up the position when the game comes on the table: the pending (loaded) game
/// if there is one, else a new game from the menu's settings.
pub(crate) fn start_game<G: TableGame>(
    mut commands: Commands,
    mut setup: ResMut<GameSetup<G>>,
    pending: Option<Res<PendingGame<G>>>,
    mut current: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
    players: Res<Players>,
    clock: Res<ClockSetting>,
) {
    let (game, tree, clocks) = match pending {
        Some(pending) => {
            commands.remove_resource::<PendingGame<G>>();
            setup.adopt(&pending.0);
            (pending.0.clone(), pending.1.clone(), Err(pending.2.clone()))
        }
        None => (setup.new_game(), None, Ok(clock.0)),
    };
    let english = Locale::english();
    info!(
        "{} on the table ({}): {} against {}",
        G::KIND,
        game.describe(english),
        seat_label(&game, &players, Player::First, english),
        seat_label(&game, &players, Player::Second, english)
    );
    // Replacing bumps the generation: answers for the last game stay stale.
    match tree {
        Some((tree, at)) => current.replace_with_tree(game, tree, at),
        None => current.replace(game),
    }
    // A new game gets the menu's clocks, a loaded one its own.
    match clocks {
        Ok(control) => current.start_clocks(control),
        Err(saved) => current.restore_clocks(saved),
    }
    phase.set(Phase::of_table(&current));
}

/// A game loaded while this game is on the table replaces it.
pub(crate) fn take_pending<G: TableGame>(
    mut commands: Commands,
    pending: Res<PendingGame<G>>,
    mut setup: ResMut<GameSetup<G>>,
    mut game: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    commands.remove_resource::<PendingGame<G>>();
    setup.adopt(&pending.0);
    match &pending.1 {
        Some((tree, at)) => game.replace_with_tree(pending.0.clone(), tree.clone(), *at),
        None => game.replace(pending.0.clone()),
    }
    game.restore_clocks(pending.2.clone());
    phase.set(Phase::of_table(&game));
}

/// New game: a new game with the same settings; the view clears itself. (With a
/// referee, a new game is its to start.)
pub(crate) fn restart_game<G: TableGame>(
    mut requests: MessageReader<NewGameRequested>,
    setup: Res<GameSetup<G>>,
    gate: Res<MoveGate>,
    clock: Res<ClockSetting>,
    mut game: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if requests.read().count() == 0 || *gate == MoveGate::Remote {
        return;
    }
    game.replace(setup.new_game());
    game.start_clocks(clock.0);
    phase.set(Phase::of_table(&game));
}

/// Undo and redo. With a person and an AI, one request takes back (or replays) the
/// AI's reply together with the person's move, so it is the person's turn again.
/// With two AIs, one move at a time (the AIs pause on their own, see `app::ai`).
/// With a referee, only the moves it takes back are taken back.
pub(crate) fn take_back<G: TableGame>(
    mut undo: MessageReader<UndoRequested>,
    mut redo: MessageReader<RedoRequested>,
    mut taken_back: MessageReader<MovesTakenBack>,
    players: Res<Players>,
    gate: Res<MoveGate>,
    mut game: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    let (undos, redos) = (undo.read().count(), redo.read().count());
    let referee: u32 = taken_back.read().map(|t| t.plies).sum();
    if referee > 0 {
        // Online there are no variations: what the referee takes back is gone.
        for _ in 0..referee {
            game.take_back();
        }
        info!(
            "{referee} moves taken back: {} moves on the table",
            game.plies()
        );
        phase.set(Phase::of_table(&game));
        return;
    }
    if undos + redos == 0 || *gate == MoveGate::Remote || game.editing() {
        return;
    }
    // An AI is "to move" after a step when a person plays the other side.
    let ai_to_move = |game: &CurrentGame<G>| {
        players.any_human() && !game.is_over() && !players.get(game.actor()).is_human()
    };
    for _ in 0..undos {
        if game.undo().is_some() {
            while ai_to_move(&game) && game.undo().is_some() {}
        }
    }
    for _ in 0..redos {
        if game.redo().is_some() {
            while ai_to_move(&game) && game.redo().is_some() {}
        }
    }
    info!(
        "{undos} undo and {redos} redo requests: {} moves on the table",
        game.plies()
    );
    phase.set(Phase::of_table(&game));
}

/// Steps on the tree of moves: arrow keys, clicks in the move list and the review's
/// graph, promoting and deleting variations. Not in an online game, whose moves are
/// the room's.
pub(crate) fn walk_tree<G: TableGame>(
    mut walks: MessageReader<WalkRequested>,
    gate: Res<MoveGate>,
    mut game: ResMut<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    let walks: Vec<WalkRequested> = walks.read().copied().collect();
    if walks.is_empty() || *gate == MoveGate::Remote || game.editing() {
        return;
    }
    for walk in walks {
        let at = game.at();
        match walk {
            WalkRequested::Back => {
                game.undo();
            }
            WalkRequested::Forward => {
                game.redo();
            }
            WalkRequested::Sibling { next } => {
                let siblings = game.tree().siblings(at);
                let here = siblings.iter().position(|&n| n == at).unwrap_or(0);
                let there = if next {
                    siblings.get(here + 1)
                } else {
                    here.checked_sub(1).and_then(|i| siblings.get(i))
                };
                if let Some(&there) = there {
                    game.go_to(there);
                }
            }
            WalkRequested::GoTo(node) => game.go_to(node),
            WalkRequested::Promote(node) => game.promote(node),
            WalkRequested::Delete(node) => game.delete(node),
        }
    }
    phase.set(Phase::of_table(&game));
}

/// The Edit mode ([`CurrentGame::editing`]): starting it, each change of the
/// position, and playing from it (a new game of the table's settings, with a fresh
/// dice seed) or going back. What is refused says why on the HUD.
pub(crate) fn edit_position<G: TableGame>(
    mut requests: MessageReader<EditRequested>,
    mut changes: MessageReader<EditPosition<G>>,
    gate: Res<MoveGate>,
    (setup, clock): (Res<GameSetup<G>>, Res<ClockSetting>),
    mut tools: ResMut<EditTools>,
    mut game: ResMut<CurrentGame<G>>,
    mut refused: ResMut<RefusedMove>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if requests.is_empty() && changes.is_empty() {
        return;
    }
    // A new game of the settings on the table: the template of what is set up.
    let fresh = |game: &G| {
        let mut setup = setup.clone();
        setup.adopt(game);
        setup.new_game()
    };
    // Refused changes leave the game as it was, unmarked: the refusal stays on the
    // HUD until the game really changes.
    let table = game.bypass_change_detection();
    let mut changed = false;
    let mut outcome = Ok(());
    let requests: Vec<EditRequested> = requests.read().copied().collect();
    for request in requests {
        let request = match request {
            EditRequested::Toggle if table.editing() => EditRequested::Finish,
            EditRequested::Toggle => EditRequested::Start,
            request => request,
        };
        let result = match request {
            EditRequested::Start if *gate == MoveGate::Remote => {
                Err("no setting up during an online game".to_owned())
            }
            EditRequested::Start | EditRequested::Toggle => {
                table.begin_edit();
                tools.side = table.side_to_move();
                info!("{}: setting up a position", G::KIND);
                Ok(())
            }
            EditRequested::Finish => {
                let template = fresh(table);
                table.finish_edit(&template).inspect(|()| {
                    table.start_clocks(clock.0);
                    let setup = table.setup_text().unwrap_or_default();
                    info!("{}: playing from the position set up ({setup})", G::KIND);
                })
            }
            EditRequested::Cancel => {
                table.cancel_edit();
                Ok(())
            }
            EditRequested::Clear => {
                let empty = fresh(table).to_setup();
                table.edit_position(|position| {
                    *position = empty;
                    Ok(())
                })
            }
            EditRequested::SideToMove(side) => {
                table.edit_position(|position| position.set_side_to_move(side))
            }
        };
        changed |= result.is_ok();
        outcome = outcome.and(result);
    }
    for EditPosition(change) in changes.read() {
        let result = table.edit_position(|position| change(position));
        changed |= result.is_ok();
        outcome = outcome.and(result);
    }
    if let Err(why) = outcome {
        info!("{}: the set-up refused: {why}", G::KIND);
        refused.0 = Some(why);
    }
    if changed {
        game.set_changed();
        phase.set(Phase::of_table(&game));
    }
}

/// The one gate every move passes: legal moves for the current position go into
/// [`CurrentGame`] and are announced; anything else (occupied cell, full column,
/// game over, chosen for an older position) changes nothing. With a referee
/// ([`MoveGate::Remote`]) a legal move is proposed to it instead, and the moves it
/// accepted are played.
pub(crate) fn apply_moves<G: TableGame>(
    mut requests: MessageReader<MoveRequested<G>>,
    mut accepted: MessageReader<MoveAccepted<G>>,
    gate: Res<MoveGate>,
    mut game: ResMut<CurrentGame<G>>,
    mut applied: MessageWriter<MoveApplied<G>>,
    mut proposed: MessageWriter<MoveProposed<G>>,
    mut refused: ResMut<RefusedMove>,
    mut stale: ResMut<StaleAnswers>,
    locale: Res<Locale>,
) {
    for MoveAccepted { mv, chance } in accepted.read() {
        let player = game.side_to_move();
        match game.play(*mv) {
            Ok(()) => {
                info!(
                    "move {}: {} {mv} (accepted)",
                    game.plies(),
                    G::side_name(player)
                );
                applied.write(MoveApplied { mv: *mv, player });
            }
            Err(why) => warn!("the referee's move {mv} does not play here: {why}"),
        }
        if let Some(outcome) = chance
            && let Err(why) = game.tell_chance(outcome)
        {
            warn!("the referee's chance '{outcome}' does not apply: {why}");
        }
    }
    for &MoveRequested { mv, generation } in requests.read() {
        // Check before taking the resource mutably, so refused moves do not mark it changed.
        if generation != game.generation() {
            debug!("move {mv} dropped: chosen for an older position");
            stale.moves += 1;
            continue;
        }
        if game.editing() {
            debug!("move {mv} dropped: a position is being set up");
            continue;
        }
        if let Some(side) = game.flagged() {
            let side = locale.side(G::NAME, side);
            refused.0 = Some(crate::tr!(locale, "refused-on-time", side = side));
            continue;
        }
        if let Err(why) = game.check(mv) {
            debug!("move {mv} refused: {why}");
            refused.0 = Some(G::refusal(&why, &locale));
            continue;
        }
        if *gate == MoveGate::Remote {
            proposed.write(MoveProposed { mv });
            continue;
        }
        let player = game.side_to_move();
        if game.play(mv).is_ok() {
            info!("move {}: {} {mv}", game.plies(), G::side_name(player));
            applied.write(MoveApplied { mv, player });
        }
    }
}

/// The win/draw check: once a move ends the game, the phase becomes [`Phase::Over`].
pub(crate) fn check_for_end<G: TableGame>(
    mut applied: MessageReader<MoveApplied<G>>,
    game: Res<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if applied.read().count() > 0 && game.is_finished() {
        info!(
            "game over after {} moves: {}",
            game.plies(),
            game.status_text(Locale::english())
        );
        phase.set(Phase::Over);
    }
}

/// Passes the turn to the other side after every move that did not end the game.
pub(crate) fn switch_turn<G: TableGame>(
    mut applied: MessageReader<MoveApplied<G>>,
    game: Res<CurrentGame<G>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    if applied.read().count() > 0 && !game.is_over() {
        phase.set(Phase::ToMove(game.actor()));
    }
}

/// A refusal stays on the HUD until the game on the table changes.
pub(crate) fn forget_refusal(mut refused: ResMut<RefusedMove>) {
    if refused.0.is_some() {
        refused.0 = None;
    }
}
