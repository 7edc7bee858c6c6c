/*===-- dlc-c/Target.h - LLVM IR, objects, shared libraries, headers -*- C -*-===*\
|*                                                                            *|
|* Ahead-of-time compilation for the host. Every entry (see dlc-c/Runtime.h) *|
|* becomes an exported C function                                           *|
|*     int name(const T *in0, ..., T *out0, ...);                           *|
|* over dense, row-major buffers the caller allocates, returning 0 on       *|
|* success. Objects and shared libraries need only libc and libm at run     *|
|* time. Errors are diagnostics through the module's context; nothing here  *|
|* prints or exits, and a file is either written completely or not at all.  *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_TARGET_H
#define DLC_C_TARGET_H

#include "dlc-c/Support.h"
#include "dlc-c/Options.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Lowers `module` in place to the LLVM dialect, unless it holds only LLVM
/// dialect ops already: dlc-optimize (when `options->optimize`), then
/// dlc-lower-to-llvm (or dlc-loops-to-llvm for bufferized IR) with the code
/// generation options. `options` may be NULL (the defaults). Fails after
/// error diagnostics through the module's context.
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleLowerToLLVM(MlirModule module,
                                                         const DlcCompileOptions *options);

/// Renames the entry `from` (an empty name: the default entry) to `to`,
/// which must be a C identifier not used by another symbol, updating every
/// use. Fails after an error diagnostic.
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleRenameEntry(MlirModule module, MlirStringRef from,
                                                         MlirStringRef to);

/// Lowers `module` if needed (dlcModuleLowerToLLVM with `options`),
/// translates it to LLVM IR for the host (its target triple and data
/// layout set, optimized at `options->optLevel` when that is not negative)
/// and prints it as text through `callback`. With `compileThreads` above 1
/// it prints the parts those threads would compile (DlcCompileOptions),
/// each after a line "; part K of N". `options` may be NULL.
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleTranslateToLLVMIR(MlirModule module,
                                                               const DlcCompileOptions *options,
                                                               MlirStringCallback callback,
                                                               void *userData);

/// Lowers `module` if needed and writes a relocatable, position-independent
/// object file for the host to `path`. Only entries are exported; every
/// entry's name must be a C identifier (rename `main` first, see
/// dlcModuleRenameEntry).
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleEmitObjectFile(MlirModule module,
                                                            const DlcCompileOptions *options,
                                                            MlirStringRef path);

/// As dlcModuleEmitObjectFile, then links the object into a shared library at
/// `path` by running `options->linker -shared ... -lm`; its failure (or
/// absence) is reported with the command and its status.
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleEmitSharedLibrary(MlirModule module,
                                                               const DlcCompileOptions *options,
                                                               MlirStringRef path);

/// Lowers `module` if needed and writes a C header for its entries to `path`:
/// for each entry `name`, its prototype and, for each input `IN<i>` and
/// output `OUT<i>`, macros NAME_IN0_DTYPE ("float32"), NAME_IN0_CTYPE
/// (float), NAME_IN0_RANK, NAME_IN0_DIM<k>, NAME_IN0_NUMEL and, for rank >
/// 0, NAME_IN0_SHAPE ({2, 3}), plus NAME_NUM_INPUTS / NAME_NUM_OUTPUTS.
/// Fails when an entry has no static signature or is not a C identifier.
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleEmitCHeader(MlirModule module,
                                                         const DlcCompileOptions *options,
                                                         MlirStringRef path);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_TARGET_H */
