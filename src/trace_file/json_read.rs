//! Reading a JSON trace in one streaming pass into a [`Recorder`]: the header fields stream
//! through serde_json's reader within their bounds ([`Scanner::value`]); each node and event
//! object is parsed from the buffer by serde_json's slice parser and checked as it arrives, so
//! no per-node object exists. The header comes before `nodes` and `nodes` before `events`, as
//! every writer puts them: nodes are checked against the game, which needs the header. A field
//! derived from others is derived again with the writer's own functions and compared.

use super::check::{
    GameKind, NodeCheck, SummaryCheck, Tape, check_header, check_node_count, missing,
};
use super::error::{Location, Problem, TraceFileError, invalid, node_err};
use super::limits::{
    MAX_HEADER_FIELD_JSON_BYTES, MAX_ITERATIONS, MAX_NODE_JSON_BYTES, MAX_ROOTS, input_json_bytes,
    text_too_long,
};
use super::node_fields::{IntsSeed, NodeFields, NodeKey, TextSeed, by_name};
use super::scan::{ScanError, Scanner};
use super::walk::{TraceGame, Walk, WithGame};
use super::{TraceFile, TraceHeader};
use crate::game::INF;
use crate::run::Prepared;
use crate::schema::{EventKind, FLAG_EXITED, FLAG_RESEARCH, NO_PARENT, NONE16, PruneReason};
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::json::{
    FORMAT, OLDEST_READABLE, VERSION, derive, each_pruned, own_prune_reasons, unsearched_reason,
};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use std::collections::HashMap;
use std::fmt;
use std::io::Read;

/// Reads a JSON trace from `r` (already decompressed) and validates it.
pub(super) fn read<R: Read>(r: R, max_text: usize) -> Result<TraceFile, TraceFileError> {
    let mut sc = Scanner::new(r);
    sc.limit = MAX_NODE_JSON_BYTES;
    let mut st = State::new(max_text);
    read_top(&mut sc, &mut st)?;
    st.finish()
}

/// The header fields as read, interpreted once `nodes` begins: `format` to `value` by their
/// [`TopKey`], and `roots`, read element by element, each checked as it arrives, and at most
/// [`MAX_ROOTS`].
#[derive(Default)]
struct Head {
    fields: [Option<serde_json::Value>; 6],
    roots: Option<Vec<RootIn>>,
}

/// One entry of `roots`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RootIn {
    depth: i32,
    root: u32,
}

struct State {
    /// The typed error behind a serde error raised by a visitor.
    err: Option<TraceFileError>,
    /// Where the reader is, for errors serde raises itself (types, syntax, the end of input).
    at: Location,
    field: Option<&'static str>,
    head: Head,
    header: Option<TraceHeader>,
    kind: GameKind,
    rec: Recorder,
    nodes_read: bool,
    events_read: bool,
    /// Pruned moves listed with a reason of their own (not the node's), to be matched with the
    /// `prune` events: (node, move code, reason).
    exceptions: Vec<(u32, u16, &'static str)>,
    tape: Tape,
    data: Vec<i32>,
    /// The most bytes of an explicit tree's text this reader holds.
    max_text: usize,
}

impl State {
    fn new(max_text: usize) -> State {
        State {
            max_text,
            err: None,
            at: Location::File,
            field: None,
            head: Head::default(),
            header: None,
            kind: GameKind::Tree,
            rec: Recorder::new(),
            nodes_read: false,
            events_read: false,
            exceptions: Vec::new(),
            tape: Tape::default(),
            data: Vec::new(),
        }
    }

    /// Records `e` and returns the serde error that carries it up.
    fn fail<E: de::Error>(&mut self, e: TraceFileError) -> E {
        self.err = Some(e);
        E::custom("invalid trace file")
    }

    fn located(&self, problem: Problem) -> TraceFileError {
        TraceFileError {
            file: None,
            location: self.at.clone(),
            field: self.field.map(str::to_string),
            problem,
        }
    }

    /// The error of serde_json parsing one value whose first byte is on line `line0`: the
    /// typed error a visitor recorded, or serde's message at the reader's place.
    fn classify(&mut self, e: serde_json::Error, line0: u64) -> TraceFileError {
        use serde_json::error::Category;
        if let Some(err) = self.err.take() {
            return err;
        }
        let text = e.to_string();
        let msg = text.rfind(" at line ").map_or(&text[..], |i| &text[..i]);
        let msg = if e.line() == 0 {
            msg.to_string()
        } else {
            format!("{msg} (line {})", line0 + e.line() as u64 - 1)
        };
        match e.classify() {
            Category::Io => TraceFileError::file_level(Problem::Io(msg)),
            Category::Syntax => self.located(Problem::Syntax(msg)),
            Category::Eof => self.located(Problem::Truncated(msg)),
            Category::Data => self.located(Problem::Invalid(msg)),
        }
    }

