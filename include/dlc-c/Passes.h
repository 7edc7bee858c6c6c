/*===-- dlc-c/Passes.h - DLC passes and named pipelines -----------*- C -*-===*\
|*                                                                            *|
|* Every DLC pass and pipeline describes itself (flag, summary, description,  *|
|* options with defaults) in one table; dlc-opt --help and docs/Passes.md are *|
|* generated from it. Passes are MLIR external passes: add them to any pass   *|
|* manager of a context where dlcContextLoadDialects has run.                 *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_PASSES_H
#define DLC_C_PASSES_H

#include "dlc-c/Support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/// dlc-entry-abi: records public functions' tensor signatures, and after
/// bufferization gives them DLC's C calling convention (bare pointers,
/// inputs then outputs, i32 status).
DLC_CAPI_EXPORTED MlirPass dlcCreateEntryABIPass(void);

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

/// dlc-graph-to-linalg: shape inference, graph -> tensor -> linalg.
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildGraphToLinalgPipeline(MlirOpPassManager pm);

/// dlc-linalg-to-loops: the above, then bufferization with function
/// boundaries and results as out-parameters, deallocation, linalg -> affine
/// -> scf.
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLinalgToLoopsPipeline(MlirOpPassManager pm);

/// dlc-lower-to-llvm: the above, then everything to the LLVM dialect. Public
/// functions take bare pointers (inputs, then outputs) and return i32 0.
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLowerToLLVMPipeline(MlirOpPassManager pm);

/// dlc-loops-to-llvm: the steps of dlc-lower-to-llvm after buffer
/// deallocation, for IR already on buffers (deallocation cannot run twice).
DLC_CAPI_EXPORTED MlirLogicalResult dlcBuildLoopsToLLVMPipeline(MlirOpPassManager pm);

/// Parses a textual pipeline such as
///   "builtin.module(dlc-infer-shapes, func.func(canonicalize), dlc-graph-to-tensor)"
/// (or its elements without the anchor) mixing DLC passes with options
/// `{name=value}`, DLC pipelines and any upstream pass, and adds it to `pm`.
/// A wrapper naming the pass manager's own op (also `builtin.module(...)` on
/// an op-agnostic one) stands for the pass manager itself; DLC module passes
/// and pipelines nested under another op are rejected.
/// On error calls `errorCallback` with a message and fails.
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
