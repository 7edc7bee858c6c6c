//===- HostCPU.c - What the schedules need to know of the CPU ---*- C -*-===//
//
// Read from LLVM's view of the host, the same one the JIT and native AOT
// builds compile for, so tiles always match the registers the code gets.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <string.h>

// LLVM lists features as "+avx2,-avx512f,...": true for "+name".
static bool hasFeature(const char *features, const char *name) {
  size_t n = strlen(name);
  for (const char *p = features; (p = strstr(p, name)); p += n)
    if (p > features && p[-1] == '+' && (p[n] == ',' || p[n] == '\0'))
      return true;
  return false;
}

DlcHostCPU dlcHostCPU(void) {
  char *features = LLVMGetHostCPUFeatures();
  DlcHostCPU cpu = {128, 16};
  if (features && hasFeature(features, "avx512f"))
    cpu = (DlcHostCPU){512, 32};
  else if (features && hasFeature(features, "avx2"))
    cpu = (DlcHostCPU){256, 16};
  LLVMDisposeMessage(features);
  return cpu;
}
