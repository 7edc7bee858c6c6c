//===- Conv.c - TEMPORARY: lowerings of this family are being written -===//

#include "Conversion/GraphToTensor/GraphToTensor.h"

const DlcLowering dlcConvLowerings[] = {{NULL, NULL}};
const size_t dlcNumConvLowerings = 0;
