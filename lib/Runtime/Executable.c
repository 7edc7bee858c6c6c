//===- Executable.c - Entries JIT-compiled in this process ------*- C -*-===//
//
// The entry is called through a packed `void _mlir_f(void **args)` added
// to the module: args[i] points to the i-th argument (here a buffer
// pointer), the last one to the result (the i32 status). That calls the
// entry with the same convention as the C header dlc-translate writes.
// The module compiles in parts on all the cores (Target/Parts.h), which
// the JIT links (Runtime/Jit.h).
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Entry/Entry.h"
#include "Runtime/Jit.h"
#include "Runtime/JitModule.h"
#include "Runtime/JitWeights.h"
#include "Runtime/Profile.h"
#include "Support/Diag.h"
#include "Support/ReleaseWeights.h"
#include "Support/Str.h"
#include "Target/Parts.h"
#include "dlc-c/Runtime.h"
#include "dlc-c/Status.h"
#include "dlc-c/Target.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <stdlib.h>
#include <string.h>

typedef struct Executable {
  DlcJit *jit;
  void (*packed)(void **);
  void (*packedFree)(void **); ///< `<name>_free`, for entries with dynamic outputs
  intptr_t numDynamic; ///< inputs and outputs with `?` dims: one argument more each
  char *name;
  DlcSignature signature;
  int64_t plannedBytes, unplannedBytes; ///< -1: not recorded
  char **checks; ///< `dlc.checks`: where each run-time check is
  intptr_t numChecks;
  DlcProfileRows profileRows; ///< `dlc.profile`: what an instrumented entry times
  bool profiled;
  DlcJitWeights weights; ///< the large constants the code reads
  void (**destructors)(void); ///< what the module's llvm.mlir.global_dtors called
  intptr_t numDestructors;
} Executable;

// Constants smaller than this stay initializers LLVM can fold.
#define MIN_EXTERNAL_WEIGHT_BYTES 4096

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool isDynamic(const DlcSignature *sig, intptr_t i) {
  return !dlcTensorTypeIsStatic(i < sig->numInputs ? &sig->inputs[i]
                                                   : &sig->outputs[i - sig->numInputs]);
}

// The lowered entry must be `i32 (ptr, ..)` with one pointer per tensor,
// and one more per tensor with `?` dims (its shape; dlc-entry-abi).
static bool checkABI(MlirOperation entry, const DlcSignature *sig) {
  intptr_t numArgs = sig->numInputs + sig->numOutputs;
  for (intptr_t i = 0, n = sig->numInputs + sig->numOutputs; i < n; ++i)
    numArgs += isDynamic(sig, i);
  MlirAttribute fnAttr = mlirOperationGetAttributeByName(entry, ref("function_type"));
  MlirType fnType = mlirAttributeIsNull(fnAttr) ? (MlirType){NULL} : mlirTypeAttrGetValue(fnAttr);
  MlirContext ctx = mlirOperationGetContext(entry);
  bool ok = !mlirTypeIsNull(fnType) &&
            mlirLLVMFunctionTypeGetNumInputs(fnType) == numArgs &&
            mlirTypeEqual(mlirLLVMFunctionTypeGetReturnType(fnType), mlirIntegerTypeGet(ctx, 32));
  for (intptr_t i = 0; ok && i < numArgs; ++i)
    ok = mlirTypeIsALLVMPointerType(mlirLLVMFunctionTypeGetInput(fnType, i));
  if (!ok) {
    MlirStringRef name = dlcEntryGetName(entry);
    dlcEmitError(mlirOperationGetLocation(entry),
                 "entry @%.*s does not have DLC's entry ABI: i32 (ptr x %ld)",
                 (int)name.length, name.data, (long)numArgs);
  }
  return ok;
}

// An i64 attribute that dlc-plan-memory records on the entry; -1 if absent.
static int64_t bytesAttr(MlirOperation entry, const char *name) {
  MlirAttribute a = mlirOperationGetDiscardableAttributeByName(entry, ref(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a)
                                                               : -1;
}

const char *dlcStatusGetMessage(int status) {
  switch (status) {
  case DlcStatusOk:
    return "success";
  case DlcStatusIndexOutOfRange:
    return "index out of range";
  case DlcStatusDivisionByZero:
    return "integer division by zero";
  case DlcStatusDivisionOverflow:
    return "integer division overflow";
  case DlcStatusOutOfMemory:
    return "out of memory for intermediate buffers";
  case DlcStatusShapeMismatch:
    return "an input's shape does not fit the entry";
  case DlcStatusInvalidInput:
    return "an input value outside what its op accepts";
  }
  return "unknown status";
}

// The strings of `dlc.checks` (an array of strings, else nothing), owned
// by the executable: the context may go before it.
static void copyChecks(Executable *exe, MlirAttribute checks) {
  if (mlirAttributeIsNull(checks) || !mlirAttributeIsAArray(checks))
    return;
  intptr_t n = mlirArrayAttrGetNumElements(checks);
  exe->checks = calloc((size_t)(n ? n : 1), sizeof(char *));
  if (!exe->checks)
    abort();
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute where = mlirArrayAttrGetElement(checks, i);
    MlirStringRef text = mlirAttributeIsAString(where) ? mlirStringAttrGetValue(where) : ref("?");
    exe->checks[i] = dlcStrndup(text.data, text.length);
  }
  exe->numChecks = n;
}

