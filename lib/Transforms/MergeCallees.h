//===- MergeCallees.h - Merging callees with the same body ------*- C -*-===//
//
// What dlc-outline-loop-nests uses to give layers of one shape one function.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TRANSFORMS_MERGECALLEES_H
#define DLC_TRANSFORMS_MERGECALLEES_H

#include "mlir-c/IR.h"

/// `funcs[i]` is a private function called once, by `calls[i]` (func.call).
/// Each function printed the same as an earlier one, but for its name, is
/// erased from `symbols`, and its call calls the earlier one. Returns how
/// many were erased.
intptr_t dlcMergeSameCallees(MlirOperation *funcs, MlirOperation *calls, intptr_t n,
                             MlirSymbolTable symbols);

#endif // DLC_TRANSFORMS_MERGECALLEES_H
