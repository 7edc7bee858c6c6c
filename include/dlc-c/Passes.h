/*===-- dlc-c/Passes.h - DLC passes and named pipelines -----------*- C -*-===*\
|*                                                                            *|
|* Every DLC pass and pipeline describes itself (flag, summary, description,  *|
|* options with defaults) in one table; dlc-opt --help and docs/Passes.md are *|
|* generated from it. Add the passes to any pass manager of a context where   *|
|* dlcContextLoadDialects has run, or register them all in MLIR's registry    *|
|* (dlcRegisterAllPasses) and name them in any textual pipeline.              *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_PASSES_H
#define DLC_C_PASSES_H

#include "dlc-c/Options.h"
#include "dlc-c/Support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

//===--------------------------------------------------------------------===//
// Registration.
//===--------------------------------------------------------------------===//

/// Registers every DLC pass (as a pass, with its options) and every named
/// pipeline in MLIR's global pass registry, so that upstream's
/// mlirParsePassPipeline, mlir-opt's flags (--mlir-print-ir-after=<pass>,
/// --help) and pass plugins know them. Safe to call more than once and
/// from several threads. Each DLC pass runs DLC's verifier (dlcVerify) on
/// entry and after its work, and fails when the IR breaks DLC's rules.
DLC_CAPI_EXPORTED void dlcRegisterAllPasses(void);

//===--------------------------------------------------------------------===//
// Individual passes. Each returns a new pass owned by the caller until it is
// added to a pass manager.
//===--------------------------------------------------------------------===//

/// dlc-infer-shapes: refines result types of dlc ops (and function results)
/// from operand shapes and attributes.
DLC_CAPI_EXPORTED MlirPass dlcCreateInferShapesPass(void);

/// dlc-graph-to-tensor: decomposes dlc_graph ops into dlc_tensor primitives.
DLC_CAPI_EXPORTED MlirPass dlcCreateGraphToTensorPass(void);

/// dlc-tensor-to-linalg: lowers dlc_tensor ops to linalg / tensor / arith /
/// math on signless tensors.
DLC_CAPI_EXPORTED MlirPass dlcCreateTensorToLinalgPass(void);

/// dlc-flatten-constants: tensor constants with at least `minElements`
/// elements (and rank other than 1) become a 1-D dense_resource blob plus a
/// tensor.expand_shape (the pipelines use 256).
DLC_CAPI_EXPORTED MlirPass dlcCreateFlattenConstantsPass(int64_t minElements);

/// dlc-lower-copies: memref.copy between non-identity layouts becomes
/// linalg.copy, so compiled code needs no MLIR runtime library.
DLC_CAPI_EXPORTED MlirPass dlcCreateLowerCopiesPass(void);

/// dlc-hoist-invariant-loads: loads with loop-invariant indices move out of
/// innermost scf.for loops whose stores provably cannot reach them (views
/// of one arena at disjoint offsets included).
DLC_CAPI_EXPORTED MlirPass dlcCreateHoistInvariantLoadsPass(void);
DLC_CAPI_EXPORTED MlirPass dlcCreateKeepInnerLoopsPass(void);

/// dlc-prefetch-panels: a product's k loop prefetches the next constant
/// panel of B, spread over the register tiles of rows reading this one.
DLC_CAPI_EXPORTED MlirPass dlcCreatePrefetchPanelsPass(void);

/// dlc-serialize-nested-parallel: scf.parallel loops (without reductions)
/// nested in another become scf.for nests, so that only the outermost
/// parallel loops become OpenMP parallel regions.
DLC_CAPI_EXPORTED MlirPass dlcCreateSerializeNestedParallelPass(void);

/// dlc-convert-layout: NCHW named convolutions on static f32 tensors become
/// NHWC ones between transposes, constant weights repacked at compile time
/// (option `layout`, default nhwc; `dlcCreatePassFromString` with
/// "layout=nchw" leaves convolutions and pooling in NCHW).
DLC_CAPI_EXPORTED MlirPass dlcCreateConvertLayoutPass(void);
/// dlc-fuse-elementwise: merges chains of elementwise linalg.generic ops
/// (never into reductions).
DLC_CAPI_EXPORTED MlirPass dlcCreateFuseElementwisePass(void);
/// dlc-codegen: schedules linalg.matmul / linalg.batch_matmul on static f32
/// tensors into tiled, packed, vectorized code (transform-dialect schedules
/// with parameters chosen per shape and host CPU).
DLC_CAPI_EXPORTED MlirPass dlcCreateCodegenPass(void);
/// dlc-decompose-pads: static tensor.pad ops become linalg.fill +
/// tensor.insert_slice, so that producers write into the padded buffer.
DLC_CAPI_EXPORTED MlirPass dlcCreateDecomposePadsPass(void);
/// dlc-decompose-concats: chains of static tensor.concat ops become one
/// buffer that each concat inserts its new operands into, so that producers
/// write into it and nothing is copied.
DLC_CAPI_EXPORTED MlirPass dlcCreateDecomposeConcatsPass(void);
/// dlc-reassociate-reductions: the accumulating op in each linalg body gets
/// fastmath<reassoc>, so LLVM vectorizes floating-point reductions.
DLC_CAPI_EXPORTED MlirPass dlcCreateReassociateReductionsPass(void);
/// dlc-approximate-math: f32 exp, expm1, tanh and erf (by default)
/// become upstream's vectorizable polynomial approximations.
DLC_CAPI_EXPORTED MlirPass dlcCreateApproximateMathPass(void);
/// dlc-record-signatures: records public functions' tensor signatures
/// (`dlc.inputs` / `dlc.outputs`) and makes their arguments read-only.
DLC_CAPI_EXPORTED MlirPass dlcCreateRecordSignaturesPass(void);
/// dlc-entry-abi: after bufferization, gives public functions DLC's C
/// calling convention (bare pointers, inputs then outputs, i32 status).
DLC_CAPI_EXPORTED MlirPass dlcCreateEntryABIPass(void);
/// dlc-plan-memory: after deallocation, places each function's static
/// intermediate buffers in one arena by liveness (memref.view of it) and
/// records the arena's size as `dlc.peak_intermediate_bytes`.
DLC_CAPI_EXPORTED MlirPass dlcCreatePlanMemoryPass(void);

//===--------------------------------------------------------------------===//
// Graph optimizations (dlc_graph level; dlc-optimize runs them in order).
//===--------------------------------------------------------------------===//

/// dlc-eliminate-nops: ops that return their input (identity, dropout,
/// same-type reshape/cast, x * 1, ...) are replaced by it.
DLC_CAPI_EXPORTED MlirPass dlcCreateEliminateNopsPass(void);
/// dlc-eliminate-empty-tensors: ops with zero-size results become empty
/// constants.
DLC_CAPI_EXPORTED MlirPass dlcCreateEliminateEmptyTensorsPass(void);
/// dlc-fold-constants: ops on constants (and shapes of static tensors)
/// become constants; results above `maxElements` only replace single-use
/// operands (the pipeline uses 65536).
DLC_CAPI_EXPORTED MlirPass dlcCreateFoldConstantsPass(int64_t maxElements);
/// dlc-simplify-algebra: exact rewrites of small op chains.
DLC_CAPI_EXPORTED MlirPass dlcCreateSimplifyAlgebraPass(void);
/// dlc-sink-transposes: transposes move below elementwise ops.
DLC_CAPI_EXPORTED MlirPass dlcCreateSinkTransposesPass(void);
/// dlc-fold-batch-norm: batch_norm (and per-channel mul/add) folded into
/// the constant weights of the conv or gemm before it.
DLC_CAPI_EXPORTED MlirPass dlcCreateFoldBatchNormPass(void);
/// dlc-conv-transpose-phases: conv_transpose as one convolution per output
/// phase (stride^n of them), interleaved.
DLC_CAPI_EXPORTED MlirPass dlcCreateConvTransposePhasesPass(void);
/// dlc-trim-conv-windows: kernel taps that read only padding (dilated
/// windows larger than the image) dropped from conv weights and pads.
DLC_CAPI_EXPORTED MlirPass dlcCreateTrimConvWindowsPass(void);
/// dlc-convs-to-2d: 1-D convolutions as 2-D ones of one row, 3-D ones as
/// sums of 2-D ones over their temporal taps.
DLC_CAPI_EXPORTED MlirPass dlcCreateConvsTo2dPass(void);
/// dlc-cse / dlc-dce: common subexpression and dead code elimination for
/// DLC's ops, which upstream cse and DCE leave alone.
DLC_CAPI_EXPORTED MlirPass dlcCreateCSEPass(void);
DLC_CAPI_EXPORTED MlirPass dlcCreateDCEPass(void);

/// Creates the DLC pass whose flag is `argument` with textual `options`
/// ("name=value name2=value", as inside `{}` in a pipeline; may be empty).
/// On an unknown pass or a bad option it calls `errorCallback` with a
/// message (when not NULL) and returns a null pass.
DLC_CAPI_EXPORTED MlirPass dlcCreatePassFromString(MlirStringRef argument,
                                                   MlirStringRef options,
                                                   MlirStringCallback errorCallback,
                                                   void *userData);

//===--------------------------------------------------------------------===//
// Named pipelines. Each accepts IR at any higher level and appends its
// passes to `pm` (anchored on builtin.module).
//===--------------------------------------------------------------------===//

/// dlc-optimize: DLC's graph optimizations in their documented order,
/// leaving out the passes named in `disabledPasses` (comma-separated flags,
/// may be empty). On a name that is not one of them, calls `errorCallback`
/// (when not NULL) once with the whole message and fails.
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildOptimizePipeline(MlirOpPassManager pm,
                                                             MlirStringRef disabledPasses,
                                                             MlirStringCallback errorCallback,
                                                             void *userData);

/// Does every comma-separated name in `list` name a pass of dlc-optimize?
/// Calls `errorCallback` (when not NULL) once, naming the first that does
/// not and the passes there are, and returns false.
DLC_CAPI_EXPORTED bool dlcOptimizeCheckDisabled(MlirStringRef list,
                                                MlirStringCallback errorCallback, void *userData);

/// dlc-graph-to-linalg: shape inference, graph -> tensor -> linalg.
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildGraphToLinalgPipeline(MlirOpPassManager pm);

/// dlc-linalg-to-loops: the above, then DLC's schedules (dlc-codegen),
/// bufferization with function boundaries and results as out-parameters,
/// deallocation, linalg -> loops (affine, then scf, for codegen=naive).
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLinalgToLoopsPipeline(MlirOpPassManager pm);

/// dlc-lower-to-llvm: the above, then everything to the LLVM dialect. Public
/// functions take bare pointers (inputs, then outputs) and return i32 0.
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLowerToLLVMPipeline(MlirOpPassManager pm);

/// dlc-loops-to-llvm: the steps of dlc-lower-to-llvm after buffer
/// deallocation, for IR already on buffers (deallocation cannot run twice).
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLoopsToLLVMPipeline(MlirOpPassManager pm);

/// The three above with the code generation options of `options`
/// (codegen, threads, schedules; NULL: the defaults). On bad options
/// (threads below 1, an unknown codegen) they call `errorCallback` (when
/// not NULL) once with the whole message and fail. The builders without
/// options use the defaults and cannot fail but by a DLC bug.
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLinalgToLoopsPipelineWithOptions(
    MlirOpPassManager pm, const DlcCompileOptions *options, MlirStringCallback errorCallback,
    void *userData);
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLowerToLLVMPipelineWithOptions(
    MlirOpPassManager pm, const DlcCompileOptions *options, MlirStringCallback errorCallback,
    void *userData);
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLoopsToLLVMPipelineWithOptions(
    MlirOpPassManager pm, const DlcCompileOptions *options, MlirStringCallback errorCallback,
    void *userData);
/// Parses a textual pipeline such as
///   "builtin.module(dlc-infer-shapes, func.func(canonicalize), dlc-graph-to-tensor)"
/// (or its elements without the anchor) mixing DLC passes with options
/// `{name=value}`, DLC pipelines and any upstream pass, and adds it to `pm`.
/// A wrapper naming the pass manager's own op (also `builtin.module(...)` on
/// an op-agnostic one) stands for the pass manager itself. This is
/// upstream's parser after dlcRegisterAllPasses (which it calls).
/// On error calls `errorCallback` (when not NULL) once with the whole
/// message and fails.
DLC_CAPI_EXPORTED MlirLogicalResult dlcParsePassPipeline(MlirOpPassManager pm,
                                                         MlirStringRef pipeline,
                                                         MlirStringCallback errorCallback,
                                                         void *userData);

//===--------------------------------------------------------------------===//
// Self-description, for help texts and docs.
//===--------------------------------------------------------------------===//

typedef struct DlcPassOptionInfo {
  const char *name;
  const char *type;          ///< "bool", "int" or "string"
  const char *defaultValue;  ///< as written in a pipeline
  const char *description;
} DlcPassOptionInfo;

typedef struct DlcPassInfo {
  const char *argument;      ///< the flag, e.g. "dlc-infer-shapes"
  const char *summary;       ///< one line
  const char *description;   ///< a paragraph or more
  int isPipeline;            ///< 1 for a named pipeline, 0 for a pass
  intptr_t numOptions;
  const DlcPassOptionInfo *options;
} DlcPassInfo;

/// Number of DLC passes and pipelines.
DLC_CAPI_EXPORTED intptr_t dlcGetNumPassInfos(void);

/// The i-th pass or pipeline (static storage; 0 <= i < dlcGetNumPassInfos()).
DLC_CAPI_EXPORTED DlcPassInfo dlcGetPassInfo(intptr_t i);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_PASSES_H */
