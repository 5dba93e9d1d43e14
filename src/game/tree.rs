//! Explicit game trees in textbook notation, e.g. `((3 12 8) (2 4 6) (14 5 2))`, optionally
//! after a header naming who moves at the root: `min ((3 12 8) (2 4 6))` (docs/cli.md, "Tree
//! text"; `max` is the default).
//!
//! Leaves are integers from MAX's view, also under a MIN root; nesting may vary. The parsed tree is
//! two flat arrays in breadth-first order, so each node's children are contiguous: per node
//! the index of its first child (the next node's entry ends its child range) and per node its
//! leaf value, 8 bytes a node. A position ([`TreePos`]) is a `Copy` index into them.
//!
//! The text is read twice and nothing else is allocated: the first pass checks it and counts
//! the nodes on each level, refusing a limit the moment it is crossed (too many children,
//! too deep, too many nodes, a leaf out of range); the second writes each node straight into
//! its breadth-first slot. In breadth-first order the nodes of one level are in left-to-right
//! order, as a depth-first reading meets them, so a node's slot is its level's start plus the
//! number of nodes met on that level before it.

use crate::game::Game;
use crate::game::Value;
use crate::game::synthetic::Rng;
use crate::schema::MAX_MOVES;

/// Deepest nesting accepted: the search recurses once per level, and the page lays out one row
/// per level.
pub const MAX_TREE_DEPTH: usize = 200;
/// Largest leaf magnitude accepted: every value stays inside the search's `(-INF, INF)` with
/// room for its windows.
pub const MAX_LEAF: i64 = 1_000_000_000 - 2;
/// Most children one node may have: the trace's move indices and counts are 16 bits, with
/// one value reserved for "none" ([`MAX_MOVES`]).
pub const MAX_CHILDREN: usize = MAX_MOVES;
/// Most nodes a tree may have (leaves and inner nodes): 8 bytes each, 400 MB at the limit.
pub const MAX_TREE_NODES: usize = 50_000_000;
/// Longest tree text accepted (1 GiB): room for [`MAX_TREE_NODES`] nodes with comments, and a
/// bound for readers that must decide how much to read.
pub const MAX_TREE_TEXT_BYTES: usize = 1 << 30;
/// Largest branch weight of a chance node: with at most [`MAX_CHILDREN`] branches a node's
/// total stays below 2^36, so the exact fractions of search/chance.rs have room.
pub const MAX_WEIGHT: u64 = 1_000_000;

/// A parsed explicit tree: breadth-first flat arrays (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// `first[i]` is the index of node `i`'s first child and `first[i + 1] - first[i]` its
    /// number of children; one entry more than there are nodes.
    first: Vec<u32>,
    /// Leaf values from MAX's view (0 for inner nodes).
    values: Vec<Value>,
    /// MIN moves at the root (the `min` header); MAX otherwise.
    min_root: bool,
    /// Chance nodes (docs/cli.md, "Tree text"): `weights[i]` is the weight of the branch into
    /// node `i` when its parent is a chance node, 0 otherwise; a chance node is an inner node
    /// whose children have weights. Empty when the tree has no chance node, so a tree without
    /// one costs what it always cost.
    weights: Vec<u32>,
    /// The `bounds L U` header: every leaf lies in `[L, U]` (checked when parsing). Ballard's
    /// *-minimax (search/chance.rs) needs them before the search.
    bounds: Option<(Value, Value)>,
}

/// What is wrong at the place a [`ParseError`] points to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    #[error("empty tree: expected an integer leaf or '('")]
    Empty,
    #[error("unmatched ')': no '(' is open here")]
    Unmatched,
    #[error("unmatched ']': no '[' is open here")]
    UnmatchedChance,
    #[error(
        "unexpected end of input: expected ']' to close the '[' at line {open_line}, column \
         {open_column}"
    )]
    UnclosedChance {
        open_line: usize,
        open_column: usize,
    },
    #[error("expected a leaf value or '(': a subtree needs at least one child")]
    EmptySubtree,
    #[error(
        "unexpected end of input: expected ')' to close the '(' at line {open_line}, column \
         {open_column}"
    )]
    Unclosed {
        open_line: usize,
        open_column: usize,
    },
    #[error("expected end of input after the tree, found {}", found_text(*.found))]
    AfterTree { found: Option<char> },
    #[error("expected an integer leaf, '(', '[' or a closing bracket, found {}", found_text(*.found))]
    Unexpected { found: Option<char> },
    #[error("expected digits after '{sign}', found {}", found_text(*.found))]
    SignWithoutDigits { sign: char, found: Option<char> },
    #[error("expected a digit, space, parenthesis or bracket, found {}", found_text(*.found))]
    AfterLeaf { found: Option<char> },
    #[error("leaf value {literal} is out of range (at most ±{MAX_LEAF})")]
    LeafOutOfRange { literal: String },
    #[error("the tree is nested deeper than {MAX_TREE_DEPTH} levels")]
    TooDeep,
    #[error(
        "the node opened at line {open_line}, column {open_column} has more than \
         {MAX_CHILDREN} children"
    )]
    TooManyChildren {
        open_line: usize,
        open_column: usize,
    },
    #[error("the tree has more than {MAX_TREE_NODES} nodes")]
    TooManyNodes,
    #[error("the tree text is longer than {MAX_TREE_TEXT_BYTES} bytes")]
    TooLong,
    #[error(
        "expected a weight 'W:' before this branch of the chance node opened at line \
             {open_line}, column {open_column}"
    )]
    WeightExpected {
        open_line: usize,
        open_column: usize,
    },
    #[error("a weight 'W:' stands only before a branch of a chance node '[...]'")]
    WeightOutsideChance,
    #[error("expected a branch after the weight, found {}", found_text(*.found))]
    BranchExpected { found: Option<char> },
    #[error("branch weight {literal} must be a whole number from 1 to {MAX_WEIGHT}")]
    BadWeight { literal: String },
    #[error(
        "expected '{expected}' to close the '{open}' at line {open_line}, column {open_column}, \
         found '{found}'"
    )]
    WrongClose {
        open: char,
        expected: char,
        found: char,
        open_line: usize,
        open_column: usize,
    },
    #[error(
        "unknown header {word:?}: expected max or min (lowercase), or bounds L U, before the tree"
    )]
    UnknownHeader { word: String },
    #[error("the header {word:?} is given twice")]
    DuplicateHeader { word: String },
    #[error("'bounds' needs two integers L U, found {}", found_text(*.found))]
    BoundsExpected { found: Option<char> },
    #[error("bound {literal} of the 'bounds' header is out of range (at most ±{MAX_LEAF})")]
    BoundOutOfRange { literal: String },
    #[error("bounds {lower} {upper}: L must not exceed U")]
    BoundsOrder { lower: i64, upper: i64 },
    #[error("leaf value {value} lies outside the declared bounds [{lower}, {upper}]")]
    OutsideBounds { value: i64, lower: i64, upper: i64 },
}

