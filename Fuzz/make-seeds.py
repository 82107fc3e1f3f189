#!/usr/bin/env python3
"""Makes the seeds of FuzzCare, FuzzCareStore, FuzzCompanion and FuzzBatch in corpus/ from the
samples (../samples): trimmed to fit -max_len, with the option bytes each target's README table
describes. The store seeds are made by a built `report` (argument 1, default
../.build/debug/report) and Python's sqlite3, then rewritten with 512-byte pages.

    python3 make-seeds.py [path/to/report]
"""
import json, os, shutil, sqlite3, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "samples")
REPORT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", ".build", "debug", "report")
SEP = b"\x1e"


def sample(path):
    with open(os.path.join(SAMPLES, path), "rb") as f:
        return f.read()


def put(target, name, data, limit=4096):
    folder = os.path.join(HERE, "corpus", target)
    os.makedirs(folder, exist_ok=True)
    assert len(data) <= limit, (target, name, len(data))
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def json_records(path, key, count):
    """The first `count` records of a `{key: [...]}` export, compact."""
    doc = json.loads(sample(path))
    return json.dumps({key: doc[key][:count]}, ensure_ascii=False, separators=(",", ":")).encode()


def csv_rows(path, count):
    lines = sample(path).splitlines(keepends=True)
    return b"".join(lines[: count + 1])


def care():
    # byte 0: bit0 CSV, bit1 skip, bit2 second file, bit3 it is CSV, bits4-5 kind, bit6 family, bit7 JSON
    # byte 1: bits0-2 as-of, bits3-4 export (none, pdf, csv, vcf), bit5 recipient, bits6-7 range
    handoffs_json = json_records("care/handoffs-p1.json", "handoffs", 8)
    handoffs_csv = csv_rows("care/handoffs-p2.csv", 14)
    expenses_csv = csv_rows("care/expenses.csv", 20)
    providers = json_records("care/providers.json", "providers", 4)
    bare = json.dumps(json.loads(sample("care/providers.json"))["providers"][:2], ensure_ascii=False).encode()
    put("care", "handoffs-json-text", bytes([0x00, 0x04]) + handoffs_json)
    put("care", "handoffs-json-json-pdf", bytes([0x80, 0x0C]) + handoffs_json)
    put("care", "handoffs-csv-skip", bytes([0x03, 0x04]) + handoffs_csv)
    put("care", "expenses-csv-family-pdf", bytes([0x41, 0xC8]) + expenses_csv)
    put("care", "expenses-csv-json-range", bytes([0x81, 0x44]) + expenses_csv)
    put("care", "expenses-csv-export-csv", bytes([0x41, 0x10]) + expenses_csv)
    put("care", "providers-json-vcard", bytes([0x40, 0x18]) + providers)
    put("care", "providers-json-pdf-recipient", bytes([0x00, 0x28]) + providers)
    put("care", "providers-bare-array-kind", bytes([0x30, 0x10]) + bare)
    put("care", "handoffs-and-providers", bytes([0x04, 0x04]) + json_records("care/handoffs-p1.json", "handoffs", 4) + SEP + providers)
    put("care", "expenses-and-handoffs-csv", bytes([0x0D, 0x06]) + csv_rows("care/expenses.csv", 8) + SEP + csv_rows("care/handoffs-p2.csv", 8))
    put("care", "handoffs-name-key-first", bytes([0x00, 0x04]) + b'[{"name":"x","id":"h","circleId":"c","patientId":"p","authorId":"a","createdAt":"2026-01-01T00:00:00Z","type":"NOTE","symptoms":["a"]}]')


def companion():
    # byte 0: bits0-1 app (cycle, gentle, home, readers), bit2 CSV, bit3 skip, bits4-7 options
    put("companion", "cycle-reminders-json", bytes([0x10]) + sample("cycle/periods.json"))
    put("companion", "cycle-summary-text", bytes([0x80]) + sample("cycle/periods.json"))
    put("companion", "cycle-summary-asof-csv", bytes([0xB4]) + sample("cycle/periods-london.csv"))
    put("companion", "cycle-reminders-window-csv", bytes([0x24]) + sample("cycle/periods-london.csv"))
    put("companion", "cycle-broken-csv-skip", bytes([0x0C]) + sample("cycle/broken/periods-broken.csv"))
    put("companion", "cycle-no-zone", bytes([0x00]) + sample("cycle/broken/periods-no-zone.json"))
    put("companion", "gentle-notify-csv", bytes([0x05]) + sample("gentle/events.csv"))
    put("companion", "gentle-notify-json-lines", bytes([0x15]) + sample("gentle/events.csv"))
    put("companion", "gentle-export-first-user", bytes([0x65]) + sample("gentle/events.csv"))
    put("companion", "gentle-broken-skip", bytes([0x0D]) + sample("gentle/events-broken.csv"))
    events = json.loads(sample("gentle/events.json"))["events"][:14]
    put("companion", "gentle-export-json", bytes([0x21]) + json.dumps({"events": events}).encode())
    put("companion", "home-ledger-en", bytes([0x02]) + sample("home/tasks.json"))
    put("companion", "home-ledger-nl-csv", bytes([0x16]) + sample("home/tasks-one.csv"))
    put("companion", "home-export", bytes([0x22]) + sample("home/tasks.json"))
    put("companion", "home-negative-balance", bytes([0x02]) + sample("home/broken/tasks-negative-balance.json"))
    put("companion", "home-broken-csv-skip", bytes([0x0E]) + sample("home/broken/tasks-broken.csv"))
    put("companion", "readers-json", bytes([0x03]) + sample("gentle/events.json")[:4000])


