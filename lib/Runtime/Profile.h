//===- Profile.h - Profiles of executables, inside the runtime --*- C -*-===//
//
// What Executable.c and Profile.c share: the rows an instrumented entry
// records (`dlc.profile`, see dlc-instrument-profile), the function its
// marks call, and the bracket around a profiled run.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUNTIME_PROFILE_H
#define DLC_RUNTIME_PROFILE_H

#include "dlc-c/Profile.h"

typedef struct DlcProfileRow {
  char *name, *opType, *shape;
  double flops;
  intptr_t numNodes;
  char **nodes; ///< nodes[0] is the name
} DlcProfileRow;

typedef struct DlcProfileRows {
  DlcProfileRow *items;
  intptr_t count;
} DlcProfileRows;

/// Reads `dlc.profile` (an array of {nodes, op, shape, flops}); false,
/// with `*rows` empty, when it is absent or malformed.
bool dlcProfileRowsRead(MlirAttribute profile, DlcProfileRows *rows);
void dlcProfileRowsDestroy(DlcProfileRows *rows);

/// The rows of an executable compiled with a profile, else NULL.
const DlcProfileRows *dlcExecutableGetProfileRows(DlcExecutable executable);

/// The rows `profile` was created for.
const DlcProfileRows *dlcProfileGetRows(DlcProfile profile);

/// What `@dlc_profile_mark(i64 row)` is bound to in the JIT.
void dlcProfileMark(int64_t row);

/// Around one call of the entry on this thread: its marks go to `profile`.
void dlcProfileRunBegin(DlcProfile profile);
void dlcProfileRunEnd(DlcProfile profile);

#endif // DLC_RUNTIME_PROFILE_H
