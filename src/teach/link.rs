//! An exercise's share link (docs/share-links.md, "Exercises"): the fragment exactly as the
//! page writes it (www/model/exercise.js, `encodeExercise`, through `URLSearchParams`), for the
//! CLI's `exercise make` and for a worksheet's printed link. One writer: a test in the browser
//! suite (tests/browser/grader.test.mjs) holds it equal to the page's.

use super::{ExerciseParams, RootPlayer};

/// The exercise's link fragment, exactly as the page writes it (www/model/exercise.js,
/// `encodeExercise`, through `URLSearchParams`): `#v=2&mode=exercise&…`.
pub fn fragment(p: &ExerciseParams) -> String {
    let mut pairs: Vec<(&str, String)> = vec![("v", "2".into()), ("mode", "exercise".into())];
    if let Some(t) = &p.tree {
        pairs.push(("tree", t.clone()));
        if p.cutoff.name() != "standard" {
            pairs.push(("cutoff", p.cutoff.name().into()));
        }
        if p.windows {
            pairs.push(("windows", "1".into()));
        }
        if p.chance {
            pairs.push(("algo", p.algo.name().into()));
        }
    } else {
        pairs.push(("seed", p.seed.to_string()));
        pairs.push((
            "b",
            if p.branching_min == p.branching_max {
                p.branching_min.to_string()
            } else {
                format!("{}-{}", p.branching_min, p.branching_max)
            },
        ));
        pairs.push(("d", p.depth.to_string()));
        pairs.push(("values", format!("{}..{}", p.value_min, p.value_max)));
        pairs.push(("order", p.ordering.name().into()));
        let root = match p.root {
            RootPlayer::Max => "max",
            RootPlayer::Min => "min",
        };
        pairs.push(("root", root.into()));
        if p.cutoff.name() != "standard" {
            pairs.push(("cutoff", p.cutoff.name().into()));
        }
        if p.windows {
            pairs.push(("windows", "1".into()));
        }
        if p.chance {
            pairs.push(("chance", "1".into()));
            pairs.push(("algo", p.algo.name().into()));
        }
    }
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}={}", form_encode(k), form_encode(v)))
        .collect();
    format!("#{}", body.join("&"))
}

/// `application/x-www-form-urlencoded` as `URLSearchParams` writes it (WHATWG URL standard):
/// ASCII letters, digits and `*-._` as they are, a space as `+`, every other byte of the UTF-8
/// as `%XX`. Written here, not taken from the form_urlencoded crate, because the page's own
/// writer is the reference and this is the whole of it.
pub fn form_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
