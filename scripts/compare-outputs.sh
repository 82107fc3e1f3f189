#!/usr/bin/env bash
# Runs two builds of `report` over the same cases and compares everything a user sees: standard
# output, standard error, exit status and the bytes of every file written. For refactorings that
# must not change a single output byte.
#
#   bash scripts/compare-outputs.sh OLD_BINARY NEW_BINARY [WORK_DIR]
#
# Cases: the bundled samples with every option that changes output, the broken samples, generated
# logs (the benchmark's generator, 1,000 episodes), and generated hostile-but-valid inputs. Exits 1
# and lists the differing cases when anything differs; for help and usage messages only the exit
# status must match (their wording is listed for review).
set -uo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1"); new=$(realpath "$2")
work=${3:-$(mktemp -d)}
mkdir -p "$work/in" "$work/old" "$work/new"
export SOURCE_DATE_EPOCH=1785456000 REPORT_TEMPLATES="$PWD/templates"

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
cases=()
add() { cases+=("$1|$2"); }
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

fail=(); info=()
for c in "${cases[@]}"; do
  name=${c%%|*}; args=${c#*|}
  for side in old new; do
    bin=$old; [ $side = new ] && bin=$new
    dir="$work/$side/$name"; rm -rf "$dir"; mkdir -p "$dir"
    a=${args//@OUT/$dir/out}
    # shellcheck disable=SC2086
    (cd "$dir" && "$bin" $a >stdout 2>stderr; echo $? >status)
    sed -i "s#$dir#DIR#g; s#$work#WORK#g; s#$bin#BIN#g" "$dir/stderr" "$dir/stdout" 2>/dev/null || true
  done
  case $name in
    help-*|usage-*|version)  # wording of usage messages and help may change; the status may not
      if ! diff -q "$work/old/$name/status" "$work/new/$name/status" >/dev/null; then fail+=("$name")
      elif ! diff -r "$work/old/$name" "$work/new/$name" >/dev/null; then info+=("$name"); fi ;;
    *) if ! diff -r "$work/old/$name" "$work/new/$name" >/dev/null; then fail+=("$name"); fi ;;
  esac
done
echo "compared ${#cases[@]} cases in $work"
[ ${#info[@]} -gt 0 ] && echo "messages or help changed (same status; review): ${info[*]}"
if [ ${#fail[@]} -gt 0 ]; then
  echo "DIFFERENT: ${fail[*]}"
  for f in "${fail[@]}"; do diff -r "$work/old/$f" "$work/new/$f" | head -20; done
  exit 1
fi
echo "all identical"
