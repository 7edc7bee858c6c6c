//===- Pipelines.c - DLC's named pipelines ----------------------*- C -*-===//
//
// Progressive lowering, one builder per stage. Each builder appends to a
// module-level pass manager and includes the stages before it, so each
// accepts IR at any higher level (passes find nothing to do on IR that is
// already lower).
//
//===----------------------------------------------------------------------===//

#include "dlc-c/Passes.h"
#include "Codegen/Codegen.h"
#include "Pass/PassDef.h"
#include "Support/Str.h"

#include <string.h>

// Where a pipeline is being built, and who hears why that fails (a DLC
// bug unless the options were bad).
typedef struct Builder {
  MlirOpPassManager pm;
  MlirStringCallback error;
  void *userData;
} Builder;

static void report(const Builder *b, const char *message) {
  if (b->error)
    b->error(mlirStringRefCreateFromCString(message), b->userData);
}

static MlirLogicalResult add(const Builder *b, const char *upstream) {
  DlcStr message = DLC_STR_INIT;
  MlirLogicalResult added = mlirOpPassManagerAddPipeline(
      b->pm, mlirStringRefCreateFromCString(upstream), dlcStrCallback, &message);
  if (mlirLogicalResultIsFailure(added))
    report(b, dlcStrGet(&message));
  dlcStrFree(&message);
  return added;
}