/// A character of the input as a message shows it: quoted with control characters escaped
/// (`'\0'`, `'\u{1b}'`), or "end of input".
fn found_text(found: Option<char>) -> String {
    match found {
        Some(c) => format!("{c:?}"),
        None => "end of input".to_string(),
    }
}

/// A malformed tree text: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tree text, line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line and column (in characters) of the offending character.
    pub line: usize,
    pub column: usize,
    /// 0-based byte offset.
    pub offset: usize,
    pub kind: ParseErrorKind,
}

/// 1-based line and column (in characters) of byte `offset` of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// One item of tree text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    Leaf(Value),
    /// `[`: a chance node opens.
    OpenChance,
    /// `]`: a chance node closes.
    CloseChance,
    /// `W:`, the weight of the chance branch that follows.
    Weight(u32),
}

/// Reads the items of tree text one by one, with their byte offsets.
struct Tokens<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        Tokens { text, at: 0 }
    }

    fn error(&self, offset: usize, kind: ParseErrorKind) -> ParseError {
        let (line, column) = line_column(self.text, offset);
        ParseError {
            line,
            column,
            offset,
            kind,
        }
    }

    fn char_at(&self, offset: usize) -> Option<char> {
        self.text.get(offset..).and_then(|s| s.chars().next())
    }

    /// Skips separators and comments; the offset of the next item's first character, if any.
    fn skip_blank(&mut self) -> Option<usize> {
        let bytes = self.text.as_bytes();
        loop {
            match bytes.get(self.at)? {
                b' ' | b'\t' | b'\r' | b'\n' | b',' => self.at += 1,
                b'#' => {
                    while self.at < bytes.len() && bytes[self.at] != b'\n' {
                        self.at += 1;
                    }
                }
                _ => return Some(self.at),
            }
        }
    }

    /// The next item and its offset, `Ok(None)` at the end of the text.
    fn next(&mut self) -> Result<Option<(usize, Token)>, ParseError> {
        let Some(start) = self.skip_blank() else {
            return Ok(None);
        };
        let bytes = self.text.as_bytes();
        let c = bytes[start];
        self.at += 1;
        let token = match c {
            b'(' => Token::Open,
            b')' => Token::Close,
            b'[' => Token::OpenChance,
            b']' => Token::CloseChance,
            b'-' | b'+' | b'0'..=b'9' => {
                while self.at < bytes.len() && bytes[self.at].is_ascii_digit() {
                    self.at += 1;
                }
                let lit = &self.text[start..self.at];
                if lit.len() == 1 && !c.is_ascii_digit() {
                    return Err(self.error(
                        self.at,
                        ParseErrorKind::SignWithoutDigits {
                            sign: c as char,
                            found: self.char_at(self.at),
                        },
                    ));
                }
                if bytes.get(self.at) == Some(&b':') {
                    return self.weight(start).map(|w| Some((start, w)));
                }
                // Digits only after an optional sign: parsing fails only by overflow.
                let value = lit
                    .parse::<i64>()
                    .ok()
                    .filter(|v| v.abs() <= MAX_LEAF)
                    .ok_or_else(|| {
                        // A literal of a million digits is shown by its start and length.
                        let literal = if lit.len() > 40 {
                            format!("{}… ({} characters)", &lit[..24], lit.len())
                        } else {
                            lit.to_string()
                        };
                        self.error(start, ParseErrorKind::LeafOutOfRange { literal })
                    })?;
                if let Some(&next) = bytes.get(self.at)
                    && !matches!(
                        next,
                        b' ' | b'\t' | b'\r' | b'\n' | b',' | b'(' | b')' | b'[' | b']' | b'#'
                    )
                {
                    return Err(self.error(
                        self.at,
                        ParseErrorKind::AfterLeaf {
                            found: self.char_at(self.at),
                        },
                    ));
                }
                Token::Leaf(value as Value)
            }
            _ => {
                return Err(self.error(
                    start,
                    ParseErrorKind::Unexpected {
                        found: self.char_at(start),
                    },
                ));
            }
        };
        Ok(Some((start, token)))
    }

    /// A branch weight `W:` whose digits start at `start` and end at the ':' under `self.at`.
    fn weight(&mut self, start: usize) -> Result<Token, ParseError> {
        let lit = &self.text[start..self.at];
        self.at += 1;
        lit.parse::<u64>()
            .ok()
            .filter(|w| (1..=MAX_WEIGHT).contains(w) && lit.as_bytes()[0].is_ascii_digit())
            .map(|w| Token::Weight(w as u32))
            .ok_or_else(|| {
                let literal = if lit.len() > 40 {
                    format!("{}… ({} characters)", &lit[..24], lit.len())
                } else {
                    lit.to_string()
                };
                self.error(start, ParseErrorKind::BadWeight { literal })
            })
    }

    /// Reads the headers before the tree (docs/cli.md "Tree text"; lowercase words, each at
    /// most once):
    /// `max` or `min` (who moves at the root; one header) and `bounds L U`. A header is a word of
    /// letters, digits or `_` starting with a letter, so `MIN` or `min3` is refused by name.
    /// Returns what they declare; the tokens then stand at the tree.
    fn headers(&mut self) -> Result<Headers, ParseError> {
        let mut headers = Headers::default();
        let mut side_given = false;
        while let Some(start) = self.skip_blank() {
            let bytes = self.text.as_bytes();
            if !bytes[start].is_ascii_alphabetic() {
                break;
            }
            let mut end = start;
            while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
                end += 1;
            }
            let word = &self.text[start..end];
            self.at = end;
            let twice = |tokens: &Self| {
                tokens.error(
                    start,
                    ParseErrorKind::DuplicateHeader {
                        word: word.to_string(),
                    },
                )
            };
            match word {
                "max" | "min" => {
                    if side_given {
                        return Err(twice(self));
                    }
                    side_given = true;
                    headers.min_root = word == "min";
                }
                "bounds" => {
                    if headers.bounds.is_some() {
                        return Err(twice(self));
                    }
                    let lower = self.bound()?;
                    let upper = self.bound()?;
                    if lower > upper {
                        return Err(self.error(
                            start,
                            ParseErrorKind::BoundsOrder {
                                lower: lower as i64,
                                upper: upper as i64,
                            },
                        ));
                    }
                    headers.bounds = Some((lower, upper));
                }
                _ => {
                    // A long run of letters is shown by its start.
                    let word = if word.len() > 40 {
                        format!("{}…", &word[..24])
                    } else {
                        word.to_string()
                    };
                    return Err(self.error(start, ParseErrorKind::UnknownHeader { word }));
                }
            }
        }
        Ok(headers)
    }

    /// One integer of the `bounds` header (a leaf value's range applies).
    fn bound(&mut self) -> Result<Value, ParseError> {
        let at = self.skip_blank().unwrap_or(self.text.len());
        // The tokenizer reads a bound as it reads a leaf; a number out of range is a bound's.
        let token = self.next().map_err(|e| match e.kind {
            ParseErrorKind::LeafOutOfRange { literal } => ParseError {
                kind: ParseErrorKind::BoundOutOfRange { literal },
                ..e
            },
            _ => e,
        })?;
        match token {
            Some((_, Token::Leaf(v))) => Ok(v),
            _ => Err(self.error(
                at,
                ParseErrorKind::BoundsExpected {
                    found: self.char_at(at),
                },
            )),
        }
    }
}

