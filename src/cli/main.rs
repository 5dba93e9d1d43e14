//! `prunescope`: the native command-line front end. A thin layer over `prunescope::run`.

use clap::{Args, Parser, Subcommand};
use prunescope::experiments::{self, EpdPosition, pct};
use prunescope::game::synthetic::{Ordering, SynthParams};
use prunescope::lab::{Input, Summary};
use prunescope::search::config::{Algorithm, DEFAULT_NODE_CAP, SearchConfig};
use prunescope::trace::diff::{DiffReport, diff_docs};
use prunescope::trace::json::{TraceDoc, read_trace, write_trace};
use prunescope::trace::record::Recorder;
use prunescope::trace::stats::TraceStats;
use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "prunescope",
    version,
    about = "Search game trees with minimax, alpha-beta or PVS and trace every node",
    long_about = "Search game trees with minimax, alpha-beta or PVS and trace every node.\n\n\
        Without --json, prints a summary: value, best line, node counts per node type, time \
        and nodes/s. With --json, prints the full trace (format: docs/trace-format.md)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search an explicit tree in textbook notation, e.g. "((3 12 8) (2 4 6) (14 5 2))".
    Tree {
        /// The tree text; "-" reads it from standard input. Leaves are integers from the
        /// root (MAX) player's view.
        tree: String,
        #[command(flatten)]
        common: Common,
    },
    /// Search a seeded synthetic tree whose values derive from each node's path.
    Random {
        /// Children per node (1..=1000); with --random-branching, the maximum.
        #[arg(long, short = 'b')]
        branching: u32,
        /// Depth of the tree in plies (1..=64).
        #[arg(long, short = 'd')]
        depth: u32,
        /// Seed of the generator.
        #[arg(long, short = 's', default_value_t = 1)]
        seed: u64,
        /// Where each node's best child sits: best (first), worst (children worst to best),
        /// random, or p=<probability> (best first with that probability).
        #[arg(long, default_value = "random", value_parser = Ordering::parse)]
        ordering: Ordering,
        /// Give each node a random number of children in 1..=branching.
        #[arg(long)]
        random_branching: bool,
        /// Let different move orders transpose into the same position (same key and value);
        /// leaf values then come from the key and --ordering does not apply.
        #[arg(long)]
        transpositions: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Search a chess position given as FEN, with iterative deepening.
    Chess {
        /// The position in FEN (the halfmove and fullmove fields may be omitted).
        #[arg(long)]
        fen: String,
        /// Depth in plies (1..=64).
        #[arg(long, short = 'd')]
        depth: u32,
        /// Search only the final depth instead of iterating 1..=depth.
        #[arg(long)]
        no_iterative: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Reproduce a paper's experiment on an EPD suite (docs/experiments.md).
    /// `uncertainty`: Table 1 of Björnsson et al. (1997). `null-move`: David & Netanyahu's
    /// Tables 1–2 (standard R = 1, 2, 3 vs verified R = 3). `multi-cut`: the MC-A table of
    /// Winands et al. (with and without MC-A, under no forward pruning, null move, MC-C and
    /// both), at depths 1..=DEPTH.
    Experiment {
        /// Which experiment.
        #[arg(value_parser = ["uncertainty", "null-move", "multi-cut"])]
        name: String,
        /// EPD suite (the papers used Bratko-Kopec for uncertainty cut-offs).
        #[arg(long, default_value = "www/data/bk.epd")]
        suite: String,
        /// Nominal depth in plies (uncertainty: the paper's 5, with extensions).
        #[arg(long, short = 'd', default_value_t = 5)]
        depth: u32,
        /// Print CSV. uncertainty: position,base_nodes,pct10,pct30,pct50,same10,same30,same50.
        #[arg(long)]
        csv: bool,
    },
    /// Compare two saved traces (`--json` output, or saved from the page) node by node: nodes
    /// only in the left trace, only in the right one, in both, and per ply. Nodes are matched
    /// by their path from the root; the k-th visit of a move under a matched parent matches the
    /// k-th visit in the other trace (docs/compare.md).
    Diff {
        /// The left trace file (A).
        left: String,
        /// The right trace file (B).
        right: String,
        /// Print the comparison as JSON: only_left, only_right, both, value_left, value_right,
        /// per_ply, ...
        #[arg(long)]
        json: bool,
    },
    /// Print the page's copy of the trace contract (codes, record layout, names, defaults and
    /// limits) as an ES module: `prunescope schema > www/schema.js`.
    Schema,
    /// Benchmark: untraced and recorded PVS over an EPD suite; nodes/s and bytes per node.
    Bench {
        /// EPD file to search.
        #[arg(long, default_value = "www/data/bk.epd")]
        suite: String,
        /// Depth in plies for every position.
        #[arg(long, short = 'd', default_value_t = 5)]
        depth: u32,
        /// Algorithm to benchmark.
        #[arg(long, default_value = "pvs", value_parser = Algorithm::parse)]
        algo: Algorithm,
    },
}

#[derive(Args)]
struct Common {
    /// Search algorithm: minimax, alphabeta or pvs.
    #[arg(long, default_value = "pvs", value_parser = Algorithm::parse)]
    algo: Algorithm,
    /// Switch techniques on (comma-separated): tt, tt_move, mvv_lva, killers, history,
    /// history_aging, refutation, aspiration, null_move, adaptive_null, verified_null, mc_c,
    /// mc_a, uc_safe, uc_general, uc_all, presearch, lmr, check_extension, quiescence,
    /// see_pruning. See docs/techniques.md.
    #[arg(long, value_delimiter = ',')]
    enable: Vec<String>,
    /// Set a parameter, NAME=VALUE (repeatable), by the names of the trace's config:
    /// tt.size_log2, tt.replacement (depth_preferred|always_replace|two_tier),
    /// aspiration.width, null_move.R, multi_cut.M, multi_cut.C, multi_cut.R,
    /// uncertainty.CUT_RATIO, presearch.Risk, presearch.NearRoot, presearch.NearLeaf, lmr.K,
    /// lmr.H, ...
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Print the full trace as JSON instead of a summary.
    #[arg(long)]
    json: bool,
    /// Stop after this many nodes with a notice (0 = no cap).
    #[arg(long, default_value_t = DEFAULT_NODE_CAP)]
    node_cap: u64,
    /// Also print trace statistics (node types, first-move fail-high %, effective branching
    /// factor, best-move index histograms).
    #[arg(long)]
    stats: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::FAILURE
        }
    }
}

