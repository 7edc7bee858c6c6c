/*===-- dlc-c/Profile.h - Where a compiled model spends its time ---*- C -*-===*\
|*                                                                            *|
|* An entry compiled with DlcCompileOptions.profile times each of its rows:  *|
|* a node of the model (an ONNX node, named by its location) or a group of   *|
|* nodes that fusion made one loop nest. The compiled code reads the clock   *|
|* between rows and nowhere else, so an uninstrumented compile pays nothing *|
|* and an instrumented one a clock read per row. A DlcProfile collects the   *|
|* times of the runs given it in DlcRunOptions.profile.                      *|
|*                                                                            *|
|* Each run's row times add up to the run's whole time, as the runtime       *|
|* measured it around the call, minus the time before the first row and     *|
|* after the last (argument checks, the entry's prologue, allocations):     *|
|* that rest is reported apart, so nothing is apportioned.                  *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_PROFILE_H
#define DLC_C_PROFILE_H

#include "dlc-c/Runtime.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An empty profile for `executable`, which must stay alive while the
/// profile is used. Null when the executable was not compiled with
/// DlcCompileOptions.profile. The caller owns it (dlcProfileDestroy).
DLC_CAPI_EXPORTED DlcProfile dlcProfileCreate(DlcExecutable executable);

DLC_CAPI_EXPORTED void dlcProfileDestroy(DlcProfile profile);

/// Forgets the runs recorded so far.
DLC_CAPI_EXPORTED void dlcProfileClear(DlcProfile profile);

/// The rows, in the order the entry first runs them.
DLC_CAPI_EXPORTED intptr_t dlcProfileGetNumRows(DlcProfile profile);

/// What row `row` runs; the strings are borrowed from the executable.
typedef struct DlcProfileRowInfo {
  MlirStringRef name;   ///< its first node's name
  MlirStringRef opType; ///< the dlc_graph ops of its nodes, '+'-joined
  MlirStringRef shape;  ///< the last node's result type, such as 1x64x56x56xf32
  double flops;         ///< floating-point operations per run; 0 for ops without a count
  intptr_t numNodes;    ///< the nodes it holds, fused into one loop nest
} DlcProfileRowInfo;

DLC_CAPI_EXPORTED DlcProfileRowInfo dlcProfileGetRowInfo(DlcProfile profile, intptr_t row);

/// The name of node `node` (0 <= node < numNodes) of row `row`.
DLC_CAPI_EXPORTED MlirStringRef dlcProfileGetRowNode(DlcProfile profile, intptr_t row,
                                                     intptr_t node);

/// The runs recorded.
DLC_CAPI_EXPORTED intptr_t dlcProfileGetNumRuns(DlcProfile profile);

/// Seconds run `run` spent in row `row`.
DLC_CAPI_EXPORTED double dlcProfileGetTime(DlcProfile profile, intptr_t run, intptr_t row);

/// Seconds from the start of run `run` to the first time it entered row
/// `row` (rows run once per run, one after another, in the usual case).
DLC_CAPI_EXPORTED double dlcProfileGetStart(DlcProfile profile, intptr_t run, intptr_t row);

/// Seconds the whole of run `run` took: its rows and the rest outside them.
DLC_CAPI_EXPORTED double dlcProfileGetRunTime(DlcProfile profile, intptr_t run);

/// Prints the table that `dlc-run --profile` prints, through `callback`:
/// one line per row with the min and median time over the runs, the share
/// of the total, GFLOP/s where the row has a FLOP count, op type, shape
/// and nodes; then the time outside the rows and the sums.
DLC_CAPI_EXPORTED void dlcProfilePrint(DlcProfile profile, MlirStringCallback callback,
                                       void *userData);

/// Prints the runs as Chrome trace events (chrome://tracing, Perfetto):
/// `{"traceEvents": [...]}` with one complete ("X") event per row per run,
/// named by the row's first node, `ts` and `dur` in microseconds, and the
/// op type, shape, FLOPs and the other nodes of a group in `args`.
DLC_CAPI_EXPORTED void dlcProfilePrintTrace(DlcProfile profile, MlirStringCallback callback,
                                            void *userData);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_PROFILE_H */
