//===- EntryDynamic.h - The entry ABI of dynamic shapes ---------*- C -*-===//
//
// Part of dlc-entry-abi: entries whose buffers have `?` dims (see
// EntryDynamic.c for the ABI).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TRANSFORMS_ENTRYDYNAMIC_H
#define DLC_TRANSFORMS_ENTRYDYNAMIC_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/// True when a memref argument of `fnType` has a `?` dim.
bool dlcEntryTypeIsDynamic(MlirType fnType);

/// Gives the bufferized entry `func` (its first `numInputs` arguments the
/// inputs, then the outputs' out-parameters) the dynamic ABI: a shape
/// argument after each dynamic input, a pointer slot and a shape for each
/// dynamic output. `*shapesFit` is the i1 that the given sizes fit, defined
/// by `*checked`, the last op of the checks in the entry block. False after
/// an error at `func` (a layout or an output the ABI cannot carry).
bool dlcEntryMakeDynamicABI(MlirOperation func, intptr_t numInputs, MlirValue *shapesFit,
                            MlirOperation *checked);

/// Appends `func.func @<entry>_free(memref<0xi8>)` to `module`: frees an
/// output buffer the dynamic entry handed out. Marked `dlc.frees`, so that
/// it is not an entry itself.
void dlcModuleAddFreeFunction(MlirOperation module, MlirStringRef entry);

#endif // DLC_TRANSFORMS_ENTRYDYNAMIC_H
