#!/usr/bin/env bash
# Installs what is missing, then runs every check: rustfmt, the repository's own rules
# (scripts/check/: views only read the state, named paths exist, size limits, no grading in www/,
# no fact of www/schema.js written again, no unmarked state outside www/state.js, no game kind
# by hand in www/) and their tests,
# clippy (native and wasm32), the Rust tests, the job files of jobs/ (scripts/test-jobs.sh: the
# shell linter, YAML and the Kubernetes schemas, the GNU parallel run and a one-node Slurm run),
# the Pages workflow (actionlint), the wasm build, the wasm adapter's tests in headless
# Chromium (wasm-bindgen-test) and the browser tests (node --test + playwright-core). Every step
# runs even if an earlier one failed (except those that need the wasm build); the exit status is
# non-zero on any failure.
set -euo pipefail
# shellcheck source=scripts/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$PRUNESCOPE_ROOT"

export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
if [ -t 1 ]; then BOLD=$'\033[1m' PLAIN=$'\033[0m'; else BOLD='' PLAIN=''; fi
STEP_NAMES=()
STEP_TIMES=()
STEP_RESULTS=()
FAILED=()

# step NAME CMD...: runs CMD, timing it and recording whether it passed.
step() {
  local name="$1" start end status
  shift
  printf '\n%s=== %s: %s%s\n' "$BOLD" "$name" "$*" "$PLAIN"
  start=$(date +%s.%N)
  if "$@"; then status=ok; else status=FAILED; FAILED+=("$name"); fi
  end=$(date +%s.%N)
  STEP_NAMES+=("$name")
  STEP_TIMES+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')")
  STEP_RESULTS+=("$status")
}

skip() {
  printf '\n=== %s: skipped (%s)\n' "$1" "$2"
  STEP_NAMES+=("$1")
  STEP_TIMES+=("-")
  STEP_RESULTS+=("SKIPPED")
  FAILED+=("$1")
}

wasm_tests() {
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    WASM_BINDGEN_USE_BROWSER=1 \
    WASM_BINDGEN_TEST_WEBDRIVER_JSON="$PRUNESCOPE_ROOT/scripts/webdriver.json" \
    CHROMEDRIVER="$CHROMEDRIVER" \
    cargo test --no-default-features --features full --target wasm32-unknown-unknown --test wasm &&
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
    WASM_BINDGEN_USE_BROWSER=1 \
    WASM_BINDGEN_TEST_WEBDRIVER_JSON="$PRUNESCOPE_ROOT/scripts/webdriver.json" \
    CHROMEDRIVER="$CHROMEDRIVER" \
    cargo test --no-default-features --target wasm32-unknown-unknown --test wasm_first
}

step setup prunescope_setup
if [ "${#FAILED[@]}" -ne 0 ]; then
  echo "test.sh: setup failed; nothing else can run" >&2
  exit 1
fi
step fmt cargo fmt --check
# the repository's own rules (scripts/check/NAME.mjs, no dependencies), and the checks' tests
step check-view-writes node scripts/check/view-writes.mjs
step check-paths node scripts/check/paths.mjs
step check-sizes node scripts/check/sizes.mjs
step check-layers node scripts/check/layers.mjs
step check-answers node scripts/check/answers.mjs
step check-generated node scripts/check/generated.mjs
step check-state-lets node scripts/check/state-lets.mjs
step check-game-kinds node scripts/check/game-kinds.mjs
step checks-test node --test tests/checks/
step clippy cargo clippy --all-targets -- -D warnings
# the two wasm builds (docs/architecture.md, "Two wasm builds"): the second with every feature,
# the first with none
step clippy-wasm cargo clippy --no-default-features --features full --target wasm32-unknown-unknown --lib --test wasm -- -D warnings
step clippy-wasm-first cargo clippy --no-default-features --target wasm32-unknown-unknown --lib --test wasm_first -- -D warnings
step cargo-test cargo test --no-fail-fast
step jobs scripts/test-jobs.sh
# the GitHub Pages workflow that publishes the site (issue 31 §3)
step actionlint actionlint .github/workflows/pages.yml
step wasm-build prunescope_build_wasm
if [ "${STEP_RESULTS[-1]}" = ok ]; then
  step wasm-test wasm_tests
  step browser-test node --test tests/browser/
else
  rm -rf pkg # never test a stale build
  skip wasm-test "the wasm build failed"
  skip browser-test "the wasm build failed"
fi

printf '\n%s=== test.sh summary%s\n' "$BOLD" "$PLAIN"
for i in "${!STEP_NAMES[@]}"; do
  printf '  %-17s %-8s %6s s\n' "${STEP_NAMES[$i]}" "${STEP_RESULTS[$i]}" "${STEP_TIMES[$i]}"
done
if [ "${#FAILED[@]}" -ne 0 ]; then
  echo "test.sh: FAILED: ${FAILED[*]}"
  exit 1
fi
echo "test.sh: every step passed"
