"""The systems under test, behind one interface.

A system runs one *turn* of a case: a warm-up, then ITERS timed runs, and
returns the fastest and the median run of that turn. The driver (bench.py)
calls turns of all systems round-robin; how a system keeps state between its
turns is its own business:

  DLC      a fresh `dlc-run MODEL --repeat ITERS` per turn (it compiles each
           time; compile time is reported apart and never in the latency),
           from a copy of build/bin/dlc-run taken when the run starts
  oneDNN   a fresh `dnnl_sgemm M K N ITERS` per turn (stateless C program)
  NumPy    a long-lived worker.py process per thread count
  PyTorch  a long-lived worker.py process per thread count
  ORT      a long-lived `node ort_run.js --serve` per thread count
"""

import hashlib
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass, field

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
DLC_RUN = os.path.join(ROOT, "build", "bin", "dlc-run")
DNNL_SGEMM = os.path.join(BENCH, "build", "dnnl_sgemm")


class BenchError(Exception):
    """A system could not run a case; recorded, the run goes on."""


@dataclass
class Turn:
    min_ms: float
    median_ms: float
    extra: dict = field(default_factory=dict)  # e.g. DLC's compile times


def thread_env(threads):
    """Environment for a child that should use `threads` threads."""
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(threads)
    env["OPENBLAS_NUM_THREADS"] = str(threads)
    # The brief's machines may set these for other tools; they change which
    # OpenBLAS kernels run, so the benchmark never inherits them.
    env.pop("OPENBLAS_CORETYPE", None)
    env.pop("OPENBLAS_L2_SIZE", None)
    return env


def _turn_from_times(times):
    return Turn(min(times), statistics.median(times))


