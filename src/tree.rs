//! A game's moves as a tree: the main line and the variations tried beside it, as
//! chess programs and Yixin-Board keep them. Plain Rust, for any move type: the app
//! keeps one of its game's moves, a saved file one of move names.
//!
//! Each node but the root is a move; a node's first child continues the main line
//! (of that node), the others are the alternatives to it, in the order they were
//! first played. Each node also remembers the child last visited, which is where
//! redo goes.
//!
//! In text (saved files, the clipboard) the tree is written as in PGN: after a move
//! come its alternatives, each in brackets with its own continuation, and then the
//! main line goes on: `h8 i9 (i8 j9) h9` is the main line `h8 i9 h9` with `i8 j9`
//! instead of `i9`. A file without brackets is a single line, as files were before.

use std::fmt;

/// A node of a [`MoveTree`]: an index, stable while the tree lives (a deleted
/// branch's nodes are only unlinked).
pub type NodeId = usize;

/// The node before the first move.
pub const ROOT: NodeId = 0;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node<M> {
    mv: Option<M>,
    parent: NodeId,
    children: Vec<NodeId>,
    /// The index in `children` of the child last visited.
    last: usize,
}

/// The moves of a game with their variations: see the module's text.
#[derive(Clone, Debug)]
pub struct MoveTree<M> {
    nodes: Vec<Node<M>>,
}

/// Two trees are equal when they hold the same moves in the same order, however
/// their nodes are numbered (the line last visited is not compared).
impl<M: PartialEq> PartialEq for MoveTree<M> {
    fn eq(&self, other: &Self) -> bool {
        let mut pairs = vec![(ROOT, ROOT)];
        while let Some((a, b)) = pairs.pop() {
            let (a, b) = (&self.nodes[a], &other.nodes[b]);
            if a.mv != b.mv || a.children.len() != b.children.len() {
                return false;
            }
            pairs.extend(a.children.iter().copied().zip(b.children.iter().copied()));
        }
        true
    }
}

impl<M: Eq> Eq for MoveTree<M> {}

impl<M> Default for MoveTree<M> {
    fn default() -> Self {
        Self {
            nodes: vec![Node {
                mv: None,
                parent: ROOT,
                children: Vec::new(),
                last: 0,
            }],
        }
    }
}

impl<M: Clone + PartialEq> MoveTree<M> {
    /// A tree of one line: `moves`, one after the other.
    #[must_use]
    pub fn line(moves: impl IntoIterator<Item = M>) -> Self {
        let mut tree = Self::default();
        let mut at = ROOT;
        for mv in moves {
            at = tree.add(at, mv);
        }
        tree
    }

    /// The node `mv` leads to from `parent`: the child already there with that move,
    /// else a new child (the main line if `parent` had none, else a variation). The
    /// child becomes the one last visited.
    pub fn add(&mut self, parent: NodeId, mv: M) -> NodeId {
        let found = self.nodes[parent]
            .children
            .iter()
            .position(|&c| self.nodes[c].mv.as_ref() == Some(&mv));
        let index = found.unwrap_or_else(|| {
            let id = self.nodes.len();
            self.nodes.push(Node {
                mv: Some(mv),
                parent,
                children: Vec::new(),
                last: 0,
            });
            self.nodes[parent].children.push(id);
            self.nodes[parent].children.len() - 1
        });
        self.nodes[parent].last = index;
        self.nodes[parent].children[index]
    }

    /// The move that leads to `node` (`None` for the root).
    #[must_use]
    pub fn mv(&self, node: NodeId) -> Option<&M> {
        self.nodes.get(node)?.mv.as_ref()
    }

