//! `prunescope bench --config A --config B …`: the wall time of several search configurations,
//! as ratios to the first, measured in one process (issue 21 §3; docs/experiments.md, "Wall
//! time"). The clock lives here; the order of the searches and the statistics are the core's
//! ([`prunescope::experiments::wall_time`]), where they are tested without a clock.

use crate::error::CliError;
use crate::record;
use crate::term;
use prunescope::experiments::wall_time::{self, Spread, Summary, Timings};
use prunescope::game::chess::epd;
use prunescope::run::Prepared;
use prunescope::search::config::{ConfigError, SearchConfig};
use std::io::Write;
use std::time::Instant;

/// One `--config`: its label and its configuration.
struct Config {
    label: String,
    spec: String,
    cfg: SearchConfig,
}

/// Reads `--config [LABEL:]ITEM,ITEM,…` on top of `base`: each item a technique to switch on
/// (an `--enable` name) or a parameter (`NAME=VALUE`, as `--set`). The label defaults to the
/// items.
fn parse_config(spec: &str, base: &SearchConfig) -> Result<Config, CliError> {
    let refuse = |e: ConfigError| CliError::input(format!("--config {spec}"), e);
    let (label, items) = match spec.split_once(':') {
        Some((l, rest)) if !l.contains('=') && !l.contains(',') => (l.trim(), rest),
        _ => (spec, spec),
    };
    if label.is_empty() {
        return Err(CliError::input(
            format!("--config {spec}"),
            "the label before ':' is empty",
        ));
    }
    let mut cfg = base.clone();
    for item in items.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        if item.contains('=') {
            cfg.assign(item).map_err(refuse)?;
        } else {
            cfg.enable(item).map_err(refuse)?;
        }
    }
    cfg.validate().map_err(refuse)?;
    Ok(Config {
        label: label.to_owned(),
        spec: spec.to_owned(),
        cfg,
    })
}

/// The CPU time this thread has run, in seconds, where the system reports it to the nanosecond
/// (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, read here on 64-bit Linux). Unlike the wall clock
/// it leaves out the time the search waited for a core, which on a loaded machine is most of it.
/// (/proc/thread-self/schedstat is not used: the kernel brings a running thread's figure there
/// up to date only at its scheduler ticks, so a short search can read 0.)
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn cpu_seconds() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    /// Linux's CLOCK_THREAD_CPUTIME_ID (linux/time.h).
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one `struct timespec` (two 64-bit fields on 64-bit Linux)
    // to the pointer, which points to one, and reads nothing else.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn cpu_seconds() -> Option<f64> {
    None
}

/// The load average (1, 5 and 15 minutes) where the system reports it (Linux).
fn load_average() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut it = text.split_whitespace().map(|w| w.parse::<f64>().ok());
    Some([it.next()??, it.next()??, it.next()??])
}

fn load_words(l: Option<[f64; 3]>) -> String {
    l.map_or("unknown".into(), |[a, b, c]| {
        format!("{a:.2} {b:.2} {c:.2}")
    })
}

/// What `bench` was asked for, besides the base configuration.
pub struct Request<'a> {
    pub suite: &'a str,
    pub config: &'a [String],
    pub repeat: usize,
    pub limit: Option<usize>,
    pub node_cap: u64,
    pub markdown: bool,
    pub json: Option<&'a str>,
}

