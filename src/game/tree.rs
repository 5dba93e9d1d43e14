//! Explicit game trees in textbook notation, e.g. `((3 12 8) (2 4 6) (14 5 2))`.
//!
//! Leaves are integers from the root (MAX) player's view; nesting may vary. The tree is stored
//! as an arena with each node's children contiguous, so a position is a `Copy` index.

use crate::game::Game;
use crate::game::Value;
use crate::game::synthetic::Rng;

/// Deepest nesting accepted (the trace stores `ply` in a byte).
pub const MAX_TREE_DEPTH: usize = 200;
/// Largest leaf magnitude accepted.
pub const MAX_LEAF: i64 = 1_000_000_000 - 2;
/// Most children one node may have (the trace stores move indices in 16 bits).
pub const MAX_CHILDREN: usize = u16::MAX as usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TreeNode {
    first_child: u32,
    n_children: u32,
    value: Value,
}

/// A parsed explicit tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<TreeNode>,
    root: u32,
}

/// A malformed tree text: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line and column of the offending character.
    pub line: usize,
    pub column: usize,
    /// 0-based byte offset.
    pub offset: usize,
    pub message: String,
}

impl core::fmt::Display for ParseError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "tree text, line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// A node as parsed, before its children are laid out contiguously.
struct RawNode {
    children: Vec<u32>,
    value: Value,
}

impl Tree {
    /// Parses textbook notation: a tree is an integer leaf or `(` one or more trees `)`.
    /// Whitespace and commas separate items; `#` starts a comment to the end of the line.
    pub fn parse(text: &str) -> Result<Tree, ParseError> {
        let bytes = text.as_bytes();
        let err = |offset: usize, message: String| {
            let before = &text[..offset.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            ParseError {
                line,
                column,
                offset,
                message,
            }
        };
        let describe = |i: usize| -> String {
            match text[i..].chars().next() {
                Some(c) => format!("'{c}'"),
                None => "end of input".to_string(),
            }
        };
        // Nodes are parsed into `raw` with child lists, then laid out breadth-first.
        let mut raw: Vec<RawNode> = Vec::new();
        let mut stack: Vec<(usize, Vec<u32>)> = Vec::new();
        let mut top: Option<u32> = None;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            match c {
                b' ' | b'\t' | b'\r' | b'\n' | b',' => i += 1,
                b'#' => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                b')' => {
                    let Some((open, items)) = stack.pop() else {
                        return Err(err(i, "unmatched ')': no '(' is open here".to_string()));
                    };
                    if items.is_empty() {
                        return Err(err(
                            i,
                            "expected a leaf value or '(' : a subtree needs at least one child"
                                .to_string(),
                        ));
                    }
                    if items.len() > MAX_CHILDREN {
                        return Err(err(
                            open,
                            format!("this node has more than {MAX_CHILDREN} children"),
                        ));
                    }
                    let id = raw.len() as u32;
                    raw.push(RawNode {
                        children: items,
                        value: 0,
                    });
                    i += 1;
                    match stack.last_mut() {
                        Some((_, parent)) => parent.push(id),
                        None => top = Some(id),
                    }
                }
                _ if top.is_some() => {
                    return Err(err(
                        i,
                        format!(
                            "expected end of input after the tree, found {}",
                            describe(i)
                        ),
                    ));
                }
                b'(' => {
                    if stack.len() >= MAX_TREE_DEPTH {
                        return Err(err(
                            i,
                            format!("the tree is nested deeper than {MAX_TREE_DEPTH} levels"),
                        ));
                    }
                    stack.push((i, Vec::new()));
                    i += 1;
                }
                b'-' | b'+' | b'0'..=b'9' => {
                    let start = i;
                    i += 1;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                    let lit = &text[start..i];
                    let value: i64 = match lit.parse() {
                        Ok(v) => v,
                        Err(_) if lit.len() == 1 => {
                            return Err(err(
                                start,
                                format!("expected digits after '{lit}', found {}", describe(i)),
                            ));
                        }
                        Err(_) => i64::MAX,
                    };
                    if value.abs() > MAX_LEAF {
                        return Err(err(
                            start,
                            format!("leaf value {lit} is out of range (at most ±{MAX_LEAF})"),
                        ));
                    }
                    if i < bytes.len()
                        && !matches!(
                            bytes[i],
                            b' ' | b'\t' | b'\r' | b'\n' | b',' | b'(' | b')' | b'#'
                        )
                    {
                        return Err(err(
                            i,
                            format!(
                                "expected a digit, space or parenthesis, found {}",
                                describe(i)
                            ),
                        ));
                    }
                    let id = raw.len() as u32;
                    raw.push(RawNode {
                        children: Vec::new(),
                        value: value as Value,
                    });
                    match stack.last_mut() {
                        Some((_, parent)) => parent.push(id),
                        None => top = Some(id),
                    }
                }
                _ => {
                    return Err(err(
                        i,
                        format!(
                            "expected an integer leaf, '(' or ')', found {}",
                            describe(i)
                        ),
                    ));
                }
            }
        }
        if let Some(&(open, _)) = stack.last() {
            let at = err(open, String::new());
            return Err(err(
                text.len(),
                format!(
                    "unexpected end of input: expected ')' to close the '(' at line {}, column {}",
                    at.line, at.column
                ),
            ));
        }
        let Some(top) = top else {
            return Err(err(
                text.len(),
                "empty tree: expected an integer leaf or '('".to_string(),
            ));
        };
        // Breadth-first layout: each node's children occupy consecutive slots.
        let mut nodes = vec![TreeNode {
            first_child: 0,
            n_children: 0,
            value: 0,
        }];
        let mut queue = vec![top];
        let mut head = 0;
        while head < queue.len() {
            let r = &raw[queue[head] as usize];
            nodes[head] = TreeNode {
                first_child: nodes.len() as u32,
                n_children: r.children.len() as u32,
                value: r.value,
            };
            for &c in &r.children {
                queue.push(c);
                nodes.push(TreeNode {
                    first_child: 0,
                    n_children: 0,
                    value: 0,
                });
            }
            head += 1;
        }
        let root = 0;
        Ok(Tree { nodes, root })
    }

