//===- FuzzSupport.c - What the fuzz targets share ---------------*- C -*-===//

#include "FuzzSupport.h"
#include "dlc-c/Dialects.h"

#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static MlirLogicalResult swallow(MlirDiagnostic diagnostic, void *userData) {
  (void)diagnostic, (void)userData;
  return mlirLogicalResultSuccess();
}

MlirContext dlcFuzzContext(void) {
  static MlirContext ctx;
  static unsigned uses;
  if (ctx.ptr && ++uses % 512 == 0) {
    mlirContextDestroy(ctx);
    ctx.ptr = NULL;
  }
  if (!ctx.ptr) {
    ctx = dlcContextCreate();
    mlirContextAttachDiagnosticHandler(ctx, swallow, NULL, NULL);
  }
  return ctx;
}

const char *dlcFuzzWriteFile(const uint8_t *data, size_t size, const char *suffix) {
  static char path[512];
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(path, sizeof path, "%s/dlc-fuzz-%ld%s", tmp, (long)getpid(), suffix);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
    abort(); // the fuzzer's own machine is broken, not DLC
  return path;
}
