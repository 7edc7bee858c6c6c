/*===-- dlc-c/Support.h - Export macro and shared C API types -----*- C -*-===*\
|*                                                                            *|
|* DLC's public C API follows the MLIR C API conventions: handles are         *|
|* one-pointer structs with dlc<X>IsNull, functions are dlc<X><Verb> with the *|
|* object first, and ownership is in the name (Create/Destroy: caller owns;   *|
|* Get: borrowed; Owned: the callee takes it). Errors are MlirLogicalResult   *|
|* plus diagnostics through the context's handlers, or one call of an error  *|
|* callback per whole message; nothing here prints or exits. Out of memory   *|
|* aborts, as in MLIR and LLVM (docs/Embedding.md).                          *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_SUPPORT_H
#define DLC_C_SUPPORT_H

#include "mlir-c/Support.h"

#define DLC_CAPI_EXPORTED __attribute__((visibility("default")))

#define DLC_VERSION_MAJOR 0
#define DLC_VERSION_MINOR 1
/// The version of the C API these headers declare: raised on every
/// incompatible change (a signature, a struct's layout).
#define DLC_API_VERSION 13

#ifdef __cplusplus
extern "C" {
#endif

/// Writes `size` bytes of `data` to `path` through a temporary file next to
/// it, renamed into place: `path` ends up complete or untouched, never
/// partial. On failure calls `errorCallback` (when not NULL) once with
/// "cannot write '<path>': <reason>" and fails.
DLC_CAPI_EXPORTED MlirLogicalResult dlcFileWriteAtomically(MlirStringRef path, const void *data,
                                                           size_t size,
                                                           MlirStringCallback errorCallback,
                                                           void *userData);

/// The DLC_API_VERSION that the library linked at run time was built with;
/// an embedder compares it with the headers' to refuse a mismatched
/// libDLC.so.
DLC_CAPI_EXPORTED int dlcGetAPIVersion(void);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_SUPPORT_H */
