#!/usr/bin/env python3
"""Writes the bundled sample exports in samples/ (deterministic; seed fixed).

    python3 scripts/make_samples.py            # rewrites samples/aurae/*

Two users, as the Aurae app exports them (spec 10-data-formats.md):
  samples/aurae/logs.json  Berlin (+01:00 / +02:00 across the 29 Mar 2026 change), Feb–Jul 2026,
                           with a matching daily-context file days.json
  samples/aurae/logs.csv   New York (-05:00 / -04:00 across 8 Mar 2026) with trips at +09:00
                           and +05:30, Jan–Jul 2026, one episode still active
Both have acute and preventive medications with and without classification, red-flag cases,
and notes with commas, quotes, line breaks and non-Latin text.
"""
import csv, datetime as dt, io, json, os, random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples", "aurae")

CONDITIONS = ["Sunny", "Clear", "Partly cloudy", "Cloudy", "Overcast", "Light rain", "Rain",
              "Thunderstorm", "Drizzle", "Fog", "Windy", "Humid"]
NOTES = [
    "Woke up with it",
    "Left side, throbbing",
    "Started during the commute, eased after a nap",
    'Colleague said it looked "like a bad one"',
    "Behind the eyes; light hurt",
    "Skipped lunch, then a long meeting, then this",
    "頭痛がひどい。薬を飲んだ",
    "Кофе не помог, лёг спать пораньше",
    "صداع خفيف بعد العمل",
    "Red wine the evening before, poor sleep",
    "Neck tension\nbetter with a cold compress",
    "Period started today",
    "After 3 hours of screen time, bright office lights",
    "Weather change, pressure dropping 🌧️",
    "Kids were loud all afternoon, couldn't rest",
    "Tried the new pillow, no change\r\nstill sore in the morning",
]
HEADACHE_TYPES = ["Migraine", "Tension-type", "Cluster-like", "Not sure"]
FOODS = ["agedCheese", "processedMeat", "msg", "citrus", "chocolate", "gluten", "red wine sauce"]


def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def iso(t):
    s = t.isoformat()
    return s.replace("+00:00", "Z")


def berlin_offset(d):
    return tz(2) if dt.date(2026, 3, 29) <= d < dt.date(2026, 10, 25) else tz(1)


def newyork_offset(d):
    return tz(-4) if dt.date(2026, 3, 8) <= d < dt.date(2026, 11, 1) else tz(-5)