    /// The root position (MAX to move).
    pub fn root(&self) -> TreePos<'_> {
        TreePos {
            tree: self,
            node: self.root,
            max_to_move: true,
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Number of leaves.
    pub fn leaves(&self) -> usize {
        self.nodes.iter().filter(|n| n.n_children == 0).count()
    }

    /// Writes the tree back in textbook notation.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_node(self.root, &mut out);
        out
    }

    fn write_node(&self, id: u32, out: &mut String) {
        let n = self.nodes[id as usize];
        if n.n_children == 0 {
            out.push_str(&n.value.to_string());
            return;
        }
        out.push('(');
        for k in 0..n.n_children {
            if k > 0 {
                out.push(' ');
            }
            self.write_node(n.first_child + k, out);
        }
        out.push(')');
    }

    /// Builds a tree from nested lists, for generators and tests.
    pub fn from_shape(shape: &Shape) -> Tree {
        Tree::parse(&shape.to_text()).expect("generated trees are well formed")
    }
}

/// A tree as nested values, used to generate random trees in tests and the CLI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Leaf(Value),
    Node(Vec<Shape>),
}

impl Shape {
    /// A seeded random tree of at most `depth` plies with uneven nesting: inner nodes have
    /// 1..=`max_children` children, leaves lie in `-leaf_bound..=leaf_bound` (small bounds
    /// make ties common), and below depth 4 a subtree ends early one time in five.
    pub fn random(rng: &mut Rng, depth: u32, max_children: u64, leaf_bound: i64) -> Shape {
        if depth == 0 || (depth < 4 && rng.below(5) == 0) {
            return Shape::Leaf(rng.range(-leaf_bound, leaf_bound) as Value);
        }
        let n = 1 + rng.below(max_children) as usize;
        Shape::Node(
            (0..n)
                .map(|_| Shape::random(rng, depth - 1, max_children, leaf_bound))
                .collect(),
        )
    }

    pub fn to_text(&self) -> String {
        match self {
            Shape::Leaf(v) => v.to_string(),
            Shape::Node(ch) => {
                let parts: Vec<String> = ch.iter().map(Shape::to_text).collect();
                format!("({})", parts.join(" "))
            }
        }
    }
}

/// A node of an explicit tree.
#[derive(Clone, Copy, Debug)]
pub struct TreePos<'a> {
    tree: &'a Tree,
    node: u32,
    max_to_move: bool,
}

impl PartialEq for TreePos<'_> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.tree, other.tree) && self.node == other.node
    }
}

impl<'a> TreePos<'a> {
    fn rec(&self) -> TreeNode {
        self.tree.nodes[self.node as usize]
    }

    /// Number of children.
    pub fn degree(&self) -> usize {
        self.rec().n_children as usize
    }

    /// The child at `index`.
    pub fn child(&self, index: usize) -> TreePos<'a> {
        self.play(index as u32)
    }

    /// The leaf value from MAX's view (0 for inner nodes).
    pub fn leaf_value(&self) -> Value {
        self.rec().value
    }
}

impl Game for TreePos<'_> {
    type Move = u32;

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend(0..self.rec().n_children);
    }

    fn play(&self, mv: u32) -> Self {
        let n = self.rec();
        debug_assert!(mv < n.n_children);
        TreePos {
            tree: self.tree,
            node: n.first_child + mv,
            max_to_move: !self.max_to_move,
        }
    }

    fn evaluate(&self) -> Value {
        let v = self.rec().value;
        if self.max_to_move { v } else { -v }
    }

    fn no_moves_value(&self, _ply: u32) -> Value {
        self.evaluate()
    }

    fn key(&self) -> u64 {
        crate::game::synthetic::mix(self.node as u64 ^ 0x7265_6564)
    }

    fn is_leaf(&self) -> bool {
        self.rec().n_children == 0
    }

    fn move_code(&self, mv: u32, _index: usize) -> u16 {
        mv as u16
    }
}
