#!/usr/bin/env bash
# Runs two builds of `report` over the same cases and compares everything a user sees: standard
# output, standard error, exit status and the bytes of every file written. For refactorings that
# must not change a single output byte.
#
#   bash scripts/compare-outputs.sh OLD_BINARY NEW_BINARY [WORK_DIR]
#
# Cases cover every command family: headache (summary, insights, clinical, export, batch and
# batch-merge), care (ingest, check, patterns, dismiss, directory, expenses), cycle, home and
# gentle; the bundled samples with every option that changes output, the tiers and their
# refusals, the broken samples, generated logs (the benchmark's generator, 1,000 episodes),
# generated hostile-but-valid inputs, and help for every command group. Exits 1 and lists the
# differing cases when anything differs; for help and usage messages only the exit status must
# match (their wording is listed for review).
#
# A case is either `add NAME "ARGS"` (one run of the binary in the case's own folder; @OUT is a
# path in that folder; optional third argument: the exit status the case is written for) or
# `addf NAME FUNCTION [STATUSES]`: FUNCTION runs in the case's folder with $bin set and calls
# `run TAG ARGS...` once per step (TAG.stdout, TAG.stderr, and "TAG STATUS" appended to `status`),
# so a case can build a care store and then query it. STATUSES lists the steps' expected exit
# statuses; a case whose OLD binary gives other statuses is reported (it no longer tests what it
# was written for) without failing the comparison.
#
# With MESSAGES_MAY_CHANGE=1 (a change to messages, help and exit statuses only), standard error
# and exit statuses are listed for review instead of compared: standard output and every file
# written must still be identical.
#
# Normalised before comparing: the `ts` of JSON log lines (the clock); the case folder, the work folder and the binary's path in every
# text file; in batch cases (`normbatch`) the run-time figures (manifest and log `ms`, run.json
# `wallMs`/`reportMs`, "in N s (R users/s)"), the random run id (manifest lines and run.json, and
# so the manifest's SHA-256 in run.json) and the order of manifest and log lines, which
# depends on which worker thread finishes first. Everything else is compared byte for byte,
# the care store's SQLite file included (a dump of it, store.sql, is written beside it so a
# difference can be read).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
old=$(realpath "$1"); new=$(realpath "$2")
work=${3:-$(mktemp -d)}
mkdir -p "$work/in" "$work/old" "$work/new"; work=$(realpath "$work")
export SOURCE_DATE_EPOCH=1785456000 REPORT_TEMPLATES="$PWD/templates"
unset JOB_COMPLETION_INDEX SLURM_ARRAY_TASK_ID AWS_BATCH_JOB_ARRAY_INDEX   # batch --shard auto/N
started=$SECONDS

# Generated inputs (made by the old binary, so both see the same files).
"$old" benchmark --sizes 1000 --runs 1 --insights-episodes 0 --work "$work/in/gen" >/dev/null 2>&1 || true
python3 - "$work/in" <<'PY'
import json, sys, os
d = sys.argv[1]
logs = []
for i in range(60):
    month, day, off = 1 + i % 6, 1 + (i * 7) % 28, ["+01:00", "+02:00", "-05:00", "+05:30"][i % 4]
    e = {"id": f"e{i:03d}", "onsetAt": f"2026-{month:02d}-{day:02d}T{i % 24:02d}:15:00{off}", "severity": 1 + i % 5}
    if i % 9 != 0:
        e["resolvedAt"] = f"2026-{month:02d}-{min(28, day + i % 2):02d}T{(i * 5) % 24:02d}:45:00{off}"
    if i % 5 == 0:
        e["weather"] = {"temperatureC": -3.5 + i, "humidityPct": 40 + i, "pressureHpa": 1001.5,
                        "pressureTrend": ["falling", "rising", "stable"][i % 3],
                        "condition": "Partly cloudy with a long description " * (1 + i % 4)}
    e["sleep"] = {"hours": 4.5 + i % 5, "quality": 1 + i % 5}
    r = {"foods": ["agedCheese", "chocolate"][: i % 3], "caffeine": i % 2 == 0, "alcohol": i % 3 == 0,
         "stressLevel": 1 + i % 5, "hydrationGlasses": i % 10, "skippedMeal": i % 4 == 0,
         "environment": ["brightLights", "loudNoise"][: i % 3],
         "medications": [{"name": ["Ibuprofen", "Sumatriptan", "Excedrin Migraine", "Propranolol"][i % 4],
                          "dose": "200 mg", "takenAt": e["onsetAt"], "effectiveness": 1 + i % 5}]}
    if i % 4 == 0:
        r["notes"] = ("Long note without spaces " + "x" * 300) if i % 8 == 0 else "word, \"quoted\" " * 60
    if i % 6 == 0:
        r["symptoms"] = ["aura", "nausea", "worstHeadache"][: 1 + i % 3]
        r["headacheType"] = "Migraine"
        r["cyclePhase"] = "menstrual"
    e["retrospective"] = r
    if i % 7 == 0:
        e["onsetSpeed"] = "thunderclap"
    logs.append(e)
json.dump({"schemaVersion": 1, "logs": logs}, open(os.path.join(d, "mixed.json"), "w"), indent=1, ensure_ascii=False)
PY
# Broken care exports (no bundled ones) and the Gentle Days events in reverse order.
mkdir -p "$work/in/care" "$work/in/gentle"
python3 - "$work/in" "$PWD/samples" <<'PY'
import sys, os
d, samples = sys.argv[1], sys.argv[2]
open(os.path.join(d, "care", "handoffs-broken.csv"), "w", newline="").write(
    "id,circle_id,patient_id,author_id,author_name,created_at,type,title,summary,symptoms,medication_changes,language\r\n"
    "hb-1,c-1,p-1,u-1,Mei,2026-04-01T10:00:00+02:00,CALL,,Fine day,nausea;dizziness,,en\r\n"
    "hb-2,c-1,p-1,u-1,Mei,2026-04-02T10:00:00,CALL,,No offset,,,en\r\n"
    "hb-3,c-1,,u-1,Mei,2026-04-03T10:00:00+02:00,VISIT,,No patient,,,en\r\n"
    "hb-4,c-1,p-1,u-1,Mei,2026-04-04T10:00:00+02:00,TELEGRAM,,Unknown type,,,en\r\n"
    "hb-1,c-1,p-1,u-2,Sam,2026-04-05T10:00:00+02:00,NOTE,,Duplicate id,cough,,en\r\n"
    "hb-6,c-1,p-1,u-2,Sam,2026-04-31T10:00:00+02:00,NOTE,,31 April,,,en\r\n"
    "hb-7,c-1,p-1,u-2,Sam,2026-04-07T10:00:00+02:00,NOTE,,Good,headache;fatigue,,en\r\n")
