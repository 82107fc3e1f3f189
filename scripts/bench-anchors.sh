#!/usr/bin/env bash
# The free summary side by side with the PDF anchors, in one run: `report headache summary`
# against the C floor of the Cairo + Pango stack (drawing with Inter, as the summary does),
# ReportLab and Typst, on the same rows at each size; then start-up: `report --version`
# against a static Swift "hello world" built with the same toolchain, and /bin/true.
#
#   bash scripts/bench-anchors.sh ANCHORS_DIR [REPORT_BINARY [EARLIER_BINARY]]
#
# ANCHORS_DIR is the anchors' folder (gen_data.py, to_logs.py, report_cairo.c,
# report_reportlab.py, report_typst.py; they are read, nothing is written there). REPORT_BINARY
# defaults to .build/release/report (build it as the README does: swift build -c release
# --static-swift-stdlib --disable-local-rpath --product report); an EARLIER_BINARY (another
# build, for a before/after) runs in the same hyperfine runs and gets its own column. Environment: SIZES (default "100 1000 10000"), RUNS_100 / RUNS_1000 /
# RUNS_LARGE (timed runs, default 10 / 5 / 3), BENCH_WORK (default /tmp/report-anchors),
# BASE_PY (the Python the venv for ReportLab and Typst is made from). Needs hyperfine, gcc,
# pkg-config, pangocairo, swiftc, python3 and /usr/bin/time. Prints a markdown table of medians
# and ratios (and writes it to $BENCH_WORK/results.md).
set -euo pipefail
cd "$(dirname "$0")/.."
A=$(realpath "${1:?usage: bench-anchors.sh ANCHORS_DIR [REPORT_BINARY]}")
BIN=$(realpath "${2:-.build/release/report}")
OLD=${3:+$(realpath "$3")}
W=${BENCH_WORK:-/tmp/report-anchors}
SIZES=${SIZES:-100 1000 10000}
mkdir -p "$W/data" "$W/out" "$W/res" "$W/bin"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1785456000} REPORT_TEMPLATES="$PWD/templates" ANCHOR_FONT=Inter
export PYTHONDONTWRITEBYTECODE=1

BASE_PY=${BASE_PY:-$(python3 -c 'import sys; print(sys.executable)')}
if [ ! -x "$W/venv/bin/python" ]; then
  "$BASE_PY" -m venv "$W/venv"
  "$W/venv/bin/pip" install -q "$(grep '^reportlab==' "$A/requirements.txt")" "$(grep '^typst==' "$A/requirements.txt")"
fi
PY=$W/venv/bin/python
read -ra pango_flags <<< "$(pkg-config --cflags --libs pangocairo)"
gcc -O2 -o "$W/bin/report_cairo" "$A/report_cairo.c" "${pango_flags[@]}"
echo 'print("Hello, world!")' > "$W/bin/hello.swift"
swiftc -O -static-stdlib "$W/bin/hello.swift" -o "$W/bin/hello" 2>/dev/null
for n in $SIZES; do
  "$PY" "$A/gen_data.py" "$n" "$W/data" >/dev/null
  "$PY" "$A/to_logs.py" "$n" "$W/data" >/dev/null
done

runs_for() { case "$1" in 100) echo "${RUNS_100:-10}";; 1000) echo "${RUNS_1000:-5}";; *) echo "${RUNS_LARGE:-3}";; esac; }
commands() {  # the four generators at size $1, as name=command lines
  local n=$1
  echo "report=$BIN headache summary $W/data/logs_$n.json -o $W/out/report_$n.pdf --as-of 2099-12-31 --quiet"
  echo "cairo=$W/bin/report_cairo $W/data/rows_$n.tsv $W/out/cairo_$n.pdf"
  echo "reportlab=$PY $A/report_reportlab.py $W/data/rows_$n.json $W/out/reportlab_$n.pdf"
  echo "typst=$PY $A/report_typst.py $W/data/rows_$n.json $W/out/typst_$n.pdf"
  if [ -n "$OLD" ]; then echo "earlier=$OLD headache summary $W/data/logs_$n.json -o $W/out/earlier_$n.pdf --as-of 2099-12-31 --quiet"; fi
}
median() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median']*1000)" "$@"; }

