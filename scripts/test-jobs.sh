#!/usr/bin/env bash
# Checks the job files of jobs/ (docs/experiments.md, "Running at scale"):
#   - every shell script of the repository passes `bash -n` and shellcheck;
#   - every Kubernetes template is YAML, what jobs/kubernetes/submit.sh renders from them is the
#     volume, the Indexed Job, the merge Job and the fetch pod, with the parameters given, and
#     both validate against the Kubernetes schemas (kubernetes-validate; no cluster runs here);
#   - the GNU parallel path runs for real: an experiment in two shards, merged, gives byte for
#     byte the CSV of a single run, and its JSON records each shard's command and wall time;
#     a failing shard stops the run before any merge;
#   - the Slurm path runs for real on a one-node Slurm started here (munged, slurmctld and
#     slurmd as root, their configuration, ports and spool directories in a temporary
#     directory): jobs/slurm/submit.sh's job array and the merge that depends on it give a
#     single run's CSV, row for row. Under CI=true a daemon that cannot start fails this
#     script; elsewhere the Slurm part is skipped with a line that says why.
# Run by scripts/test.sh after the Rust tests (it uses their debug build of prunescope; set
# PRUNESCOPE to test another binary). Needs shellcheck, GNU parallel, python3-yaml,
# kubernetes-validate, slurm-wlm and munge (scripts/setup.sh).
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

# The rendered objects against the Kubernetes schemas (kubernetes-validate ships them; --strict
# refuses fields the schemas do not know). The templates alone are not valid objects: their
# ${…} parameters stand where numbers belong.
KUBERNETES_VALIDATE="${PRUNESCOPE_VENV:-$HOME/.cache/prunescope/venv}/bin/kubernetes-validate"
[ -x "$KUBERNETES_VALIDATE" ] || KUBERNETES_VALIDATE="$(command -v kubernetes-validate || true)"
[ -n "$KUBERNETES_VALIDATE" ] || fail "kubernetes-validate is not installed (scripts/setup.sh installs it)"
IMAGE=registry.example.org/lab/prunescope:1 jobs/kubernetes/submit.sh --print results/t3 32 \
  null-move-table3 --suite ../shared/data/ecm.epd --depth 9-10 >"$work/k8s-defaults.yaml"
"$KUBERNETES_VALIDATE" --strict --quiet "$work/k8s.yaml" "$work/k8s-defaults.yaml" ||
  fail "the rendered Kubernetes objects do not validate against the schemas"
k8s_version="$("$KUBERNETES_VALIDATE" --help | tr -s ' \n' ' ' | sed -n 's/.*Defaults to \([0-9.]*[0-9]\).*/\1/p')"
ok "the rendered Kubernetes objects validate against the Kubernetes ${k8s_version:-} schemas (kubernetes-validate --strict)"

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

# --- the Slurm path, for real, on a one-node Slurm started here ---
# Under CI=true a daemon that cannot start fails the script; elsewhere the Slurm part is skipped
# with a line that says why.
slurm_unavailable() {
  if [ "${CI:-}" = true ]; then
    fail "Slurm: $*"
  fi
  printf 'skip: the Slurm run: %s\n' "$*"
  exit 0
}
slurm_dir=""
slurm_stop() {
  [ -n "$slurm_dir" ] || return 0
  if [ -f "$slurm_dir/slurm.conf" ]; then
    SLURM_CONF="$slurm_dir/slurm.conf" scontrol shutdown >/dev/null 2>&1 || true
  fi
  # Whatever did not stop on request, by the process ids it wrote (never by name).
  local f pid k
  for f in slurmctld.pid slurmd.pid munged.pid; do
    [ -f "$slurm_dir/$f" ] || continue
    pid="$(cat "$slurm_dir/$f")"
    for k in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 "$pid" 2>/dev/null || break
      if [ "$k" -eq 3 ]; then kill "$pid" 2>/dev/null || true; fi
      if [ "$k" -eq 9 ]; then kill -KILL "$pid" 2>/dev/null || true; fi
      sleep 0.5
    done
  done
  rm -rf "$slurm_dir"
  slurm_dir=""
}
trap 'slurm_stop; [ -z "$work" ] || rm -rf "$work"' EXIT
slurm_start=$(date +%s.%N)
for tool in munged slurmctld slurmd sbatch sinfo scontrol; do
  command -v "$tool" >/dev/null 2>&1 ||
    slurm_unavailable "$tool is not installed (scripts/setup.sh installs Debian's slurm-wlm and munge)"
