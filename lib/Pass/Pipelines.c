//===- Pipelines.c - DLC's named pipelines ----------------------*- C -*-===//
//
// Progressive lowering, one builder per stage. Each builder appends to a
// module-level pass manager and includes the stages before it, so each
// accepts IR at any higher level (passes find nothing to do on IR that is
// already lower).
//
//===----------------------------------------------------------------------===//

#include "dlc-c/Passes.h"
#include "Pass/PassDef.h"
#include "Support/Str.h"

#include <stdio.h>
#include <string.h>

static void printUpstreamError(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s\n", (int)message.length, message.data);
}

static MlirLogicalResult add(MlirOpPassManager pm, const char *upstream) {
  return mlirOpPassManagerAddPipeline(pm, mlirStringRefCreateFromCString(upstream),
                                      printUpstreamError, NULL);
}

static MlirLogicalResult addOwnWithOptions(MlirOpPassManager pm, const char *flag,
                                           const char *options) {
  MlirPass pass = dlcCreatePassFromString(mlirStringRefCreateFromCString(flag),
                                          mlirStringRefCreateFromCString(options),
                                          printUpstreamError, NULL);
  if (!(pass).ptr)
    return mlirLogicalResultFailure();
  mlirOpPassManagerAddOwnedPass(pm, pass);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult addOwn(MlirOpPassManager pm, const char *flag) {
  return addOwnWithOptions(pm, flag, "");
}

#define TRY(x)                                                                                     \
  do {                                                                                             \
    if (mlirLogicalResultIsFailure(x))                                                             \
      return mlirLogicalResultFailure();                                                           \
  } while (0)

DlcPipelineOptions dlcPipelineOptionsGetDefault(void) {
  return (DlcPipelineOptions){DlcCodegenFast, 1, NULL, true, NULL};
}

static DlcPipelineOptions orDefaults(const DlcPipelineOptions *options) {
  return options ? *options : dlcPipelineOptionsGetDefault();
}

// dlc-optimize's steps, in order; a pass may run more than once (each
// rewrite exposes work for the others), `disable` drops every run of it.
static const struct {
  const char *pass;
  const char *options;
} optimizeSteps[] = {
    // Static types first: the rewrites compare types and read dims.
    {"dlc-infer-shapes", ""},
    // Identities and no-op reshapes/casts hide the ops behind them.
    {"dlc-eliminate-nops", ""},
    // Shape chains and ops on constants become constants.
    {"dlc-fold-constants", "max-elements=65536"},
    // Shapes that were computed are static now: types follow.
    {"dlc-infer-shapes", ""},
    // Chains of transposes, reshapes, casts, negations; constants combined
    // (as ops on constants, for the next step to evaluate).
    {"dlc-simplify-algebra", ""},
    {"dlc-fold-constants", "max-elements=65536"},
    // Transposes below elementwise ops, where they meet and cancel.
    {"dlc-sink-transposes", ""},
    {"dlc-simplify-algebra", ""},
    // What the rewrites above left as identities (x * 1 after combining).
    {"dlc-eliminate-nops", ""},
    // batch_norm, scales and shifts into conv and gemm weights.
    {"dlc-fold-batch-norm", ""},
    {"dlc-eliminate-empty-tensors", ""},
    // Identical ops merged, then everything unused (folded operands,
    // replaced chains) erased.
    {"dlc-cse", ""},
    {"dlc-dce", ""},
    // Types of what the late folds made static (slice bounds, say).
    {"dlc-infer-shapes", ""},
};
#define NUM_OPTIMIZE_STEPS (sizeof optimizeSteps / sizeof *optimizeSteps)

// Is `pass` in the comma-separated `list`?
static bool listed(MlirStringRef list, const char *pass) {
  size_t n = strlen(pass);
  for (size_t i = 0; i < list.length;) {
    size_t j = i;
    while (j < list.length && list.data[j] != ',')
      ++j;
    if (j - i == n && !strncmp(list.data + i, pass, n))
      return true;
    i = j + 1;
  }
  return false;
}

bool dlcOptimizeCheckDisabled(MlirStringRef list, MlirStringCallback error, void *userData) {
  // Every name listed must be a step: a typo must not silently keep a pass.
  for (size_t i = 0; i < list.length;) {
    size_t j = i;
    while (j < list.length && list.data[j] != ',')
      ++j;
    bool known = false;
    for (size_t k = 0; k < NUM_OPTIMIZE_STEPS && !known; ++k)
      known = strlen(optimizeSteps[k].pass) == j - i &&
              !strncmp(list.data + i, optimizeSteps[k].pass, j - i);
    if (!known) {
      DlcStr message = DLC_STR_INIT;
      dlcStrPrintf(&message, "cannot disable '%.*s': dlc-optimize has no such pass (it runs ",
                   (int)(j - i), list.data + i);
      for (size_t k = 0; k < NUM_OPTIMIZE_STEPS; ++k) {
        bool seen = false;
        for (size_t e = 0; e < k; ++e)
          seen |= !strcmp(optimizeSteps[e].pass, optimizeSteps[k].pass);
        if (!seen)
          dlcStrPrintf(&message, "%s%s", k ? ", " : "", optimizeSteps[k].pass);
      }
      dlcStrPuts(&message, ")");
      if (error)
        error(mlirStringRefCreateFromCString(dlcStrGet(&message)), userData);
      dlcStrFree(&message);
      return false;
    }
    i = j + 1;
  }
  return true;
}

MlirLogicalResult dlcBuildOptimizePipeline(MlirOpPassManager pm, MlirStringRef disabledPasses) {
  if (!dlcOptimizeCheckDisabled(disabledPasses, printUpstreamError, NULL))
    return mlirLogicalResultFailure();
  for (size_t k = 0; k < NUM_OPTIMIZE_STEPS; ++k)
    if (!listed(disabledPasses, optimizeSteps[k].pass))
      TRY(addOwnWithOptions(pm, optimizeSteps[k].pass, optimizeSteps[k].options));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcBuildGraphToLinalgPipeline(MlirOpPassManager pm) {
  // Static shapes first: every later step sees what the model fixes.
  TRY(addOwn(pm, "dlc-infer-shapes"));
  // Record public functions' tensor signatures before lowering erases
  // them (unsigned types, results): dlc-run and headers read them.
  TRY(addOwn(pm, "dlc-entry-abi"));
  // Model-level ops become the dozen dlc_tensor primitives.
  TRY(addOwn(pm, "dlc-graph-to-tensor"));
  // Each primitive becomes one linalg / tensor form on signless types.
  TRY(addOwn(pm, "dlc-tensor-to-linalg"));
  // Fold the constants and reshapes that decompositions leave behind.
  TRY(add(pm, "canonicalize"));
  TRY(add(pm, "cse"));
  return mlirLogicalResultSuccess();
}

// linalg on buffers to loops; nothing to do on IR that is loops already.
static MlirLogicalResult addBuffersToLoops(MlirOpPassManager pm, const DlcPipelineOptions *o) {
  // Copies become loops rather than calls into MLIR's runtime library.
  TRY(addOwn(pm, "dlc-lower-copies"));
  // The naive path goes through affine loops. Scheduled code leaves
  // copies of partial tiles whose sizes are not affine dims: scf loops.
  TRY(add(pm, o->codegen == DlcCodegenNaive ? "func.func(convert-linalg-to-affine-loops)"
                                            : "func.func(convert-linalg-to-loops)"));
  TRY(add(pm, "lower-affine"));
  // Tiles that threads could share (scf.forall): with more than one
  // thread, parallel loops that the LLVM stage hands to OpenMP; with one,
  // loops that run one after another, so the code needs no threading
  // runtime.
  TRY(add(pm, o->threads > 1 ? "func.func(scf-forall-to-parallel)"
                             : "func.func(scf-forall-to-for)"));
  // Vector transfers of more than one dim become unrolled 1-D ones, which
  // the LLVM conversion turns into plain vector loads and stores.
  TRY(add(pm, "func.func(convert-vector-to-scf{full-unroll=true})"));
  TRY(add(pm, "canonicalize"));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcBuildLinalgToLoopsPipelineWithOptions(MlirOpPassManager pm,
                                                           const DlcPipelineOptions *options) {
  DlcPipelineOptions o = orDefaults(options);
  TRY(dlcBuildGraphToLinalgPipeline(pm));
  if (o.codegen == DlcCodegenFast) {
    // Convolutions in the layout their schedules vectorize (NHWC), with
    // transposes that elementwise fusion then cancels between layers; the
    // same fusion merges chains of elementwise ops into one loop nest.
    TRY(addOwn(pm, "dlc-convert-layout"));
    TRY(addOwn(pm, "dlc-fuse-elementwise"));
    TRY(add(pm, "canonicalize"));
    TRY(add(pm, "cse"));
    // Matmuls and convolutions (with their epilogues) become tiled,
    // vectorized loop nests.
    DlcStr codegen = DLC_STR_INIT;
    if (o.schedules && *o.schedules)
      dlcStrPrintf(&codegen, "schedules='%s'", o.schedules);
    MlirLogicalResult added = addOwnWithOptions(pm, "dlc-codegen", dlcStrGet(&codegen));
    dlcStrFree(&codegen);
    TRY(added);
    TRY(add(pm, "canonicalize"));
    TRY(add(pm, "cse"));
  }
  // Large weights as flat blobs: N-D constants make LLVM slow and huge.
  TRY(addOwn(pm, "dlc-flatten-constants"));
  // Tensors become buffers, across function boundaries, with plain
  // row-major layouts at the boundary so callers pass dense arrays.
  TRY(add(pm, "one-shot-bufferize{bufferize-function-boundaries=true "
              "function-boundary-type-conversion=identity-layout-map}"));
  // Results become trailing out-parameters the caller allocates.
  TRY(add(pm, "buffer-results-to-out-params{modify-public-functions=true "
              "hoist-static-allocs=true}"));
  // Free every temporary buffer.
  TRY(add(pm, "buffer-deallocation-pipeline"));
  // Temporaries whose lifetimes do not overlap share one arena.
  TRY(addOwn(pm, "dlc-plan-memory"));
  return addBuffersToLoops(pm, &o);
}

MlirLogicalResult dlcBuildLinalgToLoopsPipeline(MlirOpPassManager pm) {
  return dlcBuildLinalgToLoopsPipelineWithOptions(pm, NULL);
}

// Buffers to the LLVM dialect. Deallocation is not in here: it cannot run
// twice, and IR that reaches these steps has been through it.
static MlirLogicalResult addLoopsToLLVM(MlirOpPassManager pm, const DlcPipelineOptions *o) {
  // Public functions take static row-major buffers and return an i32
  // status, as dlc-translate's headers say.
  TRY(addOwn(pm, "dlc-entry-abi"));
  bool openmp = o->threads > 1;
  if (openmp) {
    // Only the outermost parallel loops get threads: a parallel region
    // nested in another would fork a team per outer iteration.
    TRY(addOwn(pm, "dlc-serialize-nested-parallel"));
    // Each parallel loop becomes an omp.parallel region of a team of
    // `threads` sharing the loop (omp.wsloop).
    DlcStr scfToOpenMP = DLC_STR_INIT;
    dlcStrPrintf(&scfToOpenMP, "convert-scf-to-openmp{num-threads=%lld}", (long long)o->threads);
    MlirLogicalResult added = add(pm, dlcStrGet(&scfToOpenMP));
    dlcStrFree(&scfToOpenMP);
    TRY(added);
  }
  // Structured control flow to blocks and branches. Each OpenMP loop body
  // is a memref.alloca_scope, whose region must stay one block: there the
  // loops inside wait until finalize-memref-to-llvm has lowered the scopes.
  if (!openmp)
    TRY(add(pm, "convert-scf-to-cf"));
  // Subviews and reshapes to plain pointer arithmetic.
  TRY(add(pm, "expand-strided-metadata"));
  // expand-strided-metadata leaves affine.apply for dynamic subviews.
  TRY(add(pm, "lower-affine"));
  // Vectors before memrefs: vector loads and stores still address memrefs.
  TRY(add(pm, "convert-vector-to-llvm"));
  TRY(add(pm, "finalize-memref-to-llvm"));
  if (openmp)
    TRY(add(pm, "convert-scf-to-cf"));
  // Integer powers (math.ipowi) have neither an intrinsic nor a libm
  // function: they become generated functions with a loop.
  TRY(add(pm, "convert-math-to-funcs"));
  // Math to LLVM intrinsics first: convert-math-to-libm rejects math.absi.
  TRY(add(pm, "convert-math-to-llvm"));
  // Math without an LLVM intrinsic (erf, ...) calls libm.
  TRY(add(pm, "convert-math-to-libm"));
  TRY(add(pm, "convert-arith-to-llvm"));
  // Memref arguments as bare pointers: `int f(const float *in, float *out)`.
  TRY(add(pm, "convert-func-to-llvm{use-bare-ptr-memref-call-conv=true}"));
  TRY(add(pm, "convert-cf-to-llvm"));
  // OpenMP regions last, once the code in them is LLVM dialect: the
  // translation to LLVM IR outlines them into functions that
  // __kmpc_fork_call runs on the team.
  if (openmp)
    TRY(add(pm, "convert-openmp-to-llvm"));
  TRY(add(pm, "convert-ub-to-llvm"));
  TRY(add(pm, "reconcile-unrealized-casts"));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcBuildLowerToLLVMPipelineWithOptions(MlirOpPassManager pm,
                                                         const DlcPipelineOptions *options) {
  DlcPipelineOptions o = orDefaults(options);
  TRY(dlcBuildLinalgToLoopsPipelineWithOptions(pm, &o));
  return addLoopsToLLVM(pm, &o);
}

MlirLogicalResult dlcBuildLowerToLLVMPipeline(MlirOpPassManager pm) {
  return dlcBuildLowerToLLVMPipelineWithOptions(pm, NULL);
}

MlirLogicalResult dlcBuildLoopsToLLVMPipelineWithOptions(MlirOpPassManager pm,
                                                         const DlcPipelineOptions *options) {
  DlcPipelineOptions o = orDefaults(options);
  TRY(addBuffersToLoops(pm, &o));
  return addLoopsToLLVM(pm, &o);
}

MlirLogicalResult dlcBuildLoopsToLLVMPipeline(MlirOpPassManager pm) {
  return dlcBuildLoopsToLLVMPipelineWithOptions(pm, NULL);
}

MlirLogicalResult dlcPipelineOptionsFromPassOptions(const DlcPassOptions *values,
                                                    DlcPipelineOptions *out) {
  *out = dlcPipelineOptionsGetDefault();
  if (!values)
    return mlirLogicalResultSuccess();
  const char *codegen = dlcPassOptionString(values, "codegen");
  if (!strcmp(codegen, "naive"))
    out->codegen = DlcCodegenNaive;
  else if (strcmp(codegen, "fast"))
    return mlirLogicalResultFailure();
  out->threads = dlcPassOptionInt(values, "threads");
  out->schedules = dlcPassOptionString(values, "schedules");
  return out->threads >= 1 ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
