//===- dlc-opt.c - DLC's optimizer driver -----------------------*- C -*-===//
//
// mlir-opt with DLC's dialects, passes and pipelines: every mlir-opt flag,
// on DLC's passes too. The driver is the library's (dlc-c/OptMain.h), so a
// project can build its own opt tool the same way.
//
//===----------------------------------------------------------------------===//

#include "dlc-c/OptMain.h"

int main(int argc, char **argv) { return dlcOptMain(argc, argv); }