impl Tree {
    /// Parses textbook notation: a tree is an integer leaf, `(` one or more trees `)` (a
    /// decision node), or `[` one or more weighted branches `W:tree` `]` (a chance node,
    /// docs/cli.md "Tree text"), after an optional `bounds L U` header. Whitespace and commas separate items; `#` starts a comment to the end of the line.
    /// Refuses more than [`MAX_CHILDREN`] children under one node, nesting deeper than
    /// [`MAX_TREE_DEPTH`], more than [`MAX_TREE_NODES`] nodes and leaves beyond ±[`MAX_LEAF`]
    /// as soon as the text crosses the limit, so that memory never grows past the tree's
    /// compact size; text longer than [`MAX_TREE_TEXT_BYTES`] is refused unread.
    pub fn parse(text: &str) -> Result<Tree, ParseError> {
        Self::parse_capped(text, MAX_TREE_NODES)
    }

    fn parse_capped(text: &str, max_nodes: usize) -> Result<Tree, ParseError> {
        if text.len() > MAX_TREE_TEXT_BYTES {
            let tokens = Tokens::new(text);
            return Err(tokens.error(MAX_TREE_TEXT_BYTES, ParseErrorKind::TooLong));
        }
        let mut tokens = Tokens::new(text);
        let headers = tokens.headers()?;
        let start = tokens.at;
        let (levels, has_chance) = Self::count_levels(text, start, max_nodes, headers.bounds)?;
        let mut tree = Self::lay_out(text, start, &levels, has_chance);
        tree.bounds = headers.bounds;
        tree.min_root = headers.min_root;
        Ok(tree)
    }

    /// A closing `)` or `]` (`chance`) at `at`: pops the node it closes, refusing one that is
    /// not open, of the other kind, or empty.
    fn close(
        tokens: &Tokens<'_>,
        text: &str,
        open: &mut Vec<(usize, usize, bool)>,
        at: usize,
        chance: bool,
    ) -> Result<(), ParseError> {
        match open.pop() {
            None if chance => Err(tokens.error(at, ParseErrorKind::UnmatchedChance)),
            None => Err(tokens.error(at, ParseErrorKind::Unmatched)),
            Some((opened, _, was)) if was != chance => {
                let (open_line, open_column) = line_column(text, opened);
                let (open_char, expected) = if was { ('[', ']') } else { ('(', ')') };
                Err(tokens.error(
                    at,
                    ParseErrorKind::WrongClose {
                        open: open_char,
                        expected,
                        found: if chance { ']' } else { ')' },
                        open_line,
                        open_column,
                    },
                ))
            }
            Some((_, 0, _)) => Err(tokens.error(at, ParseErrorKind::EmptySubtree)),
            Some(_) => Ok(()),
        }
    }

    /// A leaf outside the declared `bounds` is refused where it stands.
    fn check_bounds(
        tokens: &Tokens<'_>,
        at: usize,
        v: Value,
        bounds: Option<(Value, Value)>,
    ) -> Result<(), ParseError> {
        match bounds {
            Some((lower, upper)) if !(lower..=upper).contains(&v) => Err(tokens.error(
                at,
                ParseErrorKind::OutsideBounds {
                    value: v as i64,
                    lower: lower as i64,
                    upper: upper as i64,
                },
            )),
            _ => Ok(()),
        }
    }

