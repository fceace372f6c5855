//! The search of a node below the root: the cases decided without a search (a five,
//! an open four, the horizon), the transposition table, static pruning near the
//! horizon, the moves in order (the table's first, before the others are generated),
//! extensions and reductions, and the table's entry after.
//!
//! What was tried here and left out (null move, ProbCut, razoring, internal
//! iterative reduction, quiescence searches, singular extensions, other reductions),
//! with its match figures, is in docs/engine-lab.md.

use super::super::board::Board;
use super::super::eval::{WIN, evaluate, is_decisive};
use super::super::movegen::{self, Forcing, Scored, is_quiet};
use super::super::pattern::Threat;
use super::super::tt::{Bound, Hit};
use super::Searcher;
use super::params::{INFINITY, MAX_PLY, Params};

/// A node's moves, as the search of them needs them.
struct NodeMoves {
    /// The moves, the first in place, the rest put in order once it fails to cut.
    list: Vec<Scored>,
    /// The table's move, searched before the rest were generated.
    staged: Option<usize>,
    forcing: Forcing,
    /// How many of them the node searches.
    width: usize,
}

impl Searcher<'_> {
    /// The value of the node `ply` plies from the root, `depth` plies from the horizon,
    /// within `alpha` and `beta`; `pv` at principal-variation nodes. 0 once aborted.
    pub(super) fn negamax(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        pv: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.poll();
        }
        if self.shared.aborted() {
            return 0;
        }
        // (A copy of the shared reference: `params` borrows nothing of `self`.)
        let shared = self.shared;
        let params = &shared.params;
        let (alpha, beta) = match settled(&self.board, params, alpha, beta, depth, ply) {
            Ok(window) => window,
            Err(value) => return value,
        };
        let p = ply as i32;
        let hash = self.board.hash();
        let hit = self.shared.tt.probe(hash, p);
        if let Some(score) = hit.and_then(|h| table_cut(h, pv, depth, alpha, beta)) {
            return score;
        }
        let futile = match static_prune(&self.board, params, alpha, beta, depth, pv) {
            Ok(futile) => futile,
            Err(value) => return value,
        };
        let tt_move = hit.and_then(|h| h.mv);
        let moves = match self.node_moves(depth, ply, tt_move) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        // A forced block costs no depth, and a line of many blocks is searched
        // further ([`Params::block_extension`]; lab log: "extensions").
        let path_blocks = self.blocks[ply];
        let blocking = moves.forcing == Forcing::BlockFive;
        let child = if blocking {
            depth + params.block_extension(u32::from(path_blocks) + 1)
        } else {
            depth - 1
        };
        self.blocks[ply + 1] = path_blocks + u8::from(blocking);
        let window = (alpha, beta);
        let Some((best, best_move)) =
            self.search_moves(moves, window, depth, child, ply, pv, futile)
        else {
            return 0;
        };
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(hash, best_move, best, depth, bound, p);
        // Work done again (a node the table had to this depth: the way back down
        // after a pause passes through such nodes) is no progress.
        if hit.is_none_or(|h| h.depth < depth) {
            self.slice_finished += 1;
        }
        best
    }

    /// The node's moves: where the side to move is free and the table has a move,
    /// that move alone, searched before the others are generated (most nodes are cut
    /// by it and need no list); else all of them in order. The node's value instead
    /// when there is no move at all.
    fn node_moves(
        &mut self,
        depth: i32,
        ply: usize,
        tt_move: Option<usize>,
    ) -> Result<NodeMoves, i32> {
        let board = &self.board;
        let forcing = movegen::forcing(board);
        let staged =
            tt_move.filter(|&mv| forcing == Forcing::Free && movegen::generates_free(board, mv));
        let mut list = std::mem::take(&mut self.buffers[ply]);
        list.clear();
        if let Some(mv) = staged {
            list.push(Scored {
                mv,
                score: i32::MAX,
            });
        } else {
            self.moves(&mut list, forcing, ply, tt_move);
            if list.is_empty() {
                // Black under renju, with nothing but forbidden points: a five it
                // cannot block wins for White; otherwise no move at all, a draw.
                self.buffers[ply] = list;
                return Err(if forcing == Forcing::Free {
                    0
                } else {
                    -(WIN - ply as i32 - 2)
                });
            }
        }
        let width = if forcing == Forcing::Free {
            self.shared.params.width(depth)
        } else {
            usize::MAX
        };
        Ok(NodeMoves {
            list,
            staged,
            forcing,
            width,
        })
    }

    /// Searches the node's moves, `child` plies deep each (late quiet moves reduced
    /// first), within `window`: the best value and move, or `None` once aborted. A
    /// cut updates the killers and the history.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        moves: NodeMoves,
        (mut alpha, beta): (i32, i32),
        depth: i32,
        child: i32,
        ply: usize,
        pv: bool,
        futile: bool,
    ) -> Option<(i32, Option<usize>)> {
        let NodeMoves {
            list: mut moves,
            staged,
            forcing,
            width,
        } = moves;
        let me = self.board.side();
        let killers = self.killers[ply];
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0.. {
            if i == 1 {
                if let Some(mv) = staged {
                    // The table's move did not cut: now the rest, with it first
                    // (the generator lists it, see `generates_free`, and its order
                    // score puts it first).
                    self.moves(&mut moves, forcing, ply, Some(mv));
                    debug_assert_eq!(moves.first().map(|m| m.mv), Some(mv));
                }
                order_rest(&mut moves, width);
            }
            if i >= moves.len().min(width) {
                break;
            }
            let m = moves[i];
            let quiet = forcing == Forcing::Free && is_quiet(&self.board, m.mv);
            if futile && quiet && i > 0 {
                continue;
            }
            // The child's table entry is on its way while the move is made.
            self.shared.tt.prefetch(self.board.hash_after(m.mv));
            self.board.make(m.mv);
            let score = if i == 0 {
                -self.negamax(-beta, -alpha, child, ply + 1, pv)
            } else {
                let reduction = if quiet && depth >= 3 && i >= 2 {
                    let (shared, history) = (self.shared, self.history[me][m.mv]);
                    shared
                        .params
                        .reduction(shared.reductions, depth, i, history)
                } else {
                    0
                };
                let mut s = -self.negamax(-alpha - 1, -alpha, child - reduction, ply + 1, false);
                if s > alpha && reduction > 0 {
                    s = -self.negamax(-alpha - 1, -alpha, child, ply + 1, false);
                }
                if s > alpha && s < beta && pv {
                    s = -self.negamax(-beta, -alpha, child, ply + 1, true);
                }
                s
            };
            self.board.unmake();
            if self.shared.aborted() {
                self.buffers[ply] = moves;
                return None;
            }
            if score > best {
                best = score;
                best_move = Some(m.mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet && killers[0] != m.mv {
                            self.killers[ply] = [m.mv, killers[0]];
                        }
                        self.history[me][m.mv] += depth * depth;
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        Some((best, best_move))
    }

    /// Fills `moves` with the node's moves at `ply` (`forcing`: how forced it is,
    /// [`movegen::forcing`]), each with its order score (the table's move above all,
    /// then killers and history added), the best of them first; the rest are put in
    /// order only once it failed to cut (see [`order_rest`]).
    fn moves(&self, moves: &mut Vec<Scored>, forcing: Forcing, ply: usize, tt_move: Option<usize>) {
        let me = self.board.side();
        movegen::generate_as(&self.board, forcing, moves);
        let killers = self.killers[ply];
        let params = &self.shared.params;
        let (killer_bonus, history_cap) = (params.killer_bonus(), params.history_cap());
        for m in moves.iter_mut() {
            if Some(m.mv) == tt_move {
                m.score = i32::MAX;
            } else if killers.contains(&m.mv) {
                m.score += killer_bonus;
            }
            m.score = m
                .score
                .saturating_add(self.history[me][m.mv].min(history_cap));
        }
        if let Some(top) = (0..moves.len()).max_by_key(|&i| moves[i].score) {
            moves.swap(0, top);
        }
    }
}

/// What a node is worth without a search, or the window to search it in: a five to
/// make wins; two of the opponent's to block lose; an open four against no four wins
/// (a four and an open three is left to the search, lab log: "decided nodes"); a
/// full board draws; at the horizon a quiet position is its static value, and the
/// answers to an opponent's open three are searched further (`params`'
/// quiescence plies). The window is narrowed to the distances to a win and a loss
/// from here.
fn settled(
    board: &Board,
    params: &Params,
    alpha: i32,
    beta: i32,
    depth: i32,
    ply: usize,
) -> Result<(i32, i32), i32> {
    let me = board.side();
    let opp = 1 - me;
    let p = ply as i32;
    if board.count(me, Threat::Five) > 0 {
        return Err(WIN - p - 1);
    }
    let opp_fives = board.count(opp, Threat::Five);
    if opp_fives >= 2 {
        return Err(-(WIN - p - 2));
    }
    if opp_fives == 0 && board.count(me, Threat::Flex4) > 0 {
        return Err(WIN - p - 3);
    }
    if board.is_full() {
        return Err(0);
    }
    if ply >= MAX_PLY {
        return Err(evaluate(board));
    }
    let alpha = alpha.max(-(WIN - p));
    let beta = beta.min(WIN - p - 1);
    if alpha >= beta {
        return Err(alpha);
    }
    if depth <= 0
        && opp_fives == 0
        && (board.count(opp, Threat::Flex4) == 0 || depth <= -params.quiescence_plies())
    {
        return Err(evaluate(board));
    }
    Ok((alpha, beta))
}

/// The table's value where its entry is deep enough and its bound decides the node
/// (never at principal-variation nodes).
fn table_cut(hit: Hit, pv: bool, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
    if pv || hit.depth < depth {
        return None;
    }
    let cut = match hit.bound {
        Bound::Exact => true,
        Bound::Lower => hit.score >= beta,
        Bound::Upper => hit.score <= alpha,
    };
    cut.then_some(hit.score)
}

/// Near the horizon, where the static value can be trusted (the opponent has no
/// shape that wins in a few moves unseen by it), a position far above beta is cut
/// (`Err`: its value), and whether its quiet moves are futile, unable to lift one
/// far below alpha (lab log: "static pruning").
fn static_prune(
    board: &Board,
    params: &Params,
    alpha: i32,
    beta: i32,
    depth: i32,
    pv: bool,
) -> Result<bool, i32> {
    let calm = !pv
        && (1..=params.futility_depth()).contains(&depth)
        && !is_decisive(alpha)
        && !is_decisive(beta)
        && calm_for(board, 1 - board.side());
    if !calm {
        return Ok(false);
    }
    let stand = evaluate(board);
    let margin = params.futility_margin() * depth;
    if stand - margin >= beta {
        return Err(stand);
    }
    Ok(stand + margin <= alpha)
}

/// Puts the moves after the first in order, best first, as far as a node of
/// `width` moves searches them: only those are sorted, the rest are dropped.
/// (Sorting every move list whole took a sixth of the search's time.)
pub(in crate::ai::gomoku) fn order_rest(moves: &mut Vec<Scored>, width: usize) {
    let rest = &mut moves[1..];
    if width <= rest.len() {
        rest.select_nth_unstable_by_key(width - 1, |m| -m.score);
        moves.truncate(width);
    }
    moves[1..].sort_unstable_by_key(|m| -m.score);
}

/// Whether `opp` has nothing the static value misses near the horizon: no double
/// threat, no four with more.
fn calm_for(board: &Board, opp: usize) -> bool {
    [
        Threat::DoubleFlex3,
        Threat::Block4Plus,
        Threat::Block4Flex3,
        Threat::Flex4,
        Threat::Five,
    ]
    .iter()
    .all(|&t| board.count(opp, t) == 0)
}
