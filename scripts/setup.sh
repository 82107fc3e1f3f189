#!/usr/bin/env bash
# Installs what `report` needs on Debian/Ubuntu: the C libraries it builds against, the Inter
# font its reports use, and the tools the tests use (PDF readers, linters, man). With CI set, or
# REPORT_SLURM=1, also a single-node Slurm (slurm-wlm, munge) for the scheduler test, which
# local setups skip to stay light. Installs only what is missing; needs root (or sudo) only then.
# Swift itself (6.x) must already be on PATH.
set -euo pipefail

packages=(
  pkg-config
  libcairo2-dev libpango1.0-dev libcsv-dev libsqlite3-dev   # build
  zlib1g-dev                                                 # build: the tagged PDF's content streams (Render/PDF)
  libdeflate-dev                                             # build: the tagged PDF's streams compressed (Render/PDF)
  nettle-dev                                                 # build: SHA-256 of the batch manifest (Batch)
  fonts-inter fontconfig                                     # the brand font (stands in for DM Sans)
  fonts-dejavu-core fonts-droid-fallback fonts-nanum         # fallback for scripts Inter lacks (Arabic, CJK, Hangul, …)
  fonts-freefont-ttf                                         # fallback for Devanagari, Thai, Bengali, Tamil, Ethiopic, … (12 faces)
  fonts-lohit-telu fonts-lohit-knda                          # fallback for Telugu and Kannada (one face each)
  fonts-noto-color-emoji                                     # emoji in notes, drawn in colour
  poppler-utils qpdf                                         # tests: pdftotext, pdfinfo -struct-text, pdffonts, qpdf --check/--json
  python3-yaml                                               # tests: the Kubernetes manifest parsed (PyYAML)
  shellcheck yamllint                                        # tests: every shell script and YAML file linted
  man-db groff-base                                          # tests: the generated man page rendered
  tzdata                                                     # IANA time zones: `report cycle`'s 09:00 check-ins
)
if [ -n "${CI:-}" ] || [ "${REPORT_SLURM:-}" = 1 ]; then
  packages+=(slurm-wlm munge)                                # tests: the Slurm array run for real
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fc-cache -f >/dev/null 2>&1 || true
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH (install Swift 6 from swift.org)" >&2; exit 1; }