fn run(cmd: Command) -> Result<(), String> {
    let (input, common, depth, iterative) = match cmd {
        Command::Tree { tree, common } => {
            let text = if tree == "-" {
                let mut s = String::new();
                std::io::stdin()
                    .read_to_string(&mut s)
                    .map_err(|e| format!("cannot read the tree from standard input: {e}"))?;
                s
            } else {
                tree
            };
            (Input::Tree { text }, common, 1, false)
        }
        Command::Random {
            branching,
            depth,
            seed,
            ordering,
            random_branching,
            transpositions,
            common,
        } => {
            let p = SynthParams {
                branching,
                depth,
                seed,
                ordering,
                random_branching,
                transpositions,
            };
            (Input::Random(p), common, depth, false)
        }
        Command::Chess {
            fen,
            depth,
            no_iterative,
            common,
        } => (Input::Chess { fen }, common, depth, !no_iterative),
        Command::Bench { suite, depth, algo } => return bench(&suite, depth, algo),
        Command::Schema => {
            let mut out = std::io::stdout().lock();
            return out
                .write_all(prunescope::trace::schema::js_module().as_bytes())
                .and_then(|()| out.flush())
                .map_err(|e| format!("cannot write output: {e}"));
        }
        Command::Diff { left, right, json } => return diff_files(&left, &right, json),
        Command::Experiment {
            name,
            suite,
            depth,
            csv,
        } => {
            let cfg = SearchConfig {
                depth,
                ..SearchConfig::default()
            };
            cfg.validate()?;
            let positions = experiments::read_epd(&suite)?;
            return match name.as_str() {
                "null-move" => experiment_null_move(&positions, &suite, depth, csv),
                "multi-cut" => experiment_multi_cut(&positions, &suite, depth, csv),
                _ => experiment_uncertainty(&positions, &suite, depth, csv),
            };
        }
    };
    let mut cfg = SearchConfig {
        algo: common.algo,
        depth,
        iterative,
        node_cap: common.node_cap,
        ..SearchConfig::default()
    };
    for name in &common.enable {
        cfg.enable(name.trim())?;
    }
    for kv in &common.set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("--set expects NAME=VALUE, got '{kv}'"))?;
        cfg.set(k.trim(), v.trim())?;
    }
    let prepared = input.prepare()?;
    let start = Instant::now();
    let (summary, rec) = prepared.search_traced(&cfg)?;
    let secs = start.elapsed().as_secs_f64();
    if summary.aborted {
        eprintln!(
            "notice: the node cap of {} nodes stopped the search; results are partial (raise --node-cap)",
            cfg.node_cap
        );
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let res = if common.json {
        write_trace(&mut out, &input, &prepared, &cfg, &summary, &rec)
    } else {
        print_summary(&mut out, &summary, &rec, secs, common.stats)
    };
    res.and_then(|()| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))
}

