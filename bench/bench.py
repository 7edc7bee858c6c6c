"""DLC benchmark driver: DLC against NumPy/OpenBLAS, oneDNN, PyTorch and
onnxruntime on one machine, in one run. Start it through bench/run.sh, which
installs the references first.

How a case is measured (see bench/README.md): for each thread count, ROUNDS
rounds; in each round every system runs one turn (a warm-up, then ITERS timed
runs), the systems taking turns round-robin with the starting system rotating
each round. Interleaving spreads slow drifts of the shared machine (another
build, thermal state) over all systems instead of charging them to whichever
ran during the drift. Reported: best = the fastest run seen in any turn;
median = the median of the turns' medians.
"""

import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import List, Optional

import cases as cases_mod
import report
from systems import (BENCH, DLC_RUN, ROOT, BenchError, Dlc, NumPy, OneDnn, Ort,
                     Torch, thread_env)


@dataclass
class Settings:
    rounds: int            # interleaved rounds per case and thread count
    turn_s: float          # aimed-for timed seconds in one turn of one system
    max_iters: int         # cap on timed runs per turn
    system_budget_s: float  # a system stops joining rounds of a case past this
    skip_s: float          # skip a system whose predicted single run is longer
    settle_s: float        # pause after each turn (see run_case)


FULL = Settings(rounds=5, turn_s=0.3, max_iters=200, system_budget_s=45,
                skip_s=30, settle_s=0.1)
QUICK = Settings(rounds=2, turn_s=0.05, max_iters=20, system_budget_s=5,
                 skip_s=3, settle_s=0.02)


@dataclass
class Result:
    section: str
    case: str
    system: str
    threads: int
    best_ms: Optional[float] = None
    median_ms: Optional[float] = None
    gflops: Optional[float] = None
    rounds: int = 0
    note: str = ""
    extra: dict = field(default_factory=dict)


@dataclass
class _State:
    """One system's progress on one case at one thread count."""
    turns: List = field(default_factory=list)
    wall_s: float = 0.0
    last_wall_s: float = 0.0
    last_iters: int = 1
    done: bool = False
    note: str = ""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run_case(case, systems, threads, settings, throughput):
    """Interleaved rounds of every system on one case; one Result per system.

    throughput[(system key, threads)] is the GFLOP/s of the largest case of
    this section measured so far; it predicts a system's time on the next
    case, so that a case that would take minutes per run (naive code on
    2048^3) is skipped with a note instead of eating the time box.
    """
    states = {}
    for s in systems:
        if not s.supports(case):
            continue
        st = states[s] = _State()
        tp = throughput.get((s.key, threads))
        if case.flops and tp:
            predicted_s = case.flops / (tp[1] * 1e9)
            if predicted_s > settings.skip_s:
                st.done = True
                st.note = (f"skipped: predicted {predicted_s:.3g} s per run "
                           f"from {tp[1]:.2f} GFLOP/s on {tp[2]}")
    order = list(states)
    for rnd in range(settings.rounds):
        # Rotate who goes first, so no system always follows the same one.
        for s in order[rnd % len(order):] + order[:rnd % len(order)]:
            st = states[s]
            if st.done:
                continue
            if st.turns:
                est_ms = max(st.turns[-1].median_ms, 1e-3)
                iters = int(min(settings.max_iters,
                                max(1, settings.turn_s * 1e3 / est_ms)))
                # Would this turn overrun the system's budget on the case?
                # A turn's wall time is a fixed part (dlc-run compiles the
                # model: seconds) and one per run (the warm-up and the timed
                # ones); scaling all of it by the runs gave a model that
                # compiles in 3 s and runs in 7 ms one timed run per turn.
                per_run_s = est_ms / 1e3
                fixed_s = max(0.0, st.last_wall_s - (st.last_iters + 1) * per_run_s)
                next_wall = fixed_s + (iters + 1) * per_run_s
                if st.wall_s + next_wall > settings.system_budget_s:
                    iters = 1
                    next_wall = st.last_wall_s
                    if st.wall_s + next_wall > settings.system_budget_s:
                        st.done = True
                        st.note = st.note or f"{len(st.turns)} of {settings.rounds} rounds (time budget)"
                        continue
            else:
                iters = 1  # first turn: one timed run, to learn the run time
            # A generous timeout: predicted time with a wide margin.
            timeout = 120 + 20 * (iters + 1) * (st.turns[-1].median_ms / 1e3
                                                if st.turns else settings.skip_s)
            t0 = time.monotonic()
            try:
                turn = s.turn(case, threads, iters, timeout)
            except BenchError as e:
                st.done = True
                st.note = f"error: {e}".replace("\n", " ")[:300]
                log(f"  {s.label}: {st.note}")
                continue
            st.last_wall_s = time.monotonic() - t0
            st.wall_s += st.last_wall_s
            st.last_iters = iters
            st.turns.append(turn)
            # Let the previous system's pool threads stop spinning (OpenBLAS
            # and OpenMP busy-wait after a call) before the next one runs.
            time.sleep(settings.settle_s)

    results = []
    for s, st in states.items():
        r = Result(case.section, case.name, s.key, threads, rounds=len(st.turns))
        notes = [n for n in (s.note(threads), st.note) if n]
        if st.turns:
            r.best_ms = min(t.min_ms for t in st.turns)
            r.median_ms = statistics.median(t.median_ms for t in st.turns)
            if case.flops:
                r.gflops = case.flops / (r.best_ms * 1e6)
                prev = throughput.get((s.key, threads))
                if not prev or case.flops >= prev[0]:
                    throughput[(s.key, threads)] = (case.flops, r.gflops, case.name)
            compiles = [t.extra["compile_ms"] for t in st.turns if "compile_ms" in t.extra]
            if compiles:
                r.extra["compile_ms"] = tuple(statistics.median(c[i] for c in compiles)
                                              for i in range(3))
            if any(t.extra.get("mismatch") for t in st.turns):
                notes.append("output MISMATCH against the reference")
        r.note = "; ".join(notes)
        results.append(r)
        fig = (f"best {r.best_ms:.4g} ms, median {r.median_ms:.4g} ms"
               if r.best_ms is not None else "n/a")
        log(f"  {s.label:12s} {threads}t: {fig}  ({r.rounds} rounds) {r.note}")
    return results