class LineWorker:
    """A child process that answers one JSON line per JSON request line."""

    def __init__(self, argv, env, cwd=BENCH):
        self.argv = argv
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env, cwd=cwd, bufsize=1)
        self.lines = queue.Queue()
        # A reader thread, so a request can time out instead of hanging.
        threading.Thread(target=self._read, daemon=True).start()
        self.stderr = []
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line)
            del self.stderr[:-20]

    def request(self, obj, timeout):
        try:
            self.proc.stdin.write(json.dumps(obj) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise BenchError(f"{self.argv[0]} worker died: {''.join(self.stderr)[-500:]}")
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.close()
            raise BenchError(f"timed out after {timeout:.0f} s")
        if line is None:
            raise BenchError(f"worker exited: {''.join(self.stderr)[-500:]}")
        reply = json.loads(line)
        if "error" in reply:
            raise BenchError(reply["error"])
        return reply

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class System:
    key = ""      # name in results.csv
    label = ""    # name in the tables
    sections = ()  # sections it takes part in

    def supports(self, case):
        return case.section in self.sections

    def turn(self, case, threads, iters, timeout):
        raise NotImplementedError

    def note(self, threads):
        """A remark for this system's figures at `threads`, or ''."""
        return ""

    def close(self):
        pass


class Dlc(System):
    key, label = "dlc", "DLC"
    sections = ("matmul", "layers", "models")
    LATENCY = re.compile(r"latency: min=(\S+) ms median=(\S+) ms")
    COMPILE = re.compile(r"compile: import=(\S+) ms lower=(\S+) ms jit=(\S+) ms")

    def __init__(self, work):
        # Time a private copy of dlc-run, taken once: the compiler is rebuilt
        # in the same tree while benchmarks run, and a rebuild halfway through
        # would otherwise mix two DLC versions in one page. dlc-run finds its
        # libraries through an absolute RUNPATH, so the copy runs anywhere.
        os.makedirs(work, exist_ok=True)
        self.path = os.path.join(work, "dlc-run")
        tmp = self.path + ".tmp"
        for _ in range(60):
            self.wait_for_binary()
            # A binary modified seconds ago may still be being linked.
            if time.time() - os.stat(DLC_RUN).st_mtime < 10:
                time.sleep(10)
                continue
            shutil.copy2(DLC_RUN, tmp)
            if subprocess.run([tmp, "--version"], capture_output=True).returncode == 0:
                break
            time.sleep(10)
        else:
            raise BenchError(f"no working {DLC_RUN} for 10 minutes")
        os.replace(tmp, self.path)
        with open(self.path, "rb") as f:
            self.sha256 = hashlib.sha256(f.read()).hexdigest()[:12]
        self.built = time.strftime("%Y-%m-%d %H:%M", time.localtime(
            os.stat(self.path).st_mtime))
        out = subprocess.run([self.path, "--help"], capture_output=True, text=True)
        self.has_threads = "--threads" in out.stdout + out.stderr

    @staticmethod
    def wait_for_binary(limit_s=600):
        """dlc-run disappears while the compiler is being rebuilt: wait."""
        t0 = time.monotonic()
        while not os.access(DLC_RUN, os.X_OK):
            if time.monotonic() - t0 > limit_s:
                raise BenchError(f"{DLC_RUN} missing for {limit_s} s")
            time.sleep(5)

    def note(self, threads):
        if threads > 1 and not self.has_threads:
            return "1 thread (no --threads yet)"
        return ""

    def command(self, case, threads, repeat):
        cmd = [self.path, case.model]
        if case.test_data:
            # Real models: check the output against the reference too.
            cmd += ["--test-data", case.test_data, "--rtol", "1e-3", "--atol", "1e-4"]
        else:
            for x in case.inputs:
                cmd += ["--input", x]
            if case.expect:
                # Generated models: their NumPy reference output.
                cmd += ["--expect", case.expect, "--rtol", "1e-3", "--atol", "1e-4"]
        if repeat:
            cmd += ["--repeat", str(repeat)]
        if self.has_threads:
            cmd += ["--threads", str(threads)]
        return cmd

    def turn(self, case, threads, iters, timeout):
        try:
            out = subprocess.run(self.command(case, threads, iters),
                                 capture_output=True, text=True,
                                 timeout=timeout, env=thread_env(threads))
        except OSError as e:
            raise BenchError(f"cannot run dlc-run: {e}")
        except subprocess.TimeoutExpired:
            raise BenchError(f"dlc-run timed out after {timeout:.0f} s")
        text = out.stdout + out.stderr
        lat = self.LATENCY.search(text)
        if out.returncode == 2 or not lat:
            # The first diagnostic says what went wrong; notes that follow
            # it (MLIR's) are context.
            lines = [l for l in text.splitlines() if l.strip()]
            first = next((l for l in lines if "error" in l.lower()), lines[0] if lines else "")
            raise BenchError(f"dlc-run exit {out.returncode}: {first.strip()[:250]}")
        extra = {}
        comp = self.COMPILE.search(text)
        if comp:
            extra["compile_ms"] = tuple(float(v) for v in comp.groups())
        if out.returncode == 1:
            extra["mismatch"] = True  # timed anyway; reported in the notes
        return Turn(float(lat.group(1)), float(lat.group(2)), extra)


class OneDnn(System):
    key, label = "onednn", "oneDNN"
    sections = ("matmul",)

    def turn(self, case, threads, iters, timeout):
        m, k, n = case.mkn
        try:
            out = subprocess.run([DNNL_SGEMM, str(m), str(k), str(n), str(iters), "2"],
                                 capture_output=True, text=True, timeout=timeout,
                                 env=thread_env(threads))
        except subprocess.TimeoutExpired:
            raise BenchError(f"dnnl_sgemm timed out after {timeout:.0f} s")
        if out.returncode != 0:
            raise BenchError("dnnl_sgemm failed: " + out.stderr.strip()[-400:])
        best, median, _ = out.stdout.split()
        return Turn(float(best), float(median))

    @staticmethod
    def version():
        out = subprocess.run([DNNL_SGEMM, "--version"], capture_output=True, text=True)
        return out.stdout.strip() or "unknown"


class _Pooled(System):
    """A system served by one long-lived worker process per thread count."""

    def __init__(self):
        self.workers = {}

    def start(self, threads):
        raise NotImplementedError

    def worker(self, threads):
        w = self.workers.get(threads)
        if w is None or w.proc.poll() is not None:
            w = self.workers[threads] = self.start(threads)
        return w

    def close(self):
        for w in self.workers.values():
            w.close()
        self.workers.clear()


class NumPy(_Pooled):
    key, label = "numpy", "NumPy"
    sections = ("matmul",)

    def start(self, threads):
        return LineWorker(["/usr/bin/python3", os.path.join(BENCH, "worker.py"),
                           "numpy", str(threads)], thread_env(threads))

    def turn(self, case, threads, iters, timeout):
        m, k, n = case.mkn
        r = self.worker(threads).request(
            {"op": "matmul", "M": m, "K": k, "N": n, "warmup": 1, "iters": iters},
            timeout)
        return _turn_from_times(r["times_ms"])

    def info(self, threads=1):
        return self.worker(threads).request({"op": "info"}, 120)


class Torch(_Pooled):
    key, label = "torch", "PyTorch"
    sections = ("layers", "models")

    def start(self, threads):
        return LineWorker(["/usr/bin/python3", os.path.join(BENCH, "worker.py"),
                           "torch", str(threads)], thread_env(threads))

    def turn(self, case, threads, iters, timeout):
        if case.torchvision:
            request = {"op": "torchvision", "name": case.torchvision, "inputs": case.inputs}
        else:
            request = {"op": "onnx", "model": case.model, "inputs": case.inputs}
        r = self.worker(threads).request(dict(request, warmup=1, iters=iters), timeout)
        return _turn_from_times(r["times_ms"])

    def check(self, case):
        """Max abs error of the torch reimplementation (or module) against the reference."""
        request = {"op": "check", "model": case.model, "inputs": case.inputs,
                   "expect": case.expect}
        if case.torchvision:
            request = dict(request, op="torchvision_check", name=case.torchvision)
        return self.worker(1).request(request, 300)["max_abs_err"]

    def info(self, threads=1):
        return self.worker(threads).request({"op": "info"}, 120)


class Ort(_Pooled):
    key, label = "ort", "onnxruntime"
    sections = ("layers", "models")
    SCRIPT = os.path.join(BENCH, "ort_run.js")

    def start(self, threads):
        return LineWorker(["node", self.SCRIPT, "--serve", "--threads", str(threads)],
                          thread_env(threads))

    def turn(self, case, threads, iters, timeout):
        r = self.worker(threads).request(
            {"op": "time", "model": case.model, "inputs": case.inputs,
             "warmup": 1, "iters": iters}, timeout)
        return _turn_from_times(r["times_ms"])

    @classmethod
    def version(cls):
        out = subprocess.run(["node", cls.SCRIPT, "--version"], capture_output=True,
                             text=True)
        return out.stdout.strip() or "unknown: " + out.stderr.strip()[-200:]
