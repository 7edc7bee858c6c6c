# -*- Python -*-
# lit configuration for DLC. Run through `cmake --build build --target check-dlc`
# or scripts/test.sh; lit.site.cfg.py (generated) sets the build paths.
import os
import platform
import subprocess
import tempfile
import lit.formats
import lit.util

config.name = "DLC"
config.test_format = lit.formats.ShTest(not lit.util.which("bash") is None)
config.suffixes = [".mlir", ".test", ".c", ".sh"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.dlc_obj_root, "test")

# Our tools first, then LLVM 22's (FileCheck, not, count, mlir-opt, clang).
config.environment["PATH"] = os.pathsep.join(
    [config.dlc_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])

# ../shared holds the ONNX node tests and the real models. Tests that need it
# must fail loudly when it is missing, never skip.
shared = os.environ.get("DLC_SHARED", config.dlc_shared_default)
if not os.path.isdir(shared):
    lit_config.fatal("DLC's shared data is missing: %s (set DLC_SHARED)" % shared)
config.environment["DLC_SHARED"] = shared

config.substitutions.append(("%shared", shared))
config.substitutions.append(("%irdl", config.dlc_irdl))
config.substitutions.append(("%python", "/usr/bin/python3"))
config.substitutions.append(("%dlc_src", config.dlc_src_root))
config.substitutions.append(("%dlc_obj", config.dlc_obj_root))
config.substitutions.append(("%cc", config.dlc_cc))
# LLVM's OpenMP runtime, which code compiled for more than one thread calls.
config.substitutions.append(("%dlc_omp_dir", config.dlc_openmp_runtime_dir))
config.substitutions.append(("%dlc_omp", config.dlc_openmp_runtime))
config.substitutions.append(("%dlc_include", os.path.join(config.dlc_src_root, "include")))

# tools/ort-intermediates.py runs onnxruntime-node from npm, which a clean
# clone (CI) lacks: bench/run.sh installs it, or DLC_ORT_MODULES names one.
ort_modules = os.environ.get("DLC_ORT_MODULES")
if ort_modules:
    config.environment["DLC_ORT_MODULES"] = ort_modules
else:
    ort_modules = os.path.join(config.dlc_src_root, "bench", "node_modules")
if lit.util.which("node", config.environment["PATH"]) and \
        os.path.isdir(os.path.join(ort_modules, "onnxruntime-node")):
    config.available_features.add("onnxruntime")

# x86-64 hosts: tests that name x86 CPUs (--mcpu=haswell, the AVX2 code
# of another machine) need one.
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64")

# A sanitized build (-DDLC_SANITIZE=...): every report aborts, so that a
# `not` line cannot take it for an expected failure, and leaks are reported
# at exit. Programs that are not sanitized themselves (python, stock
# mlir-opt) cannot load a sanitized libDLC: tests of those are unsupported.
# %differential: the e2e case families compile each case with both code
# generators and compare them. A sanitized build checks DLC's own code,
# which the default fast pipeline runs all of up to its loops: there the
# families compile each case once, with it, against NumPy (CI's time).
config.substitutions.append(("%differential", "" if config.dlc_sanitize else "--differential"))
if config.dlc_sanitize:
    config.available_features.add("sanitized")
    for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
        config.environment[name] = "abort_on_error=1:print_stacktrace=1:detect_leaks=1"
    # Generated code tests every allocation it makes (a size that a bad
    # run-time value makes impossible is a status, as with libc's malloc):
    # ASan's malloc returns null for it too, instead of aborting.
    config.environment["ASAN_OPTIONS"] += ":allocator_may_return_null=1"
    # use_tls=0: LSan's scan of thread-local storage crashes on libomp's
    # threads; lsan.supp lists what others (the dynamic loader) keep.
    config.environment["LSAN_OPTIONS"] = "use_tls=0:print_suppressions=0:suppressions=" + os.path.join(
        config.test_source_root, "lsan.supp")

# Full-disk tests (test/reliability/full-disk.test) mount a tiny tmpfs under
# their temporary directory: that needs root and a `mount` that works (an
# unprivileged container has neither). Without them those tests are
# unsupported, and lit says why.
def tmpfs_unavailable():
    if os.geteuid() != 0:
        return "not running as root"
    probe = tempfile.mkdtemp(prefix="dlc-tmpfs-probe-")
    try:
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", probe],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if mounted.returncode != 0:
            return "mount -t tmpfs failed: " + mounted.stdout.strip()
        if subprocess.run(["umount", probe]).returncode != 0:
            return "umount of a probe tmpfs failed (left at %s)" % probe
        return None
    except OSError as e:
        return "cannot run mount: %s" % e
    finally:
        try:
            os.rmdir(probe)
        except OSError:
            pass


why = tmpfs_unavailable()
if why is None:
    config.available_features.add("tmpfs-mount")
else:
    lit_config.note("full-disk tests are unsupported: %s" % why)
