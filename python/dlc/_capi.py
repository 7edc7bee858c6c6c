"""ctypes declarations of the parts of DLC's C API (include/dlc-c) and of
MLIR's C API (exported by libDLC.so) that the package calls."""

import ctypes
import ctypes.util
import os

API_VERSION = 13  # DLC_API_VERSION of the headers this file mirrors


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    @staticmethod
    def of(text):
        raw = text.encode() if isinstance(text, str) else bytes(text)
        ref = StringRef(raw, len(raw))
        ref._keep = raw  # the bytes live as long as the reference
        return ref

    def get(self):
        return ctypes.string_at(self.data, self.length).decode(errors="replace")


def _handle(name):
    return type(name, (ctypes.Structure,), {"_fields_": [("ptr", ctypes.c_void_p)]})


Context = _handle("Context")
Module = _handle("Module")
Operation = _handle("Operation")
Attribute = _handle("Attribute")
PassManager = _handle("PassManager")
OpPassManager = _handle("OpPassManager")
Diagnostic = _handle("Diagnostic")
Executable = _handle("Executable")
Profile = _handle("Profile")


class LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


MAX_RANK = 16
DIM_DYNAMIC = -(2**63)


class TensorType(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_int), ("rank", ctypes.c_int64),
                ("shape", ctypes.c_int64 * MAX_RANK)]


class Tensor(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_int), ("rank", ctypes.c_int64),
                ("shape", ctypes.c_int64 * MAX_RANK), ("data", ctypes.c_void_p),
                ("bytes", ctypes.c_size_t)]


class Signature(ctypes.Structure):
    _fields_ = [("numInputs", ctypes.c_ssize_t), ("numOutputs", ctypes.c_ssize_t),
                ("inputs", ctypes.POINTER(TensorType)), ("outputs", ctypes.POINTER(TensorType))]


StringCallback = ctypes.CFUNCTYPE(None, StringRef, ctypes.c_void_p)
# ctypes callbacks cannot return structures: MlirLogicalResult (one int8)
# and MlirDiagnostic (one pointer) travel as what the ABI makes of them.
DiagnosticHandler = ctypes.CFUNCTYPE(ctypes.c_int8, ctypes.c_void_p, ctypes.c_void_p)


class CompileOptions(ctypes.Structure):
    _fields_ = [("optimize", ctypes.c_bool), ("disabledPasses", ctypes.c_char_p),
                ("codegen", ctypes.c_int), ("layout", ctypes.c_int), ("threads", ctypes.c_int64),
                ("schedules", ctypes.c_char_p), ("checks", ctypes.c_bool),
                ("optLevel", ctypes.c_int),
                ("cpu", ctypes.c_char_p), ("linker", ctypes.c_char_p),
                ("profile", ctypes.c_bool), ("reproducer", ctypes.c_char_p),
                ("inputShapes", ctypes.c_char_p), ("compileThreads", ctypes.c_int64)]


class RunOptions(ctypes.Structure):
    _fields_ = [("errorCallback", StringCallback), ("userData", ctypes.c_void_p),
                ("profile", Profile)]


class ProfileRowInfo(ctypes.Structure):
    _fields_ = [("name", StringRef), ("opType", StringRef), ("shape", StringRef),
                ("flops", ctypes.c_double), ("numNodes", ctypes.c_ssize_t)]


class PassOptionInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("type", ctypes.c_char_p),
                ("defaultValue", ctypes.c_char_p), ("description", ctypes.c_char_p)]


class PassInfo(ctypes.Structure):
    _fields_ = [("argument", ctypes.c_char_p), ("summary", ctypes.c_char_p),
                ("description", ctypes.c_char_p), ("isPipeline", ctypes.c_int),
                ("numOptions", ctypes.c_ssize_t), ("options", ctypes.POINTER(PassOptionInfo))]


def _find_library():
    """$DLC_LIBRARY, else the copy a pip install put in the package, else
    libDLC.so of the prefix the package was installed in with DLC
    (<prefix>/lib/python3/dist-packages/dlc -> <prefix>/lib) or of the build
    tree next to the source (build/lib), else the loader's search."""
    if os.environ.get("DLC_LIBRARY"):
        return os.environ["DLC_LIBRARY"]
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, "libDLC.so"),
                      os.path.join(here, "..", "..", "..", "libDLC.so"),
                      os.path.join(here, "..", "..", "build", "lib", "libDLC.so")):
        if os.path.exists(candidate):
            return os.path.normpath(candidate)
    return ctypes.util.find_library("DLC") or "libDLC.so"


lib = ctypes.CDLL(_find_library())

