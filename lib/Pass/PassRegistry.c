//===- PassRegistry.c - The table of DLC passes and pipelines ---*- C -*-===//
//
// Every DLC pass and named pipeline, described once. Help texts, docs and
// the pipeline parser are generated from here.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"

#include <stdio.h>
#include <string.h>

static const DlcPassDef passes[] = {
    {"dlc-infer-shapes", "DlcInferShapes", "Infer static result shapes of dlc ops",
     "Walks every function in order and refines the result types of dlc_graph and dlc_tensor "
     "ops from their operand types and attributes, replacing `?` dims that follow from the "
     "operands; function result types are updated to match what is returned. Inconsistent IR "
     "(shapes that do not agree, attributes out of range) is reported with a located error and "
     "the pass fails. Result types are only ever refined, never widened.",
     "", 0, {{0}}, dlcRunInferShapes, {NULL}},
    {"dlc-graph-to-tensor", "DlcGraphToTensor",
     "Decompose dlc_graph ops into dlc_tensor primitives",
     "Rewrites each model-level op into the dozen dlc_tensor primitives: elementwise ops and "
     "activations into `map`s with scalar bodies (private `func.func`s, one per op kind and type), "
     "matmul and gemm into `contract` (+ maps), conv into `pad` + `conv` (+ bias map), pooling "
     "into `pad` + `pool`, normalizations and softmax into `reduce`s and `map`s, shape ops into "
     "data movement. Any dlc_graph op left over is an error; every one is reported, at its "
     "location. Runs the DLC verifier first.",
     "builtin.module", 0, {{0}}, dlcRunGraphToTensor, {"func", "arith", "math", "tensor"}},
    {"dlc-tensor-to-linalg", "DlcTensorToLinalg",
     "Lower dlc_tensor ops to linalg, tensor, arith and math",
     "Lowers each primitive to exactly one linalg or tensor form (see docs/TensorDialect.md), "
     "inlining map bodies into `linalg.generic` regions and deleting them, and rewrites unsigned "
     "integer tensors to the signless types linalg and arith compute on (function signatures "
     "included). Any dlc_tensor op left over is an error, reported at its location.",
     "builtin.module", 0, {{0}}, dlcRunTensorToLinalg,
     {"func", "arith", "math", "tensor", "linalg"}},
    {"dlc-flatten-constants", "DlcFlattenConstants",
     "Store large tensor constants as 1-D blobs reshaped to their type",
     "Rewrites each `arith.constant` of a tensor with at least `min-elements` elements and rank "
     "other than 1 into a 1-D `dense_resource` constant and a `tensor.expand_shape`. Nested N-D "
     "constants make LLVM translation and JIT compilation of real models take seconds and "
     "gigabytes; flat blobs cost nothing, and the reshape bufferizes to a view. dense_resource "
     "data is shared, not copied. Splats and i1 constants are left alone.",
     "", 1,
     {{"min-elements", "int", "256", "flatten constants with at least this many elements"}},
     dlcRunFlattenConstants, {"tensor", "arith"}},
    {"dlc-lower-copies", "DlcLowerCopies", "Rewrite memref.copy into linalg.copy",
     "Copies between buffers with non-identity layouts lower to calls into MLIR's C runner "
     "library; as `linalg.copy` they become loops, so that compiled models need no MLIR "
     "library at run time.",
     "", 0, {{0}}, dlcRunLowerCopies, {"linalg"}},
    {"dlc-entry-abi", "DlcEntryABI", "Record entry signatures and give entries DLC's C ABI",
     "Public functions are the entries that dlc-run calls and dlc-translate exports as "
     "`int name(const T *in0, .., T *out0, ..)` (0 on success). On a function over tensors the "
     "pass records its signature as `dlc.inputs` / `dlc.outputs` (arrays of the tensor types, "
     "kept down to `llvm.func`, since lowering makes unsigned types signless and results "
     "out-parameters) and marks its arguments `bufferization.writable = false`, so inputs are "
     "never written. On a bufferized function (memref arguments only, no results) it checks that "
     "every argument is a static, row-major memref, refines `?` dims of the recorded signature "
     "from them and adds an i32 status result (calls inside the module get it too). The "
     "lowering pipelines run it after shape inference and again after bufferization.",
     "builtin.module", 0, {{0}}, dlcRunEntryABI, {"func", "arith"}},
};

static MlirLogicalResult buildGraphToLinalg(MlirOpPassManager pm) { return dlcBuildGraphToLinalgPipeline(pm); }
static MlirLogicalResult buildLinalgToLoops(MlirOpPassManager pm) { return dlcBuildLinalgToLoopsPipeline(pm); }
static MlirLogicalResult buildLowerToLLVM(MlirOpPassManager pm) { return dlcBuildLowerToLLVMPipeline(pm); }
static MlirLogicalResult buildLoopsToLLVM(MlirOpPassManager pm) { return dlcBuildLoopsToLLVMPipeline(pm); }

