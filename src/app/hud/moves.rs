//! The move list: the main line numbered per pair of moves, each variation indented
//! under the move it replaces, the position's move marked. A click on a move goes
//! there; its menu (right click, a long press) promotes or deletes its line.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::marks::mark_style;
use crate::app::locale::Locale;
use crate::app::review::GameReview;
use crate::app::table::{CurrentGame, GameKind, MoveGate, TableGame, WalkRequested};
use crate::app::theme::GOLD_UI;
use crate::tr;
use crate::tree::{MoveTree, NodeId, ROOT};

/// One word of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Word {
    /// `3.` before the first side's move, `3…` before the second's where a line
    /// starts with it.
    Number(String),
    /// A move, clickable.
    Move(NodeId),
}

/// A run of words on one level: the main line (depth 0) or a variation, cut where a
/// variation of its own comes in between.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Segment {
    depth: usize,
    words: Vec<Word>,
}

/// The list's segments in reading order: a move, then the variations that replace
/// it (each indented one step more), then the line goes on. The moves of
/// `unnumbered` (an opening's choices and offers) take no number and are not
/// counted: the numbers count the pieces put down, a pair to a number.
fn segments<M: Clone + PartialEq>(
    tree: &MoveTree<M>,
    unnumbered: &HashSet<NodeId>,
) -> Vec<Segment> {
    let mut out = Vec::new();
    if let Some(&first) = tree.children(ROOT).first() {
        let line_of = Line { tree, unnumbered };
        line_of.walk(first, 0, 0, &mut out);
    }
    out
}

/// What walking the lines of the list needs.
struct Line<'a, M> {
    tree: &'a MoveTree<M>,
    unnumbered: &'a HashSet<NodeId>,
}

impl<M: Clone + PartialEq> Line<'_, M> {
    /// The line from `first`, at `depth`, after `counted` numbered moves.
    fn walk(&self, first: NodeId, depth: usize, mut counted: usize, out: &mut Vec<Segment>) {
        let tree = self.tree;
        let mut segment = Segment {
            depth,
            words: Vec::new(),
        };
        let mut numbered = false;
        let mut node = Some(first);
        while let Some(n) = node {
            let before = counted;
            if !self.unnumbered.contains(&n) {
                // The second side's number only where a line starts with its move.
                if before.is_multiple_of(2) || !numbered {
                    segment.words.push(Word::Number(move_number(before)));
                }
                numbered = true;
                counted += 1;
            }
            segment.words.push(Word::Move(n));
            let siblings = tree.siblings(n);
            if siblings.first() == Some(&n) && siblings.len() > 1 {
                out.push(std::mem::replace(
                    &mut segment,
                    Segment {
                        depth,
                        words: Vec::new(),
                    },
                ));
                for &alternative in &siblings[1..] {
                    self.walk(alternative, depth + 1, before, out);
                }
                numbered = false;
            }
            node = tree.children(n).first().copied();
        }
        if !segment.words.is_empty() {
            out.push(segment);
        }
    }
}

/// Every move of the tree named as the game names it, and the moves that take no
/// number ([`TableGame::numbered_moves`]): the position's line from the game
/// itself, the rest replayed on a copy (only when there are variations or moves
/// ahead; online there are none, and no chance is replayed).
fn move_names<G: TableGame>(
    game: &CurrentGame<G>,
    locale: &Locale,
) -> (HashMap<NodeId, String>, HashSet<NodeId>) {
    let tree = game.tree();
    let path = tree.path(game.at());
    let mut names: HashMap<NodeId, String> =
        path.iter().copied().zip(game.move_names(locale)).collect();
    let mut unnumbered: HashSet<NodeId> = path
        .iter()
        .zip(game.numbered_moves())
        .filter(|&(_, numbered)| !numbered)
        .map(|(&node, _)| node)
        .collect();
    let all = tree.nodes_in_order();
    if names.len() + 1 == all.len() {
        return (names, unnumbered);
    }
    let mut position: G = (**game).clone();
    while position.undo().is_some() {}
    // Depth first, playing on the way down and taking back on the way up.
    let mut stack: Vec<(NodeId, bool)> = tree
        .children(ROOT)
        .iter()
        .rev()
        .map(|&n| (n, true))
        .collect();
    while let Some((node, down)) = stack.pop() {
        if !down {
            position.undo();
            continue;
        }
        let Some(&mv) = tree.mv(node) else { continue };
        if position.play(mv).is_err() {
            continue;
        }
        if let Entry::Vacant(entry) = names.entry(node) {
            entry.insert(
                position
                    .last_move_name(locale)
                    .unwrap_or_else(|| mv.to_string()),
            );
            if !position.last_move_numbered() {
                unnumbered.insert(node);
            }
        }
        stack.push((node, false));
        stack.extend(tree.children(node).iter().rev().map(|&n| (n, true)));
    }
    (names, unnumbered)
}

