"""DLC from Python: compile ONNX or MLIR models and run them on NumPy arrays.

    import dlc
    m = dlc.compile("model.onnx")
    (y,) = m(x)                  # or m(input_name=x)

The package talks to DLC's public C API (libDLC.so) through ctypes; every
failure raises dlc.Error with DLC's diagnostics, locations included.
"""

import collections
import ctypes
import functools
import os
import sys
import threading
import warnings

import numpy as np

from . import _capi as C

__all__ = ["Error", "NativeOutputWarning", "Module", "Profile", "ProfileRow", "TensorInfo", "PassInfo", "compile", "export", "import_onnx",
           "run_pipeline", "passes"]


class Error(Exception):
    """A DLC failure; the message holds its diagnostics (file:line:col,
    ONNX node names) in full."""


if C.lib.dlcGetAPIVersion() != C.API_VERSION:
    raise ImportError(f"libDLC has C API version {C.lib.dlcGetAPIVersion()}, "
                      f"this package expects {C.API_VERSION}")

# DlcDType, in the enum's order.
# By DlcDType. bfloat16 and the low-precision types after it (float8,
# float4, int4, int2) have no NumPy dtype: a model that takes or returns
# them is refused by name (_info) rather than handed raw bits that would
# read as wrong numbers.
_DTYPES = [np.dtype(t) for t in (np.float32, np.float64, np.int8, np.int16, np.int32, np.int64,
                                 np.uint8, np.uint16, np.uint32, np.uint64, np.bool_,
                                 np.float16)] + [None] * 11

TensorInfo = collections.namedtuple("TensorInfo", "name dtype shape")
TensorInfo.__doc__ = "An input or output: its name, numpy dtype and shape (None: dynamic dim)."
PassInfo = collections.namedtuple("PassInfo", "name summary description is_pipeline options")
PassOption = collections.namedtuple("PassOption", "name type default description")
ProfileRow = collections.namedtuple("ProfileRow", "name op shape nodes flops times")
ProfileRow.__doc__ = ("A node (or the nodes fused with it, `nodes`) of a profile: its dlc op(s), "
                      "result shape, FLOPs per run (0: no count) and seconds in each run.")


class Profile:
    """Times per node over the runs of Module.profile: `rows` (ProfileRow),
    `run_times` (seconds of each whole run), `table()` (dlc-run --profile's
    table) and `trace()` / `write_trace(path)` (Chrome trace events)."""

    def __init__(self, handle):
        p = handle
        runs = C.lib.dlcProfileGetNumRuns(p)
        self.rows = []
        for r in range(C.lib.dlcProfileGetNumRows(p)):
            info = C.lib.dlcProfileGetRowInfo(p, r)
            nodes = tuple(C.lib.dlcProfileGetRowNode(p, r, k).get() for k in range(info.numNodes))
            times = [C.lib.dlcProfileGetTime(p, k, r) for k in range(runs)]
            self.rows.append(ProfileRow(info.name.get(), info.opType.get(), info.shape.get(),
                                        nodes, info.flops, times))
        self.run_times = [C.lib.dlcProfileGetRunTime(p, k) for k in range(runs)]
        self._table = _collect(C.lib.dlcProfilePrint, p)
        self._trace = _collect(C.lib.dlcProfilePrintTrace, p)

    def table(self):
        return self._table

    def trace(self):
        return self._trace

    def write_trace(self, path):
        with open(path, "w") as f:
            f.write(self._trace)


def _collect(printer, handle):
    pieces = []
    printer(handle, C.StringCallback(lambda text, _: pieces.append(text.get())), None)
    return "".join(pieces)


class _Context:
    """A DLC context whose diagnostics are collected, to raise them."""

    def __init__(self):
        self.ctx = C.lib.dlcContextCreate()
        if not self.ctx.ptr:
            raise Error("cannot load DLC's dialects")
        self.messages = []

        def handle(diagnostic, _):
            def collect(text, _):
                self.messages.append(text.get().rstrip("\n"))
            callback = C.StringCallback(collect)
            C.lib.dlcDiagnosticPrint(C.Diagnostic(diagnostic), callback, None)
            return 1  # handled

        self._handler = C.DiagnosticHandler(handle)  # kept alive with the context
        C.lib.mlirContextAttachDiagnosticHandler(self.ctx, self._handler, None, None)

    def fail(self, what):
        text = "\n".join(self.messages) or "(no diagnostic)"
        self.messages = []
        raise Error(f"{what}:\n{text}")

    def __del__(self):
        if getattr(self, "ctx", None) is not None and self.ctx.ptr:
            C.lib.mlirContextDestroy(self.ctx)
            self.ctx = None


