//! Comparing traces node by node (`src/trace/diff.rs`, `prunescope diff`): the matching rule on
//! random trees, on re-searches and iterations, through JSON and binary files, and the command
//! line.

use prunescope::game::synthetic::{Ordering, Rng, SynthParams};
use prunescope::game::tree::Shape;
use prunescope::run::{Input, Summary};
use prunescope::schema::NodeKind;
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::trace::diff::{NO_MATCH, diff};
use prunescope::trace::record::{Recorder, plies};
use prunescope::trace_file::json::write_trace;
use prunescope::trace_file::{self, Format};
use std::process::Command;

const RUSSELL_NORVIG: &str = "((3 12 8) (2 4 6) (14 5 2))";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn cfg(algo: Algorithm) -> SearchConfig {
    SearchConfig {
        algo,
        ..SearchConfig::default()
    }
}

fn traced(input: &Input, cfg: &SearchConfig) -> (Summary, Recorder) {
    input.prepare().unwrap().search_traced(cfg, 0).unwrap()
}

fn json(input: &Input, cfg: &SearchConfig) -> String {
    let prepared = input.prepare().unwrap();
    let (summary, rec) = prepared.search_traced(cfg, 0).unwrap();
    let mut out = Vec::new();
    write_trace(&mut out, input, &prepared, cfg, &summary, &rec).unwrap();
    String::from_utf8(out).unwrap()
}

/// Minimax vs alpha-beta: alpha-beta visits a subset of minimax's nodes (it searches the same
/// children in the same order and stops early), so nothing is only in alpha-beta and the nodes
/// only in minimax are exactly the difference of the node counts.
fn check_minimax_vs_alphabeta(input: &Input, what: &str) {
    let (_, mm) = traced(input, &cfg(Algorithm::Minimax));
    let (_, ab) = traced(input, &cfg(Algorithm::AlphaBeta));
    let d = diff(&mm.nodes, &ab.nodes);
    let (n_mm, n_ab) = (mm.nodes.len() as u64, ab.nodes.len() as u64);
    assert_eq!(d.only_right, 0, "{what}");
    assert_eq!(d.only_left, n_mm - n_ab, "{what}");
    assert_eq!(d.both, n_ab, "{what}");
    // every alpha-beta node's match is the minimax node at the same path
    let (ply_mm, ply_ab) = (plies(&mm.nodes), plies(&ab.nodes));
    for (b, &a) in d.right_to_left.iter().enumerate() {
        assert_ne!(a, NO_MATCH, "{what}: alpha-beta node {b} unmatched");
        assert_eq!(
            mm.nodes[a as usize].move_code, ab.nodes[b].move_code,
            "{what}"
        );
        assert_eq!(ply_mm[a as usize], ply_ab[b], "{what}");
    }
    // per ply, the same counts
    for row in &d.per_ply {
        assert_eq!(row.only_right, 0, "{what}");
        assert_eq!(row.left, row.only_left + row.both, "{what}");
        assert_eq!(row.right, row.both, "{what}");
    }
    // the pruned subtrees: every unmatched minimax node has a matched parent or an unmatched
    // one, and the subtree sizes add up
    let pruned_roots: u64 = d
        .left_to_right
        .iter()
        .enumerate()
        .filter(|&(a, &b)| {
            let p = mm.nodes[a].parent;
            b == NO_MATCH && p != u32::MAX && d.left_to_right[p as usize] != NO_MATCH
        })
        .map(|(a, _)| d.subtree_left[a] as u64)
        .sum();
    assert_eq!(pruned_roots, d.only_left, "{what}");
}

#[test]
fn minimax_vs_alphabeta_on_random_trees() {
    let mut rng = Rng::new(20261123);
    for case in 0..400 {
        let shape = Shape::random(&mut rng, 1 + (case % 6), 4, 20);
        let text = shape.to_text();
        check_minimax_vs_alphabeta(&Input::Tree { text: text.clone() }, &text);
    }
}

#[test]
fn minimax_vs_alphabeta_on_synthetic_trees() {
    let orderings = [
        Ordering::Random,
        Ordering::Best,
        Ordering::Worst,
        Ordering::P(0.7),
    ];
    for seed in 0..200u64 {
        let p = SynthParams {
            branching: 2 + (seed % 4) as u32,
            depth: 2 + (seed % 4) as u32,
            seed,
            ordering: orderings[(seed % 4) as usize],
            random_branching: seed % 3 == 0,
            transpositions: seed % 5 == 0,
        };
        check_minimax_vs_alphabeta(&Input::Random(p.clone()), &format!("{p:?}"));
    }
}