/// Runs the comparison: every position, every repeat, every configuration in the rotated
/// order, untraced (the search with the do-nothing tracer).
pub fn run(a: &Request, base: &SearchConfig) -> Result<(), CliError> {
    let start = Instant::now();
    if a.repeat == 0 {
        return Err(CliError::input("--repeat", "must be at least 1"));
    }
    let configs = a
        .config
        .iter()
        .map(|s| parse_config(s, base))
        .collect::<Result<Vec<_>, _>>()?;
    let mut records = epd::read_suite(a.suite)?;
    if let Some(k) = a.limit {
        if k == 0 {
            return Err(CliError::input("--limit", "must be at least 1"));
        }
        records.truncate(k);
    }
    let load_start = load_average();
    let n = configs.len();
    let positions: Vec<Prepared> = records
        .iter()
        .map(|r| Prepared::Chess(r.position.clone()))
        .collect();
    // One untimed search of each configuration first: the first searches of a process pay for
    // cold caches and fresh pages, which would fall on the configuration searched first.
    for c in &configs {
        positions[0].search_untraced(&c.cfg)?;
    }
    let mut t = Timings {
        nodes: Vec::new(),
        seconds: Vec::new(),
    };
    // The same searches' CPU time, while the system reports it for every one.
    let mut cpu = cpu_seconds().map(|_| Vec::new());
    let mut capped = vec![false; positions.len()];
    let mut progress = term::Progress::new();
    for (k, p) in positions.iter().enumerate() {
        let id = term::escape_line(&records[k].name()).into_owned();
        let mut nodes = vec![0u64; n];
        let mut secs = vec![vec![0f64; n]; a.repeat];
        let mut cpu_secs = vec![vec![0f64; n]; a.repeat];
        for (r, (row, cpu_row)) in secs.iter_mut().zip(&mut cpu_secs).enumerate() {
            let elapsed = progress.elapsed();
            progress.update(|| {
                format!(
                    "position {} of {}, repeat {} of {}, {elapsed:.1} s",
                    k + 1,
                    positions.len(),
                    r + 1,
                    a.repeat
                )
            });
            for c in wall_time::order(k * a.repeat + r, n) {
                let (clock, cpu_clock) = (Instant::now(), cpu_seconds());
                let s = p.search_untraced(&configs[c].cfg)?;
                row[c] = clock.elapsed().as_secs_f64();
                match (cpu_clock, cpu_seconds()) {
                    (Some(a), Some(b)) => cpu_row[c] = b - a,
                    _ => cpu = None,
                }
                if r > 0 && s.nodes != nodes[c] {
                    return Err(format!(
                        "{id}: configuration {} searched {} nodes, then {}: the search is not \
                         deterministic",
                        configs[c].label, nodes[c], s.nodes
                    )
                    .into());
                }
                nodes[c] = s.nodes;
                capped[k] |= s.aborted;
            }
        }
        t.nodes.push(nodes);
        t.seconds.push(secs);
        if let Some(cpu) = &mut cpu {
            cpu.push(cpu_secs);
        }
    }
    progress.finish();
    let load_end = load_average();
    let summary = wall_time::summarize(&t).ok_or("no search was timed")?;
    let cpu = cpu.map(|seconds| Timings {
        nodes: t.nodes.clone(),
        seconds,
    });
    let cpu_summary = cpu.as_ref().and_then(wall_time::summarize);
    let n_capped = capped.iter().filter(|c| **c).count();
    if n_capped > 0 {
        term::notice(&format!(
            "the node cap of {} nodes stopped a search on {n_capped} of {} positions: their \
             times are of partial searches (raise --node-cap; 0 = none)",
            a.node_cap,
            positions.len()
        ));
    }
    let head = format!(
        "{} positions from {}, {} depth {}, iterative deepening, untraced; {} repeat{}, the \
         configurations' order rotated every round (A B, B A, … for two); load average {} at \
         the start, {} at the end",
        positions.len(),
        term::escape_line(a.suite),
        base.algo.name(),
        base.depth,
        a.repeat,
        if a.repeat == 1 { "" } else { "s" },
        load_words(load_start),
        load_words(load_end),
    );
    print(&head, "Wall time", &configs, &summary, a.markdown)?;
    if let Some(cs) = &cpu_summary {
        print(
            "\nCPU time of the searching thread (without the time it waited for a core):",
            "CPU time",
            &configs,
            cs,
            a.markdown,
        )?;
    }
    if let Some(path) = a.json {
        let run = serde_json::json!({
            "command": record::command(),
            "suite": record::path(a.suite),
            "positions": positions.len(),
            "depth": base.depth,
            "algo": base.algo.name(),
            "node_cap": a.node_cap,
            "repeats": a.repeat,
            "cpus": std::thread::available_parallelism().map_or(1, |c| c.get()),
            "load_average_start": load_start,
            "load_average_end": load_end,
            "wall_seconds": (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        });
        let measured = Measured {
            wall: (&t, &summary),
            cpu: cpu.as_ref().zip(cpu_summary.as_deref()),
        };
        write_json(path, run, &configs, &measured, &records, &capped)?;
    }
    Ok(())
}

fn ratio(s: &Spread) -> String {
    format!("{:.3} [{:.3}, {:.3}]", s.median, s.q1, s.q3)
}

/// The summary table, as text or Markdown.
fn print(
    head: &str,
    clock: &str,
    configs: &[Config],
    summary: &[Summary],
    markdown: bool,
) -> Result<(), CliError> {
    let mut out = term::stdout();
    let cols = [
        "configuration",
        "nodes",
        "nodes ×",
        "s (median)",
        "time × [IQR]",
        "time/node × [IQR]",
        "per position: time × [IQR]",
        "time/node × [IQR]",
    ];
    writeln!(out, "{head}")?;
    writeln!(
        out,
        "{clock} ratios to {}: over the suite per repeat (median and quartiles of the repeats), then per \
         position (its median time over its repeats; median and quartiles of the positions).",
        term::escape_line(&configs[0].label)
    )?;
    if markdown {
        writeln!(out, "\n| {} |", cols.join(" | "))?;
        writeln!(out, "|---|{}", "---:|".repeat(cols.len() - 1))?;
    } else {
        writeln!(out, "{}", cols.join("  "))?;
    }
    for (c, s) in configs.iter().zip(summary) {
        let cells = [
            term::escape_line(&c.label).into_owned(),
            s.nodes.to_string(),
            format!("{:.3}", s.node_ratio),
            format!("{:.3}", s.seconds.median),
            ratio(&s.time_ratio),
            ratio(&s.time_per_node_ratio),
            ratio(&s.position_time_ratio),
            ratio(&s.position_time_per_node_ratio),
        ];
        if markdown {
            writeln!(out, "| {} |", cells.join(" | "))?;
        } else {
            writeln!(out, "{}", cells.join("  "))?;
        }
    }
    out.flush()?;
    Ok(())
}

fn spread_json(s: &Spread) -> serde_json::Value {
    serde_json::json!({ "median": s.median, "q1": s.q1, "q3": s.q3 })
}

fn summary_json(s: &Summary) -> serde_json::Value {
    serde_json::json!({
        "seconds": spread_json(&s.seconds),
        "time_ratio": spread_json(&s.time_ratio),
        "time_per_node_ratio": spread_json(&s.time_per_node_ratio),
        "position_time_ratio": spread_json(&s.position_time_ratio),
        "position_time_per_node_ratio": spread_json(&s.position_time_per_node_ratio),
    })
}

/// What a run measured: the wall clock's seconds and summary, and the CPU clock's where the
/// system reports it.
struct Measured<'a> {
    wall: (&'a Timings, &'a [Summary]),
    cpu: Option<(&'a Timings, &'a [Summary])>,
}

