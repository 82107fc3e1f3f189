#!/usr/bin/env bash
# Sets up and runs every test: unit, golden-file and end-to-end (which run the built `report`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# CI: the plain release build of the README (every non-test target, no XCTest) must work too.
if [ -n "${CI:-}" ]; then swift build -c release --static-swift-stdlib --disable-local-rpath; fi
swift build --product report
# The man page and shell completions the tests read (ManualTests), generated from the commands.
bash scripts/man-and-completions.sh .build/share debug
swift test --disable-swift-testing "$@"
# The fuzz targets build and run their seeds (only for the whole suite, not for a --filter run).
if [ $# -eq 0 ]; then bash scripts/fuzz-smoke.sh; fi
