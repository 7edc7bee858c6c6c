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

/// Option values of one pass instance, by option index: bools and ints in
/// `ints`, strings (owned, NUL-terminated) in `strings`.
struct DlcPassDef;
typedef struct DlcPassOptions {
  const struct DlcPassDef *def;
  int64_t ints[DLC_MAX_PASS_OPTIONS];
  char *strings[DLC_MAX_PASS_OPTIONS];
} DlcPassOptions;

typedef void (*DlcPassRunFn)(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);

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
  /// `options` holds the values of `options`' options (NULL when none).
  MlirLogicalResult (*build)(MlirOpPassManager pm, const DlcPassOptions *options);
} DlcPipelineDef;

/// The value of option `name` (which must exist in the pass's table entry).
int64_t dlcPassOptionInt(const DlcPassOptions *options, const char *name);
bool dlcPassOptionBool(const DlcPassOptions *options, const char *name);
const char *dlcPassOptionString(const DlcPassOptions *options, const char *name);

/// Sets every option of `def` to its default, then to what `text` says
/// ("name=value ..."); on an unknown option or a bad value reports to
/// `error` and returns false (nothing to free then).
bool dlcPassOptionsParse(DlcPassOptions *options, const DlcPassDef *def, MlirStringRef text,
                         MlirStringCallback error, void *userData);
void dlcPassOptionsFree(DlcPassOptions *options);

/// The lowering pipelines' options (codegen, threads, schedules) from
/// parsed values (NULL: the defaults); fails on a value out of range.
MlirLogicalResult dlcPipelineOptionsFromPassOptions(const DlcPassOptions *values,
                                                    DlcPipelineOptions *out);

/// Does every comma-separated name in `list` name a pass of dlc-optimize?
/// Reports the first that does not to `error`.
bool dlcOptimizeCheckDisabled(MlirStringRef list, MlirStringCallback error, void *userData);

const DlcPassDef *dlcLookupPassDef(const char *argument, size_t len);
const DlcPipelineDef *dlcLookupPipelineDef(const char *argument, size_t len);
/// Creates a pass from its def with options parsed from `options` text;
/// reports problems to `error` and returns a null pass.
MlirPass dlcCreatePassFromDef(const DlcPassDef *def, MlirStringRef options,
                              MlirStringCallback error, void *userData);

// Run functions, one per pass file.
void dlcRunInferShapes(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunGraphToTensor(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunTensorToLinalg(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunLowerCopies(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunSerializeNestedParallel(MlirOperation op, MlirExternalPass pass,
                                   const DlcPassOptions *options);
void dlcRunFlattenConstants(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunConvertLayout(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunFuseElementwise(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunCodegen(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunEliminateNops(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunEliminateEmptyTensors(MlirOperation op, MlirExternalPass pass,
                                 const DlcPassOptions *options);
void dlcRunFoldConstants(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunSimplifyAlgebra(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunSinkTransposes(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunFoldBatchNorm(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunEliminateCommonOps(MlirOperation op, MlirExternalPass pass,
                              const DlcPassOptions *options);
void dlcRunEliminateDeadOps(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunEntryABI(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);
void dlcRunPlanMemory(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options);

#endif // DLC_PASS_PASSDEF_H