#[test]
fn a_trace_matches_itself_node_for_node() {
    let mut chess = SearchConfig {
        algo: Algorithm::Pvs,
        depth: 3,
        iterative: true,
        ..SearchConfig::default()
    };
    for t in ["tt", "tt_move", "mvv_lva", "aspiration", "null_move", "lmr"] {
        chess.enable(t).unwrap();
    }
    chess.set("aspiration.width", "10").unwrap();
    let cases = [
        (
            // NegaScout re-searches node [1] here (its leaves it never re-searches).
            Input::Tree {
                text: "(((3 6) (-7 -7) (3 8)) ((-2 7) (-1 -4 -6) (-3 -9 -1)))".into(),
            },
            cfg(Algorithm::Pvs),
        ),
        (
            Input::Chess {
                fen: KIWIPETE.into(),
            },
            chess,
        ),
    ];
    for (input, c) in cases {
        let (_, rec) = traced(&input, &c);
        assert!(!rec.research_of.is_empty(), "the case has re-searches");
        let nodes = &rec.nodes;
        let d = diff(nodes, nodes);
        let ids: Vec<u32> = (0..nodes.len() as u32).collect();
        assert_eq!(d.left_to_right, ids);
        assert_eq!(d.right_to_left, ids);
        assert_eq!((d.only_left, d.only_right, d.changed), (0, 0, 0));
    }
}

#[test]
fn iterations_and_research_visits_match_in_order() {
    // Iterative deepening to depth 3 against depth 2: the first two root searches match, the
    // third is only on the left.
    let input = Input::Chess {
        fen: KIWIPETE.into(),
    };
    let mk = |depth| SearchConfig {
        algo: Algorithm::Pvs,
        depth,
        iterative: true,
        ..SearchConfig::default()
    };
    let (_, deep) = traced(&input, &mk(3));
    let (_, shallow) = traced(&input, &mk(2));
    let d = diff(&deep.nodes, &shallow.nodes);
    let third = deep.roots[2] as usize;
    assert_eq!(d.only_right, 0);
    assert_eq!(d.only_left as usize, deep.nodes.len() - third);
    assert!(d.left_to_right[..third].iter().all(|&m| m != NO_MATCH));

    // PVS on a tree whose moves keep improving: every scout fails high and is searched again.
    // Against alpha-beta the scouts match alpha-beta's single visits; the re-searches (second
    // visits of the same child) match nothing.
    let tree = Input::Tree {
        text: "((1 2) (3 4) (5 6))".into(),
    };
    let (_, ab) = traced(&tree, &cfg(Algorithm::AlphaBeta));
    let (_, pvs) = traced(&tree, &cfg(Algorithm::Pvs));
    let d = diff(&ab.nodes, &pvs.nodes);
    for &(re, earlier) in &pvs.research_of {
        assert_eq!(
            d.right_to_left[re as usize], NO_MATCH,
            "a re-search is a second visit"
        );
        assert_ne!(
            d.right_to_left[earlier as usize], NO_MATCH,
            "the scout is the first"
        );
    }
}

#[test]
fn null_moves_only_in_the_search_that_makes_them() {
    let input = Input::Chess {
        fen: KIWIPETE.into(),
    };
    let base = SearchConfig {
        algo: Algorithm::Pvs,
        depth: 4,
        iterative: false,
        ..SearchConfig::default()
    };
    let mut null = base.clone();
    null.enable("null_move").unwrap();
    let (_, a) = traced(&input, &base);
    let (_, b) = traced(&input, &null);
    let d = diff(&a.nodes, &b.nodes);
    let nulls: Vec<usize> = (0..b.nodes.len())
        .filter(|&i| b.nodes[i].node_kind() == NodeKind::Null)
        .collect();
    assert!(!nulls.is_empty());
    for i in nulls {
        assert_eq!(d.right_to_left[i], NO_MATCH);
    }
    assert!(
        d.only_left > 0,
        "null-move cut-offs prune what the plain search visits"
    );
    assert_eq!(d.both + d.only_left, a.nodes.len() as u64);
    assert_eq!(d.both + d.only_right, b.nodes.len() as u64);
}