    /// The node before `node` (`None` for the root).
    #[must_use]
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.nodes
            .get(node)
            .filter(|_| node != ROOT)
            .map(|n| n.parent)
    }

    /// The moves that may follow `node`, the main line's first.
    #[must_use]
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        self.nodes.get(node).map_or(&[], |n| &n.children)
    }

    /// The child of `node` last visited: where redo goes.
    #[must_use]
    pub fn next(&self, node: NodeId) -> Option<NodeId> {
        let n = self.nodes.get(node)?;
        n.children.get(n.last).copied()
    }

    /// Remembers `node` as the child its parent, and each node above, last visited.
    pub fn visit(&mut self, node: NodeId) {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            if let Some(index) = self.nodes[parent].children.iter().position(|&c| c == at) {
                self.nodes[parent].last = index;
            }
            at = parent;
        }
    }

    /// The nodes from the first move to `node`, in order (empty for the root).
    #[must_use]
    pub fn path(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to `node`.
    #[must_use]
    pub fn moves_to(&self, node: NodeId) -> Vec<M> {
        self.path(node)
            .into_iter()
            .filter_map(|n| self.nodes[n].mv.clone())
            .collect()
    }

    /// How many moves lead to `node`.
    #[must_use]
    pub fn depth(&self, node: NodeId) -> usize {
        self.path(node).len()
    }

    /// The line from `node` on, following first children (`node` not included).
    #[must_use]
    pub fn main_line(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = node;
        while let Some(&first) = self.nodes[at].children.first() {
            line.push(first);
            at = first;
        }
        line
    }

    /// Whether `node` lies on the game's main line.
    #[must_use]
    pub fn on_main_line(&self, node: NodeId) -> bool {
        self.path(node)
            .iter()
            .all(|&n| self.nodes[self.nodes[n].parent].children.first() == Some(&n))
    }

    /// `node` and its siblings, in order (the root alone for the root).
    #[must_use]
    pub fn siblings(&self, node: NodeId) -> Vec<NodeId> {
        match self.parent(node) {
            Some(parent) => self.nodes[parent].children.clone(),
            None => vec![ROOT],
        }
    }

    /// Makes the line through `node` the main line: at `node` and each node above,
    /// the child on the way moves first.
    pub fn promote(&mut self, node: NodeId) {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            let children = &mut self.nodes[parent].children;
            if let Some(index) = children.iter().position(|&c| c == at) {
                let id = children.remove(index);
                children.insert(0, id);
                self.nodes[parent].last = 0;
            }
            at = parent;
        }
    }

    /// Removes `node` and everything after it; the root stays. Returns the node
    /// before it.
    pub fn delete(&mut self, node: NodeId) -> NodeId {
        let Some(parent) = self.parent(node) else {
            return ROOT;
        };
        let p = &mut self.nodes[parent];
        p.children.retain(|&c| c != node);
        p.last = 0;
        parent
    }

    /// Whether `node` is `ancestor` or comes after it.
    #[must_use]
    pub fn descends_from(&self, node: NodeId, ancestor: NodeId) -> bool {
        let mut at = node;
        loop {
            if at == ancestor {
                return true;
            }
            match self.parent(at) {
                Some(parent) => at = parent,
                None => return false,
            }
        }
    }

    /// How many moves the tree holds, every line's together.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes_in_order().len() - 1
    }

    /// Whether the tree holds no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.children(ROOT).is_empty()
    }

    /// Whether any node has more than one child.
    #[must_use]
    pub fn has_variations(&self) -> bool {
        self.nodes_in_order()
            .iter()
            .any(|&n| self.children(n).len() > 1)
    }

    /// Every node reachable from the root, each before its children, the main line
    /// of each node before its variations.
    #[must_use]
    pub fn nodes_in_order(&self) -> Vec<NodeId> {
        let mut order = Vec::new();
        let mut stack = vec![ROOT];
        while let Some(n) = stack.pop() {
            order.push(n);
            stack.extend(self.nodes[n].children.iter().rev());
        }
        order
    }

    /// The same tree with each move changed by `f`, which sees the moves leading to
    /// it (the tree is walked with [`MoveTree::nodes_in_order`]); the first error
    /// stops it, with the node at fault.
    pub fn try_map<N: Clone + PartialEq, E>(
        &self,
        mut f: impl FnMut(&[NodeId], &M) -> Result<N, E>,
    ) -> Result<MoveTree<N>, (NodeId, E)> {
        let mut nodes: Vec<Node<N>> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            nodes.push(Node {
                mv: None,
                parent: node.parent,
                children: node.children.clone(),
                last: node.last,
            });
        }
        for n in self.nodes_in_order() {
            if let Some(mv) = &self.nodes[n].mv {
                let path = self.path(n);
                nodes[n].mv = Some(f(&path[..path.len() - 1], mv).map_err(|e| (n, e))?);
            }
        }
        Ok(MoveTree { nodes })
    }

    /// The nodes of every move in the order [`MoveTree::words`] writes them: a move,
    /// then its alternatives with their lines, then the line goes on.
    #[must_use]
    pub fn in_word_order(&self) -> Vec<NodeId> {
        let mut order = Vec::new();
        self.order_after(ROOT, &mut order);
        order
    }

    fn order_after(&self, node: NodeId, order: &mut Vec<NodeId>) {
        let mut at = node;
        while let Some((&main, alternatives)) = self.nodes[at].children.split_first() {
            order.push(main);
            for &alt in alternatives {
                order.push(alt);
                self.order_after(alt, order);
            }
            at = main;
        }
    }

    /// The tree as words of text, PGN-style (see the module's text): each move by
    /// `name`, a bracket glued to the move beside it: `h8 i9 (i8 j9) h9`.
    #[must_use]
    pub fn words(&self, name: impl Fn(&M) -> String) -> Vec<String> {
        let mut words = Vec::new();
        self.write_after(ROOT, &name, &mut words);
        words
    }

    fn write_after(&self, node: NodeId, name: &impl Fn(&M) -> String, words: &mut Vec<String>) {
        let mut at = node;
        while let Some((&main, alternatives)) = self.nodes[at].children.split_first() {
            words.extend(self.nodes[main].mv.as_ref().map(name));
            for &alt in alternatives {
                let start = words.len();
                words.extend(self.nodes[alt].mv.as_ref().map(name));
                self.write_after(alt, name, words);
                words[start].insert(0, '(');
                if let Some(last) = words.last_mut() {
                    last.push(')');
                }
            }
            at = main;
        }
    }
}