def make_user(rng, prefix, start, end, offset_for, trips, active_last, heavy_month):
    logs = []
    day = start
    i = 0
    while day <= end:
        day += dt.timedelta(days=rng.choice([1, 2, 2, 3, 3, 4, 5]))
        if day > end:
            break
        off = offset_for(day)
        for (a, b, o) in trips:
            if a <= day <= b:
                off = o
        hour = rng.choice([0, 3, 6, 7, 8, 9, 11, 13, 14, 15, 16, 18, 19, 21, 22, 23])
        onset = dt.datetime(day.year, day.month, day.day, hour, rng.randint(0, 59), tzinfo=off)
        i += 1
        sev = rng.choice([1, 1, 3, 3, 3, 5, 5, 2, 4])
        log = {"id": f"{prefix}-{i:03d}", "onsetAt": iso(onset), "severity": sev}
        minutes = rng.choice([25, 40, 55, 90, 135, 180, 260, 420, 600, 1500, 2000])
        log["resolvedAt"] = iso(onset + dt.timedelta(minutes=minutes))
        speed = rng.choice([None, "gradual", "gradual", "moderate", "moderate", None])
        if i in (7, 33):
            speed, log["severity"] = "instantaneous", 5
        if i == 19:
            speed, log["severity"] = "instantaneous", 3
        if speed:
            log["onsetSpeed"] = speed
        if i == 7:
            log["hasAcknowledgedRedFlag"] = True
        w = {}
        if rng.random() < 0.85:
            w["temperatureC"] = round(rng.uniform(-4, 31), 1) if rng.random() < 0.5 else rng.randint(-3, 30)
            w["humidityPct"] = rng.randint(35, 95)
            w["pressureHpa"] = round(rng.uniform(990, 1030), 1)
            w["pressureTrend"] = rng.choice(["rising", "falling", "stable", "falling"])
            w["uvIndex"] = rng.randint(0, 8)
            w["weatherCode"] = rng.choice([0, 1, 2, 3, 45, 61, 63, 95])
        if rng.random() < 0.8:
            w["condition"] = rng.choice(CONDITIONS)
        if w:
            log["weather"] = w
        if rng.random() < 0.7:
            log["health"] = {"heartRateBpm": rng.randint(58, 96), "restingHeartRateBpm": rng.randint(52, 70),
                             "hrvMs": rng.randint(20, 80), "spo2Pct": rng.randint(94, 100),
                             "steps": rng.randint(800, 14000)}
        if rng.random() < 0.8:
            sl = {"hours": round(rng.choice([4.5, 5.2, 5.8, 6.5, 7.0, 7.5, 8.2]), 1)}
            if rng.random() < 0.7:
                sl["quality"] = rng.randint(1, 5)
            log["sleep"] = sl
        r = {}
        if rng.random() < 0.5:
            r["headacheType"] = rng.choice(HEADACHE_TYPES)
        sy = rng.sample(["nausea", "lightSensitivity", "soundSensitivity", "neckPain"], rng.randint(0, 2))
        if i in (12, 40):
            sy += ["aura", "visualDisturbances"]
        if sy:
            r["symptoms"] = sy
        if rng.random() < 0.5:
            r["foods"] = rng.sample(FOODS, rng.randint(1, 2))
        for k in ("alcohol", "caffeine", "skippedMeal"):
            if rng.random() < 0.75:
                r[k] = rng.random() < 0.35
        if rng.random() < 0.7:
            r["hydrationGlasses"] = rng.randint(1, 9)
        if rng.random() < 0.75:
            r["stressLevel"] = rng.randint(1, 5)
        if rng.random() < 0.6:
            r["screenTimeHours"] = round(rng.uniform(1, 11), 1)
        if rng.random() < 0.5:
            r["cyclePhase"] = rng.choice(["menstrual", "follicular", "ovulatory", "luteal"])
        if rng.random() < 0.4:
            r["environment"] = rng.sample(["strongSmells", "brightLights", "loudNoise", "screenGlare"], rng.randint(1, 2))
        meds = []
        heavy = (day.year, day.month) == heavy_month
        if rng.random() < (0.95 if heavy else 0.55):
            name, dose = rng.choice([("Ibuprofen", "400 mg"), ("Paracetamol", "1 g"), ("Sumatriptan", "50 mg"),
                                     ("Naproxen", "500 mg"), ("Excedrin Migraine", "2 tablets"), ("Rizatriptan", "10 mg")])
            taken = onset + dt.timedelta(minutes=rng.randint(5, 90))
            m = {"name": name, "dose": dose, "takenAt": iso(taken)}
            cls = rng.random()
            if cls < 0.7:
                m["isAcute"] = True
            elif cls < 0.85:
                m["isAcute"] = None
            if rng.random() < 0.8:
                m["effectiveness"] = rng.randint(1, 5)
            meds.append(m)
        if rng.random() < 0.3:
            meds.append({"name": rng.choice(["Topiramate", "Propranolol", "Amitriptyline"]), "dose": "25 mg",
                         "isAcute": rng.choice([False, None])})
        if rng.random() < 0.08:
            meds.append({"name": "  Magnesium ", "dose": "400 mg", "isAcute": None})
        if meds:
            r["medications"] = meds
        if rng.random() < 0.7 or i <= 16:
            r["notes"] = NOTES[(i - 1) % len(NOTES)] if i <= len(NOTES) else rng.choice(NOTES)
        if r:
            log["retrospective"] = r
        logs.append(log)
    if active_last:
        last = logs[-1]
        del last["resolvedAt"]
    return logs


