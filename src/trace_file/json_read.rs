//! Reading a JSON trace in one streaming pass into a [`Recorder`]: the header fields stream
//! through serde_json's reader within their bounds ([`Scanner::value`]); each node and event
//! object is parsed from the buffer by serde_json's slice parser and checked as it arrives, so
//! no per-node object exists. The header comes before `nodes` and `nodes` before `events`, as
//! every writer puts them: nodes are checked against the game, which needs the header. A field
//! derived from others is derived again with the writer's own functions and compared.

use super::check::{
    GameKind, NodeCheck, Tape, Validation, check_header, check_node_count, check_record,
};
use super::error::{Location, Problem, R, TraceFileError, bail, ensure, err};
use super::limits::{
    MAX_HEADER_FIELD_JSON_BYTES, MAX_ITERATIONS, MAX_NODE_JSON_BYTES, MAX_ROOTS, input_json_bytes,
    text_too_long,
};
use super::node_fields::{InPlace, NodeFields, NodeKey, TextSeed, by_name};
use super::scan::Scanner;
use super::walk::{TraceGame, Walk, WithGame};
use super::{TraceFile, TraceHeader};
use crate::game::INF;
use crate::run::Prepared;
use crate::schema::{EventKind, FLAG_EXITED, FLAG_RESEARCH, NO_PARENT, NONE16, PruneReason};
use crate::search::config::UncertaintyMode;
use crate::trace::record::{NodeRec, Recorder};
use crate::trace_file::json::{
    FORMAT, OLDEST_READABLE, RootJson, VERSION, derive, node_pruned, own_prune_reasons,
    unsearched_reason,
};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_json::Value;
use std::fmt;
use std::io::Read;

/// Reads a JSON trace from `r` (already decompressed) and validates it.
pub(super) fn read<I: Read>(r: I, max_text: usize) -> R<TraceFile> {
    read_object(Scanner::new(r, MAX_NODE_JSON_BYTES), max_text, false)?.finish()
}

/// Reads the header of a binary trace, the JSON object `{"input": …, "config": …, "summary": …}`
/// that `r` holds (and nothing after it), each field within the bytes the format allows it, so
/// that an inflated header is refused before it is held.
pub(super) fn read_binary_header<I: Read>(r: I, version: u32, max_text: usize) -> R<TraceHeader> {
    let mut st = read_object(Scanner::new(r, 0), max_text, true)?;
    let parts = [st.take("input")?, st.take("config")?, st.take("summary")?];
    super::header::from_parts(version as u64, parts, max_text, None)
}

#[derive(Default)]
struct State {
    /// The typed error behind a serde error raised by a visitor.
    err: Option<TraceFileError>,
    /// Where the reader is, for errors serde raises itself (types, syntax, the end of input).
    at: Location,
    field: Option<&'static str>,
    /// The header fields as read, until `nodes` begins (`roots` as `null`: its entries are
    /// read straight into the recorder as they stream, [`read_roots`]).
    head: Vec<(&'static str, Value)>,
    /// The header, once `nodes` begins; the input it prepares, once the nodes were read.
    header: Option<TraceHeader>,
    prepared: Option<Prepared>,
    rec: Recorder,
    events_read: bool,
    /// The moves the `pruned` lists give (which, [`Pruning::keep_all`]), matched with the
    /// `prune` events at the end.
    listed: Vec<Claim>,
    tape: Tape,
    data: Vec<i32>,
    /// The most bytes of an explicit tree's text this reader holds.
    max_text: usize,
}

impl State {
    /// Records `e` and returns the serde error that carries it up.
    fn fail<E: de::Error>(&mut self, e: TraceFileError) -> E {
        self.err = Some(e);
        E::custom("invalid trace file")
    }

