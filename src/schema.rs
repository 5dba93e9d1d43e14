//! The contract between the search core, the trace files and the page: every code a trace
//! stores, the node record's layout, and their names, defined once.
//!
//! This is the bottom layer: it imports nothing of the crate, and every other layer may use it
//! (the games' move codes, the search's node types, the recorder's layout, the file format).
//!
//! The page never hard-codes a code number: `www/schema.js` is generated from this module
//! ([`crate::schema_js`], `prunescope schema > www/schema.js`) and `tests/schema.rs` fails when
//! the committed copy is stale. Codes are part of the trace format: append new ones, never
//! renumber.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What every trace code offers, for code that lists or names them generically (the page's
/// copy of the codes in [`crate::schema_js::js_module`]).
pub trait Code: Copy + 'static {
    /// Every code, in code order.
    const ALL: &'static [Self];
    /// The code's number.
    fn code(self) -> u8;
    /// The wire name.
    fn wire_name(self) -> &'static str;
    /// The plain-words description.
    fn description(self) -> String;
}

/// Declares a trace code: a `#[repr(u8)]` enum whose wire name (JSON, CLI, page) and plain-words
/// description are written next to its code, with `ALL`, `from_u8`, `from_name`, `name`, `doc`
/// and serde by name.
macro_rules! codes {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[doc = $doc:literal])+ $variant:ident = $code:literal => $wire:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum $name {
            $( $(#[doc = $doc])+ $variant = $code, )+
        }

        impl $name {
            /// Every code, in code order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The code's value, or `None` for a code this build does not know.
            pub const fn from_u8(v: u8) -> Option<$name> {
                match v {
                    $( $code => Some($name::$variant), )+
                    _ => None,
                }
            }

            /// The code with wire name `s`.
            pub fn from_name(s: &str) -> Option<$name> {
                match s {
                    $( $wire => Some($name::$variant), )+
                    _ => None,
                }
            }

            /// The wire name (JSON traces, the CLI, the page).
            pub const fn name(self) -> &'static str {
                match self {
                    $( $name::$variant => $wire, )+
                }
            }

            /// What the code means, in plain words.
            pub fn doc(self) -> String {
                let lines: &[&str] = match self {
                    $( $name::$variant => &[$($doc),+], )+
                };
                lines.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
            }
        }

        impl Code for $name {
            const ALL: &'static [$name] = $name::ALL;
            fn code(self) -> u8 {
                self as u8
            }
            fn wire_name(self) -> &'static str {
                self.name()
            }
            fn description(self) -> String {
                self.doc()
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                $name::from_name(&s).ok_or_else(|| {
                    let names: Vec<&str> = $name::ALL.iter().map(|c| c.name()).collect();
                    serde::de::Error::custom(format!(
                        "unknown {} '{}': expected one of {}",
                        stringify!($name),
                        s,
                        names.join(", ")
                    ))
                })
            }
        }
    };
}

codes! {
    /// What a returned value says about the true value (bits 0–1 of the record's `flags`).
    pub enum Bound {
        /// Exact: the value fell inside the window, so it is the true value.
        Exact = 0 => "exact",
        /// Fail-high: the value reached β, so the true value is at least this.
        Lower = 1 => "lower",
        /// Fail-low: the value stayed at or below α, so the true value is at most this.
        Upper = 2 => "upper",
    }
}

codes! {
    /// Knuth & Moore's node types (Björnsson et al. 1997, Fig. 1), expected (bits 2–3 of
    /// `flags`) and actual (from the bound).
    pub enum NodeType {
        /// A principal-variation node: every move is searched and the value is exact.
        Pv = 0 => "pv",
        /// A cut node: one move suffices to refute it (it fails high).
        Cut = 1 => "cut",
        /// An all node: every move must be searched to show none is good enough (it fails low).
        All = 2 => "all",
    }
}

