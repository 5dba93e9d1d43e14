//! A node of a JSON trace, declared once: the list in [`node_fields!`] drives both the writer
//! ([`NodeFields::write`], `trace_file/json.rs`) and the reader ([`NodeFields::read`],
//! `trace_file/json_read.rs`), so a field is named, typed and ordered in one place (issue 32
//! §2). The record's boolean flags that a file shows (`schema::FLAG_FIELDS`) are written and
//! read from that list, where `"uncertain"` stands: a new flag needs no line here.
//!
//! Reading goes through serde's `MapAccess`, a code by its wire name from the buffer and the
//! other fields in place into buffers reused from node to node, so no per-node object is
//! allocated; writing is each field's serde form.

use crate::game::notation::Notation;
use crate::schema::{
    Bound, Code, EventKind, FLAG_FIELDS, NONE16, NodeKind, NodeType, OrderSource, PruneReason,
    StopReason,
};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// How one field's value is read from a node object (it is written as its serde form).
pub(crate) trait Field: Default + Serialize {
    fn read<'de, A: MapAccess<'de>>(&mut self, map: &mut A, n: Notation) -> Result<(), A::Error>;
}

/// Fields serde reads in place (a string or a list into the buffer it already has).
macro_rules! in_place {
    ($($t:ty),+) => {$(
        impl Field for $t {
            fn read<'de, A: MapAccess<'de>>(
                &mut self,
                m: &mut A,
                _: Notation,
            ) -> Result<(), A::Error> {
                m.next_value_seed(InPlace(self))
            }
        }
    )+};
}
in_place!(i64, Option<i64>, String, Vec<i64>);

/// Deserializes into an existing value, reusing its buffers (serde's `deserialize_in_place`).
pub(crate) struct InPlace<'a, T>(pub(crate) &'a mut T);

impl<'de, T: Deserialize<'de>> DeserializeSeed<'de> for InPlace<'_, T> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        T::deserialize_in_place(d, self.0)
    }
}

impl<T: Named + Serialize> Field for Option<T> {
    fn read<'de, A: MapAccess<'de>>(&mut self, m: &mut A, _: Notation) -> Result<(), A::Error> {
        m.next_value_seed(by_name::<T>()).map(|v| *self = Some(v))
    }
}

/// A node's `pruned` list: (move code, reason's wire name), in the node's generation order,
/// and the notation that names the moves (set by the writer).
#[derive(Default, PartialEq)]
pub(crate) struct Pruned(
    pub(crate) Vec<(u16, &'static str)>,
    pub(crate) Option<Notation>,
);

impl Field for Pruned {
    fn read<'de, A: MapAccess<'de>>(&mut self, m: &mut A, n: Notation) -> Result<(), A::Error> {
        let list: Vec<PrunedEntry> = m.next_value()?;
        self.0.clear();
        for e in list {
            self.0.push(e.decode(n).map_err(de::Error::custom)?);
        }
        Ok(())
    }
}

impl Serialize for Pruned {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = self.1.expect("the writer sets the notation");
        s.collect_seq(self.0.iter().map(|&(c, reason)| PrunedEntry {
            child: (!n.named()).then_some(c as u32),
            mv: n.named().then(|| Cow::Owned(n.name(c))),
            reason: Cow::Borrowed(reason),
        }))
    }
}

