/*===-- dlc-c/Support.h - Export macro and shared C API types -----*- C -*-===*\
|*                                                                            *|
|* DLC's public C API follows the MLIR C API conventions: handles are         *|
|* one-pointer structs with dlc<X>IsNull, functions are dlc<X><Verb> with the *|
|* object first, and ownership is in the name (Create/Destroy: caller owns;   *|
|* Get: borrowed; Owned: the callee takes it). Errors are MlirLogicalResult   *|
|* plus diagnostics through the context's handlers; nothing here exits.       *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_SUPPORT_H
#define DLC_C_SUPPORT_H

#include "mlir-c/Support.h"

#define DLC_CAPI_EXPORTED __attribute__((visibility("default")))

#define DLC_VERSION_MAJOR 0
#define DLC_VERSION_MINOR 1

#endif /* DLC_C_SUPPORT_H */