fn print_summary(
    out: &mut impl Write,
    s: &Summary,
    rec: &Recorder,
    secs: f64,
    full: bool,
) -> std::io::Result<()> {
    let st = TraceStats::of(rec);
    writeln!(out, "value      {}", s.value)?;
    let line = if s.best_line_san.is_empty() {
        &s.best_line
    } else {
        &s.best_line_san
    };
    writeln!(out, "best line  {}", line.join(" "))?;
    writeln!(
        out,
        "nodes      {} ({} leaves){}",
        s.nodes,
        st.leaves,
        if s.aborted {
            " — stopped by the node cap"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "actual     PV {}  CUT {}  ALL {}",
        st.actual[0], st.actual[1], st.actual[2]
    )?;
    writeln!(
        out,
        "expected   PV {}  CUT {}  ALL {}  (expected ≠ actual: {} = {:.1}%)",
        st.expected[0], st.expected[1], st.expected[2], st.mismatched, st.mismatched_pct
    )?;
    writeln!(
        out,
        "cut-offs   {} ({:.1}% on the first move), re-searches {}",
        st.cutoffs, st.first_move_cutoff_pct, st.researches
    )?;
    writeln!(
        out,
        "time       {:.3} s, {:.0} nodes/s",
        secs,
        s.nodes as f64 / secs.max(1e-9)
    )?;
    if full {
        for it in &st.iterations {
            let ebf = it.ebf.map_or("-".to_string(), |e| format!("{e:.2}"));
            writeln!(
                out,
                "iteration  depth {:>2}: {:>10} nodes, EBF {ebf}",
                it.depth, it.nodes
            )?;
        }
        writeln!(out, "best-move index at CUT nodes: {:?}", st.best_index_cut)?;
        writeln!(out, "best-move index at ALL nodes: {:?}", st.best_index_all)?;
        writeln!(out, "nodes per ply: {:?}", st.per_ply)?;
    }
    Ok(())
}

/// `prunescope diff`: reads two trace files and prints how their nodes match.
fn diff_files(left: &str, right: &str, json: bool) -> Result<(), String> {
    let read = |path: &str| -> Result<TraceDoc, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read trace file '{path}': {e}"))?;
        read_trace(&text).map_err(|e| format!("{path}: {e}"))
    };
    let (a, b) = (read(left)?, read(right)?);
    let (_, report) = diff_docs(left, &a, right, &b)?;
    if !report.same_input {
        eprintln!(
            "notice: the two traces searched different inputs ({} and {}); nodes are still \
             matched by path",
            a.input.kind(),
            b.input.kind()
        );
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let res = if json {
        serde_json::to_writer_pretty(&mut out, &report)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        print_diff(&mut out, &report)
    };
    res.and_then(|()| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))
}

fn print_diff(out: &mut impl Write, r: &DiffReport) -> std::io::Result<()> {
    for (name, s) in [("left ", &r.left), ("right", &r.right)] {
        writeln!(
            out,
            "{name}  {}: {}, {} nodes{}, value {}, best line {}",
            s.file,
            s.config,
            s.nodes,
            if s.aborted {
                " (stopped by the node cap)"
            } else {
                ""
            },
            s.value,
            if s.best_line.is_empty() {
                "-".to_string()
            } else {
                s.best_line.join(" ")
            }
        )?;
    }
    writeln!(
        out,
        "matched by path: {} in both, {} only left, {} only right",
        r.both, r.only_left, r.only_right
    )?;
    writeln!(
        out,
        "differences in both: {} (value {}, bound {}, expected type {})",
        r.changed, r.changed_value, r.changed_bound, r.changed_type
    )?;
    let diff = r.nodes_right as i64 - r.nodes_left as i64;
    writeln!(
        out,
        "nodes right - left: {diff:+} ({:+.1}%)",
        100.0 * diff as f64 / r.nodes_left.max(1) as f64
    )?;
    writeln!(
        out,
        "{:>4} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "ply", "left", "right", "both", "only left", "only right"
    )?;
    for p in &r.per_ply {
        writeln!(
            out,
            "{:>4} {:>10} {:>10} {:>10} {:>10} {:>10}",
            p.ply, p.left, p.right, p.both, p.only_left, p.only_right
        )?;
    }
    Ok(())
}