    /// First pass from byte `start` (after the headers): checks the text and returns the
    /// number of nodes on each level, and whether there is a chance node.
    fn count_levels(
        text: &str,
        start: usize,
        max_nodes: usize,
        bounds: Option<(Value, Value)>,
    ) -> Result<(Vec<u32>, bool), ParseError> {
        let mut tokens = Tokens::new(text);
        tokens.at = start;
        let mut levels: Vec<u32> = Vec::new();
        // Open subtrees: offset of the '(' or '[', children so far, and whether it is a chance
        // node.
        let mut open: Vec<(usize, usize, bool)> = Vec::new();
        // Where the weight of the chance branch about to start was written.
        let mut weighted = false;
        let mut has_chance = false;
        let mut nodes = 0usize;
        let mut done = false;
        loop {
            if done {
                // Whatever follows a complete tree is refused as such, even if it is no item.
                return match tokens.skip_blank() {
                    Some(at) if text.as_bytes()[at] == b')' => {
                        Err(tokens.error(at, ParseErrorKind::Unmatched))
                    }
                    Some(at) if text.as_bytes()[at] == b']' => {
                        Err(tokens.error(at, ParseErrorKind::UnmatchedChance))
                    }
                    Some(at) => Err(tokens.error(
                        at,
                        ParseErrorKind::AfterTree {
                            found: tokens.char_at(at),
                        },
                    )),
                    None => Ok((levels, has_chance)),
                };
            }
            let Some((at, token)) = tokens.next()? else {
                break;
            };
            match token {
                Token::Close | Token::CloseChance => {
                    if weighted {
                        return Err(tokens.error(
                            at,
                            ParseErrorKind::BranchExpected {
                                found: tokens.char_at(at),
                            },
                        ));
                    }
                    Self::close(&tokens, text, &mut open, at, token == Token::CloseChance)?;
                    done = open.is_empty();
                    continue;
                }
                Token::Weight(_) => {
                    match open.last() {
                        Some(&(_, _, true)) if !weighted => weighted = true,
                        Some(&(_, _, true)) => {
                            return Err(tokens.error(
                                at,
                                ParseErrorKind::BranchExpected {
                                    found: tokens.char_at(at),
                                },
                            ));
                        }
                        _ => return Err(tokens.error(at, ParseErrorKind::WeightOutsideChance)),
                    }
                    continue;
                }
                _ => {}
            }
            // A new node (a leaf or an opening subtree) on level `open.len()`.
            if let Some((parent, children, chance)) = open.last_mut() {
                if *chance && !weighted {
                    let (open_line, open_column) = line_column(text, *parent);
                    return Err(tokens.error(
                        at,
                        ParseErrorKind::WeightExpected {
                            open_line,
                            open_column,
                        },
                    ));
                }
                weighted = false;
                *children += 1;
                if *children > MAX_CHILDREN {
                    let (open_line, open_column) = line_column(text, *parent);
                    return Err(tokens.error(
                        at,
                        ParseErrorKind::TooManyChildren {
                            open_line,
                            open_column,
                        },
                    ));
                }
            }
            nodes += 1;
            if nodes > max_nodes {
                return Err(tokens.error(at, ParseErrorKind::TooManyNodes));
            }
            let level = open.len();
            if levels.len() <= level {
                levels.push(0);
            }
            levels[level] += 1;
            match token {
                Token::Open | Token::OpenChance => {
                    if open.len() >= MAX_TREE_DEPTH {
                        return Err(tokens.error(at, ParseErrorKind::TooDeep));
                    }
                    let chance = token == Token::OpenChance;
                    has_chance |= chance;
                    open.push((at, 0, chance));
                }
                Token::Leaf(v) => {
                    Self::check_bounds(&tokens, at, v, bounds)?;
                    done = open.is_empty();
                }
                _ => done = open.is_empty(),
            }
        }
        if weighted {
            return Err(tokens.error(text.len(), ParseErrorKind::BranchExpected { found: None }));
        }
        if let Some(&(at, _, chance)) = open.last() {
            let (open_line, open_column) = line_column(text, at);
            let kind = if chance {
                ParseErrorKind::UnclosedChance {
                    open_line,
                    open_column,
                }
            } else {
                ParseErrorKind::Unclosed {
                    open_line,
                    open_column,
                }
            };
            return Err(tokens.error(text.len(), kind));
        }
        if nodes == 0 {
            return Err(tokens.error(text.len(), ParseErrorKind::Empty));
        }
        Ok((levels, has_chance))
    }

    /// Second pass over text that [`Tree::count_levels`] accepted, from byte `start`: writes
    /// every node into its breadth-first slot.
    fn lay_out(text: &str, start: usize, levels: &[u32], has_chance: bool) -> Tree {
        let total: usize = levels.iter().map(|&n| n as usize).sum();
        // next[l]: the slot of the next node met on level l (starts at the level's start).
        let mut next: Vec<u32> = Vec::with_capacity(levels.len() + 1);
        let mut level_start = 0u32;
        for &n in levels {
            next.push(level_start);
            level_start += n;
        }
        next.push(level_start);
        let mut first = vec![0u32; total + 1];
        let mut values = vec![0 as Value; total];
        let mut weights = if has_chance {
            vec![0u32; total]
        } else {
            Vec::new()
        };
        first[total] = total as u32;
        let mut tokens = Tokens::new(text);
        tokens.at = start;
        let mut depth = 0usize;
        let mut weight = 0u32;
        // The first pass accepted this text, so the tokens are the same and well formed.
        while let Ok(Some((_, token))) = tokens.next() {
            match token {
                Token::Close | Token::CloseChance => {
                    depth -= 1;
                    continue;
                }
                Token::Weight(w) => {
                    weight = w;
                    continue;
                }
                _ => {}
            }
            let slot = next[depth] as usize;
            next[depth] += 1;
            if weight != 0 {
                weights[slot] = weight;
                weight = 0;
            }
            // The node's children are the next nodes met on the level below.
            first[slot] = next[depth + 1];
            match token {
                Token::Leaf(v) => values[slot] = v,
                _ => depth += 1,
            }
        }
        Tree {
            first,
            values,
            min_root: false,
            weights,
            bounds: None,
        }
    }