// "@main failed: index out of range at 'gather0' (status 257)": the code
// in the low byte, the check's number (1-based, in dlc.checks) above it.
static void describeStatus(DlcStr *message, const Executable *exe, int32_t status) {
  dlcStrPrintf(message, "@%s failed: %s", exe->name, dlcStatusGetMessage(status & 0xff));
  intptr_t check = status >> 8;
  if (check > 0 && check <= exe->numChecks)
    dlcStrPrintf(message, " at %s", exe->checks[check - 1]);
  dlcStrPrintf(message, " (status %d)", (int)status);
}

// Reads what the executable keeps of the lowered entry: its name,
// signature and records. False after an error diagnostic.
static bool describeEntry(Executable *exe, MlirModule module, MlirOperation entry, bool *openmp) {
  if (mlirLogicalResultIsFailure(dlcEntryGetSignature(entry, &exe->signature)) ||
      !checkABI(entry, &exe->signature))
    return false;
  MlirStringRef name = dlcEntryGetName(entry);
  exe->name = dlcStrndup(name.data, name.length);
  for (intptr_t i = 0, n = exe->signature.numInputs + exe->signature.numOutputs; i < n; ++i)
    exe->numDynamic += isDynamic(&exe->signature, i);
  exe->plannedBytes = bytesAttr(entry, "dlc.peak_intermediate_bytes");
  exe->unplannedBytes = bytesAttr(entry, "dlc.intermediate_bytes_unplanned");
  copyChecks(exe, mlirOperationGetDiscardableAttributeByName(entry, ref("dlc.checks")));
  exe->profiled = dlcProfileRowsRead(
      mlirOperationGetDiscardableAttributeByName(entry, ref("dlc.profile")), &exe->profileRows);
  // Code for more than one thread calls the OpenMP runtime; other code
  // needs only libc and libm, which the process has loaded already.
  *openmp = dlcModuleUsesOpenMP(module);
  if (*openmp && !*dlcOpenMPRuntimePath) {
    dlcEmitError(mlirOperationGetLocation(entry),
                 "@%s runs on OpenMP threads, but DLC was built without libomp (install "
                 "libomp-22-dev and rebuild, or compile for 1 thread)", exe->name);
    return false;
  }
  return true;
}

// The addresses of the destructors named (JitModule.h), which the
// executable calls when it goes.
static void resolveDestructors(Executable *exe, char **names, intptr_t count) {
  exe->destructors = calloc((size_t)(count ? count : 1), sizeof *exe->destructors);
  if (!exe->destructors)
    abort();
  for (intptr_t i = 0; i < count; ++i) {
    DlcStr error = DLC_STR_INIT;
    void (*destructor)(void) = (void (*)(void))dlcJitLookup(exe->jit, names[i], &error);
    if (destructor)
      exe->destructors[exe->numDestructors++] = destructor;
    dlcStrFree(&error);
  }
}