fn binary(input: &Input, cfg: &SearchConfig) -> Vec<u8> {
    let prepared = input.prepare().unwrap();
    let (summary, rec) = prepared.search_traced(cfg, 0).unwrap();
    let mut out = Vec::new();
    trace_file::write(
        &mut out,
        Format::Binary,
        input,
        &prepared,
        cfg,
        &summary,
        &rec,
    )
    .unwrap();
    out
}

#[test]
fn trace_files_give_the_same_comparison_as_the_recordings() {
    let chess = Input::Chess {
        fen: KIWIPETE.into(),
    };
    let mut with_null = SearchConfig {
        algo: Algorithm::Pvs,
        depth: 3,
        iterative: true,
        ..SearchConfig::default()
    };
    let plain = with_null.clone();
    with_null.enable("null_move").unwrap();
    with_null.enable("quiescence").unwrap();
    let synth = Input::Random(SynthParams {
        branching: 4,
        depth: 4,
        seed: 7,
        ordering: Ordering::Random,
        random_branching: true,
        transpositions: false,
    });
    let rn = Input::Tree {
        text: RUSSELL_NORVIG.into(),
    };
    let cases = [
        (&chess, plain, with_null),
        (&synth, cfg(Algorithm::Minimax), cfg(Algorithm::Pvs)),
        (&rn, cfg(Algorithm::Minimax), cfg(Algorithm::AlphaBeta)),
    ];
    for (input, ca, cb) in cases {
        let (sa, ra) = traced(input, &ca);
        let (sb, rb) = traced(input, &cb);
        let expect = diff(&ra.nodes, &rb.nodes);
        let fa = trace_file::read(json(input, &ca).as_bytes()).unwrap();
        let fb = trace_file::read(&binary(input, &cb)[..]).unwrap();
        assert_eq!(fa.rec.nodes, ra.nodes);
        assert_eq!(fb.rec.nodes, rb.nodes);
        // The files' records and summaries, as `prunescope diff` compares and reports them.
        assert_eq!(diff(&fa.rec.nodes, &fb.rec.nodes), expect);
        assert_eq!(fa.header.input, fb.header.input);
        assert_eq!(fa.header.summary.value, sa.value);
        assert_eq!(fb.header.summary.value, sb.value);
    }
}

// ---------------------------------------------------------------------------------------------
// The command line
// ---------------------------------------------------------------------------------------------