    /// The error of the scanner at line `line`.
    fn scan_err(&self, e: ScanError, line: u64) -> TraceFileError {
        match e {
            ScanError::Io(e) => TraceFileError::from(e),
            ScanError::Eof => self.located(Problem::Truncated(format!(
                "the input stops at line {line}"
            ))),
            ScanError::Unexpected { found, expected } => self.located(Problem::Syntax(format!(
                "expected {expected} at line {line}, found '{}'",
                (found as char).escape_default()
            ))),
            ScanError::TooLarge {
                limit,
                out_of_memory,
            } => self.located(Problem::TooLarge(if out_of_memory {
                format!("out of memory reading the value at line {line}")
            } else {
                format!(
                    "the value at line {line} is longer than the {limit} bytes the format \
                     allows there"
                )
            })),
        }
    }

    /// Header field `name` as read, taken out.
    fn take(&mut self, name: &str) -> Result<serde_json::Value, TraceFileError> {
        let field = self.head.fields[slot(name)].take();
        field.ok_or_else(|| missing(Location::Header, name))
    }

    /// Interprets the header fields: `format` and `version` first, then the rest.
    fn interpret_head(&mut self) -> Result<Prepared, TraceFileError> {
        self.at = Location::Header;
        self.field = None;
        match self.head.fields[slot("format")].take() {
            None => {
                return Err(TraceFileError::file_level(Problem::NotATrace(
                    "it has no \"format\" field".to_string(),
                )));
            }
            Some(serde_json::Value::String(s)) if s == FORMAT => {}
            Some(other) => {
                return Err(TraceFileError::header(
                    "format",
                    Problem::NotATrace(format!("\"format\" is {other}, not \"{FORMAT}\"")),
                ));
            }
        }
        let version = self.take("version")?;
        match version.as_u64() {
            Some(v) if (OLDEST_READABLE as u64..=VERSION as u64).contains(&v) => {}
            Some(v) => {
                return Err(TraceFileError::header(
                    "version",
                    Problem::Version {
                        found: v,
                        supported: VERSION,
                    },
                ));
            }
            None => {
                return Err(TraceFileError::header(
                    "version",
                    invalid(format!("{version} is not a version number")),
                ));
            }
        }
        let parts = [
            self.take("input")?,
            self.take("config")?,
            self.take("summary")?,
        ];
        let value = self.take("value")?;
        let roots = self
            .head
            .roots
            .take()
            .ok_or_else(|| missing(Location::Header, "roots"))?;
        let version = version.as_u64().unwrap_or(0);
        let header = super::header::from_parts(version, parts, self.max_text, Some(roots.len()))?;
        let expect = serde_json::to_value(header.summary.value).unwrap_or_default();
        if value != expect {
            return Err(TraceFileError::header(
                "value",
                invalid(format!("is {value}, but summary.value is {expect}")),
            ));
        }
        let prepared = check_header(&header)?;
        self.kind = GameKind::of(&prepared);
        let hint = header.summary.nodes;
        if let Ok(n) = usize::try_from(hint) {
            // Only a hint (checked at the end); a lie fails cleanly or reserves untouched pages.
            let _ = self.rec.nodes.try_reserve_exact(n.min(1 << 28));
        }
        self.rec.roots = roots.iter().map(|r| r.root).collect();
        self.rec.root_depths = roots.iter().map(|r| r.depth).collect();
        self.header = Some(header);
        Ok(prepared)
    }

