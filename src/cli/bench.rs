//! `prunescope bench`: untraced and recorded search over an EPD suite; nodes/s and bytes per node.

use prunescope::experiments;
use prunescope::search::config::{Algorithm, SearchConfig};
use std::time::Instant;

pub fn bench(suite: &str, depth: u32, algo: Algorithm) -> Result<(), String> {
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
