//! Wall time of several search configurations, as ratios measured in one run (issue 21 §3:
//! "wall time as well as nodes wherever a paper speaks of speed"; Schaeffer 1989 on Hsu's
//! slide 35: the knowledge heuristic "adds an additional 5% time").
//!
//! Node counts are deterministic and belong in the experiments' tables; a time is not, and is
//! only worth a ratio between configurations timed in the same process, on the same positions,
//! at the same time. The CLI (`prunescope bench --config …`) owns the clock: it searches every
//! position with every configuration, in rounds whose order [`order`] gives, and hands the
//! seconds to [`summarize`]. This module holds what can be checked without a clock: the order of
//! the searches and the statistics of the ratios.

/// The order in which round `round` searches the `n` configurations: `0..n` rotated left by
/// `round % n`. The CLI numbers the rounds `position × repeats + repeat`, so with two
/// configurations the searches go A B, B A, A B, … (ABBA ABBA): every configuration takes
/// every place in a round equally often, and a drift of the machine's speed (load, clock,
/// caches) over the run does not favour the one searched first.
pub fn order(round: usize, n: usize) -> Vec<usize> {
    (0..n).map(|k| (k + round) % n.max(1)).collect()
}

/// What a run measured: for each position, the nodes of each configuration (the same in every
/// repeat: the search is deterministic) and, for each repeat, each configuration's seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Timings {
    /// `nodes[position][config]`.
    pub nodes: Vec<Vec<u64>>,
    /// `seconds[position][repeat][config]`.
    pub seconds: Vec<Vec<Vec<f64>>>,
}

/// The median and the quartiles of a sample (linear interpolation between order statistics,
/// R's and NumPy's default "type 7").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
}

impl Spread {
    /// The spread of `xs` (NaN for all three when `xs` is empty).
    pub fn of(xs: &[f64]) -> Spread {
        let mut v: Vec<f64> = xs.to_vec();
        v.sort_by(f64::total_cmp);
        Spread {
            q1: quantile(&v, 0.25),
            median: quantile(&v, 0.5),
            q3: quantile(&v, 0.75),
        }
    }
}

/// The `p`-quantile of sorted `v`, interpolated linearly between order statistics.
fn quantile(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let h = p * (v.len() - 1) as f64;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    v[lo] + (h - lo as f64) * (v[hi] - v[lo])
}

/// One configuration against the first (the reference), over the whole run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Nodes over the suite (deterministic).
    pub nodes: u64,
    /// `nodes` over the reference's.
    pub node_ratio: f64,
    /// Seconds over the suite, per repeat: median and quartiles over the repeats.
    pub seconds: Spread,
    /// Time over the suite against the reference's in the same repeat, over the repeats.
    pub time_ratio: Spread,
    /// Time per node against the reference's: each repeat's time ratio over the node ratio.
    pub time_per_node_ratio: Spread,
    /// Per position, the median of its repeats' times against the reference's median: median
    /// and quartiles over the positions.
    pub position_time_ratio: Spread,
    /// The same per node: each position's time ratio over its node ratio.
    pub position_time_per_node_ratio: Spread,
}