/// The list as drawn: its segments and names, for one position of the tree of the
/// game on the table. The review panel numbers its moves by it too.
#[derive(Resource, Default)]
pub(super) struct ListCache {
    generation: Option<(GameKind, u64)>,
    segments: Vec<Segment>,
    names: HashMap<NodeId, String>,
    /// The moves that take no number ([`TableGame::numbered_moves`]).
    unnumbered: HashSet<NodeId>,
}

impl ListCache {
    /// The number the list gives the move at `node` of `tree`: `3.` before the
    /// first side's third piece, `3…` before the second side's (a choice, which takes
    /// none in the list, gets the number of the piece it stands before).
    pub(super) fn number<M: Clone + PartialEq>(&self, tree: &MoveTree<M>, node: NodeId) -> String {
        let path = tree.path(node);
        let before = path.split_last().map_or(0, |(_, earlier)| {
            earlier
                .iter()
                .filter(|n| !self.unnumbered.contains(n))
                .count()
        });
        move_number(before)
    }
}

/// The number of a piece after `before` numbered ones: `3.` for the first side's
/// third, `3…` for the second side's.
fn move_number(before: usize) -> String {
    let dots = if before.is_multiple_of(2) { "." } else { "…" };
    format!("{}{dots}", before / 2 + 1)
}

/// The words of a segment grouped so that a move number stays with its move.
fn units(words: &[Word]) -> Vec<&[Word]> {
    let mut units = Vec::new();
    let mut start = 0;
    for (i, word) in words.iter().enumerate() {
        if matches!(word, Word::Move(_)) {
            units.push(&words[start..=i]);
            start = i + 1;
        }
    }
    units
}

/// The main line's units in rows, a row from each first side's move number.
fn rows<'u, 'w>(units: &'u [&'w [Word]]) -> Vec<&'u [&'w [Word]]> {
    let mut rows = Vec::new();
    let mut start = 0;
    for (i, unit) in units.iter().enumerate() {
        let numbered = matches!(unit.first(), Some(Word::Number(n)) if n.ends_with('.'));
        if numbered && i > start {
            rows.push(&units[start..i]);
            start = i;
        }
    }
    if start < units.len() {
        rows.push(&units[start..]);
    }
    rows
}

/// What drawing a move needs.
struct MoveView<'a, G: TableGame> {
    game: &'a CurrentGame<G>,
    cache: &'a ListCache,
    review: &'a GameReview,
    locale: &'a Locale,
    offline: bool,
    /// Whether the position changed this frame: the list scrolls to it.
    changed: bool,
}

impl<G: TableGame> MoveView<'_, G> {
    /// A move number with its move, or a move alone.
    fn unit(
        &self,
        ui: &mut egui::Ui,
        unit: &[Word],
        depth: usize,
        walk: &mut MessageWriter<WalkRequested>,
    ) {
        ui.spacing_mut().item_spacing.x = 6.0;
        for word in unit {
            match *word {
                Word::Number(ref number) => {
                    ui.weak(number);
                }
                Word::Move(node) => self.one_move(ui, node, depth, walk),
            }
        }
    }

    /// A move: its name (with its review mark), gold where the position is; a click
    /// goes there, its menu promotes or deletes its line.
    fn one_move(
        &self,
        ui: &mut egui::Ui,
        node: NodeId,
        depth: usize,
        walk: &mut MessageWriter<WalkRequested>,
    ) {
        let (game, locale) = (self.game, self.locale);
        let name = self.cache.names.get(&node).map_or("?", String::as_str);
        let mark = self
            .review
            .shows(G::KIND)
            .then(|| self.review.mark_of(node))
            .flatten()
            .map(mark_style);
        let name = match mark {
            Some((_, sign)) => format!("{name}{sign}"),
            None => name.to_owned(),
        };
        let mut text = egui::RichText::new(name).monospace();
        if let Some((colour, _)) = mark {
            text = text.color(colour);
        }
        if depth > 0 {
            text = text.italics();
        }
        let at = node == game.at();
        if at {
            text = text
                .strong()
                .color(egui::Color32::BLACK)
                .background_color(GOLD_UI);
        }
        let sense = if self.offline {
            egui::Sense::click()
        } else {
            egui::Sense::hover()
        };
        let response = ui.add(egui::Label::new(text).sense(sense));
        if at && self.changed {
            response.scroll_to_me(None);
        }
        if !self.offline {
            return;
        }
        if response.clicked() {
            walk.write(WalkRequested::GoTo(node));
        }
        response.context_menu(|ui| {
            if !game.tree().on_main_line(node) && ui.button(tr!(locale, "moves-promote")).clicked()
            {
                walk.write(WalkRequested::Promote(node));
                ui.close();
            }
            if ui.button(tr!(locale, "moves-delete")).clicked() {
                walk.write(WalkRequested::Delete(node));
                ui.close();
            }
        });
    }
}

