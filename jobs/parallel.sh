#!/usr/bin/env bash
# An experiment in N shards with GNU parallel, on this machine or over ssh, then merged:
#
#   jobs/parallel.sh OUT N EXPERIMENT [ARGS...]
#
# run from anywhere; OUT and the paths in ARGS are relative to the repository's root.
# e.g. jobs/parallel.sh results/nm10 16 null-move --suite ../shared/data/wac.epd --depth 9,10 \
#          --node-cap 0 --jobs 1
# leaves results/nm10/null-move.{csv,json,svg,md} (and each shard's CSV and JSON) as
# jobs/shards.sh describes. Parameters, from the environment:
#   PARALLEL_JOBS   shards run at once per host (default: every core; give each shard
#                   `--jobs T` and set this to cores / T)
#   SSHLOGINFILE    GNU parallel's --sshloginfile: run the shards on those hosts instead. Each
#                   host needs a clone of this repository at the same path relative to its home
#                   directory, with prunescope built (or on PATH) and the suite; each shard's
#                   files are brought back, then removed there.
#   PRUNESCOPE      the prunescope binary (see jobs/shards.sh)
# The merge runs only when every shard succeeded; a failed shard stops the others.
set -euo pipefail

if [ "$#" -lt 3 ]; then
  echo "usage: jobs/parallel.sh OUT N EXPERIMENT [ARGS...]" >&2
  exit 2
fi
out="$1" n="$2" name="$3"
shift 3
if ! [[ "$n" =~ ^[1-9][0-9]{0,5}$ ]]; then
  echo "parallel.sh: N must be a count of at least 1, not '$n'" >&2
  exit 2
fi
command -v parallel >/dev/null 2>&1 || {
  echo "parallel.sh: GNU parallel is not installed (Debian: apt-get install parallel)" >&2
  exit 2
}
# Everything runs from the repository's root (here and, over ssh, on every host), so OUT and
# the suite are relative to it, as in the commands the results record.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mkdir -p "$out"
mapfile -t shards < <(seq 0 $((n - 1)))

remote=()
if [ -n "${SSHLOGINFILE:-}" ]; then
  remote=(--sshloginfile "$SSHLOGINFILE" --workdir .
    --return "$out/$name-{}.csv" --return "$out/$name-{}.json" --cleanup)
fi
# The GNU parallel line: one shard per index, each argument quoted as given (--quote).
parallel --will-cite --quote --halt now,fail=1 --jobs "${PARALLEL_JOBS:-100%}" "${remote[@]}" \
  jobs/shards.sh shard "$out" '{}' "$n" "$name" "$@" ::: "${shards[@]}"
jobs/shards.sh merge "$out" "$n" "$name"