open(os.path.join(d, "care", "expenses-broken.csv"), "w").write(
    "id,circle_id,patient_id,date,category,description,amount,currency,paid_by,reimbursable,receipt\n"
    "eb-1,c-1,p-1,2026-02-01,MEDICAL,Fine,10.00,EUR,Mei,true,\n"
    "eb-2,c-1,p-1,2026-02-02,MEDICAL,Cents in yen,12.50,JPY,Mei,,\n"
    "eb-3,c-1,p-1,2026-02-03,GROCERIES,Unknown category,5.00,EUR,,,\n"
    "eb-4,c-1,p-1,2026-02-30,MEDICAL,30 February,5.00,EUR,,,\n"
    "eb-5,c-1,p-1,2026-02-05,MEDICAL,Not a number,five,EUR,,,\n"
    "eb-6,c-1,p-1,2026-02-06,MEDICAL,Bad currency,5.00,EURO,,maybe,\n"
    "eb-7,c-1,p-1,2026-02-07,TRANSPORT,Formula amount,=1+1,KWD,Sam,false,\n"
    "eb-8,c-1,p-1,2026-02-08,TRANSPORT,Three decimals,7.125,KWD,Sam,false,\n"
    "eb-9,c-1,p-1,2026-02-09,TRANSPORT,=SUM(A1:A9),7.10,KWD,Sam,false,\n")
open(os.path.join(d, "care", "providers-broken.json"), "w").write('''{
 "schemaVersion": 1,
 "providers": [
  {"id": "pb-1", "circleId": "c-1", "name": "Dr. Fine", "role": "Primary care", "rating": 4},
  {"id": "pb-2", "circleId": "c-1", "role": "No name"},
  {"id": "pb-3", "circleId": "c-1", "name": "Dr. Nine", "rating": 9},
  {"id": "pb-4", "circleId": "c-1", "name": "Dr. Late", "lastVisit": "2026-13-01"},
  {"id": "pb-1", "circleId": "c-1", "name": "Dr. Twice"},
  {"id": "pb-6", "circleId": "c-1", "name": "=HYPERLINK(\\"x\\")", "phone": "+1 555 0199", "role": "pharmacy"}
 ]
}
''')
lines = open(os.path.join(samples, "gentle", "events.csv"), newline="").read().splitlines(True)
open(os.path.join(d, "gentle", "events-reversed.csv"), "w", newline="").write(lines[0] + "".join(reversed(lines[1:])))
PY

