//! The page's Export → TikZ (issue 31 §2): the explore tree's input and configuration and the
//! page's cursor and view in, the core's TikZ text out (src/figure/), so the page and
//! `prunescope tikz` write the same figure. Small objects cross by serde; the search of a
//! textbook tree (at most `MAX_FIGURE_NODES` nodes) is run again here, deterministic, rather
//! than sending the trace's columns back.

use super::{WasmError, err, from_js, parse_config, to_js};
use crate::figure::tikz::rule_words;
use crate::figure::{SceneSearch, Show, View, scene, tikz};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// What the page asks of a figure (`prunescope tikz`'s flags).
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct Options {
    show: Show,
    /// The page's cursor: the event drawn; absent or null: the finished search.
    at: Option<u64>,
    view: View,
    body: bool,
}

#[derive(Serialize)]
struct Figure {
    text: String,
    /// Nodes drawn, leaves included.
    nodes: usize,
    /// Each cut drawn: the pre-order number of the first branch it pruned and the rule in the
    /// page's words (what the page's SVG writes beside the cut mark).
    rules: Vec<(usize, String)>,
}

/// The TikZ figure of the explicit tree `text`, with the search `config` (a trace's
/// configuration, as the page holds it; `null`: the tree alone) drawn as `options` say
/// (`{show: {values, windows, types, pruned}, at, view: 'maxmin'|'negamax', body}`):
/// `{text, nodes, rules}`. Throws the core's refusal naming the field: a tree over
/// `MAX_FIGURE_NODES` nodes, a configuration the tree refuses, an event past the end.
#[wasm_bindgen]
pub fn tree_tikz(text: &str, config: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let o: Options = if options.is_undefined() || options.is_null() {
        Options::default()
    } else {
        from_js(&options, "options")
            .map_err(|e| WasmError::argument("options", format!("invalid figure options: {e}")))?
    };
    let cfg = if config.is_undefined() || config.is_null() {
        None
    } else {
        Some(parse_config(&config)?)
    };
    let search = cfg.as_ref().map(|config| SceneSearch { config, at: o.at });
    let s = scene(text, search, o.view).map_err(|e| err(e.to_string()))?;
    let rules = s
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| o.show.pruned && n.cut.is_some())
        .map(|(i, n)| (i, rule_words(n.cut.as_ref().expect("filtered"))))
        .collect();
    to_js(&Figure {
        text: tikz(&s, o.show, o.body),
        nodes: s.nodes.len(),
        rules,
    })
}
