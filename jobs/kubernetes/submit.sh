#!/usr/bin/env bash
# An experiment on a Kubernetes cluster: a volume (volume.yaml), an Indexed Job of N shards
# (shards.yaml), then, once every shard succeeded, a merge Job (merge.yaml); the results are
# copied back into OUT through a short-lived pod (fetch.yaml). Unrun here: this machine has no
# cluster; the templates are checked by a YAML parser, what this script renders is validated
# against the Kubernetes schemas (kubernetes-validate), and the script is linted (bash -n and
# the shell linter) by scripts/test-jobs.sh (docs/experiments.md, "Running at scale").
#
#   IMAGE=registry.example.org/you/prunescope:1 jobs/kubernetes/submit.sh OUT N EXPERIMENT [ARGS...]
#   jobs/kubernetes/submit.sh --print OUT N EXPERIMENT [ARGS...]   (the YAML only; no kubectl)
#
# e.g. jobs/kubernetes/submit.sh results/table3 32 null-move-table3 \
#          --suite ../shared/data/ecm.epd --depth 9-10 --node-cap 0
# ARGS are the experiment's arguments as in the image, whose working directory is the
# repository's root (the suites are at ../shared/data/, see the Dockerfile). Parameters, from
# the environment:
#   IMAGE        the image built from jobs/kubernetes/Dockerfile (required)
#   NAME         the run's name, a prefix of every object's (default: ps-EXPERIMENT)
#   THREADS      cores (and search threads) per shard (default 4)
#   PARALLELISM  shards running at once (default: N)
#   STORAGE      the shared volume's size (default 1Gi)
#   KUBECTL      the kubectl command, e.g. "kubectl --namespace lab" (default kubectl)
set -euo pipefail

die() {
  printf 'submit.sh: %s\n' "$*" >&2
  exit 2
}

print_only=0
if [ "${1:-}" = --print ]; then
  print_only=1
  shift
fi
[ "$#" -ge 3 ] || die "usage: jobs/kubernetes/submit.sh [--print] OUT N EXPERIMENT [ARGS...]"
out="$1" shards="$2" experiment="$3"
shift 3
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Every parameter is checked before it reaches a template; only ARGS needs quoting (below).
image="${IMAGE:-}"
name="${NAME:-ps-$experiment}"
threads="${THREADS:-4}"
parallelism="${PARALLELISM:-$shards}"
storage="${STORAGE:-1Gi}"
count='^[1-9][0-9]{0,5}$'
[[ "$shards" =~ $count ]] || die "N must be a count of at least 1, not '$shards'"
[[ "$threads" =~ $count ]] || die "THREADS must be a count of at least 1, not '$threads'"
[[ "$parallelism" =~ $count ]] || die "PARALLELISM must be a count of at least 1, not '$parallelism'"
[[ "$experiment" =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "not an experiment name: '$experiment'"
# A DNS label, with room for the longest suffix (-results).
[[ "$name" =~ ^[a-z0-9]([a-z0-9-]{0,45}[a-z0-9])?$ ]] ||
  die "NAME must be lower-case letters, digits and dashes, at most 47 of them: '$name'"
[[ "$image" =~ ^[A-Za-z0-9][A-Za-z0-9._/:@-]*$ ]] ||
  die "set IMAGE to the image built from jobs/kubernetes/Dockerfile (got '$image')"
[[ "$storage" =~ ^[1-9][0-9]*(Ki|Mi|Gi|Ti)?$ ]] || die "STORAGE must be a size like 1Gi, not '$storage'"

# ARGS as a YAML flow sequence of double-quoted strings (JSON's quoting, which YAML reads).
yaml_list() {
  local a items=()
  for a in "$@"; do
    [[ "$a" =~ [[:cntrl:]] ]] && die "an argument holds a control character"
    a="${a//\\/\\\\}"
    items+=("\"${a//\"/\\\"}\"")
  done
  local IFS=,
  printf '[%s]' "${items[*]}"
}
args="$(yaml_list "$@")"

# render FILE: the template with its ${…} parameters filled in.
# shellcheck disable=SC2016 # the single-quoted ${…} are the literal placeholders
render() {
  local text
  text="$(<"$here/$1")"
  text="${text//'${NAME}'/"$name"}"
  text="${text//'${IMAGE}'/"$image"}"
  text="${text//'${SHARDS}'/"$shards"}"
  text="${text//'${PARALLELISM}'/"$parallelism"}"
  text="${text//'${THREADS}'/"$threads"}"
  text="${text//'${EXPERIMENT}'/"$experiment"}"
  text="${text//'${STORAGE}'/"$storage"}"
  text="${text//'${ARGS}'/"$args"}"
  printf '%s\n' "$text"
}

if [ "$print_only" = 1 ]; then
  for f in volume shards merge fetch; do
    printf -- '---\n'
    render "$f.yaml"
  done
  exit 0
fi

read -r -a kubectl <<<"${KUBECTL:-kubectl}"
command -v "${kubectl[0]}" >/dev/null 2>&1 || die "${kubectl[0]} not found"

# wait_job JOB: until the Job has completed (0) or failed (1), checking every 30 s.
wait_job() {
  local state
  while :; do
    state="$("${kubectl[@]}" get job "$1" \
      -o 'jsonpath={.status.conditions[?(@.status=="True")].type}')"
    case " $state " in
      *" Complete "*) return 0 ;;
      *" Failed "*) return 1 ;;
    esac
    sleep 30
  done
}

render volume.yaml | "${kubectl[@]}" apply -f -
render shards.yaml | "${kubectl[@]}" apply -f -
echo "submitted $name-shards: $shards shards of $experiment; waiting for all of them"
wait_job "$name-shards" ||
  die "job $name-shards failed: see ${kubectl[*]} logs job/$name-shards (no merge started)"
render merge.yaml | "${kubectl[@]}" apply -f -
wait_job "$name-merge" || die "job $name-merge failed: see ${kubectl[*]} logs job/$name-merge"
"${kubectl[@]}" logs "job/$name-merge"

render fetch.yaml | "${kubectl[@]}" apply -f -
"${kubectl[@]}" wait --for=condition=Ready "pod/$name-fetch" --timeout=10m
mkdir -p "$(dirname "$out")"
"${kubectl[@]}" cp "$name-fetch:/work/shared/results/$name" "$out"
"${kubectl[@]}" delete pod "$name-fetch" --wait=false
echo "results in $out; the volume $name-results stays until: ${kubectl[*]} delete pvc $name-results"
