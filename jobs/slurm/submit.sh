#!/usr/bin/env bash
# An experiment on a Slurm cluster: a job array of N shards, then a merge job that starts only
# when every shard succeeded (and is cancelled if one fails). Run on a one-node Slurm by
# scripts/test-jobs.sh (docs/experiments.md, "Running at scale").
#
#   jobs/slurm/submit.sh [--cpus N] [--mem SIZE] [--time LIMIT] OUT N EXPERIMENT [ARGS...]
#
# e.g. jobs/slurm/submit.sh --cpus 4 --mem 2G results/table3 32 null-move-table3 \
#          --suite ../shared/data/ecm.epd --depth 9-10 --node-cap 0
# Run from anywhere on a login node; OUT and the paths in ARGS are relative to the repository's
# root, which must be on a file system the compute nodes share, with prunescope built
# (cargo build --release) or on PATH (or $PRUNESCOPE, passed to the jobs with the rest of the
# environment). Parameters, as flags or from the environment (a flag wins):
#   --cpus N        SLURM_CPUS      cores (and search threads) per shard (default 4)
#   --mem SIZE      SLURM_MEM       memory per shard and for the merge, as sbatch's --mem
#                                   takes it: 500M, 2G (default 2G); fit it to the nodes
#   --time LIMIT    SLURM_TIME      time limit per shard (default 01:00:00: keep shards under
#                                   an hour)
#                   SLURM_PARTITION the partition (default: the cluster's)
#                   SLURM_ACCOUNT   the account to charge (default: yours)
#                   SBATCH_OPTS     any further sbatch options, split on spaces (e.g.
#                                   "--qos=long")
# A shard asking for more cores or memory than a node has is refused by sbatch or waits for
# ever: on a small node give e.g. --cpus 1 --mem 500M.
# Prints the two job ids; the results land in OUT as jobs/shards.sh describes.
set -euo pipefail

usage() {
  echo "usage: jobs/slurm/submit.sh [--cpus N] [--mem SIZE] [--time LIMIT] OUT N EXPERIMENT [ARGS...]" >&2
  exit 2
}
cpus="${SLURM_CPUS:-4}" mem="${SLURM_MEM:-2G}" limit="${SLURM_TIME:-01:00:00}"
while [ "$#" -gt 0 ]; do
  case "$1" in
    --cpus) [ "$#" -ge 2 ] || usage; cpus="$2"; shift 2 ;;
    --mem) [ "$#" -ge 2 ] || usage; mem="$2"; shift 2 ;;
    --time) [ "$#" -ge 2 ] || usage; limit="$2"; shift 2 ;;
    --) shift; break ;;
    -*) echo "submit.sh: unknown option '$1'" >&2; usage ;;
    *) break ;;
  esac
done
[ "$#" -ge 3 ] || usage
out="$1" n="$2" name="$3"
shift 3
if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
  echo "submit.sh: N must be a count of at least 1, not '$n'" >&2
  exit 2
fi
if ! [[ "$cpus" =~ ^[1-9][0-9]{0,3}$ ]]; then
  echo "submit.sh: the cores per shard (--cpus, SLURM_CPUS) must be a count of at least 1, not '$cpus'" >&2
  exit 2
fi
if ! [[ "$mem" =~ ^[1-9][0-9]*[KMGT]?$ ]]; then
  echo "submit.sh: the memory (--mem, SLURM_MEM) must be a size as sbatch takes it (500M, 2G), not '$mem'" >&2
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
  --cpus-per-task="$cpus" \
  --mem="$mem" \
  --time="$limit" \
  --output="$out/slurm-%A_%a.out" \
  jobs/slurm/shard.sbatch "$out" "$n" "$name" "$@")
array="${array%%;*}" # --parsable prints "id" or "id;cluster"
merge=$(sbatch --parsable "${common[@]}" \
  --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --mem="$mem" \
  --output="$out/slurm-merge-%j.out" \
  jobs/slurm/merge.sbatch "$out" "$n" "$name")
merge="${merge%%;*}"
echo "shards: job array $array ($n tasks); merge: job $merge (after all of them succeed)"
echo "results: $out/$name.{csv,json,svg,md}; watch with: squeue -j $array,$merge"
