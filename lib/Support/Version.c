//===- Version.c - The C API's version, as built -----------------*- C -*-===//

#include "dlc-c/Support.h"

int dlcGetAPIVersion(void) { return DLC_API_VERSION; }