static const DlcPipelineDef pipelines[] = {
    {"dlc-graph-to-linalg", "Lower dlc_graph (or dlc_tensor) IR to linalg on tensors",
     "dlc-infer-shapes, dlc-entry-abi (records entry signatures), dlc-graph-to-tensor, "
     "dlc-tensor-to-linalg, then canonicalize and cse. "
     "Accepts IR at any higher level (dlc ops already lowered are left as they are).",
     buildGraphToLinalg},
    {"dlc-linalg-to-loops", "Lower to bufferized scf loops",
     "dlc-graph-to-linalg, then one-shot-bufferize with function boundaries (identity layouts), "
     "buffer-results-to-out-params (results become trailing memref arguments), the buffer "
     "deallocation pipeline, dlc-lower-copies, linalg -> affine loops -> scf. Accepts IR at any "
     "higher level.",
     buildLinalgToLoops},
    {"dlc-lower-to-llvm", "Lower everything to the LLVM dialect",
     "dlc-linalg-to-loops, dlc-entry-abi (status results; entries need static shapes), then "
     "scf -> cf, memref, math (through libm where LLVM has no intrinsic), arith, func "
     "(bare-pointer memref convention) and cf to the LLVM dialect. Leaves only llvm dialect ops; "
     "public functions become `i32 name(ptr in0, .., ptr out0, ..)` carrying their tensor "
     "signature as `dlc.inputs` / `dlc.outputs`. Accepts IR at any level above buffers (for "
     "bufferized IR use dlc-loops-to-llvm: buffer deallocation cannot run twice).",
     buildLowerToLLVM},
    {"dlc-loops-to-llvm", "Lower bufferized IR to the LLVM dialect",
     "The steps of dlc-lower-to-llvm after buffer deallocation, for IR that is already on "
     "buffers (the output of dlc-linalg-to-loops, or linalg on memrefs): dlc-lower-copies, "
     "linalg -> affine loops -> scf, dlc-entry-abi, then everything to the LLVM dialect.",
     buildLoopsToLLVM},
};

#define NUM_PASSES ((intptr_t)(sizeof passes / sizeof *passes))
#define NUM_PIPELINES ((intptr_t)(sizeof pipelines / sizeof *pipelines))

const DlcPassDef *dlcLookupPassDef(const char *argument, size_t len) {
  for (intptr_t i = 0; i < NUM_PASSES; ++i)
    if (strlen(passes[i].argument) == len && !strncmp(passes[i].argument, argument, len))
      return &passes[i];
  return NULL;
}

const DlcPipelineDef *dlcLookupPipelineDef(const char *argument, size_t len) {
  for (intptr_t i = 0; i < NUM_PIPELINES; ++i)
    if (strlen(pipelines[i].argument) == len && !strncmp(pipelines[i].argument, argument, len))
      return &pipelines[i];
  return NULL;
}

intptr_t dlcGetNumPassInfos(void) { return NUM_PASSES + NUM_PIPELINES; }

DlcPassInfo dlcGetPassInfo(intptr_t i) {
  if (i < NUM_PASSES)
    return (DlcPassInfo){passes[i].argument, passes[i].summary, passes[i].description, 0,
                         passes[i].numOptions, passes[i].options};
  const DlcPipelineDef *p = &pipelines[i - NUM_PASSES];
  return (DlcPassInfo){p->argument, p->summary, p->description, 1, 0, NULL};
}

MlirPass dlcCreatePassFromString(MlirStringRef argument, MlirStringRef options,
                                 MlirStringCallback errorCallback, void *userData) {
  const DlcPassDef *def = dlcLookupPassDef(argument.data, argument.length);
  if (!def) {
    if (errorCallback) {
      static const char prefix[] = "unknown DLC pass '";
      errorCallback(mlirStringRefCreate(prefix, sizeof prefix - 1), userData);
      errorCallback(argument, userData);
      errorCallback(mlirStringRefCreate("'", 1), userData);
    }
    return (MlirPass){NULL};
  }
  return dlcCreatePassFromDef(def, options, errorCallback, userData);
}

#define CREATE(fn, flag)                                                                           \
  MlirPass fn(void) {                                                                              \
    return dlcCreatePassFromDef(dlcLookupPassDef(flag, sizeof flag - 1),                           \
                                mlirStringRefCreate("", 0), NULL, NULL);                           \
  }
CREATE(dlcCreateInferShapesPass, "dlc-infer-shapes")
CREATE(dlcCreateGraphToTensorPass, "dlc-graph-to-tensor")
CREATE(dlcCreateTensorToLinalgPass, "dlc-tensor-to-linalg")
CREATE(dlcCreateLowerCopiesPass, "dlc-lower-copies")
CREATE(dlcCreateEntryABIPass, "dlc-entry-abi")

MlirPass dlcCreateFlattenConstantsPass(int64_t minElements) {
  char options[48];
  snprintf(options, sizeof options, "min-elements=%lld", (long long)minElements);
  return dlcCreatePassFromDef(dlcLookupPassDef("dlc-flatten-constants", 21),
                              mlirStringRefCreateFromCString(options), NULL, NULL);
}
