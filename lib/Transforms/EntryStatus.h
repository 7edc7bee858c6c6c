//===- EntryStatus.h - The status an entry returns --------------*- C -*-===//
//
// Part of dlc-entry-abi: what the i32 status of a bufferized entry is made
// of. See EntryStatus.c.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TRANSFORMS_ENTRYSTATUS_H
#define DLC_TRANSFORMS_ENTRYSTATUS_H

#include "mlir-c/IR.h"

#include <stdint.h>

/// The status of the entry `func` at its return `ret`, built before `ret`:
/// the code of its first status slot that is set, with the slot's number
/// k + 1 in bits 8 and up (0 when none is set). Slots are cleared at their
/// allocas; `dlc.checks` on `func` lists where each slot's check is.
MlirValue dlcEntryBuildStatus(MlirOperation func, MlirOperation ret);

/// Moves the ops of the block after `after` up to `terminator` (a return
/// whose operand 0 is the status) under an scf.if on `cond`: when it is
/// false they are skipped and the status is `elseStatus`. Returns the
/// then-block's yield, the new terminator of the guarded ops.
MlirOperation dlcEntryGuardCondition(MlirOperation after, MlirValue cond, int32_t elseStatus,
                                     MlirOperation terminator);

#endif // DLC_TRANSFORMS_ENTRYSTATUS_H
