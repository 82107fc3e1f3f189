#!/usr/bin/env bash
# Sets up, builds in release mode and renders the bundled samples into out/ (real PDFs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --static-swift-stdlib --disable-local-rpath --product report
bin=.build/release/report
mkdir -p out
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-1785456000}"   # 2026-07-31, for reproducible PDFs
"$bin" headache summary samples/aurae/logs.json -o out/summary-berlin.pdf --as-of 2026-07-31 --patient-name "Sample patient (Berlin)"
"$bin" headache summary samples/aurae/logs.csv -o out/summary-new-york.pdf --as-of 2026-07-15 --patient-name "Sample patient (New York)"
"$bin" headache summary samples/aurae/logs.json -o out/summary-march.pdf --from 2026-03-01 --to 2026-03-31 --as-of 2026-03-31
if "$bin" headache --help | grep -q insights; then
  "$bin" headache insights samples/aurae/logs.json --days samples/aurae/days.json --as-of 2026-07-31 --tier premium --json > out/insights-berlin.json
  "$bin" headache insights samples/aurae/logs.json --days samples/aurae/days.json --as-of 2026-07-31 --tier premium > out/insights-berlin.txt
fi
"$bin" headache clinical samples/aurae/logs.json --days samples/aurae/days.json -o out/clinical-berlin.pdf --tier premium --as-of 2026-07-31 --patient-name "Sample patient (Berlin)"
"$bin" headache clinical samples/aurae/logs.csv -o out/clinical-new-york.pdf --tier premium --as-of 2026-07-15 --patient-name "Sample patient (New York)"
"$bin" headache clinical samples/aurae/logs.json --days samples/aurae/days.json -o out/clinical-berlin-sections.pdf --tier premium --as-of 2026-07-31 --sections overview,patterns,disclaimers
# Care circles: the samples hold two circles (c-1 caring for p-1, c-2 for p-2); every document is
# about one of them (--circle, --patient), text and JSON cover both, grouped by circle.
rm -f out/care.sqlite out/care.sqlite-wal out/care.sqlite-shm
"$bin" care ingest samples/care/handoffs-p1.json samples/care/handoffs-p2.csv samples/care/expenses.csv samples/care/providers.json --db out/care.sqlite
"$bin" care patterns --db out/care.sqlite --tier family --as-of 2026-04-15 --json > out/care-patterns.json
"$bin" care patterns --db out/care.sqlite --tier family --as-of 2026-04-15 > out/care-patterns.txt
"$bin" care patterns --db out/care.sqlite --tier family --as-of 2026-04-15 --patient p-1 --pdf out/care-patterns-p1.pdf
"$bin" care patterns --db out/care.sqlite --tier family --as-of 2026-04-15 --patient p-2 --recipient-name "Grandma Soon-ja" --pdf out/care-patterns-p2.pdf
"$bin" care directory samples/care/providers.json --tier family > out/care-directory.txt
"$bin" care directory samples/care/providers.json --tier plus --circle c-1 -o out/care-directory-c1.pdf
"$bin" care directory samples/care/providers.json --tier family --circle c-1 -o out/care-directory-c1-family.pdf
"$bin" care directory samples/care/providers.json --tier family --circle c-2 --recipient-name "Grandma Soon-ja" -o out/care-directory-c2-family.pdf
"$bin" care directory samples/care/providers.json --tier family --circle c-1 -o out/care-directory-c1.csv
"$bin" care directory samples/care/providers.json --tier family --circle c-1 -o out/care-directory-c1.vcf
"$bin" care expenses samples/care/expenses.csv --tier plus --json > out/care-expenses.json
"$bin" care expenses samples/care/expenses.csv --tier family --circle c-1 --benchmarks samples/care/benchmarks.csv -o out/care-expenses-c1.pdf
"$bin" care expenses samples/care/expenses.csv --tier family --circle c-2 --benchmarks samples/care/benchmarks.csv -o out/care-expenses-c2.pdf
"$bin" care expenses samples/care/expenses.csv --tier family --circle c-1 -o out/care-expenses-c1.csv
# Period check-ins. The window holds DST changes: Berlin's check-ins on 28 March (CET, 08:00Z) and
# 30 March (CEST, 07:00Z), New York's on 7 March (EST, 14:00Z) and 9 March (EDT, 13:00Z), Sydney's
# on 3 April (AEDT) and 5 April (AEST); Tokyo (denied) and Kolkata (notDetermined) get none.
"$bin" cycle reminders samples/cycle/periods.json samples/cycle/periods-london.csv --from 2026-03-01T00:00:00Z --to 2026-04-06T00:00:00Z --json > out/cycle-reminders.jsonl
"$bin" cycle summary samples/cycle/periods.json samples/cycle/periods-london.csv > out/cycle-summary.txt
"$bin" cycle summary samples/cycle/periods.json samples/cycle/periods-london.csv --json > out/cycle-summary.jsonl
# Mindful Home: the family's ledger in both languages, one task's ledger (the singular), the export.
"$bin" home ledger samples/home/tasks.json -o out/home-ledger-en.pdf --lang en
"$bin" home ledger samples/home/tasks.json -o out/home-ledger-nl.pdf --lang nl
"$bin" home ledger samples/home/tasks-one.csv -o out/home-ledger-one-nl.pdf --lang nl
"$bin" home export samples/home/tasks.json -o out/home-export.json
"$bin" gentle notify samples/gentle/events.json --json > out/gentle-notify.jsonl
"$bin" gentle notify samples/gentle/events.csv > out/gentle-notify.txt
"$bin" gentle export samples/gentle/events.csv --user user_maya -o out/gentle-export-maya.json
# The nightly batch over samples/users: u-cam's export is broken on purpose, so it ends with
# status 5 (finished, some users invalid) after writing every other user
# (out/batch/u-cam/errors.txt has the located messages).
"$bin" headache batch samples/users -o out/batch --tiers samples/users/tiers.csv --as-of 2026-07-31 || [ $? -eq 5 ]
echo "Wrote:"; ls -l out/ out/batch/
