#!/usr/bin/env python3
# Writes samples/aurae/year-logs.json and year-days.json: a year of realistic Aurae logs for one
# patient, deterministic. Usage: python3 samples/aurae/make-year.py samples/aurae/year-logs.json samples/aurae/year-days.json
"""A year of realistic Aurae logs for one patient (chronic-ish migraine with menstrual
association, brand-name and combination medications, a preventive started mid-year), and the
daily context of every day. Deterministic."""
import json, random, datetime as dt, sys
rng = random.Random(20260731)
out_logs, out_days = sys.argv[1], sys.argv[2]
start = dt.date(2025, 8, 1); end = dt.date(2026, 7, 31)
def tz(d):  # Europe/Amsterdam-like offsets
    return '+02:00' if dt.date(d.year, 3, 29) <= d < dt.date(d.year, 10, 25) else '+01:00'
# menstrual cycles: ~28 days, 5 menstrual days
menses = set(); d = dt.date(2025, 8, 6)
while d <= end:
    for k in range(rng.choice([4, 5, 5, 6])): menses.add(d + dt.timedelta(days=k))
    d += dt.timedelta(days=rng.choice([26, 27, 28, 28, 29, 30, 31]))
def phase(day):
    if day in menses: return 'menstrual'
    # follicular until ~day 13 after start, ovulatory 2 days, luteal after
    prev = max((m for m in menses if m <= day), default=None)
    if prev is None: return 'luteal'
    k = (day - prev).days
    return 'follicular' if k < 12 else ('ovulatory' if k < 15 else 'luteal')
acute_choices = [('Imitrex 50 mg', '50 mg'), ('Maxalt MLT', '10 mg'), ('Sumatriptan', '100 mg'), ('Zomig', '2.5 mg'),
                 ('Relpax', '40 mg'), ('Ibuprofen', '400 mg'), ('Advil', '400 mg'), ('Aleve', '220 mg'),
                 ('Excedrin Migraine', '2 tablets'), ('Tylenol #3', '1 tablet'), ('Fioricet', '1 capsule'),
                 ('Paracetamol', '1 g'), ('Nurtec ODT', '75 mg'), ('Ubrelvy', '100 mg'), ('Sumatriptan/Naproxen', '85/500 mg'),
                 ('Metoclopramide', '10 mg'), ('co-codamol 30/500', '2 tablets')]
weights = [10, 8, 6, 3, 3, 8, 5, 3, 7, 2, 1, 5, 3, 2, 2, 2, 1]
notes = ["Woke up with it", "Left side, throbbing", "Behind the eyes", "Started during the commute", "After a long screen session",
         "Period started today", "Red wine the evening before", "Stress at work, deadline", "Skipped lunch", "Bright sun at the beach",
         "Kopfschmerz nach dem Training", "Très forte migraine avec nausées", "頭痛がひどい、光がまぶしい", "صداع خفيف بعد العمل",
         "Головная боль после сна", "Neck tension, better with a cold compress\nEased after a nap", "Aura 20 min before onset 👀",
         "Flickering lights then pain 😣", ""]
conditions = ["Sunny", "Clear", "Partly cloudy", "Cloudy", "Overcast", "Light rain", "Rain", "Thunderstorm", "Fog", "Windy"]
logs = []; days = []; n = 0
day = start
# daily context for each day (skip ~6% of days: not logged)
ctx = {}
while day <= end:
    if rng.random() > 0.06:
        c = {"date": day.isoformat()}
        if rng.random() < 0.9: c["sleepHours"] = round(rng.gauss(6.9, 1.1), 1)
        if rng.random() < 0.7: c["sleepQuality"] = rng.randint(2, 5)
        if rng.random() < 0.8: c["stressLevel"] = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 5])
        if rng.random() < 0.8: c["alcohol"] = rng.random() < 0.18
        if rng.random() < 0.8: c["caffeine"] = rng.random() < 0.7
        if rng.random() < 0.7: c["skippedMeal"] = rng.random() < 0.12
        c["pressureTrend"] = rng.choice(["rising", "falling", "stable", "stable"])
        c["humidityPct"] = rng.randint(35, 97)
        c["cyclePhase"] = phase(day)
        ctx[day] = c; days.append(c)
    day += dt.timedelta(days=1)