// Lowers, describes and JIT-compiles `module`'s entry. The caller's module
// (`owned` false) is left as lowered: the JIT gets a copy whose weights are
// declarations, and the module's blobs stay in place until the weights are
// copied. A module given up (`owned` true) is changed in place, its
// weights' blobs adopted, and destroyed once translated to LLVM IR: LLVM
// compiles at the first lookup, so its optimization and code generation
// never share memory with the MLIR module or a second copy of the weights.
static DlcExecutable create(MlirModule module, MlirStringRef entryName,
                            const DlcCompileOptions *options, bool owned) {
  int optLevel = options ? options->optLevel : dlcCompileOptionsGetDefault().optLevel;
  Executable *exe = NULL;
  MlirContext ctx = mlirModuleGetContext(module);
  // Code for another CPU runs here only if this one has its features.
  DlcStr missing = DLC_STR_INIT;
  if (options && dlcTargetCPUHostLacks(options->cpu, &missing)) {
    dlcEmitError(mlirOperationGetLocation(mlirModuleGetOperation(module)),
                 "cannot run code for CPU '%s' on this host: it lacks %s", options->cpu,
                 dlcStrGet(&missing));
    dlcStrFree(&missing);
    goto fail;
  }
  dlcStrFree(&missing);
  if (mlirLogicalResultIsFailure(dlcModuleLowerToLLVM(module, options)))
    goto fail;
  MlirOperation entry = dlcModuleLookupEntry(module, entryName);
  if (mlirOperationIsNull(entry))
    goto fail;
  exe = calloc(1, sizeof *exe);
  if (!exe)
    abort();
  bool openmp;
  if (!describeEntry(exe, module, entry, &openmp))
    goto fail;
  // Locations belong to the context: this one outlives an owned module.
  MlirLocation where = mlirOperationGetLocation(entry);
  bool dynamicOutputs = false;
  for (intptr_t i = 0; i < exe->signature.numOutputs; ++i)
    dynamicOutputs = dynamicOutputs || !dlcTensorTypeIsStatic(&exe->signature.outputs[i]);
  DlcStr freeName = DLC_STR_INIT, error = DLC_STR_INIT;
  dlcStrPrintf(&freeName, "%s_free", exe->name);
  MlirModule jitted =
      owned ? module : mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(module)));
  dlcJitWeightsExternalize(jitted, MIN_EXTERNAL_WEIGHT_BYTES, &exe->weights);
  char **destructors;
  intptr_t numDestructors = dlcJitModuleTakeDestructors(jitted, &destructors);
  bool ok = dlcJitModuleAddPackedWrapper(jitted, exe->name) &&
            (!dynamicOutputs || dlcJitModuleAddPackedWrapper(jitted, dlcStrGet(&freeName)));
  DlcCompileOptions defaults = dlcCompileOptionsGetDefault();
  DlcParts parts = {0};
  ok = ok && dlcPartsCreate(jitted, options ? options : &defaults, &parts);
  if (owned && ok)
    dlcJitWeightsAdopt(&exe->weights, ctx);
  mlirModuleDestroy(jitted);
  module = owned ? (MlirModule){NULL} : module;
  ok = ok && dlcPartsCompile(&parts, optLevel, where);
  bool reported = !ok; // in diagnostics; the JIT's errors go to `error`
  if (ok)
    exe->jit = dlcJitCreate(openmp ? dlcOpenMPRuntimePath : NULL, &error);
  for (intptr_t p = 0; exe->jit && p < parts.count; ++p)
    ok = dlcJitAddObject(exe->jit, dlcPartsTakeObject(&parts, p), &error) && ok;
  dlcPartsDestroy(&parts);
  // Instrumented code calls the runtime's mark (dlc-instrument-profile).
  if (ok && exe->jit && dlcJitWeightsBind(&exe->weights, exe->jit, &error) &&
      dlcJitDefine(exe->jit, "dlc_profile_mark", (void *)(uintptr_t)dlcProfileMark, &error)) {
    DlcStr packedName = DLC_STR_INIT;
    dlcStrPrintf(&packedName, "_mlir_%s", exe->name);
    // The first lookup links: unresolved symbols show up here.
    exe->packed = (void (*)(void **))dlcJitLookup(exe->jit, dlcStrGet(&packedName), &error);
    if (exe->packed && dynamicOutputs) {
      dlcStrClear(&packedName);
      dlcStrPrintf(&packedName, "_mlir_%s", dlcStrGet(&freeName));
      exe->packedFree = (void (*)(void **))dlcJitLookup(exe->jit, dlcStrGet(&packedName), &error);
      if (!exe->packedFree)
        exe->packed = NULL;
    }
    dlcStrFree(&packedName);
    if (exe->packed)
      resolveDestructors(exe, destructors, numDestructors);
    dlcJitWeightsFill(&exe->weights);
  }
  for (intptr_t i = 0; i < numDestructors; ++i)
    free(destructors[i]);
  free(destructors);
  dlcStrFree(&freeName);
  if (!exe->packed && !reported) {
    dlcEmitError(where, "JIT compilation of @%s failed%s%s", exe->name,
                 dlcStrGet(&error)[0] ? ": " : "", dlcStrGet(&error));
    dlcStrFree(&error);
    goto fail;
  }
  dlcStrFree(&error);
  if (!exe->packed)
    goto fail;
  return (DlcExecutable){exe};
fail:
  dlcExecutableDestroy((DlcExecutable){exe});
  if (owned && !mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  return (DlcExecutable){NULL};
}