    /// `problem` where the reader is (an I/O error is the file's).
    fn located(&self, problem: Problem) -> TraceFileError {
        match problem {
            Problem::Io(_) => TraceFileError::file_level(problem),
            _ => TraceFileError::new(self.at.clone(), self.field, problem),
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
        let mut msg = text
            .rfind(" at line ")
            .map_or(&text[..], |i| &text[..i])
            .to_string();
        if e.line() > 0 {
            msg = format!("{msg} (line {})", line0 + e.line() as u64 - 1);
        }
        self.located(match e.classify() {
            Category::Io => Problem::Io(msg),
            Category::Syntax => Problem::Syntax(msg),
            Category::Eof => Problem::Truncated(msg),
            Category::Data => Problem::Invalid(msg),
        })
    }

    /// Header field `name` as read, taken out.
    fn take(&mut self, name: &str) -> R<Value> {
        let i = self.head.iter().position(|(k, _)| *k == name);
        let i = i.ok_or_else(|| err!(header name, "missing"))?;
        Ok(self.head.swap_remove(i).1)
    }

    /// Interprets the header fields: `format` and `version` first, then the rest.
    fn interpret_head(&mut self) -> R<Prepared> {
        (self.at, self.field) = (Location::Header, None);
        let Ok(format) = self.take("format") else {
            let e = Problem::NotATrace("it has no \"format\" field".to_string());
            return Err(TraceFileError::file_level(e));
        };
        if format != FORMAT {
            let e = format!("\"format\" is {format}, not \"{FORMAT}\"");
            return Err(TraceFileError::header("format", Problem::NotATrace(e)));
        }
        let v = self.take("version")?;
        let Some(version) = v.as_u64() else {
            bail!(header "version", "{v} is not a version number")
        };
        if !(OLDEST_READABLE as u64..=VERSION as u64).contains(&version) {
            let e = Problem::Version { found: version };
            return Err(TraceFileError::header("version", e));
        }
        let parts = [
            self.take("input")?,
            self.take("config")?,
            self.take("summary")?,
        ];
        let value = self.take("value")?;
        self.take("roots")?;
        let roots = Some(self.rec.roots.len());
        let header = super::header::from_parts(version, parts, self.max_text, roots)?;
        let expect = serde_json::to_value(header.summary.value).unwrap_or_default();
        ensure!(value == expect, header "value", "is {value}, but summary.value is {expect}");
        let prepared = check_header(&header)?;
        if let Ok(n) = usize::try_from(header.summary.nodes) {
            // Only a hint (checked at the end); a lie fails cleanly or reserves untouched pages.
            let _ = self.rec.nodes.try_reserve_exact(n.min(1 << 28));
        }
        self.header = Some(header);
        Ok(prepared)
    }

    fn finish(mut self) -> Result<TraceFile, TraceFileError> {
        let Some(prepared) = self.prepared.take() else {
            self.interpret_head()?;
            bail!(@File, "nodes", "missing");
        };
        ensure!(self.events_read, @File, "events", "missing");
        let header = self.header.take().expect("read before the nodes");
        self.tape.finish(&self.rec, 0)?;
        check_reasons(&self.rec, &self.listed, GameKind::of(&prepared))?;
        let (rec, streamed) = (self.rec, true);
        let mut file = TraceFile { header, rec };
        Validation { prepared, streamed }.finish(&file)?;
        file.rec.shrink_to_fit();
        Ok(file)
    }
}

/// Pushes onto `v`, growing it without aborting when memory runs out.
fn push<T>(v: &mut Vec<T>, x: T, what: &str) -> R {
    if v.len() == v.capacity() && v.try_reserve(v.len().max(1024)).is_err() {
        let e = format!("out of memory after {} {what}", v.len());
        return Err(TraceFileError::file_level(Problem::TooLarge(e)));
    }
    v.push(x);
    Ok(())
}

/// The reasons a file gives its pruned moves (the moves were checked as each node closed):
/// a move's reason is its own if a `prune` event of the node names it, else its node's, as the
/// writer's [`node_pruned`] gives them. `listed` holds every listed move in the order the nodes
/// closed; the first node in id order that differs is refused.
fn check_reasons(rec: &Recorder, listed: &[Claim], kind: GameKind) -> R {
    let own = own_prune_reasons(rec);
    let default = |x: u32| unsearched_reason(rec.nodes[x as usize].reason()).unwrap_or("");
    let claim = |x, r: Option<PruneReason>| r.map_or(default(x), PruneReason::name);
    let given = |x, c| {
        let l = own.get(&x).map_or(&[][..], Vec::as_slice);
        l.binary_search_by_key(&c, |e| e.0)
            .map_or(default(x), |k| l[k].1)
    };
    let bad = listed
        .iter()
        .filter(|&&(x, c, r)| claim(x, r) != given(x, c));
    if let Some(&(x, c, r)) = bad.min_by_key(|e| e.0) {
        let why = match given(x, c) {
            r if r == default(x) => "no prune event of the node names it".to_string(),
            r => format!("a prune event of the node gives {r}"),
        };
        let (c, claim) = (kind.name_move(c), claim(x, r));
        bail!(node x, "pruned", "gives {c} the reason {claim}, but {why}");
    }
    Ok(())
}

/// Reads a trace's top-level object key by key (`binary`: a binary trace's header, whose
/// fields are `input`, `config` and `summary`); nothing may follow it.
fn read_object<I: Read>(mut sc: Scanner<I>, max_text: usize, binary: bool) -> R<State> {
    let (sc, st) = (&mut sc, &mut State::default());
    st.max_text = max_text;
    let (after, names, what) = match binary {
        true => (Location::Header, &TOP[2..5], "the binary header"),
        false => (Location::File, &TOP[..], "a trace file"),
    };
    if !sc.eat(b'{').map_err(|e| st.located(e))? {
        return Err(match binary {
            true => err!(header "header", "the binary header is not an object"),
            false => {
                TraceFileError::file_level(Problem::NotATrace("the JSON is not an object".into()))
            }
        });
    }
    let mut more = !sc.eat(b'}').map_err(|e| st.located(e))?;
    while more {
        (st.at, st.field) = (Location::Header, None);
        let line = sc.line;
        let key = match sc.value::<String>(MAX_HEADER_FIELD_JSON_BYTES) {
            Ok(Some(key)) => key,
            Ok(None) => return Err(st.located(Problem::TooLarge(format!("a key at line {line}")))),
            Err(e) => return Err(st.classify(e, line)),
        };
        let Some(&key) = names.iter().find(|&&k| k == key) else {
            let e = Problem::Invalid(format!("is not a field of {what}"));
            return Err(TraceFileError::new(after, Some(&key), e));
        };
        read_field(sc, st, key)?;
        (st.at, st.field) = (after.clone(), None);
        more = sc.eat(b',').map_err(|e| st.located(e))?;
        if !more {
            sc.expect(b'}', "',' or '}'").map_err(|e| st.located(e))?;
        }
    }
    let line = sc.line;
    if sc.peek().map_err(|e| st.located(e))?.is_some() {
        let e = format!("something follows the JSON object at line {line}");
        return Err(st.located(Problem::Syntax(e)));
    }
    Ok(std::mem::take(st))
}

/// The fields of a trace's top level, in the order written; a binary header has `input`,
/// `config` and `summary`.
const TOP: [&str; 9] = [
    "format", "version", "input", "config", "summary", "value", "roots", "nodes", "events",
];

/// Reads the value of top-level field `key`: the header fields before `nodes`, then `nodes`,
/// then `events`.
fn read_field<I: Read>(sc: &mut Scanner<I>, st: &mut State, key: &'static str) -> R {
    st.field = Some(key);
    let held = st.head.iter().any(|(k, _)| *k == key);
    match key {
        "nodes" if st.prepared.is_some() => bail!(@File, key, "appears twice"),
        "events" if st.prepared.is_none() => bail!(@File, key, "must come after \"nodes\""),
        "events" if st.events_read => bail!(@File, key, "appears twice"),
        "nodes" | "events" => {}
        _ if st.prepared.is_some() => bail!(header key, "must come before \"nodes\""),
        _ if held => bail!(header key, "appears twice"),
        _ => {}
    }
    sc.expect(b':', "':'").map_err(|e| st.located(e))?;
    match key {
        "nodes" => {
            let prepared = st.interpret_head()?;
            prepared.with_game((&mut *sc, &mut *st, &prepared))?;
            st.prepared = Some(prepared);
        }
        "events" => {
            // Each event is checked by replaying the tape as it comes.
            let each = |st: &mut State, bytes: &[u8]| parse_prefix(bytes, EventVisitor(st));
            read_array(sc, st, each, |index| Location::Event { index })?;
            st.events_read = true;
        }
        "roots" => {
            read_roots(sc, st)?;
            st.head.push((key, Value::Null));
        }
        _ => {
            // A text past its bound is refused as it streams in, before it is held.
            let line = sc.line;
            let budget = match key {
                "input" => input_json_bytes(st.max_text),
                _ => MAX_HEADER_FIELD_JSON_BYTES,
            };
            let value = match sc.value(budget).map_err(|e| st.classify(e, line))? {
                Some(v) => v,
                None if key == "input" => return Err(text_too_long(st.max_text, None)),
                None => {
                    return Err(st.located(Problem::TooLarge(format!(
                        "the value at line {line} is longer than the {budget} bytes the format \
                         allows there"
                    ))));
                }
            };
            st.head.push((key, value));
        }
    }
    Ok(())
}

/// Reads `roots` one entry at a time, refusing more than [`MAX_ROOTS`] before they are held
/// (the configuration's own bound is checked with the header).
fn read_roots<I: Read>(sc: &mut Scanner<I>, st: &mut State) -> R {
    let each = |st: &mut State, bytes: &[u8]| {
        let mut de = serde_json::Deserializer::from_slice(bytes);
        let root = RootJson::deserialize(&mut de)?;
        if st.rec.roots.len() >= MAX_ROOTS {
            let e = format!(
                "more than {MAX_ROOTS} entries: no search records more root searches \
                 ({MAX_ITERATIONS} iterations × (the most aspiration re-searches + 1))"
            );
            return Err(st.fail(TraceFileError::header("roots", Problem::TooLarge(e))));
        }
        st.rec.roots.push(root.root);
        st.rec.root_depths.push(root.depth);
        Ok(de.into_iter::<de::IgnoredAny>().byte_offset())
    };
    read_array(sc, st, each, |index| Location::Root { index })?;
    st.at = Location::Header;
    Ok(())
}

/// Reads the elements of an array of objects: `each` parses one from the start of the bytes
/// it gets and returns how many it read ([`Scanner::object`]); `locate` names the one at an
/// index (each element read makes one node, event or root: its index in the recorder).
fn read_array<I: Read>(
    sc: &mut Scanner<I>,
    st: &mut State,
    mut each: impl FnMut(&mut State, &[u8]) -> Result<usize, serde_json::Error>,
    locate: fn(u64) -> Location,
) -> R {
    sc.expect(b'[', "'['").map_err(|e| st.located(e))?;
    if sc.eat(b']').map_err(|e| st.located(e))? {
        return Ok(());
    }
    for k in 0.. {
        (st.at, st.field) = (locate(k), None);
        let line = sc.line;
        let parsed = sc.object(|bytes| each(st, bytes));
        parsed
            .map_err(|e| st.located(e))?
            .map_err(|e| st.classify(e, line))?;
        if !sc.eat(b',').map_err(|e| st.located(e))? {
            break;
        }
    }
    sc.expect(b']', "',' or ']'").map_err(|e| st.located(e))
}

/// Runs `visit` on the object at the start of `bytes`; returns how many bytes it took.
fn parse_prefix<'a>(
    bytes: &'a [u8],
    visit: impl Visitor<'a, Value = ()>,
) -> Result<usize, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.deserialize_map(visit)?;
    Ok(de.into_iter::<de::IgnoredAny>().byte_offset())
}