/// The summary of every configuration against the first; `None` when the run is empty or
/// ragged (a position or a repeat with another number of configurations).
pub fn summarize(t: &Timings) -> Option<Vec<Summary>> {
    let n = t.nodes.first()?.len();
    let repeats = t.seconds.first()?.len();
    let square = n > 0
        && repeats > 0
        && t.seconds.len() == t.nodes.len()
        && t.nodes.iter().all(|p| p.len() == n)
        && t.seconds
            .iter()
            .all(|p| p.len() == repeats && p.iter().all(|r| r.len() == n));
    if !square {
        return None;
    }
    let nodes: Vec<u64> = (0..n).map(|c| t.nodes.iter().map(|p| p[c]).sum()).collect();
    // Seconds over the suite: totals[repeat][config].
    let totals: Vec<Vec<f64>> = (0..repeats)
        .map(|r| {
            (0..n)
                .map(|c| t.seconds.iter().map(|p| p[r][c]).sum())
                .collect()
        })
        .collect();
    // Each position's median time per configuration: medians[position][config].
    let medians: Vec<Vec<f64>> = t
        .seconds
        .iter()
        .map(|p| {
            (0..n)
                .map(|c| Spread::of(&p.iter().map(|r| r[c]).collect::<Vec<_>>()).median)
                .collect()
        })
        .collect();
    let ratio = |a: f64, b: f64| a / b;
    Some(
        (0..n)
            .map(|c| {
                let node_ratio = ratio(nodes[c] as f64, nodes[0] as f64);
                let per_repeat: Vec<f64> = totals.iter().map(|r| ratio(r[c], r[0])).collect();
                let per_position: Vec<f64> = medians.iter().map(|m| ratio(m[c], m[0])).collect();
                let per_position_node: Vec<f64> = per_position
                    .iter()
                    .zip(&t.nodes)
                    .map(|(r, p)| r / ratio(p[c] as f64, p[0] as f64))
                    .collect();
                Summary {
                    nodes: nodes[c],
                    node_ratio,
                    seconds: Spread::of(&totals.iter().map(|r| r[c]).collect::<Vec<_>>()),
                    time_ratio: Spread::of(&per_repeat),
                    time_per_node_ratio: Spread::of(
                        &per_repeat
                            .iter()
                            .map(|r| r / node_ratio)
                            .collect::<Vec<_>>(),
                    ),
                    position_time_ratio: Spread::of(&per_position),
                    position_time_per_node_ratio: Spread::of(&per_position_node),
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_rotate_so_every_configuration_takes_every_place() {
        assert_eq!(order(0, 2), [0, 1]);
        assert_eq!(order(1, 2), [1, 0]);
        assert_eq!(order(2, 2), [0, 1]);
        assert_eq!(order(0, 3), [0, 1, 2]);
        assert_eq!(order(1, 3), [1, 2, 0]);
        assert_eq!(order(5, 3), [2, 0, 1]);
        assert_eq!(order(7, 1), [0]);
        // Over n rounds each configuration is searched once in each place.
        for n in 1..6 {
            for place in 0..n {
                let mut at: Vec<usize> = (0..n).map(|r| order(r, n)[place]).collect();
                at.sort_unstable();
                assert_eq!(at, (0..n).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn quartiles_interpolate_between_order_statistics() {
        let s = Spread::of(&[4.0, 1.0, 3.0, 2.0]);
        assert_eq!((s.q1, s.median, s.q3), (1.75, 2.5, 3.25));
        let s = Spread::of(&[5.0]);
        assert_eq!((s.q1, s.median, s.q3), (5.0, 5.0, 5.0));
        let s = Spread::of(&[1.0, 2.0, 10.0]);
        assert_eq!((s.q1, s.median, s.q3), (1.5, 2.0, 6.0));
        assert!(Spread::of(&[]).median.is_nan());
    }

    #[test]
    fn ratios_come_from_the_same_repeat_and_the_same_position() {
        // Two positions, three repeats, two configurations. B searches twice A's nodes on the
        // first position and as many on the second.
        let t = Timings {
            nodes: vec![vec![100, 200], vec![50, 50]],
            seconds: vec![
                vec![vec![1.0, 3.0], vec![2.0, 4.0], vec![1.0, 2.0]],
                vec![vec![1.0, 1.0], vec![2.0, 1.0], vec![1.0, 1.5]],
            ],
        };
        let s = summarize(&t).unwrap();
        assert_eq!(s.len(), 2);
        // The reference against itself.
        assert_eq!(s[0].nodes, 150);
        assert_eq!(s[0].time_ratio.median, 1.0);
        assert_eq!(s[0].position_time_per_node_ratio.q3, 1.0);
        assert_eq!((s[0].seconds.q1, s[0].seconds.median), (2.0, 2.0));
        let b = &s[1];
        assert_eq!(b.nodes, 250);
        assert_eq!(b.node_ratio, 250.0 / 150.0);
        // Suite totals per repeat: A 2, 4, 2; B 4, 5, 3.5 → ratios 2, 1.25, 1.75.
        assert_eq!(b.seconds.median, 4.0);
        assert_eq!(
            (b.time_ratio.q1, b.time_ratio.median, b.time_ratio.q3),
            (1.5, 1.75, 1.875)
        );
        assert_eq!(b.time_per_node_ratio.median, 1.75 / (250.0 / 150.0));
        // Per position, medians over repeats: A 1 and 1; B 3 and 1 → ratios 3 and 1; per node
        // 3 / 2 = 1.5 and 1.
        assert_eq!(b.position_time_ratio.median, 2.0);
        assert_eq!(
            (b.position_time_ratio.q1, b.position_time_ratio.q3),
            (1.5, 2.5)
        );
        assert_eq!(b.position_time_per_node_ratio.median, 1.25);
    }

    #[test]
    fn ragged_or_empty_runs_are_refused() {
        let empty = Timings {
            nodes: vec![],
            seconds: vec![],
        };
        assert_eq!(summarize(&empty), None);
        let ragged = Timings {
            nodes: vec![vec![1, 2], vec![1, 2]],
            seconds: vec![vec![vec![1.0, 1.0]], vec![vec![1.0]]],
        };
        assert_eq!(summarize(&ragged), None);
        let no_repeat = Timings {
            nodes: vec![vec![1, 2]],
            seconds: vec![vec![]],
        };
        assert_eq!(summarize(&no_repeat), None);
    }
}
