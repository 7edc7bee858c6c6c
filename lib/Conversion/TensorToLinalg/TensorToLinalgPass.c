//===- TensorToLinalgPass.c - The dlc-tensor-to-linalg pass -----*- C -*-===//
//
// Lowers every dlc_tensor op (the pass adaptor has run DLC's verifier),
// erases the map bodies (now inlined) and rewrites unsigned tensors to
// signless.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Pass/PassDef.h"
#include "dlc-c/Conversion.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

static const DlcLowering lowerings[] = {
    {"dlc_tensor.map", dlcLowerMap},
    {"dlc_tensor.contract", dlcLowerContract},
    {"dlc_tensor.conv", dlcLowerConv},
    {"dlc_tensor.pool", dlcLowerPool},
    {"dlc_tensor.reduce", dlcLowerReduce},
    {"dlc_tensor.transpose", dlcLowerTranspose},
    {"dlc_tensor.reshape", dlcLowerReshape},
    {"dlc_tensor.broadcast", dlcLowerBroadcast},
    {"dlc_tensor.slice", dlcLowerSlice},
    {"dlc_tensor.concat", dlcLowerConcat},
    {"dlc_tensor.pad", dlcLowerPad},
    {"dlc_tensor.gather", dlcLowerGather},
    {"dlc_tensor.gather_elements", dlcLowerGatherElements},
    {"dlc_tensor.check", dlcLowerCheck},
};

void dlcPopulateTensorToLinalgPatterns(MlirRewritePatternSet set, MlirOperation module) {
  dlcPopulateLowerings(set, module, lowerings, sizeof lowerings / sizeof *lowerings);
}

typedef struct Bodies {
  MlirAttribute names[1024];
  int count;
} Bodies;

static MlirWalkResult collectBodies(MlirOperation op, void *userData) {
  Bodies *bodies = userData;
  if (mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                         mlirStringRefCreateFromCString("dlc_tensor.map")) &&
      bodies->count < 1024) {
    MlirAttribute fn = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("fn"));
    for (int i = 0; i < bodies->count; ++i)
      if (mlirAttributeEqual(bodies->names[i], fn))
        return MlirWalkResultAdvance;
    bodies->names[bodies->count++] = fn;
  }
  return MlirWalkResultAdvance;
}

static void eraseBodies(MlirOperation module, const Bodies *bodies) {
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  for (int i = 0; i < bodies->count; ++i) {
    MlirOperation fn =
        mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(bodies->names[i]));
    MlirAttribute vis =
        mlirOperationIsNull(fn)
            ? mlirAttributeGetNull()
            : mlirOperationGetAttributeByName(fn, mlirStringRefCreateFromCString("sym_visibility"));
    if (!mlirAttributeIsNull(vis) &&
        mlirStringRefEqual(mlirStringAttrGetValue(vis), mlirStringRefCreateFromCString("private")))
      mlirSymbolTableErase(symbols, fn);
  }
  mlirSymbolTableDestroy(symbols);
}

void dlcRunTensorToLinalg(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  Bodies *bodies = calloc(1, sizeof *bodies);
  mlirOperationWalk(op, collectBodies, bodies, MlirWalkPreOrder);
  if (mlirLogicalResultIsFailure(dlcApplyLowerings(op, lowerings, sizeof lowerings / sizeof *lowerings,
                                                   "dlc_tensor.", "dlc-tensor-to-linalg"))) {
    free(bodies);
    dlcPassRunSignalFailure(run);
    return;
  }
  eraseBodies(op, bodies);
  free(bodies);
  // Checks are lowered as usual and then dropped: gathers report from
  // inside their lowering, so erasing dlc_tensor.check ops alone would
  // not drop them all.
  if (!dlcPassOptionBool(options, "checks"))
    dlcDropStatusChecks(op);
  dlcConvertToSignless(op);
}