/// Writes the run: what it was (the command, paths relative to the repository), each
/// configuration's summary, and every position's nodes and seconds.
fn write_json(
    path: &str,
    run: serde_json::Value,
    configs: &[Config],
    m: &Measured,
    records: &[epd::EpdRecord],
    capped: &[bool],
) -> Result<(), CliError> {
    let (t, summary) = m.wall;
    let configs: Vec<serde_json::Value> = configs
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let s = &summary[k];
            serde_json::json!({
                "label": c.label,
                "spec": c.spec,
                "nodes": s.nodes,
                "node_ratio": s.node_ratio,
                "wall": summary_json(s),
                "cpu": m.cpu.map(|(_, cs)| summary_json(&cs[k])),
            })
        })
        .collect();
    let positions: Vec<serde_json::Value> = records
        .iter()
        .enumerate()
        .map(|(k, r)| {
            serde_json::json!({
                "id": r.name(),
                "capped": capped[k],
                "nodes": t.nodes[k],
                "wall_seconds": t.seconds[k],
                "cpu_seconds": m.cpu.map(|(ct, _)| &ct.seconds[k]),
            })
        })
        .collect();
    let doc = serde_json::json!({
        "format": "prunescope-bench",
        "version": 1,
        "runs": [run],
        "order": "round = position * repeats + repeat; the configurations' indices 0..n rotated \
                  left by round mod n; one untimed search of each configuration on the first \
                  position before",
        "configs": configs,
        "positions": positions,
    });
    let mut text = serde_json::to_string_pretty(&doc)
        .map_err(|err| format!("cannot encode the results: {err}"))?;
    text.push('\n');
    std::fs::write(path, text).map_err(|err| format!("cannot write {path}: {err}"))?;
    Ok(())
}
