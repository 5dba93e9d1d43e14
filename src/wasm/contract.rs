//! The page's checks and words, by the core's own rules: input and configuration validation,
//! a configuration in the CLI's words (`--enable`, `--set`) and back, and the choices the
//! page's menus offer that `www/schema.js` does not list.

use super::{WasmError, parse_config, parse_config_unchecked, parse_input, to_js};
use crate::game::synthetic::Ordering;
use crate::search::config::{ConfigError, Replacement, SearchConfig};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Checks an input (tree text, FEN or synthetic parameters) without searching it: the error
/// message, or `undefined` when the input is fine.
#[wasm_bindgen]
pub fn validate(input: JsValue) -> Option<String> {
    parse_input(&input)
        .and_then(|i| i.prepare().map(drop).map_err(WasmError::from))
        .err()
        .map(|e| e.to_string())
}

/// A problem for the page to show beside a field: the message, and the field it belongs to
/// (an input field such as `tree`, `fen` or `random.depth`, or a parameter's dotted name such
/// as `null_move.R`; absent when it names no single field).
#[derive(Serialize)]
pub(crate) struct Problem {
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// [`validate`] with the field at fault: `{message, field}` or `undefined`.
#[wasm_bindgen]
pub fn check_input(input: JsValue) -> JsValue {
    let problem = match parse_input(&input) {
        Err(e) => Problem {
            message: e.to_string(),
            field: None,
        },
        Ok(i) => match i.prepare() {
            Ok(_) => return JsValue::UNDEFINED,
            Err(e) => Problem {
                message: e.to_string(),
                field: Some(e.field()),
            },
        },
    };
    to_js(&problem).unwrap_or(JsValue::UNDEFINED)
}

/// What this build of the core holds (docs/architecture.md, "Two wasm builds"): `{features,
/// inputs}`, the cargo features it was built with (`chess`, `files`) and the input kinds it
/// can search. The page's core (www/engine/core.js) routes each call by it.
#[wasm_bindgen]
pub fn build_info() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct BuildInfo {
        features: Vec<&'static str>,
        inputs: Vec<&'static str>,
    }
    let mut features = Vec::new();
    if cfg!(feature = "chess") {
        features.push("chess");
    }
    if cfg!(feature = "files") {
        features.push("files");
    }
    to_js(&BuildInfo {
        features,
        inputs: crate::run::Input::kinds_in_build(),
    })
}

/// Checks a search configuration: the error message, or `undefined` when it is fine.
#[wasm_bindgen]
pub fn validate_config(config: JsValue) -> Option<String> {
    parse_config(&config).err().map(|e| e.to_string())
}

/// [`validate_config`] with the parameter at fault: `{message, field}` or `undefined`.
#[wasm_bindgen]
pub fn check_config(config: JsValue) -> JsValue {
    let problem = match parse_config_unchecked(&config) {
        Err(e) => Problem {
            message: e.to_string(),
            field: None,
        },
        Ok(cfg) => match cfg.validate() {
            Ok(()) => return JsValue::UNDEFINED,
            Err(e) => Problem {
                message: e.to_string(),
                field: e.param().map(str::to_string),
            },
        },
    };
    to_js(&problem).unwrap_or(JsValue::UNDEFINED)
}

/// A configuration in a few words, exactly as `prunescope diff` says it:
/// "pvs + tt, null_move, uc_safe (null_move.R=3)".
#[wasm_bindgen]
pub fn describe_config(config: JsValue) -> Result<String, JsError> {
    let cfg = parse_config_unchecked(&config)?;
    Ok(crate::search::config::describe_config(&cfg))
}

/// A configuration's words as the page reads them: the core's
/// [`crate::search::config::ConfigWords`], joined.
#[derive(Serialize)]
struct Words {
    algo: &'static str,
    /// `--enable` names, comma-separated.
    enable: String,
    /// `--set NAME=VALUE` words, space-separated: the parameters that differ from the defaults.
    set: String,
}

fn config_words_of(cfg: &SearchConfig) -> Words {
    let w = crate::search::config::config_words(cfg);
    Words {
        algo: w.algo,
        enable: w.enable.join(", "),
        set: w.set.join(" "),
    }
}

/// The CLI's words for a configuration: `{algo, enable: "tt, null_move", set: "null_move.R=3"}`.
/// [`build_config`] gives the configuration back (depth, iterative deepening and the node cap
/// come from its `base`).
#[wasm_bindgen]
pub fn config_words(config: JsValue) -> Result<JsValue, JsError> {
    let cfg = parse_config_unchecked(&config)?;
    to_js(&config_words_of(&cfg))
}

