//! The trace checker and `prunescope verify` (issue 22 §1): a file that contradicts itself is
//! refused on open, naming the first node and the rule; `verify` re-runs the search and refuses
//! any field that differs from what the search did; every trace a search writes is accepted,
//! stopped searches included.
//!
//!   cargo test --test checker

mod common;
use common::prunescope;
use prunescope::game::connect4::Connect4Input;
use prunescope::game::nim::NimInput;
use prunescope::game::synthetic::{Ordering, SynthParams};
use prunescope::game::tictactoe::TicTacToeInput;
use prunescope::game::tree::MAX_TREE_TEXT_BYTES;
use prunescope::run::{Input, Summary};
use prunescope::schema::{
    EventKind, FLAG_BOUND_MASK, FLAG_EXITED, FLAG_RESEARCH, FLAG_UNCERTAIN, NONE16, NodeKind,
    OrderSource, StopReason,
};
use prunescope::search::config::{Algorithm, DEFAULT_NODE_CAP, SearchConfig};
use prunescope::trace::record::Recorder;
use prunescope::trace_file::verify::verify;
use prunescope::trace_file::{self, Opened, TraceFile, TraceHeader};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

/// A trace as JSON text with its top-level fields in the order the format requires (the header,
/// then `nodes`, then `events`; `serde_json::Value` sorts keys).
fn text(v: &serde_json::Value) -> String {
    let keys = [
        "format", "version", "input", "config", "summary", "value", "roots", "nodes", "events",
    ];
    let fields: Vec<String> = keys.iter().map(|k| format!("\"{k}\":{}", v[k])).collect();
    format!("{{{}}}", fields.join(","))
}