/// `field` given twice at `at`, or a field the object does not have (`None`: "has a field
/// {what}"), as the serde error that carries it up.
fn unexpected<E: de::Error>(st: &mut State, field: Option<&str>, what: String) -> E {
    let e = TraceFileError::new(st.at.clone(), field, Problem::Invalid(what));
    st.fail(e)
}

/// The `nodes` array's reader: the input, the reader's state, the header's prepared input.
impl<I: Read> WithGame for (&mut Scanner<I>, &mut State, &Prepared) {
    type Output = R;
    fn run<G: TraceGame>(self, root: G) -> R {
        let (sc, st, prep) = self;
        let (header, kind) = (st.header.as_ref().expect("read"), GameKind::of(prep));
        let (q, u) = (&header.config.quiescence, &header.config.uncertainty);
        let mut ctx = NodesCtx {
            check: NodeCheck::new(root, &header.config, kind),
            kind,
            prep,
            chance: header.config.chance.is_some(),
            f: NodeFields::default(),
            want: NodeFields::default(),
            pr: Pruning {
                keep_all: (q.enabled && q.see_pruning) || u.mode != UncertaintyMode::Off,
                kind,
                open: Vec::new(),
                derived: Vec::new(),
                listed: Vec::new(),
            },
        };
        let each = |st: &mut State, bytes: &[u8]| parse_prefix(bytes, NodeVisitor(&mut ctx, st));
        read_array(sc, st, each, |id| Location::Node { id })?;
        check_node_count(st.header.as_ref().expect("read"), st.rec.nodes.len())?;
        st.field = Some("pruned");
        let NodesCtx { check, pr, .. } = &mut ctx;
        check.finish(&mut |walk: &mut Walk<G>| close(walk, &st.rec, pr))?;
        st.listed = std::mem::take(&mut pr.listed);
        Ok(())
    }
}

