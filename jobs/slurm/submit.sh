#!/usr/bin/env bash
# An experiment on a Slurm cluster: a job array of N shards, then a merge job that starts only
# when every shard succeeded (and is cancelled if one fails). Unrun here: this machine has no
# Slurm; the files are checked by bash -n and shellcheck (docs/experiments.md, "Running at scale").
#
#   jobs/slurm/submit.sh OUT N EXPERIMENT [ARGS...]
#
# e.g. jobs/slurm/submit.sh results/table3 32 null-move-table3 --suite ../shared/data/ecm.epd \
#          --depth 9-10 --node-cap 0
# Run from anywhere on a login node; OUT and the paths in ARGS are relative to the repository's
# root, which must be on a file system the compute nodes share, with prunescope built
# (cargo build --release) or on PATH. Parameters, from the environment:
#   SLURM_CPUS      cores (and search threads) per shard (default 4)
#   SLURM_TIME      time limit per shard (default 01:00:00: keep shards under an hour)
#   SLURM_PARTITION the partition (default: the cluster's)
#   SLURM_ACCOUNT   the account to charge (default: yours)
#   SBATCH_OPTS     any further sbatch options, split on spaces (e.g. "--mem=4G --qos=long")
# Prints the two job ids; the results land in OUT as jobs/shards.sh describes.
set -euo pipefail

if [ "$#" -lt 3 ]; then
  echo "usage: jobs/slurm/submit.sh OUT N EXPERIMENT [ARGS...]" >&2
  exit 2
fi
out="$1" n="$2" name="$3"
shift 3
if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
  echo "submit.sh: N must be a count of at least 1, not '$n'" >&2
  exit 2
fi
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
mkdir -p "$out"

common=()
[ -z "${SLURM_PARTITION:-}" ] || common+=(--partition "$SLURM_PARTITION")
[ -z "${SLURM_ACCOUNT:-}" ] || common+=(--account "$SLURM_ACCOUNT")
if [ -n "${SBATCH_OPTS:-}" ]; then
  read -r -a extra <<<"$SBATCH_OPTS"
  common+=("${extra[@]}")
fi

array=$(sbatch --parsable "${common[@]}" \
  --array="0-$((n - 1))" \
  --cpus-per-task="${SLURM_CPUS:-4}" \
  --time="${SLURM_TIME:-01:00:00}" \
  --output="$out/slurm-%A_%a.out" \
  jobs/slurm/shard.sbatch "$out" "$n" "$name" "$@")
array="${array%%;*}" # --parsable prints "id" or "id;cluster"
merge=$(sbatch --parsable "${common[@]}" \
  --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out/slurm-merge-%j.out" \
  jobs/slurm/merge.sbatch "$out" "$n" "$name")
merge="${merge%%;*}"
echo "shards: job array $array ($n tasks); merge: job $merge (after all of them succeed)"
echo "results: $out/$name.{csv,json,svg,md}; watch with: squeue -j $array,$merge"