    fn finish(mut self) -> Result<TraceFile, TraceFileError> {
        if !self.nodes_read {
            self.interpret_head()?;
            return Err(missing(Location::File, "nodes"));
        }
        if !self.events_read {
            return Err(missing(Location::File, "events"));
        }
        let header = self
            .header
            .take()
            .expect("nodes were read after the header");
        self.tape.finish(&self.rec, 0)?;
        let prepared = check_header(&header)?;
        let quiescence = header.config.quiescence.enabled;
        check_reasons(&self.rec, quiescence, &prepared, &mut self.exceptions)?;
        prepared.with_game(SummaryCheck {
            header: &header,
            nodes: self.rec.nodes.len(),
            aborted: self.tape.aborted,
            kind: self.kind,
        })?;
        super::semantics::check(&header, &self.rec, &prepared)?;
        self.rec.shrink_to_fit();
        Ok(TraceFile {
            header,
            rec: self.rec,
        })
    }
}

/// Pushes onto `v`, growing it without aborting when memory runs out.
fn push<T>(v: &mut Vec<T>, x: T, what: &str) -> Result<(), TraceFileError> {
    if v.len() == v.capacity() && v.try_reserve(v.len().max(1024)).is_err() {
        return Err(TraceFileError::file_level(Problem::TooLarge(format!(
            "out of memory after {} {what}",
            v.len()
        ))));
    }
    v.push(x);
    Ok(())
}

/// The reasons a file gives its pruned moves, derived again with the writer's own
/// [`each_pruned`]: the moves themselves were checked as each node closed, and a move listed
/// with a reason other than its node's (`exceptions`, in node order) needs a `prune` event that
/// gives it, as a move a `prune` event names needs its reason listed.
fn check_reasons(
    rec: &Recorder,
    quiescence: bool,
    prepared: &Prepared,
    exceptions: &mut [(u32, u16, &'static str)],
) -> Result<(), TraceFileError> {
    let default = |x: u32| unsearched_reason(rec.nodes[x as usize].reason());
    let own = own_prune_reasons(rec);
    let differs = |(x, l): (&u32, &Vec<(u16, &str)>)| l.iter().any(|e| Some(e.1) != default(*x));
    if exceptions.is_empty() && !own.iter().any(differs) {
        return Ok(());
    }
    exceptions.sort_by_key(|e| e.0);
    let kind = GameKind::of(prepared);
    type Own = HashMap<u32, Vec<(u16, &'static str)>>;
    type Given = (u32, u16, &'static str);
    struct Reasons<'a>(&'a Recorder, bool, &'a [Given], GameKind, &'a Own);
    impl WithGame for Reasons<'_> {
        type Output = Result<(), TraceFileError>;
        fn run<G: TraceGame>(self, root: G) -> Self::Output {
            let Reasons(rec, quiescence, exceptions, kind, own) = self;
            let failed = |id: usize, _| node_err(id as u32, "pruned", "cannot be replayed");
            // Only a node with a reason of its own, or one the file gives, can differ: the
            // others' lists all carry their node's reason.
            let want = |x: u32| {
                own.contains_key(&x) || exceptions.binary_search_by_key(&x, |e| e.0).is_ok()
            };
            let check = |x: usize, n: &NodeRec, _: &mut Walk<G>, derived: &[(u16, &str)]| {
                let from = exceptions.partition_point(|e| e.0 < x as u32);
                let mine = exceptions[from..].iter().take_while(|e| e.0 == x as u32);
                let default = unsearched_reason(n.reason()).unwrap_or("");
                for &(c, r) in derived {
                    let claim = mine.clone().find(|e| e.1 == c).map_or(default, |e| e.2);
                    if claim != r {
                        let why = match (claim == default, r == default) {
                            (true, _) => format!("a prune event of the node gives {r}"),
                            (false, true) => "no prune event of the node names it".to_string(),
                            (false, false) => format!("the node's prune event gives {r}"),
                        };
                        let c = kind.name_move(c);
                        let msg = format!("gives {c} the reason {claim}, but {why}");
                        return Err(node_err(x as u32, "pruned", msg));
                    }
                }
                Ok(())
            };
            each_pruned(root, rec, quiescence, own, want, failed, check)
        }
    }
    prepared.with_game(Reasons(rec, quiescence, exceptions, kind, &own))
}

/// The header fields of a JSON trace before `roots`, in the order written (their slots in
/// [`Head::fields`]).
const HEAD: [&str; 6] = ["format", "version", "input", "config", "summary", "value"];

/// The slot of header field `name` in [`Head::fields`].
fn slot(name: &str) -> usize {
    HEAD.iter()
        .position(|&k| k == name)
        .expect("a header field")
}

/// Reads one header value within the bytes the format allows it: `input` (an explicit tree's
/// text, up to the reader's `max_text`) or another field. A text past the bound is refused as
/// it streams in, before it is held.
fn read_header_value<R: Read>(
    sc: &mut Scanner<R>,
    st: &mut State,
    input: bool,
) -> Result<serde_json::Value, TraceFileError> {
    let line = sc.line;
    let budget = match input {
        true => input_json_bytes(st.max_text),
        false => MAX_HEADER_FIELD_JSON_BYTES,
    };
    match sc.value(budget).map_err(|e| st.classify(e, line))? {
        Ok(v) => Ok(v),
        Err(_) if input => Err(text_too_long(st.max_text, None)),
        Err(limit) => Err(st.located(Problem::TooLarge(format!(
            "the value at line {line} is longer than the {limit} bytes the format allows there"
        )))),
    }
}

/// Reads a JSON object (a trace, or a binary trace's header) key by key: `field` reads each
/// key's value; nothing may follow the object. `not_object` is the error when the input holds
/// no object (`None`: nothing at all); `after` is where a syntax error between fields is
/// located.
fn read_object<R: Read>(
    sc: &mut Scanner<R>,
    st: &mut State,
    after: Location,
    not_object: impl FnOnce(Option<u8>) -> TraceFileError,
    mut field: impl FnMut(&mut Scanner<R>, &mut State, String) -> Result<(), TraceFileError>,
) -> Result<(), TraceFileError> {
    let line = sc.line;
    let first = sc.peek().map_err(|e| st.scan_err(e, line))?;
    if first != Some(b'{') {
        return Err(not_object(first));
    }
    sc.expect(b'{', "'{'").map_err(|e| st.scan_err(e, line))?;
    let mut more = !sc.eat(b'}').map_err(|e| st.scan_err(e, line))?;
    while more {
        (st.at, st.field) = (Location::Header, None);
        let line = sc.line;
        let key = match sc.value::<String>(MAX_HEADER_FIELD_JSON_BYTES) {
            Ok(Ok(key)) => key,
            Ok(Err(_)) => {
                return Err(st.located(Problem::TooLarge(format!("a key at line {line}"))));
            }
            Err(e) => return Err(st.classify(e, line)),
        };
        field(sc, st, key)?;
        (st.at, st.field) = (after.clone(), None);
        let line = sc.line;
        more = sc.eat(b',').map_err(|e| st.scan_err(e, line))?;
        if !more {
            sc.expect(b'}', "',' or '}'")
                .map_err(|e| st.scan_err(e, line))?;
        }
    }
    let line = sc.line;
    if sc.peek().map_err(|e| st.scan_err(e, line))?.is_some() {
        return Err(st.located(Problem::Syntax(format!(
            "something follows the JSON object at line {line}"
        ))));
    }
    Ok(())
}

/// The top-level object: the header fields, then `nodes`, then `events`.
fn read_top<R: Read>(sc: &mut Scanner<R>, st: &mut State) -> Result<(), TraceFileError> {
    let not_object =
        |_| TraceFileError::file_level(Problem::NotATrace("the JSON is not an object".to_string()));
    read_object(sc, st, Location::File, not_object, |sc, st, key| {
        let mut names = HEAD.iter().chain(&["roots", "nodes", "events"]).copied();
        let key = names.find(|&k| k == key).ok_or_else(|| unknown_top(&key))?;
        st.field = Some(key);
        sc.expect(b':', "':'")
            .map_err(|e| st.scan_err(e, sc.line))?;
        let at = |place: Location, problem: &str| {
            TraceFileError::new(place, Some(key), Problem::Unexpected(problem.to_string()))
        };
        match key {
            "nodes" if st.nodes_read => return Err(at(Location::File, "appears twice")),
            "nodes" => {
                let prepared = st.interpret_head()?;
                prepared.with_game(ReadNodes { sc, st: &mut *st })?;
                st.nodes_read = true;
            }
            "events" if !st.nodes_read => {
                return Err(at(Location::File, "must come after \"nodes\""));
            }
            "events" if st.events_read => return Err(at(Location::File, "appears twice")),
            "events" => {
                read_events(sc, st)?;
                st.events_read = true;
            }
            _ if st.nodes_read => return Err(at(Location::Header, "must come before \"nodes\"")),
            "roots" if st.head.roots.is_some() => {
                return Err(at(Location::Header, "appears twice"));
            }
            "roots" => st.head.roots = Some(read_roots(sc, st)?),
            _ => {
                let value = read_header_value(sc, st, key == "input")?;
                let field = &mut st.head.fields[slot(key)];
                if field.is_some() {
                    return Err(at(Location::Header, "appears twice"));
                }
                *field = Some(value);
            }
        }
        Ok(())
    })
}

/// Reads the header of a binary trace, the JSON object `{"input": …, "config": …, "summary": …}`
/// that `r` holds (and nothing after it), each field within the bytes the format allows it, so
/// that an inflated header is refused before it is held. The summary's arrays are checked
/// against the configuration.
pub(super) fn read_binary_header<R: Read>(
    r: R,
    version: u32,
    max_text: usize,
) -> Result<TraceHeader, TraceFileError> {
    let mut sc = Scanner::new(r);
    let mut st = State::new(max_text);
    let not_object = |first: Option<u8>| {
        let problem = match first {
            None => Problem::Truncated("it is empty".into()),
            Some(_) => Problem::Invalid("the binary header is not a JSON object".to_string()),
        };
        TraceFileError::header("header", problem)
    };
    read_object(
        &mut sc,
        &mut st,
        Location::Header,
        not_object,
        |sc, st, key| {
            let Some(name) = ["input", "config", "summary"]
                .into_iter()
                .find(|&k| k == key)
            else {
                let e = Problem::Unexpected("is not a field of the binary header".to_string());
                return Err(TraceFileError::header(&key, e));
            };
            st.field = Some(name);
            if st.head.fields[slot(name)].is_some() {
                return Err(twice_err(Location::Header, name));
            }
            sc.expect(b':', "':'")
                .map_err(|e| st.scan_err(e, sc.line))?;
            st.head.fields[slot(name)] = Some(read_header_value(sc, st, name == "input")?);
            Ok(())
        },
    )?;
    let parts = [st.take("input")?, st.take("config")?, st.take("summary")?];
    super::header::from_parts(version as u64, parts, max_text, None)
}

/// Reads `roots` one entry at a time, refusing more than [`MAX_ROOTS`] before they are held
/// (the configuration's own bound is checked with the header).
fn read_roots<R: Read>(sc: &mut Scanner<R>, st: &mut State) -> Result<Vec<RootIn>, TraceFileError> {
    let mut roots: Vec<RootIn> = Vec::new();
    let mut index = 0u64;
    read_array(
        sc,
        st,
        |st, bytes| {
            let mut de = serde_json::Deserializer::from_slice(bytes);
            let root = RootIn::deserialize(&mut de)?;
            if roots.len() >= MAX_ROOTS {
                return Err(st.fail(TraceFileError::header(
                    "roots",
                    Problem::TooLarge(format!(
                        "more than {MAX_ROOTS} entries: no search records more root searches \
                         ({MAX_ITERATIONS} iterations × (the most aspiration re-searches + 1))"
                    )),
                )));
            }
            roots.push(root);
            Ok(de.into_iter::<de::IgnoredAny>().byte_offset())
        },
        |st| {
            st.at = Location::Root { index };
            st.field = None;
            index += 1;
        },
    )?;
    st.at = Location::Header;
    Ok(roots)
}

/// Reads the elements of an array of objects: `each` parses one from the start of the bytes
/// it gets and returns how many it read ([`Scanner::object`]).
fn read_array<R: Read>(
    sc: &mut Scanner<R>,
    st: &mut State,
    mut each: impl FnMut(&mut State, &[u8]) -> Result<usize, serde_json::Error>,
    mut locate: impl FnMut(&mut State),
) -> Result<(), TraceFileError> {
    let line = sc.line;
    sc.expect(b'[', "'['").map_err(|e| st.scan_err(e, line))?;
    if sc.eat(b']').map_err(|e| st.scan_err(e, line))? {
        return Ok(());
    }
    loop {
        locate(st);
        let line = sc.line;
        let parsed = sc
            .object(|bytes| each(st, bytes).map(|n| ((), n)))
            .map_err(|e| st.scan_err(e, line))?;
        parsed.map_err(|e| st.classify(e, line))?;
        let line = sc.line;
        if !sc.eat(b',').map_err(|e| st.scan_err(e, line))? {
            return sc
                .expect(b']', "',' or ']'")
                .map_err(|e| st.scan_err(e, line));
        }
    }
}

/// Runs `seed` on the value at the start of `bytes`; returns how many bytes it took.
fn parse_prefix<'a>(
    bytes: &'a [u8],
    seed: impl DeserializeSeed<'a, Value = ()>,
) -> Result<usize, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    seed.deserialize(&mut de)?;
    Ok(de.into_iter::<de::IgnoredAny>().byte_offset())
}

fn unknown_top(key: &str) -> TraceFileError {
    TraceFileError::new(
        Location::File,
        Some(key),
        Problem::Unexpected("is not a field of a trace file".to_string()),
    )
}

fn twice_err(at: Location, field: &str) -> TraceFileError {
    TraceFileError::new(
        at,
        Some(field),
        Problem::Unexpected("appears twice".to_string()),
    )
}

fn twice<E: de::Error>(st: &mut State, at: Location, field: &str) -> E {
    st.fail(twice_err(at, field))
}

struct ReadNodes<'a, R: Read> {
    sc: &'a mut Scanner<R>,
    st: &'a mut State,
}

