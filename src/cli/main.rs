//! `prunescope`: the native command-line front end, a thin layer over `prunescope::run`. The
//! only user of clap. Each command family has its own module with its arguments and its run
//! function; every error reaches [`main`] as a [`CliError`], printed once, with its exit code.

mod bench;
mod chance;
mod convert;
mod diff;
mod error;
mod exercise;
mod experiment;
mod games;
mod record;
mod search;
mod term;
mod tikz;
mod verify;
mod wall_time;

use clap::{Parser, Subcommand};
use error::CliError;
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "prunescope",
    version,
    about = "Search game trees with minimax, alpha-beta or PVS and trace every node",
    long_about = "Search game trees with minimax, alpha-beta or PVS and trace every node.\n\n\
        Without --json, prints a summary: value, best line, node counts per node type, time \
        and nodes/s. With --json, prints the full trace (format: docs/trace-format.md); \
        --trace FILE writes it to a file, as JSON or in the compact binary format.

\
        Exit status: 0 on success or when the reader closes the output early (| head), 1 on \
        bad input or output that cannot be written (a full disk or device, a FIFO with no \
        reader, standard output closed with >&-; error: … on stderr, with control \
        characters escaped), 2 on a usage error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search an explicit tree in textbook notation, e.g. "((3 12 8) (2 4 6) (14 5 2))", or
    /// "min ((3 12 8) (2 4 6))" with MIN to move at the root.
    Tree(search::TreeArgs),
    /// Search a seeded synthetic tree whose values derive from each node's path.
    Random(search::RandomArgs),
    /// Search a chess position given as FEN, with iterative deepening.
    Chess(search::ChessArgs),
    /// The small games, one command each (src/cli/games.rs).
    #[command(flatten)]
    Game(games::GameCommand),
    /// Reproduce the papers' tables and figures on EPD suites, one subcommand per experiment
    /// (`prunescope experiment --help` lists them), and merge the CSV shards of a run spread
    /// over machines (docs/experiments.md).
    Experiment(experiment::ExperimentArgs),
    /// Compare two saved traces (JSON or binary: `--json` or `--trace` output, or saved from
    /// the page) node by node: nodes
    /// only in the left trace, only in the right one, in both, and per ply. Nodes are matched
    /// by their path from the root; the k-th visit of a move under a matched parent matches the
    /// k-th visit in the other trace (docs/compare.md).
    Diff(diff::DiffArgs),
    /// Convert a trace file between JSON and the compact binary format (docs/trace-format.md):
    /// `prunescope convert a.json a.pstrace`. The input's format is detected; the output's
    /// comes from its name (.json, .json.gz, .pstrace) or --format.
    Convert(convert::ConvertArgs),
    /// Check a trace file completely: read it (which checks every field and what a search
    /// could have done), then run its search again — the search is deterministic from its
    /// input, configuration and limits — and compare node by node and event by event. Prints
    /// the first difference, naming the node or event and the field, and exits 1; exits 0 when
    /// the search reproduces the file (docs/cli.md).
    Verify(verify::VerifyArgs),
    /// The page's graded exercises: make one (its tree text and share link), print its answer
    /// key, or grade students' answer files with the core's grader (docs/cli.md).
    Exercise(exercise::ExerciseArgs),
    /// Print the page's copy of the trace contract (codes, record layout, names, defaults and
    /// limits) as an ES module: `prunescope schema > www/schema.js`.
    Schema,
    /// Draw an explicit tree, or a search of it, as a TikZ figure in the forest package, for
    /// exams and slides: values and bounds, windows, node types, the pruned branches with the
    /// rule that cut them, at an event or finished; MAX's view or negamax (docs/cli.md). Trees
    /// of up to 300 nodes.
    Tikz(tikz::TikzArgs),
    /// Benchmark: untraced and recorded PVS over an EPD suite; nodes/s and bytes per node. With
    /// --config A --config B …: the wall time of those configurations as ratios to the first,
    /// searched alternately on every position in one process.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    term::guard_std_fds();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    let result = match cli.command {
        Command::Tree(a) => search::tree(a),
        Command::Random(a) => search::random(a),
        Command::Chess(a) => search::chess(a),
        Command::Game(g) => g.run(),
        Command::Experiment(a) => experiment::run(a),
        Command::Diff(a) => diff::run(a),
        Command::Convert(a) => convert::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Exercise(a) => exercise::run(a),
        Command::Schema => schema(),
        Command::Tikz(a) => tikz::run(a),
        Command::Bench(a) => bench::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(),
    }
}

/// Prints clap's help, version or usage error and returns its exit code (0 for help and
/// version, 2 for usage errors). `Cli::parse` would ignore a failed write; help written to a
/// full disk is an error here, and help cut short by `| head` ends quietly.
fn usage(e: &clap::Error) -> ExitCode {
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    if !e.use_stderr() && term::is_stdout_closed() {
        // Help or version for a closed standard output: clap's print would report it done.
        return CliError::from(term::stdout_closed()).report();
    }
    match e.print() {
        Ok(()) => code,
        // A usage error that cannot reach stderr has nowhere else to go.
        Err(_) if e.use_stderr() => code,
        Err(io) => CliError::from(io).report(),
    }
}

fn schema() -> Result<(), CliError> {
    let mut out = term::stdout();
    out.write_all(prunescope::schema_js::js_module().as_bytes())?;
    out.flush()?;
    Ok(())
}
