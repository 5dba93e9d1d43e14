#!/usr/bin/env bash
# Builds the wasm search core, then writes the whole site as a static folder for any static
# host (default site/; scripts/build-site.mjs says what is in it, docs/offline-embed.md how to
# publish it):
#
#   bash scripts/build-site.sh [--out DIR] [--base PATH]   (PATH: the URL path the folder is
#                                                        served under, for _headers; default /)
#   bash scripts/build-site.sh --scorm LINK… [--mastery N] [--title T] --out FILE.zip
#                                          (a SCORM 1.2 package of one activity: docs/lms.md)
set -euo pipefail
# shellcheck source=scripts/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

prunescope_setup --no-browser
prunescope_build_wasm
cd "$PRUNESCOPE_ROOT"
exec node scripts/build-site.mjs "$@"