/// Why the words of a tree do not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// A `(` before any move: a variation has to be the alternative to a move.
    NothingToVary { word: usize },
    /// A `)` with no `(` open.
    Unopened { word: usize },
    /// A `(` never closed.
    Unclosed,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NothingToVary { word } => write!(
                f,
                "word {}: a variation '(' has to follow the move it replaces",
                word + 1
            ),
            TreeError::Unopened { word } => {
                write!(f, "word {}: ')' closes no variation", word + 1)
            }
            TreeError::Unclosed => f.write_str("a variation '(' is never closed"),
        }
    }
}

impl std::error::Error for TreeError {}

impl<T: Clone + PartialEq> MoveTree<T> {
    /// Reads words written as [`MoveTree::words`] writes them (brackets may also
    /// stand alone). Each move is kept as given, with the index of the word it came
    /// from, for messages.
    pub fn read<'w>(
        words: impl IntoIterator<Item = &'w str>,
        mut mv: impl FnMut(usize, &'w str) -> T,
    ) -> Result<Self, TreeError> {
        let mut tree = Self::default();
        let mut at = ROOT;
        // Where each open variation left the line it branched from.
        let mut open: Vec<NodeId> = Vec::new();
        for (index, word) in words.into_iter().enumerate() {
            let mut rest = word;
            while let Some(inner) = rest.strip_prefix('(') {
                let parent = tree
                    .parent(at)
                    .ok_or(TreeError::NothingToVary { word: index })?;
                open.push(at);
                at = parent;
                rest = inner;
            }
            let closes = rest.len() - rest.trim_end_matches(')').len();
            let name = &rest[..rest.len() - closes];
            if !name.is_empty() {
                at = tree.add(at, mv(index, name));
            }
            for _ in 0..closes {
                at = open.pop().ok_or(TreeError::Unopened { word: index })?;
            }
        }
        if !open.is_empty() {
            return Err(TreeError::Unclosed);
        }
        // Reading visits every branch; redo follows the main line until a person
        // goes elsewhere.
        let last = tree.main_line(ROOT).last().copied().unwrap_or(ROOT);
        tree.reset_visits();
        tree.visit(last);
        Ok(tree)
    }