impl<R: Read> WithGame for ReadNodes<'_, R> {
    type Output = Result<(), TraceFileError>;
    fn run<G: TraceGame>(self, root: G) -> Result<(), TraceFileError> {
        let ReadNodes { sc, st } = self;
        let cfg = st
            .header
            .as_ref()
            .map(|h| h.config.clone())
            .unwrap_or_default();
        let kind = st.kind;
        let chance_tree = match st.header.as_ref().map(|h| &h.input) {
            Some(crate::run::Input::Tree { text }) if cfg.chance.is_some() => {
                crate::game::tree::Tree::parse(text).ok()
            }
            _ => None,
        };
        let mut ctx = NodesCtx {
            check: NodeCheck::new(root, &cfg, kind),
            kind,
            chance_tree,
            f: NodeFields::default(),
            want: NodeFields::default(),
            pr: Pruning::default(),
        };
        read_array(
            sc,
            st,
            |st, bytes| parse_prefix(bytes, NodeSeed { ctx: &mut ctx, st }),
            |st| {
                st.at = Location::Node {
                    id: st.rec.nodes.len() as u64,
                };
                st.field = None;
            },
        )?;
        if let Some(h) = &st.header {
            check_node_count(h, st.rec.nodes.len())?;
        }
        st.field = Some("pruned");
        let NodesCtx { check, pr, .. } = &mut ctx;
        let rec = &st.rec;
        let exceptions = &mut st.exceptions;
        check.finish(&mut |walk: &mut Walk<G>| close(walk, rec, pr, exceptions, kind))
    }
}

