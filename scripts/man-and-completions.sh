#!/usr/bin/env bash
# Generates the man page and the shell completions of `report` from its command tree (what its
# --help says), into a tree laid out like /usr/local/share:
#
#   bash scripts/man-and-completions.sh OUT_DIR [debug|release]
#
#   OUT_DIR/man/man1/report.1                       swift-argument-parser's generate-manual plugin
#   OUT_DIR/bash-completion/completions/report      report --generate-completion-script bash
#   OUT_DIR/zsh/site-functions/_report              … zsh
#   OUT_DIR/fish/vendor_completions.d/report.fish   … fish
#
# The container image installs the tree (deploy/Dockerfile); scripts/test.sh makes it in
# .build/share for the tests. Builds the binary of that configuration first (default debug).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1
config=${2:-debug}
mkdir -p "$out/man/man1" "$out/bash-completion/completions" "$out/zsh/site-functions" "$out/fish/vendor_completions.d"
# The date in the page: the last commit's, so the page is the same for the same sources.
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package generate-manual --configuration "$config" --date "$date" --authors "The report authors" >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
# A blank line of the help's text is a paragraph break: .Pp in mdoc (man warns about blank lines).
sed 's/^$/.Pp/' .build/plugins/GenerateManual/outputs/report/report.1 >"$out/man/man1/report.1"
bin=$(swift build -c "$config" --product report --show-bin-path)/report
"$bin" --generate-completion-script bash >"$out/bash-completion/completions/report"
"$bin" --generate-completion-script zsh >"$out/zsh/site-functions/_report"
"$bin" --generate-completion-script fish >"$out/fish/vendor_completions.d/report.fish"
