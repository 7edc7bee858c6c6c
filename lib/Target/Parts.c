//===- Parts.c - A lowered module compiled on several threads ---*- C -*-===//

#include "Target/Parts.h"
#include "Target/ConstantArguments.h"

#include "Support/Diag.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirWalkResult countOp(MlirOperation op, void *userData) {
  (void)op;
  ++*(intptr_t *)userData;
  return MlirWalkResultAdvance;
}

static bool isStructor(MlirOperation op) {
  return dlcIsOp(op, "llvm.mlir.global_ctors") || dlcIsOp(op, "llvm.mlir.global_dtors");
}

// Can the module split? Functions, globals, constructors and destructors
// (which the first part keeps) and nothing else (no aliases or comdats,
// which would have to stay together).
static bool splittable(MlirBlock body, intptr_t *numDefinitions) {
  *numDefinitions = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!dlcIsOp(op, "llvm.func") && !dlcIsOp(op, "llvm.mlir.global") && !isStructor(op))
      return false;
    *numDefinitions += dlcIsLLVMFuncDefinition(op);
  }
  return true;
}

// Each function definition's part, in body order (-1 for other ops): the
// largest first, each into the part of the fewest ops so far.
static intptr_t *assignParts(MlirBlock body, intptr_t numOps, intptr_t numParts) {
  intptr_t *part = malloc(sizeof(intptr_t) * (size_t)numOps);
  intptr_t *size = calloc((size_t)numOps, sizeof(intptr_t));
  intptr_t *load = calloc((size_t)numParts, sizeof(intptr_t));
  if (!part || !size || !load)
    abort();
  intptr_t i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), ++i) {
    part[i] = -1;
    if (dlcIsLLVMFuncDefinition(op))
      mlirOperationWalk(op, countOp, &size[i], MlirWalkPreOrder);
  }
  for (;;) {
    intptr_t largest = -1;
    for (intptr_t k = 0; k < numOps; ++k)
      if (size[k] && part[k] < 0 && (largest < 0 || size[k] > size[largest]))
        largest = k;
    if (largest < 0)
      break;
    intptr_t least = 0;
    for (intptr_t p = 1; p < numParts; ++p)
      if (load[p] < load[least])
        least = p;
    part[largest] = least;
    load[least] += size[largest];
  }
  free(load);
  free(size);
  return part;
}

static void setLinkage(MlirOperation op, MlirLLVMLinkage linkage) {
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(op, ref("linkage"), mlirLLVMLinkageAttrGet(ctx, linkage));
}

static void dropBody(MlirOperation op) {
  MlirRegion body = mlirRegionCreate();
  mlirRegionTakeBody(body, mlirOperationGetRegion(op, 0));
  mlirRegionDestroy(body);
}

// Internal, private, linkonce (a helper of convert-math-to-funcs): not
// an external symbol.
static bool isLocal(MlirOperation op) {
  MlirAttribute linkage = mlirOperationGetAttributeByName(op, ref("linkage"));
  return !mlirAttributeIsNull(linkage) &&
         !mlirAttributeEqual(linkage, mlirLLVMLinkageAttrGet(mlirOperationGetContext(op),
                                                             MlirLLVMLinkageExternal));
}

// Gives a symbol of the module's own (not external, or a global that the
// first part defines for all) external linkage, so that the other parts
// link to it, and hidden visibility, so that nothing outside does.
static void shareAmongParts(MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  setLinkage(op, MlirLLVMLinkageExternal);
  mlirOperationSetAttributeByName(op, ref("visibility_"),
                                  mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 1));
  mlirOperationRemoveAttributeByName(op, ref("sym_visibility"));
}

// Constants up to this size are copied into every part that reads them;
// larger ones (weights) are in the first part only.
enum { MAX_COPIED_BYTES = 4096 };

static bool isSmall(MlirOperation global) {
  MlirAttribute value = mlirOperationGetAttributeByName(global, ref("value"));
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAElements(value))
    return !mlirAttributeIsNull(value); // scalars; an initializer region: unknown
  MlirType type = mlirAttributeGetType(value);
  MlirType elt = mlirShapedTypeGetElementType(type);
  int64_t bits = mlirTypeIsAFloat(elt) ? mlirFloatTypeGetWidth(elt)
                 : mlirTypeIsAInteger(elt) ? mlirIntegerTypeGetWidth(elt)
                                           : 64;
  return mlirElementsAttrGetNumElements(value) * bits / 8 <= MAX_COPIED_BYTES;
}

