//===- ShapeOps.c - TEMPORARY: lowerings of this family are being written -===//

#include "Conversion/GraphToTensor/GraphToTensor.h"

const DlcLowering dlcShapeOpsLowerings[] = {{NULL, NULL}};
const size_t dlcNumShapeOpsLowerings = 0;