/// The node fields of the JSON trace, in the order they are written (docs/trace-format.md):
/// key, field of [`NodeFields`], its type (a [`Field`]), wire name. `flags` marks where the
/// record's shown flags (`schema::FLAG_FIELDS`, booleans) stand.
macro_rules! node_fields {
    ($($k:ident $f:ident: $t:ty = $w:literal,)+ @flags, $($k2:ident $f2:ident: $t2:ty = $w2:literal,)+) => {
        /// A key of a node object; `Flag(i)` is `schema::FLAG_FIELDS[i]`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum NodeKey { $($k,)+ $($k2,)+ Flag(u8) }

        /// The fields of one node as written or read (buffers reused across nodes); `seen`
        /// holds one bit per key present ([`NodeKey::bit`]), `flags` the record's flag bits.
        #[derive(Default)]
        pub(crate) struct NodeFields {
            pub(crate) seen: u64,
            $(pub(crate) $f: $t,)+
            pub(crate) flags: u8,
            $(pub(crate) $f2: $t2,)+
        }

        impl NodeKey {
            /// Every key, in the order written.
            pub(crate) fn all() -> impl Iterator<Item = NodeKey> {
                let flags = (0..FLAG_FIELDS.len() as u8).map(NodeKey::Flag);
                [$(NodeKey::$k),+].into_iter().chain(flags).chain([$(NodeKey::$k2),+])
            }
            pub(crate) fn name(self) -> &'static str {
                match self {
                    $(NodeKey::$k => $w,)+ $(NodeKey::$k2 => $w2,)+
                    NodeKey::Flag(i) => FLAG_FIELDS[i as usize].0,
                }
            }
            /// The key named `s`, if nodes have it.
            fn from_name(s: &str) -> Option<NodeKey> {
                Some(match s {
                    $($w => NodeKey::$k,)+ $($w2 => NodeKey::$k2,)+
                    _ => NodeKey::Flag(FLAG_FIELDS.iter().position(|(w, _)| *w == s)? as u8),
                })
            }
            /// The key's bit in [`NodeFields::seen`] (a jump, not a search: it runs for every
            /// key of every node).
            pub(crate) fn bit(self) -> u64 {
                #[allow(dead_code)]
                enum Fixed { $($k,)+ $($k2,)+ Flags }
                match self {
                    $(NodeKey::$k => 1 << Fixed::$k as u32,)+
                    $(NodeKey::$k2 => 1 << Fixed::$k2 as u32,)+
                    NodeKey::Flag(i) => 1 << (Fixed::Flags as u32 + i as u32),
                }
            }
        }

        impl NodeFields {
            /// Reads the value of `key` into its field.
            fn read_value<'de, A: MapAccess<'de>>(
                &mut self, key: NodeKey, m: &mut A, n: Notation,
            ) -> Result<(), A::Error> {
                match key {
                    $(NodeKey::$k => self.$f.read(m, n),)+
                    $(NodeKey::$k2 => self.$f2.read(m, n),)+
                    // (`flags` starts at 0 and a key given twice is refused: only set bits)
                    NodeKey::Flag(i) => {
                        let bit = FLAG_FIELDS[i as usize].1;
                        m.next_value().map(|on: bool| self.flags |= bit * on as u8)
                    }
                }
            }

            /// Appends the node as one JSON object: every field whose bit is in `seen`.
            pub(crate) fn write(&self, out: &mut Vec<u8>) {
                let mut sep = b'{';
                for key in NodeKey::all().filter(|k| self.has(*k)) {
                    out.push(sep);
                    sep = b',';
                    out.push(b'"');
                    out.extend_from_slice(key.name().as_bytes());
                    out.extend_from_slice(b"\":");
                    self.write_value(key, out);
                }
                out.push(b'}');
            }

            /// Appends the JSON form of `key`'s value.
            fn write_value(&self, key: NodeKey, out: &mut Vec<u8>) {
                let written = match key {
                    $(NodeKey::$k => serde_json::to_writer(&mut *out, &self.$f),)+
                    $(NodeKey::$k2 => serde_json::to_writer(&mut *out, &self.$f2),)+
                    NodeKey::Flag(i) => {
                        let on = self.flags & FLAG_FIELDS[i as usize].1 != 0;
                        serde_json::to_writer(&mut *out, &on)
                    }
                };
                written.expect("a Vec takes every byte");
            }

            /// Whether `key`'s value is the same in `other`.
            pub(crate) fn same(&self, other: &NodeFields, key: NodeKey) -> bool {
                match key {
                    $(NodeKey::$k => self.$f == other.$f,)+
                    $(NodeKey::$k2 => self.$f2 == other.$f2,)+
                    NodeKey::Flag(_) => self.flags == other.flags,
                }
            }
        }
    };
}

node_fields! {
    Id id: i64 = "id",
    Parent parent: Option<i64> = "parent",
    Ply ply: i64 = "ply",
    Path path: Vec<i64> = "path",
    Move mv: String = "move",
    San san: String = "san",
    Index index: i64 = "index",
    Kind kind: Option<NodeKind> = "kind",
    Order order: Option<OrderSource> = "order",
    Depth depth: Option<i64> = "depth",
    Alpha alpha: Option<i64> = "alpha",
    Beta beta: Option<i64> = "beta",
    Value value: i64 = "value",
    Bound bound: Option<Bound> = "bound",
    Expected expected: Option<NodeType> = "expected",
    Actual actual: Option<NodeType> = "actual",
    @flags,
    Reason reason: Option<StopReason> = "reason",
    Moves moves: i64 = "moves",
    BestIndex best_index: Option<i64> = "best_index",
    Pruned pruned: Pruned = "pruned",
    ResearchOf research_of: Option<i64> = "research_of",
    Probability probability: String = "probability",
}

