//! `prunescope worksheet`: exercises as a LaTeX worksheet and its answer key, or a class set of
//! them (src/figure/worksheet.rs; docs/cli.md). It takes the exercise's parameters by the page's
//! link keys' names. Written to move under `prunescope exercise worksheet` (issue 31 §1) once
//! the `exercise` command (issue 28) is in: [`WorksheetArgs`] is its argument list and [`run`]
//! its action.

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::figure::worksheet::check_base;
use prunescope::figure::{exercise_fragment, worksheets};
use prunescope::search::config::Cutoff;
use prunescope::teach::{
    ChanceExerciseAlgo, Exercise, ExerciseOrdering, ExerciseParams, RootPlayer,
};
use std::io::Write;

#[derive(Args)]
pub struct WorksheetArgs {
    /// The generator's seeds, comma-separated: one worksheet per seed (a class set: one per
    /// student), then one answer key per seed, each on a page of its own.
    #[arg(long, value_delimiter = ',', required = true)]
    pub seed: Vec<u64>,
    /// Children per inner node: n, or n-m drawn from n..=m (1..=6), as the link key `b`.
    #[arg(short = 'b', long, default_value = "2-3")]
    pub branching: String,
    /// Plies from the root to the leaves (1..=5; at most 48 leaves).
    #[arg(short = 'd', long, default_value_t = 3)]
    pub depth: u32,
    /// Leaf values MIN..MAX (-99..=99), as the link key `values`.
    #[arg(long, default_value = "0..9")]
    pub values: String,
    /// Move ordering: best, worst or random.
    #[arg(long, default_value = "random")]
    pub order: String,
    /// Who moves at the root: max or min.
    #[arg(long, default_value = "max")]
    pub root: String,
    /// The cut-off rule: standard or strict (CS188).
    #[arg(long, default_value = "standard")]
    pub cutoff: String,
    /// Also ask for the window (α, β) at each inner node (blank fields beside the nodes).
    #[arg(long)]
    pub windows: bool,
    /// A tree with chance nodes (decision and chance levels alternate; depth 2 or more).
    #[arg(long)]
    pub chance: bool,
    /// With --chance: expectimax (values only) or star1 (also the branches Star1 prunes).
    #[arg(long, default_value = "star1", requires = "chance")]
    pub algo: String,
    /// The address of your copy of the page (https://you.github.io/prunescope/): each sheet
    /// prints its exercise's whole link. Without it, the link's fragment (#v=2&mode=exercise&…).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
}

fn word<T>(flag: &str, v: &str, opts: &[(&str, T)]) -> Result<T, CliError>
where
    T: Copy,
{
    opts.iter()
        .find(|(n, _)| *n == v)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<&str> = opts.iter().map(|(n, _)| *n).collect();
            CliError::from(format!("--{flag} {v}: expected {}", names.join(" or ")))
        })
}

/// The parameters for `seed` the flags describe (checked by the core, naming the field).
// `..default()` although every field is set today: a field added to the parameters later
// takes its default here
#[allow(clippy::needless_update)]
fn params(a: &WorksheetArgs, seed: u64) -> Result<ExerciseParams, CliError> {
    let int = |flag: &str, s: &str| -> Result<i64, CliError> {
        s.trim()
            .parse::<i64>()
            .map_err(|_| CliError::from(format!("--{flag} {s}: not a whole number")))
    };
    let (bmin, bmax) = match a.branching.split_once('-') {
        Some((x, y)) => (int("branching", x)?, int("branching", y)?),
        None => (
            int("branching", &a.branching)?,
            int("branching", &a.branching)?,
        ),
    };
    let (vmin, vmax) = a.values.split_once("..").ok_or_else(|| {
        CliError::from(format!("--values {}: expected MIN..MAX (0..9)", a.values))
    })?;
    let small = |flag: &str, v: i64| -> Result<i32, CliError> {
        i32::try_from(v).map_err(|_| CliError::from(format!("--{flag} {v}: out of range")))
    };
    Ok(ExerciseParams {
        seed,
        branching_min: small("branching", bmin)?.max(0) as u32,
        branching_max: small("branching", bmax)?.max(0) as u32,
        depth: a.depth,
        value_min: small("values", int("values", vmin)?)?,
        value_max: small("values", int("values", vmax)?)?,
        ordering: word(
            "order",
            &a.order,
            &[
                ("best", ExerciseOrdering::Best),
                ("worst", ExerciseOrdering::Worst),
                ("random", ExerciseOrdering::Random),
            ],
        )?,
        root: word(
            "root",
            &a.root,
            &[("max", RootPlayer::Max), ("min", RootPlayer::Min)],
        )?,
        cutoff: word(
            "cutoff",
            &a.cutoff,
            &[("standard", Cutoff::Standard), ("strict", Cutoff::Strict)],
        )?,
        windows: a.windows,
        chance: a.chance,
        algo: word(
            "algo",
            &a.algo,
            &[
                ("expectimax", ChanceExerciseAlgo::Expectimax),
                ("star1", ChanceExerciseAlgo::Star1),
            ],
        )?,
        ..ExerciseParams::default()
    })
}

pub fn run(a: WorksheetArgs) -> Result<(), CliError> {
    if let Some(b) = &a.base {
        check_base(b).map_err(|e| CliError::from(format!("--base: {}", e.reason)))?;
    }
    let mut sheets = Vec::with_capacity(a.seed.len());
    for &seed in &a.seed {
        let p = params(&a, seed)?;
        let link = format!(
            "{}{}",
            a.base.as_deref().unwrap_or(""),
            exercise_fragment(&p)
        );
        let e = Exercise::new(p).map_err(|e| CliError::from(format!("--seed {seed}: {e}")))?;
        sheets.push((e, link));
    }
    let text = worksheets(&sheets).map_err(|e| CliError::from(e.to_string()))?;
    let mut out = term::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}