/// A temporary directory of the test `name` alone (tests run in parallel).
fn tmp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("prunescope-checker-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The issue's seven kinds of self-contradicting file, made from the issue's two commands; each
/// is refused when opened (`convert` reads it), naming the node (or event, or field) and the
/// rule. Without the checker each opened with exit 0.
#[test]
fn the_issues_mutants_are_refused_naming_the_rule() {
    let dir = tmp_dir("mutants");
    let (code, t, _) = prunescope(&[
        "tree",
        "--algo",
        "alphabeta",
        "--json",
        "((3 12 8) (2 4 6) (14 5 2))",
    ]);
    assert_eq!(code, 0);
    let (code, r, _) = prunescope(&[
        "random",
        "--branching",
        "2",
        "--depth",
        "2",
        "--seed",
        "1",
        "--algo",
        "alphabeta",
        "--json",
    ]);
    assert_eq!(code, 0);
    let t: serde_json::Value = serde_json::from_str(&t).unwrap();
    let r: serde_json::Value = serde_json::from_str(&r).unwrap();
    // the unchanged files open, and the search reproduces them
    for (name, v) in [("t", &t), ("r", &r)] {
        let p = dir.join(format!("{name}.json"));
        std::fs::write(&p, text(v)).unwrap();
        let (code, out, err) = prunescope(&["verify", p.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("the search reproduces it"), "{out}");
    }
    let event = |v: &serde_json::Value, kind: &str, node: u64| -> usize {
        v["events"]
            .as_array()
            .unwrap()
            .iter()
            .position(|e| e["kind"] == kind && e["node"] == node)
            .unwrap()
    };
    type Mutate = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, bool, Mutate, &str)> = vec![
        (
            "root value -1, summary.value 3",
            true,
            Box::new(|v| v["nodes"][0]["value"] = (-1).into()),
            "node 0, \"value\": is -1, but the best value its children returned is 3 (rule: a \
             node's value is the best its children returned)",
        ),
        (
            "node 1's -3 set to -42",
            true,
            Box::new(|v| v["nodes"][1]["value"] = (-42).into()),
            "node 1, \"value\": is -42, but the best value its children returned is -3",
        ),
        (
            "a cut-off below β",
            true,
            Box::new(move |v| {
                let i = event(v, "cutoff", 5);
                v["events"][i]["data"] = serde_json::json!([-4, -3]);
            }),
            "\"data\": [-4, -3]: the value -4 does not reach β = -3, and a cut-off needs value ≥ \
             β (rule: cut-off events)",
        ),
        (
            "an alpha_raised that lowers α",
            true,
            Box::new(move |v| {
                let i = event(v, "alpha_raised", 7) + 1;
                let i = i + v["events"].as_array().unwrap()[i..]
                    .iter()
                    .position(|e| e["kind"] == "alpha_raised")
                    .unwrap();
                v["events"][i]["data"] = serde_json::json!([-14, -20]);
            }),
            "[-14, -20] does not raise α in node 7: the new α must be above the old (rule: \
             alpha_raised events)",
        ),
        (
            "a leaf at depth 52 under a depth-1 parent",
            false,
            Box::new(|v| v["nodes"][2]["depth"] = 52.into()),
            "node 2, \"depth\": is 52, but a normal child of node 1 (depth 1) has depth 0 (rule: \
             depths)",
        ),
        (
            "kind lmr_research with LMR off",
            true,
            Box::new(|v| v["nodes"][3]["kind"] = "lmr_research".into()),
            "node 3, \"kind\": is lmr_research, which needs late move reductions (lmr.enabled)",
        ),
        (
            "order tt with the TT off",
            true,
            Box::new(|v| v["nodes"][3]["order"] = "tt".into()),
            "node 3, \"order\": is tt, which needs ordering.tt_move",
        ),
        (
            "an iteration depth that differs from its root's",
            false,
            Box::new(|v| v["summary"]["iterations"][0]["depth"] = 1.into()),
            "\"summary.iterations[0].depth\": is 1, but its root (node 0) was searched at depth 2 \
             (rule: the summary against the roots)",
        ),
    ];
    for (what, tree, mutate, want) in cases {
        let mut v = if tree { t.clone() } else { r.clone() };
        mutate(&mut v);
        let p = dir.join("mutant.json");
        std::fs::write(&p, text(&v)).unwrap();
        let out = dir.join("mutant.pstrace");
        let (code, _, err) = prunescope(&["convert", p.to_str().unwrap(), out.to_str().unwrap()]);
        assert_eq!(code, 1, "{what}: {err}");
        assert!(err.contains(want), "{what}: {err}");
        // and verify refuses it the same way: it reads the file first
        let (code, _, err) = prunescope(&["verify", p.to_str().unwrap()]);
        assert_eq!(code, 1, "{what}: {err}");
        assert!(err.contains(want), "{what}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `verify` reports a difference the checker cannot see: the order source of a quiet move
/// made `capture` in a search that orders captures first (the checker allows the source; only
/// the search knows which move was a capture).
#[test]
fn verify_names_what_this_search_did() {
    let dir = tmp_dir("verify");
    let p = dir.join("order.json");
    let (code, _, err) = prunescope(&[
        "chess",
        "--fen",
        ITALIAN,
        "-d",
        "2",
        "--algo",
        "alphabeta",
        "--enable",
        "mvv_lva",
        "--trace",
        p.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
    let n = v["nodes"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|n| n["order"] == "generated" && !n["parent"].is_null())
        .unwrap();
    n["order"] = "capture".into();
    let id = n["id"].as_u64().unwrap();
    std::fs::write(&p, text(&v)).unwrap();
    let out = dir.join("order.pstrace");
    let (code, _, err) = prunescope(&["convert", p.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(code, 0, "the checker cannot tell: {err}");
    let (code, _, err) = prunescope(&["verify", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    let want = format!(
        "node {id}, \"order\": is capture, but the search makes generated (verify: what this \
         search did)"
    );
    assert!(err.contains(&want), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

fn traced(input: &Input, cfg: &SearchConfig, budget: u64) -> TraceFile {
    let p = input.prepare().unwrap();
    let (summary, rec) = p.search_traced(cfg, budget).unwrap();
    TraceFile {
        header: TraceHeader {
            input: input.clone(),
            config: cfg.clone(),
            summary,
        },
        rec,
    }
}

fn config(algo: Algorithm, depth: u32, enable: &[&str]) -> Option<SearchConfig> {
    let mut c = SearchConfig {
        algo,
        depth,
        node_cap: DEFAULT_NODE_CAP,
        ..SearchConfig::default()
    };
    for e in enable {
        c.enable(e).ok()?;
    }
    if enable.contains(&"aspiration") || enable.contains(&"presearch") {
        c.iterative = true;
        c.aspiration.width = 10;
    }
    c.validate().ok()?;
    Some(c)
}

/// The searches the property tests mutate: every algorithm, every technique, trees, synthetic
/// trees and chess, and searches stopped by the node cap and by the memory budget.
fn cases() -> Vec<(String, TraceFile)> {
    let techniques: &[&[&str]] = &[
        &[],
        &["tt", "tt_move"],
        &[
            "tt",
            "tt_move",
            "killers",
            "history",
            "mvv_lva",
            "refutation",
        ],
        &["null_move"],
        &["verified_null"],
        &["adaptive_null"],
        &["mc_c", "mc_a"],
        &["lmr"],
        &["check_extension"],
        &["quiescence", "mvv_lva"],
        &["tt", "tt_move", "aspiration"],
        &["tt", "presearch"],
        &["uc_safe"],
        &["uc_general"],
        &["uc_all"],
        &[
            "tt",
            "tt_move",
            "null_move",
            "lmr",
            "mc_c",
            "quiescence",
            "killers",
            "aspiration",
            "check_extension",
        ],
    ];
    let mut out = Vec::new();
    for algo in Algorithm::ALL {
        let tree = Input::Tree {
            text: "((3 12 8) (2 4 6) (14 5 2)) ".trim().to_string(),
        };
        if let Some(c) = config(algo, 1, &[]) {
            out.push((format!("tree {}", algo.name()), traced(&tree, &c, 0)));
        }
        for t in techniques {
            for (k, input) in [
                Input::Random(SynthParams {
                    branching: 3,
                    depth: 4,
                    seed: 7,
                    ordering: Ordering::Random,
                    random_branching: true,
                    transpositions: true,
                }),
                Input::Chess {
                    fen: ITALIAN.to_string(),
                },
            ]
            .into_iter()
            .enumerate()
            {
                let Some(mut c) = config(algo, if k == 0 { 4 } else { 2 }, t) else {
                    continue;
                };
                c.node_cap = 1500;
                out.push((
                    format!("{} {} {}", input.kind(), algo.name(), t.join(",")),
                    traced(&input, &c, 0),
                ));
            }
        }
    }
    // stopped: the node cap, the memory budget
    let kiwi = Input::Chess {
        fen: KIWIPETE.to_string(),
    };
    let mut c = config(
        Algorithm::Pvs,
        4,
        &["tt", "tt_move", "null_move", "quiescence", "aspiration"],
    )
    .unwrap();
    c.node_cap = 700;
    out.push(("chess stopped by the node cap".into(), traced(&kiwi, &c, 0)));
    c.node_cap = 0;
    let f = traced(&kiwi, &c, 40_000);
    assert_eq!(
        f.header.summary.stopped,
        Some(prunescope::search::StopCause::MemoryBudget)
    );
    out.push(("chess stopped by the memory budget".into(), f));
    out
}

/// A recording cut short by the page's Stop after `enters` nodes and closed as the page closes
/// it (`Recorder::close_cut_short`), with the page's summary.
fn stopped_by_hand(f: &TraceFile, enters: usize) -> TraceFile {
    let rec = &f.rec;
    let mut cut = Recorder::new();
    let (mut seen, mut aux, mut open) = (0usize, 0usize, Vec::new());
    for &e in &rec.events {
        let kind = EventKind::from_u8(e).unwrap();
        if kind == EventKind::Enter {
            if seen == enters {
                break;
            }
            open.push(seen as u32);
            seen += 1;
        } else if kind == EventKind::Exit {
            open.pop();
        }
        cut.events.push(e);
        cut.aux
            .extend_from_slice(&rec.aux[aux..aux + kind.aux_words()]);
        aux += kind.aux_words();
    }
    cut.nodes = rec.nodes[..seen].to_vec();
    for &id in &open {
        let n = &mut cut.nodes[id as usize];
        n.flags &= !(FLAG_EXITED | FLAG_BOUND_MASK | FLAG_UNCERTAIN);
        n.value = 0;
        n.reason = StopReason::Aborted as u8;
        n.best_index = NONE16;
    }
    cut.research_of = rec
        .research_of
        .iter()
        .copied()
        .filter(|&(id, _)| (id as usize) < seen)
        .collect();
    for (&r, &d) in rec.roots.iter().zip(&rec.root_depths) {
        if (r as usize) < seen {
            cut.roots.push(r);
            cut.root_depths.push(d);
        }
    }
    cut.close_cut_short(f.header.config.cutoff);
    TraceFile {
        header: TraceHeader {
            input: f.header.input.clone(),
            config: f.header.config.clone(),
            summary: Summary::cut_short(&cut),
        },
        rec: cut,
    }
}

/// An alphabeta search of a synthetic tree with `enable`, stopped by hand three quarters in.
fn stopped_synthetic(enable: &[&str]) -> TraceFile {
    let input = Input::Random(SynthParams {
        branching: 4,
        depth: 4,
        seed: 7,
        ordering: Ordering::Random,
        random_branching: false,
        transpositions: false,
    });
    let f = traced(&input, &config(Algorithm::AlphaBeta, 4, enable).unwrap(), 0);
    stopped_by_hand(&f, f.rec.nodes.len() * 3 / 4)
}

/// After a stop a recording holds only what the stop added, an exit of each node it closed and
/// one `aborted` event: a file that says the Stop ended a node the search had finished (its
/// reason made `aborted`) is refused. The checker refuses it on open (a node that exits after
/// an aborted one is aborted too, and none is entered); `verify`, which compares the tape only
/// up to the stop, refuses what comes after it but those exits (where a `verify` that stopped
/// comparing there passed the rest of the search unchecked).
#[test]
fn verify_refuses_a_stop_that_ends_a_node_the_search_finished() {
    let cut = stopped_synthetic(&[]);
    verify(&cut).unwrap();
    let mut refused = 0;
    for id in 1..cut.rec.nodes.len() {
        let n = cut.rec.nodes[id];
        if !matches!(n.reason(), StopReason::AllMoves | StopReason::BetaCutoff) {
            continue;
        }
        let mut forged = cut.clone();
        forged.rec.nodes[id].reason = StopReason::Aborted as u8;
        match trace_file::validate(&forged) {
            Err(e) => {
                let e = e.to_string();
                refused += e.contains("exited aborted before it: a search that stops") as usize;
            }
            Ok(()) => {
                let err = verify(&forged).unwrap_err().to_string();
                assert!(err.contains(AFTER_STOP), "node {id}: {err}");
            }
        }
    }
    assert!(
        refused > 0,
        "the checker refused no forged stop by the stop's rule"
    );
}

const AFTER_STOP: &str = "after the page's Stop a recording holds only an exit of each node";

/// What the checker cannot tell from a real stop, `verify` refuses: an event the stop did not
/// add (here a table probe that decided nothing, which any node may make) after the first exit
/// the stop added.
#[test]
fn verify_refuses_an_event_after_the_stop() {
    let mut cut = stopped_synthetic(&["tt"]);
    verify(&cut).unwrap();
    let (mut aux, mut at) = (0, None);
    for (i, e) in cut.rec.replay().enumerate() {
        aux += e.kind.aux_words();
        let node = e.node.map(|id| cut.rec.nodes[id as usize].reason());
        if e.kind == EventKind::Exit && node == Some(StopReason::Aborted) {
            at = Some((i + 1, aux));
            break;
        }
    }
    let (i, aux) = at.expect("the stop closed a node");
    cut.rec.events.insert(i, EventKind::TtHit as u8);
    let words = vec![0; EventKind::TtHit.aux_words()];
    cut.rec.aux.splice(aux..aux, words);
    trace_file::validate(&cut).unwrap();
    let err = verify(&cut).unwrap_err().to_string();
    assert!(err.contains(AFTER_STOP), "{err}");
}

/// Every trace a search writes is accepted by the checker and reproduced by `verify`: every
/// golden trace, every algorithm and technique, and searches stopped by the node cap, the
/// memory budget and the page's Stop.
#[test]
fn the_checker_accepts_what_searches_write() {
    let golden = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut n = 0;
    for e in std::fs::read_dir(golden).unwrap() {
        let p = e.unwrap().path();
        // the golden traces (the directory also holds the TikZ figures' goldens, tests/figure.rs)
        if p.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let f = trace_file::read(std::fs::File::open(&p).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        verify(&f).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        n += 1;
    }
    // Three inputs × four algorithms (minimax, alphabeta, pvs, pvs_full).
    assert_eq!(n, 12);
    for (what, f) in cases() {
        trace_file::validate(&f).unwrap_or_else(|e| panic!("{what}: {e}"));
        verify(&f).unwrap_or_else(|e| panic!("{what}: {e}"));
        let total = f.rec.nodes.len();
        for enters in [1, 2, total / 3, total / 2, total - 1, total] {
            let cut = stopped_by_hand(&f, enters.clamp(1, total));
            trace_file::validate(&cut).unwrap_or_else(|e| panic!("{what} stopped by hand: {e}"));
            verify(&cut).unwrap_or_else(|e| panic!("{what} stopped by hand: {e}"));
        }
    }
}

/// Every single-field change of a node record, an event or the summary.
fn mutations(f: &TraceFile) -> Vec<(String, TraceFile)> {
    let mut out = Vec::new();
    let mut push = |what: String, g: &dyn Fn(&mut TraceFile)| {
        let mut m = f.clone();
        g(&mut m);
        out.push((what, m));
    };
    let n = f.rec.nodes.len();
    let step = (n / 12).max(1);
    for id in (0..n).step_by(step) {
        let rec = f.rec.nodes[id];
        type G = Box<dyn Fn(&mut prunescope::trace::record::NodeRec)>;
        let mut g: Vec<(String, G)> = vec![
            ("alpha+1".into(), Box::new(|r| r.alpha += 1)),
            ("alpha-1".into(), Box::new(|r| r.alpha -= 1)),
            ("beta+1".into(), Box::new(|r| r.beta += 1)),
            ("beta-1".into(), Box::new(|r| r.beta -= 1)),
            ("value+1".into(), Box::new(|r| r.value += 1)),
            ("value-1".into(), Box::new(|r| r.value -= 1)),
            (
                "index+1".into(),
                Box::new(|r| r.index = r.index.wrapping_add(1)),
            ),
            (
                "moves+1".into(),
                Box::new(|r| r.n_moves = r.n_moves.wrapping_add(1)),
            ),
            (
                "best_index".into(),
                Box::new(|r| {
                    r.best_index = if r.best_index == NONE16 {
                        0
                    } else {
                        r.best_index.wrapping_add(1)
                    }
                }),
            ),
            (
                "depth+1".into(),
                Box::new(|r| r.depth = r.depth.wrapping_add(1)),
            ),
            (
                "depth-1".into(),
                Box::new(|r| r.depth = r.depth.wrapping_sub(1)),
            ),
            ("expected".into(), Box::new(|r| r.flags ^= 1 << 3)),
            ("uncertain".into(), Box::new(|r| r.flags ^= FLAG_UNCERTAIN)),
            ("research".into(), Box::new(|r| r.flags ^= FLAG_RESEARCH)),
        ];
        for k in NodeKind::ALL.iter().filter(|&&k| k != rec.node_kind()) {
            let k = *k as u8;
            g.push((
                format!("kind {k}"),
                Box::new(move |r| r.kind = (r.kind & 0xF0) | k),
            ));
        }
        for o in OrderSource::ALL.iter().filter(|&&o| o != rec.order()) {
            let o = *o as u8;
            g.push((
                format!("order {o}"),
                Box::new(move |r| r.kind = (r.kind & 15) | o << 4),
            ));
        }
        for b in 0..3u8 {
            g.push((
                format!("flags bit {b}"),
                Box::new(move |r| r.flags ^= 1 << b),
            ));
        }
        for s in StopReason::ALL.iter().filter(|&&s| s != rec.reason()) {
            let s = *s as u8;
            g.push((format!("reason {s}"), Box::new(move |r| r.reason = s)));
        }
        if !rec.is_root() {
            g.push(("move".into(), Box::new(|r| r.move_code ^= 1)));
        }
        for (what, g) in g {
            push(format!("node {id} {what}"), &move |m: &mut TraceFile| {
                g(&mut m.rec.nodes[id])
            });
        }
    }
    let words = f.rec.aux.len();
    for w in (0..words).step_by((words / 16).max(1)) {
        push(format!("aux word {w}+1"), &|m: &mut TraceFile| {
            m.rec.aux[w] += 1
        });
        push(format!("aux word {w}-1"), &|m: &mut TraceFile| {
            m.rec.aux[w] -= 1
        });
    }
    for k in 0..f.header.summary.iterations.len() {
        push(format!("iteration {k} depth"), &|m: &mut TraceFile| {
            m.header.summary.iterations[k].depth += 1
        });
        push(format!("iteration {k} value"), &|m: &mut TraceFile| {
            m.header.summary.iterations[k].value += 1
        });
        push(format!("iteration {k} nodes"), &|m: &mut TraceFile| {
            m.header.summary.iterations[k].nodes += 1
        });
    }
    push("summary value".into(), &|m: &mut TraceFile| {
        m.header.summary.value = m.header.summary.value.map(|v| v + 1)
    });
    push("summary uncertain".into(), &|m: &mut TraceFile| {
        m.header.summary.uncertain ^= true
    });
    push("summary best line".into(), &|m: &mut TraceFile| {
        m.header.summary.best_line.pop();
    });
    out
}

/// Thousands of single-field mutations: `verify` (which reads the file, then re-runs the
/// search) refuses every one — every field is one the search determines.
#[test]
fn verify_refuses_every_single_field_mutation() {
    let (mut total, mut by_checker) = (0usize, 0usize);
    for (what, f) in cases() {
        let before = f.clone();
        for (m_what, m) in mutations(&f) {
            if m.rec.nodes == before.rec.nodes
                && m.rec.aux == before.rec.aux
                && m.header == before.header
            {
                continue; // the change left the file as it was (e.g. a summary with no value)
            }
            total += 1;
            if trace_file::validate(&m).is_err() {
                by_checker += 1;
                continue;
            }
            assert!(verify(&m).is_err(), "{what}: {m_what}: verify accepted it");
        }
    }
    assert!(total > 3000, "{total} mutations");
    eprintln!("{total} mutations: {by_checker} refused on open, the rest by verify");
}

/// The kinds of §1, applied everywhere they apply: the checker alone (on open, no re-run)
/// refuses every one.
#[test]
fn the_checker_refuses_every_kind_of_section_1() {
    let mut counts = [0usize; 7];
    for (what, f) in cases() {
        let cfg = &f.header.config;
        let rec = &f.rec;
        let tree = matches!(f.header.input, Input::Tree { .. });
        let mut check = |kind: usize, label: String, g: &dyn Fn(&mut TraceFile)| {
            let mut m = f.clone();
            g(&mut m);
            assert!(
                trace_file::validate(&m).is_err(),
                "{what}: {label}: the checker accepted it"
            );
            counts[kind] += 1;
        };
        // 1. a root's value, the summary left alone
        for &r in &rec.roots {
            if rec.nodes[r as usize].reason() != StopReason::Aborted {
                check(0, format!("root {r} value"), &|m| {
                    m.rec.nodes[r as usize].value -= 1
                });
            }
        }
        let mut has_children = vec![false; rec.nodes.len()];
        for n in rec.nodes.iter().filter(|n| !n.is_root()) {
            has_children[n.parent as usize] = true;
        }
        let step = (rec.nodes.len() / 30).max(1);
        for (id, n) in rec.nodes.iter().enumerate().step_by(step) {
            let id = id as u32;
            // 2. an inner node's exact value that no child returned (a quiescence node may
            // return its stand-pat value, which only verify can check)
            let inner = has_children[id as usize]
                && matches!(n.reason(), StopReason::AllMoves | StopReason::BetaCutoff)
                && !(cfg.quiescence.enabled && n.depth <= 0);
            if inner && n.bound() == prunescope::schema::Bound::Exact {
                check(1, format!("node {id} value"), &|m| {
                    m.rec.nodes[id as usize].value += 1
                });
            }
            // 5. depths against the parent's
            if !tree && !n.is_root() {
                check(4, format!("node {id} depth"), &|m| {
                    m.rec.nodes[id as usize].depth += 1
                });
            }
            // 6. kinds and orders the configuration does not search with
            let off_kinds: Vec<NodeKind> = [
                (NodeKind::Null, cfg.null_move.enabled),
                (NodeKind::McProbe, cfg.multi_cut.mc_c || cfg.multi_cut.mc_a),
                (NodeKind::Reduced, cfg.lmr.enabled),
                (NodeKind::LmrResearch, cfg.lmr.enabled),
                (NodeKind::Extended, cfg.check_extension),
                (NodeKind::Quiescence, cfg.quiescence.enabled),
            ]
            .into_iter()
            .filter(|&(_, on)| !on)
            .map(|(k, _)| k)
            .collect();
            for k in off_kinds {
                check(5, format!("node {id} kind {}", k.name()), &|m| {
                    let r = &mut m.rec.nodes[id as usize];
                    r.kind = (r.kind & 0xF0) | k as u8;
                });
            }
            let o = &cfg.ordering;
            let off_orders: Vec<OrderSource> = [
                (OrderSource::Tt, o.tt_move),
                (OrderSource::Killer, o.killers),
                (OrderSource::Refutation, o.refutation),
                (OrderSource::History, o.history),
                (OrderSource::PreviousBest, cfg.iterative),
            ]
            .into_iter()
            .filter(|&(_, on)| !on)
            .map(|(k, _)| k)
            .collect();
            for k in off_orders {
                check(5, format!("node {id} order {}", k.name()), &|m| {
                    let r = &mut m.rec.nodes[id as usize];
                    r.kind = (r.kind & 15) | (k as u8) << 4;
                });
            }
        }
        // 3. cut-offs that do not reach β, 4. alpha_raised events that lower α
        let mut aux = 0usize;
        for &e in &rec.events {
            let kind = EventKind::from_u8(e).unwrap();
            let w = aux;
            match kind {
                EventKind::Cutoff => check(2, format!("cutoff at word {w}"), &|m| {
                    m.rec.aux[w] = m.rec.aux[w + 1] - 1
                }),
                EventKind::AlphaRaised if rec.aux[w] > -1_000_000_000 => {
                    check(3, format!("alpha_raised at word {w}"), &|m| {
                        m.rec.aux[w + 1] = m.rec.aux[w] - 1
                    })
                }
                _ => {}
            }
            aux += kind.aux_words();
        }
        // 7. an iteration depth that differs from its root's
        for k in 0..f.header.summary.iterations.len() {
            check(6, format!("iteration {k} depth"), &|m| {
                m.header.summary.iterations[k].depth -= 1
            });
        }
    }
    eprintln!("refused on open, by kind: {counts:?}");
    assert!(counts.iter().all(|&c| c > 20), "{counts:?}");
}

/// `experiment merge` refuses shards that were run differently: CSV shards at different depths
/// (before, `s0.csv` at depth 1 and `s1.csv` at depth 2 merged silently, each depth's totals
/// over half the positions), and results files whose runs differ in their limits.
#[test]
fn merge_refuses_shards_run_differently() {
    let dir = tmp_dir("merge");
    let run = |shard: &str, depth: &str, extra: &[&str]| -> String {
        let mut args = vec![
            "experiment",
            "ordering",
            "--limit",
            "4",
            "--shard",
            shard,
            "-d",
            depth,
            "--jobs",
            "1",
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = prunescope(&args);
        assert_eq!(code, 0, "{err}");
        out
    };
    let s0 = dir.join("s0.csv");
    let s1 = dir.join("s1.csv");
    let s1_same = dir.join("s1-depth1.csv");
    std::fs::write(&s0, run("0/2", "1", &["--csv"])).unwrap();
    std::fs::write(&s1, run("1/2", "2", &["--csv"])).unwrap();
    std::fs::write(&s1_same, run("1/2", "1", &["--csv"])).unwrap();
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (code, _, err) = prunescope(&["experiment", "merge", &path(&s0), &path(&s1)]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("has rows at depth 2, but") && err.contains("at depth 1: shards of one run"),
        "{err}"
    );
    let (code, out, err) = prunescope(&["experiment", "merge", &path(&s0), &path(&s1_same)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("index,position,depth"), "{out}");
    // results files record their runs: a different node cap is refused
    let j0 = dir.join("j0.json");
    let j1 = dir.join("j1.json");
    run("0/2", "1", &["--json", &path(&j0)]);
    run("1/2", "1", &["--json", &path(&j1), "--node-cap", "5000"]);
    let (code, _, err) = prunescope(&["experiment", "merge", &path(&j0), &path(&j1)]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the runs merged here differ in node_cap: 5000 against 2000000"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The binary file of `f`, as the page and the CLI write it (nothing is checked on writing).
fn binary_bytes(f: &TraceFile) -> Vec<u8> {
    let prepared = f.header.input.prepare().unwrap();
    let mut out = Vec::new();
    trace_file::write(
        &mut out,
        trace_file::Format::Binary,
        &f.header.input,
        &prepared,
        &f.header.config,
        &f.header.summary,
        &f.rec,
    )
    .unwrap();
    out
}

/// The page's staged opening (`open` and `Opened::staged`, then `Staged::check` while the
/// trace streams into a staged store) accepts exactly the files `read` accepts, with the same
/// trace, and refuses every other with `read`'s message — the first problem, whichever of its
/// two steps finds it. Over every search of the property tests, a seventh of their single-field mutations and
/// mutations of the structure (a parent after its child, an event changed, the tape cut short,
/// the re-search links out of order), each written as a binary file.
#[test]
fn staged_opening_refuses_and_accepts_what_read_does() {
    let (mut accepted, mut at_first, mut at_check) = (0usize, 0usize, 0usize);
    for (what, f) in cases() {
        // every seventh single-field mutation (each is written and read twice, compressed)
        let mut files: Vec<_> = mutations(&f).into_iter().step_by(7).collect();
        let n = f.rec.nodes.len();
        for id in (1..n).step_by((n / 6).max(1)) {
            files.push((format!("node {id} parent after it"), {
                let mut m = f.clone();
                m.rec.nodes[id].parent = (id as u32 + 1).min(n as u32 - 1).max(id as u32);
                m
            }));
        }
        let events = f.rec.events.len();
        for e in (0..events).step_by((events / 8).max(1)) {
            for code in [EventKind::Exit as u8, EventKind::Enter as u8, 200] {
                if f.rec.events[e] == code {
                    continue;
                }
                let mut m = f.clone();
                m.rec.events[e] = code;
                files.push((format!("event {e} → {code}"), m));
            }
        }
        let mut cut = f.clone();
        cut.rec.events.truncate(events / 2);
        files.push(("the tape cut in half".into(), cut));
        if f.rec.research_of.len() >= 2 {
            let mut m = f.clone();
            m.rec.research_of.swap(0, 1);
            files.push(("re-search links swapped".into(), m));
        }
        files.push(("as searched".into(), f.clone()));
        for (m_what, m) in files {
            let bytes = binary_bytes(&m);
            let whole = trace_file::read(&bytes[..]);
            let staged = trace_file::open(&bytes[..], MAX_TREE_TEXT_BYTES).and_then(Opened::staged);
            let staged = match staged {
                Err(e) => {
                    at_first += 1;
                    Err(e)
                }
                Ok(s) => {
                    assert!(
                        !s.is_checked(),
                        "{what}: {m_what}: a binary file has checks left"
                    );
                    s.check().inspect_err(|_| at_check += 1)
                }
            };
            match (whole, staged) {
                (Ok(a), Ok(b)) => {
                    accepted += 1;
                    assert_eq!(a.header, b.header, "{what}: {m_what}");
                    assert_eq!(a.rec.nodes, b.rec.nodes, "{what}: {m_what}");
                    assert_eq!(a.rec.events, b.rec.events, "{what}: {m_what}");
                    assert_eq!(a.rec.aux, b.rec.aux, "{what}: {m_what}");
                    assert_eq!(a.rec.research_of, b.rec.research_of, "{what}: {m_what}");
                    assert_eq!(a.rec.roots, b.rec.roots, "{what}: {m_what}");
                    assert_eq!(a.rec.root_depths, b.rec.root_depths, "{what}: {m_what}");
                }
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{what}: {m_what}"),
                (a, b) => panic!(
                    "{what}: {m_what}: read {:?}, staged {:?}",
                    a.err().map(|e| e.to_string()),
                    b.err().map(|e| e.to_string())
                ),
            }
        }
    }
    eprintln!("{accepted} accepted, {at_first} refused before streaming, {at_check} after");
    assert!(
        accepted > 0 && at_first > 50 && at_check > 50,
        "both steps refuse files"
    );
}

/// A JSON file is checked whole as it is read: the staged reading has nothing left to check.
#[test]
fn staged_opening_of_json_is_checked_at_once() {
    let (_, f) = cases().into_iter().next().unwrap();
    let prepared = f.header.input.prepare().unwrap();
    let mut json = Vec::new();
    trace_file::write(
        &mut json,
        trace_file::Format::Json,
        &f.header.input,
        &prepared,
        &f.header.config,
        &f.header.summary,
        &f.rec,
    )
    .unwrap();
    let s = trace_file::open(&json[..], MAX_TREE_TEXT_BYTES)
        .and_then(Opened::staged)
        .unwrap();
    assert!(s.is_checked());
    assert_eq!(s.file.rec.nodes, f.rec.nodes);
}

/// Issue 32 §5: traces the CLI wrote for the small games with the transposition table on were
/// refused by its own checker (a stored win, `WIN − p`, is kept relative to the node, and the
/// checker shifted only chess mates). Every small game, every algorithm, every technique the
/// game accepts (alone, and all of them together), on positions with wins inside the horizon:
/// each trace is accepted by the reader's checker and by `verify`.
#[test]
fn the_checker_accepts_every_game_with_every_technique_it_accepts() {
    use prunescope::game::WIN_BOUND;
    use prunescope::search::config::{ENABLE_NAMES, UNCERTAINTY_ENABLE_NAMES};
    let inputs = [
        (
            Input::TicTacToe(TicTacToeInput {
                position: ".../.../...".into(),
            }),
            5,
        ),
        (
            Input::TicTacToe(TicTacToeInput {
                position: ".o./.../..x".into(),
            }),
            5,
        ),
        (
            Input::TicTacToe(TicTacToeInput {
                position: ".x./.oo/x..".into(),
            }),
            4,
        ),
        (
            Input::Nim(NimInput {
                piles: vec![1, 2],
                misere: false,
            }),
            8,
        ),
        (
            Input::Nim(NimInput {
                piles: vec![2, 3, 1],
                misere: true,
            }),
            8,
        ),
        (
            Input::Connect4(Connect4Input {
                position: "4453".into(),
                unsafe_null_move: false,
            }),
            5,
        ),
        (
            Input::Connect4(Connect4Input {
                position: "5764747751666771225661154244112452".into(),
                unsafe_null_move: false,
            }),
            4,
        ),
    ];
    let names: Vec<&str> = ENABLE_NAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(UNCERTAINTY_ENABLE_NAMES.iter().map(|(n, _)| *n))
        .collect();
    let mut checked = 0;
    let mut with_tt_cut = 0;
    for (input, depth) in &inputs {
        let p = match input.prepare() {
            Ok(p) => p,
            Err(e) => panic!("{input:?}: {e}"),
        };
        let accepted: Vec<&str> = names
            .iter()
            .copied()
            .filter(|t| {
                config(Algorithm::AlphaBeta, *depth, &[t])
                    .is_some_and(|c| p.check_config(&c).is_ok())
            })
            .collect();
        let mut sets: Vec<Vec<&str>> = accepted.iter().map(|t| vec![*t]).collect();
        sets.push(vec![]);
        // everything the game accepts at once, but one uncertainty form
        let mut all: Vec<&str> = accepted
            .iter()
            .copied()
            .filter(|t| !t.starts_with("uc_"))
            .collect();
        all.push("uc_safe");
        sets.push(all);
        sets.push(vec!["tt", "tt_move", "killers", "history"]);
        for algo in Algorithm::ALL {
            for set in &sets {
                let Some(c) = config(algo, *depth, set) else {
                    continue;
                };
                if p.check_config(&c).is_err() {
                    continue;
                }
                let f = traced(input, &c, 0);
                let what = format!("{} {} {}", input.kind(), algo.name(), set.join(","));
                trace_file::validate(&f).unwrap_or_else(|e| panic!("{what}: {e}"));
                verify(&f).unwrap_or_else(|e| panic!("{what}: {e}"));
                with_tt_cut += f
                    .rec
                    .nodes
                    .iter()
                    .filter(|n| n.reason() == StopReason::TtCutoff && n.value.abs() >= WIN_BOUND)
                    .count();
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "{checked} searches checked");
    // the case the issue found: table cut-offs that return a win
    assert!(with_tt_cut > 0);
}

/// Issue 32 §5: false traces the reader opened (and the page then showed) though `verify`
/// refused them. In a chance trace the rules every search keeps were skipped; in a decision
/// trace stop reasons, `uncertain` flags, the node cap and `line_proven_to` were not held
/// against the configuration. Each is now refused on open (`convert`), naming the field and
/// the rule; on cd3b4e7 every one opened with exit 0.
#[test]
fn false_traces_the_page_showed_are_refused_on_open() {
    let dir = tmp_dir("false");
    let (code, t, err) = prunescope(&[
        "tree",
        "--algo",
        "alphabeta",
        "--json",
        "((3 12 8) (2 4 6) (14 5 2))",
    ]);
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_str(&t).unwrap();
    let cp = dir.join("c.json");
    let (code, _, err) = prunescope(&[
        "tree",
        "--algo",
        "star2",
        "--trace",
        cp.to_str().unwrap(),
        "bounds 0 10 ([1: (3 5) ] [2: (7 1)])",
    ]);
    assert_eq!(code, 0, "{err}");
    let c: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cp).unwrap()).unwrap();
    // Trees with leaves of value 0, the value a node the search stopped in may return.
    let zeros = |tree: &str| {
        let (code, t, err) = prunescope(&["tree", "--algo", "alphabeta", "--json", tree]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&t).unwrap()
    };
    let (z, one) = (zeros("(((1 0) (2 3)) ((0 4) (5 0)))"), zeros("(1 0)"));
    type Mutate = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, &serde_json::Value, Mutate, &str)> = vec![
        (
            "chance: order history",
            &c,
            Box::new(|v| v["nodes"][2]["order"] = "history".into()),
            "node 2, \"order\": is history, but a chance search orders no moves",
        ),
        (
            "chance: an uncertain leaf",
            &c,
            Box::new(|v| v["nodes"][3]["uncertain"] = true.into()),
            "node 3, \"uncertain\": is true, but only uncertainty cut-offs",
        ),
        (
            "chance: summary.uncertain",
            &c,
            Box::new(|v| v["summary"]["uncertain"] = true.into()),
            "\"summary.uncertain\": is true, but only uncertainty cut-offs",
        ),
        (
            "chance: iteration depth 10,100",
            &c,
            Box::new(|v| v["summary"]["iterations"][0]["depth"] = 10_100.into()),
            "\"summary.iterations[0].depth\": is 10100, but its root (node 0) was searched at \
             depth 10000 (rule: the summary against the roots)",
        ),
        (
            "chance: a longer best line",
            &c,
            Box::new(|v| v["summary"]["best_line"] = serde_json::json!(["0", "0", "1"])),
            "\"summary.best_line\": is [0, 0, 1], but the decision nodes' best moves from the \
             root (node 0) to the first chance node or leaf are [0] (rule: the best line)",
        ),
        (
            "tree: reason chance_fail_low",
            &t,
            Box::new(|v| v["nodes"][2]["reason"] = "chance_fail_low".into()),
            "node 2, \"reason\": is chance_fail_low, which needs a chance search with cut-offs",
        ),
        (
            "tree: reason probe",
            &t,
            Box::new(|v| {
                v["nodes"][2]["reason"] = "probe".into();
                v["nodes"][2]["bound"] = "lower".into();
                v["nodes"][2]["actual"] = "cut".into();
            }),
            "node 2, \"reason\": is probe, which needs Star2's probing phase",
        ),
        (
            "tree: reason stand_pat",
            &t,
            Box::new(|v| v["nodes"][2]["reason"] = "stand_pat".into()),
            "node 2, \"reason\": is stand_pat, which needs quiescence search",
        ),
        (
            "tree: uncertain with the cut-offs off",
            &t,
            Box::new(|v| v["nodes"][2]["uncertain"] = true.into()),
            "node 2, \"uncertain\": is true, but only uncertainty cut-offs",
        ),
        (
            "tree: node_cap 1 on 11 nodes not stopped",
            &t,
            Box::new(|v| v["config"]["node_cap"] = 1.into()),
            "\"config.node_cap\": is 1, but the search made 11 nodes: it stops at the cap (rule: \
             the node cap)",
        ),
        (
            "tree: line_proven_to under alphabeta",
            &t,
            Box::new(|v| v["summary"]["line_proven_to"] = 3.into()),
            "\"summary.line_proven_to\": is node 3, but only NegaScout (pvs) proves a value \
             without its line",
        ),
        (
            "tree: a leaf aborted, then its parent finishes",
            &z,
            Box::new(|v| v["nodes"][4]["reason"] = "aborted".into()),
            "node 2, \"reason\": is all_moves, but node 4 exited aborted before it: a search \
             that stops leaves every node still open aborted (rule: stop reasons)",
        ),
        (
            "tree: a leaf aborted, then the search enters another",
            &z,
            Box::new(|v| v["nodes"][9]["reason"] = "aborted".into()),
            "event 23, \"kind\": enters node 10, but node 9 exited aborted before it",
        ),
        (
            "tree: the last leaf and the root aborted in a search not stopped",
            &one,
            Box::new(|v| {
                v["nodes"][2]["reason"] = "aborted".into();
                v["nodes"][0]["reason"] = "aborted".into();
            }),
            "node 2, \"reason\": is aborted, but the search was not stopped: the tape has no \
             aborted event (rule: stop reasons)",
        ),
    ];
    for (what, base, mutate, want) in cases {
        let mut v = base.clone();
        mutate(&mut v);
        let p = dir.join("false.json");
        std::fs::write(&p, text(&v)).unwrap();
        let out = dir.join("false.pstrace");
        let (code, _, err) = prunescope(&["convert", p.to_str().unwrap(), out.to_str().unwrap()]);
        assert_eq!(code, 1, "{what}: {err}");
        assert!(err.contains(want), "{what}: {err}");
        // verify refused them before too; it still does, for the same reason
        let (code, _, err) = prunescope(&["verify", p.to_str().unwrap()]);
        assert_eq!(code, 1, "{what}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A recording the page hands back (`Session::adopt_end`) is closed with
/// `Recorder::close_cut_short` and then meets the one validation every file meets. A garbled
/// hand-back — a tape that enters nodes the recording does not hold — is refused by it, naming
/// the event; closing it first must not panic (before, the closing indexed past the records, and
/// only a structural pass run before it kept the page from reaching it).
#[test]
fn a_garbled_hand_back_is_closed_then_refused_by_the_one_validation() {
    let input = Input::Random(SynthParams {
        branching: 3,
        depth: 4,
        seed: 7,
        ordering: Ordering::Random,
        random_branching: false,
        transpositions: false,
    });
    let cfg = config(Algorithm::AlphaBeta, 4, &[]).unwrap();
    let f = traced(&input, &cfg, 0);
    for (extra, enters) in [(0usize, 1usize), (3, 1), (0, 3), (2, 2)] {
        let mut rec = f.rec.clone();
        // the tape cut inside the search, then `enters` more enter events than nodes
        let keep = rec.nodes.len() - extra;
        rec.nodes.truncate(keep);
        rec.events
            .extend(std::iter::repeat_n(EventKind::Enter as u8, enters));
        rec.close_cut_short(cfg.cutoff);
        let file = TraceFile {
            header: TraceHeader {
                input: input.clone(),
                config: cfg.clone(),
                summary: Summary::cut_short(&rec),
            },
            rec,
        };
        let e = trace_file::validate(&file).expect_err("a garbled hand-back is refused");
        assert!(
            e.to_string().contains("enters node") || e.to_string().contains("never"),
            "{extra} {enters}: {e}"
        );
    }
}

/// The JSON writer refuses, with an error and no panic, a recording whose node is not below the
/// open path: no search makes one and no file read gives one, but the page hands its writer
/// recordings (a guard the refactor of the position walk had left to a debug assertion).
#[test]
fn the_writer_refuses_a_node_outside_the_open_path() {
    let input = Input::Tree {
        text: "((3 5) (2 9))".to_string(),
    };
    let mut f = traced(&input, &config(Algorithm::Minimax, 1, &[]).unwrap(), 0);
    let prepared = input.prepare().unwrap();
    let write = |f: &TraceFile| {
        let h = &f.header;
        let (format, mut out) = (trace_file::Format::Json, Vec::new());
        trace_file::write(
            &mut out, format, &h.input, &prepared, &h.config, &h.summary, &f.rec,
        )
    };
    write(&f).unwrap();
    // Node 5 (the second subtree's first leaf) under node 1, whose subtree has ended.
    assert_eq!(f.rec.nodes[5].parent, 4);
    f.rec.nodes[5].parent = 1;
    let err = write(&f).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData, "{err}");
    assert!(
        err.to_string().contains("node 5 cannot be replayed"),
        "{err}"
    );
}