static MlirLogicalResult addOwnWithOptions(const Builder *b, const char *flag,
                                           const char *options) {
  DlcStr message = DLC_STR_INIT;
  MlirPass pass = dlcCreatePassFromString(mlirStringRefCreateFromCString(flag),
                                          mlirStringRefCreateFromCString(options),
                                          dlcStrCallback, &message);
  if (!pass.ptr)
    report(b, dlcStrGet(&message));
  dlcStrFree(&message);
  if (!pass.ptr)
    return mlirLogicalResultFailure();
  mlirOpPassManagerAddOwnedPass(b->pm, pass);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult addOwn(const Builder *b, const char *flag) {
  return addOwnWithOptions(b, flag, "");
}

#define TRY(x)                                                                                     \
  do {                                                                                             \
    if (mlirLogicalResultIsFailure(x))                                                             \
      return mlirLogicalResultFailure();                                                           \
  } while (0)

DlcCompileOptions dlcCompileOptionsGetDefault(void) {
  DlcCompileOptions o = {0};
  o.optimize = true;
  o.codegen = DlcCodegenFast;
  o.threads = 1;
  o.optLevel = 2;
  o.checks = true;
  return o;
}

DlcRunOptions dlcRunOptionsGetDefault(void) { return (DlcRunOptions){NULL, NULL, {NULL}}; }

static DlcCompileOptions orDefaults(const DlcCompileOptions *options) {
  return options ? *options : dlcCompileOptionsGetDefault();
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
    // Transposed convolutions as convolutions of the taps that read the
    // input, one per output phase.
    {"dlc-conv-transpose-phases", ""},
    // Dilated windows that reach past the image lose their taps of
    // padding only (the weights are final now).
    {"dlc-trim-conv-windows", ""},
    // 1-D and 3-D convolutions as 2-D ones, which DLC's schedules
    // compute (on the trimmed windows).
    {"dlc-convs-to-2d", ""},
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

MlirLogicalResult dlcBuildOptimizePipeline(MlirOpPassManager pm, MlirStringRef disabledPasses,
                                           MlirStringCallback errorCallback, void *userData) {
  const Builder builder = {pm, errorCallback, userData}, *b = &builder;
  if (!dlcOptimizeCheckDisabled(disabledPasses, errorCallback, userData))
    return mlirLogicalResultFailure();
  for (size_t k = 0; k < NUM_OPTIMIZE_STEPS; ++k)
    if (!listed(disabledPasses, optimizeSteps[k].pass))
      TRY(addOwnWithOptions(b, optimizeSteps[k].pass, optimizeSteps[k].options));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult addGraphToLinalg(const Builder *b, bool profile, bool checks) {
  // Static shapes first: every later step sees what the model fixes.
  TRY(addOwn(b, "dlc-infer-shapes"));
  // What a profile says of each node, while the ops still say it.
  if (profile)
    TRY(addOwn(b, "dlc-record-nodes"));
  // Record public functions' tensor signatures before lowering erases
  // them (unsigned types, results): dlc-run and headers read them.
  TRY(addOwn(b, "dlc-record-signatures"));
  // Model-level ops become the dozen dlc_tensor primitives.
  TRY(addOwn(b, "dlc-graph-to-tensor"));
  // Each primitive becomes one linalg / tensor form on signless types;
  // unchecked, without the status computations (canonicalize below then
  // removes the codes they would have reduced).
  TRY(checks ? addOwn(b, "dlc-tensor-to-linalg")
             : addOwnWithOptions(b, "dlc-tensor-to-linalg", "checks=false"));
  // The bodies of If, Loop and Scan (private functions the importer's
  // scf ops call) join their loops and branches, and go: bufferization
  // and the entry ABI then see one function, as for any model.
  TRY(addOwn(b, "dlc-inline-bodies"));
  // Fold the constants and reshapes that decompositions leave behind.
  TRY(add(b, "canonicalize"));
  TRY(add(b, "cse"));
  return mlirLogicalResultSuccess();
}

// linalg on buffers to loops; nothing to do on IR that is loops already.
static MlirLogicalResult addBuffersToLoops(const Builder *b, const DlcCompileOptions *o) {
  // Copies become loops rather than calls into MLIR's runtime library.
  TRY(addOwn(b, "dlc-lower-copies"));
  // The naive path goes through affine loops. Scheduled code leaves
  // copies of partial tiles whose sizes are not affine dims: scf loops,
  // parallel ones over the parallel dims of what no schedule tiled
  // (elementwise ops, reductions, pooling) when threads can share them.
  bool openmp = o->threads > 1;
  TRY(add(b, o->codegen == DlcCodegenNaive ? "func.func(convert-linalg-to-affine-loops)"
             : openmp                      ? "func.func(convert-linalg-to-parallel-loops)"
                                           : "func.func(convert-linalg-to-loops)"));
  TRY(add(b, "lower-affine"));
  // Tiles that threads could share (scf.forall): with more than one
  // thread, parallel loops that the LLVM stage hands to OpenMP; with one,
  // loops that run one after another, so the code needs no threading
  // runtime.
  TRY(add(b, openmp ? "func.func(scf-forall-to-parallel)" : "func.func(scf-forall-to-for)"));
  // Threads only for the outermost parallel loops that do enough work, and
  // the innermost dim of a loop nest as a plain loop that LLVM vectorizes.
  if (openmp) {
    DlcStr serialize = DLC_STR_INIT;
    dlcStrPrintf(&serialize, "threads=%lld", (long long)o->threads);
    MlirLogicalResult added =
        addOwnWithOptions(b, "dlc-serialize-nested-parallel", dlcStrGet(&serialize));
    dlcStrFree(&serialize);
    TRY(added);
  }
  // The stack buffers of loop bodies that became sequential: one slot each.
  if (o->codegen == DlcCodegenFast)
    TRY(addOwn(b, "dlc-stack-loop-buffers"));
  // Vector transfers of more than one dim become unrolled 1-D ones, which
  // the LLVM conversion turns into plain vector loads and stores.
  TRY(add(b, "func.func(convert-vector-to-scf{full-unroll=true})"));
  TRY(add(b, "canonicalize"));
  // Broadcast operands read in every iteration of an innermost loop, from
  // views of the arena LLVM cannot tell apart: loaded once before it, so
  // that LLVM vectorizes the loop.
  if (o->codegen == DlcCodegenFast)
    TRY(addOwn(b, "dlc-hoist-invariant-loads"));
  // Short innermost loops vectorized whole, not unrolled into the loop
  // around them first.
  if (o->codegen == DlcCodegenFast) {
    DlcTargetCPU target;
    dlcTargetCPUGet(o->cpu, &target); // known: checkOptions
    DlcStr keep = DLC_STR_INIT;
    dlcStrPrintf(&keep, "lanes=%lld", (long long)(target.vectorBits / 32));
    MlirLogicalResult added = addOwnWithOptions(b, "dlc-keep-inner-loops", dlcStrGet(&keep));
    dlcStrFree(&keep);
    TRY(added);
  }
  // Constant panels of B fetched from memory while the previous panel's
  // tiles run, not by the first tile reading each.
  if (o->codegen == DlcCodegenFast)
    TRY(addOwn(b, "dlc-prefetch-panels"));
  return mlirLogicalResultSuccess();
}

// The options after their defaults, checked.
static MlirLogicalResult checkOptions(const Builder *b, const DlcCompileOptions *options,
                                      DlcCompileOptions *o) {
  *o = orDefaults(options);
  DlcStr message = DLC_STR_INIT;
  if (o->threads < 1)
    dlcStrPrintf(&message, "invalid threads=%lld: at least 1 thread is needed",
                 (long long)o->threads);
  else if (o->codegen != DlcCodegenFast && o->codegen != DlcCodegenNaive)
    dlcStrPrintf(&message, "invalid codegen (%lld): expected fast or naive", (long long)o->codegen);
  else if (o->layout != DlcLayoutNHWC && o->layout != DlcLayoutNCHW)
    dlcStrPrintf(&message, "invalid layout (%lld): expected nhwc or nchw", (long long)o->layout);
  else if (!dlcTargetCPUGet(o->cpu, &(DlcTargetCPU){0}))
    dlcTargetCPUPrintUnknown(&message, o->cpu);
  else
    return mlirLogicalResultSuccess();
  report(b, dlcStrGet(&message));
  dlcStrFree(&message);
  return mlirLogicalResultFailure();
}

static MlirLogicalResult addLinalgToLoops(const Builder *b, const DlcCompileOptions *options) {
  DlcCompileOptions o = *options;
  TRY(addGraphToLinalg(b, o.profile, o.checks));
  if (o.codegen == DlcCodegenFast) {
    // Convolutions in the layout their schedules vectorize (NHWC, the
    // pass's default `layout`), with transposes that elementwise fusion
    // then cancels between layers; the same fusion merges chains of
    // elementwise ops into one loop nest.
    TRY(o.layout == DlcLayoutNCHW ? addOwnWithOptions(b, "dlc-convert-layout", "layout=nchw")
                                  : addOwn(b, "dlc-convert-layout"));
    // What the layout change left dead and did not free as it went (it
    // frees each repacked weight, with the owner's permission).
    TRY(addOwn(b, "dlc-release-dead-weights"));
    // A dynamic dim's size is read with tensor.dim of the op that had it
    // (a convolution's output sized from its NCHW padded input): each read
    // goes back to the entry's argument, so that the ops the layout change
    // left dead go too. Otherwise the NCHW pads stay alive and computed,
    // and their reads of the NCHW values keep the transposes between
    // layers from cancelling (resnet18 at a dynamic batch of 8: 3x slower).
    TRY(add(b, "resolve-ranked-shaped-type-result-dims"));
    TRY(addOwn(b, "dlc-fuse-elementwise"));
    TRY(add(b, "canonicalize"));
    TRY(add(b, "cse"));
    // Matmuls and convolutions (with their epilogues) become tiled,
    // vectorized loop nests.
    DlcStr codegen = DLC_STR_INIT;
    dlcStrPrintf(&codegen, "threads=%lld", (long long)o.threads);
    if (o.schedules && *o.schedules)
      dlcStrPrintf(&codegen, " schedules='%s'", o.schedules);
    // Tiles for the registers of the CPU the code is for (dlc-codegen's
    // default is the host's).
    DlcTargetCPU target;
    if (!dlcTargetIsHost(o.cpu) && dlcTargetCPUGet(o.cpu, &target))
      dlcStrPrintf(&codegen, " vector-bits=%d vector-registers=%d", target.vectorBits,
                   target.vectorRegisters);
    MlirLogicalResult added = addOwnWithOptions(b, "dlc-codegen", dlcStrGet(&codegen));
    dlcStrFree(&codegen);
    TRY(added);
    // The weights the Winograd transform replaced are dead.
    TRY(addOwn(b, "dlc-release-dead-weights"));
    // The tiles the schedules pack of constant operands (weights) packed
    // once, now, instead of on every run (resnet18 1.16-1.20x), each
    // original freed as it is packed where the owner allows it
    // (docs/Codegen.md).
    TRY(addOwn(b, "dlc-prepack-constants"));
    // So are the weights packed now that it could not free as it went.
    TRY(addOwn(b, "dlc-release-dead-weights"));
    // The tiles still packed on every run, by column panel too.
    TRY(addOwn(b, "dlc-pack-panels"));
    // What no schedule covers becomes loops that LLVM vectorizes: with
    // reductions free to run in any order and math functions as
    // arithmetic rather than libm calls.
    TRY(addOwn(b, "dlc-reassociate-reductions"));
    TRY(addOwn(b, "dlc-approximate-math"));
    // Padded inputs of convolutions and pooling are filled buffers their
    // producers compute into, rather than copies.
    TRY(addOwn(b, "dlc-decompose-pads"));
    // So are concats, and chains of them one buffer.
    TRY(addOwn(b, "dlc-decompose-concats"));
    TRY(add(b, "eliminate-empty-tensors"));
    TRY(add(b, "canonicalize"));
    TRY(add(b, "cse"));
  }
  // Large weights as flat blobs: N-D constants make LLVM slow and huge.
  TRY(addOwn(b, "dlc-flatten-constants"));
  // CSE may since have merged two results into one value (Unique's
  // indices and inverse indices of one element): each result gets its own
  // buffer again (the recorded signature is kept).
  TRY(addOwn(b, "dlc-record-signatures"));
  // Each product's zero init filled in its own buffer, not copied there
  // from one that CSE made shared.
  TRY(addOwn(b, "dlc-unshare-fills"));
  // Tensors become buffers, across function boundaries, with plain
  // row-major layouts at the boundary so callers pass dense arrays.
  TRY(add(b, "one-shot-bufferize{bufferize-function-boundaries=true allow-return-allocs-from-loops=true "
              "function-boundary-type-conversion=identity-layout-map}"));
  // A result computed in a reshaped buffer (expand_shape(collapse_shape(
  // alloc)), an epilogue collapsed onto its product) is the buffer itself
  // again: the out-parameter rewrite below then computes it in the
  // caller's memory instead of copying it there.
  TRY(add(b, "canonicalize"));
  // Results become trailing out-parameters the caller allocates.
  TRY(add(b, "buffer-results-to-out-params{modify-public-functions=true "
              "hoist-static-allocs=true}"));
  // Per-block buffers of row groups on the stack, not malloc'd per block.
  if (o.codegen == DlcCodegenFast)
    TRY(addOwn(b, "dlc-stack-loop-buffers"));
  // Free every temporary buffer.
  TRY(add(b, "buffer-deallocation-pipeline"));
  // Temporaries whose lifetimes do not overlap share one arena.
  TRY(addOwn(b, "dlc-plan-memory"));
  return addBuffersToLoops(b, &o);
}

// Buffers to the LLVM dialect. Deallocation is not in here: it cannot run
// twice, and IR that reaches these steps has been through it.
static MlirLogicalResult addLoopsToLLVM(const Builder *b, const DlcCompileOptions *o) {
  // Clock reads between the nodes' loop nests, while they are top-level
  // ops of the entry (the entry ABI may nest them).
  if (o->profile)
    TRY(addOwn(b, "dlc-instrument-profile"));
  // Each layer's loop nest a function of its own: LLVM's loop passes cost
  // ~N^2 on one function of N loop nests (DenseNet-121: a minute).
  TRY(addOwn(b, "dlc-outline-loop-nests"));
  // Public functions take static row-major buffers and return an i32
  // status, as dlc-translate's headers say.
  TRY(addOwn(b, "dlc-entry-abi"));
  // Arenas cached between calls rather than allocated (and, over 32 MiB,
  // page-faulted in) on every call; after the entry ABI, whose guards free
  // them on the paths that fail.
  TRY(addOwn(b, "dlc-cache-arenas"));
  bool openmp = o->threads > 1;
  if (openmp) {
    // Each parallel loop becomes an omp.parallel region of a team of
    // `threads` sharing the loop (omp.wsloop).
    DlcStr scfToOpenMP = DLC_STR_INIT;
    dlcStrPrintf(&scfToOpenMP, "convert-scf-to-openmp{num-threads=%lld}", (long long)o->threads);
    MlirLogicalResult added = add(b, dlcStrGet(&scfToOpenMP));
    dlcStrFree(&scfToOpenMP);
    TRY(added);
  }
  // From here on, the passes that convert a function's body without
  // touching the module run nested, function by function (after
  // dlc-outline-loop-nests, a function per layer): on DenseNet-121's
  // outlined IR these steps took 1.5-1.7 s as module passes, 1.1-1.3 s
  // nested.
  // Structured control flow to blocks and branches (each OpenMP loop body
  // is a memref.alloca_scope, whose region must stay one block: there the
  // loops inside wait until finalize-memref-to-llvm has lowered the
  // scopes); subviews and reshapes to plain pointer arithmetic, which
  // leaves affine.apply for dynamic subviews; vectors before memrefs, as
  // vector loads and stores still address memrefs.
  TRY(add(b, openmp ? "func.func(expand-strided-metadata,lower-affine,convert-vector-to-llvm)"
                    : "func.func(convert-scf-to-cf,expand-strided-metadata,lower-affine,"
                      "convert-vector-to-llvm)"));
  TRY(add(b, "finalize-memref-to-llvm"));
  if (openmp)
    TRY(add(b, "func.func(convert-scf-to-cf)"));
  // Integer powers (math.ipowi) have neither an intrinsic nor a libm
  // function: they become generated functions with a loop.
  TRY(add(b, "convert-math-to-funcs"));
  // Math to LLVM intrinsics first: convert-math-to-libm rejects math.absi.
  TRY(add(b, "func.func(convert-math-to-llvm)"));
  // Math without an LLVM intrinsic (erf, ...) calls libm.
  TRY(add(b, "convert-math-to-libm"));
  // Memref arguments as bare pointers: `int f(const float *in, float *out)`.
  TRY(add(b, "convert-func-to-llvm{use-bare-ptr-memref-call-conv=true}"));
  // arith, cf and ub in one walk, each op converted once (no rollback): as
  // three module passes they took 1.6-1.8 s of a DenseNet-121's lowering,
  // as one 0.5-0.6 s. With OpenMP, over the whole module: the reductions
  // that omp.declare_reduction declares outside the functions hold arith.
  TRY(add(b, openmp ? "convert-to-llvm{filter-dialects=arith,cf,ub allow-pattern-rollback=false}"
                    : "llvm.func(convert-to-llvm{filter-dialects=arith,cf,ub "
                      "allow-pattern-rollback=false})"));
  // OpenMP regions last, once the code in them is LLVM dialect: the
  // translation to LLVM IR outlines them into functions that
  // __kmpc_fork_call runs on the team.
  if (openmp)
    TRY(add(b, "convert-openmp-to-llvm"));
  TRY(add(b, "reconcile-unrealized-casts"));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcBuildGraphToLinalgPipeline(MlirOpPassManager pm) {
  const Builder b = {pm, NULL, NULL};
  return addGraphToLinalg(&b, false, true);
}

#define WITH_CHECKED_OPTIONS(steps)                                                                \
  const Builder builder = {pm, errorCallback, userData}, *b = &builder;                           \
  DlcCompileOptions o;                                                                            \
  TRY(checkOptions(b, options, &o));                                                               \
  steps;                                                                                           \
  return mlirLogicalResultSuccess()

MlirLogicalResult dlcBuildLinalgToLoopsPipelineWithOptions(MlirOpPassManager pm,
                                                           const DlcCompileOptions *options,
                                                           MlirStringCallback errorCallback,
                                                           void *userData) {
  WITH_CHECKED_OPTIONS(TRY(addLinalgToLoops(b, &o)));
}

MlirLogicalResult dlcBuildLowerToLLVMPipelineWithOptions(MlirOpPassManager pm,
                                                         const DlcCompileOptions *options,
                                                         MlirStringCallback errorCallback,
                                                         void *userData) {
  WITH_CHECKED_OPTIONS(TRY(addLinalgToLoops(b, &o)); TRY(addLoopsToLLVM(b, &o)));
}

MlirLogicalResult dlcBuildLoopsToLLVMPipelineWithOptions(MlirOpPassManager pm,
                                                         const DlcCompileOptions *options,
                                                         MlirStringCallback errorCallback,
                                                         void *userData) {
  WITH_CHECKED_OPTIONS(TRY(addBuffersToLoops(b, &o)); TRY(addLoopsToLLVM(b, &o)));
}

MlirLogicalResult dlcBuildLinalgToLoopsPipeline(MlirOpPassManager pm) {
  return dlcBuildLinalgToLoopsPipelineWithOptions(pm, NULL, NULL, NULL);
}

MlirLogicalResult dlcBuildLowerToLLVMPipeline(MlirOpPassManager pm) {
  return dlcBuildLowerToLLVMPipelineWithOptions(pm, NULL, NULL, NULL);
}

MlirLogicalResult dlcBuildLoopsToLLVMPipeline(MlirOpPassManager pm) {
  return dlcBuildLoopsToLLVMPipelineWithOptions(pm, NULL, NULL, NULL);
}

// The two values of an option that names one of two choices, and the enum
// value each selects.
typedef struct Choice {
  const char *name;
  int value;
} Choice;

static const Choice kCodegenChoices[] = {{"fast", DlcCodegenFast}, {"naive", DlcCodegenNaive}};
static const Choice kLayoutChoices[] = {{"nhwc", DlcLayoutNHWC}, {"nchw", DlcLayoutNCHW}};

// Reads the option `name`, which must be one of `choices`; otherwise
// reports both through `error` and fails.
static bool choiceOption(const DlcPassOptions *values, const char *name, const Choice choices[2],
                         int *out, MlirStringCallback error, void *userData) {
  const char *v = dlcPassOptionString(values, name);
  for (int i = 0; i < 2; ++i) {
    if (!strcmp(v, choices[i].name)) {
      *out = choices[i].value;
      return true;
    }
  }
  DlcStr message = DLC_STR_INIT;
  dlcStrPrintf(&message, "invalid %s=%s: expected %s or %s", name, v, choices[0].name,
               choices[1].name);
  if (error)
    error(mlirStringRefCreateFromCString(dlcStrGet(&message)), userData);
  dlcStrFree(&message);
  return false;
}

MlirLogicalResult dlcPipelineOptionsFromPassOptions(const DlcPassOptions *values,
                                                    DlcCompileOptions *out,
                                                    MlirStringCallback error, void *userData) {
  *out = dlcCompileOptionsGetDefault();
  if (!values)
    return mlirLogicalResultSuccess();
  int codegen, layout;
  if (!choiceOption(values, "codegen", kCodegenChoices, &codegen, error, userData) ||
      !choiceOption(values, "layout", kLayoutChoices, &layout, error, userData))
    return mlirLogicalResultFailure();
  out->codegen = (DlcCodegen)codegen;
  out->layout = (DlcLayout)layout;
  out->threads = dlcPassOptionInt(values, "threads");
  out->schedules = dlcPassOptionString(values, "schedules");
  out->profile = dlcPassOptionBool(values, "profile");
  out->checks = dlcPassOptionBool(values, "checks");
  out->cpu = dlcPassOptionString(values, "cpu");
  return mlirLogicalResultSuccess();
}
