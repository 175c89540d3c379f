#!/usr/bin/env python3
"""Writes the two recorded runs used by the report and compare tests.

The figures follow the shape of real short runs on a 2-core laptop (a fixed run and a findMax
run against the same auction preset); they are generated, seeded, so that the fixture is small
and reproducible: `python3 generate.py` from this folder.
"""
import json, math, os, random

OPS = {  # operation: (mix %, base p50 ms, QoS p99 limit ms)
    "HomePage": (8.0, 4.0, 1000), "Login": (6.0, 9.0, 1000), "GetActiveAuctions": (14.0, 7.0, 1000),
    "GetAuctionDetail": (10.0, 5.0, 1000), "JoinAuction": (6.0, 11.0, 1000),
    "GetCurrentItem": (12.0, 3.5, 1000), "GetNextBid": (20.0, 400.0, 5000),
    "PlaceBid": (14.0, 14.0, 1000), "GetBidHistory": (5.0, 16.0, 1000), "Logout": (5.0, 2.5, 1000)}


def op_summary(rng, op, users, seconds, load_factor, qos, fail_op=None):
    mix, p50, limit = OPS[op]
    tput = users * 0.9 * mix / 100 * rng.uniform(0.95, 1.05)
    count = int(tput * seconds)
    slow = 1 + load_factor * 3
    p50v = p50 * slow * rng.uniform(0.9, 1.1)
    p99 = p50v * (6 if op != "GetNextBid" else 2.2) * rng.uniform(0.9, 1.2)
    if op == fail_op:
        p99 = limit * rng.uniform(1.1, 1.6)
    fails = {}
    if op in ("PlaceBid", "Login") and rng.random() < 0.5:
        fails["status 409 on /api/bids" if op == "PlaceBid" else "READ_TIMEOUT on /api/login"] = rng.randint(1, 4)
    if op == fail_op and op == "PlaceBid":
        fails["READ_TIMEOUT on /api/bids"] = rng.randint(3, 9)
    rules = []
    if qos:
        ok = p99 <= limit
        rules.append({"rule": "RESPONSE_TIME", "passed": ok,
                      "message": f"{op}: p99 {p99:.0f} ms {'≤' if ok else '>'} {limit} ms"})
        rules.append({"rule": "MIX", "passed": True,
                      "message": f"{op}: mix {mix:.1f} % within ±5 % of {mix:.1f} %"})
    return {"operation": op, "count": count, "failures": sum(fails.values()),
            "failuresByReason": fails, "throughputPerSecond": round(count / seconds, 3),
            "mixPercent": round(mix * rng.uniform(0.97, 1.03), 3),
            "meanMillis": round(p50v * 1.3, 3), "p50Millis": round(p50v, 3),
            "p90Millis": round(p50v * 2.5, 3), "p95Millis": round(p50v * 3.5, 3),
            "p99Millis": round(p99, 3), "p999Millis": round(p99 * 1.8, 3),
            "maxMillis": round(p99 * 2.6, 3), "wireP99Millis": round(p99 * 0.8, 3),
            "rules": rules}