/// The pruned lists of the open nodes (by depth), and the moves their children searched.
#[derive(Default)]
struct Pruning {
    claims: Vec<Vec<(u16, &'static str)>>,
    searched: Vec<Vec<u16>>,
    derived: Vec<u16>,
}

struct NodesCtx<G: TraceGame> {
    check: NodeCheck<G>,
    kind: GameKind,
    /// The tree of a chance search, whose branches below chance nodes state their probability.
    chance_tree: Option<crate::game::tree::Tree>,
    /// The fields as read, and the derived ones as the writer derives them.
    f: NodeFields,
    want: NodeFields,
    pr: Pruning,
}

struct NodeSeed<'c, G: TraceGame> {
    ctx: &'c mut NodesCtx<G>,
    st: &'c mut State,
}

impl<'de, G: TraceGame> DeserializeSeed<'de> for NodeSeed<'_, G> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, G: TraceGame> Visitor<'de> for NodeSeed<'_, G> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let ctx = self.ctx;
        let st = self.st;
        let notation = ctx.kind.notation();
        let mut field = None;
        let read = ctx.f.read(&mut map, notation, &mut field, |key| {
            if key == NodeKey::Other {
                unknown_node_key(st)
            } else {
                twice(st, st.at.clone(), key.name())
            }
        });
        st.field = field;
        read?;
        ctx.process(st).map_err(|e| st.fail(e))
    }
}