/// The move list window, top right.
pub(super) fn draw_move_list<G: TableGame>(
    mut contexts: EguiContexts,
    game: Res<CurrentGame<G>>,
    gate: Res<MoveGate>,
    locale: Res<Locale>,
    mut walk: MessageWriter<WalkRequested>,
    review: Res<GameReview>,
    mut cache: ResMut<ListCache>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let generation = Some((G::KIND, game.generation()));
    if cache.generation != generation || locale.is_changed() {
        let (names, unnumbered) = move_names(&game, &locale);
        *cache = ListCache {
            generation,
            segments: segments(game.tree(), &unnumbered),
            names,
            unnumbered,
        };
    }
    let title = tr!(locale, "moves-title");
    let Some(window) =
        crate::app::ui_theme::corner_window(ctx, title, "moves", egui::Align2::RIGHT_TOP)
    else {
        return Ok(());
    };
    // Online the moves are the room's: no walking about in them.
    let offline = *gate != MoveGate::Remote;
    let at = game.at();
    window
        .min_width(170.0)
        .default_width(190.0)
        .show(ctx, |ui| {
            if cache.segments.is_empty() {
                ui.weak(tr!(locale, "moves-none"));
                return;
            }
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    let view = MoveView {
                        game: &game,
                        cache: &cache,
                        review: &review,
                        locale: &locale,
                        offline,
                        changed: game.is_changed(),
                    };
                    for segment in &cache.segments {
                        let units = units(&segment.words);
                        let indent = segment.depth as f32 * 14.0;
                        if segment.depth == 0 {
                            // The main line: a row for each move number.
                            for row in rows(&units) {
                                ui.horizontal(|ui| {
                                    for unit in row {
                                        view.unit(ui, unit, 0, &mut walk);
                                    }
                                });
                            }
                        } else {
                            ui.horizontal_wrapped(|ui| {
                                ui.add_space(indent);
                                for unit in &units {
                                    ui.horizontal(|ui| {
                                        view.unit(ui, unit, segment.depth, &mut walk)
                                    });
                                }
                            });
                        }
                    }
                });
            if offline && at != ROOT && !game.tree().on_main_line(at) {
                ui.separator();
                ui.horizontal(|ui| {
                    if ui.small_button(tr!(locale, "moves-promote")).clicked() {
                        walk.write(WalkRequested::Promote(at));
                    }
                    if ui.small_button(tr!(locale, "moves-delete")).clicked() {
                        walk.write(WalkRequested::Delete(at));
                    }
                });
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list of the tree `text` writes, its words `two` and `swap` choices that
    /// take no number.
    fn words(text: &str) -> Vec<(usize, String)> {
        let tree: MoveTree<String> =
            MoveTree::read(text.split_whitespace(), |_, w| w.to_owned()).unwrap();
        let unnumbered: HashSet<NodeId> = tree
            .nodes_in_order()
            .into_iter()
            .filter(|&n| tree.mv(n).is_some_and(|m| m == "two" || m == "swap"))
            .collect();
        segments(&tree, &unnumbered)
            .into_iter()
            .map(|s| {
                let line = s
                    .words
                    .iter()
                    .map(|w| match w {
                        Word::Number(n) => n.clone(),
                        Word::Move(node) => tree.mv(*node).cloned().unwrap(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                (s.depth, line)
            })
            .collect()
    }

    #[test]
    fn variations_come_indented_after_the_move_they_replace() {
        let list = words("h8 i9 (i8 j9 (h9) k10) h9 (g7 g8) h10");
        let expected = [
            (0, "1. h8 i9"),
            (1, "1… i8 2. j9"),
            (2, "2. h9"),
            (1, "2… k10"),
            (0, "2. h9"),
            (1, "2. g7 g8"),
            (0, "2… h10"),
        ];
        let expected: Vec<(usize, String)> =
            expected.iter().map(|&(d, l)| (d, l.to_owned())).collect();
        assert_eq!(list, expected);
        assert_eq!(words("a b c"), [(0, "1. a b 2. c".to_owned())]);
        assert!(words("").is_empty());
    }

    /// The review's numbers are the list's.
    #[test]
    fn a_move_s_number_counts_the_pieces_before_it() {
        let tree: MoveTree<String> =
            MoveTree::read("h8 h9 i9 two g7 j10".split_whitespace(), |_, w| {
                w.to_owned()
            })
            .unwrap();
        let line = tree.path(tree.nodes_in_order().into_iter().last().unwrap());
        let cache = ListCache {
            unnumbered: [line[3]].into_iter().collect(),
            ..ListCache::default()
        };
        let numbers: Vec<String> = line.iter().map(|&n| cache.number(&tree, n)).collect();
        assert_eq!(numbers, ["1.", "1…", "2.", "2…", "2…", "3."]);
    }

    /// An opening's choices stand between the stones unnumbered: the numbers count
    /// stones, a pair of them (Black's, White's) to a number, in variations too.
    #[test]
    fn choices_take_no_number() {
        let list = words("h8 h9 i9 two g7 j10 swap k11 (two g6) l12");
        let expected = [
            (0, "1. h8 h9 2. i9 two g7 3. j10 swap k11"),
            (1, "two 3… g6"),
            (0, "4. l12"),
        ];
        let expected: Vec<(usize, String)> =
            expected.iter().map(|&(d, l)| (d, l.to_owned())).collect();
        assert_eq!(list, expected);
    }
}
