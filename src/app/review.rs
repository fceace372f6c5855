//! The review of the game on the table, for every game alike ([`crate::review`] in
//! the app): Review (or R) has the AI look at every position of the line on the
//! table, one position at a time on the engines' pool (in a browser in slices of the
//! page's thread, like every search), while the game goes on being drawn. It can be
//! cancelled; while it runs the live analyses wait. When it is done each move has
//! its mark, the HUD draws the graph (`hud::review`), the move list the marks, and
//! the position before a marked move shows the better move on the board, as a hint.

use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::Task;
use bevy::tasks::futures::check_ready;

use super::ai::{AiJob, Hint, spawn_search};
use super::table::{AppSystems, CurrentGame, GameKind, MoveGate, OnTable, TableGame};
use crate::ai::{Analysis, Verdict};
use crate::review::{Mark, Marks, MoveReview, Seen, finished, judge};
use crate::rules::Player;
use crate::tree::NodeId;

/// Start a review of the line on the table, or cancel the one running.
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReviewRequested;

/// The review of the game on the table: running, done, or none.
#[derive(Resource, Debug, Default)]
pub struct GameReview {
    /// The game reviewed: its kind and its number ([`CurrentGame::game_number`]);
    /// a review of another game is dropped.
    of: Option<(GameKind, u64)>,
    /// The line reviewed, one node per position, the start first.
    nodes: Vec<NodeId>,
    /// What the AI saw in each position so far.
    seen: Vec<Seen>,
    /// The moves, judged, once every position is seen.
    moves: Vec<MoveReview>,
    running: bool,
}

impl GameReview {
    /// Whether a review is running: live analyses wait for it.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.running
    }

    /// Whether there is anything to show for game `kind`: a review running or done.
    #[must_use]
    pub fn shows(&self, kind: GameKind) -> bool {
        self.of.is_some_and(|(k, _)| k == kind)
    }

    /// Positions seen and positions in all.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        (self.seen.len(), self.nodes.len())
    }

    /// The line's nodes, one per position.
    #[must_use]
    pub fn nodes(&self) -> &[NodeId] {
        &self.nodes
    }

    /// The first side's expected result (0 to 1) in each position seen, where the
    /// AI gave a value.
    #[must_use]
    pub fn curve(&self) -> Vec<Option<f64>> {
        self.seen
            .iter()
            .map(|seen| {
                seen.verdict.map(|v| match seen.side {
                    Player::First => v.expected(),
                    Player::Second => v.flipped().expected(),
                })
            })
            .collect()
    }

    /// The position's value as the graph's tooltip says it: `win in 5`, `62%`.
    #[must_use]
    pub fn verdict(&self, index: usize) -> Option<(Player, Verdict)> {
        let seen = self.seen.get(index)?;
        Some((seen.side, seen.verdict?))
    }

    /// The moves judged, once done.
    #[must_use]
    pub fn moves(&self) -> &[MoveReview] {
        &self.moves
    }

    /// The mark of the move that leads to `node`, once done.
    #[must_use]
    pub fn mark_of(&self, node: NodeId) -> Option<Mark> {
        let index = self.nodes.iter().position(|&n| n == node)?;
        self.moves.get(index.checked_sub(1)?)?.mark
    }
}

/// The review's work for game `G`: the positions of the line and the search on the
/// one being looked at.
struct Work<G: TableGame> {
    positions: Vec<G>,
    names: Vec<String>,
    search: Option<(Task<Option<Analysis<G::Move>>>, AiJob)>,
    /// The longest stretch a search worked without yielding to the page (in a
    /// browser), over the positions so far.
    longest_work: Duration,
}

impl<G: TableGame> Drop for Work<G> {
    fn drop(&mut self) {
        if let Some((_, job)) = &self.search {
            job.request_stop();
        }
    }
}

/// The review, for every game.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReview>()
        .add_message::<ReviewRequested>();
}

/// The review of game `G`, while it is on the table.
pub(super) fn plugin_for<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (run_review::<G>, show_better_move::<G>)
            .chain()
            .in_set(AppSystems::SyncView)
            .run_if(in_state(OnTable(G::KIND))),
    );
}

