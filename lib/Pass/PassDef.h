//===- PassDef.h - The table DLC passes describe themselves in --*- C -*-===//
//
// PassRegistry.c holds one DlcPassDef per pass and one DlcPipelineDef per
// named pipeline (like upstream's Passes.td): flag, summary, description,
// options with defaults. dlc-opt's --help, docs/Passes.md, the pipeline
// parser and dlcCreatePassFromString all read that table. Each pass lives
// in its own file and exports only its run function.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_PASS_PASSDEF_H
#define DLC_PASS_PASSDEF_H

#include "dlc-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdint.h>

#define DLC_MAX_PASS_OPTIONS 8

#ifdef __cplusplus
extern "C" {
#endif

/// Option values of one pass instance, by option index: bools and ints in
/// `ints`, strings in `strings` (NUL-terminated, owned by the pass instance
/// or the table, valid while the run or build function runs).
struct DlcPassDef;
typedef struct DlcPassOptions {
  const struct DlcPassDef *def;
  int64_t ints[DLC_MAX_PASS_OPTIONS];
  const char *strings[DLC_MAX_PASS_OPTIONS];
} DlcPassOptions;

/// One run of a DLC pass on one op. A run function that fails reports
/// why with located diagnostics, then calls dlcPassRunSignalFailure.
typedef struct DlcPassRun DlcPassRun;
void dlcPassRunSignalFailure(DlcPassRun *run);

typedef void (*DlcPassRunFn)(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);

typedef struct DlcPassDef {
  const char *argument;    ///< flag: "dlc-infer-shapes"
  const char *name;        ///< for timing and IR dumps: "DlcInferShapes"
  const char *summary;
  const char *description;
  const char *anchor;      ///< "" for any op, else e.g. "builtin.module"
  intptr_t numOptions;
  DlcPassOptionInfo options[DLC_MAX_PASS_OPTIONS];
  DlcPassRunFn run;
  /// Dialects whose ops the pass creates (loaded before it runs).
  const char *dependentDialects[8];
} DlcPassDef;

typedef struct DlcPipelineDef {
  const char *argument;
  const char *summary;
  const char *description;
  /// The pipeline's options, described as a pass's are (NULL: none).
  const DlcPassDef *options;
  /// Appends the pipeline to `pm`; `options` holds the values of
  /// `options`' options (NULL when none). Reports why it fails to `error`.
  MlirLogicalResult (*build)(MlirOpPassManager pm, const DlcPassOptions *options,
                             MlirStringCallback error, void *userData);
} DlcPipelineDef;

/// The value of option `name` (which must exist in the pass's table entry).
int64_t dlcPassOptionInt(const DlcPassOptions *options, const char *name);
bool dlcPassOptionBool(const DlcPassOptions *options, const char *name);
const char *dlcPassOptionString(const DlcPassOptions *options, const char *name);

/// The defaults of `def`'s options, as its table entry writes them.
DlcPassOptions dlcPassDefDefaultOptions(const DlcPassDef *def);

/// A dependent dialect of `def` that PassDef.c has no handle of (a DLC
/// bug), or NULL.
const char *dlcPassDefUnknownDialect(const DlcPassDef *def);
/// Inserts the dialects `def` creates ops of into `registry`.
void dlcPassDefInsertDependentDialects(const DlcPassDef *def, MlirDialectRegistry registry);

/// The lowering pipelines' options (codegen, threads, schedules) from
/// parsed values (NULL: the defaults); fails, telling `error`, on a bad
/// codegen (the builders check the rest).
MlirLogicalResult dlcPipelineOptionsFromPassOptions(const DlcPassOptions *values,
                                                    DlcCompileOptions *out,
                                                    MlirStringCallback error, void *userData);


const DlcPassDef *dlcLookupPassDef(const char *argument, size_t len);
const DlcPipelineDef *dlcLookupPipelineDef(const char *argument, size_t len);
//===--------------------------------------------------------------------===//
// Implemented in C++ (Bridge/PassAdaptor.cpp): one mlir::Pass class runs
// every DLC pass, with upstream's pass options made from the table entry.
//===--------------------------------------------------------------------===//

/// Creates a pass from its def with options parsed from `options` text (as
/// inside `{}` in a pipeline); reports a bad option to `error` (one call)
/// and returns a null pass.
MlirPass dlcCreatePassFromDef(const DlcPassDef *def, MlirStringRef options,
                              MlirStringCallback error, void *userData);
/// Registers the pass or pipeline in MLIR's global registry (idempotent
/// per def: registering twice is harmless).
void dlcRegisterPassDef(const DlcPassDef *def);
void dlcRegisterPipelineDef(const DlcPipelineDef *def);

// Run functions, one per pass file.
void dlcRunVerify(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunInferShapes(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunGraphToTensor(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunTensorToLinalg(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunLowerCopies(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunHoistInvariantLoads(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunKeepInnerLoops(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunPrefetchPanels(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunOutlineLoopNests(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunSerializeNestedParallel(MlirOperation op, DlcPassRun *run,
                                   const DlcPassOptions *options);
void dlcRunFlattenConstants(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunConvertLayout(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunFuseElementwise(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunCodegen(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunPrepackConstants(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunPackPanels(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunReleaseDeadWeights(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunDecomposePads(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunDecomposeConcats(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunReassociateReductions(MlirOperation op, DlcPassRun *run,
                                 const DlcPassOptions *options);
void dlcRunApproximateMath(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunEliminateNops(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunEliminateEmptyTensors(MlirOperation op, DlcPassRun *run,
                                 const DlcPassOptions *options);
void dlcRunFoldConstants(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunSimplifyAlgebra(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunSinkTransposes(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunFoldBatchNorm(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunConvTransposePhases(MlirOperation op, DlcPassRun *run,
                               const DlcPassOptions *options);
void dlcRunTrimConvWindows(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunConvsTo2d(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunEliminateCommonOps(MlirOperation op, DlcPassRun *run,
                              const DlcPassOptions *options);
void dlcRunEliminateDeadOps(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunRecordSignatures(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunInlineBodies(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunRecordNodes(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunInstrumentProfile(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunEntryABI(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunPlanMemory(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunCacheArenas(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunStackLoopBuffers(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);
void dlcRunUnshareFills(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options);

#ifdef __cplusplus
}
#endif

#endif // DLC_PASS_PASSDEF_H