/// The pruned list of each open node (by depth) and the moves its children searched; the
/// closing node's list as the writer derives it; the game, which names the moves; the listed
/// moves kept, for [`check_reasons`] once the events are read.
struct Pruning {
    open: Vec<(Listed, Vec<u16>)>,
    derived: Listed,
    kind: GameKind,
    listed: Vec<Claim>,
    /// The configuration can make `prune` events (SEE pruning in quiescence, uncertainty
    /// cut-offs): every listed move is kept for [`check_reasons`]. Else only a move listed with
    /// a reason of its own is (a `prune` event there breaks the semantic rules), so that a file
    /// costs no memory per listed move (+48 % at the peak of a chess file's `convert`).
    keep_all: bool,
}

/// A move a node lists as pruned: (node, move code, its reason if not its node's).
type Claim = (u32, u16, Option<PruneReason>);
/// A `pruned` list: (move code, reason's wire name).
type Listed = Vec<(u16, &'static str)>;

struct NodesCtx<'t, G: TraceGame> {
    check: NodeCheck<G>,
    kind: GameKind,
    /// The input searched, and whether its search was a chance search.
    prep: &'t Prepared,
    chance: bool,
    /// The fields as read, and the derived ones as the writer derives them.
    f: NodeFields,
    want: NodeFields,
    pr: Pruning,
}