// Keeps in `clone` (a copy of the module) the function definitions of
// `part`, the others declared; `parts` as assignParts made them.
static void keepPart(MlirModule clone, const intptr_t *parts, intptr_t part) {
  intptr_t i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(clone)), next;
       !mlirOperationIsNull(op); op = next, ++i) {
    next = mlirOperationGetNextInBlock(op);
    if (isStructor(op)) {
      if (part)
        mlirOperationDestroy(op);
      continue;
    }
    if (dlcIsOp(op, "llvm.func")) {
      if (parts[i] < 0)
        continue; // a declaration already
      bool local = isLocal(op);
      if (parts[i] != part)
        dropBody(op);
      if (local)
        shareAmongParts(op);
      continue;
    }
    bool declared = mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("value"))) &&
                    mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
    if (declared)
      continue;
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("constant"))) &&
        isSmall(op)) {
      // Each part folds its own copy; they never need to be one.
      setLinkage(op, MlirLLVMLinkagePrivate);
      continue;
    }
    bool local = isLocal(op);
    if (part) {
      mlirOperationRemoveAttributeByName(op, ref("value"));
      dropBody(op);
      setLinkage(op, MlirLLVMLinkageExternal);
    }
    if (local)
      shareAmongParts(op);
  }
}

intptr_t dlcCompileThreads(const DlcCompileOptions *options) {
  if (options->compileThreads > 0)
    return options->compileThreads > 256 ? 256 : (intptr_t)options->compileThreads;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  return cores > 1 ? cores : 1;
}

bool dlcPartsCreate(MlirModule module, const DlcCompileOptions *options, DlcParts *out) {
  memset(out, 0, sizeof *out);
  intptr_t maxParts = dlcCompileThreads(options);
  MlirBlock body = mlirModuleGetBody(module);
  intptr_t numDefinitions, numOps = 0;
  if (!splittable(body, &numDefinitions) || maxParts < 2)
    numDefinitions = 1;
  intptr_t count = numDefinitions < maxParts ? numDefinitions : maxParts;
  if (count < 1)
    count = 1;
  out->modules = calloc((size_t)count, sizeof(DlcHostModule));
  out->objects = calloc((size_t)count, sizeof(LLVMMemoryBufferRef));
  if (!out->modules || !out->objects)
    abort();
  out->count = count;
  if (count == 1) {
    if (dlcHostModuleTranslate(module, options, &out->modules[0]))
      return true;
    dlcPartsDestroy(out);
    return false;
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++numOps;
  dlcModuleMoveConstantArguments(module);
  intptr_t *parts = assignParts(body, numOps, count);
  bool ok = true;
  for (intptr_t p = 0; ok && p < count; ++p) {
    MlirModule clone =
        mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(module)));
    keepPart(clone, parts, p);
    ok = dlcHostModuleTranslate(clone, options, &out->modules[p]);
    mlirModuleDestroy(clone);
  }
  free(parts);
  if (!ok)
    dlcPartsDestroy(out);
  return ok;
}

typedef struct Job {
  DlcHostModule *module;
  LLVMMemoryBufferRef *object;
  int optLevel;
  char *error; ///< malloc'ed
} Job;

static void *compileJob(void *arg) {
  Job *job = arg;
  job->error = dlcHostModuleOptimize(job->module, job->optLevel);
  char *message = NULL;
  if (!job->error && LLVMTargetMachineEmitToMemoryBuffer(job->module->machine,
                                                         job->module->module, LLVMObjectFile,
                                                         &message, job->object)) {
    job->error = dlcStrndup(message ? message : "object emission failed",
                            strlen(message ? message : "object emission failed"));
    *job->object = NULL;
  }
  if (message)
    LLVMDisposeMessage(message);
  dlcHostModuleDestroy(job->module);
  return NULL;
}

bool dlcPartsCompile(DlcParts *parts, int optLevel, MlirLocation loc) {
  Job *jobs = calloc((size_t)parts->count, sizeof(Job));
  pthread_t *threads = calloc((size_t)parts->count, sizeof(pthread_t));
  bool *started = calloc((size_t)parts->count, sizeof(bool));
  if (!jobs || !threads || !started)
    abort();
  for (intptr_t p = 0; p < parts->count; ++p) {
    jobs[p] = (Job){&parts->modules[p], &parts->objects[p], optLevel, NULL};
    // The last part on this thread; a part whose thread cannot start too.
    started[p] = p + 1 < parts->count && !pthread_create(&threads[p], NULL, compileJob, &jobs[p]);
    if (!started[p])
      compileJob(&jobs[p]);
  }
  bool ok = true;
  for (intptr_t p = 0; p < parts->count; ++p) {
    if (started[p])
      pthread_join(threads[p], NULL);
    if (jobs[p].error && ok)
      dlcEmitError(loc, "LLVM compilation failed: %s", jobs[p].error);
    ok = ok && !jobs[p].error;
    free(jobs[p].error);
  }
  free(started);
  free(threads);
  free(jobs);
  return ok;
}

LLVMMemoryBufferRef dlcPartsTakeObject(DlcParts *parts, intptr_t i) {
  LLVMMemoryBufferRef object = parts->objects[i];
  parts->objects[i] = NULL;
  return object;
}

void dlcPartsDestroy(DlcParts *parts) {
  for (intptr_t p = 0; p < parts->count; ++p) {
    dlcHostModuleDestroy(&parts->modules[p]);
    if (parts->objects[p])
      LLVMDisposeMemoryBuffer(parts->objects[p]);
  }
  free(parts->modules);
  free(parts->objects);
  memset(parts, 0, sizeof *parts);
}