_SIGNATURES = {
    "dlcGetAPIVersion": (ctypes.c_int, []),
    "dlcDTypeName": (ctypes.c_char_p, [ctypes.c_int]),
    "dlcContextCreate": (Context, []),
    "mlirContextDestroy": (None, [Context]),
    "mlirContextAttachDiagnosticHandler": (ctypes.c_uint64, [Context, DiagnosticHandler,
                                                            ctypes.c_void_p, ctypes.c_void_p]),
    "mlirContextDetachDiagnosticHandler": (None, [Context, ctypes.c_uint64]),
    "dlcDiagnosticPrint": (None, [Diagnostic, StringCallback, ctypes.c_void_p]),
    "dlcRegisterAllPasses": (None, []),
    "dlcModuleCreateFromFile": (Module, [Context, StringRef, ctypes.c_void_p]),
    "dlcModuleCreateParse": (Module, [Context, StringRef, StringRef]),
    "mlirModuleDestroy": (None, [Module]),
    "mlirModuleGetOperation": (Operation, [Module]),
    "mlirOperationPrint": (None, [Operation, StringCallback, ctypes.c_void_p]),
    "mlirOperationWriteBytecode": (None, [Operation, StringCallback, ctypes.c_void_p]),
    "mlirOperationGetAttributeByName": (Attribute, [Operation, StringRef]),
    "mlirOperationSetAttributeByName": (None, [Operation, StringRef, Attribute]),
    "mlirUnitAttrGet": (Attribute, [Context]),
    "mlirArrayAttrGetNumElements": (ctypes.c_ssize_t, [Attribute]),
    "mlirArrayAttrGetElement": (Attribute, [Attribute, ctypes.c_ssize_t]),
    "mlirDictionaryAttrGetElementByName": (Attribute, [Attribute, StringRef]),
    "mlirAttributeIsAString": (ctypes.c_bool, [Attribute]),
    "mlirStringAttrGetValue": (StringRef, [Attribute]),
    "dlcModuleLookupEntry": (Operation, [Module, StringRef]),
    "dlcCompileOptionsGetDefault": (CompileOptions, []),
    "dlcExecutableCreate": (Executable, [Module, StringRef, ctypes.POINTER(CompileOptions)]),
    "dlcExecutableCreateFromOwnedModule": (Executable, [Module, StringRef,
                                                        ctypes.POINTER(CompileOptions)]),
    "dlcContextReleaseUnusedWeights": (ctypes.c_ssize_t, [Context, ctypes.c_ssize_t,
                                                          ctypes.POINTER(Module)]),
    "dlcExecutableDestroy": (None, [Executable]),
    "dlcTensorDestroy": (None, [ctypes.POINTER(Tensor)]),
    "dlcExecutableGetSignature": (ctypes.POINTER(Signature), [Executable]),
    "dlcExecutableRun": (LogicalResult, [Executable, ctypes.c_ssize_t, ctypes.POINTER(Tensor),
                                         ctypes.c_ssize_t, ctypes.POINTER(Tensor),
                                         ctypes.POINTER(RunOptions)]),
    "dlcProfileCreate": (Profile, [Executable]),
    "dlcProfileDestroy": (None, [Profile]),
    "dlcProfileGetNumRows": (ctypes.c_ssize_t, [Profile]),
    "dlcProfileGetRowInfo": (ProfileRowInfo, [Profile, ctypes.c_ssize_t]),
    "dlcProfileGetRowNode": (StringRef, [Profile, ctypes.c_ssize_t, ctypes.c_ssize_t]),
    "dlcProfileGetNumRuns": (ctypes.c_ssize_t, [Profile]),
    "dlcProfileGetTime": (ctypes.c_double, [Profile, ctypes.c_ssize_t, ctypes.c_ssize_t]),
    "dlcProfileGetStart": (ctypes.c_double, [Profile, ctypes.c_ssize_t, ctypes.c_ssize_t]),
    "dlcProfileGetRunTime": (ctypes.c_double, [Profile, ctypes.c_ssize_t]),
    "dlcProfilePrint": (None, [Profile, StringCallback, ctypes.c_void_p]),
    "dlcProfilePrintTrace": (None, [Profile, StringCallback, ctypes.c_void_p]),
    "dlcModuleGetNumEntries": (ctypes.c_ssize_t, [Module]),
    "dlcModuleGetEntry": (Operation, [Module, ctypes.c_ssize_t]),
    "dlcEntryGetName": (StringRef, [Operation]),
    "dlcModuleRenameEntry": (LogicalResult, [Module, StringRef, StringRef]),
    "dlcModuleLowerToLLVM": (LogicalResult, [Module, ctypes.POINTER(CompileOptions)]),
    "dlcModuleEmitObjectFile": (LogicalResult, [Module, ctypes.POINTER(CompileOptions), StringRef]),
    "dlcModuleEmitSharedLibrary": (LogicalResult, [Module, ctypes.POINTER(CompileOptions),
                                                   StringRef]),
    "dlcModuleEmitCHeader": (LogicalResult, [Module, ctypes.POINTER(CompileOptions), StringRef]),
    "mlirPassManagerCreate": (PassManager, [Context]),
    "mlirPassManagerDestroy": (None, [PassManager]),
    "mlirPassManagerGetAsOpPassManager": (OpPassManager, [PassManager]),
    "mlirPassManagerRunOnOp": (LogicalResult, [PassManager, Operation]),
    "dlcParsePassPipeline": (LogicalResult, [OpPassManager, StringRef, StringCallback,
                                             ctypes.c_void_p]),
    "dlcGetNumPassInfos": (ctypes.c_ssize_t, []),
    "dlcGetPassInfo": (PassInfo, [ctypes.c_ssize_t]),
}
for _name, (_restype, _argtypes) in _SIGNATURES.items():
    _fn = getattr(lib, _name)
    _fn.restype = _restype
    _fn.argtypes = _argtypes