/// Table 1 of Björnsson, Marsland, Schaeffer & Junghanns (1997), printed as CSV or laid out
/// like the paper's.
fn experiment_uncertainty(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), String> {
    let rows = experiments::uncertainty_table(positions, depth)?;
    let n = rows.len();
    let base_total: u64 = rows.iter().map(|r| r.base_nodes).sum();
    let totals: Vec<f64> = (0..3)
        .map(|k| pct(rows.iter().map(|r| r.nodes[k]).sum(), base_total))
        .collect();
    let avgs: Vec<f64> = (0..3)
        .map(|k| {
            rows.iter()
                .map(|r| pct(r.nodes[k], r.base_nodes))
                .sum::<f64>()
                / n as f64
        })
        .collect();
    let same: Vec<usize> = (0..3)
        .map(|k| rows.iter().filter(|r| r.same[k]).count())
        .collect();
    if csv {
        println!("position,base_nodes,pct10,pct30,pct50,same10,same30,same50");
        for r in &rows {
            println!(
                "{},{},{:.1},{:.1},{:.1},{},{},{}",
                r.id,
                r.base_nodes,
                pct(r.nodes[0], r.base_nodes),
                pct(r.nodes[1], r.base_nodes),
                pct(r.nodes[2], r.base_nodes),
                r.same[0],
                r.same[1],
                r.same[2]
            );
        }
        println!(
            "total,{base_total},{:.1},{:.1},{:.1},{}/{n},{}/{n},{}/{n}",
            totals[0], totals[1], totals[2], same[0], same[1], same[2]
        );
        println!(
            "average,{},{:.1},{:.1},{:.1},,,",
            base_total / n as u64,
            avgs[0],
            avgs[1],
            avgs[2]
        );
        return Ok(());
    }
    println!("Table 1: percentages of nodes searched (safe uncertainty cut-offs vs baseline),");
    println!("{n} positions of {suite}, depth {depth} with check extensions\n");
    let half = n.div_ceil(2);
    println!(
        "{:<8}{:>6}{:>6}{:>6}      {:<8}{:>6}{:>6}{:>6}",
        "", "10%", "30%", "50%", "", "10%", "30%", "50%"
    );
    let cell = |r: &experiments::UncertaintyRow| {
        format!(
            "{:<8}{:>6.0}{:>6.0}{:>6.0}",
            r.id.trim_start_matches("BK."),
            pct(r.nodes[0], r.base_nodes),
            pct(r.nodes[1], r.base_nodes),
            pct(r.nodes[2], r.base_nodes)
        )
    };
    for i in 0..half {
        let right = rows.get(i + half).map(cell).unwrap_or_default();
        println!("{}      {}", cell(&rows[i]), right);
    }
    println!(
        "{:<8}{:>6.0}{:>6.0}{:>6.0}   (paper: 104 100 97)",
        "Total %", totals[0], totals[1], totals[2]
    );
    println!(
        "{:<8}{:>6.0}{:>6.0}{:>6.0}   (paper: 102  99 97)",
        "Avg. %", avgs[0], avgs[1], avgs[2]
    );
    println!(
        "same value and best move: {}/{n}, {}/{n}, {}/{n}; baseline nodes {base_total}",
        same[0], same[1], same[2]
    );
    Ok(())
}

/// David & Netanyahu (2002), Tables 1–2: total nodes and solved positions of standard
/// null-move pruning with R = 1, 2, 3 and verified null-move pruning with R = 3.
fn experiment_null_move(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), String> {
    let rows = experiments::null_move_table(positions, depth)?;
    let names = experiments::NULL_MOVE_VARIANTS;
    let totals: Vec<u64> = (0..4)
        .map(|k| rows.iter().map(|r| r.nodes[k]).sum())
        .collect();
    let solved: Vec<usize> = (0..4)
        .map(|k| rows.iter().filter(|r| r.solved[k]).count())
        .collect();
    if csv {
        println!("position,std_r1,std_r2,std_r3,vrfd_r3,solved_r1,solved_r2,solved_r3,solved_vrfd");
        for r in &rows {
            println!(
                "{},{},{},{},{},{},{},{},{}",
                r.id,
                r.nodes[0],
                r.nodes[1],
                r.nodes[2],
                r.nodes[3],
                r.solved[0],
                r.solved[1],
                r.solved[2],
                r.solved[3]
            );
        }
        println!(
            "total,{},{},{},{},{},{},{},{}",
            totals[0], totals[1], totals[2], totals[3], solved[0], solved[1], solved[2], solved[3]
        );
        return Ok(());
    }
    println!(
        "Total node count and solved positions, {} positions of {suite}, depth {depth}",
        rows.len()
    );
    println!("(baseline: PVS, TT, history, captures first, check extensions, quiescence)\n");
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "Depth", names[0], names[1], names[2], names[3]
    );
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        depth, totals[0], totals[1], totals[2], totals[3]
    );
    let rel = |k: usize| format!("({:+.2}%)", pct(totals[k], totals[3]) - 100.0);
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "",
        rel(0),
        rel(1),
        rel(2),
        "-"
    );
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "solved", solved[0], solved[1], solved[2], solved[3]
    );
    Ok(())
}

