#!/usr/bin/env bash
# Builds the fuzz targets (Fuzz/, a separate package) and runs each one briefly from its seeds:
# proves the harnesses still compile against the sources and that no seed traps. The long runs
# are in Fuzz/README.md. Part of scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
swift build -c release --sanitize=fuzzer
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# corpus:target:max_len:dictionary
for t in csv:FuzzCSV:4096:aurae json:FuzzJSON:4096:aurae pipeline:FuzzPipeline:4096:aurae \
         care:FuzzCare:4096:care carestore:FuzzCareStore:16384: companion:FuzzCompanion:4096:companion \
         batch:FuzzBatch:4096:batch; do
    IFS=: read -r name target maxlen dict <<<"$t"
    mkdir -p "$work/$name"
    SWIFT_BACKTRACE=enable=no ".build/release/$target" -runs="${FUZZ_SMOKE_RUNS:-3000}" -max_len="$maxlen" \
        -timeout=10 -rss_limit_mb=2048 ${dict:+-dict="dict/$dict.dict"} -artifact_prefix="$work/" \
        "$work/$name" "corpus/$name" > "$work/$name.log" 2>&1 || { tail -n 40 "$work/$name.log"; exit 1; }
    echo "fuzz smoke: $target $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$work/$name.log" || echo 'ran')"
done