/// One node object, read into the context's fields and checked.
struct NodeVisitor<'c, 't, G: TraceGame>(&'c mut NodesCtx<'t, G>, &'c mut State);

impl<'de, G: TraceGame> Visitor<'de> for NodeVisitor<'_, '_, G> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a node object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let NodeVisitor(ctx, st) = self;
        let mut field = None;
        let read = ctx
            .f
            .read(&mut map, ctx.kind.notation(), &mut field, |key| {
                if let Some(key) = key {
                    return unexpected(st, Some(key.name()), "appears twice".to_string());
                }
                let names = NodeKey::all()
                    .map(NodeKey::name)
                    .collect::<Vec<_>>()
                    .join(", ");
                let e = format!("has a field that nodes do not have (they have {names})");
                unexpected(st, None, e)
            });
        st.field = field;
        read?;
        ctx.process(st).map_err(|e| st.fail(e))
    }
}

/// Checks the pruned list of the node closing at the top of `walk` against the one the
/// writer's own [`node_pruned`] derives from the moves it considered and its children.
fn close<G: TraceGame>(walk: &mut Walk<G>, rec: &Recorder, pr: &mut Pruning) -> R {
    let (x, kind) = (walk.top().expect("an open node"), pr.kind);
    let n = &rec.nodes[x as usize];
    let (claims, searched) = &mut pr.open[walk.len() - 1];
    let derived = &mut pr.derived;
    searched.sort_unstable();
    derived.clear();
    node_pruned(n.reason(), || walk.considered(), searched, &[], derived);
    let (derived, has) = (&*derived, |l: &[(u16, &str)], c| l.iter().any(|e| e.0 == c));
    if !claims.iter().map(|c| c.0).eq(derived.iter().map(|d| d.0)) {
        if let Some(&(c, _)) = claims.iter().find(|c| !has(derived, c.0)) {
            let why = match searched.binary_search(&c) {
                Ok(_) => "a child searched it".to_string(),
                Err(_) => format!(
                    "a node that stops with {} did not leave it unsearched (it \
                    leaves the moves it considered that no child searched, or none)",
                    n.reason().name()
                ),
            };
            bail!(node x, "pruned", "lists {}, but {why}", kind.name_move(c));
        }
        if let Some(&(c, _)) = derived.iter().find(|d| !has(claims, d.0)) {
            bail!(node x, "pruned",
                "does not list {}, which the node considered and no child searched",
                kind.name_move(c));
        }
        bail!(node x, "pruned",
            "lists the moves more than once or out of the order the node generated them");
    }
    for (&(c, r), d) in claims.iter().zip(derived) {
        let own = PruneReason::from_name(r).filter(|_| r != d.1);
        ensure!(r == d.1 || own.is_some(), node x, "pruned",
            "gives {} the reason {r}, but the node stopped with {}", kind.name_move(c),
            n.reason().name());
        if own.is_some() || pr.keep_all {
            push(&mut pr.listed, (x, c, own), "pruned moves")?;
        }
    }
    Ok(())
}