def manifest_line(user, status="ok", ms=12, errors=0, outputs=1):
    return json.dumps({"userId": user, "status": status, "options": "reports=summary,insights;tier=free;v=1",
                       "inputs": [{"file": "logs.json", "sha256": "ab" * 32}],
                       "outputs": [{"file": f"summary-{i}.pdf", "bytes": 40960 + i, "sha256": "cd" * 32} for i in range(outputs)],
                       "ms": ms, "errors": errors}, separators=(",", ":")).encode() + b"\n"


def run_file(users, ok, invalid=0, failed=0, unchanged=0, shard=None, wall=1500):
    return json.dumps({"version": "1.0.0", "asOf": "2026-03-31",
                       "options": {"reports": "summary,insights", "fingerprint": "f1"},
                       "shard": shard, "counts": {"users": users, "ok": ok, "invalid": invalid, "failed": failed,
                                                  "unchanged": unchanged},
                       "wallMs": wall, "reportMs": {"summary": 900, "insights": 300}}, indent=1).encode()


def fnv1a64(text):
    h = 0xcbf29ce484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def batch():
    # byte 0: bits0-1 shard count - 1, bit2 odd shards in a second folder; parts: manifest, run file, ...
    users = sorted(os.listdir(os.path.join(SAMPLES, "users")))
    users = [u for u in users if os.path.isdir(os.path.join(SAMPLES, "users", u))]
    one = b"".join(manifest_line(u, "invalid" if u == "u-cam" else "ok", errors=2 if u == "u-cam" else 0) for u in users)
    put("batch", "one-shard", bytes([0x00]) + one + SEP + run_file(len(users), len(users) - 1, invalid=1))
    put("batch", "one-shard-no-run-file", bytes([0x00]) + one)
    put("batch", "one-shard-huge-counts", bytes([0x00]) + one + SEP + run_file(1, 1, unchanged=2**63 - 1, wall=2**63 - 1))
    put("batch", "one-shard-cut-line", bytes([0x00]) + one[:-40] + SEP + run_file(1, 1))
    for count in (2, 3):
        parts = []
        for i in range(count):
            mine = [u for u in users if fnv1a64(u) % count == i]
            parts.append(b"".join(manifest_line(u) for u in mine))
            parts.append(run_file(len(mine), len(mine), shard={"index": i, "count": count}))
        put("batch", f"{count}-shards", bytes([count - 1]) + SEP.join(parts))
        put("batch", f"{count}-shards-two-folders", bytes([count - 1 | 4]) + SEP.join(parts))
    # Four empty files (two shards): each empty file read with FileManager.contents(atPath:)
    # leaked 4 KiB (swift-foundation's readBytesFromFile), which grew FuzzBatch's RSS without end.
    put("batch", "empty-files", bytes([0x01]) + SEP * 3)
    put("batch", "negative-and-float-counts", bytes([0x00]) + manifest_line("u-a", ms=-1) + b'{"userId":"u-b","status":"ok","options":"","inputs":[],"outputs":[],"ms":1.5,"errors":0}\n' + SEP + b'{"version":"1","options":{},"counts":{"users":-1},"wallMs":0,"reportMs":{"x":-2}}')