codes! {
    /// Why a node stopped searching (the record's `reason` byte).
    pub enum StopReason {
        /// Horizon or tree leaf: the value is a static evaluation.
        Leaf = 0 => "leaf",
        /// No legal moves: checkmate or stalemate.
        Terminal = 1 => "terminal",
        /// A draw by rule (fifty moves, insufficient material).
        Draw = 2 => "draw",
        /// The position repeats one on the current path.
        Repetition = 3 => "repetition",
        /// Every move was searched without a cut-off.
        AllMoves = 4 => "all_moves",
        /// A move's value reached β; the remaining moves are pruned.
        BetaCutoff = 5 => "beta_cutoff",
        /// The search was stopped (node cap, memory budget or the user) before this node
        /// finished.
        Aborted = 6 => "aborted",
        /// A transposition-table entry decided the node without a search.
        TtCutoff = 7 => "tt_cutoff",
        /// The null-move search failed high (standard null-move pruning).
        NullMoveCutoff = 8 => "null_move_cutoff",
        /// At least C of the first M reduced probes failed high (multi-cut).
        MultiCut = 9 => "multi_cut",
        /// An uncertainty cut-off (Björnsson et al. 1997): the remaining non-capture moves were
        /// not searched (captures still were).
        UncertaintyCutoff = 10 => "uncertainty_cutoff",
        /// Quiescence: the static evaluation (stand pat) already reached β.
        StandPat = 11 => "stand_pat",
        /// A chance node (Ballard's Star1/Star2): the branch just searched returned at most
        /// `A_i`, so the node's value is at most α whatever the rest return (fail low).
        ChanceFailLow = 12 => "chance_fail_low",
        /// A chance node: the branch just searched (or, in Star2's probing phase, its probed
        /// lower bound) reached `B_i`, so the node's value is at least β (fail high).
        ChanceFailHigh = 13 => "chance_fail_high",
        /// Star2's probe of a decision node: only its first move was searched, for a lower
        /// bound on the node.
        Probe = 14 => "probe",
    }
}

impl StopReason {
    /// The reason recorded for the children this node never searched, if a node stopping
    /// this way leaves any (leaves, terminal positions, draws and repetitions have none).
    pub fn prune_reason(self) -> Option<&'static str> {
        match self {
            StopReason::BetaCutoff
            | StopReason::Aborted
            | StopReason::TtCutoff
            | StopReason::NullMoveCutoff
            | StopReason::MultiCut
            | StopReason::UncertaintyCutoff
            | StopReason::StandPat
            | StopReason::ChanceFailLow
            | StopReason::ChanceFailHigh
            | StopReason::Probe => Some(self.name()),
            StopReason::Leaf
            | StopReason::Terminal
            | StopReason::Draw
            | StopReason::Repetition
            | StopReason::AllMoves => None,
        }
    }

    /// The node stopped before it generated its moves: its children are known only to the
    /// game, which the trace writer asks when it lists them as pruned.
    pub fn before_moves(self) -> bool {
        matches!(
            self,
            StopReason::TtCutoff | StopReason::NullMoveCutoff | StopReason::StandPat
        )
    }
}

codes! {
    /// How a node came to be searched, beyond the plain move into it (low nibble of the
    /// record's `kind` byte).
    pub enum NodeKind {
        /// A move searched in the normal way.
        Normal = 0 => "normal",
        /// The null-move search: the side to move passes.
        Null = 1 => "null",
        /// A multi-cut probe: one of the first M moves searched R plies shallower.
        McProbe = 2 => "mc_probe",
        /// A late move searched H plies shallower (late move reductions).
        Reduced = 3 => "reduced",
        /// The full-depth re-search of a reduced move that failed high.
        LmrResearch = 4 => "lmr_research",
        /// A move that gives check, searched one ply deeper (check extension).
        Extended = 5 => "extended",
        /// A quiescence-search node: only captures and promotions (or evasions) are searched.
        Quiescence = 6 => "quiescence",
        /// A chance node of an explicit tree (`[W:node …]`): its value is the weighted average
        /// of its branches (expectimax), or bounded by Ballard's Star1/Star2 windows.
        Chance = 7 => "chance",
        /// Star2's probe of a decision node below a chance node (Ballard 1983, §4): its first
        /// move only; the branch is entered again in the search phase.
        Probe = 8 => "probe",
    }
}

