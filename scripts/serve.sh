#!/usr/bin/env bash
# Installs what is missing, builds the wasm search core into pkg/ and serves the lab at
# http://127.0.0.1:8080/ (PORT=<n> to change the port). Ctrl-C stops the server.
set -euo pipefail
# shellcheck source=scripts/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

prunescope_setup --no-browser
prunescope_build_wasm
cd "$PRUNESCOPE_ROOT"
exec node www/serve.mjs --port "${PORT:-8080}" --host "${HOST:-127.0.0.1}"
