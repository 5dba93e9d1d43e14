#!/usr/bin/env bash
# Checks the job files of jobs/ (docs/experiments.md, "Running at scale"), as far as this machine
# can: it has neither Slurm nor Kubernetes, so
#   - every shell script of the repository passes `bash -n` and shellcheck;
#   - every Kubernetes template is YAML, and what jobs/kubernetes/submit.sh renders from them is
#     the volume, the Indexed Job, the merge Job and the fetch pod, with the parameters given;
#   - the GNU parallel path runs for real: an experiment in two shards, merged, gives byte for
#     byte the CSV of a single run, and its JSON records each shard's command and wall time;
#     a failing shard stops the run before any merge.
# Run by scripts/test.sh after the Rust tests (it uses their debug build of prunescope; set
# PRUNESCOPE to test another binary). Needs shellcheck, GNU parallel and python3-yaml (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PRUNESCOPE_PYTHON:-/usr/bin/python3}"
if [ -z "${PRUNESCOPE:-}" ]; then
  # A no-op after the Rust tests, which built this binary.
  cargo build --quiet --bin prunescope
  export PRUNESCOPE="$PWD/${CARGO_TARGET_DIR:-target}/debug/prunescope"
fi
# Scratch space inside the repository, so the paths the results record are short and known.
work=""
trap '[ -z "$work" ] || rm -rf "$work"' EXIT
mkdir -p target
work="$(mktemp -d target/test-jobs.XXXXXX)"

fail() {
  printf 'test-jobs.sh: FAILED: %s\n' "$*" >&2
  exit 1
}
ok() { printf 'ok: %s\n' "$*"; }

# --- every shell script: bash -n, shellcheck ---
mapfile -t scripts < <(find . \( -path ./target -o -path ./node_modules -o -path ./pkg -o -path ./.git \) \
  -prune -o -type f \( -name '*.sh' -o -name '*.sbatch' \) -print | sort)
[ "${#scripts[@]}" -ge 9 ] || fail "only ${#scripts[@]} shell scripts found: ${scripts[*]}"
for s in "${scripts[@]}"; do
  bash -n "$s" || fail "bash -n $s"
done
shellcheck -x "${scripts[@]}" || fail "shellcheck"
ok "bash -n and shellcheck: ${scripts[*]}"

# --- the Kubernetes templates and what submit.sh renders from them ---
for bad in "IMAGE=" "IMAGE=x NAME=Bad_Name" "IMAGE=x THREADS=0"; do
  if env "$bad" jobs/kubernetes/submit.sh --print out 2 multi-cut >/dev/null 2>&1; then
    fail "submit.sh accepted $bad"
  fi
done
IMAGE=registry.example.org/lab/prunescope:1 NAME=nm10 THREADS=3 PARALLELISM=4 STORAGE=2Gi \
  jobs/kubernetes/submit.sh --print results/nm10 6 null-move \
  --suite '../shared/data/w a"c\.epd' --depth 9,10 --node-cap 0 >"$work/k8s.yaml"