fn prunescope(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_prunescope"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A scratch directory for one test, removed when the test ends.
struct TmpDir(std::path::PathBuf);

impl TmpDir {
    fn new(test: &str) -> TmpDir {
        let dir =
            std::env::temp_dir().join(format!("prunescope-diff-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TmpDir(dir)
    }
}

impl std::ops::Deref for TmpDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TmpDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `prunescope ARGS --json` to `dir/name` and returns the path.
fn trace_file(dir: &std::path::Path, name: &str, args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = prunescope(&all);
    assert_eq!(code, 0, "{err}");
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path.to_string_lossy().into_owned()
}

fn json_of(out: &str) -> serde_json::Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
}

#[test]
fn cli_diff_of_minimax_and_alphabeta() {
    let dir = TmpDir::new("cli_diff_of_minimax_and_alphabeta");
    let mm = trace_file(
        &dir,
        "rn-mm.json",
        &["tree", "--algo", "minimax", RUSSELL_NORVIG],
    );
    let ab = trace_file(
        &dir,
        "rn-ab.json",
        &["tree", "--algo", "alphabeta", RUSSELL_NORVIG],
    );
    let (code, out, err) = prunescope(&["diff", &mm, &ab, "--json"]);
    assert_eq!(code, 0, "{err}");
    let j = json_of(&out);
    assert_eq!(j["only_left"], 2);
    assert_eq!(j["only_right"], 0);
    assert_eq!(j["both"], 11);
    assert_eq!(j["value_left"], 3);
    assert_eq!(j["value_right"], 3);
    assert_eq!(j["nodes_left"], 13);
    assert_eq!(j["nodes_right"], 11);
    assert_eq!(j["same_input"], true);
    let plies: Vec<(u64, u64, u64)> = j["per_ply"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["only_left"].as_u64().unwrap(),
                p["only_right"].as_u64().unwrap(),
                p["both"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(plies, vec![(0, 0, 1), (0, 0, 3), (2, 0, 7)]);
    assert_eq!(j["left"]["config"], "minimax");
    assert_eq!(j["right"]["config"], "alphabeta");

    // the human-readable form
    let (code, out, _) = prunescope(&["diff", &mm, &ab]);
    assert_eq!(code, 0);
    assert!(
        out.contains("matched by path: 11 in both, 2 only left, 0 only right"),
        "{out}"
    );
    assert!(out.contains("nodes right - left: -2"), "{out}");

    // swapped
    let (_, out, _) = prunescope(&["diff", &ab, &mm, "--json"]);
    let j = json_of(&out);
    assert_eq!(
        (j["only_left"].as_u64(), j["only_right"].as_u64()),
        (Some(0), Some(2))
    );
}

#[test]
fn cli_diff_on_random_trees_agrees_with_the_node_counts() {
    let dir = TmpDir::new("cli_diff_on_random_trees_agrees_with_the_node_counts");
    for seed in ["1", "2", "3"] {
        let common = ["random", "-b", "4", "-d", "5", "--seed", seed];
        let mm = trace_file(
            &dir,
            &format!("mm-{seed}.json"),
            &[&common[..], &["--algo", "minimax"]].concat(),
        );
        let ab = trace_file(
            &dir,
            &format!("ab-{seed}.json"),
            &[&common[..], &["--algo", "alphabeta"]].concat(),
        );
        let (code, out, err) = prunescope(&["diff", &mm, &ab, "--json"]);
        assert_eq!(code, 0, "{err}");
        let j = json_of(&out);
        let (nl, nr) = (
            j["nodes_left"].as_u64().unwrap(),
            j["nodes_right"].as_u64().unwrap(),
        );
        assert_eq!(nl, 1 + 4 + 16 + 64 + 256 + 1024);
        assert_eq!(j["only_right"], 0);
        assert_eq!(j["only_left"].as_u64().unwrap(), nl - nr);
        assert_eq!(j["value_left"], j["value_right"]);
    }
}

#[test]
fn cli_diff_of_chess_traces() {
    let dir = TmpDir::new("cli_diff_of_chess_traces");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let a = trace_file(&dir, "c-a.json", &["chess", "--fen", fen, "-d", "3"]);
    let b = trace_file(
        &dir,
        "c-b.json",
        &["chess", "--fen", fen, "-d", "3", "--enable", "null_move"],
    );
    let (code, out, err) = prunescope(&["diff", &a, &b, "--json"]);
    assert_eq!(code, 0, "{err}");
    let j = json_of(&out);
    let (both, ol, or) = (
        j["both"].as_u64().unwrap(),
        j["only_left"].as_u64().unwrap(),
        j["only_right"].as_u64().unwrap(),
    );
    assert_eq!(both + ol, j["nodes_left"].as_u64().unwrap());
    assert_eq!(both + or, j["nodes_right"].as_u64().unwrap());
    assert_eq!(j["right"]["config"], "pvs + null_move");
    assert_eq!(
        j["left"]["roots"], 3,
        "iterative deepening: one root search per depth"
    );
}

#[test]
fn cli_diff_rejects_corrupt_files_clearly() {
    let dir = TmpDir::new("cli_diff_rejects_corrupt_files_clearly");
    let good = trace_file(
        &dir,
        "good.json",
        &["tree", "--algo", "pvs", RUSSELL_NORVIG],
    );
    let text = std::fs::read_to_string(&good).unwrap();
    let write = |name: &str, body: &str| {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        p.to_string_lossy().into_owned()
    };
    let cases = [
        (
            write("trunc.json", &text[..text.len() / 2]),
            "the file ends early",
        ),
        (
            write("foreign.json", r#"{"format":"x","version":2}"#),
            "not a prunescope trace",
        ),
        (
            write(
                "v1.json",
                &text.replacen("\"version\":5", "\"version\":1", 1),
            ),
            "trace format version 1 is not supported",
        ),
        (
            write(
                "ids.json",
                &text.replacen("{\"id\":1,\"parent\":0", "{\"id\":5,\"parent\":0", 1),
            ),
            "ids must be 0, 1, 2",
        ),
        (
            write(
                "nopath.json",
                &text.replacen("\"path\":[0]", "\"path\":[]", 1),
            ),
            "node 1, \"path\": is [], but the node is not a root",
        ),
        (
            dir.join("missing.json").to_string_lossy().into_owned(),
            "cannot read trace file",
        ),
    ];
    for (bad, msg) in &cases {
        for args in [vec!["diff", bad, &good], vec!["diff", &good, bad, "--json"]] {
            let (code, out, err) = prunescope(&args);
            assert_eq!(code, 1, "{args:?}: {out}");
            assert!(err.starts_with("error: "), "{err}");
            assert!(err.contains(*msg), "{args:?}: expected '{msg}' in {err}");
            assert!(
                err.contains(bad.as_str()),
                "the message names the file: {err}"
            );
            assert!(out.is_empty());
        }
    }
    // a usage error
    let (code, _, err) = prunescope(&["diff", &good]);
    assert_eq!(code, 2, "{err}");
    // different inputs: compared anyway, with a notice
    let other = trace_file(&dir, "other.json", &["tree", "(1 (2 3))"]);
    let (code, out, err) = prunescope(&["diff", &good, &other, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("different inputs"), "{err}");
    assert_eq!(json_of(&out)["same_input"], false);
}

#[test]
fn cli_writes_converts_and_compares_trace_files_in_both_formats() {
    let dir = TmpDir::new("cli_writes_converts_and_compares_trace_files_in_both_formats");
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let search = ["tree", "--algo", "pvs", RUSSELL_NORVIG];
    let (code, stdout_json, err) = prunescope(&[&search[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");

    // --trace writes the same JSON the --json flag prints, and the summary still prints
    let (a_json, a_bin, a_gz) = (path("a.json"), path("a.pstrace"), path("a.json.gz"));
    for file in [&a_json, &a_bin, &a_gz] {
        let (code, out, err) = prunescope(&[&search[..], &["--trace", file]].concat());
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("value      3"), "{out}");
    }
    assert_eq!(std::fs::read_to_string(&a_json).unwrap(), stdout_json);
    let bin = std::fs::read(&a_bin).unwrap();
    assert_eq!(&bin[..2], &[0x1f, 0x8b], "binary traces are gzip streams");
    assert_eq!(&std::fs::read(&a_gz).unwrap()[..2], &[0x1f, 0x8b]);

    // convert both ways gives the same bytes as writing directly
    let (b_json, b_bin) = (path("b.json"), path("b.pstrace"));
    let (code, _, err) = prunescope(&["convert", &a_bin, &b_json]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&b_json).unwrap(), stdout_json);
    let (code, _, err) = prunescope(&["convert", &a_gz, &b_bin]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(&b_bin).unwrap(), bin);
    let (code, out, err) = prunescope(&["convert", &a_bin, "-"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, stdout_json);
    let (code, _, err) = prunescope(&["convert", &a_json, &path("c.out"), "--format", "binary"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read(path("c.out")).unwrap(), bin);

    // diff reads every format and reports the same
    let (_, want, _) = prunescope(&["diff", &a_json, &b_json, "--json"]);
    for (l, r) in [(&a_bin, &b_json), (&a_gz, &b_bin), (&a_json, &a_bin)] {
        let (code, out, err) = prunescope(&["diff", l, r, "--json"]);
        assert_eq!(code, 0, "{err}");
        let (mut got, mut expect) = (json_of(&out), json_of(&want));
        for side in ["left", "right"] {
            got[side]["file"] = serde_json::Value::Null;
            expect[side]["file"] = serde_json::Value::Null;
        }
        assert_eq!(got, expect);
    }

    // refusals
    let (code, _, err) = prunescope(&[&search[..], &["--trace", &path("x.dat")]].concat());
    assert_eq!(code, 1);
    assert!(err.contains("cannot tell the trace format"), "{err}");
    assert!(!dir.join("x.dat").exists());
    let (code, _, err) = prunescope(&[&search[..], &["--format", "binary"]].concat());
    assert_eq!(code, 2, "--format needs --trace: {err}");
    let (code, _, err) =
        prunescope(&[&search[..], &["--trace", &path("y.bin"), "--format", "xml"]].concat());
    assert_eq!(code, 2, "{err}");
    let missing_dir = path("no/such/dir/t.json");
    let (code, _, err) = prunescope(&[&search[..], &["--trace", &missing_dir]].concat());
    assert_eq!(code, 1);
    assert!(err.contains("cannot write trace file"), "{err}");
    let (code, _, err) = prunescope(&["convert", &path("none.json"), &path("n.pstrace")]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read trace file"), "{err}");
    std::fs::write(path("bad.pstrace"), &bin[..bin.len() / 2]).unwrap();
    let (code, _, err) = prunescope(&["convert", &path("bad.pstrace"), &path("n.json")]);
    assert_eq!(code, 1);
    assert!(
        err.contains("bad.pstrace"),
        "the message names the file: {err}"
    );
    assert!(
        !dir.join("n.json").exists(),
        "nothing is written on failure"
    );
    // no temporary files are left behind
    let left: Vec<String> = std::fs::read_dir(&*dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
