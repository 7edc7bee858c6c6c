//===- TargetCPU.c - What the schedules need to know of the CPU -*- C -*-===//
//
// Read from LLVM's view of the CPU the code is generated for, the host's
// (the JIT, default AOT builds) or a named one (dlc-translate --mcpu), so
// that tiles always match the registers the code gets: AVX-512 tiles in
// code for an AVX2 CPU spill (resnet18 for haswell: 45 ms, 27 with AVX2
// tiles, on a Zen 5).
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"

#include "Bridge/Bridge.h"

#include "llvm-c/Core.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// LLVM lists features as "+avx2,-avx512f,...": whether `list` has `name`
// (n bytes) with that sign.
static bool listed(const char *list, char sign, const char *name, size_t n) {
  for (const char *p = list; p && *p;) {
    const char *end = strchr(p, ',');
    size_t length = end ? (size_t)(end - p) : strlen(p);
    if (length == n + 1 && p[0] == sign && !memcmp(p + 1, name, n))
      return true;
    p = end ? end + 1 : NULL;
  }
  return false;
}

static bool hasFeature(const char *features, const char *name) {
  return listed(features, '+', name, strlen(name));
}

static DlcTargetCPU fromFeatures(const char *features) {
  if (features && hasFeature(features, "avx512f"))
    return (DlcTargetCPU){512, 32};
  if (features && hasFeature(features, "avx2"))
    return (DlcTargetCPU){256, 16};
  return (DlcTargetCPU){128, 16};
}

bool dlcTargetIsHost(const char *cpu) { return !cpu || !*cpu || !strcmp(cpu, "native"); }

static void initializeNativeTarget(void) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
}

// The features of an LLVM CPU name, NULL for an unknown one (malloc'ed).
static char *namedFeatures(const char *cpu) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, initializeNativeTarget);
  return dlcBridgeCPUFeatures(cpu);
}

bool dlcTargetCPUGet(const char *cpu, DlcTargetCPU *out) {
  if (dlcTargetIsHost(cpu)) {
    char *features = LLVMGetHostCPUFeatures();
    *out = fromFeatures(features);
    LLVMDisposeMessage(features);
    return true;
  }
  char *features = namedFeatures(cpu);
  if (!features)
    return false;
  *out = fromFeatures(features);
  free(features);
  return true;
}

bool dlcTargetCPUHostLacks(const char *cpu, DlcStr *missing) {
  if (dlcTargetIsHost(cpu))
    return false;
  char *features = namedFeatures(cpu), *host = LLVMGetHostCPUFeatures();
  bool lacks = false;
  // The host's list has every feature LLVM knows of, each "+" or "-".
  for (const char *f = features; f && *f;) {
    const char *end = strchr(f, ',');
    size_t n = end ? (size_t)(end - f) : strlen(f);
    if (*f == '+' && n > 1 && listed(host, '-', f + 1, n - 1)) {
      dlcStrPrintf(missing, "%s%.*s", lacks ? ", " : "", (int)n - 1, f + 1);
      lacks = true;
    }
    f = end ? end + 1 : NULL;
  }
  free(features);
  LLVMDisposeMessage(host);
  return lacks;
}

void dlcTargetCPUPrintUnknown(DlcStr *message, const char *cpu) {
  char *triple = LLVMGetDefaultTargetTriple();
  dlcStrPrintf(message,
               "unknown CPU '%s': LLVM knows no such CPU for %s (`llc -mcpu=help` lists them; "
               "'native' is the host)",
               cpu, triple);
  LLVMDisposeMessage(triple);
}

DlcTargetCPU dlcHostCPU(void) {
  DlcTargetCPU host;
  dlcTargetCPUGet(NULL, &host);
  return host;
}