    /// The root position: MAX to move, or MIN under a `min` header. Leaves stay from MAX's
    /// view either way; the search (negamax) sees them from the side to move's.
    pub fn root(&self) -> TreePos<'_> {
        self.root_scaled(1)
    }

    /// The root position with every leaf value read times `scale`: a chance search's exact
    /// values in integers (src/search/chance.rs, [`crate::search::chance::prepare`], which
    /// checks that the products fit).
    pub fn root_scaled(&self, scale: Value) -> TreePos<'_> {
        debug_assert!(scale > 0, "a scale is a positive denominator");
        TreePos {
            tree: self,
            node: 0,
            sign: if self.min_root { -scale } else { scale },
        }
    }

    /// MIN moves at the root (the tree text's `min` header).
    pub fn min_root(&self) -> bool {
        self.min_root
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The tree's shape as its two breadth-first arrays: per node the index of its first child
    /// (one entry more than there are nodes; node `i` has `first[i + 1] - first[i]` children)
    /// and its leaf value from MAX's view (0 for inner nodes). The page draws the subtrees a
    /// search never visited from these, so that it never parses the tree text a second time.
    pub fn shape_arrays(&self) -> (&[u32], &[Value]) {
        (&self.first, &self.values)
    }

    /// Number of leaves.
    pub fn leaves(&self) -> usize {
        self.first.windows(2).filter(|w| w[0] == w[1]).count()
    }

    /// Bytes the tree holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.first.capacity() * size_of::<u32>()
            + self.values.capacity() * size_of::<Value>()
            + self.weights.capacity() * size_of::<u32>()
    }

    /// Whether the tree holds a chance node: only the chance searches (search/chance.rs)
    /// accept it.
    pub fn has_chance(&self) -> bool {
        !self.weights.is_empty()
    }

    /// The declared `bounds L U` header, if any.
    pub fn bounds(&self) -> Option<(Value, Value)> {
        self.bounds
    }

    /// Node `id`'s first child and number of children.
    #[inline]
    pub fn children_of(&self, id: u32) -> (u32, u32) {
        self.children(id)
    }

    /// The leaf value of node `id` from MAX's view (0 for inner nodes).
    #[inline]
    pub fn value_of(&self, id: u32) -> Value {
        self.values[id as usize]
    }

    /// The weight of the branch into node `id` when its parent is a chance node, else 0.
    #[inline]
    pub fn weight_of(&self, id: u32) -> u32 {
        self.weights.get(id as usize).copied().unwrap_or(0)
    }

    /// Whether node `id` is a chance node (an inner node whose branches carry weights).
    #[inline]
    pub fn is_chance(&self, id: u32) -> bool {
        // A tree without chance nodes answers without reading its arrays (every node of every
        // search asks).
        if self.weights.is_empty() {
            return false;
        }
        let (first, n) = self.children(id);
        n > 0 && self.weight_of(first) > 0
    }

    /// Per node, the weight of the branch into it (0 when its parent is a decision node), in
    /// the breadth-first order of [`Tree::shape_arrays`]; empty without chance nodes.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    #[inline(always)]
    fn children(&self, node: u32) -> (u32, u32) {
        let i = node as usize;
        (self.first[i], self.first[i + 1] - self.first[i])
    }

    /// Writes the tree back in its canonical text (docs/cli.md "Tree text"):
    /// `min ` first when MIN moves at the root (`max`, the default, is not written), then the
    /// tree with single spaces and no comments. Parsing it gives the same tree.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.min_root {
            out.push_str("min ");
        }
        self.write_headers(&mut out);
        self.write_node(0, &mut out);
        out
    }

    /// The tree whose nodes, in preorder (depth-first, children left to right), have
    /// `degrees[i]` children and leaf value `values[i]` (ignored for inner nodes), with MIN
    /// at the root if `min_root`: how the page's tree editor hands its tree to the core to be
    /// printed, as flat arrays. The parser's limits apply ([`MAX_CHILDREN`],
    /// [`MAX_TREE_DEPTH`], [`MAX_TREE_NODES`], ±[`MAX_LEAF`]), each refused by an error that
    /// names the limit, so the editor refuses the edit that crosses it.
    pub fn from_preorder(
        degrees: &[u32],
        values: &[i64],
        min_root: bool,
    ) -> Result<Tree, PreorderError> {
        Self::from_preorder_chance(degrees, values, min_root, &[], &[], None)
    }

    /// [`Tree::from_preorder`] with chance nodes and bounds (docs/cli.md "Tree text"):
    /// `chance[i]` non-zero
    /// makes inner node `i` a chance node, `weights[i]` is the weight of the branch into node
    /// `i` when its parent is one (both empty, or one entry per node), and `bounds` the
    /// `bounds L U` header. The weights and the bounds are checked by the parser (a weight from
    /// 1 to [`MAX_WEIGHT`]; L ≤ U; every leaf inside), whose words are the editor's refusals.
    pub fn from_preorder_chance(
        degrees: &[u32],
        values: &[i64],
        min_root: bool,
        chance: &[u8],
        weights: &[u32],
        bounds: Option<(i64, i64)>,
    ) -> Result<Tree, PreorderError> {
        if degrees.len() != values.len() {
            return Err(PreorderError::Lengths {
                degrees: degrees.len(),
                values: values.len(),
            });
        }
        for (name, len) in [("chance kinds", chance.len()), ("weights", weights.len())] {
            if len != 0 && len != degrees.len() {
                return Err(PreorderError::Column {
                    name,
                    len,
                    nodes: degrees.len(),
                });
            }
        }
        if degrees.is_empty() {
            return Err(PreorderError::Missing { nodes: 1 });
        }
        if degrees.len() > MAX_TREE_NODES {
            return Err(PreorderError::TooManyNodes);
        }
        let is_chance = |i: usize| chance.get(i).is_some_and(|&c| c != 0);
        // Nodes still owed by each open inner node, innermost last, and whether it is a
        // chance node.
        let mut owed: Vec<(u32, bool)> = Vec::new();
        let mut text = String::new();
        if let Some((lower, upper)) = bounds {
            text.push_str(&format!("bounds {lower} {upper} "));
        }
        for (i, (&d, &v)) in degrees.iter().zip(values).enumerate() {
            if i > 0 && owed.is_empty() {
                return Err(PreorderError::Trailing { node: i });
            }
            if i > 0 {
                text.push(' ');
            }
            if d as usize > MAX_CHILDREN {
                return Err(PreorderError::TooManyChildren);
            }
            if let Some(last) = owed.last_mut() {
                last.0 -= 1;
                if last.1 {
                    // the weight is written as given; the parser refuses 0 or one too large
                    text.push_str(&format!("{}:", weights.get(i).copied().unwrap_or(0)));
                }
            }
            if d == 0 {
                if v.abs() > MAX_LEAF {
                    return Err(PreorderError::LeafOutOfRange { value: v });
                }
                text.push_str(&v.to_string());
            } else {
                if owed.len() >= MAX_TREE_DEPTH {
                    return Err(PreorderError::TooDeep);
                }
                let c = is_chance(i);
                text.push(if c { '[' } else { '(' });
                owed.push((d, c));
            }
            while owed.last().is_some_and(|o| o.0 == 0) {
                let (_, c) = owed.pop().expect("checked");
                text.push(if c { ']' } else { ')' });
            }
        }
        if !owed.is_empty() {
            return Err(PreorderError::Missing {
                nodes: owed.iter().map(|&(n, _)| n as usize).sum(),
            });
        }
        // Well formed and within the limits checked above; the parser checks the weights and
        // the bounds, and its error is passed on rather than trusted away.
        let mut tree = Tree::parse(&text).map_err(|e| PreorderError::Parse(e.kind))?;
        tree.min_root = min_root;
        Ok(tree)
    }

    /// The canonical header (docs/cli.md "Tree text"): `bounds L U ` when declared.
    fn write_headers(&self, out: &mut String) {
        if let Some((lower, upper)) = self.bounds {
            out.push_str(&format!("bounds {lower} {upper} "));
        }
    }

    fn write_node(&self, id: u32, out: &mut String) {
        let (first, n) = self.children(id);
        if n == 0 {
            out.push_str(&self.values[id as usize].to_string());
            return;
        }
        let chance = self.is_chance(id);
        out.push(if chance { '[' } else { '(' });
        for k in 0..n {
            if k > 0 {
                out.push(' ');
            }
            if chance {
                out.push_str(&format!("{}:", self.weights[(first + k) as usize]));
            }
            self.write_node(first + k, out);
        }
        out.push(if chance { ']' } else { ')' });
    }

    /// Builds a tree from nested lists, for generators and tests.
    pub fn from_shape(shape: &Shape) -> Tree {
        Tree::parse(&shape.to_text()).expect("generated trees are well formed")
    }
}