codes! {
    /// Which heuristic put a move where it is in the move list (high nibble of the record's
    /// `kind` byte).
    pub enum OrderSource {
        /// Generation order: no heuristic moved it.
        Generated = 0 => "generated",
        /// The best move stored in the transposition table.
        Tt = 1 => "tt",
        /// A capture, ordered most valuable victim / least valuable attacker first.
        Capture = 2 => "capture",
        /// A killer move of this ply.
        Killer = 3 => "killer",
        /// The stored refutation of the opponent's previous move.
        Refutation = 4 => "refutation",
        /// A quiet move with a positive history score.
        History = 5 => "history",
        /// The previous iteration's best root move.
        PreviousBest = 6 => "previous_best",
    }
}

codes! {
    /// Why a move was pruned without being entered, when that differs from its node's stop
    /// reason (the `prune` event).
    pub enum PruneReason {
        /// A losing capture in quiescence search (static exchange evaluation below 0).
        See = 0 => "see",
        /// A quiet move skipped after an uncertainty cut-off decision (captures are still
        /// searched, as in Björnsson et al. 1997, §5).
        Uncertainty = 1 => "uncertainty_cutoff",
    }
}

codes! {
    /// What the null-move search decided (third word of the `null_verdict` event).
    pub enum NullVerdict {
        /// It failed low: no pruning, the node is searched normally.
        FailLow = 0 => "fail_low",
        /// It failed high: the node is cut (standard null-move pruning).
        Cutoff = 1 => "cutoff",
        /// It failed high under verification: the depth is reduced by one ply and the search
        /// goes on.
        Verify = 2 => "verify",
    }
}

codes! {
    /// Kinds on the event tape. The node an event refers to is implied by replaying the tape
    /// with a stack; values ride on the `aux` stream ([`EventKind::aux_names`]).
    pub enum EventKind {
        /// Enter the next node in id order.
        Enter = 0 => "enter",
        /// Leave the innermost open node (its record holds the result).
        Exit = 1 => "exit",
        /// α of the innermost node was raised by the child that just returned.
        AlphaRaised = 2 => "alpha_raised",
        /// The child that just returned caused a β-cut-off at the innermost node.
        Cutoff = 3 => "cutoff",
        /// The child that just returned will be searched again; the next enter is its
        /// re-search.
        Research = 4 => "research",
        /// A new root search starts (an iteration, or an aspiration re-search).
        Iteration = 5 => "iteration",
        /// The search stopped early (node cap, memory budget or the user).
        Aborted = 6 => "aborted",
        /// A transposition-table hit at the innermost node.
        TtHit = 7 => "tt_hit",
        /// The null-move child just returned.
        NullVerdict = 8 => "null_verdict",
        /// The multi-cut decision after the probes.
        MultiCut = 9 => "multi_cut",
        /// An uncertainty cut-off.
        UncertaintyCutoff = 10 => "uncertainty_cutoff",
        /// A root search failed its aspiration window; a wider window follows.
        AspirationFail = 11 => "aspiration_fail",
        /// Pre-search raised the node's depth.
        Presearch = 12 => "presearch",
        /// Verified null-move pruning suspects zugzwang (the null move failed high, the real
        /// moves one ply shallower did not): the node is searched again at its original depth,
        /// which decides.
        Zugzwang = 13 => "zugzwang",
        /// A move of the innermost node was pruned without being entered.
        Prune = 14 => "prune",
        /// The branch that just returned cut the innermost chance node: its value fell to
        /// `A_i` (side 0, fail low) or reached `B_i` (side 1, fail high; in Star2's probing
        /// phase, its probed lower bound did); the remaining branches are pruned.
        ChanceCutoff = 15 => "chance_cutoff",
    }
}

impl EventKind {
    /// Names of the values the event carries on the `aux` stream, in order.
    pub const fn aux_names(self) -> &'static [&'static str] {
        match self {
            EventKind::Enter | EventKind::Exit | EventKind::Research | EventKind::Aborted => &[],
            EventKind::Iteration => &["depth"],
            EventKind::AlphaRaised => &["old_alpha", "new_alpha"],
            EventKind::Cutoff => &["value", "beta"],
            // packed: depth & 0xFF | bound << 8 | uncertain << 10 | presearched << 11 |
            // cutoff << 12; move: best move code | iteration << 16.
            EventKind::TtHit => &["value", "packed", "move"],
            EventKind::NullVerdict => &["value", "beta", "verdict"],
            EventKind::MultiCut => &["cuts", "C", "probes", "cut"],
            EventKind::UncertaintyCutoff => &["tried", "limit"],
            EventKind::AspirationFail => &["alpha", "beta", "value"],
            EventKind::Presearch => &["old_depth", "new_depth", "tt_iteration"],
            EventKind::Zugzwang => &["value", "beta"],
            EventKind::Prune => &["move", "reason"],
            // side: 0 = fail low (value <= A_i), 1 = fail high (value >= B_i).
            EventKind::ChanceCutoff => &["value", "bound", "side"],
        }
    }

    /// How many `aux` words the event carries.
    pub const fn aux_words(self) -> usize {
        self.aux_names().len()
    }
}