def compact(path):
    """The store at `path` rewritten with 512-byte pages and no write-ahead log."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("PRAGMA page_size = 512")
    db.execute("VACUUM")
    db.close()
    with open(path, "rb") as f:
        return f.read()


def store(folder, name, files, asof="2026-04-15", dismiss=True):
    path = os.path.join(folder, name + ".sqlite")
    subprocess.run([REPORT, "care", "ingest", *files, "--db", path], check=True, capture_output=True)
    if asof:
        out = subprocess.run([REPORT, "care", "patterns", "--db", path, "--tier", "plus", "--as-of", asof, "--json"],
                             check=True, capture_output=True).stdout
        ids = [i["id"] for p in json.loads(out).get("patients", []) for i in p.get("insights", [])]
        if dismiss and ids:
            subprocess.run([REPORT, "care", "dismiss", ids[0], "--db", path, "--as-of", asof], check=True, capture_output=True)
    return path


def carestore():
    tmp = tempfile.mkdtemp()
    try:
        small = os.path.join(tmp, "handoffs.json")
        # The handoffs with symptoms from March on: patterns surface as of 2026-04-15 (the
        # harness's date), and the store stays under 16 KiB.
        handoffs = json.loads(sample("care/handoffs-p1.json"))["handoffs"]
        chosen = [dict(h, summary=None) for h in handoffs if h["symptoms"] and h["createdAt"] >= "2026-03"]
        with open(small, "wb") as f:
            f.write(json.dumps({"handoffs": chosen}, ensure_ascii=False).encode())
        exp = os.path.join(tmp, "expenses.csv")
        with open(exp, "wb") as f:
            f.write(csv_rows("care/expenses.csv", 2))
        prov = os.path.join(tmp, "providers.json")
        with open(prov, "wb") as f:
            f.write(json_records("care/providers.json", "providers", 1))
        empty = os.path.join(tmp, "empty.json")
        with open(empty, "wb") as f:
            f.write(b'{"handoffs":[]}')
        real = store(tmp, "real", [small, exp, prov], asof="2026-04-15")
        put("carestore", "real-store", compact(real), limit=16384)
        put("carestore", "empty-store", compact(store(tmp, "empty", [empty], asof=None)), limit=16384)
        hostile = [
            ("negative-user-version", ["PRAGMA user_version = -1"]),
            ("newer-user-version", ["PRAGMA user_version = 99"]),
            ("int64-min-user-version", ["PRAGMA user_version = -2147483648"]),
            ("huge-position", ["UPDATE handoff_items SET position = 9223372036854775800 + position"]),
            ("negative-rating", ["UPDATE providers SET rating = -9223372036854775808"]),
            ("text-in-number-columns", ["UPDATE providers SET rating = 'five'", "UPDATE handoff_items SET position = 'x' || position",
                                        "UPDATE expenses SET reimbursable = 'yes'"]),
            ("real-in-number-columns", ["UPDATE providers SET rating = 1e308", "UPDATE expenses SET reimbursable = -1e308"]),
            ("bad-dates", ["UPDATE handoffs SET local_date = '9999-99-99', created_at = 'yesterday'",
                           "UPDATE surfaced SET as_of = '0000-00-00'", "UPDATE dismissals SET dismissed_on = x'FF00FE'"]),
            ("blob-values", ["UPDATE handoffs SET circle_id = x'FF00FE', patient_id = x'C0'",
                             "UPDATE handoff_items SET value = x'FFFE'"]),
            ("null-values", ["UPDATE handoffs SET author_name = NULL, title = NULL"]),
            ("control-characters", ["UPDATE handoffs SET circle_id = char(27) || ']8;;x' || char(7), patient_id = 'p' || char(10) || 'forged'",
                                    "UPDATE handoff_items SET value = char(27) || '[2J' || value"]),
            ("huge-amounts", ["UPDATE expenses SET amount = '92233720368547758.07'", "UPDATE expenses SET date = '-001-01-01'"]),
            ("orphan-items", ["PRAGMA foreign_keys = OFF", "DELETE FROM handoffs WHERE id = (SELECT min(id) FROM handoffs)"]),
            ("dropped-table", ["DROP TABLE surfaced"]),
            ("extra-view", ["CREATE VIEW v AS SELECT * FROM handoffs", "CREATE TRIGGER t AFTER INSERT ON handoffs BEGIN DELETE FROM expenses; END"]),
        ]
        for name, sqls in hostile:
            path = os.path.join(tmp, name + ".sqlite")
            shutil.copy(real, path)
            db = sqlite3.connect(path)
            for sql in sqls:
                db.execute(sql)
            db.commit()
            db.close()
            put("carestore", name, compact(path), limit=16384)
        # A store whose page 1 is cut (a copy stopped half way), and a file that is no store.
        data = compact(real)
        put("carestore", "cut-in-half", data[: len(data) // 2], limit=16384)
        put("carestore", "not-a-store", b"SQLite format 3\x00" + b"\x00" * 84, limit=16384)
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    care()
    companion()
    batch()
    carestore()
