//! Multi-cut at expected CUT nodes (MC-C) and expected ALL nodes (MC-A).
//!
//! CITE: Enhanced Forward Pruning slides, §5 "Multi-cut" (Björnsson & Marsland; MC-A by
//! Winands et al.): "the first M child nodes of an expected CUT node are searched to a depth
//! reduced with a factor R before examining it to full depth. 1) At least C child nodes return
//! a value larger than or equal to β → cutoff; 2) otherwise → re-exploring this node to a full
//! depth d." A cut returns β, remedy 1 of "Forward pruning works in PVS" (so that a forward-
//! pruned ALL node's backed-up value cannot cause a β-cut-off above it).
//!
//! - Parameters: [`MultiCutParams`] (`multi_cut.mc_c`, `mc_a`, `M`, `C`, `R`).
//! - Gate: [`Searcher::multi_cut_applies`]: an expected CUT (MC-C) or ALL (MC-A) node in a
//!   null-window search below the root, with depth − 1 − R ≥ 0.
//! - Step: Step 8 [`Searcher::multi_cut`].

use crate::game::Game;
use crate::schema::{NodeKind, NodeType, StopReason};
use crate::search::Tracer;
use crate::search::params::{Algorithm, ConfigError, ParamRange};
use crate::search::{Ctx, Frame, Node, Outcome, Searcher};
use serde::{Deserialize, Serialize};

/// Multi-cut parameters under the slides' names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MultiCutParams {
    /// MC-C: multi-cut at expected CUT nodes.
    pub mc_c: bool,
    /// MC-A: multi-cut at expected ALL nodes.
    pub mc_a: bool,
    /// How many moves are probed.
    #[serde(rename = "M")]
    pub m: u32,
    /// How many probes must fail high to cut.
    #[serde(rename = "C")]
    pub c: u32,
    /// Depth reduction of the probes.
    #[serde(rename = "R")]
    pub r: i32,
}

impl Default for MultiCutParams {
    fn default() -> Self {
        MultiCutParams {
            mc_c: false,
            mc_a: false,
            m: 10,
            c: 3,
            r: 3,
        }
    }
}

impl MultiCutParams {
    pub const RANGES: &'static [ParamRange] = &[
        ParamRange::new("multi_cut.M", "multi-cut: moves probed", 1.0, 256.0),
        ParamRange::new("multi_cut.C", "multi-cut: fail-highs needed", 1.0, 256.0),
        ParamRange::new(
            "multi_cut.R",
            "multi-cut: depth reduction of the probes",
            1.0,
            8.0,
        ),
    ];

    pub fn validate(&self, algo: Algorithm) -> Result<(), ConfigError> {
        if self.c > self.m {
            return Err(ConfigError::OutOfRange {
                param: "multi_cut.C".to_string(),
                min: 1.0,
                max: self.m as f64,
                got: self.c as f64,
                min_exclusive: false,
                note: " (at most multi_cut.M)",
            });
        }
        if self.mc_c || self.mc_a {
            ConfigError::needs_search(
                if self.mc_c {
                    "multi_cut.mc_c"
                } else {
                    "multi_cut.mc_a"
                },
                algo,
            )?;
        }
        Ok(())
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// The gate of Step 8.
    fn multi_cut_applies(&self, n: &Node<'_, G>) -> bool {
        let mc = &self.cfg.multi_cut;
        let here =
            (mc.mc_c && n.expected == NodeType::Cut) || (mc.mc_a && n.expected == NodeType::All);
        here && n.prunable(self.cfg.algo) && n.depth - 1 - mc.r >= 0
    }

    /// Step 8. The first M moves are searched R plies shallower with the node's window; if C
    /// of them fail high the node is cut with value β. Otherwise the node is searched in full
    /// (the probes stay in the trace as `mc_probe` children).
    pub(crate) fn multi_cut(&mut self, n: &Node<'_, G>, f: &Frame<G::Move>) -> Option<Outcome> {
        if !self.multi_cut_applies(n) {
            return None;
        }
        let MultiCutParams { m, c, r, .. } = self.cfg.multi_cut;
        let beta = n.window.beta;
        let w = n.window.negate();
        let (mut cuts, mut probes) = (0u32, 0u32);
        for (k, o) in f.order.iter().take(m as usize).enumerate() {
            let mv = f.moves[o.index as usize];
            let child = n.pos.play(mv);
            let ctx = Ctx {
                index: k as u32,
                code: n.pos.move_code(mv, o.index as usize),
                kind: NodeKind::McProbe,
                order: o.source,
            };
            let cexp = n.expected.child(k == 0);
            let v = -self.node(&child, n.ply + 1, n.depth - 1 - r, w, cexp, ctx);
            if self.stopped.is_some() {
                return Some(Outcome::new(0, StopReason::Aborted));
            }
            probes += 1;
            if v.v >= beta {
                cuts += 1;
                if cuts >= c {
                    break;
                }
            }
        }
        let cut = cuts >= c;
        self.tracer.multi_cut(cuts, c, probes, cut);
        cut.then(|| Outcome {
            height: Outcome::DEEP,
            ..Outcome::new(beta, StopReason::MultiCut)
        })
    }
}