/// Most `aux` words any event carries.
pub const MAX_AUX_WORDS: usize = 4;

/// `parent` of a root node.
pub const NO_PARENT: u32 = u32::MAX;
/// A 16-bit "none": no move (the null move's code, or a root's), no index (the null-move
/// child's place in a move list), no best move.
pub const NONE16: u16 = u16::MAX;
/// A record's remaining depth when it has no bound (an explicit tree is searched down to its
/// leaves): the largest depth a record holds, which every larger depth is clamped to.
pub const DEPTH_UNBOUNDED: i8 = i8::MAX;
/// Most moves a node may have: indices and counts up to this are stored exactly.
pub const MAX_MOVES: usize = NONE16 as usize - 1;
/// Largest depth a search accepts (and a synthetic tree may have): a record's depth and a
/// node's ply fit in it with room to spare.
pub const MAX_DEPTH: u32 = 64;

/// `flags` bits of the node record.
pub const FLAG_BOUND_MASK: u8 = 0b11;
pub const FLAG_EXPECTED_SHIFT: u8 = 2;
pub const FLAG_UNCERTAIN: u8 = 1 << 4;
pub const FLAG_EXITED: u8 = 1 << 5;
pub const FLAG_RESEARCH: u8 = 1 << 6;
/// The flags by the names the page reads them by (`FLAGS` of `www/schema.js`, generated from
/// this list): a new flag is declared here alone.
pub const FLAG_NAMES: [(&str, u8); 5] = [
    ("BOUND_MASK", FLAG_BOUND_MASK),
    ("EXPECTED_SHIFT", FLAG_EXPECTED_SHIFT),
    ("UNCERTAIN", FLAG_UNCERTAIN),
    ("EXITED", FLAG_EXITED),
    ("RESEARCH", FLAG_RESEARCH),
];
/// The flags a node shows, by their names in a JSON trace (a boolean field of each node,
/// written where `"uncertain"` stands, `trace_file/node_fields.rs`) and in the page's
/// inspector (`FLAG_FIELDS` of `www/schema.js`): a flag listed here is written, read and shown
/// with no other line.
pub const FLAG_FIELDS: [(&str, u8); 1] = [("uncertain", FLAG_UNCERTAIN)];
/// The bits a flag uses: every other bit of a record's `flags` is 0.
pub const FLAGS_USED: u8 =
    FLAG_BOUND_MASK | 3 << FLAG_EXPECTED_SHIFT | FLAG_UNCERTAIN | FLAG_EXITED | FLAG_RESEARCH;

/// Size of one node record in memory, in batches and in binary trace files.
pub const RECORD_BYTES: usize = 28;

/// A field of the node record: name, byte offset, and type (`u32`, `i32`, `u16`, `u8`, `i8`).
/// Little-endian; the order and offsets follow `NodeRec` (checked by a test).
pub const RECORD_FIELDS: &[(&str, usize, &str)] = &[
    ("parent", 0, "u32"),
    ("alpha", 4, "i32"),
    ("beta", 8, "i32"),
    ("value", 12, "i32"),
    ("move_code", 16, "u16"),
    ("index", 18, "u16"),
    ("n_moves", 20, "u16"),
    ("best_index", 22, "u16"),
    ("kind", 24, "u8"),
    ("depth", 25, "i8"),
    ("flags", 26, "u8"),
    ("reason", 27, "u8"),
];

impl Bound {
    /// Knuth & Moore's actual node type: exact → PV, fail-high → CUT, fail-low → ALL.
    pub const fn node_type(self) -> NodeType {
        match self {
            Bound::Exact => NodeType::Pv,
            Bound::Lower => NodeType::Cut,
            Bound::Upper => NodeType::All,
        }
    }
}