/// What the headers before a tree declare.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Headers {
    /// `min`: MIN moves at the root.
    min_root: bool,
    /// `bounds L U`: every leaf lies in `[L, U]`.
    bounds: Option<(Value, Value)>,
}

/// A tree given as preorder arrays ([`Tree::from_preorder`]) that is no tree, or that crosses
/// one of the parser's limits. The limits' messages are the editor's refusals.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PreorderError {
    #[error("{degrees} child counts but {values} values")]
    Lengths { degrees: usize, values: usize },
    #[error("node {node} comes after the tree is complete")]
    Trailing { node: usize },
    #[error("{len} {name} for {nodes} nodes")]
    Column {
        name: &'static str,
        len: usize,
        nodes: usize,
    },
    #[error("the tree is missing {nodes} {}", if *.nodes == 1 { "node" } else { "nodes" })]
    Missing { nodes: usize },
    #[error("a node may have at most {MAX_CHILDREN} children")]
    TooManyChildren,
    #[error("a tree may be nested at most {MAX_TREE_DEPTH} levels deep")]
    TooDeep,
    #[error("a tree may have at most {MAX_TREE_NODES} nodes")]
    TooManyNodes,
    #[error("leaf value {value} is out of range (at most ±{MAX_LEAF})")]
    LeafOutOfRange { value: i64 },
    #[error("{0}")]
    Parse(ParseErrorKind),
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
    /// What a leaf's value from MAX's view is multiplied by to read it from the side to move's
    /// and times the scale: `scale` when MAX is to move here, `-scale` when MIN is, where the
    /// scale is 1, or a chance search's `K` (src/search/chance.rs). One field for both, so
    /// that a position is as small as before chance nodes and a leaf is one multiply
    /// (issue 32 §6, docs/benchmarks.md).
    sign: Value,
}

impl PartialEq for TreePos<'_> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.tree, other.tree) && self.node == other.node
    }
}

impl<'a> TreePos<'a> {
    /// Number of children.
    #[inline]
    pub fn degree(&self) -> usize {
        self.tree.children(self.node).1 as usize
    }

    /// The child at `index`.
    pub fn child(&self, index: usize) -> TreePos<'a> {
        self.play(index as u32)
    }

    /// The leaf value from MAX's view (0 for inner nodes).
    #[inline]
    pub fn leaf_value(&self) -> Value {
        self.tree.values[self.node as usize]
    }
}

