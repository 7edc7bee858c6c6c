"""A long-lived timing worker for one in-process reference (NumPy or PyTorch).

    /usr/bin/python3 worker.py numpy|torch THREADS

The driver starts one worker per (system, thread count) and sends it one JSON
request per line on stdin; each answer is one JSON line on stdout. Keeping the
process alive lets the driver interleave short turns of every system without
paying Python and torch start-up each turn, and keeps each library's thread
pool configured once, from the environment it was started with (the driver
sets OMP_NUM_THREADS and OPENBLAS_NUM_THREADS before the import).

Requests:
  {"op": "info"}                                 -> versions and thread config
  {"op": "matmul", "M":, "K":, "N":, "warmup":, "iters":}   (numpy)
  {"op": "onnx", "model":, "inputs": [npy...], "warmup":, "iters":}  (torch)
  {"op": "check", "model":, "inputs": [...], "expect": npy} (torch)
  {"op": "torchvision", "name":, "inputs": [npy], "warmup":, "iters":}  (torch: the module)
  {"op": "torchvision_check", "name":, "inputs": [npy], "expect": npy}  (torch)
Timed requests answer {"times_ms": [...]}; failures answer {"error": "..."}.
"""

import json
import sys
import time
import traceback

import numpy as np

SYSTEM = sys.argv[1]
THREADS = int(sys.argv[2])

if SYSTEM == "torch":
    import torch

    torch.set_num_threads(THREADS)
    # One op at a time, as in a batch-1 inference loop.
    torch.set_num_interop_threads(1)
    from torch_onnx import TorchOnnx, load_inputs

try:  # Optional (python3-threadpoolctl): confirms and pins BLAS threads.
    import threadpoolctl

    threadpoolctl.threadpool_limits(THREADS)
except ImportError:
    threadpoolctl = None


def info():
    out = {"numpy": np.__version__, "threads": THREADS}
    if threadpoolctl:
        out["threadpools"] = threadpoolctl.threadpool_info()
    else:
        out["threadpools"] = "threadpoolctl not installed"
    if SYSTEM == "torch":
        out["torch"] = torch.__version__
        out["torch_threads"] = torch.get_num_threads()
        out["torch_parallel"] = torch.__config__.parallel_info()
    return out


def timed(fn, warmup, iters):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(iters):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return times


_matmul_cache = {}
_model_cache = {}


def matmul(req):
    key = (req["M"], req["K"], req["N"])
    if key not in _matmul_cache:
        rng = np.random.default_rng(0)
        m, k, n = key
        a = rng.random((m, k), dtype=np.float32) - 0.5
        b = rng.random((k, n), dtype=np.float32) - 0.5
        # Write into a preallocated result, like sgemm does: times the
        # multiply, not a fresh allocation of C.
        _matmul_cache[key] = (a, b, np.empty((m, n), dtype=np.float32))
    a, b, c = _matmul_cache[key]
    return timed(lambda: np.matmul(a, b, out=c), req["warmup"], req["iters"])


def model(req):
    key = (req["model"], tuple(req["inputs"]))
    if key not in _model_cache:
        _model_cache[key] = (TorchOnnx(req["model"]), load_inputs(req["inputs"]))
    fn, args = _model_cache[key]
    return timed(lambda: fn(*args), req["warmup"], req["iters"])


def torchvision_model(req):
    key = ("torchvision", req["name"])
    if key not in _model_cache:
        import torchvision_models

        module = torchvision_models.build(req["name"])
        _model_cache[key] = (module, load_inputs(req["inputs"]))
    module, args = _model_cache[key]

    def run():
        with torch.no_grad():
            return module(*args)

    return timed(run, req["warmup"], req["iters"])


def torchvision_check(req):
    import torchvision_models

    with torch.no_grad():
        got = torchvision_models.build(req["name"])(*load_inputs(req["inputs"])).numpy()
    want = np.load(req["expect"])
    return float(np.max(np.abs(got.astype(np.float64) - want)))


def check(req):
    fn = TorchOnnx(req["model"])
    got = fn(*load_inputs(req["inputs"]))[0].numpy()
    want = np.load(req["expect"])
    return float(np.max(np.abs(got.astype(np.float64) - want)))


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            op = req["op"]
            if op == "info":
                reply = info()
            elif op == "matmul":
                reply = {"times_ms": matmul(req)}
            elif op == "onnx":
                reply = {"times_ms": model(req)}
            elif op == "check":
                reply = {"max_abs_err": check(req)}
            elif op == "torchvision":
                reply = {"times_ms": torchvision_model(req)}
            elif op == "torchvision_check":
                reply = {"max_abs_err": torchvision_check(req)}
            else:
                reply = {"error": f"unknown op {op}"}
        except Exception as e:  # report, keep serving
            reply = {"error": f"{type(e).__name__}: {e}",
                     "trace": traceback.format_exc()}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