def peak_rss_mib(cmd, env):
    """Peak resident set of `cmd` in MiB, from /usr/bin/time -v."""
    if not os.access("/usr/bin/time", os.X_OK):
        return None, "/usr/bin/time missing"
    out = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True,
                         text=True, env=env, timeout=600)
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr)
    if not m:
        return None, "no RSS figure: " + out.stderr.strip()[-200:]
    note = "" if out.returncode == 0 else f"exit status {out.returncode}"
    return int(m.group(1)) / 1024.0, note


def measure_models_extra(model_cases, dlc, torch_sys, results):
    """Peak RSS of one dlc-run and one onnxruntime node process per model,
    and the torch reimplementation's error against each reference."""
    env = thread_env(1)
    for case in model_cases:
        for key, cmd in (("dlc", dlc.command(case, 1, 1)),
                         ("ort", ["node", Ort.SCRIPT, case.model] + case.inputs +
                          ["--threads", "1", "--repeat", "1"])):
            try:
                mib, note = peak_rss_mib(cmd, env)
            except subprocess.TimeoutExpired:
                mib, note = None, "timed out"
            results.append(Result("rss", case.name, key, 1, note=note,
                                  extra={"peak_rss_mib": mib}))
            log(f"  peak RSS {key} {case.name}: {mib and round(mib, 1)} MiB {note}")
        if torch_sys:
            try:
                err = torch_sys.check(case)
                note = f"max_abs_err={err:.3g} vs reference output"
            except BenchError as e:
                note = f"error: {e}"
            results.append(Result("torch_check", case.name, "torch", 1, note=note))
            log(f"  torch reimplementation {case.name}: {note}")