/// A configuration from the CLI's words on top of `base` (a configuration object or
/// `undefined`): `enable` = "tt, null_move" (`--enable` names), `set` = "null_move.R=3 lmr.K=4"
/// (`--set NAME=VALUE`), separated by commas or spaces. Answers `{config}` when the result is
/// valid, or `{message, field, param}` where `field` is "enable" or "set" (a word is wrong), or
/// "config" with the `config` the words make (the combination is refused by the core's rules);
/// `param` names the parameter at fault when the core's error does.
#[wasm_bindgen]
pub fn build_config(
    algo: &str,
    enable: &str,
    set: &str,
    base: JsValue,
) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    #[serde(untagged)]
    enum Built {
        Ok {
            config: SearchConfig,
        },
        Bad {
            message: String,
            field: &'static str,
            #[serde(skip_serializing_if = "Option::is_none")]
            param: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            config: Option<SearchConfig>,
        },
    }
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let mut cfg = parse_config_unchecked(&base)?;
    // A chance search (`expectimax`, `star1`, `star2`): the core's configuration for it
    // (run::chance_config), which takes no technique and no parameter, as the CLI's flags.
    if let Some(chance) = crate::search::chance::ChanceAlgorithm::parse(algo) {
        let (field, message) = if let Some(name) = words(enable).first() {
            (
                "enable",
                format!(
                    "{name} cannot be used with {}: the chance searches take no technique \
                     (docs/techniques.md, \"Chance nodes\")",
                    chance.name()
                ),
            )
        } else if let Some(kv) = words(set).first() {
            (
                "set",
                format!(
                    "--set {kv}: the chance searches take no parameter (docs/techniques.md, \
                     \"Chance nodes\")"
                ),
            )
        } else {
            let config = SearchConfig {
                depth: cfg.depth,
                iterative: cfg.iterative,
                ..crate::run::chance_config(chance, cfg.node_cap)
            };
            return to_js(&Built::Ok { config });
        };
        return to_js(&Built::Bad {
            message,
            field,
            param: None,
            config: None,
        });
    }
    let built = (|| {
        cfg.algo = crate::search::config::Algorithm::parse(algo).map_err(|e| (e, "config"))?;
        for name in words(enable) {
            cfg.enable(&name).map_err(|e| (e, "enable"))?;
        }
        for kv in words(set) {
            let (name, value) = kv
                .split_once('=')
                .filter(|(n, _)| !n.is_empty())
                .ok_or_else(|| (ConfigError::NotAssignment(kv.clone()), "set"))?;
            cfg.set(name, value).map_err(|e| (e, "set"))?;
        }
        cfg.validate().map_err(|e| (e, "config"))?;
        Ok::<_, (ConfigError, &'static str)>(())
    })();
    to_js(&match built {
        Ok(()) => Built::Ok { config: cfg },
        Err((e, field)) => Built::Bad {
            message: e.to_string(),
            field,
            param: e.param().map(str::to_string),
            config: (field == "config").then_some(cfg),
        },
    })
}

/// What the page needs that `www/schema.js` does not list: the choices of its menus by their
/// serde names, `{replacement: [...], ordering: [...]}` (transposition-table replacement
/// schemes, synthetic tree orderings without the `p` form, which takes a number), chess's
/// mate scores `{mate, mateBound}` (a value beyond ±mateBound is mate in `mate − |value|` plies),
/// and the small games' `{win, winBound}` (a value at or beyond ±winBound is a game won or lost
/// `win − |value|` plies from the root; docs/games.md).
#[wasm_bindgen]
pub fn choices() -> Result<JsValue, JsError> {
    // Exhaustive matches: a new variant is a compile error here until it is listed.
    let replacement = [
        Replacement::DepthPreferred,
        Replacement::AlwaysReplace,
        Replacement::TwoTier,
    ];
    for r in replacement {
        match r {
            Replacement::DepthPreferred | Replacement::AlwaysReplace | Replacement::TwoTier => {}
        }
    }
    let ordering = [Ordering::Best, Ordering::Worst, Ordering::Random];
    for o in ordering {
        match o {
            Ordering::Best | Ordering::Worst | Ordering::Random | Ordering::P(_) => {}
        }
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Choices {
        replacement: Vec<serde_json::Value>,
        ordering: Vec<serde_json::Value>,
        mate: crate::game::Value,
        mate_bound: crate::game::Value,
        win: crate::game::Value,
        win_bound: crate::game::Value,
    }
    let replacement: Vec<_> = replacement
        .iter()
        .filter_map(|r| serde_json::to_value(r).ok())
        .collect();
    let ordering: Vec<_> = ordering
        .iter()
        .filter_map(|o| serde_json::to_value(o).ok())
        .collect();
    to_js(&Choices {
        replacement,
        ordering,
        mate: crate::game::MATE,
        mate_bound: crate::game::CHESS_MATE_BOUND,
        win: crate::game::WIN,
        win_bound: crate::game::WIN_BOUND,
    })
}

#[cfg(feature = "chess")]
/// The positions of an EPD suite (the chess menu's Bratko–Kopec positions), read by the same
/// parser as `prunescope experiment`: `[{id, fen, best_moves}]`. Throws on a malformed line.
#[wasm_bindgen]
pub fn parse_epd(text: &str) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Position<'a> {
        id: &'a str,
        fen: &'a str,
        best_moves: &'a [String],
    }
    let suite = crate::experiments::parse_epd(text)?;
    let out: Vec<Position> = suite
        .iter()
        .map(|p| Position {
            id: &p.id,
            fen: &p.fen,
            best_moves: &p.best_moves,
        })
        .collect();
    to_js(&out)
}