DlcExecutable dlcExecutableCreate(MlirModule module, MlirStringRef entryName,
                                  const DlcCompileOptions *options) {
  return create(module, entryName, options, false);
}

intptr_t dlcContextReleaseUnusedWeights(MlirContext ctx, intptr_t numModules,
                                        const MlirModule *modules) {
  return dlcReleaseUnreferencedWeights(ctx, numModules, modules);
}

DlcExecutable dlcExecutableCreateFromOwnedModule(MlirModule module, MlirStringRef entryName,
                                                 const DlcCompileOptions *options) {
  return create(module, entryName, options, true);
}

void dlcExecutableDestroy(DlcExecutable executable) {
  Executable *exe = executable.ptr;
  if (!exe)
    return;
  for (intptr_t i = exe->numDestructors; i-- > 0;)
    exe->destructors[i]();
  free(exe->destructors);
  dlcJitDestroy(exe->jit);
  dlcSignatureDestroy(&exe->signature);
  for (intptr_t i = 0; i < exe->numChecks; ++i)
    free(exe->checks[i]);
  free(exe->checks);
  dlcProfileRowsDestroy(&exe->profileRows);
  dlcJitWeightsDestroy(&exe->weights);
  free(exe->name);
  free(exe);
}

const DlcSignature *dlcExecutableGetSignature(DlcExecutable executable) {
  return &((Executable *)executable.ptr)->signature;
}

MlirStringRef dlcExecutableGetEntryName(DlcExecutable executable) {
  return ref(((Executable *)executable.ptr)->name);
}

const DlcProfileRows *dlcExecutableGetProfileRows(DlcExecutable executable) {
  Executable *exe = executable.ptr;
  return exe->profiled ? &exe->profileRows : NULL;
}

bool dlcExecutableGetIntermediateBytes(DlcExecutable executable, int64_t *planned,
                                       int64_t *unplanned) {
  const Executable *exe = executable.ptr;
  bool recorded = exe->plannedBytes >= 0 && exe->unplannedBytes >= 0;
  if (planned)
    *planned = recorded ? exe->plannedBytes : 0;
  if (unplanned)
    *unplanned = recorded ? exe->unplannedBytes : 0;
  return recorded;
}

static MlirLogicalResult fail(MlirStringCallback cb, void *userData, DlcStr *message) {
  if (cb)
    cb(mlirStringRefCreate(dlcStrGet(message), message->len), userData);
  dlcStrFree(message);
  return mlirLogicalResultFailure();
}

static void describe(DlcStr *s, const char *what, intptr_t i, const DlcTensorType *want,
                     const DlcTensor *got) {
  DlcTensorType type = dlcTensorGetType(got);
  dlcStrPrintf(s, "%s %ld must be ", what, (long)i);
  dlcTensorTypePrint(want, dlcStrCallback, s);
  dlcStrPuts(s, ", got ");
  dlcTensorTypePrint(&type, dlcStrCallback, s);
}

static bool overlaps(const DlcTensor *a, const DlcTensor *b) {
  const char *pa = a->data, *pb = b->data;
  return a->bytes && b->bytes && pa < pb + b->bytes && pb < pa + a->bytes;
}

// Copies a buffer the code allocated into `t`: in place when `t` has its
// dtype and shape already (repeated runs), else into a new tensor.
static bool takeOutput(DlcTensor *t, DlcDType dtype, int64_t rank, const int64_t *shape,
                       const void *buffer) {
  bool same = t->data && t->dtype == dtype && t->rank == rank;
  for (int64_t d = 0; same && d < rank; ++d)
    same = t->shape[d] == shape[d];
  if (!same) {
    dlcTensorDestroy(t);
    if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, rank, shape, t)))
      return false;
  }
  if (t->bytes)
    memcpy(t->data, buffer, t->bytes);
  return true;
}