/// `v`, the value of node `id`'s `field`, if it is within [lo, hi].
fn in_range(id: u32, field: &str, v: i64, lo: i64, hi: i64) -> R<i64> {
    ensure!((lo..=hi).contains(&v), node id, field, "{v} is outside [{lo}, {hi}]");
    Ok(v)
}

impl<G: TraceGame> NodesCtx<'_, G> {
    /// Turns the fields just read into a record, checks it, and appends it.
    fn process(&mut self, st: &mut State) -> R {
        let pos = st.rec.nodes.len() as u32;
        let (n, research_of) = self.record(st, pos)?;
        // Close the nodes this one is not inside, checking their pruned lists.
        let (NodesCtx { check, pr, .. }, rec) = (&mut *self, &st.rec);
        check.close_to(pos, &n, &mut |walk: &mut Walk<G>| close(walk, rec, pr))?;
        check_record(pos, &n, &st.rec.nodes, self.kind, self.check.cutoff)?;
        self.check.open(&st.rec.nodes, pos, &n)?;
        self.compare(pos, &n)?;
        let ply = self.check.walk.len() - 1;
        let pr = &mut self.pr;
        if pr.open.len() <= ply {
            pr.open.resize_with(ply + 1, Default::default);
        }
        std::mem::swap(&mut pr.open[ply].0, &mut self.f.pruned.0);
        pr.open[ply].1.clear();
        if ply > 0 && n.move_code != NONE16 {
            pr.open[ply - 1].1.push(n.move_code);
        }
        if let Some(r) = research_of {
            push(&mut st.rec.research_of, (pos, r), "re-search links")?;
        }
        push(&mut st.rec.nodes, n, "nodes")
    }

    /// Turns the fields just read for node `pos` into its record, checking each field alone
    /// (ranges, the game's fields); and the node it re-searches, if any.
    fn record(&self, st: &State, pos: u32) -> R<(NodeRec, Option<u32>)> {
        let f = &self.f;
        for k in NodeKey::all() {
            let needed = match k {
                NodeKey::Path => !self.kind.notation().named(),
                // Compared with the derived fields ([`NodesCtx::compare`]).
                NodeKey::Move | NodeKey::San | NodeKey::Probability => false,
                _ => true,
            };
            if needed && !f.has(k) {
                bail!(node pos, k.name(), "missing");
            }
        }
        ensure!(f.id == pos as i64, node pos, "id",
            "is {}, but it is entry {pos} of \"nodes\" (ids must be 0, 1, 2, … in order)", f.id);
        let hint = st.header.as_ref().map_or(u64::MAX, |h| h.summary.nodes);
        ensure!((pos as u64) < hint, header "summary.nodes",
            "is {hint}, but the file has more nodes");
        let parent = match f.parent {
            None => NO_PARENT,
            Some(p) => super::check::parent_before(pos, p)?,
        };
        let side = |field: &str, v: Option<i64>, unbounded: i32| match v {
            None => Ok(unbounded),
            Some(v) if v > -(INF as i64) && v < INF as i64 => Ok(v as i32),
            Some(v) => Err(err!(node pos, field,
                "{v} is not a window side (an unbounded side is null)")),
        };
        let research_of = match f.research_of {
            None => None,
            Some(r) if (0..pos as i64).contains(&r) => Some(r as u32),
            Some(r) => {
                bail!(node pos, "research_of", "names node {r}, which does not come before it")
            }
        };
        let research = FLAG_RESEARCH * research_of.is_some() as u8;
        let n = NodeRec {
            parent,
            move_code: self.move_code(pos, parent)?,
            depth: self.depth(pos)?,
            alpha: side("alpha", f.alpha, -INF)?,
            beta: side("beta", f.beta, INF)?,
            value: in_range(pos, "value", f.value, -(INF as i64) + 1, INF as i64 - 1)? as i32,
            index: in_range(pos, "index", f.index, 0, NONE16 as i64)? as u16,
            n_moves: in_range(pos, "moves", f.moves, 0, NONE16 as i64)? as u16,
            best_index: match f.best_index {
                None => NONE16,
                Some(b) => in_range(pos, "best_index", b, 0, NONE16 as i64 - 1)? as u16,
            },
            kind: f.kind.expect("present") as u8 | (f.order.expect("present") as u8) << 4,
            flags: f.bound.expect("present") as u8
                | (f.expected.expect("present") as u8) << 2
                | f.flags
                | research,
            reason: f.reason.expect("present") as u8,
        };
        Ok((n, research_of))
    }

    /// The move into node `pos` (child of `parent`): a game's from its `move`, a tree's last
    /// path step, none at a root (whose own fields are compared in [`NodesCtx::compare`]).
    fn move_code(&self, pos: u32, parent: u32) -> R<u16> {
        let (f, notation) = (&self.f, self.kind.notation());
        match f.path.last() {
            // Before the nodes it closes are checked: the first bad node is this one.
            Some(_) if parent == NO_PARENT && !notation.named() => {
                bail!(node pos, "path", "must be [] at a root")
            }
            _ if parent == NO_PARENT => Ok(NONE16),
            None if !notation.named() => {
                bail!(node pos, "path", "is [], but the node is not a root")
            }
            Some(&c) if !notation.named() => {
                Ok(in_range(pos, "path", c, 0, NONE16 as i64 - 1)? as u16)
            }
            _ if !f.has(NodeKey::Move) => bail!(node pos, "move", "missing"),
            _ => notation.parse(&f.mv).ok_or_else(|| {
                let (mv, what) = (f.mv.escape_default(), notation.describe());
                err!(node pos, "move", "\"{mv}\" is not a {what}")
            }),
        }
    }

    /// Node `pos`'s remaining depth: null exactly in explicit trees (searched to their leaves,
    /// recorded as i8::MAX), else within i8.
    fn depth(&self, pos: u32) -> R<i8> {
        match (self.kind, self.f.depth) {
            (GameKind::Tree, None) => Ok(i8::MAX),
            (GameKind::Tree, Some(d)) => bail!(node pos, "depth",
                "is {d}, but explicit trees are searched to their leaves: null"),
            (_, None) => bail!(node pos, "depth", "is null, but only explicit trees have no depth"),
            (_, Some(d)) => Ok(in_range(pos, "depth", d, i8::MIN as i64, i8::MAX as i64)? as i8),
        }
    }

    /// Compares the fields of node `pos` (record `n`, just opened) that follow from others
    /// with what the writer's own [`derive`] makes them (the `move` a node names is what its
    /// record was read from, so only its presence is compared).
    fn compare(&mut self, pos: u32, n: &NodeRec) -> R {
        let (f, want) = (&self.f, &mut self.want);
        derive(want, n, &mut self.check.walk, self.prep, self.chance);
        use NodeKey::{Actual, Move, Path, Ply, Probability, San};
        for k in [Ply, Path, Move, San, Actual, Probability] {
            let why = match (f.has(k), want.has(k)) {
                (true, true) if k == Move || f.same(want, k) => continue,
                (false, false) => continue,
                (true, false) => match k {
                    Move | San if n.is_root() => "a root has no move into it",
                    Path => "is for trees; this trace searched a game with named moves",
                    Move => "is for games with named moves; this trace searched a tree",
                    San => "is for chess only",
                    _ => "is only written for the branches of a chance node in a chance search",
                },
                (has, _) => {
                    let got = if has { f.shown(k) } else { "missing".into() };
                    let derived = match k {
                        Ply => "the node's distance in moves from its root is",
                        Path => "the moves from its root are",
                        San => "the move in SAN is",
                        Actual => "its bound makes the node",
                        _ => "the tree's weights make it",
                    };
                    bail!(node pos, k.name(), "is {got}, but {derived} {}", want.shown(k));
                }
            };
            bail!(node pos, k.name(), "{why}");
        }
        Ok(())
    }
}

