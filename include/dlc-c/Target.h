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
#include "dlc-c/Passes.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct DlcTargetOptions {
  /// LLVM optimization level, 0-3; a negative value (for
  /// dlcTranslateModuleToLLVMIR) prints the translation unoptimized.
  int optLevel;
  /// NULL, "" or "native" for the host CPU and its features (the default:
  /// as fast as the JIT's code), "generic" for the generic CPU of the host's
  /// architecture (portable code), else an LLVM CPU name such as
  /// "skylake-avx512". Artifacts record it as `dlc.target_cpu` on the
  /// module, and dlcEmitCHeader says which.
  const char *cpu;
  /// The C compiler that links shared libraries (found on PATH); NULL for
  /// "cc".
  const char *linker;
} DlcTargetOptions;

/// Options with their defaults: optLevel 2, the host CPU, "cc".
DLC_CAPI_EXPORTED DlcTargetOptions dlcTargetOptionsGetDefault(void);

/// Lowers `module` in place to the LLVM dialect with the dlc-lower-to-llvm
/// pipeline, unless it holds only LLVM dialect ops already.
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleLowerToLLVM(MlirModule module);

/// The same with the lowering pipeline's options (code generation,
/// threads, schedules); NULL for the defaults.
DLC_CAPI_EXPORTED MlirLogicalResult
dlcModuleLowerToLLVMWithOptions(MlirModule module, const DlcPipelineOptions *options);

/// Renames the entry `from` (an empty name: the default entry) to `to`,
/// which must be a C identifier not used by another symbol, updating every
/// use. Fails after an error diagnostic.
DLC_CAPI_EXPORTED MlirLogicalResult dlcModuleRenameEntry(MlirModule module, MlirStringRef from,
                                                         MlirStringRef to);

/// Lowers `module` if needed, translates it to LLVM IR for the host (its
/// target triple and data layout set, optimized at `options->optLevel`
/// when that is not negative) and prints it as text through `callback`.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTranslateModuleToLLVMIR(MlirModule module,
                                                               const DlcTargetOptions *options,
                                                               MlirStringCallback callback,
                                                               void *userData);

/// Lowers `module` if needed and writes a relocatable, position-independent
/// object file for the host to `path`. Only entries are exported; every
/// entry's name must be a C identifier (rename `main` first, see
/// dlcModuleRenameEntry).
DLC_CAPI_EXPORTED MlirLogicalResult dlcEmitObjectFile(MlirModule module,
                                                      const DlcTargetOptions *options,
                                                      MlirStringRef path);

/// As dlcEmitObjectFile, then links the object into a shared library at
/// `path` by running `options->linker -shared ... -lm`; its failure (or
/// absence) is reported with the command and its status.
DLC_CAPI_EXPORTED MlirLogicalResult dlcEmitSharedLibrary(MlirModule module,
                                                         const DlcTargetOptions *options,
                                                         MlirStringRef path);

/// Lowers `module` if needed and writes a C header for its entries to `path`:
/// for each entry `name`, its prototype and, for each input `IN<i>` and
/// output `OUT<i>`, macros NAME_IN0_DTYPE ("float32"), NAME_IN0_CTYPE
/// (float), NAME_IN0_RANK, NAME_IN0_DIM<k>, NAME_IN0_NUMEL and, for rank >
/// 0, NAME_IN0_SHAPE ({2, 3}), plus NAME_NUM_INPUTS / NAME_NUM_OUTPUTS.
/// Fails when an entry has no static signature or is not a C identifier.
DLC_CAPI_EXPORTED MlirLogicalResult dlcEmitCHeader(MlirModule module, MlirStringRef path);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_TARGET_H */