MlirLogicalResult dlcExecutableRun(DlcExecutable executable, intptr_t numInputs,
                                   const DlcTensor *inputs, intptr_t numOutputs,
                                   DlcTensor *outputs, const DlcRunOptions *options) {
  MlirStringCallback errorCallback = options ? options->errorCallback : NULL;
  void *userData = options ? options->userData : NULL;
  DlcProfile profile = options ? options->profile : (DlcProfile){NULL};
  Executable *exe = executable.ptr;
  const DlcSignature *sig = &exe->signature;
  DlcStr message = DLC_STR_INIT;
  if (!dlcProfileIsNull(profile) && dlcProfileGetRows(profile) != &exe->profileRows) {
    dlcStrPrintf(&message, "the profile given to @%s was created for another executable",
                 exe->name);
    return fail(errorCallback, userData, &message);
  }
  if (numInputs != sig->numInputs || numOutputs != sig->numOutputs) {
    dlcStrPrintf(&message, "@%s takes %ld inputs and %ld outputs, got %ld and %ld", exe->name,
                 (long)sig->numInputs, (long)sig->numOutputs, (long)numInputs, (long)numOutputs);
    return fail(errorCallback, userData, &message);
  }
  for (intptr_t i = 0; i < numInputs; ++i) {
    if (!dlcTensorTypeAccepts(&sig->inputs[i], &inputs[i]) || (inputs[i].bytes && !inputs[i].data)) {
      describe(&message, "input", i, &sig->inputs[i], &inputs[i]);
      return fail(errorCallback, userData, &message);
    }
  }
  for (intptr_t i = 0; i < numOutputs; ++i) {
    // A dynamic output is (re)created by the run.
    bool dynamic = !dlcTensorTypeIsStatic(&sig->outputs[i]);
    if (!dynamic && (!dlcTensorTypeAccepts(&sig->outputs[i], &outputs[i]) ||
                     (outputs[i].bytes && !outputs[i].data))) {
      describe(&message, "output", i, &sig->outputs[i], &outputs[i]);
      return fail(errorCallback, userData, &message);
    }
    for (intptr_t k = 0; k < numInputs; ++k) {
      if (overlaps(&outputs[i], &inputs[k])) {
        dlcStrPrintf(&message, "output %ld shares storage with input %ld", (long)i, (long)k);
        return fail(errorCallback, userData, &message);
      }
    }
  }
  // The packed call takes a pointer to each argument: on the stack for
  // the argument counts of real models, so that a run allocates nothing.
  // A dynamic input adds its shape; a dynamic output is a slot for the
  // buffer the code allocates, and its shape.
  intptr_t n = numInputs + numOutputs + exe->numDynamic;
  enum { STACK_ARGS = 64 };
  void *stackPointers[STACK_ARGS], *stackArgs[STACK_ARGS + 1], *stackBuffers[STACK_ARGS];
  int64_t stackShapes[STACK_ARGS][DLC_TENSOR_MAX_RANK];
  bool onStack = n <= STACK_ARGS;
  void **pointers = onStack ? stackPointers : malloc(sizeof(void *) * (size_t)n);
  void **args = onStack ? stackArgs : malloc(sizeof(void *) * (size_t)(n + 1));
  void **buffers = onStack ? stackBuffers : calloc((size_t)numOutputs + 1, sizeof(void *));
  int64_t(*shapes)[DLC_TENSOR_MAX_RANK] =
      onStack ? stackShapes : malloc(sizeof(int64_t[DLC_TENSOR_MAX_RANK]) * ((size_t)numOutputs + 1));
  if (!pointers || !args || !buffers || !shapes)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  intptr_t k = 0;
  for (intptr_t i = 0; i < numInputs; ++i) {
    pointers[k++] = inputs[i].data;
    if (!dlcTensorTypeIsStatic(&sig->inputs[i]))
      pointers[k++] = (void *)inputs[i].shape;
  }
  for (intptr_t i = 0; i < numOutputs; ++i) {
    buffers[i] = NULL;
    if (dlcTensorTypeIsStatic(&sig->outputs[i])) {
      pointers[k++] = outputs[i].data;
    } else {
      pointers[k++] = &buffers[i];
      pointers[k++] = shapes[i];
    }
  }
  for (intptr_t i = 0; i < n; ++i)
    args[i] = &pointers[i];
  int32_t status = 0;
  args[n] = &status;
  if (!dlcProfileIsNull(profile))
    dlcProfileRunBegin(profile);
  exe->packed(args);
  if (!dlcProfileIsNull(profile))
    dlcProfileRunEnd(profile);
  bool ok = true;
  for (intptr_t i = 0; i < numOutputs; ++i) {
    if (!buffers[i])
      continue;
    if (status == 0 && ok)
      ok = takeOutput(&outputs[i], sig->outputs[i].dtype, sig->outputs[i].rank, shapes[i],
                      buffers[i]);
    void *freeArgs[1] = {&buffers[i]};
    exe->packedFree(freeArgs);
  }
  if (!onStack) {
    free(args);
    free(pointers);
    free(buffers);
    free(shapes);
  }
  if (status != 0) {
    describeStatus(&message, exe, status);
    return fail(errorCallback, userData, &message);
  }
  if (!ok) {
    dlcStrPrintf(&message, "@%s: cannot allocate an output", exe->name);
    return fail(errorCallback, userData, &message);
  }
  return mlirLogicalResultSuccess();
}