def write_jsonl(path, rows):
    with open(path, "w") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def run(folder, name, strategy, rng, segments, peak, outcome, message):
    os.makedirs(f"{folder}/driver", exist_ok=True)
    os.makedirs(f"{folder}/tuning", exist_ok=True)
    os.makedirs(f"{folder}/logs", exist_ok=True)
    intervals, windows, events = [], [], []
    t0 = 0
    load_offset = 42_000
    events += [{"time": "2026-11-21T20:14:03Z", "offsetMillis": 0, "type": "phase", "name": "deploy", "state": "start"},
               {"time": "2026-11-21T20:14:21Z", "offsetMillis": 18_000, "type": "phase", "name": "data", "state": "start"},
               {"time": "2026-11-21T20:14:41Z", "offsetMillis": 38_000, "type": "phase", "name": "deploy", "state": "done"},
               {"time": "2026-11-21T20:14:45Z", "offsetMillis": load_offset, "type": "phase", "name": "load", "state": "start"}]
    for index, (users, length_s, phases, fail_at) in enumerate(segments):
        window_ops = []
        for k in range(length_s // 10):
            phase = phases[min(k * len(phases) // (length_s // 10), len(phases) - 1)]
            u = users if phase != "RAMP_UP" else min(users, int(users * (k + 1) / 3))
            qos = phase == "QOS"
            fail_op = "PlaceBid" if qos and (t0 // 10000) in fail_at else None
            ops = [op_summary(rng, op, u, 10, u / 600, qos, fail_op) for op in OPS]
            # The driver's CPU was saturated during ramp-up: flagged, not judged.
            invalid = ["driver CPU 93 % > 90 %"] if len(segments) == 1 and k == 1 else []
            intervals.append({"target": "instance-0", "fromMillis": t0, "toMillis": t0 + 10_000, "users": u,
                              "phase": phase, "qosPassed": fail_op is None, "invalidReasons": invalid,
                              "operations": ops})
            if qos:
                window_ops.append(ops)
            t0 += 10_000
        # A window is judged on its whole period (here: its last interval's figures stand for it),
        # so one slow interval can fail in the timeline while the window passes.
        passed = all(r["passed"] for o in window_ops[-1] for r in o["rules"])
        start = t0 - 10_000 * len(window_ops)
        failures = [r["message"] for o in window_ops[-1] for r in o["rules"] if not r["passed"]][:2]
        windows.append({"target": "instance-0", "index": index, "startMillis": start, "endMillis": t0, "users": users,
                        "passed": passed, "valid": True, "failures": failures, "invalidReasons": [],
                        "operations": window_ops[-1] if window_ops else []})
        events.append({"time": "2026-11-21T20:15:00Z", "offsetMillis": load_offset + t0, "type": "window",
                       "name": "instance-0", "index": index, "startMillis": start, "endMillis": t0, "users": users,
                       "passed": passed})
    if strategy == "fixed":
        # as ElasticityRunner writes them: one event per step of a change, named after the target
        scale = {"tier": "app", "from": 2, "to": 3, "trigger": "schedule"}
        for state, at, details in [("requested", 120_000, {}), ("starting", 120_100, {"server": "instance-0-app-2"}),
                                   ("warmed-up", 131_000, {"server": "instance-0-app-2"}),
                                   ("in-lb", 132_400, {"server": "instance-0-app-2", "instances": 3}),
                                   ("done", 132_500, {"instances": 3})]:
            events.append({"time": "2026-11-21T20:16:10Z", "offsetMillis": load_offset + at, "type": "elasticity",
                           "name": "instance-0", "change": "elasticity-1", "state": state, "loadOffsetMillis": at,
                           **scale, **details})
        fault = {"action": "kill", "tier": "app", "instance": 1}
        for state, at, details in [("injected", 180_000, {}),
                                   ("killed", 180_050, {"server": "instance-0-app-1", "instances": 2}),
                                   ("done", 180_100, {})]:
            events.append({"time": "2026-11-21T20:17:10Z", "offsetMillis": load_offset + at, "type": "fault",
                           "name": "instance-0", "change": "fault-2", "state": state, "loadOffsetMillis": at,
                           **fault, **details})
    events += [{"time": "2026-11-21T20:19:00Z", "offsetMillis": load_offset + t0 + 500, "type": "phase", "name": "load", "state": "done", "passed": outcome == "PASSED"},
               {"time": "2026-11-21T20:19:01Z", "offsetMillis": load_offset + t0 + 1500, "type": "phase", "name": "audit", "state": "start"},
               {"time": "2026-11-21T20:19:03Z", "offsetMillis": load_offset + t0 + 3500, "type": "phase", "name": "audit", "state": "done"}]
    judged = windows[-1]["operations"] if strategy == "fixed" else next(w for w in reversed(windows) if w["passed"])["operations"]
    invalid = []  # judged windows only; the flagged interval above was not judged
    driver = {"name": name, "passed": outcome == "PASSED", "valid": True, "stopped": False,
              "targets": [{"id": "instance-0", "passed": outcome == "PASSED", "valid": True,
                           "peakUsers": peak if strategy == "findMax" else None, "invalidReasons": invalid,
                           "windows": [{k: w[k] for k in ("index", "startMillis", "endMillis", "users", "passed", "valid", "failures", "invalidReasons")} for w in windows],
                           "operations": judged}]}
    write_jsonl(f"{folder}/driver/intervals.jsonl", intervals)
    write_jsonl(f"{folder}/driver/windows.jsonl", windows)
    write_jsonl(f"{folder}/events.jsonl", sorted(events, key=lambda e: e["offsetMillis"]))
    with open(f"{folder}/driver/summary.json", "w") as f:
        json.dump(driver, f, indent=2, ensure_ascii=False)
    summary = {"name": name, "preset": "xs", "target": "local", "strategy": strategy,
               "startedAt": "2026-11-21T20:14:03Z", "durationSeconds": (load_offset + t0 + 5000) // 1000,
               "outcome": outcome, "exitCode": 0 if outcome == "PASSED" else 1,
               "peakUsers": peak,
               "instances": [{"index": 0, "users": segments[-1][0], "maxUsers": 1000,
                              "entryUrls": ["http://127.0.0.1:41801"], "jdbcUrl": "jdbc:postgresql://127.0.0.1:5432/anemometer",
                              "passed": outcome == "PASSED"}],
               "load": driver,
               "audit": {"instance-0": {"acknowledgedBidsChecked": 0, "itemsChecked": 412, "soldItemsChecked": 188,
                                        "violations": [], "violationCount": 0}},
               "message": "QoS met" if outcome == "PASSED" else "QoS not met"}
    if strategy == "fixed":  # the elasticity and fault results of the two events above
        summary["elasticity"] = {
            "changes": [{"id": "elasticity-1", "target": "instance-0", "tier": "app", "from": 2, "to": 3,
                         "trigger": "schedule",
                         "steps": [{"state": "requested", "loadOffsetMillis": 120_000},
                                   {"state": "starting", "loadOffsetMillis": 120_100, "server": "instance-0-app-2"},
                                   {"state": "warmed-up", "loadOffsetMillis": 131_000, "server": "instance-0-app-2"},
                                   {"state": "in-lb", "loadOffsetMillis": 132_400, "server": "instance-0-app-2", "instances": 3},
                                   {"state": "done", "loadOffsetMillis": 132_500, "instances": 3}],
                         "timeToTakeEffectMillis": 12_500, "failedOperations": 0, "slowedOperations": 3,
                         "p99MillisDuring": 412.7}],
            "segments": {"instance-0": [
                {"targetId": "instance-0", "startMillis": 0, "endMillis": 120_000, "meanInstances": 2.0,
                 "throughputPerSecond": 268.1, "operations": 32_172, "failures": 0,
                 "p99MillisByOperation": {"PlaceBid": 231.5, "Login": 160.2}, "qosPassed": True},
                {"targetId": "instance-0", "startMillis": 120_000, "endMillis": 180_000, "meanInstances": 2.8,
                 "throughputPerSecond": 270.4, "operations": 16_224, "failures": 0,
                 "p99MillisByOperation": {"PlaceBid": 1443.0, "Login": 170.9}, "qosPassed": False},
                {"targetId": "instance-0", "startMillis": 180_000, "endMillis": 300_000, "meanInstances": 2.0,
                 "throughputPerSecond": 269.0, "operations": 32_280, "failures": 7,
                 "p99MillisByOperation": {"PlaceBid": 240.8, "Login": 166.0}, "qosPassed": True}]}}
        summary["faults"] = [{"id": "fault-2", "target": "instance-0", "action": "kill", "tier": "app", "instance": 1,
                              "steps": [{"state": "injected", "loadOffsetMillis": 180_000},
                                        {"state": "killed", "loadOffsetMillis": 180_050, "server": "instance-0-app-1",
                                         "instances": 2},
                                        {"state": "done", "loadOffsetMillis": 180_100}],
                              "recoveryMillis": 20_000, "recovered": True, "failedOperations": 7, "slowedOperations": 12}]
    with open(f"{folder}/summary.json", "w") as f:
        json.dump(summary, f, indent=2, ensure_ascii=False)
    with open(f"{folder}/config.yaml", "w") as f:
        f.write(f"# note: <script>alert('x')</script> must show as text\nname: {name}\npreset: xs\ntarget: local\nstrategy: {strategy}\nqos:\n  percentile: 99\n"
                f"appInstances:\n  - users: {segments[-1][0]}\n    maxUsers: 1000\n    appServers: 2\n"
                "tiers:\n  db:\n    tuning:\n      shared_buffers: 256MB\n")
    with open(f"{folder}/tuning/postgresql.conf", "w") as f:
        f.write("# rendered by anemometer\nshared_buffers = 256MB\nmax_connections = 200\nwork_mem = 4MB\n")
    with open(f"{folder}/tuning/nginx.conf", "w") as f:
        f.write("worker_processes 2;\nevents { worker_connections 4096; }\n")
    with open(f"{folder}/logs/app-0.log", "w") as f:
        f.write("2026-11-21T20:14:30Z INFO Started AuctionApplication in 6.1 seconds\n")


here = os.path.dirname(os.path.abspath(__file__))
run(f"{here}/20261121-201403-fixed-300", "fixed-300", "fixed", random.Random(7),
    [(300, 300, ["RAMP_UP", "WARM_UP", "QOS", "QOS", "QOS", "QOS", "QOS", "QOS", "RAMP_DOWN"], {14})],
    300, "PASSED", "QoS met")
run(f"{here}/20261122-091500-findmax", "findmax", "findMax", random.Random(11),
    [(u, 60, ["WARM_UP", "QOS", "QOS"], {k for k in range(200) if u >= 560}) for u in (160, 320, 480, 560, 420)],
    420, "PASSED", "QoS met")