export ANCHOR_TIMES=/dev/null
table="| rows | report | C floor (Inter) | ReportLab | Typst | report ÷ floor | ReportLab ÷ report | Typst ÷ report | peak RSS report / floor | earlier report (÷ floor, peak RSS) |
|---|---|---|---|---|---|---|---|---|---|"
for n in $SIZES; do
  args=()
  while IFS= read -r line; do
    name=${line%%=*}; cmd=${line#*=}
    read -ra words <<< "$cmd"   # the paths have no spaces (hyperfine -N splits them the same way)
    /usr/bin/time -f "%M" -o "$W/res/$name.rss" "${words[@]}" >/dev/null   # untimed: warms caches, peak RSS (KiB)
    args+=(--command-name "$name" "$cmd")
  done < <(commands "$n")
  echo "== $n rows: $(runs_for "$n") timed runs each, one hyperfine run"
  hyperfine -N --style basic --warmup 0 --runs "$(runs_for "$n")" --export-json "$W/res/$n.json" "${args[@]}" | grep -E "Time|Benchmark" || true
  r=$(median "$W/res/$n.json" 0); c=$(median "$W/res/$n.json" 1); l=$(median "$W/res/$n.json" 2); t=$(median "$W/res/$n.json" 3)
  e=0; er=0
  if [ -n "$OLD" ]; then e=$(median "$W/res/$n.json" 4); er=$(cat "$W/res/earlier.rss"); fi
  table+=$'\n'$(python3 -c "
import sys; n,r,c,l,t,rr,cr,e,er=sys.argv[1:]; r,c,l,t,e=map(float,(r,c,l,t,e))
old=f'{e:.0f} ms ({e/c:.2f}×, {int(er)/1024:.0f} MB)' if e else ''
print(f'| {int(n):,} | {r:.0f} ms | {c:.0f} ms | {l:.0f} ms | {t:.0f} ms | **{r/c:.2f}×** | {l/r:.1f}× | {t/r:.1f}× | {int(rr)/1024:.0f} / {int(cr)/1024:.0f} MB | {old} |')
" "$n" "$r" "$c" "$l" "$t" "$(cat "$W/res/report.rss")" "$(cat "$W/res/cairo.rss")" "$e" "$er")
done

echo "== start-up: 30 timed runs each, one hyperfine run"
earlier=()
if [ -n "$OLD" ]; then earlier=(--command-name "earlier --version" "$OLD --version"); fi
hyperfine -N --style basic --warmup 3 --runs 30 --export-json "$W/res/startup.json" \
  --command-name "report --version" "$BIN --version" --command-name "static hello world" "$W/bin/hello" \
  --command-name "/bin/true" "/bin/true" "${earlier[@]}" | grep -E "Time|Benchmark" || true
v=$(median "$W/res/startup.json" 0); h=$(median "$W/res/startup.json" 1); tr=$(median "$W/res/startup.json" 2)
ev=0; if [ -n "$OLD" ]; then ev=$(median "$W/res/startup.json" 3); fi
{
  echo "$table"
  echo
  python3 -c "import sys; v,h,t,e=map(float,sys.argv[1:]); print(f'start-up: report --version {v:.1f} ms, static hello world {h:.1f} ms (**{v/h:.2f}×**), /bin/true {t:.1f} ms' + (f'; earlier --version {e:.1f} ms ({e/h:.2f}×)' if e else ''))" "$v" "$h" "$tr" "$ev"
  echo "executable: $(stat -c %s "$BIN" | python3 -c 'import sys; print(f"{int(sys.stdin.read())/1e6:.1f} MB")')"
} | tee "$W/results.md"
