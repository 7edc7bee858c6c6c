//===- Pool.c - TEMPORARY: lowerings of this family are being written -===//

#include "Conversion/GraphToTensor/GraphToTensor.h"

const DlcLowering dlcPoolLowerings[] = {{NULL, NULL}};
const size_t dlcNumPoolLowerings = 0;