impl NodeFields {
    pub(crate) fn has(&self, k: NodeKey) -> bool {
        self.seen & k.bit() != 0
    }

    /// `key`'s value as written (its JSON form), for messages.
    pub(crate) fn shown(&self, key: NodeKey) -> String {
        let mut out = Vec::new();
        self.write_value(key, &mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Reads one node object into the fields, naming the key being read in `*at` (for the
    /// errors serde raises); an unknown key (`None`) or a key given twice is refused through
    /// `bad`.
    pub(crate) fn read<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        n: Notation,
        at: &mut Option<&'static str>,
        mut bad: impl FnMut(Option<NodeKey>) -> A::Error,
    ) -> Result<(), A::Error> {
        (self.seen, self.flags) = (0, 0);
        let key = || TextSeed(|s: &str| Ok::<_, String>(NodeKey::from_name(s)));
        while let Some(key) = map.next_key_seed(key())? {
            let Some(key) = key.filter(|&k| !self.has(k)) else {
                return Err(bad(key));
            };
            *at = Some(key.name());
            self.seen |= key.bit();
            self.read_value(key, map, n)?;
        }
        *at = None;
        Ok(())
    }
}

/// A code read by its wire name ([`Code`]), `WHAT` naming its kind in messages.
pub(crate) trait Named: Code {
    const WHAT: &'static str;
}

macro_rules! named {
    ($($t:ty: $what:literal),+) => {$(impl Named for $t { const WHAT: &'static str = $what; })+};
}
named!(NodeKind: "kind", OrderSource: "order source", Bound: "bound", NodeType: "node type",
    StopReason: "stop reason", EventKind: "event kind");

/// A code read by its wire name without allocating (schema's serde form allocates a `String`
/// per name), refused naming the names there are.
pub(crate) fn by_name<T: Named>() -> TextSeed<impl FnOnce(&str) -> Result<T, String>> {
    TextSeed(|s: &str| {
        let found = T::ALL.iter().find(|c| c.wire_name() == s);
        found.copied().ok_or_else(|| {
            let names: Vec<&str> = T::ALL.iter().map(|c| c.wire_name()).collect();
            let (what, s) = (T::WHAT, s.escape_default());
            format!(
                "unknown {what} \"{s}\": expected one of {}",
                names.join(", ")
            )
        })
    })
}

/// A string turned into a value by `f` (an error message if it cannot be), read without
/// allocating.
pub(crate) struct TextSeed<F>(pub(crate) F);

impl<'de, T, M: fmt::Display, F: FnOnce(&str) -> Result<T, M>> DeserializeSeed<'de>
    for TextSeed<F>
{
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_str(self)
    }
}

impl<T, M: fmt::Display, F: FnOnce(&str) -> Result<T, M>> Visitor<'_> for TextSeed<F> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        (self.0)(s).map_err(E::custom)
    }
}

/// One entry of a node's `pruned` list: `{"child": i, "reason": r}` (trees) or
/// `{"move": m, "reason": r}` with `m` in the game's notation (UCI for chess).
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct PrunedEntry<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    child: Option<u32>,
    #[serde(rename = "move", borrow, skip_serializing_if = "Option::is_none")]
    mv: Option<Cow<'a, str>>,
    #[serde(borrow)]
    reason: Cow<'a, str>,
}

impl PrunedEntry<'_> {
    /// The move's code and the reason's wire name.
    fn decode(self, notation: Notation) -> Result<(u16, &'static str), String> {
        let code = match (self.child, self.mv) {
            (Some(c), None) if !notation.named() => u16::try_from(c)
                .ok()
                .filter(|&c| c != NONE16)
                .ok_or_else(|| format!("child {c} is out of range"))?,
            (None, Some(mv)) if notation.named() => {
                let code = notation.parse(&mv).filter(|&c| c != NONE16);
                let (mv, what) = (mv.escape_default(), notation.describe());
                code.ok_or_else(|| format!("\"{mv}\" is not a {what}"))?
            }
            _ => {
                let field = if notation.named() { "move" } else { "child" };
                let e =
                    format!("an entry of \"pruned\" must have \"{field}\" and \"reason\" alone");
                return Err(e);
            }
        };
        let reason = StopReason::from_name(&self.reason)
            .and_then(StopReason::prune_reason)
            .or_else(|| PruneReason::from_name(&self.reason).map(PruneReason::name));
        let r = self.reason.escape_default();
        let reason = reason.ok_or_else(|| format!("\"{r}\" is not the reason of a pruned move"))?;
        Ok((code, reason))
    }
}