    fn reset_visits(&mut self) {
        for node in &mut self.nodes {
            node.last = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> MoveTree<String> {
        MoveTree::read(text.split_whitespace(), |_, w| w.to_owned()).expect("a tree")
    }

    fn text(tree: &MoveTree<String>) -> String {
        tree.words(Clone::clone).join(" ")
    }

    #[test]
    fn a_line_has_no_brackets_and_reads_back() {
        let tree = MoveTree::line(["h8", "i9", "h9"].map(str::to_owned));
        assert_eq!(text(&tree), "h8 i9 h9");
        assert!(!tree.has_variations());
        assert_eq!(read("h8 i9 h9"), tree);
    }

    #[test]
    fn variations_write_after_their_move_and_read_back_the_same() {
        for written in [
            "h8 i9 (i8 j9) h9",
            "h8 (h9 i9) (g7) i9 (i8 j9 (j8) k10) h9 h10",
            "a (b c (d)) e",
            "a ( b c ) e",
        ] {
            let tree = read(written);
            let again = read(&text(&tree));
            assert_eq!(text(&again), text(&tree), "{written}");
            assert_eq!(again.nodes_in_order().len(), tree.nodes_in_order().len());
        }
        let tree = read("h8 i9 (i8 j9) h9");
        let main: Vec<_> = tree
            .main_line(ROOT)
            .iter()
            .map(|&n| tree.mv(n).cloned())
            .collect();
        assert_eq!(main, ["h8", "i9", "h9"].map(|m| Some(m.to_owned())));
        let i9 = tree.main_line(ROOT)[1];
        let i8 = tree.siblings(i9)[1];
        assert_eq!(tree.mv(i8).map(String::as_str), Some("i8"));
        assert_eq!(tree.moves_to(tree.main_line(i8)[0]), ["h8", "i8", "j9"]);
        assert!(!tree.on_main_line(i8));
        assert_eq!(read("a ( b c ) e"), read("a (b c) e"));
        // The nodes in the order of the words, brackets aside.
        let tree = read("h8 (h9 i9) (g7) i9 (i8 j9 (j8) k10) h9 h10");
        let names: Vec<&str> = tree
            .in_word_order()
            .iter()
            .filter_map(|&n| tree.mv(n).map(String::as_str))
            .collect();
        assert_eq!(
            names,
            [
                "h8", "h9", "i9", "g7", "i9", "i8", "j9", "j8", "k10", "h9", "h10"
            ]
        );
    }

    #[test]
    fn playing_after_going_back_branches_and_redo_follows_the_last_visit() {
        let mut tree = MoveTree::line([1, 2, 3]);
        let one = tree.children(ROOT)[0];
        let four = tree.add(one, 4);
        assert_eq!(tree.children(one).len(), 2);
        assert_eq!(tree.next(one), Some(four));
        // The same move again is the same node, not a copy.
        assert_eq!(tree.add(one, 4), four);
        let two = tree.children(one)[0];
        tree.visit(two);
        assert_eq!(tree.next(one), Some(two));
        assert_eq!(tree.words(ToString::to_string).join(" "), "1 2 (4) 3");
    }

    #[test]
    fn promote_and_delete_rearrange_the_lines() {
        let mut tree = read("a b (c d) e");
        let c = tree.siblings(tree.main_line(ROOT)[1])[1];
        let d = tree.main_line(c)[0];
        tree.promote(d);
        assert_eq!(text(&tree), "a c (b e) d");
        assert!(tree.on_main_line(d));
        let b = tree.siblings(c)[1];
        assert_eq!(tree.delete(b), tree.children(ROOT)[0]);
        assert_eq!(text(&tree), "a c d");
        assert!(!tree.nodes_in_order().contains(&b));
        assert_eq!(tree.delete(ROOT), ROOT);
    }

    #[test]
    fn unbalanced_brackets_say_where() {
        let bad = |t: &str| MoveTree::read(t.split_whitespace(), |_, w| w.to_owned()).err();
        assert_eq!(bad("(a b)"), Some(TreeError::NothingToVary { word: 0 }));
        assert_eq!(bad("a b) c"), Some(TreeError::Unopened { word: 1 }));
        assert_eq!(bad("a (b c"), Some(TreeError::Unclosed));
        assert_eq!(bad("a (b) c"), None);
    }

    #[test]
    fn try_map_sees_the_moves_before_each_move() {
        let tree = read("1 2 (3 4) 5");
        let sums = tree
            .try_map(|before, mv| {
                let sum: i32 = before
                    .iter()
                    .map(|&n| tree.mv(n).unwrap().parse::<i32>().unwrap())
                    .sum();
                Ok::<_, ()>(sum + mv.parse::<i32>().unwrap())
            })
            .expect("no error");
        assert_eq!(sums.words(ToString::to_string).join(" "), "1 3 (4 8) 8");
        let failed = tree.try_map(|_, mv| if mv == "4" { Err("four") } else { Ok(0) });
        assert_eq!(failed.err().map(|(_, e)| e), Some("four"));
    }
}