def _loadavg():
    """1-minute load average: how busy the shared machine was."""
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def _run(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        return (out.stdout + out.stderr).strip()
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"unavailable ({e})"


def machine_facts(dlc, numpy_sys, torch_sys):
    fields = {}
    with open("/proc/cpuinfo") as f:
        for line in f:
            if not line.strip():
                break  # the first processor is enough
            key, _, value = line.partition(":")
            fields[key.strip()] = value.strip()
    # "AMD EPYC" alone says little in a VM: family/model tell the generation.
    cpu = (f"{fields.get('model name', 'unknown')} (family {fields.get('cpu family', '?')}, "
           f"model {fields.get('model', '?')})")
    flags = " " + fields.get("flags", "") + " "
    caches = ", ".join(
        line.split(":", 1)[0].strip() + " " + line.split(":", 1)[1].strip()
        for line in _run(["lscpu"]).splitlines()
        if re.match(r"L[123]\w* cache", line))
    isa = [x for x in ("avx2", "fma", "avx512f", "avx512bw", "avx512_bf16", "avx512vnni")
           if f" {x} " in flags]
    with open("/proc/meminfo") as f:
        mem_kb = int(f.readline().split()[1])
    head = _run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"])
    dirty = _run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"])
    facts = {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "cpu": cpu,
        "isa": " ".join(isa),
        "caches": caches or "cache sizes unknown",
        "cores": os.cpu_count(),
        "memory": f"{mem_kb / 2**20:.0f} GiB",
        "os": f"{platform.system()} {platform.release()}",
        "dlc": _run([dlc.path, "--version"]) + f", git {head}" +
               (" with uncommitted changes" if dirty and "unavailable" not in dirty else "") +
               f"; build/bin/dlc-run of {dlc.built}, sha256 {dlc.sha256}… "
               "(copied at the start, so one binary is timed throughout)",
        "dlc_threads": "yes" if dlc.has_threads else "no (DLC runs 1 thread at every thread count)",
        "onednn": OneDnn.version(),
        "ort": Ort.version(),
        "node": _run(["node", "--version"]),
        "gcc": _run(["gcc", "--version"]).splitlines()[0],
        "python": platform.python_version(),
    }
    try:
        info = numpy_sys.info()
        pools = info["threadpools"]
        if isinstance(pools, list):
            blas = ", ".join(f"{p.get('internal_api')} {p.get('version')} "
                             f"({p.get('threading_layer')}, {p.get('architecture')} kernels)"
                             for p in pools if p.get("user_api") == "blas")
        else:
            blas = pools
        facts["numpy"] = f"NumPy {info['numpy']} with {blas or 'no BLAS found'}"
    except BenchError as e:
        facts["numpy"] = f"unavailable ({e})"
    try:
        info = torch_sys.info()
        backend = re.search(r"ATen parallel backend: (.*)", info["torch_parallel"])
        facts["torch"] = (f"PyTorch {info['torch']} (eager, "
                          f"{backend.group(1) if backend else '?'} intra-op threads)")
    except BenchError as e:
        facts["torch"] = f"unavailable ({e})"
    return facts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true",
                    help="one matmul, one conv, one small model; outputs to a temp dir")
    ap.add_argument("--threads", help="comma-separated thread counts (default 1,2; quick 1)")
    ap.add_argument("--out", help="folder for Performance.md, performance.png, results.csv "
                    "(default: docs/ and bench/; with --quick a new temp dir)")
    ap.add_argument("--rounds", type=int, help="override the number of rounds")
    ap.add_argument("--only", help="regex: run only the cases whose name matches")
    args = ap.parse_args()

    settings = QUICK if args.quick else FULL
    if args.rounds:
        settings.rounds = args.rounds
    threads = [int(t) for t in (args.threads or ("1" if args.quick else "1,2")).split(",")]
    if args.out:
        out_dir = md_dir = csv_dir = os.path.abspath(args.out)
    elif args.quick:
        out_dir = md_dir = csv_dir = tempfile.mkdtemp(prefix="dlc-bench-")
    else:
        out_dir = None
        md_dir, csv_dir = os.path.join(ROOT, "docs"), BENCH
    work = os.path.join(out_dir, "work") if out_dir else os.path.join(BENCH, "build", "work")
    for d in (md_dir, csv_dir):
        os.makedirs(d, exist_ok=True)

    t_start = time.monotonic()
    load_start = _loadavg()
    all_cases = cases_mod.build_cases(work, args.quick)
    if args.only:
        all_cases = [c for c in all_cases if re.search(args.only, c.name)]
        if not all_cases:
            sys.exit(f"bench: no case matches --only {args.only!r}")
    dlc, onednn, numpy_sys, torch_sys, ort = Dlc(work), OneDnn(), NumPy(), Torch(), Ort()
    systems = [dlc, numpy_sys, onednn, torch_sys, ort]
    results = []
    try:
        facts = machine_facts(dlc, numpy_sys, torch_sys)
        log(f"DLC benchmark: {facts['cpu']}, threads {threads}, "
            f"{settings.rounds} rounds, {len(all_cases)} cases")
        for section in ("matmul", "layers", "models"):
            sec_cases = [c for c in all_cases if c.section == section]
            throughput = {}
            for case in sec_cases:
                for t in threads:
                    log(f"[{section}] {case.name} ({case.desc}), {t} thread(s)")
                    results += run_case(case, systems, t, settings, throughput)
            if section == "models" and sec_cases:
                measure_models_extra(sec_cases, dlc, torch_sys, results)
    finally:
        for s in systems:
            s.close()
    if os.path.exists(DLC_RUN) and os.stat(DLC_RUN).st_mtime != os.stat(dlc.path).st_mtime:
        facts["dlc"] += "; build/bin/dlc-run was rebuilt during the run (not timed)"
    facts["load"] = f"{load_start} at the start, {_loadavg()} at the end"
    facts["elapsed"] = f"{time.monotonic() - t_start:.0f} s"
    facts["command"] = "sh bench/run.sh" + (" --quick" if args.quick else "") + (
        f" --threads {args.threads}" if args.threads else "")
    facts["settings"] = settings
    facts["threads"] = threads

    csv_path = os.path.join(csv_dir, "results.csv")
    md_path = os.path.join(md_dir, "Performance.md")
    png_path = os.path.join(md_dir, "performance.png")
    report.write_csv(csv_path, results)
    report.write_png(png_path, results, all_cases, threads)
    report.write_markdown(md_path, results, all_cases, facts, os.path.basename(png_path))
    log(f"wrote {md_path}, {png_path}, {csv_path} in {facts['elapsed']}")
    # Speed never fails the run; a system that errored or a DLC output that
    # mismatched its reference does.
    bad = [r for r in results if "error:" in r.note or "MISMATCH" in r.note]
    for r in bad:
        log(f"problem: {r.section} {r.case} {r.system} {r.threads}t: {r.note}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