fn unknown_node_key<E: de::Error>(st: &mut State) -> E {
    let e = TraceFileError {
        file: None,
        location: st.at.clone(),
        field: None,
        problem: Problem::Unexpected(format!(
            "has a field that nodes do not have (they have {})",
            NodeKey::all()
                .map(NodeKey::name)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    };
    st.fail(e)
}

/// Checks the pruned list of the node closing at the top of `walk` against the moves it
/// considered and its children.
fn close<G: TraceGame>(
    walk: &mut Walk<G>,
    rec: &Recorder,
    pr: &mut Pruning,
    exceptions: &mut Vec<(u32, u16, &'static str)>,
    kind: GameKind,
) -> Result<(), TraceFileError> {
    let x = walk.top().expect("an open node");
    let d = walk.len() - 1;
    let n = &rec.nodes[x as usize];
    let default = unsearched_reason(n.reason());
    let searched = &mut pr.searched[d];
    searched.sort_unstable();
    pr.derived.clear();
    if default.is_some() {
        walk.unsearched(searched, &mut pr.derived);
    }
    let claims = &pr.claims[d];
    let err = |msg: String| TraceFileError::node(x as u64, "pruned", invalid(msg));
    if claims.len() != pr.derived.len() || claims.iter().zip(&pr.derived).any(|(c, d)| c.0 != *d) {
        let listed: Vec<u16> = claims.iter().map(|c| c.0).collect();
        if let Some(&c) = listed.iter().find(|c| !pr.derived.contains(c)) {
            let why = if searched.binary_search(&c).is_ok() {
                "a child searched it".to_string()
            } else if default.is_none() {
                format!(
                    "a node that stops with {} leaves nothing unsearched",
                    n.reason().name()
                )
            } else {
                "it is not a move the node considered".to_string()
            };
            return Err(err(format!("lists {}, but {why}", kind.name_move(c))));
        }
        if let Some(&c) = pr.derived.iter().find(|c| !listed.contains(c)) {
            return Err(err(format!(
                "does not list {}, which the node considered and no child searched",
                kind.name_move(c)
            )));
        }
        return Err(err(
            "lists the moves more than once or out of the order the node generated them"
                .to_string(),
        ));
    }
    for &(c, r) in claims {
        if Some(r) != default {
            if PruneReason::from_name(r).is_none() {
                return Err(err(format!(
                    "gives {} the reason {r}, but the node stopped with {}",
                    kind.name_move(c),
                    n.reason().name()
                )));
            }
            push(exceptions, (x, c, r), "pruned moves")?;
        }
    }
    Ok(())
}

/// `v`, the value of node `id`'s `field`, if it is within [lo, hi].
fn in_range(id: u32, field: &str, v: i64, lo: i64, hi: i64) -> Result<i64, TraceFileError> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(node_err(id, field, format!("{v} is outside [{lo}, {hi}]")))
    }
}

impl<G: TraceGame> NodesCtx<G> {
    /// Turns the fields just read into a record, checks it, and appends it.
    fn process(&mut self, st: &mut State) -> Result<(), TraceFileError> {
        let pos = st.rec.nodes.len() as u32;
        let kind = self.kind;
        let (n, research_of) = self.record(st, pos)?;
        // Close the nodes this one is not inside, checking their pruned lists.
        {
            let NodesCtx { check, pr, .. } = self;
            let rec = &st.rec;
            let exceptions = &mut st.exceptions;
            check.close_to(pos, &n, &mut |walk: &mut Walk<G>| {
                close(walk, rec, pr, exceptions, kind)
            })?;
        }
        self.check.open(&st.rec.nodes, pos, &n)?;

        self.compare(pos, &n)?;
        let ply = self.check.walk.len() - 1;
        let f = &mut self.f;
        let move_code = n.move_code;
        let pr = &mut self.pr;
        if pr.claims.len() <= ply {
            pr.claims.resize_with(ply + 1, Vec::new);
            pr.searched.resize_with(ply + 1, Vec::new);
        }
        std::mem::swap(&mut pr.claims[ply], &mut f.pruned.0);
        pr.searched[ply].clear();
        if ply > 0 && move_code != NONE16 {
            pr.searched[ply - 1].push(move_code);
        }
        if let Some(r) = research_of {
            push(&mut st.rec.research_of, (pos, r), "re-search links")?;
        }
        push(&mut st.rec.nodes, n, "nodes")
    }

    /// Turns the fields just read for node `pos` into its record, checking each field alone
    /// (ranges, the game's fields); and the node it re-searches, if any.
    fn record(&self, st: &State, pos: u32) -> Result<(NodeRec, Option<u32>), TraceFileError> {
        let f = &self.f;
        let named = self.kind.notation().named();
        for k in NodeKey::all() {
            let needed = match k {
                NodeKey::Path => !named,
                // Compared with the derived fields ([`NodesCtx::compare`]).
                NodeKey::Move | NodeKey::San | NodeKey::Probability => false,
                _ => true,
            };
            if needed && !f.has(k) {
                return Err(missing(Location::Node { id: pos as u64 }, k.name()));
            }
        }
        if f.id != pos as i64 {
            return Err(node_err(
                pos,
                "id",
                format!(
                    "is {}, but it is entry {pos} of \"nodes\" (ids must be 0, 1, 2, … in order)",
                    f.id
                ),
            ));
        }
        let hint = st.header.as_ref().map_or(u64::MAX, |h| h.summary.nodes);
        if pos as u64 >= hint {
            return Err(TraceFileError::header(
                "summary.nodes",
                invalid(format!("is {hint}, but the file has more nodes")),
            ));
        }
        let parent = match f.parent {
            None => NO_PARENT,
            Some(p) => super::check::parent_before(pos, p)?,
        };
        let move_code = self.move_code(pos, parent)?;
        let depth = self.depth(pos)?;
        let side = |field: &str, v: Option<i64>, unbounded: i32| -> Result<i32, TraceFileError> {
            match v {
                None => Ok(unbounded),
                Some(v) if v > -(INF as i64) && v < INF as i64 => Ok(v as i32),
                Some(v) => Err(node_err(
                    pos,
                    field,
                    format!("{v} is not a window side (an unbounded side is null)"),
                )),
            }
        };
        let alpha = side("alpha", f.alpha, -INF)?;
        let beta = side("beta", f.beta, INF)?;
        let value = in_range(pos, "value", f.value, -(INF as i64) + 1, INF as i64 - 1)? as i32;
        let bound = f.bound.expect("present");
        let expected = f.expected.expect("present");
        let research_of = match f.research_of {
            None => None,
            Some(r) if (0..pos as i64).contains(&r) => Some(r as u32),
            Some(r) => {
                return Err(node_err(
                    pos,
                    "research_of",
                    format!("names node {r}, which does not come before it"),
                ));
            }
        };
        let n = NodeRec {
            parent,
            alpha,
            beta,
            value,
            move_code,
            index: in_range(pos, "index", f.index, 0, NONE16 as i64)? as u16,
            n_moves: in_range(pos, "moves", f.moves, 0, NONE16 as i64)? as u16,
            best_index: match f.best_index {
                None => NONE16,
                Some(b) => in_range(pos, "best_index", b, 0, NONE16 as i64 - 1)? as u16,
            },
            kind: f.kind.expect("present") as u8 | (f.order.expect("present") as u8) << 4,
            depth,
            flags: bound as u8
                | (expected as u8) << 2
                | f.flags
                | if research_of.is_some() {
                    FLAG_RESEARCH
                } else {
                    0
                },
            reason: f.reason.expect("present") as u8,
        };
        Ok((n, research_of))
    }

    /// The move into node `pos` (child of `parent`): a game's from its `move`, a tree's last
    /// path step, none at a root (whose own fields are compared in [`NodesCtx::compare`]).
    fn move_code(&self, pos: u32, parent: u32) -> Result<u16, TraceFileError> {
        let (f, notation) = (&self.f, self.kind.notation());
        if parent == NO_PARENT && !notation.named() && !f.path.is_empty() {
            // Before the nodes it closes are checked: the first bad node is this one.
            return Err(node_err(pos, "path", "must be [] at a root"));
        }
        if parent == NO_PARENT {
            return Ok(NONE16);
        }
        if !notation.named() {
            return match f.path.last() {
                None => Err(node_err(pos, "path", "is [], but the node is not a root")),
                Some(&c) => Ok(in_range(pos, "path", c, 0, NONE16 as i64 - 1)? as u16),
            };
        }
        if !f.has(NodeKey::Move) {
            return Err(missing(Location::Node { id: pos as u64 }, "move"));
        }
        notation.parse(&f.mv).ok_or_else(|| {
            let (mv, what) = (f.mv.escape_default(), notation.describe());
            node_err(pos, "move", format!("\"{mv}\" is not a {what}"))
        })
    }

    /// Node `pos`'s remaining depth: null exactly in explicit trees (searched to their leaves,
    /// recorded as i8::MAX), else within i8.
    fn depth(&self, pos: u32) -> Result<i8, TraceFileError> {
        Ok(match (self.kind, self.f.depth) {
            (GameKind::Tree, None) => i8::MAX,
            (GameKind::Tree, Some(d)) => {
                return Err(node_err(
                    pos,
                    "depth",
                    format!("is {d}, but explicit trees are searched to their leaves: null"),
                ));
            }
            (_, None) => {
                return Err(node_err(
                    pos,
                    "depth",
                    "is null, but only explicit trees have no depth",
                ));
            }
            (_, Some(d)) => in_range(pos, "depth", d, i8::MIN as i64, i8::MAX as i64)? as i8,
        })
    }

    /// Compares the fields of node `pos` (record `n`, just opened) that follow from others
    /// with what the writer's own [`derive`] makes them.
    fn compare(&mut self, pos: u32, n: &NodeRec) -> Result<(), TraceFileError> {
        let chance_tree = self.chance_tree.as_ref();
        let (f, want) = (&self.f, &mut self.want);
        derive(
            want,
            n,
            &mut self.check.walk,
            self.kind.notation(),
            chance_tree,
        );
        use NodeKey::{Actual, Move, Path, Ply, Probability, San};
        for k in [Ply, Path, Move, San, Actual, Probability] {
            let why = match (f.has(k), want.has(k)) {
                (true, true) => match k {
                    Ply if f.ply != want.ply => {
                        format!(
                            "is {}, but the node is {} moves below its root",
                            f.ply, want.ply
                        )
                    }
                    Path if f.path != want.path => {
                        format!(
                            "is {:?}, but the moves from the root are {:?}",
                            f.path, want.path
                        )
                    }
                    San if f.san != want.san => format!(
                        "is \"{}\", but the move \"{}\" is {} in SAN",
                        f.san.escape_default(),
                        f.mv.escape_default(),
                        want.san
                    ),
                    Actual if f.actual != want.actual => format!(
                        "is {}, but a {} bound makes the node {}",
                        f.actual.map_or("?", |a| a.name()),
                        n.bound().name(),
                        n.actual().name()
                    ),
                    Probability if f.probability != want.probability => format!(
                        "is \"{}\", but the tree's weights make it {} (w/S in lowest terms)",
                        f.probability.escape_default(),
                        want.probability
                    ),
                    _ => continue,
                },
                (false, false) => continue,
                (false, true) if k == Probability => format!(
                    "is missing: this branch of a chance node has probability {}",
                    want.probability
                ),
                (false, true) => return Err(missing(Location::Node { id: pos as u64 }, k.name())),
                (true, false) => {
                    let why = match k {
                        Move | San if n.is_root() => "a root has no move into it",
                        Path => "is for trees; this trace searched a game with named moves",
                        Move => "is for games with named moves; this trace searched a tree",
                        San => "is for chess only",
                        _ => "is only written for the branches of a chance node in a chance search",
                    };
                    let e = Problem::Unexpected(why.to_string());
                    return Err(TraceFileError::node(pos as u64, k.name(), e));
                }
            };
            return Err(node_err(pos, k.name(), why));
        }
        Ok(())
    }
}

/// Reads the `events` array, replaying the tape as it goes.
fn read_events<R: Read>(sc: &mut Scanner<R>, st: &mut State) -> Result<(), TraceFileError> {
    let mut data: Vec<i64> = Vec::new();
    read_array(
        sc,
        st,
        |st, bytes| {
            let seed = EventSeed {
                st,
                data: &mut data,
            };
            parse_prefix(bytes, seed)
        },
        |st| {
            st.at = Location::Event {
                index: st.rec.events.len() as u64,
            };
            st.field = None;
        },
    )
}

struct EventSeed<'a> {
    st: &'a mut State,
    data: &'a mut Vec<i64>,
}

