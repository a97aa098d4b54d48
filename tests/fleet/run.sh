#!/usr/bin/env bash
# gpuguide fleet against a real Slurm (scripts/slurm-local.sh, started by scripts/test.d/45-fleet.sh):
# collecting this node's document, and each fault the issue names, on the real scheduler. No
# Slurm command is replaced; where a fault needs a misbehaving probe, --probe-exe names a small
# script that wraps the real gpuguide-probe (a task that fails, a document that does not validate,
# a task that runs until it is cancelled).
# Usage: tests/fleet/run.sh GPUGUIDE GPUGUIDE_PROBE   (SLURM_CONF must point at the cluster)
set -uo pipefail
gpuguide=$(realpath "$1")
probe=$(realpath "$2")
node=$(sinfo --noheader --Node --format=%N | head -n1)
tmp=$(mktemp -d /tmp/gpuguide-fleet-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "  ok: $1"; }
fail() { echo "  FAILED: $1" >&2; failed=1; }
# expect_in FILE TEXT NAME: the output holds TEXT.
expect_in() { grep -qF -- "$2" "$1" && pass "$3" || { fail "$3: no \"$2\" in:"; cat "$1" >&2; }; }
# fleet NAME ARGS...: runs gpuguide fleet with a fresh work folder; output in $tmp/NAME.log.
fleet() {
  local name=$1
  shift
  "$gpuguide" fleet --slurm --work-dir "$tmp/work-$name" --poll 0.5 "$@" >"$tmp/$name.log" 2>&1
}
# wait_for FILE TEXT SECONDS: until FILE holds TEXT, checked every 0.2 s, at most SECONDS.
wait_for() {
  local i
  for ((i = 0; i < $3 * 5; i++)); do
    grep -qF -- "$2" "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}
wrapper() { # wrapper NAME BODY: a probe stand-in that runs on the node (--list: the real one's)
  printf '#!/bin/sh\n[ "$1" = --list ] && exec "%s" --list\n%s\n' "$probe" "$2" >"$tmp/$1"
  chmod +x "$tmp/$1"
}
out=$tmp/fleet
echo "fleet tests on node $node"

echo "- collect this node's document"
fleet collect --probe-exe "$probe" --out "$out"
rc=$?
[[ $rc == 0 ]] && pass "exit 0" || fail "exit $rc (want 0)"
if [[ -f $out/$node.json ]]; then
  "$probe" --validate "$out/$node.json" >/dev/null && pass "$node.json validates" ||
    fail "$node.json does not validate"
  python3 - "$out/$node.json" <<'PY' && pass "CPU probes measured, GPU probes skipped with a reason" || fail "document content"
import json, sys
d = json.load(open(sys.argv[1]))
p = d["probes"]
assert p["cpu.stream"]["status"] == "ok", p["cpu.stream"]
assert p["cpu.stream"]["result"]["triad"]["median"] > 0
assert p["cpu.gemm"]["status"] == "ok"
for key, entry in p.items():
    if key.startswith("gpu.") and entry["status"] == "skipped":
        assert entry["reason"], key
PY
else
  fail "no $out/$node.json"; cat "$tmp/collect.log" >&2
fi
expect_in "$tmp/collect.log" "$node  job " "progress names the node and the job id"
expect_in "$tmp/collect.log" "0 pending, 0 running, 1 done, 0 failed" "progress counts"
[[ -z $(find "$out" -name '.*' -o -name '*.tmp*') ]] && pass "no temporary file left in --out" ||
  fail "temporary files left in --out"
good_sum=$(sha256sum "$out/$node.json")
cp "$out/$node.json" "$tmp/first-document.json"
python3 - "$out/history/latest.json" "$node" <<'PY' && pass "history/latest.json records the node asked, its task and Slurm's node list" || fail "history/latest.json"
import json, sys
record = json.load(open(sys.argv[1]))
node = sys.argv[2]
assert record["format"] == "gpuguide-fleet-collection", record.get("format")
assert [a["node"] for a in record["asked"]] == [node] and record["asked"][0]["fault"] == "", record["asked"]
assert record["asked"][0]["task"] == record["job"] + "_0", record["asked"]
assert node in record["cluster"], record["cluster"]
assert [r["host"] for r in record["index"]["rows"]] == [node]
PY
history_sum=$(sha256sum "$out/history/latest.json")

echo "- gpuguide build shows the collected host on the fleet page, in both languages"
cp -r content "$tmp/content"
mkdir -p "$tmp/content/measurements/fleet"
cp -r "$out/." "$tmp/content/measurements/fleet/" # the document and the collection's history
if "$gpuguide" build --content "$tmp/content" --out "$tmp/site" --measure reference -q \
  >"$tmp/build.log" 2>&1; then
  for lang in en zh; do
    expect_in "$tmp/site/$lang/fleet.html" "<th scope=\"row\">$node</th>" "$lang/fleet.html lists $node"
    expect_in "$tmp/site/$lang/contents.html" 'href="fleet.html"' "$lang/contents.html links it"
    expect_in "$tmp/site/$lang/fleet.csv" "$node," "$lang/fleet.csv has its row"
  done
  expect_in "$tmp/site/en/fleet.html" "Latest collection: Slurm job" "the page names the collection"
else
  fail "gpuguide build with the fleet document"; cat "$tmp/build.log" >&2
fi

echo "- a document that does not validate is rejected; the earlier one stays byte for byte"
wrapper bad-doc "\"$probe\" \"\$@\" || exit 1
for a; do last=\$a; done
sed -i 's/\"schema_version\": 1/\"schema_version\": 99/' \"\$last\""
fleet bad-doc --probe-exe "$tmp/bad-doc" --out "$out"
rc=$?
[[ $rc == 1 ]] && pass "exit 1 (no document collected)" || fail "exit $rc (want 1)"
expect_in "$tmp/bad-doc.log" "$node: job " "fault names node and job id"
expect_in "$tmp/bad-doc.log" "document rejected" "says the document was rejected"
expect_in "$tmp/bad-doc.log" "/schema_version" "gives the schema error's pointer"
[[ $(sha256sum "$out/$node.json") == "$good_sum" ]] && pass "earlier document byte-identical" ||
  fail "earlier document changed"
[[ $(sha256sum "$out/history/latest.json") == "$history_sum" ]] &&
  pass "a collection that brought nothing left the history as it was" || fail "history changed"

echo "- a job that fails"
wrapper fails 'echo "probe broke: simulated failure on $(hostname)" >&2; exit 7'
fleet fails --probe-exe "$tmp/fails" --out "$out"
rc=$?
[[ $rc == 1 ]] && pass "exit 1" || fail "exit $rc (want 1)"
expect_in "$tmp/fails.log" "FAILED (Slurm's reason: NonZeroExitCode" "Slurm's state and reason"
expect_in "$tmp/fails.log" "probe broke: simulated failure" "the task's own last line"
[[ $(sha256sum "$out/$node.json") == "$good_sum" ]] && pass "earlier document untouched" ||
  fail "earlier document changed"

echo "- a drained node is reported with Slurm's reason and not submitted"
scontrol update NodeName="$node" State=DRAIN Reason="gpuguide fleet test drain"
fleet drained --probe-exe "$probe" --out "$out"
rc=$?
scontrol update NodeName="$node" State=RESUME
# Right after a resume slurmctld pings slurmd again; until it answers the node is "idle*".
for _ in $(seq 60); do
  [[ $(sinfo --noheader --nodes="$node" --format=%T) == idle ]] && break
  sleep 0.5
done
[[ $rc == 1 ]] && pass "exit 1" || fail "exit $rc (want 1)"
expect_in "$tmp/drained.log" "$node: node is drained (Slurm's reason: gpuguide fleet test drain)" \
  "node, state and reason"
[[ ! -e $tmp/work-drained/fleet-task.sh ]] && pass "nothing submitted" || fail "a job was submitted"

echo "- a task that never starts before --wait-timeout is cancelled and reported"
blocker=$(sbatch --parsable --exclusive --nodes=1 --nodelist="$node" --output=/dev/null \
  --wrap 'sleep 120')
fleet timeout --probe-exe "$probe" --out "$out" --wait-timeout 3
rc=$?
scancel "$blocker"
[[ $rc == 1 ]] && pass "exit 1" || fail "exit $rc (want 1)"
expect_in "$tmp/timeout.log" "still PENDING (Slurm's reason: Resources) after --wait-timeout; cancelled" \
  "pending state and reason"
[[ $(grep -c "^gpuguide fleet: $node: " "$tmp/timeout.log") == 1 ]] && pass "reported once" ||
  fail "reported $(grep -c "^gpuguide fleet: $node: " "$tmp/timeout.log") times"
[[ $(sha256sum "$out/$node.json") == "$good_sum" ]] && pass "earlier document untouched" ||
  fail "earlier document changed"

echo "- SIGTERM cancels the submitted job and leaves --out as it was (with --sbcast: the copy goes too)"
wrapper slow 'sleep 300'
cp -a "$out" "$tmp/out-before"
"$gpuguide" fleet --slurm --work-dir "$tmp/work-cancel" --poll 0.5 --probe-exe "$tmp/slow" \
  --sbcast --out "$out" >"$tmp/cancel.log" 2>&1 &
pid=$!
wait_for "$tmp/cancel.log" "sent gpuguide-probe (sbcast)" 20
kill -TERM "$pid"
wait "$pid"
rc=$?
job=$(sed -n 's/^fleet: submitted job array \([0-9]*\) .*/\1/p' "$tmp/cancel.log")
[[ $rc == 130 ]] && pass "exit 130" || fail "exit $rc (want 130)"
expect_in "$tmp/cancel.log" "cancelled job $job (scancel)" "says which job it cancelled"
state=""
for _ in $(seq 50); do
  state=$(squeue --noheader --states=all --jobs="$job" --format=%T | head -n1)
  [[ $state == CANCELLED ]] && break
  sleep 0.2
done
[[ $state == CANCELLED ]] && pass "Slurm shows job $job CANCELLED" || fail "job $job is '$state'"
diff -r "$tmp/out-before" "$out" >/dev/null && pass "--out unchanged" || fail "--out changed"
for _ in $(seq 50); do
  [[ ! -e /tmp/gpuguide-probe.${job}_0 ]] && break
  sleep 0.2
done
[[ ! -e /tmp/gpuguide-probe.${job}_0 && ! -e /tmp/gpuguide-probe.${job}_0.ready ]] &&
  pass "the cancelled task removed its sbcast copy" || fail "/tmp/gpuguide-probe.${job}_0 left behind"

echo "- --sbcast: the task runs the copy Slurm's sbcast sent to its node, then removes it"
wrapper recorder "echo \"\$0\" >>\"$tmp/ran-from\"
exec \"$probe\" \"\$@\""
fleet sbcast --probe-exe "$tmp/recorder" --sbcast --out "$tmp/out-sbcast" --probe-arg --quick
rc=$?
job=$(sed -n 's/^fleet: submitted job array \([0-9]*\) .*/\1/p' "$tmp/sbcast.log")
[[ $rc == 0 && -f $tmp/out-sbcast/$node.json ]] && pass "exit 0, $node.json collected" ||
  { fail "exit $rc"; cat "$tmp/sbcast.log" >&2; }
expect_in "$tmp/sbcast.log" "job ${job}_0  sent gpuguide-probe (sbcast)" "says it sent the probe"
expect_in "$tmp/ran-from" "/tmp/gpuguide-probe.${job}_0" "the node ran the sent copy"
expect_in "$tmp/work-sbcast/${job}_0.out" "running the copy sbcast sent" "the task says so"
[[ ! -e /tmp/gpuguide-probe.${job}_0 && ! -e /tmp/gpuguide-probe.${job}_0.ready ]] &&
  pass "the copy was removed" || fail "/tmp/gpuguide-probe.${job}_0 left on the node"
"$gpuguide" fleet --slurm --probe-exe "$probe" --sbcast --no-wait >"$tmp/sbcast-no-wait.log" 2>&1
rc=$?
[[ $rc != 0 ]] && pass "--sbcast with --no-wait refused (exit $rc)" || fail "--sbcast --no-wait accepted"
expect_in "$tmp/sbcast-no-wait.log" "excludes" "says the two options exclude each other"

echo "- the controller goes away while the fleet waits: it asks again, then collects"
wrapper slow-ok "sleep 8
exec \"$probe\" \"\$@\""
"$gpuguide" fleet --slurm --work-dir "$tmp/work-restart" --poll 0.5 --probe-exe "$tmp/slow-ok" \
  --probe-arg --quick --out "$tmp/out-restart" >"$tmp/restart.log" 2>&1 &
pid=$!
wait_for "$tmp/restart.log" "1 running" 20
ctld=$(cat "$GPUGUIDE_SLURM_DIR/run/slurmctld.pid")
kill -TERM "$ctld"
for _ in $(seq 50); do kill -0 "$ctld" 2>/dev/null || break; sleep 0.1; done
# squeue itself retries for about twice MessageTimeout (slurm-local.sh: 5 s) before it gives up:
# keep the controller away until the fleet has said so in its log (flushed at once: someone
# following the log sees why it waits), then bring it back.
wait_for "$tmp/restart.log" "asking again" 30 && pass "the log says at once that Slurm cannot be reached" ||
  fail "no 'asking again' in the log 30 s after the controller stopped"
slurmctld -f "$SLURM_CONF"
wait "$pid"
rc=$?
[[ $rc == 0 && -f $tmp/out-restart/$node.json ]] && pass "exit 0, $node.json collected" ||
  { fail "exit $rc after the controller came back"; cat "$tmp/restart.log" >&2; }
expect_in "$tmp/restart.log" "asking again in 0.5 s" "says it could not reach Slurm and asks again"
for _ in $(seq 60); do
  [[ $(sinfo --noheader --nodes="$node" --format=%T 2>/dev/null) == idle ]] && break
  sleep 0.5
done

echo "- a second collection keeps the first one's documents in history/ and the page compares them"
fleet second --probe-exe "$probe" --probe-arg --quick --out "$out"
rc=$?
[[ $rc == 0 ]] && pass "exit 0" || { fail "exit $rc"; cat "$tmp/second.log" >&2; }
[[ $(sha256sum <"$out/history/previous/$node.json") == "$(sha256sum <"$tmp/first-document.json")" ]] &&
  pass "history/previous/$node.json is the first collection's document" || fail "history/previous/$node.json"
[[ -f $out/history/previous.json ]] && pass "history/previous.json kept" || fail "no history/previous.json"
rm -rf "$tmp/content/measurements/fleet" && cp -r "$out" "$tmp/content/measurements/fleet"
if "$gpuguide" build --content "$tmp/content" --out "$tmp/site" --measure reference -q \
  >"$tmp/build2.log" 2>&1; then
  expect_in "$tmp/site/en/fleet.html" 'id="fleet-changes"' "the page has the changes since the last collection"
  ! grep -qF "There is no earlier collection" "$tmp/site/en/fleet.html" &&
    pass "it compares with the first collection" || fail "the page says there is no earlier collection"
else
  fail "gpuguide build after the second collection"; cat "$tmp/build2.log" >&2
fi

echo "- --no-wait, then --collect JOBID"
rm -rf "$out"
"$gpuguide" fleet --slurm --work-dir "$tmp/work-later" --probe-exe "$probe" --out "$out" \
  --no-wait >"$tmp/no-wait.log" 2>&1
job=$(sed -n 's/^fleet: submitted job array \([0-9]*\) .*/\1/p' "$tmp/no-wait.log")
[[ -n $job ]] && pass "submitted job $job" || fail "no job id in: $(cat "$tmp/no-wait.log")"
"$gpuguide" fleet --slurm --work-dir "$tmp/work-later" --poll 0.5 --out "$out" --collect "$job" \
  >"$tmp/collect-later.log" 2>&1 && [[ -f $out/$node.json ]] && pass "collected $node.json" ||
  { fail "--collect $job"; cat "$tmp/collect-later.log" >&2; }

echo "- bad options: clear message, non-zero exit, nothing submitted"
fleet missing-probe --probe-exe "$tmp/no-such-probe" --out "$out"
rc=$?
[[ $rc == 1 ]] && pass "exit 1" || fail "exit $rc (want 1)"
expect_in "$tmp/missing-probe.log" "no-such-probe: not an executable file here" "names the probe path"
# A probe program whose libraries are missing here: refused before anything is submitted.
printf '#!/bin/sh\necho "error while loading shared libraries: libopenblas.so.0" >&2; exit 127\n' >"$tmp/broken"
chmod +x "$tmp/broken"
fleet broken --probe-exe "$tmp/broken" --out "$out"
rc=$?
[[ $rc == 1 ]] && pass "probe that cannot start: exit 1" || fail "probe that cannot start: exit $rc"
expect_in "$tmp/broken.log" "does not run here" "says the probe does not run"
expect_in "$tmp/broken.log" "libopenblas.so.0" "gives its error"
[[ ! -e $tmp/work-broken/fleet-task.sh ]] && pass "nothing submitted" || fail "a job was submitted"
fleet bad-timeout --probe-exe "$probe" --wait-timeout ten --out "$out"
expect_in "$tmp/bad-timeout.log" "gpuguide fleet: --wait-timeout must be" "--wait-timeout read as a number"
fleet no-partition --probe-exe "$probe" --partition no-such-partition --out "$out"
rc=$?
[[ $rc == 1 ]] && pass "unknown partition: exit 1" || fail "unknown partition: exit $rc"

exit $failed
