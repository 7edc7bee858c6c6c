/*===-- dlc-c/Dialects.h - The dlc_graph and dlc_tensor dialects --*- C -*-===*\
|*                                                                            *|
|* Both dialects are defined in IRDL (dialects/graph.irdl.mlir, dialects/tensor.irdl.mlir) and embedded in   *|
|* the library. IRDL checks their structure; dlcVerify checks the rest.       *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_DIALECTS_H
#define DLC_C_DIALECTS_H

#include "dlc-c/Support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Loads dlc_graph and dlc_tensor into `ctx`. Idempotent. Fails, with an
/// error diagnostic, only if the embedded IRDL cannot be loaded.
DLC_CAPI_EXPORTED MlirLogicalResult dlcContextLoadDialects(MlirContext ctx);

/// Creates a context ready for DLC: every upstream dialect registered (with
/// their interface models), dlc_graph and dlc_tensor loaded, LLVM IR
/// translations registered. The caller owns it (mlirContextDestroy).
/// Returns a null context if the dialects fail to load.
DLC_CAPI_EXPORTED MlirContext dlcContextCreate(void);

/// The IRDL text defining both dialects, as loaded by dlcContextLoadDialects
/// and as stock `mlir-opt --irdl-file=` reads it. Static storage.
DLC_CAPI_EXPORTED MlirStringRef dlcGetDialectsIRDL(void);

/// Checks what IRDL cannot: element types, shapes that agree, attribute
/// kinds and ranges, unknown attribute names, map bodies. Walks `op` and
/// everything nested; emits one located error per problem found (it does
/// not stop at the first) and fails if there was any.
DLC_CAPI_EXPORTED MlirLogicalResult dlcVerify(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_DIALECTS_H */
