//===- Reduce.c - TEMPORARY: lowerings of this family are being written -===//

#include "Conversion/GraphToTensor/GraphToTensor.h"

const DlcLowering dlcReduceLowerings[] = {{NULL, NULL}};
const size_t dlcNumReduceLowerings = 0;