struct EventVisitor<'a>(&'a mut State);

impl<'de> Visitor<'de> for EventVisitor<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an event object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let st = self.0;
        let (mut kind, mut node, mut seen) = (None, None, [false; 3]);
        st.data.clear();
        const KEYS: [&str; 3] = ["kind", "node", "data"];
        let key = || TextSeed(|s: &str| Ok::<_, String>(KEYS.iter().position(|&k| k == s)));
        while let Some(i) = map.next_key_seed(key())? {
            let Some(i) = i else {
                let e = "has a field events do not have (they have kind, node, data)";
                return Err(unexpected(st, None, e.to_string()));
            };
            st.field = Some(KEYS[i]);
            if std::mem::replace(&mut seen[i], true) {
                return Err(unexpected(st, Some(KEYS[i]), "appears twice".to_string()));
            }
            match i {
                0 => kind = Some(map.next_value_seed(by_name::<EventKind>())?),
                1 => node = map.next_value::<Option<i64>>()?,
                _ => map.next_value_seed(InPlace(&mut st.data))?,
            }
        }
        st.field = None;
        event(st, kind, seen[1].then_some(node)).map_err(|e| st.fail(e))
    }
}

/// Checks event `kind` on node `node` (`None`: missing) with `st.data` and appends it.
fn event(st: &mut State, kind: Option<EventKind>, node: Option<Option<i64>>) -> R {
    let index = st.rec.events.len() as u64;
    let kind = kind.ok_or_else(|| err!(event index, "kind", "missing"))?;
    let node = node.ok_or_else(|| err!(event index, "node", "missing"))?;
    let resolved = st.tape.event(&st.rec, kind, &st.data)?;
    let (node, want) = (Value::from(node), Value::from(resolved));
    ensure!(node == want, event index, "node",
        "is {node}, but the event refers to {want} (replaying the tape)");
    if let (EventKind::Exit, Some(id)) = (kind, resolved) {
        st.rec.nodes[id as usize].flags |= FLAG_EXITED;
    }
    push(&mut st.rec.events, kind as u8, "events")?;
    for &w in &st.data {
        push(&mut st.rec.aux, w, "event data words")?;
    }
    Ok(())
}
