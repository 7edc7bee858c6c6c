"""Checks what dlc-run --profile printed (stdin) and wrote (--profile-json).

usage: check_profile.py TRACE.json RUNS NODE... < table

Every row of the table and every trace event names one of NODE; the trace
holds one complete event per row per run and nothing else; each run's rows
add up to no more than the run; the first NODE's row takes at least 80% of
the whole run's median, and the rows' medians add up to the whole run's
within 5%.
"""

import json
import re
import sys

trace_path, runs, nodes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
table = sys.stdin.read().splitlines()
start = next(i for i, line in enumerate(table) if line.startswith("profile: "))
rows, medians = {}, {}
for line in table[start + 2:]:
    fields = line.split()
    if "(outside" in line:
        continue
    if "whole run" in line:
        whole, rows_sum = float(fields[1]), float(re.search(r"add up to ([0-9.]+)", line).group(1))
        break
    name = fields[-1] if " + " not in line else line.split(" + ")[0].split()[-1]
    assert name in nodes, f"row names {name}, not one of {nodes}"
    medians[name] = float(fields[1])
assert medians, "no rows"
first = medians[nodes[0]]
assert first >= 0.8 * whole, f"{nodes[0]}: {first} ms of {whole} ms"
assert abs(rows_sum - whole) <= 0.05 * whole, f"rows add up to {rows_sum} ms, the run {whole} ms"

trace = json.load(open(trace_path))
events = trace["traceEvents"]
assert all(e["ph"] == "X" for e in events), "only complete events"
assert len(events) == runs * len(medians), f"{len(events)} events for {len(medians)} rows"
for e in events:
    assert e["name"] in nodes, e["name"]
    assert e["dur"] >= 0 and e["ts"] >= 0
per_run = {}
for e in events:
    per_run.setdefault(e["args"]["run"], []).append(e)
assert sorted(per_run) == list(range(runs))
for run, evs in per_run.items():
    evs.sort(key=lambda e: e["ts"])
    for a, b in zip(evs, evs[1:]):
        assert a["ts"] + a["dur"] <= b["ts"] + 0.01, f"run {run}: {a['name']} overlaps {b['name']}"
print(f"profile ok: {len(medians)} rows, {runs} runs, {nodes[0]} {100 * first / whole:.0f}%")