impl<'de> DeserializeSeed<'de> for EventSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for EventSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an event object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let st = self.st;
        let (mut kind, mut node, mut seen) = (None, None, [false; 3]);
        self.data.clear();
        const KEYS: [&str; 3] = ["kind", "node", "data"];
        let key = || TextSeed(|s: &str| Ok::<_, String>(KEYS.iter().position(|&k| k == s)));
        while let Some(i) = map.next_key_seed(key())? {
            let Some(i) = i else {
                let e = Problem::Unexpected(
                    "has a field events do not have (they have kind, node, data)".to_string(),
                );
                return Err(st.fail(TraceFileError::new(st.at.clone(), None, e)));
            };
            st.field = Some(KEYS[i]);
            if std::mem::replace(&mut seen[i], true) {
                return Err(twice(st, st.at.clone(), KEYS[i]));
            }
            match i {
                0 => kind = Some(map.next_value_seed(by_name::<EventKind>())?),
                1 => node = map.next_value::<Option<i64>>()?,
                _ => map.next_value_seed(IntsSeed(self.data))?,
            }
        }
        st.field = None;
        let res = event(st, kind, node, seen[1], self.data);
        res.map_err(|e| st.fail(e))
    }
}

fn event(
    st: &mut State,
    kind: Option<EventKind>,
    node: Option<i64>,
    has_node: bool,
    data: &[i64],
) -> Result<(), TraceFileError> {
    let index = st.rec.events.len() as u64;
    let at = Location::Event { index };
    let kind = kind.ok_or_else(|| missing(at.clone(), "kind"))?;
    if !has_node {
        return Err(missing(at, "node"));
    }
    st.data.clear();
    for &v in data {
        let w = i32::try_from(v).map_err(|_| {
            TraceFileError::event(index, "data", invalid(format!("{v} is out of range")))
        })?;
        st.data.push(w);
    }
    let resolved = st.tape.event(&st.rec, kind, &st.data)?;
    if node != resolved.map(i64::from) {
        let show = |n: Option<i64>| n.map_or("null".to_string(), |n| n.to_string());
        return Err(TraceFileError::event(
            index,
            "node",
            invalid(format!(
                "is {}, but the event refers to {} (replaying the tape)",
                show(node),
                show(resolved.map(i64::from))
            )),
        ));
    }
    if kind == EventKind::Exit
        && let Some(id) = resolved
    {
        st.rec.nodes[id as usize].flags |= FLAG_EXITED;
    }
    push(&mut st.rec.events, kind as u8, "events")?;
    for i in 0..st.data.len() {
        let w = st.data[i];
        push(&mut st.rec.aux, w, "event data words")?;
    }
    Ok(())
}