/// Starts, cancels and carries on the review: each frame at most one search's
/// answer is taken and the next position's search started.
fn run_review<G: TableGame>(
    mut requests: MessageReader<ReviewRequested>,
    game: Res<CurrentGame<G>>,
    gate: Res<MoveGate>,
    mut review: ResMut<GameReview>,
    mut work: Local<Option<Work<G>>>,
) {
    let this_game = (G::KIND, game.game_number());
    if review.of.is_some_and(|of| of != this_game) {
        // Another game came on the table: its review is not this one's.
        *review = GameReview::default();
        *work = None;
    }
    if requests.read().count() % 2 == 1 {
        if review.running {
            info!("review cancelled");
            *review = GameReview::default();
            *work = None;
        } else if game.editing() {
            info!("no review while a position is set up");
        } else if *gate == MoveGate::Remote && !game.is_over() {
            // Online, no engine helps during the game.
            info!("no review during an online game");
        } else {
            let (nodes, positions) = line(&game);
            info!("review of {} moves started", nodes.len() - 1);
            *review = GameReview {
                of: Some(this_game),
                nodes,
                running: true,
                ..default()
            };
            let names = positions
                .iter()
                .skip(1)
                .filter_map(|p| p.history().last().map(ToString::to_string))
                .collect();
            *work = Some(Work {
                positions,
                names,
                search: None,
                longest_work: Duration::ZERO,
            });
        }
    }
    let Some(w) = work.as_mut() else {
        return;
    };
    if let Some((task, job)) = &mut w.search {
        let Some(answer) = check_ready(task) else {
            return;
        };
        w.longest_work = w.longest_work.max(job.progress().longest_work);
        w.search = None;
        let side = w.positions[review.seen.len()].side_to_move();
        review.seen.push(Seen {
            side,
            verdict: answer.as_ref().and_then(|a| a.verdict),
            best: answer.map(|a| a.best.to_string()),
        });
    }
    // Positions where the game is over need no search.
    while let Some(position) = w.positions.get(review.seen.len()) {
        let side = position.side_to_move();
        let Some(outcome) = position.outcome() else {
            break;
        };
        review.seen.push(Seen {
            side,
            verdict: Some(finished(outcome, side)),
            best: None,
        });
    }
    match w.positions.get(review.seen.len()) {
        Some(position) => {
            let job = AiJob::new();
            let task = spawn_search(position.appraise(job.clone()));
            w.search = Some((task, job));
        }
        None => {
            review.moves = judge(&w.names, &review.seen, Marks::DEFAULT);
            review.running = false;
            let marked = review.moves.iter().filter(|m| m.mark.is_some()).count();
            // The browser's smoke test reads the longest stretch from this line.
            let held = if w.longest_work.is_zero() {
                String::new()
            } else {
                format!(
                    ", at most {} ms without a pause",
                    w.longest_work.as_millis()
                )
            };
            info!(
                "review done: {} moves, {marked} marked{held}",
                review.moves.len()
            );
            *work = None;
        }
    }
}

/// The line through the position on the table, from the start to its end (along
/// the moves last visited), as nodes and positions.
fn line<G: TableGame>(game: &CurrentGame<G>) -> (Vec<NodeId>, Vec<G>) {
    let tree = game.tree();
    let mut nodes = vec![crate::tree::ROOT];
    nodes.extend(tree.path(game.at()));
    let mut at = game.at();
    while let Some(next) = tree.next(at) {
        nodes.push(next);
        at = next;
    }
    let mut position: G = (**game).clone();
    while position.undo().is_some() {}
    let mut positions = vec![position.clone()];
    for &node in &nodes[1..] {
        let Some(&mv) = tree.mv(node) else { break };
        if position.play(mv).is_err() {
            break;
        }
        positions.push(position.clone());
    }
    nodes.truncate(positions.len());
    (nodes, positions)
}

/// In the position before a marked move, the better move is the hint on the board.
fn show_better_move<G: TableGame>(
    game: Res<CurrentGame<G>>,
    review: Res<GameReview>,
    mut hint: ResMut<Hint<G>>,
) {
    if !(game.is_changed() || review.is_changed()) || review.running {
        return;
    }
    let Some(index) = review.nodes.iter().position(|&n| n == game.at()) else {
        return;
    };
    let Some(reviewed) = review.moves.get(index) else {
        return;
    };
    if reviewed.mark.is_none() {
        return;
    }
    if let Some(best) = reviewed
        .best
        .as_deref()
        .and_then(|b| game.parse_move(b).ok())
    {
        hint.show(game.generation(), best);
    }
}