cases=(); declare -A famof want
fam=headache
add() {
  if [ -n "${famof[$1]:-}" ]; then echo "compare-outputs: case $1 defined twice" >&2; exit 2; fi
  cases+=("$1|$2"); famof[$1]=$fam; if [ $# -ge 3 ]; then want[$1]=$3; fi
}
addf() { add "$1" "@$2" "${@:3}"; }
S=$PWD/samples/aurae; B=$PWD/samples/broken; G="$work/in/gen"
add summary-berlin "headache summary $S/logs.json -o @OUT.pdf --as-of 2026-07-31 --patient-name Alex"
add summary-ny "headache summary $S/logs.csv -o @OUT.pdf --as-of 2026-07-15"
add summary-march "headache summary $S/logs.json -o @OUT.pdf --from 2026-03-01 --to 2026-03-31 --as-of 2026-03-31"
add summary-empty "headache summary $S/logs.json -o @OUT.pdf --from 2025-03-01 --to 2025-03-31 --as-of 2026-03-31"
add summary-merged "headache summary $S/logs.json $S/logs.csv -o @OUT.pdf --as-of 2026-07-31"
add summary-premium "headache summary $S/logs.json -o @OUT.pdf --as-of 2026-07-31 --tier premium"
add summary-skip "headache summary $B/logs-broken.csv -o @OUT.pdf --as-of 2026-07-31 --skip-invalid"
add summary-skip-json "headache summary $B/logs-broken.json -o @OUT.pdf --as-of 2026-07-31 --skip-invalid --log-format json"
add summary-broken "headache summary $B/logs-broken.csv -o @OUT.pdf --as-of 2026-07-31"
add summary-broken-json "headache summary $B/logs-broken.json -o @OUT.pdf --as-of 2026-07-31"
add summary-gen "headache summary $G/logs_1000.json -o @OUT.pdf --as-of 2099-12-31"
add summary-gen-csv "headache summary $G/logs_1000.csv -o @OUT.pdf --as-of 2099-12-31 --quiet"
add summary-mixed "headache summary $work/in/mixed.json -o @OUT.pdf --as-of 2026-07-31"
add summary-mixed-skip "headache summary $work/in/mixed.json -o @OUT.pdf --as-of 2026-07-31 --skip-invalid"
add summary-stdout "headache summary $S/logs.json -o - --as-of 2026-07-31"
for tier in free premium; do
  add "insights-$tier-json" "headache insights $S/logs.json --days $S/days.json --as-of 2026-07-31 --tier $tier --json --skip-invalid"
  add "insights-$tier-text" "headache insights $S/logs.json --days $S/days.json --as-of 2026-07-31 --tier $tier"
  add "insights-$tier-ny" "headache insights $S/logs.csv --as-of 2026-07-15 --tier $tier --json"
  add "insights-$tier-nydays" "headache insights $S/logs.csv --as-of 2026-07-15 --tier $tier"
  add "insights-$tier-range" "headache insights $S/logs.json --as-of 2026-07-31 --from 2026-04-01 --to 2026-05-15 --tier $tier --json"
  add "insights-$tier-gen" "headache insights $G/logs_1000.json --as-of 2099-12-31 --tier $tier --json"
  add "insights-$tier-gentext" "headache insights $G/logs_1000.csv --as-of 2099-12-31 --tier $tier"
  add "insights-$tier-mixed" "headache insights $work/in/mixed.json --as-of 2026-07-31 --tier $tier --json --skip-invalid"
  add "insights-$tier-mixedtext" "headache insights $work/in/mixed.json --as-of 2026-03-15 --tier $tier --skip-invalid"
done
add insights-file "headache insights $S/logs.json --as-of 2026-07-31 --tier premium --json -o @OUT.json"
add insights-broken "headache insights $B/logs-broken.json --as-of 2026-07-31"
add insights-skip "headache insights $B/logs-broken.csv --as-of 2026-07-31 --skip-invalid --json"
add usage-tier "headache insights $S/logs.json --tier gold"
add usage-date "headache summary $S/logs.json -o @OUT.pdf --as-of 2026-13-01"
add usage-range "headache summary $S/logs.json -o @OUT.pdf --from 2026-05-01 --to 2026-04-01"
add usage-format "headache summary $S/logs.json -o @OUT.pdf --format xml"
add usage-logformat "headache insights $S/logs.json --log-format yaml"
add usage-unknown "headache summary $S/logs.json --bogus"
add missing-file "headache summary /nonexistent/logs.json -o @OUT.pdf"
add help-root "--help"
add help-headache "headache --help"
add help-summary "headache summary --help"
add help-insights "headache insights --help"
add version "--version"

# Helpers for multi-step cases (functions run in the case's folder, $bin is the binary).
run() { local tag=$1; shift; "$bin" "$@" >"$tag.stdout" 2>"$tag.stderr"; echo "$tag $?" >>status; }
# A readable dump of the care store care.sqlite beside it (read-only, immutable: the store's bytes
# stay as they are).
dumpstore() {
  python3 - care.sqlite >store.sql 2>&1 <<'PY' || true
import sqlite3, sys, os
if not os.path.exists(sys.argv[1]): print("no store"); sys.exit()
c = sqlite3.connect(f"file:{os.path.abspath(sys.argv[1])}?mode=ro&immutable=1", uri=True)
print("user_version", c.execute("PRAGMA user_version").fetchone()[0])
for line in c.iterdump(): print(line)
PY
}
# The id of the first patient's insight of TYPE and KEY in a `care patterns --json` output (empty when none).
insightid() {
  python3 -c 'import json, sys
try: print(next(i["id"] for i in json.load(open(sys.argv[1]))["patients"][0]["insights"] if [i["type"], i["key"]] == sys.argv[2:]))
except Exception: print("")' "$@"
}
# Batch outputs: run-time figures and the completion order of worker threads are not outputs
# (`normbatch keep-order` for a run with one worker, whose order is an output).
normbatch() {
  python3 - "${1:-}" <<'PY'
import os, re, sys
keep = sys.argv[1] == "keep-order"
def rw(p, f):
    t = open(p, encoding="utf-8", errors="surrogateescape", newline="").read()
    open(p, "w", encoding="utf-8", errors="surrogateescape", newline="").write(f(t))
def sortlines(t):
    return t if keep else "".join(sorted(t.splitlines(True)))
for root, dirs, files in os.walk("."):
    for f in files:
        p = os.path.join(root, f)
        if re.fullmatch(r"manifest.*\.jsonl", f):
            rw(p, lambda t: sortlines(re.sub(r'"run":"[0-9a-f]{32}"', '"run":"R"', re.sub(r'"ms":\d+', '"ms":0', t))))
        elif re.fullmatch(r"run.*\.json", f):
            # The run id is random, and the manifest's SHA-256 covers the lines that carry it.
            rw(p, lambda t: re.sub(r'("reportMs": *\{[^}]*\})', lambda m: re.sub(r":( *)\d+", r":\g<1>0", m.group(1)),
                                   re.sub(r'"wallMs":( *)\d+', r'"wallMs":\g<1>0',
                                          re.sub(r'("manifest": *\{[^}]*"sha256": *)"[0-9a-f]{64}"', r'\1"S"',
                                                 re.sub(r'"run":( *)"[0-9a-f]{32}"', r'"run":\1"R"', t)))))
        elif root == "." and f.endswith(".stderr"):
            # The time stamp goes before the sort: lines sorted by it keep the workers' order.
            rw(p, lambda t: sortlines(re.sub(r'"(ms|seconds)":[0-9.]+', r'"\1":0',
                                             re.sub(r'"ts":"[^"]*"', '"ts":"T"',
                                                    re.sub(r" in [0-9.]+ s \([0-9.]+ users/s\)", " in T s (R users/s)", t)))))
PY
}

# --- headache clinical, export, batch ------------------------------------------------------------
D=$S/days.json
add clinical-berlin "headache clinical $S/logs.json --days $D -o @OUT.pdf --tier premium --as-of 2026-07-31 --patient-name Alex" 0
add clinical-ny "headache clinical $S/logs.csv -o @OUT.pdf --tier premium --as-of 2026-07-15" 0
add clinical-merged "headache clinical $S/logs.json $S/logs.csv -o @OUT.pdf --tier premium --as-of 2026-07-31" 0
add clinical-march "headache clinical $S/logs.json --days $D -o @OUT.pdf --tier premium --from 2026-03-01 --to 2026-03-31 --as-of 2026-03-31" 0
add clinical-sections "headache clinical $S/logs.json --days $D -o @OUT.pdf --tier premium --as-of 2026-07-31 --sections overview,patterns,disclaimers" 0
add clinical-sections-order "headache clinical $S/logs.json --days $D -o @OUT.pdf --tier premium --as-of 2026-07-31 --sections details,calendar,charts" 0
add clinical-sections-one "headache clinical $S/logs.csv -o @OUT.pdf --tier premium --as-of 2026-07-15 --sections episodes" 0
add clinical-days-only "headache clinical $S/logs.json --days $D -o @OUT.pdf --tier premium --as-of 2026-07-31 --sections overview" 0
add clinical-mixed "headache clinical $work/in/mixed.json -o @OUT.pdf --tier premium --as-of 2026-07-31 --skip-invalid" 0
add clinical-gen "headache clinical $G/logs_1000.json -o @OUT.pdf --tier premium --as-of 2099-12-31 --quiet" 0
add clinical-stdout "headache clinical $S/logs.json -o - --tier premium --as-of 2026-07-31" 0
add clinical-free "headache clinical $S/logs.json -o @OUT.pdf --tier free --as-of 2026-07-31" 3
add clinical-no-tier "headache clinical $S/logs.json -o @OUT.pdf --as-of 2026-07-31" 2
add clinical-free-explicit "headache clinical $S/logs.json --days $D -o @OUT.pdf --tier free --as-of 2026-07-31" 3
add clinical-broken "headache clinical $B/logs-broken.json -o @OUT.pdf --tier premium --as-of 2026-07-31" 1
add clinical-skip "headache clinical $B/logs-broken.csv -o @OUT.pdf --tier premium --as-of 2026-07-31 --skip-invalid" 0
add usage-clinical-sections "headache clinical $S/logs.json -o @OUT.pdf --tier premium --sections overview,bogus" 2
add usage-clinical-sections-twice "headache clinical $S/logs.json -o @OUT.pdf --tier premium --sections overview,overview" 2
add export-csv "headache export $S/logs.json --format csv -o @OUT.csv --tier premium --as-of 2026-07-31" 0
add export-json "headache export $S/logs.json --format json -o @OUT.json --tier premium --as-of 2026-07-31" 0
add export-ny-csv "headache export $S/logs.csv --format csv -o @OUT.csv --tier premium --as-of 2026-07-15" 0
add export-ny-json "headache export $S/logs.csv --format json -o @OUT.json --tier premium --as-of 2026-07-15" 0
add export-range "headache export $S/logs.json $S/logs.csv --format csv -o @OUT.csv --tier premium --from 2026-03-01 --to 2026-03-31 --as-of 2026-07-31" 0
add export-stdout "headache export $S/logs.json --format json -o - --tier premium --as-of 2026-07-31" 0
add export-input-format "headache export $S/logs.csv --input-format CSV --format json -o @OUT.json --tier premium --as-of 2026-07-15" 0
add export-mixed-csv "headache export $work/in/mixed.json --format csv -o @OUT.csv --tier premium --as-of 2026-07-31 --skip-invalid" 0
add export-mixed-json "headache export $work/in/mixed.json --format json -o @OUT.json --tier premium --as-of 2026-07-31 --skip-invalid" 0
add export-gen-csv "headache export $G/logs_1000.json --format csv -o @OUT.csv --tier premium --as-of 2099-12-31" 0
add export-gen-json "headache export $G/logs_1000.csv --format json -o @OUT.json --tier premium --as-of 2099-12-31" 0
add export-free "headache export $S/logs.json --format csv -o @OUT.csv --tier free --as-of 2026-07-31" 3
add export-broken "headache export $B/logs-broken.csv --format csv -o @OUT.csv --tier premium --as-of 2026-07-31" 1
add export-skip "headache export $B/logs-broken.json --format json -o @OUT.json --tier premium --as-of 2026-07-31 --skip-invalid" 0
add usage-export-format "headache export $S/logs.json --format xml -o @OUT.csv --tier premium" 2
export_roundtrip() {
  run 1-export headache export "$S/logs.json" --format csv -o export.csv --tier premium --as-of 2026-07-31
  run 2-summary headache summary export.csv -o summary.pdf --as-of 2026-07-31
  run 3-insights headache insights export.csv --tier premium --json --as-of 2026-07-31
  run 4-export-again headache export export.csv --format json -o export.json --tier premium --as-of 2026-07-31
}
addf export-roundtrip export_roundtrip "0 0 0 0"
U=$PWD/samples/users
TIERS=(); [ -f "$U/tiers.csv" ] && TIERS=(--tiers "$U/tiers.csv")
batch_all() { run 1-batch headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31; normbatch; }
batch_jobs1() { run 1-batch headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --jobs 1; normbatch keep-order; }
batch_jobs4() { run 1-batch headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --jobs 4 --log-format json; normbatch; }
batch_free() { run 1-batch headache batch "$U" -o out --as-of 2026-07-31 --reports insights,summary,clinical; normbatch; }
batch_insights() { run 1-batch headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --reports insights --quiet; normbatch; }
batch_range() { run 1-batch headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --from 2026-04-01 --to 2026-06-30 --reports clinical,summary; normbatch; }
batch_resume() {
  run 1-batch headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31
  run 2-resume headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --resume
  rm -f out/u-alex/summary.pdf  # a lost output is made again
  run 3-resume headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --resume
  normbatch
}
batch_shards() {
  run 1-shard0 headache batch "$U" -o out-0 "${TIERS[@]}" --as-of 2026-07-31 --shard 0/2
  run 2-shard1 headache batch "$U" -o out-1 "${TIERS[@]}" --as-of 2026-07-31 --shard 1/2
  run 3-nofolder headache batch-merge out-0 out-1 -o merged
  mkdir merged
  run 4-merge headache batch-merge out-0 out-1 -o merged
  normbatch
}
batch_shared() {
  run 1-shard1 headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --shard 1/2
  run 2-shard0 headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --shard 0/2
  run 3-merge headache batch-merge out
  normbatch
}
batch_auto() {
  JOB_COMPLETION_INDEX=0 run 1-k8s headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --shard auto/3
  SLURM_ARRAY_TASK_ID=1 run 2-slurm headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --shard auto/3
  AWS_BATCH_JOB_ARRAY_INDEX=2 run 3-aws headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --shard auto/3
  mkdir merged
  run 4-merge headache batch-merge out -o merged
  normbatch
}
batch_incomplete() {
  run 1-shard0 headache batch "$U" -o out "${TIERS[@]}" --as-of 2026-07-31 --shard 0/2
  mkdir merged
  run 2-merge headache batch-merge out -o merged
  normbatch
}
batch_mismatch() {  # shards run with different options may not be merged
  run 1-shard0 headache batch "$U" -o out-0 "${TIERS[@]}" --as-of 2026-07-31 --shard 0/2
  run 2-shard1 headache batch "$U" -o out-1 "${TIERS[@]}" --as-of 2026-07-30 --shard 1/2
  mkdir merged
  run 3-merge headache batch-merge out-0 out-1 -o merged
  normbatch
}
addf batch-tiers batch_all 5
addf batch-jobs1 batch_jobs1 5
addf batch-jobs4-logjson batch_jobs4 5
addf batch-free batch_free 5
addf batch-insights batch_insights 5
addf batch-range batch_range 5
addf batch-resume batch_resume "5 5 5"
addf batch-shards batch_shards "5 0 4 5"
addf batch-shards-shared batch_shared "0 5 5"
addf batch-shard-auto batch_auto "0 5 0 5"
addf batch-merge-incomplete batch_incomplete "5 1"
addf batch-merge-mismatch batch_mismatch "5 0 1"
add batch-missing-users "headache batch $work/in/no-such-users -o @OUT --as-of 2026-07-31" 1
add usage-batch-shard "headache batch $U -o @OUT --as-of 2026-07-31 --shard 2/2" 2
add usage-batch-shard-auto "headache batch $U -o @OUT --as-of 2026-07-31 --shard auto/2" 2
add usage-batch-reports "headache batch $U -o @OUT --as-of 2026-07-31 --reports insights,bogus" 2
add help-clinical "headache clinical --help" 0
add help-export "headache export --help" 0
add help-batch "headache batch --help" 0
add help-batch-merge "headache batch-merge --help" 0

# --- care ----------------------------------------------------------------------------------------
fam=care
C=$PWD/samples/care; CB=$work/in/care
ALL=("$C/handoffs-p1.json" "$C/handoffs-p2.csv" "$C/expenses.csv" "$C/providers.json")
care_ingest() { run 1-ingest care ingest "${ALL[@]}" --db care.sqlite; run 2-check care check --db care.sqlite; dumpstore; }
care_ingest_twice() {
  run 1-ingest care ingest "${ALL[@]}" --db care.sqlite
  run 2-again care ingest "${ALL[@]}" --db care.sqlite
  run 3-one care ingest "$C/handoffs-p1.json" --db care.sqlite --quiet
  run 4-check care check --db care.sqlite; dumpstore
}
care_ingest_stdin() {
  run 1-stdin care ingest - --kind handoffs --db care.sqlite <"$C/handoffs-p2.csv"
  run 2-kind care ingest "$C/providers.json" "$C/expenses.csv" --db care.sqlite --log-format json
  run 3-check care check --db care.sqlite; dumpstore
}
care_ingest_broken() {
  run 1-ingest care ingest "$CB/handoffs-broken.csv" "$CB/expenses-broken.csv" "$CB/providers-broken.json" "$C/providers.json" --db care.sqlite
  run 2-check care check --db care.sqlite; dumpstore
}
care_ingest_broken_json() {
  run 1-ingest care ingest "$CB/handoffs-broken.csv" "$CB/expenses-broken.csv" --db care.sqlite --log-format json
  run 2-check care check --db care.sqlite
}
care_ingest_skip() {
  run 1-ingest care ingest "$CB/handoffs-broken.csv" "$CB/expenses-broken.csv" "$CB/providers-broken.json" --db care.sqlite --skip-invalid
  run 2-check care check --db care.sqlite
  run 3-patterns care patterns --db care.sqlite --tier plus --as-of 2026-04-07 --json; dumpstore
}
care_ingest_missing() { run 1-ingest care ingest /nonexistent/handoffs.json --db care.sqlite; run 2-check care check --db care.sqlite; }
care_check_missing() { run 1-check care check --db care.sqlite; run 2-patterns care patterns --db care.sqlite --tier plus --as-of 2026-04-15; }
care_check_garbage() { printf 'not a database, just text\n%.0s' {1..200} >care.sqlite; run 1-check care check --db care.sqlite; run 2-patterns care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --json; }
care_newer() {
  run 1-ingest care ingest "$C/handoffs-p1.json" --db care.sqlite
  python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA user_version = 99"); c.commit(); c.close()' care.sqlite
  run 2-check care check --db care.sqlite
  run 3-ingest care ingest "$C/handoffs-p2.csv" --db care.sqlite
  run 4-patterns care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --json
}
care_patterns() {  # $1 tier, the rest: patterns options
  local tier=$1; shift
  run 1-ingest care ingest "${ALL[@]}" --db care.sqlite
  run 2-patterns care patterns --db care.sqlite --tier "$tier" --as-of 2026-04-15 "$@"
  dumpstore
}
p_family_json() { care_patterns family --json; }
p_plus_json() { care_patterns plus --json; }
p_family_text() { care_patterns family --text; }
p_plus_line() { care_patterns plus; }
p_family_pdf() { care_patterns family --patient p-1 --pdf meeting.pdf; }
p_plus_pdf_json() { care_patterns plus --patient p-1 --pdf meeting.pdf --json; }
p_pdf_text() { care_patterns family --patient p-2 --pdf meeting.pdf --text --log-format json; }
p_pdf_several() { care_patterns family --pdf meeting.pdf; }   # two patients: the PDF needs --patient
p_pdf_named() { care_patterns family --circle c-2 --recipient-name "Grandma Soon-ja" --pdf meeting.pdf; }
p_circle() { care_patterns plus --circle c-2 --json; }
p_dry_run() {  # computes and prints, records nothing (the store's dump and bytes stay those of the ingest)
  run 1-ingest care ingest "${ALL[@]}" --db care.sqlite
  run 2-dry care patterns --db care.sqlite --tier family --as-of 2026-04-15 --dry-run
  run 3-dry-pdf care patterns --db care.sqlite --tier family --as-of 2026-04-15 --patient p-1 --dry-run --pdf meeting.pdf
  run 4-check care check --db care.sqlite
  dumpstore
}
p_free() { care_patterns free --json; }
p_free_pdf() { care_patterns free --pdf meeting.pdf; }
p_patient() {
  care_patterns plus --patient p-2 --json
  run 3-text care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --patient p-1 --text
  run 4-pdf care patterns --db care.sqlite --tier family --as-of 2026-04-15 --patient p-2 --pdf p2.pdf
  run 5-unknown care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --patient p-9 --json
}
p_history() {  # firstSurfaced across dates, and a second run for one date storing nothing new
  run 1-ingest care ingest "${ALL[@]}" --db care.sqlite
  local d i=2
  for d in 2026-02-01 2026-02-20 2026-03-10 2026-03-31 2026-04-08 2026-04-15 2026-04-15 2026-05-20; do
    run "$i-$d" care patterns --db care.sqlite --tier family --as-of "$d" --json; i=$((i + 1))
  done
  run "$i-line" care patterns --db care.sqlite --tier family --as-of 2026-04-15
  run "$((i + 1))-check" care check --db care.sqlite
  dumpstore
}
p_incremental() {  # a second ingest between two runs: new handoffs, old findings
  run 1-ingest care ingest "$C/handoffs-p1.json" --db care.sqlite
  run 2-patterns care patterns --db care.sqlite --tier plus --as-of 2026-04-10 --json
  run 3-ingest care ingest "$C/handoffs-p2.csv" "$C/handoffs-p1.json" --db care.sqlite
  run 4-patterns care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --json
  run 5-pdf care patterns --db care.sqlite --tier family --as-of 2026-04-15 --patient p-1 --pdf meeting.pdf --text
  dumpstore
}
p_empty() {  # a store with expenses and providers only: no patients
  run 1-ingest care ingest "$C/expenses.csv" "$C/providers.json" --db care.sqlite
  run 2-json care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --json
  run 3-text care patterns --db care.sqlite --tier plus --as-of 2026-04-15 --text
  run 4-pdf care patterns --db care.sqlite --tier family --as-of 2026-04-15 --pdf meeting.pdf
}
care_dismiss() {
  run 1-ingest care ingest "${ALL[@]}" --db care.sqlite
  run 2-patterns care patterns --db care.sqlite --tier family --as-of 2026-04-08 --json
  local id1 id2; id1=$(insightid 2-patterns.stdout TREND fatigue); id2=$(insightid 2-patterns.stdout CORRELATION fatigue+headache)
  run 3-dismiss care dismiss "$id1" --db care.sqlite --as-of 2026-04-08
  run 4-again care dismiss "$id1" --db care.sqlite --as-of 2026-04-08
  run 5-hidden care patterns --db care.sqlite --tier family --as-of 2026-04-15 --json
  run 6-text care patterns --db care.sqlite --tier family --as-of 2026-04-15 --text
  run 7-pdf care patterns --db care.sqlite --tier family --as-of 2026-04-15 --patient p-1 --pdf meeting.pdf
  # A dismissal on 10 January hides through D+89 (9 April); on D+90 (10 April) it surfaces again, as new.
  run 8-dismiss care dismiss "$id2" --db care.sqlite --as-of 2026-01-10
  run 9-day89 care patterns --db care.sqlite --tier family --as-of 2026-04-09 --json
  run 10-day90 care patterns --db care.sqlite --tier family --as-of 2026-04-10 --json
  run 11-check care check --db care.sqlite
  dumpstore
}
care_dismiss_unknown() {
  run 1-ingest care ingest "${ALL[@]}" --db care.sqlite
  run 2-dismiss care dismiss 00000000000000000000000000000000 --db care.sqlite --as-of 2026-04-15
  run 3-notshown care dismiss 925fb8f2d23efc5123cee1e87a6a0c10 --db care.sqlite --as-of 2026-04-15
  run 4-check care check --db care.sqlite
}
care_dismiss_missing() { run 1-dismiss care dismiss 925fb8f2d23efc5123cee1e87a6a0c10 --db care.sqlite --as-of 2026-04-15; }
addf care-ingest care_ingest "0 0"
addf care-ingest-twice care_ingest_twice "0 0 0 0"
addf care-ingest-stdin care_ingest_stdin "0 0 0"
addf care-ingest-broken care_ingest_broken "1 4"
addf care-ingest-broken-json care_ingest_broken_json "1 4"
addf care-ingest-skip care_ingest_skip "0 0 0"
addf care-ingest-missing care_ingest_missing "1 4"
addf care-check-missing care_check_missing "4 4"
addf care-check-garbage care_check_garbage "4 4"
addf care-store-newer care_newer "0 4 4 4"
addf care-patterns-family-json p_family_json "0 0"
addf care-patterns-plus-json p_plus_json "0 0"
addf care-patterns-family-text p_family_text "0 0"
addf care-patterns-plus-line p_plus_line "0 0"
addf care-patterns-family-pdf p_family_pdf "0 0"
addf care-patterns-plus-pdf-json p_plus_pdf_json "0 0"
addf care-patterns-pdf-text p_pdf_text "0 0"
addf care-patterns-pdf-several p_pdf_several "0 2"
addf care-patterns-pdf-named p_pdf_named "0 0"
addf care-patterns-circle p_circle "0 0"
addf care-patterns-dry-run p_dry_run "0 0 0 0"
addf care-patterns-free p_free "0 3"
addf care-patterns-free-pdf p_free_pdf "0 3"
addf care-patterns-patient p_patient "0 0 0 0 1"
addf care-patterns-history p_history "0 0 0 0 0 0 0 0 0 0 0"
addf care-patterns-incremental p_incremental "0 0 0 0 0"
addf care-patterns-no-patients p_empty "0 0 0 1"
addf care-dismiss care_dismiss "0 0 0 0 0 0 0 0 0 0 0"
addf care-dismiss-unknown care_dismiss_unknown "0 1 1 0"
addf care-dismiss-missing-store care_dismiss_missing 4
add usage-care-patterns-tier "care patterns --db @OUT.sqlite --tier gold" 2
add usage-care-ingest-kind "care ingest $C/providers.json --db @OUT.sqlite --kind doctors" 2
for tier in free plus family; do
  add "care-directory-$tier" "care directory $C/providers.json --tier $tier" 0
done
for tier in plus family; do
  for ext in pdf csv vcf; do add "care-directory-$tier-$ext" "care directory $C/providers.json --tier $tier --circle c-1 -o @OUT.$ext" 0; done
done
add care-directory-c2-named "care directory $C/providers.json --tier family --circle c-2 --recipient-name Soon-ja -o @OUT.pdf" 0
add care-directory-circle-list "care directory $C/providers.json --tier family --circle c-2" 0
add care-directory-several "care directory $C/providers.json --tier plus -o @OUT.pdf" 2
add care-directory-unknown-circle "care directory $C/providers.json --tier plus --circle c-9 -o @OUT.pdf" 1
add care-directory-free-pdf "care directory $C/providers.json --tier free -o @OUT.pdf" 3
add care-directory-free-vcf "care directory $C/providers.json --tier free -o @OUT.vcf" 3
add care-directory-upper "care directory $C/providers.json --tier family --circle c-1 -o @OUT.PDF" 0
add care-directory-broken "care directory $CB/providers-broken.json --tier family" 1
add care-directory-broken-json "care directory $CB/providers-broken.json --tier family -o @OUT.pdf --log-format json" 1
add care-directory-skip "care directory $CB/providers-broken.json $C/providers.json --tier family --skip-invalid" 0
add care-directory-skip-vcf "care directory $CB/providers-broken.json --tier family --skip-invalid -o @OUT.vcf" 0
add usage-care-directory-ext "care directory $C/providers.json --tier family -o @OUT.txt" 2
directory_roundtrip() {
  run 1-csv care directory "$C/providers.json" --tier family --circle c-1 -o team.csv
  run 2-list care directory team.csv --tier family
  run 3-vcf care directory team.csv --tier family -o team.vcf
  run 4-ingest care ingest team.csv --db care.sqlite
  run 5-check care check --db care.sqlite
  dumpstore
}
addf care-directory-roundtrip directory_roundtrip "0 0 0 0 0"
E=$C/expenses.csv; BM=$C/benchmarks.csv
add care-expenses-plus "care expenses $E --tier plus" 0
add care-expenses-plus-json "care expenses $E --tier plus --json" 0
add care-expenses-family "care expenses $E --tier family" 0
add care-expenses-family-json "care expenses $E --tier family --json" 0
add care-expenses-family-bench "care expenses $E --tier family --benchmarks $BM" 0
add care-expenses-family-bench-json "care expenses $E --tier family --json --benchmarks $BM" 0
add care-expenses-family-pdf "care expenses $E --tier family --circle c-1 -o @OUT.pdf" 0
add care-expenses-family-pdf-bench "care expenses $E --tier family --circle c-1 --benchmarks $BM -o @OUT.pdf" 0
add care-expenses-family-pdf-c2 "care expenses $E --tier family --circle c-2 --benchmarks $BM --recipient-name Soon-ja -o @OUT.pdf" 0
add care-expenses-family-csv "care expenses $E --tier family --circle c-1 -o @OUT.csv" 0
add care-expenses-several "care expenses $E --tier family -o @OUT.pdf" 2
add care-expenses-circle-json "care expenses $E --tier plus --circle c-2 --json" 0
add care-expenses-unknown-circle "care expenses $E --tier plus --circle c-9" 1
add care-expenses-range "care expenses $E --tier family --from 2026-02-01 --to 2026-02-28" 0
add care-expenses-range-json "care expenses $E --tier plus --from 2026-02-01 --to 2026-03-31 --json" 0
add care-expenses-range-pdf "care expenses $E --tier family --circle c-1 --from 2026-01-15 --to 2026-03-31 --benchmarks $BM -o @OUT.pdf" 0
add care-expenses-range-csv "care expenses $E --tier family --circle c-1 --from 2026-02-01 --to 2026-02-28 -o @OUT.csv" 0
add care-expenses-empty "care expenses $E --tier family --from 2020-01-01 --to 2020-01-31 --json" 0
add care-expenses-empty-pdf "care expenses $E --tier family --circle c-1 --from 2020-01-01 --to 2020-01-31 -o @OUT.pdf" 0
add care-expenses-free "care expenses $E --tier free" 3
add care-expenses-free-json "care expenses $E --tier free --json" 3
add care-expenses-plus-pdf "care expenses $E --tier plus -o @OUT.pdf" 3
add care-expenses-plus-bench "care expenses $E --tier plus --benchmarks $BM" 3
add care-expenses-broken "care expenses $CB/expenses-broken.csv --tier family" 1
add care-expenses-broken-json "care expenses $CB/expenses-broken.csv --tier family --json --log-format json" 1
add care-expenses-skip "care expenses $CB/expenses-broken.csv $E --tier family --json --skip-invalid" 0
add care-expenses-skip-pdf "care expenses $CB/expenses-broken.csv --tier family --skip-invalid -o @OUT.pdf" 0
add usage-care-expenses-json-o "care expenses $E --tier family --json -o @OUT.pdf" 2
add usage-care-expenses-range "care expenses $E --tier family --from 2026-03-01 --to 2026-02-01" 2
expenses_roundtrip() {
  run 1-csv care expenses "$E" --tier family --circle c-1 -o items.csv
  run 2-json care expenses items.csv --tier plus --json
  run 3-ingest care ingest items.csv --db care.sqlite
  run 4-check care check --db care.sqlite
}
addf care-expenses-roundtrip expenses_roundtrip "0 0 0 0"
for c in "" ingest check patterns dismiss directory expenses; do add "help-care${c:+-$c}" "care ${c:+$c }--help" 0; done
add help-sub-care-patterns "help care patterns" 0

# --- cycle ---------------------------------------------------------------------------------------
fam=cycle
Y=$PWD/samples/cycle; W="--from 2026-03-01T00:00:00Z --to 2026-04-06T00:00:00Z"
add cycle-reminders-json "cycle reminders $Y/periods.json $Y/periods-london.csv $W --json" 0
add cycle-reminders-text "cycle reminders $Y/periods.json $Y/periods-london.csv $W" 0
add cycle-reminders-json-only "cycle reminders $Y/periods.json $W --json" 0
add cycle-reminders-london "cycle reminders $Y/periods-london.csv --from 2026-01-01T00:00:00Z --to 2026-12-31T00:00:00Z" 0
add cycle-reminders-offset "cycle reminders $Y/periods-london.csv $Y/periods.json --from 2026-03-28T09:00:00+01:00 --to 2026-03-30T09:00:00+02:00 --json" 0
add cycle-reminders-edge "cycle reminders $Y/periods.json --from 2026-03-30T07:00:00Z --to 2026-03-30T07:00:01Z --json" 0
add cycle-reminders-none "cycle reminders $Y/periods.json $Y/periods-london.csv --from 2025-01-01T00:00:00Z --to 2025-01-02T00:00:00Z" 0
add cycle-reminders-none-json "cycle reminders $Y/periods.json --from 2025-01-01T00:00:00Z --to 2025-01-02T00:00:00Z --json" 0
add cycle-summary-text "cycle summary $Y/periods.json $Y/periods-london.csv" 0
add cycle-summary-json "cycle summary $Y/periods.json $Y/periods-london.csv --json" 0
add cycle-summary-asof "cycle summary $Y/periods.json $Y/periods-london.csv --as-of 2026-02-15" 0
add cycle-summary-asof-json "cycle summary $Y/periods.json $Y/periods-london.csv --as-of 2026-02-15 --json" 0
add cycle-summary-london "cycle summary $Y/periods-london.csv --json" 0
add cycle-broken "cycle reminders $Y/broken/periods-broken.csv $W" 1
add cycle-broken-json "cycle summary $Y/broken/periods-broken.csv --json --log-format json" 1
add cycle-broken-nozone "cycle summary $Y/broken/periods-no-zone.json" 1
add cycle-broken-nozone-reminders "cycle reminders $Y/broken/periods-no-zone.json $W --json" 1
add cycle-broken-skip "cycle summary $Y/broken/periods-broken.csv $Y/periods.json --skip-invalid" 0
add cycle-broken-skip-json "cycle reminders $Y/broken/periods-broken.csv $Y/periods.json $W --json --skip-invalid" 0
add cycle-missing-file "cycle summary /nonexistent/periods.json" 1
cycle_stdin() { run 1-stdin cycle reminders - --format csv --from 2026-01-01T00:00:00Z --to 2026-12-31T00:00:00Z --json <"$Y/periods-london.csv"; }
addf cycle-stdin cycle_stdin 0
add usage-cycle-window "cycle reminders $Y/periods.json --from 2026-04-06T00:00:00Z --to 2026-03-01T00:00:00Z" 2
add usage-cycle-instant "cycle reminders $Y/periods.json --from 2026-03-01T00:00:00 --to 2026-04-06T00:00:00Z" 2
add usage-cycle-asof "cycle summary $Y/periods.json --as-of 2026-02-30" 2
for c in "" reminders summary; do add "help-cycle${c:+-$c}" "cycle ${c:+$c }--help" 0; done

# --- home ----------------------------------------------------------------------------------------
fam=home
H=$PWD/samples/home
for lang in en nl; do
  add "home-ledger-$lang" "home ledger $H/tasks.json -o @OUT.pdf --lang $lang" 0
  add "home-ledger-one-$lang" "home ledger $H/tasks-one.csv -o @OUT.pdf --lang $lang" 0
done
add home-ledger-default "home ledger $H/tasks.json -o @OUT.pdf" 0
add home-ledger-stdout "home ledger $H/tasks.json -o - --lang nl" 0
add home-ledger-merged "home ledger $H/tasks.json $H/tasks-one.csv -o @OUT.pdf" 0
add home-export "home export $H/tasks.json -o @OUT.json" 0
add home-export-one "home export $H/tasks-one.csv -o @OUT.json" 0
add home-export-stdout "home export $H/tasks.json -o -" 0
add home-negative "home ledger $H/broken/tasks-negative-balance.json -o @OUT.pdf" 1
add home-negative-nl "home ledger $H/broken/tasks-negative-balance.json -o @OUT.pdf --lang nl --log-format json" 1
add home-negative-export "home export $H/broken/tasks-negative-balance.json -o @OUT.json" 1
add home-broken "home ledger $H/broken/tasks-broken.csv -o @OUT.pdf" 1
add home-broken-json "home export $H/broken/tasks-broken.csv -o @OUT.json --log-format json" 1
add home-broken-skip "home ledger $H/broken/tasks-broken.csv $H/tasks.json -o @OUT.pdf --skip-invalid" 0
add home-broken-skip-export "home export $H/broken/tasks-broken.csv -o @OUT.json --skip-invalid" 0
home_stdin() {
  run 1-ledger home ledger - --format csv -o ledger.pdf <"$H/tasks-one.csv"
  run 2-export home export - --format json -o export.json <"$H/tasks.json"
  run 3-keep home export "$H/broken/tasks-negative-balance.json" -o export.json   # the old file stays
}
addf home-stdin home_stdin "0 0 1"
add usage-home-lang "home ledger $H/tasks.json -o @OUT.pdf --lang de" 2
add usage-home-output "home export $H/tasks.json" 2
for c in "" ledger export; do add "help-home${c:+-$c}" "home ${c:+$c }--help" 0; done

# --- gentle --------------------------------------------------------------------------------------
fam=gentle
V=$PWD/samples/gentle
add gentle-notify-text "gentle notify $V/events.json" 0
add gentle-notify-json "gentle notify $V/events.json --json" 0
add gentle-notify-csv-text "gentle notify $V/events.csv" 0
add gentle-notify-csv-json "gentle notify $V/events.csv --json" 0
add gentle-notify-reversed "gentle notify $work/in/gentle/events-reversed.csv --json" 0
add gentle-notify-both "gentle notify $V/events.json $V/events.csv --json" 1
add gentle-broken "gentle notify $V/events-broken.csv" 1
add gentle-broken-json "gentle notify $V/events-broken.csv --json --log-format json" 1
add gentle-broken-skip "gentle notify $V/events-broken.csv $V/events.json --json --skip-invalid" 0
add gentle-broken-skip-text "gentle notify $V/events-broken.csv --skip-invalid" 0
for u in user_maya user_sam; do
  add "gentle-export-$u" "gentle export $V/events.csv --user $u -o @OUT.json" 0
  add "gentle-export-json-$u" "gentle export $V/events.json --user $u -o @OUT.json" 0
done
add gentle-export-reversed "gentle export $work/in/gentle/events-reversed.csv --user user_maya -o @OUT.json" 0
add gentle-export-stdout "gentle export $V/events.json --user user_sam -o -" 0
add gentle-export-unknown "gentle export $V/events.json --user user_nobody -o @OUT.json" 1
add gentle-export-broken "gentle export $V/events-broken.csv --user user_maya -o @OUT.json" 1
add gentle-export-skip "gentle export $V/events-broken.csv $V/events.csv --user user_maya -o @OUT.json --skip-invalid" 0
add gentle-export-skip-none "gentle export $V/events-broken.csv --user user_maya -o @OUT.json --skip-invalid" 1
gentle_stdin() {
  run 1-notify gentle notify - --format csv --json <"$V/events.csv"
  run 2-export gentle export - --format json --user user_maya -o export.json <"$V/events.json"
  run 3-keep gentle export "$V/events.json" --user user_nobody -o export.json   # the old file stays
}
addf gentle-stdin gentle_stdin "0 0 1"
add usage-gentle-export-user "gentle export $V/events.json -o @OUT.json" 2
add usage-gentle-format "gentle notify $V/events.json --format xml" 2
for c in "" notify export; do add "help-gentle${c:+-$c}" "gentle ${c:+$c }--help" 0; done

fail=(); info=(); unexpected=(); statuses=()
for c in "${cases[@]}"; do
  name=${c%%|*}; args=${c#*|}
  for side in old new; do
    bin=$old; [ $side = new ] && bin=$new
    dir="$work/$side/$name"; rm -rf "$dir"; mkdir -p "$dir"
    if [[ $args == @* ]]; then
      (cd "$dir" && "${args#@}")
    else
      a=${args//@OUT/$dir/out}
      # shellcheck disable=SC2086
      (cd "$dir" && "$bin" $a >stdout 2>stderr; echo $? >status)
    fi
    # Paths that differ between the two sides: in standard output and error always (as text), and
    # in every other text file written (binary files such as PDFs and the store are left alone).
    { find "$dir" -maxdepth 1 -type f \( -name stdout -o -name stderr -o -name '*.stdout' -o -name '*.stderr' \) -print0
      grep -rlIZ -F -e "$work" -e "$bin" "$dir" 2>/dev/null; } | sort -zu |
      xargs -0 -r sed -i "s#$dir#DIR#g; s#$work#WORK#g; s#$bin#BIN#g"
    # The clock time of JSON log lines.
    find "$dir" -maxdepth 1 -type f \( -name stderr -o -name '*.stderr' \) -print0 |
      xargs -0 -r sed -i -E 's#"ts":"[^"]*"#"ts":"T"#g'
  done
  if [ -n "${want[$name]:-}" ]; then
    got=$(awk '{print $NF}' "$work/old/$name/status" | paste -sd' ')
    [ "$got" = "${want[$name]}" ] || unexpected+=("$name (status $got, written for ${want[$name]})")
  fi
  case $name in
    help-*|usage-*|version)  # wording of usage messages and help may change; the status may not
      if ! diff -q "$work/old/$name/status" "$work/new/$name/status" >/dev/null; then fail+=("$name")
      elif ! diff -r "$work/old/$name" "$work/new/$name" >/dev/null; then info+=("$name"); fi ;;
    *) if [ "${MESSAGES_MAY_CHANGE:-}" = 1 ]; then
         if ! diff -r -x stderr -x '*.stderr' -x status "$work/old/$name" "$work/new/$name" >/dev/null; then fail+=("$name")
         elif ! diff -r "$work/old/$name" "$work/new/$name" >/dev/null; then info+=("$name"); fi
         if ! diff -q "$work/old/$name/status" "$work/new/$name/status" >/dev/null; then
           statuses+=("$name ($(paste -sd' ' "$work/old/$name/status") -> $(paste -sd' ' "$work/new/$name/status"))")
         fi
       elif ! diff -r "$work/old/$name" "$work/new/$name" >/dev/null; then fail+=("$name"); fi ;;
  esac
done
echo "compared ${#cases[@]} cases in $work ($((SECONDS - started)) s)"
declare -A count
for n in "${!famof[@]}"; do count[${famof[$n]}]=$(( ${count[${famof[$n]}]:-0} + 1 )); done
line="cases per family:"
for f in headache care cycle home gentle; do line+=" $f ${count[$f]:-0},"; done
echo "${line%,}"
[ ${#info[@]} -gt 0 ] && echo "messages or help changed (review): ${info[*]}"
if [ ${#statuses[@]} -gt 0 ]; then
  echo "exit statuses changed (review):"
  printf '  %s\n' "${statuses[@]}"
fi
if [ ${#unexpected[@]} -gt 0 ]; then
  echo "WARNING: the old binary does not give the status these cases were written for (they may no longer test what they should):"
  printf '  %s\n' "${unexpected[@]}"
fi
if [ ${#fail[@]} -gt 0 ]; then
  echo "DIFFERENT: ${fail[*]}"
  for f in "${fail[@]}"; do diff -r "$work/old/$f" "$work/new/$f" | head -20; done
  exit 1
fi
echo "all identical"
