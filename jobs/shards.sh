#!/usr/bin/env bash
# One shard of an experiment, or the merge of all of them: the step every scheduler here runs
# (jobs/parallel.sh, jobs/slurm/, jobs/kubernetes/; docs/experiments.md, "Running at scale").
#
#   jobs/shards.sh shard OUT I N EXPERIMENT [ARGS...]
#       runs `prunescope experiment EXPERIMENT ARGS... --shard I/N`, writing its CSV to
#       OUT/EXPERIMENT-I.csv and its results (rows, the command, the wall time) to
#       OUT/EXPERIMENT-I.json.
#   jobs/shards.sh merge OUT N EXPERIMENT
#       merges OUT/EXPERIMENT-0.json … OUT/EXPERIMENT-(N-1).json into OUT/EXPERIMENT.csv (byte for
#       byte the CSV of a single run), OUT/EXPERIMENT.json (every shard's command and wall time
#       kept in its runs), OUT/EXPERIMENT.svg and OUT/EXPERIMENT.md (the paper-style tables).
#
# The binary is $PRUNESCOPE if set, else target/release/prunescope of this repository if built,
# else `prunescope` from PATH. Relative paths (OUT, the suite) are relative to the current
# directory; the results record them relative to the repository (docs/experiments.md).
set -euo pipefail

die() {
  printf 'shards.sh: %s\n' "$*" >&2
  exit 2
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -z "${PRUNESCOPE:-}" ]; then
  if [ -x "$root/target/release/prunescope" ]; then
    PRUNESCOPE="$root/target/release/prunescope"
  else
    PRUNESCOPE=prunescope
  fi
fi

# A count written plainly (no sign, no leading zero, which bash would read as octal).
is_count() { [[ "$1" =~ ^(0|[1-9][0-9]{0,5})$ ]]; }

# The experiment's name goes into file names: letters, digits and dashes only.
check_name() {
  [[ "$1" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "not an experiment name: '$1'"
}

shard() {
  [ "$#" -ge 4 ] || die "usage: shards.sh shard OUT I N EXPERIMENT [ARGS...]"
  local out="$1" i="$2" n="$3" name="$4"
  shift 4
  if ! is_count "$i" || ! is_count "$n" || [ "$i" -ge "$n" ]; then
    die "shard '$i' of '$n': I and N are counts with 0 <= I < N"
  fi
  check_name "$name"
  mkdir -p "$out"
  local csv="$out/$name-$i.csv" json="$out/$name-$i.json"
  # The CSV goes to a temporary file first, so a shard that fails leaves no half CSV behind;
  # prunescope writes the JSON only once every position is done.
  rm -f "$json"
  if ! "$PRUNESCOPE" experiment "$name" "$@" --shard "$i/$n" --csv --json "$json" >"$csv.part"; then
    rm -f "$csv.part" "$json"
    die "shard $i/$n of $name failed"
  fi
  mv "$csv.part" "$csv"
}

merge() {
  [ "$#" -eq 3 ] || die "usage: shards.sh merge OUT N EXPERIMENT"
  local out="$1" n="$2" name="$3" i
  if ! is_count "$n" || [ "$n" -lt 1 ]; then
    die "N must be a count of at least 1, not '$n'"
  fi
  check_name "$name"
  local files=() missing=()
  for ((i = 0; i < n; i++)); do
    if [ -f "$out/$name-$i.json" ]; then
      files+=("$out/$name-$i.json")
    else
      missing+=("$i")
    fi
  done
  [ "${#missing[@]}" -eq 0 ] ||
    die "no results from shard(s) ${missing[*]} of $n in $out: run them before merging"
  "$PRUNESCOPE" experiment merge "${files[@]}" \
    --json "$out/$name.json" --plot "$out/$name.svg" >"$out/$name.csv.part"
  mv "$out/$name.csv.part" "$out/$name.csv"
  "$PRUNESCOPE" experiment merge "$out/$name.json" --markdown >"$out/$name.md"
}

[ "$#" -ge 1 ] || die "usage: shards.sh shard|merge ..."
step="$1"
shift
case "$step" in
  shard) shard "$@" ;;
  merge) merge "$@" ;;
  *) die "unknown step '$step' (shard or merge)" ;;
esac