impl Game for TreePos<'_> {
    const CHANCE: bool = true;

    type Move = u32;

    fn legal_moves(&self, out: &mut Vec<u32>) {
        out.extend(0..self.tree.children(self.node).1);
    }

    fn play(&self, mv: u32) -> Self {
        let (first, n) = self.tree.children(self.node);
        debug_assert!(mv < n);
        let node = first + mv;
        // A chance node's branches belong to its own player (docs/cli.md "Tree text"). A
        // branch into a chance node's child carries its weight, never 0, and a decision node's
        // none ([`Tree::weight_of`]), so the child tells without a look at the parent's
        // children; a tree without chance nodes has no weights to read.
        let chance = self.tree.weight_of(node) != 0;
        TreePos {
            tree: self.tree,
            node,
            sign: if chance { self.sign } else { -self.sign },
        }
    }

    fn evaluate(&self) -> Value {
        self.leaf_value() * self.sign
    }

    fn no_moves_value(&self, _ply: u32) -> Value {
        self.evaluate()
    }

    fn key(&self) -> u64 {
        crate::game::synthetic::mix(self.node as u64 ^ 0x7265_6564)
    }

    fn is_leaf(&self) -> bool {
        self.tree.children(self.node).1 == 0
    }

    fn move_code(&self, mv: u32, _index: usize) -> u16 {
        mv as u16
    }

    fn is_chance(&self) -> bool {
        self.tree.is_chance(self.node)
    }

    fn chance_weight(&self, mv: u32) -> u32 {
        self.tree.weight_of(self.tree.children(self.node).0 + mv)
    }

    fn max_to_move(&self) -> bool {
        self.sign > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32 §5: an over-large number in the `bounds` header was called a "leaf value".
    #[test]
    fn an_out_of_range_bound_is_named_a_bound() {
        let e = Tree::parse("bounds 0 99999999999 (1 2)").unwrap_err();
        assert_eq!(
            e.kind.to_string(),
            "bound 99999999999 of the 'bounds' header is out of range (at most ±999999998)"
        );
        let e = Tree::parse("(1 99999999999)").unwrap_err();
        assert!(
            e.kind.to_string().starts_with("leaf value 99999999999"),
            "{e}"
        );
    }

    /// The breadth-first layout computed from nested lists, the obvious way: (first child,
    /// number of children, value) per node.
    fn reference_layout(shape: &Shape) -> Vec<(u32, u32, Value)> {
        let mut queue = vec![shape];
        let mut out = Vec::new();
        let mut head = 0;
        while head < queue.len() {
            let node = queue[head];
            match node {
                Shape::Leaf(v) => out.push((queue.len() as u32, 0, *v)),
                Shape::Node(children) => {
                    out.push((queue.len() as u32, children.len() as u32, 0));
                    queue.extend(children.iter());
                }
            }
            head += 1;
        }
        out
    }

    #[test]
    fn shape_arrays_give_the_russell_norvig_tree() {
        let tree = Tree::parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
        let (first, values) = tree.shape_arrays();
        assert_eq!(
            first,
            &[1, 4, 7, 10, 13, 13, 13, 13, 13, 13, 13, 13, 13, 13]
        );
        assert_eq!(values, &[0, 0, 0, 0, 3, 12, 8, 2, 4, 6, 14, 5, 2]);
    }

    fn error(text: &str) -> ParseError {
        match Tree::parse(text) {
            Ok(t) => panic!("{text:?} was accepted as {}", t.to_text()),
            Err(e) => e,
        }
    }

    #[test]
    fn layout_is_breadth_first_with_contiguous_children() {
        let mut rng = Rng::new(7);
        for case in 0..500 {
            let shape = Shape::random(&mut rng, 1 + case % 7, 5, 50);
            let tree = Tree::from_shape(&shape);
            let expect = reference_layout(&shape);
            assert_eq!(tree.len(), expect.len());
            for (i, &(first, n, v)) in expect.iter().enumerate() {
                let got = tree.children(i as u32);
                // A leaf's "first child" is only where its empty range sits.
                if n > 0 {
                    assert_eq!(got, (first, n), "node {i} of {}", shape.to_text());
                } else {
                    assert_eq!(got.1, 0);
                }
                assert_eq!(tree.values[i], v);
            }
            assert_eq!(tree.to_text(), shape.to_text());
            assert_eq!(
                tree.leaves(),
                expect.iter().filter(|&&(_, n, _)| n == 0).count()
            );
        }
        let t = Tree::parse("# a comment\n((3, 12 8) (2 4 6)\n(14 5 2)) # end").unwrap();
        assert_eq!(t.to_text(), "((3 12 8) (2 4 6) (14 5 2))");
        assert_eq!(t.heap_bytes(), 8 * 13 + 4);
        let root = t.root();
        assert_eq!(root.degree(), 3);
        assert_eq!(root.child(2).child(0).leaf_value(), 14);
        assert_eq!(root.child(2).child(0).evaluate(), 14);
        assert_eq!(root.child(2).evaluate(), 0);
        assert!(root.child(1).child(2).is_leaf());
        assert_eq!(Tree::parse("-7").unwrap().root().evaluate(), -7);
    }

    #[test]
    fn messages_say_where_and_what() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("", (1, 1), "empty tree"),
            ("  # nothing\n", (2, 1), "empty tree"),
            ("(1 2))", (1, 6), "unmatched ')'"),
            ("(1 ())", (1, 5), "at least one child"),
            (
                "((3 12 8)\n (2 4 6",
                (2, 8),
                "close the '(' at line 2, column 2",
            ),
            ("(1 2) 3", (1, 7), "after the tree, found '3'"),
            ("(1 2) x", (1, 7), "after the tree, found 'x'"),
            ("(1 2) -", (1, 7), "after the tree, found '-'"),
            ("(3 x)", (1, 4), "found 'x'"),
            ("(1 -)", (1, 5), "expected digits after '-', found ')'"),
            ("(1 +", (1, 5), "found end of input"),
            (
                "(1 2x)",
                (1, 5),
                "expected a digit, space, parenthesis or bracket, found 'x'",
            ),
            ("(1 99999999999999999999)", (1, 4), "out of range"),
            (
                "(1 999999999)",
                (1, 4),
                "leaf value 999999999 is out of range",
            ),
            ("(\u{e9}1)", (1, 2), "found '\u{e9}'"),
        ];
        for &(text, (line, column), expected) in cases {
            let e = error(text);
            let msg = e.to_string();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {msg}");
            assert!(
                msg.contains(expected),
                "{text:?}: {msg:?} lacks {expected:?}"
            );
        }
        assert!(Tree::parse("(1 999999998 -999999998)").is_ok());
        // A literal of many digits is shown by its start and length.
        let long = format!("(1 {})", "9".repeat(100_000));
        let msg = error(&long).to_string();
        assert!(
            msg.contains("(100000 characters)") && msg.len() < 200,
            "{msg}"
        );
    }

    #[test]
    fn control_characters_are_escaped_in_messages() {
        for (text, shown) in [
            ("(1 \0)", "'\\0'"),
            ("(1 \u{1b}[2J)", "'\\u{1b}'"),
            ("(1 2) \u{7}", "'\\u{7}'"),
            ("(1 -\u{9b})", "'\\u{9b}'"),
        ] {
            let msg = error(text).to_string();
            assert!(!msg.chars().any(|c| c.is_control()), "{msg:?}");
            assert!(msg.contains(shown), "{msg:?} lacks {shown}");
        }
    }

    #[test]
    fn limits_are_refused_where_they_are_crossed() {
        // Children: the first child past the limit is blamed, whatever follows it.
        let at_limit = format!("({})", "0 ".repeat(MAX_CHILDREN));
        assert_eq!(
            Tree::parse(&at_limit).unwrap().root().degree(),
            MAX_CHILDREN
        );
        let over = format!("(\n{}1 x", "0 ".repeat(MAX_CHILDREN));
        let e = error(&over);
        assert_eq!(
            e.kind,
            ParseErrorKind::TooManyChildren {
                open_line: 1,
                open_column: 1
            }
        );
        assert_eq!((e.line, e.column), (2, 2 * MAX_CHILDREN + 1));
        assert!(e.to_string().contains("more than 65534 children"), "{e}");
        // Depth: the opening parenthesis one level too deep.
        let deep = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
        assert!(Tree::parse(&deep(MAX_TREE_DEPTH)).is_ok());
        let e = error(&format!("{}1", "(".repeat(MAX_TREE_DEPTH + 1)));
        assert_eq!(e.kind, ParseErrorKind::TooDeep);
        assert_eq!(e.column, MAX_TREE_DEPTH + 1);
        // Nodes: the node past the cap, before the rest of the text is read.
        let e = Tree::parse_capped("((1 2) (3 4) x", 6).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::TooManyNodes);
        assert_eq!(e.column, 11);
        assert!(Tree::parse_capped("((1 2) (3))", 6).is_ok());
    }

    /// A tree's preorder arrays, as the page's editor sends them.
    fn preorder(shape: &Shape, degrees: &mut Vec<u32>, values: &mut Vec<i64>) {
        match shape {
            Shape::Leaf(v) => {
                degrees.push(0);
                values.push(*v as i64);
            }
            Shape::Node(kids) => {
                degrees.push(kids.len() as u32);
                values.push(0);
                for k in kids {
                    preorder(k, degrees, values);
                }
            }
        }
    }

    #[test]
    fn headers_parse_and_print_round_trips() {
        let cases = [
            ("min ((3 12 8) (2 4 6))", true, "min ((3 12 8) (2 4 6))"),
            ("max ((3 12 8) (2 4 6))", false, "((3 12 8) (2 4 6))"),
            ("# who moves\n  min\n(1, 2)", true, "min (1 2)"),
            ("min(1 2)", true, "min (1 2)"),
            ("min -4", true, "min -4"),
            ("((1 2) 3)", false, "((1 2) 3)"),
        ];
        for (text, min_root, canonical) in cases {
            let t = Tree::parse(text).unwrap();
            assert_eq!(t.min_root(), min_root, "{text:?}");
            assert_eq!(t.to_text(), canonical, "{text:?}");
            assert_eq!(Tree::parse(canonical).unwrap(), t, "{text:?}");
        }
        // Random trees: print ∘ parse is the identity on canonical text, and the preorder
        // arrays give the same tree as its text.
        let mut rng = Rng::new(1818);
        for case in 0..500 {
            let shape = Shape::random(&mut rng, 1 + case % 6, 5, 50);
            for min_root in [false, true] {
                let text = format!("{}{}", if min_root { "min " } else { "" }, shape.to_text());
                let t = Tree::parse(&text).unwrap();
                assert_eq!(t.to_text(), text);
                let (mut d, mut v) = (Vec::new(), Vec::new());
                preorder(&shape, &mut d, &mut v);
                assert_eq!(Tree::from_preorder(&d, &v, min_root).unwrap(), t, "{text}");
            }
        }
        let cases: &[(&str, (usize, usize), &str)] = &[
            (
                "MIN (1 2)",
                (1, 1),
                "unknown header \"MIN\": expected max or min (lowercase), or bounds L U",
            ),
            ("mini (1 2)", (1, 1), "unknown header \"mini\""),
            ("min max (1 2)", (1, 5), "the header \"max\" is given twice"),
            ("min min (1 2)", (1, 5), "the header \"min\" is given twice"),
            ("min", (1, 4), "empty tree"),
            ("(1 2) min", (1, 7), "after the tree, found 'm'"),
            ("(min 1 2)", (1, 2), "found 'm'"),
            ("min3", (1, 1), "unknown header \"min3\""),
        ];
        for &(text, (line, column), expected) in cases {
            let e = error(text);
            let msg = e.to_string();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {msg}");
            assert!(
                msg.contains(expected),
                "{text:?}: {msg:?} lacks {expected:?}"
            );
        }
        let msg = error(&format!("{} (1)", "x".repeat(1000))).to_string();
        assert!(msg.len() < 200, "{msg}");
    }

    #[test]
    fn preorder_arrays_are_checked_against_the_parsers_limits() {
        let err = |d: &[u32], v: &[i64]| Tree::from_preorder(d, v, false).unwrap_err().to_string();
        assert_eq!(err(&[2, 0], &[0, 1]), "the tree is missing 1 node");
        assert_eq!(
            err(&[0, 0], &[1, 1]),
            "node 1 comes after the tree is complete"
        );
        assert_eq!(err(&[], &[]), "the tree is missing 1 node");
        assert_eq!(err(&[1], &[0, 0]), "1 child counts but 2 values");
        assert_eq!(
            err(&[1, 0], &[0, MAX_LEAF + 1]),
            "leaf value 999999999 is out of range (at most ±999999998)"
        );
        assert!(Tree::from_preorder(&[1, 0], &[0, -MAX_LEAF], true).is_ok());
        // Depth: a chain of MAX_TREE_DEPTH inner nodes is the deepest the parser takes.
        let chain = |n: usize| {
            let mut d = vec![1u32; n];
            d.push(0);
            (d, vec![0i64; n + 1])
        };
        let (d, v) = chain(MAX_TREE_DEPTH);
        assert!(Tree::from_preorder(&d, &v, false).is_ok());
        assert!(
            Tree::parse(&format!(
                "{}1{}",
                "(".repeat(MAX_TREE_DEPTH),
                ")".repeat(MAX_TREE_DEPTH)
            ))
            .is_ok()
        );
        let (d, v) = chain(MAX_TREE_DEPTH + 1);
        assert_eq!(err(&d, &v), "a tree may be nested at most 200 levels deep");
        // Children.
        let mut d = vec![MAX_CHILDREN as u32 + 1];
        d.extend(std::iter::repeat_n(0, MAX_CHILDREN + 1));
        let v = vec![0i64; d.len()];
        assert_eq!(err(&d, &v), "a node may have at most 65534 children");
        let mut d = vec![MAX_CHILDREN as u32];
        d.extend(std::iter::repeat_n(0, MAX_CHILDREN));
        let v = vec![0i64; d.len()];
        assert_eq!(
            Tree::from_preorder(&d, &v, false).unwrap().root().degree(),
            MAX_CHILDREN
        );
    }
}