/// The MC-A experiment of Winands et al.: total nodes without and with multi-cut at expected
/// ALL nodes, under four forward-pruning settings, at depths 1..=depth.
fn experiment_multi_cut(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), String> {
    let depths: Vec<u32> = (1..=depth).collect();
    let rows = experiments::multi_cut_table(positions, &depths)?;
    let settings = experiments::MULTI_CUT_SETTINGS;
    if csv {
        let mut head = vec!["depth".to_string()];
        for (name, _) in settings {
            let key = name.to_lowercase().replace(' ', "_");
            head.extend([
                format!("{key}_no_mca"),
                format!("{key}_mca"),
                format!("{key}_pct"),
            ]);
        }
        println!("{}", head.join(","));
        for r in &rows {
            let mut cells = vec![r.depth.to_string()];
            for [no, yes] in r.nodes {
                cells.extend([
                    no.to_string(),
                    yes.to_string(),
                    format!("{:.1}", pct(yes, no)),
                ]);
            }
            println!("{}", cells.join(","));
        }
        return Ok(());
    }
    println!(
        "Total nodes without / with MC-A, {} positions of {suite}",
        positions.len()
    );
    println!("(baseline: PVS, TT, history, captures first, check extensions, quiescence)\n");
    for (k, (name, _)) in settings.iter().enumerate() {
        println!("{name}");
        println!("{:>4}{:>14}{:>14}{:>8}", "d", "No MC-A", "MC-A", "%");
        for r in &rows {
            let [no, yes] = r.nodes[k];
            println!("{:>4}{:>14}{:>14}{:>8.1}", r.depth, no, yes, pct(yes, no));
        }
        println!();
    }
    Ok(())
}

fn bench(suite: &str, depth: u32, algo: Algorithm) -> Result<(), String> {
    let positions = experiments::read_epd(suite)?;
    let cfg = SearchConfig {
        algo,
        depth,
        iterative: true,
        ..SearchConfig::default()
    };
    cfg.validate()?;
    let prepared = experiments::prepare_suite(&positions)?;
    println!(
        "{} positions from {suite}, {} depth {depth}, iterative deepening",
        prepared.len(),
        algo.name()
    );
    let (mut un_nodes, mut un_secs) = (0u64, 0f64);
    let (mut tr_nodes, mut tr_secs, mut tr_bytes) = (0u64, 0f64, 0usize);
    println!(
        "{:<8} {:>10} {:>12} {:>12} {:>8}",
        "position", "nodes", "untraced n/s", "traced n/s", "B/node"
    );
    for (pos, p) in positions.iter().zip(&prepared) {
        let id = &pos.id;
        let t = Instant::now();
        let s = p.search_untraced(&cfg)?;
        let us = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let (s2, rec) = p.search_traced(&cfg)?;
        let ts = t.elapsed().as_secs_f64();
        if s2.nodes != s.nodes || s2.value != s.value {
            return Err(format!(
                "{id}: the traced search differs from the untraced one"
            ));
        }
        let bytes = rec.heap_bytes();
        println!(
            "{:<8} {:>10} {:>12.0} {:>12.0} {:>8.1}",
            id,
            s.nodes,
            s.nodes as f64 / us,
            s.nodes as f64 / ts,
            bytes as f64 / s.nodes as f64
        );
        un_nodes += s.nodes;
        un_secs += us;
        tr_nodes += s2.nodes;
        tr_secs += ts;
        tr_bytes += bytes;
    }
    println!(
        "total    {:>10} {:>12.0} {:>12.0} {:>8.1}",
        un_nodes,
        un_nodes as f64 / un_secs,
        tr_nodes as f64 / tr_secs,
        tr_bytes as f64 / tr_nodes as f64
    );
    println!(
        "untraced {:.3} s, recorded {:.3} s: recording costs {:.2}x the time; node record {} bytes",
        un_secs,
        tr_secs,
        tr_secs / un_secs,
        std::mem::size_of::<prunescope::trace::record::NodeRec>()
    );
    Ok(())
}
