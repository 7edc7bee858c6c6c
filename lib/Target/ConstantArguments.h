//===- ConstantArguments.h - Constants moved into their callees --*- C -*-===//
//
// LLVM's IPSCCP gives a private function the constants that all its calls
// pass (a weight's address, a clip bound's global). Split among modules
// (Target/Parts.h), a layer's function would read them from arguments
// instead, each a register more in its loops: MobileNetV2's convolutions
// spilled and ran 6% slower. Moved into the callees first, they are the
// function's own constants in any part.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TARGET_CONSTANTARGUMENTS_H
#define DLC_TARGET_CONSTANTARGUMENTS_H

#include "mlir-c/IR.h"

/// In `module` (the LLVM dialect), rewrites each function's uses of an
/// argument that every call of it passes the same way (constants and
/// global addresses, through getelementptr and the memref descriptor's
/// insertvalue / extractvalue) into uses of a copy made in the function.
/// Functions whose address is taken are left as they are.
void dlcModuleMoveConstantArguments(MlirModule module);

#endif // DLC_TARGET_CONSTANTARGUMENTS_H