"$PYTHON" - jobs/kubernetes/*.yaml "$work/k8s.yaml" <<'EOF'
import re, sys, yaml

*templates, rendered = sys.argv[1:]
for path in templates:
    docs = [d for d in yaml.safe_load_all(open(path)) if d]
    assert len(docs) == 1 and docs[0].get("kind"), f"{path}: one Kubernetes object expected"

text = open(rendered).read()
left = re.findall(r"\$\{[A-Z_]+\}", text)
assert not left, f"parameters left unfilled: {left}"
docs = [d for d in yaml.safe_load_all(text) if d]
kinds = [(d["kind"], d["metadata"]["name"]) for d in docs]
assert kinds == [
    ("PersistentVolumeClaim", "nm10-results"),
    ("Job", "nm10-shards"),
    ("Job", "nm10-merge"),
    ("Pod", "nm10-fetch"),
], kinds
pvc, shards, merge, fetch = docs
assert pvc["spec"]["accessModes"] == ["ReadWriteMany"]
assert pvc["spec"]["resources"]["requests"]["storage"] == "2Gi"

def pod(d):
    return d["spec"]["template"]["spec"] if d["kind"] == "Job" else d["spec"]

def env(c):
    return {e["name"]: e["value"] for e in c.get("env", [])}

s = shards["spec"]
assert s["completionMode"] == "Indexed"
assert s["completions"] == 6 and s["parallelism"] == 4, s
c = pod(shards)["containers"][0]
assert c["image"] == "registry.example.org/lab/prunescope:1"
assert c["args"] == ["--suite", '../shared/data/w a"c\\.epd', "--depth", "9,10", "--node-cap", "0"], c["args"]
script = " ".join(c["command"])
for word in ["jobs/shards.sh shard", "$JOB_COMPLETION_INDEX", '"$SHARDS"', '"$@"', "--jobs"]:
    assert word in script, (word, script)
assert env(c) == {"OUT": "../shared/results/nm10", "SHARDS": "6", "EXPERIMENT": "null-move", "THREADS": "3"}, env(c)
assert c["resources"]["requests"]["cpu"] == "3"
m = pod(merge)["containers"][0]
assert "jobs/shards.sh merge" in " ".join(m["command"])
assert env(m) == {"OUT": "../shared/results/nm10", "SHARDS": "6", "EXPERIMENT": "null-move"}, env(m)
for d in (shards, merge, fetch):
    p = pod(d)
    assert p["restartPolicy"] == "Never"
    assert p["containers"][0]["image"] == "registry.example.org/lab/prunescope:1"
    vols = {v["name"]: v["persistentVolumeClaim"]["claimName"] for v in p["volumes"]}
    assert vols == {"results": "nm10-results"}, vols
    mounts = {v["name"]: v["mountPath"] for v in p["containers"][0]["volumeMounts"]}
    assert mounts == {"results": "/work/shared/results"}, mounts
EOF
ok "the Kubernetes templates parse, and submit.sh renders the volume, both Jobs and the pod"

# --- the GNU parallel path, for real ---
args=(--suite www/data/bk.epd --depth 2-3 --limit 5 --jobs 1)
"$PRUNESCOPE" experiment uncertainty "${args[@]}" --csv >"$work/single.csv"
PARALLEL_JOBS=2 jobs/parallel.sh "$work/out" 2 uncertainty "${args[@]}" >"$work/parallel.log" 2>&1 ||
  { cat "$work/parallel.log" >&2; fail "jobs/parallel.sh"; }
cmp "$work/single.csv" "$work/out/uncertainty.csv" ||
  fail "the merged CSV differs from a single run's"
for i in 0 1; do
  if [ ! -s "$work/out/uncertainty-$i.csv" ] || [ ! -s "$work/out/uncertainty-$i.json" ]; then
    fail "shard $i left no CSV or JSON"
  fi
done
grep -q '^| BK.05 |' "$work/out/uncertainty.md" || fail "the merged tables miss a position"
[ -s "$work/out/uncertainty.svg" ] || fail "no merged figure"
"$PYTHON" - "$work/out/uncertainty.json" "$work" <<'EOF'
import json, sys

path, work = sys.argv[1:]
doc = json.load(open(path))
runs = doc["runs"]
assert len(runs) == 2, runs
for i, run in enumerate(runs):
    cmd = run["command"]
    want = ("prunescope experiment uncertainty --suite www/data/bk.epd --depth 2-3 --limit 5 "
            f"--jobs 1 --shard {i}/2 --csv --json {work}/out/uncertainty-{i}.json")
    assert cmd == want, (cmd, want)
    assert isinstance(run["wall_seconds"], (int, float)) and run["wall_seconds"] >= 0, run
    assert run["shard"] == f"{i}/2" and run["suite"] == "www/data/bk.epd", run
assert doc["positions"] == 5 and doc["depths"] == [2, 3], doc["positions"]
EOF
ok "two shards with GNU parallel merge into a single run's CSV, byte for byte; the JSON records commands and wall times"

# A shard that fails (a depth the experiment refuses) stops the run: no merged results.
if jobs/parallel.sh "$work/bad" 2 uncertainty --suite www/data/bk.epd --depth 99 --limit 2 \
  >"$work/bad.log" 2>&1; then
  fail "jobs/parallel.sh succeeded with a failing shard"
fi
if [ -e "$work/bad/uncertainty.csv" ] || [ -e "$work/bad/uncertainty.json" ]; then
  fail "a failed run left merged results"
fi
grep -q 'refuse\|depth' "$work/bad.log" || { cat "$work/bad.log" >&2; fail "no message for the failed shard"; }
ok "a failing shard stops jobs/parallel.sh before the merge, with the shard's message"
