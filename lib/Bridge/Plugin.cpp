//===- Plugin.cpp - DLC's passes for stock mlir-opt -------------*- C++ -*-===//
//
// The entry point of DLCPlugin.so: `mlir-opt --load-pass-plugin=DLCPlugin.so
// --irdl-file=<prefix>/share/dlc/dlc.irdl.mlir` then knows every DLC pass
// (with its options) and named pipeline. Stock mlir-opt has no hook after
// parsing, so DLC's verifier runs on entry to each DLC pass instead.
//
//===----------------------------------------------------------------------===//

#include "dlc-c/Passes.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" __attribute__((visibility("default"))) mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "DLC", LLVM_VERSION_STRING, [] { dlcRegisterAllPasses(); }};
}
