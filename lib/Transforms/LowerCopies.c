//===- LowerCopies.c - The dlc-lower-copies pass ----------------*- C -*-===//
//
// finalize-memref-to-llvm lowers a memref.copy between identity layouts to
// a memcpy, but any other copy (a strided subview, say) to a call of
// `memrefCopy` in libmlir_c_runner_utils. Rewriting those copies into
// linalg.copy makes them loops, so compiled code depends on nothing.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include <stdlib.h>

#define MAX_COPIES 4096

typedef struct Copies {
  MlirOperation ops[MAX_COPIES];
  int count;
  bool overflow;
} Copies;

static bool hasIdentityLayout(MlirType memref) {
  return mlirTypeIsAMemRef(memref) && mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(memref));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Copies *copies = userData;
  if (!mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                          mlirStringRefCreateFromCString("memref.copy")))
    return MlirWalkResultAdvance;
  MlirType src = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(op, 1));
  if (hasIdentityLayout(src) && hasIdentityLayout(dst))
    return MlirWalkResultAdvance;
  if (copies->count == MAX_COPIES)
    copies->overflow = true;
  else
    copies->ops[copies->count++] = op;
  return MlirWalkResultAdvance;
}

static void rewrite(MlirOperation copy) {
  MlirContext ctx = mlirOperationGetContext(copy);
  MlirValue operands[2] = {mlirOperationGetOperand(copy, 0), mlirOperationGetOperand(copy, 1)};
  int32_t segments[2] = {1, 1};
  MlirNamedAttribute seg = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("operandSegmentSizes")),
      mlirDenseI32ArrayGet(ctx, 2, segments));
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("linalg.copy"), mlirOperationGetLocation(copy));
  mlirOperationStateAddOperands(&state, 2, operands);
  mlirOperationStateAddAttributes(&state, 1, &seg);
  MlirRegion region = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation linalgCopy = mlirOperationCreate(&state);
  mlirLinalgFillBuiltinNamedOpRegion(linalgCopy);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(copy), copy, linalgCopy);
  mlirOperationDestroy(copy);
}

void dlcRunLowerCopies(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  Copies *copies = calloc(1, sizeof *copies);
  do {
    copies->count = 0;
    copies->overflow = false;
    mlirOperationWalk(op, collect, copies, MlirWalkPreOrder);
    for (int i = 0; i < copies->count; ++i)
      rewrite(copies->ops[i]);
  } while (copies->overflow);
  free(copies);
  (void)run;
}
