//===- Norm.c - TEMPORARY: lowerings of this family are being written -===//

#include "Conversion/GraphToTensor/GraphToTensor.h"

const DlcLowering dlcNormLowerings[] = {{NULL, NULL}};
const size_t dlcNumNormLowerings = 0;