preventive_from = dt.date(2026, 2, 1)
day = start
while day <= end:
    near = any((day - m).days in (-2, -1, 0, 1, 2) for m in menses if m in menses and (m - dt.timedelta(days=1)) not in menses)
    c = ctx.get(day, {})
    p = 0.24
    if near: p += 0.35
    if c.get("pressureTrend") == "falling": p += 0.12
    if c.get("sleepHours", 7) < 6: p += 0.06
    if day >= preventive_from: p *= 0.75
    if day.month == 7 and day.year == 2026: p += 0.12  # a bad month
    if rng.random() < p:
        n += 1
        h = rng.choice([5, 6, 7, 7, 8, 9, 11, 14, 16, 18, 20, 22]); m = rng.randint(0, 59)
        onset = dt.datetime.combine(day, dt.time(h, m))
        sev = rng.choices([1, 2, 3, 4, 5], [2, 2, 4, 3, 2])[0]
        dur = dt.timedelta(minutes=rng.choice([35, 50, 90, 150, 240, 300, 420, 600, 900, 1500, 2200]))
        res = onset + dur
        log = {"id": f"y-{n:03d}", "onsetAt": onset.strftime('%Y-%m-%dT%H:%M:00') + tz(day), "severity": sev}
        if not (day == end and n % 1 == 0 and h >= 18):
            log["resolvedAt"] = res.strftime('%Y-%m-%dT%H:%M:00') + tz(res.date())
        if rng.random() < 0.7: log["onsetSpeed"] = rng.choice(["gradual", "gradual", "moderate"])
        w = {"temperatureC": round(rng.uniform(-4, 31), 1), "condition": rng.choice(conditions),
             "pressureHpa": round(rng.uniform(990, 1030), 1), "humidityPct": c.get("humidityPct", rng.randint(40, 90))}
        if c.get("pressureTrend"): w["pressureTrend"] = c["pressureTrend"]
        log["weather"] = w
        if "sleepHours" in c: log["sleep"] = {"hours": c["sleepHours"], **({"quality": c["sleepQuality"]} if "sleepQuality" in c else {})}
        r = {}
        if rng.random() < 0.6: r["stressLevel"] = c.get("stressLevel", 3)
        for k in ("alcohol", "caffeine", "skippedMeal"):
            if k in c and rng.random() < 0.8: r[k] = c[k]
        if rng.random() < 0.5: r["hydrationGlasses"] = rng.choice([1, 2, 3, 4, 5, 6, 8])
        if rng.random() < 0.5: r["screenTimeHours"] = round(rng.uniform(2, 10), 1)
        r["cyclePhase"] = c.get("cyclePhase", phase(day))
        if rng.random() < 0.4: r["symptoms"] = rng.sample(["nausea", "lightSensitivity", "soundSensitivity", "neckPain"], rng.randint(1, 3))
        if rng.random() < 0.2: r["foods"] = rng.sample(["agedCheese", "chocolate", "citrus", "processedMeat"], rng.randint(1, 2))
        if rng.random() < 0.3: r["environment"] = rng.sample(["strongSmells", "brightLights", "loudNoise", "screenGlare"], rng.randint(1, 2))
        if rng.random() < 0.3: r["headacheType"] = rng.choice(["Migraine", "Migraine with aura", "Tension-type"])
        meds = []
        if rng.random() < 0.75:
            name, dose = rng.choices(acute_choices, weights)[0]
            taken = onset + dt.timedelta(minutes=rng.randint(5, 90))
            meds.append({"name": name, "dose": dose, "takenAt": taken.strftime('%Y-%m-%dT%H:%M:00') + tz(taken.date()),
                         "isAcute": True if rng.random() < 0.8 else None, "effectiveness": rng.randint(1, 5) if rng.random() < 0.7 else None})
            if rng.random() < 0.15:
                taken2 = taken + dt.timedelta(hours=rng.randint(2, 5))
                meds.append({"name": "Ibuprofen", "dose": "400 mg", "takenAt": taken2.strftime('%Y-%m-%dT%H:%M:00') + tz(taken2.date()), "isAcute": True})
        if day >= preventive_from and rng.random() < 0.5:
            meds.append({"name": "Topamax", "dose": "50 mg", "isAcute": False})
        if day < preventive_from and rng.random() < 0.3:
            meds.append({"name": "Propranolol", "dose": "40 mg"})
        if meds: r["medications"] = [{k: v for k, v in m.items() if v is not None} for m in meds]
        note = rng.choice(notes)
        if note: r["notes"] = note
        log["retrospective"] = r
        logs.append(log)
    day += dt.timedelta(days=1)
# a flagged episode (instantaneous, severe) and an aura with visual disturbances
logs[len(logs) // 3]["onsetSpeed"] = "instantaneous"; logs[len(logs) // 3]["severity"] = 5
logs[2 * len(logs) // 3]["retrospective"]["symptoms"] = ["aura", "visualDisturbances"]
json.dump({"schemaVersion": 1, "logs": logs}, open(out_logs, "w"), indent=1, ensure_ascii=False)
json.dump({"schemaVersion": 1, "days": days}, open(out_days, "w"), indent=1, ensure_ascii=False)
print(len(logs), "episodes", len(days), "days")