def to_csv(logs):
    cols = ["id", "onset_at", "resolved_at", "severity", "onset_speed", "has_acknowledged_red_flag",
            "temperature_c", "humidity_pct", "pressure_hpa", "pressure_trend", "uv_index", "weather_code",
            "condition", "aqi", "heart_rate_bpm", "resting_heart_rate_bpm", "hrv_ms", "spo2_pct", "steps",
            "sleep_hours", "sleep_quality", "headache_type", "symptoms", "foods", "alcohol", "caffeine",
            "skipped_meal", "hydration_glasses", "stress_level", "screen_time_hours", "cycle_phase",
            "environment", "medications", "notes"]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(cols)

    def b(v):
        return "" if v is None else ("true" if v else "false")

    for l in logs:
        we, he, sl, r = l.get("weather", {}), l.get("health", {}), l.get("sleep", {}), l.get("retrospective", {})
        meds = ";".join("|".join([m["name"], m.get("dose", ""), m.get("takenAt", ""), b(m.get("isAcute")),
                                  str(m.get("effectiveness", ""))]) for m in r.get("medications", []))
        row = [l["id"], l["onsetAt"], l.get("resolvedAt", ""), l["severity"], l.get("onsetSpeed", ""),
               b(l.get("hasAcknowledgedRedFlag")), we.get("temperatureC", ""), we.get("humidityPct", ""),
               we.get("pressureHpa", ""), we.get("pressureTrend", ""), we.get("uvIndex", ""),
               we.get("weatherCode", ""), we.get("condition", ""), "", he.get("heartRateBpm", ""),
               he.get("restingHeartRateBpm", ""), he.get("hrvMs", ""), he.get("spo2Pct", ""), he.get("steps", ""),
               sl.get("hours", ""), sl.get("quality", ""), r.get("headacheType", ""), ";".join(r.get("symptoms", [])),
               ";".join(r.get("foods", [])), b(r.get("alcohol")), b(r.get("caffeine")), b(r.get("skippedMeal")),
               r.get("hydrationGlasses", ""), r.get("stressLevel", ""), r.get("screenTimeHours", ""),
               r.get("cyclePhase", ""), ";".join(r.get("environment", [])), meds, r.get("notes", "")]
        w.writerow(row)
    return "\ufeff" + out.getvalue()


def days_for(logs, rng, start, end):
    days = []
    d = start
    while d <= end:
        rec = {"date": d.isoformat()}
        if rng.random() < 0.9:
            rec["sleepHours"] = round(rng.choice([5.0, 5.5, 6.2, 6.8, 7.1, 7.4, 7.9, 8.3]), 1)
            rec["sleepQuality"] = rng.randint(1, 5)
        if rng.random() < 0.85:
            rec["stressLevel"] = rng.randint(1, 5)
        for k in ("alcohol", "caffeine", "skippedMeal"):
            if rng.random() < 0.8:
                rec[k] = rng.random() < 0.25
        if rng.random() < 0.8:
            rec["pressureTrend"] = rng.choice(["rising", "falling", "stable"])
            rec["humidityPct"] = rng.randint(30, 95)
        if rng.random() < 0.6:
            rec["cyclePhase"] = ["menstrual", "follicular", "ovulatory", "luteal"][(d.toordinal() // 7) % 4]
        days.append(rec)
        d += dt.timedelta(days=1)
    return days


def main():
    os.makedirs(ROOT, exist_ok=True)
    rng = random.Random(20260322)
    a = make_user(rng, "ber", dt.date(2026, 2, 1), dt.date(2026, 7, 30), berlin_offset, [], False, (2026, 7))
    b = make_user(rng, "nyc", dt.date(2026, 1, 10), dt.date(2026, 7, 14), newyork_offset,
                  [(dt.date(2026, 4, 10), dt.date(2026, 4, 20), tz(9)), (dt.date(2026, 5, 20), dt.date(2026, 5, 27), tz(5, 30))],
                  True, (2026, 6))
    with open(os.path.join(ROOT, "logs.json"), "w", encoding="utf-8") as f:
        json.dump({"schemaVersion": 1, "logs": a}, f, ensure_ascii=False, indent=2)
        f.write("\n")
    with open(os.path.join(ROOT, "logs.csv"), "w", encoding="utf-8", newline="") as f:
        f.write(to_csv(b))
    with open(os.path.join(ROOT, "days.json"), "w", encoding="utf-8") as f:
        json.dump({"schemaVersion": 1, "days": days_for(a, rng, dt.date(2026, 2, 1), dt.date(2026, 7, 31))},
                  f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"logs.json: {len(a)} episodes; logs.csv: {len(b)} episodes")


if __name__ == "__main__":
    main()