done
[ "$(id -u)" -eq 0 ] || slurm_unavailable "slurmd must run as root here, and this is uid $(id -u)"
slurm_dir="$(mktemp -d /tmp/prunescope-slurm.XXXXXX)"
chmod 755 "$slurm_dir"
mkdir -p "$slurm_dir/state" "$slurm_dir/spool" "$slurm_dir/munge"
chmod 700 "$slurm_dir/munge"
# A key of our own: the test needs no munge setup of the machine's.
head -c 1024 /dev/urandom >"$slurm_dir/munge/munge.key"
chmod 600 "$slurm_dir/munge/munge.key"
free_port() {
  "$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
ctld_port="$(free_port)"
slurmd_port="$(free_port)"
host="$(hostname -s)"
munged --force --socket="$slurm_dir/munge/munge.socket" --key-file="$slurm_dir/munge/munge.key" \
  --pid-file="$slurm_dir/munged.pid" --log-file="$slurm_dir/munged.log" \
  --seed-file="$slurm_dir/munge/munged.seed" ||
  slurm_unavailable "munged did not start: $(tail -3 "$slurm_dir/munged.log" 2>/dev/null)"
cat >"$slurm_dir/slurm.conf" <<CONF
ClusterName=prunescope
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$slurm_dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$slurm_dir/state
SlurmdSpoolDir=$slurm_dir/spool
SlurmctldPidFile=$slurm_dir/slurmctld.pid
SlurmdPidFile=$slurm_dir/slurmd.pid
SlurmctldLogFile=$slurm_dir/slurmctld.log
SlurmdLogFile=$slurm_dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$slurm_dir/slurm.conf"
slurmctld -f "$SLURM_CONF" ||
  slurm_unavailable "slurmctld did not start: $(tail -3 "$slurm_dir/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" ||
  slurm_unavailable "slurmd did not start: $(tail -3 "$slurm_dir/slurmd.log" 2>/dev/null)"
state=""
for _ in $(seq 60); do
  state="$(sinfo -h -n "$host" -o %T 2>/dev/null || true)"
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] ||
  slurm_unavailable "the node did not come up (state '${state:-unknown}'): $(tail -3 "$slurm_dir/slurmd.log" 2>/dev/null)"
ok "a one-node Slurm is up ($(slurmctld -V), node $host of 2 CPUs, ports $ctld_port and $slurmd_port)"

# A job array of three shards and the merge that depends on it, sized for the node.
args=(--suite www/data/bk.epd --depth 2-3 --limit 5)
"$PRUNESCOPE" experiment uncertainty "${args[@]}" --jobs 1 --csv >"$work/slurm-single.csv"
jobs/slurm/submit.sh --cpus 1 --mem 200M --time 00:10:00 "$work/slurm" 3 uncertainty "${args[@]}" \
  >"$work/slurm-submit.log" 2>&1 || { cat "$work/slurm-submit.log" >&2; fail "jobs/slurm/submit.sh"; }
array_id="$(sed -n 's/^shards: job array \([0-9]*\) .*/\1/p' "$work/slurm-submit.log")"
merge_id="$(sed -n 's/.*merge: job \([0-9]*\) .*/\1/p' "$work/slurm-submit.log")"
if [ -z "$array_id" ] || [ -z "$merge_id" ]; then
  cat "$work/slurm-submit.log" >&2
  fail "no job ids from jobs/slurm/submit.sh"
fi
job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'; }
merge_state=""
for _ in $(seq 600); do
  merge_state="$(job_state "$merge_id")"
  case "$merge_state" in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
if [ "$merge_state" != COMPLETED ]; then
  cat "$work/slurm"/slurm-*.out >&2 2>/dev/null || true
  fail "the merge job $merge_id ended '$merge_state', not COMPLETED"
fi
for i in 0 1 2; do
  state="$(job_state "${array_id}_$i")"
  [ "$state" = COMPLETED ] || fail "shard task ${array_id}_$i ended '$state'"
done
"$PYTHON" - "$work/slurm-single.csv" "$work/slurm/uncertainty.csv" <<'EOF' ||
import csv, sys

single, merged = (list(csv.reader(open(p))) for p in sys.argv[1:])
assert len(single) == len(merged), (len(single), len(merged))
for k, (a, b) in enumerate(zip(single, merged)):
    assert a == b, f"row {k}: {a} against {b}"
EOF
  fail "the Slurm run's merged CSV differs from a single run's"
"$PYTHON" - "$work/slurm/uncertainty.json" "$work" <<'EOF' ||
import json, sys

path, work = sys.argv[1:]
doc = json.load(open(path))
assert doc["version"] == 2, doc["version"]
runs = doc["runs"]
assert len(runs) == 3, runs
for i, run in enumerate(runs):
    want = ("prunescope experiment uncertainty --jobs 1 --suite www/data/bk.epd --depth 2-3 "
            f"--limit 5 --shard {i}/3 --csv --json {work}/slurm/uncertainty-{i}.json")
    assert run["command"] == want, (run["command"], want)
    assert isinstance(run["wall_seconds"], (int, float)) and run["wall_seconds"] >= 0, run
merge = " ".join(f"{work}/slurm/uncertainty-{i}.json" for i in range(3))
want = (f"prunescope experiment merge {merge} --json {work}/slurm/uncertainty.json "
        f"--plot {work}/slurm/uncertainty.svg")
assert doc["merges"] == [want], (doc["merges"], want)
assert doc["positions"] == 5 and doc["depths"] == [2, 3]
EOF
  fail "the Slurm run's JSON does not record its shards and merge"
slurm_stop
slurm_end=$(date +%s.%N)
ok "Slurm: a 3-task job array and the merge after it (--dependency=afterok) give a single run's CSV, row for row; the JSON records each shard's command and wall time, and the merge; the daemons are stopped ($(awk -v a="$slurm_start" -v b="$slurm_end" 'BEGIN { printf "%.1f", b - a }') s)"