class NativeOutputWarning(UserWarning):
    """What LLVM or MLIR printed on the process's stderr during a DLC call
    that succeeded (e.g. an IR dump a `print-ir` in a pipeline asked for)."""


# One capture at a time: file descriptor 2 is the process's.
_stderr_lock = threading.Lock()


def _capturing_native_stderr(function):
    """Runs `function` with file descriptor 2 redirected into a pipe, so
    that what native code prints (LLVM and MLIR write to fd 2 directly,
    around Python's sys.stderr) reaches the caller through Python: appended
    to the dlc.Error it raises, or as a NativeOutputWarning when it returns.
    Other threads' writes to fd 2 during the call are captured with it."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        try:
            saved = os.dup(2)
        except OSError:  # no fd 2 to capture
            return function(*args, **kwargs)
        with _stderr_lock:
            chunks = []
            read_end, write_end = os.pipe()

            def drain():  # a reader, so a long dump cannot fill the pipe
                while True:
                    chunk = os.read(read_end, 65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                os.close(read_end)

            reader = threading.Thread(target=drain, daemon=True)
            reader.start()
            sys.stderr.flush()
            os.dup2(write_end, 2)
            os.close(write_end)
            try:
                result = function(*args, **kwargs)
            except Error as e:
                error = e
            else:
                error = None
            finally:
                os.dup2(saved, 2)  # closes the pipe's last write end: EOF
                os.close(saved)
                reader.join()
        text = b"".join(chunks).decode(errors="replace").rstrip("\n")
        if error is not None:
            if text:
                raise Error(f"{error}\n{text}") from None
            raise error
        if text:
            warnings.warn(text, NativeOutputWarning, stacklevel=2)
        return result

    return wrapper


def _load(context, source):
    """A module from a path (.onnx, .mlir, bytecode) or from MLIR text."""
    # A path, or text that cannot be MLIR (which has braces): DLC says why
    # a file cannot be read.
    if isinstance(source, os.PathLike) or (isinstance(source, str) and
                                           (os.path.exists(source) or "{" not in source)):
        path = os.fspath(source)
        module = C.lib.dlcModuleCreateFromFile(context.ctx, C.StringRef.of(path), None)
        if not module.ptr:
            context.fail(f"cannot load '{path}'")
        return module
    if not isinstance(source, str):
        raise TypeError("source must be a path or MLIR text")
    # Parsed by a child process first: text that crashes MLIR's parser is
    # an error, not the end of this process.
    module = C.lib.dlcModuleCreateParse(context.ctx, C.StringRef.of(source),
                                        C.StringRef.of("<string>"))
    if not module.ptr:
        context.fail("cannot load the MLIR text")
    return module


def _apply_pipeline(context, module, pipeline):
    pm = C.lib.mlirPassManagerCreate(context.ctx)
    errors = []
    callback = C.StringCallback(lambda text, _: errors.append(text.get()))
    try:
        if not C.lib.dlcParsePassPipeline(C.lib.mlirPassManagerGetAsOpPassManager(pm),
                                          C.StringRef.of(pipeline), callback, None).value:
            raise Error(f"invalid pipeline '{pipeline}':\n" + "".join(errors).strip())
        if not C.lib.mlirPassManagerRunOnOp(pm, C.lib.mlirModuleGetOperation(module)).value:
            context.fail(f"pipeline '{pipeline}' failed")
    finally:
        C.lib.mlirPassManagerDestroy(pm)


def _print(module, bytecode=False):
    pieces = []
    callback = C.StringCallback(lambda text, _: pieces.append(
        ctypes.string_at(text.data, text.length)))
    op = C.lib.mlirModuleGetOperation(module)
    if bytecode:
        C.lib.mlirOperationWriteBytecode(op, callback, None)
        return b"".join(pieces)
    C.lib.mlirOperationPrint(op, callback, None)
    return b"".join(pieces).decode() + "\n"


def _onnx_names(module, attr, prefix, count=64):
    """The entry's ONNX names of its inputs (attr "arg_attrs") or outputs
    ("res_attrs"): their `onnx.name` attributes, else input0, input1, ..."""
    names = [f"{prefix}{i}" for i in range(count)]
    entry = C.lib.dlcModuleLookupEntry(module, C.StringRef.of(""))
    if not entry.ptr:
        return names
    attrs = C.lib.mlirOperationGetAttributeByName(entry, C.StringRef.of(attr))
    if attrs.ptr:
        for i in range(min(count, C.lib.mlirArrayAttrGetNumElements(attrs))):
            name = C.lib.mlirDictionaryAttrGetElementByName(
                C.lib.mlirArrayAttrGetElement(attrs, i), C.StringRef.of("onnx.name"))
            if name.ptr and C.lib.mlirAttributeIsAString(name):
                names[i] = C.lib.mlirStringAttrGetValue(name).get()
    return names


def _info(types, count, names):
    infos = []
    for i in range(count):
        t = types[i]
        shape = tuple(None if t.shape[k] == C.DIM_DYNAMIC else t.shape[k] for k in range(t.rank))
        if _DTYPES[t.dtype] is None:
            raise Error(f"'{names[i]}' is {C.lib.dlcDTypeName(t.dtype).decode()}, which NumPy has "
                        "no dtype for: the Python package cannot pass it (dlc-run and the C API "
                        "can)")
        infos.append(TensorInfo(names[i], _DTYPES[t.dtype], shape))
    return infos


def _tensor_of(array):
    t = C.Tensor()
    t.dtype = _DTYPES.index(array.dtype)
    t.rank = array.ndim
    for k, d in enumerate(array.shape):
        t.shape[k] = d
    t.data = array.ctypes.data
    t.bytes = array.nbytes
    return t


class Module:
    """A compiled model. Call it with one array per input, in order, or by
    input name; it returns a list of arrays, one per output. Calls are
    thread-safe (one at a time per Module; the GIL is released meanwhile)."""

    def __init__(self, context, executable, names, output_names, profiled=False):
        self._context = context
        self._exe = executable
        self._profiled = profiled
        self._lock = threading.Lock()
        sig = C.lib.dlcExecutableGetSignature(executable).contents
        self.inputs = _info(sig.inputs, sig.numInputs, names)
        self.outputs = _info(sig.outputs, sig.numOutputs, output_names)

    def __call__(self, *arrays, **by_name):
        inputs, outputs = self._prepare(arrays, by_name)
        return self._run(inputs, outputs, C.Profile())

    def profile(self, *arrays, repeat=10, **by_name):
        """Runs the model once to warm up, then `repeat` times timing each
        node; returns a Profile. Needs dlc.compile(..., profile=True)."""
        if not self._profiled:
            raise Error("compile with profile=True to profile")
        if repeat < 1:
            raise Error(f"repeat must be at least 1, got {repeat}")
        inputs, outputs = self._prepare(arrays, by_name)
        self._run(inputs, outputs, C.Profile())
        handle = C.lib.dlcProfileCreate(self._exe)
        try:
            for _ in range(repeat):
                self._run(inputs, outputs, handle)
            return Profile(handle)
        finally:
            C.lib.dlcProfileDestroy(handle)

    def _prepare(self, arrays, by_name):
        if by_name:
            if arrays:
                raise Error("pass the inputs by position or by name, not both")
            unknown = sorted(set(by_name) - {i.name for i in self.inputs})
            if unknown:
                raise Error(f"no input named {', '.join(unknown)} (inputs: "
                            f"{', '.join(i.name for i in self.inputs)})")
            missing = [i.name for i in self.inputs if i.name not in by_name]
            if missing:
                raise Error(f"missing input {', '.join(missing)}")
            arrays = [by_name[i.name] for i in self.inputs]
        if len(arrays) != len(self.inputs):
            raise Error(f"the model takes {len(self.inputs)} inputs, got {len(arrays)}")
        inputs = []
        for info, value in zip(self.inputs, arrays):
            # np.require keeps a 0-d array 0-d (ascontiguousarray makes it 1-d).
            array = np.require(value, requirements="C")
            if array.dtype != info.dtype:
                raise Error(f"input '{info.name}' must be {info.dtype}, got {array.dtype}")
            fits = array.ndim == len(info.shape) and all(
                want is None or want == got for want, got in zip(info.shape, array.shape))
            if not fits:
                raise Error(f"input '{info.name}' must have shape {info.shape}, "
                            f"got {array.shape}")
            inputs.append(array)
        # An output with dynamic dims is made by the run (None here).
        return inputs, [None if None in o.shape else np.empty(o.shape, o.dtype)
                        for o in self.outputs]

    def _run(self, inputs, outputs, profile):
        ins = (C.Tensor * max(1, len(inputs)))(*[_tensor_of(a) for a in inputs])
        outs = (C.Tensor * max(1, len(outputs)))(
            *[C.Tensor() if a is None else _tensor_of(a) for a in outputs])
        errors = []
        options = C.RunOptions(C.StringCallback(lambda text, _: errors.append(text.get())), None,
                               profile)
        with self._lock:
            ok = C.lib.dlcExecutableRun(self._exe, len(inputs), ins, len(outputs), outs,
                                        ctypes.byref(options)).value
        results = list(outputs)
        for i, a in enumerate(outputs):
            if a is not None:
                continue
            # The library made it: copy it into NumPy's memory, then free it.
            t = outs[i]
            if ok:
                shape = tuple(t.shape[k] for k in range(t.rank))
                array = np.empty(shape, self.outputs[i].dtype)
                if t.bytes:
                    ctypes.memmove(array.ctypes.data, t.data, t.bytes)
                results[i] = array
            C.lib.dlcTensorDestroy(ctypes.byref(t))
        if not ok:
            raise Error("".join(errors) or "the run failed")
        return results

    def __del__(self):
        if getattr(self, "_exe", None) is not None and self._exe.ptr:
            C.lib.dlcExecutableDestroy(self._exe)
            self._exe = None


_LAYOUTS = {"nhwc": 0, "nchw": 1}  # DlcLayout


def _input_shapes(shapes):
    """{name or position: dims} as DlcCompileOptions.inputShapes writes it
    ("x=1x3x224x224,..."); None for a dim keeps it as it is."""
    items = []
    for key, dims in shapes.items():
        text = "x".join("?" if d is None else str(int(d)) for d in dims)
        items.append(f"{key}={text}")
    return ",".join(items).encode()


def _options(threads, optimize, profile=False, checks=True, layout="nhwc", input_shapes=None,
             cpu=None):
    if layout not in _LAYOUTS:
        raise Error(f"invalid layout '{layout}': expected 'nhwc' or 'nchw'")
    options = C.lib.dlcCompileOptionsGetDefault()
    if cpu:
        options.cpu = cpu.encode()
    if input_shapes:
        # Kept alive by the options struct's owner (ctypes keeps the bytes).
        options.inputShapes = _input_shapes(input_shapes)
    options.layout = _LAYOUTS[layout]
    options.optimize = bool(optimize)
    options.profile = bool(profile)
    options.checks = bool(checks)
    options.threads = threads if threads is not None else (os.cpu_count() or 1)
    return options


@_capturing_native_stderr
def compile(source, *, threads=None, optimize=True, pipeline=None, profile=False, checks=True,
            layout="nhwc", input_shapes=None, cpu=None):
    """Compiles `source` (a path to .onnx, .mlir or MLIR bytecode, or MLIR
    text) for this machine. `threads`: threads the code runs on (None: the
    machine's cores); `optimize`: DLC's graph optimizations first;
    `pipeline`: a textual pass pipeline run on the module before DLC's
    lowering (e.g. "builtin.module(dlc-fold-constants{max-elements=64})");
    `profile`: time each node, for Module.profile (a separate compile: code
    compiled without it reads no clocks); `checks=False`: no run-time
    checks, so an out-of-range Gather index or an integer division by zero
    gives clamped / safe numbers instead of raising dlc.Error
    (docs/RuntimeErrors.md); `layout`: "nhwc" (default) or "nchw", the
    layout convolutions and pooling compute in; `input_shapes`: {input name
    or position: dims} fixing dynamic dims at compile time (None keeps a
    dim as it is), as dlc-run --input-shape; `cpu`: an LLVM CPU name to
    compile for instead of this machine's CPU, one whose features it has
    ("haswell": the AVX2 code of another machine), as dlc-run --mcpu."""
    context = _Context()
    module = _load(context, source)
    try:
        if pipeline:
            _apply_pipeline(context, module, pipeline)
        entry = C.lib.dlcModuleLookupEntry(module, C.StringRef.of(""))
        if not entry.ptr:
            context.fail("no entry to compile")
        options = _options(threads, optimize, profile, checks, layout, input_shapes, cpu)
        # The names go with lowering; read them first.
        names = _onnx_names(module, "arg_attrs", "input")
        output_names = _onnx_names(module, "res_attrs", "output")
        # The context is this call's and holds no other module: lowering may
        # free the weights it leaves dead as it goes (dlc-release-dead-weights),
        # and what is dead at its end goes before LLVM compiles.
        C.lib.mlirOperationSetAttributeByName(C.lib.mlirModuleGetOperation(module),
                                              C.StringRef.of("dlc.sole_module"),
                                              C.lib.mlirUnitAttrGet(context.ctx))
        if not C.lib.dlcModuleLowerToLLVM(module, ctypes.byref(options)).value:
            context.fail("compilation failed")
        C.lib.dlcContextReleaseUnusedWeights(context.ctx, 1, ctypes.byref(module))
        # The executable takes the module (destroyed before LLVM compiles)
        # and its weights' blobs: less memory while compiling.
        owned, module = module, None
        exe = C.lib.dlcExecutableCreateFromOwnedModule(owned, C.StringRef.of(""),
                                                       ctypes.byref(options))
        if not exe.ptr:
            context.fail("compilation failed")
    finally:
        if module is not None:
            C.lib.mlirModuleDestroy(module)
    return Module(context, exe, names, output_names, profile)


@_capturing_native_stderr
def export(source, path, *, kind="shared", name=None, threads=1, optimize=True, checks=True,
           layout="nhwc", input_shapes=None, cpu=None):
    """Writes what `dlc-translate --emit-shared` (kind="shared") or
    `--emit-obj` (kind="object") writes: the compiled model at `path` and
    its C header next to it (`path` with the extension .h). The entry's C
    name is `name`, or for @main the file's stem ("libmlp.so" -> mlp).
    `checks`, `layout`, `input_shapes`: as for compile; `cpu`: the CPU
    the artifact is for, as dlc-translate --mcpu ("generic": portable).
    Both files are written, or neither. Returns the header's path."""
    if kind not in ("shared", "object"):
        raise ValueError("kind must be 'shared' or 'object'")
    path = os.fspath(path)
    header = os.path.splitext(path)[0] + ".h"
    if header == path:
        raise Error(f"'{path}' would be overwritten by its own header: name it otherwise")
    context = _Context()
    module = _load(context, source)
    try:
        options = _options(threads, optimize, checks=checks, layout=layout,
                           input_shapes=input_shapes, cpu=cpu)
        if not C.lib.dlcModuleLowerToLLVM(module, ctypes.byref(options)).value:
            context.fail("compilation failed")
        entries = [C.lib.dlcEntryGetName(C.lib.dlcModuleGetEntry(module, i)).get()
                   for i in range(C.lib.dlcModuleGetNumEntries(module))]
        if name is None and "main" in entries:
            stem = os.path.splitext(os.path.basename(path))[0]
            stem = stem[3:] if kind == "shared" and stem.startswith("lib") else stem
            name = "".join(c if c.isalnum() or c == "_" else "_" for c in stem) or "model"
            name = "_" + name if name[0].isdigit() else name
        if name is not None and not C.lib.dlcModuleRenameEntry(
                module, C.StringRef.of(""), C.StringRef.of(name)).value:
            context.fail(f"cannot name the entry '{name}'")
        # The library writes the artifact whole or not at all, its errors
        # naming `path`; a header that then cannot be written takes the new
        # artifact with it (as dlc-translate does).
        emit = (C.lib.dlcModuleEmitSharedLibrary if kind == "shared"
                else C.lib.dlcModuleEmitObjectFile)
        if not emit(module, ctypes.byref(options), C.StringRef.of(path)).value:
            context.fail(f"cannot write '{path}'")
        if not C.lib.dlcModuleEmitCHeader(module, ctypes.byref(options),
                                          C.StringRef.of(header)).value:
            os.remove(path)
            context.fail(f"cannot write '{header}'")
        return header
    finally:
        C.lib.mlirModuleDestroy(module)


@_capturing_native_stderr
def import_onnx(path, *, bytecode=False):
    """The dlc_graph module of an ONNX model, as MLIR text (bytes of MLIR
    bytecode with bytecode=True)."""
    context = _Context()
    module = C.lib.dlcModuleCreateFromFile(context.ctx, C.StringRef.of(os.fspath(path)), None)
    if not module.ptr:
        context.fail(f"cannot import '{os.fspath(path)}'")
    try:
        return _print(module, bytecode)
    finally:
        C.lib.mlirModuleDestroy(module)


@_capturing_native_stderr
def run_pipeline(source, pipeline):
    """Runs a textual pipeline (DLC and upstream passes mixed) on MLIR text
    (or a file) and returns the resulting MLIR text."""
    context = _Context()
    module = _load(context, source)
    try:
        _apply_pipeline(context, module, pipeline)
        return _print(module)
    finally:
        C.lib.mlirModuleDestroy(module)


def passes():
    """Every DLC pass and pipeline with its summary, description and
    options (name, type, default, description), from DLC's pass table."""
    C.lib.dlcRegisterAllPasses()
    result = []
    for i in range(C.lib.dlcGetNumPassInfos()):
        p = C.lib.dlcGetPassInfo(i)
        options = [PassOption(p.options[k].name.decode(), p.options[k].type.decode(),
                              p.options[k].defaultValue.decode(),
                              p.options[k].description.decode())
                   for k in range(p.numOptions)]
        result.append(PassInfo(p.argument.decode(), p.summary.decode(), p.description.decode(),
                               bool(p.isPipeline), options))
    return result
