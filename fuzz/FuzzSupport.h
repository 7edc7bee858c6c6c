//===- FuzzSupport.h - What the fuzz targets share ---------------*- C -*-===//
//
// libFuzzer targets (built with -DDLC_FUZZ=ON, clang-22): each gives DLC
// bytes as a user would and expects a diagnostic or a result, never a
// crash, a hang or a sanitizer report. Diagnostics are swallowed: a fuzzer
// prints only what it finds.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_FUZZ_FUZZSUPPORT_H
#define DLC_FUZZ_FUZZSUPPORT_H

#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// A context with DLC's dialects whose diagnostics go nowhere, made anew
/// every so many calls so that what it interns stays bounded.
MlirContext dlcFuzzContext(void);

/// Writes `data` to a file of this process ("<tmp>/dlc-fuzz-<pid><suffix>")
/// and returns its path (static storage).
const char *dlcFuzzWriteFile(const uint8_t *data, size_t size, const char *suffix);

#endif // DLC_FUZZ_FUZZSUPPORT_H
