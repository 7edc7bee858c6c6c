//===- HostModule.h - A model as an LLVM module for the host -----*- C -*-===//
//
// What LLVM IR printing, object files and shared libraries share: the
// lowered module translated to LLVM IR, with the host's triple and data
// layout, only entries exported, optimized through the LLVM C API.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TARGET_HOSTMODULE_H
#define DLC_TARGET_HOSTMODULE_H

#include "Support/File.h"
#include "dlc-c/Target.h"

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"

#include <stdbool.h>

typedef struct DlcHostModule {
  LLVMContextRef context;
  LLVMModuleRef module;
  LLVMTargetMachineRef machine;
} DlcHostModule;

/// Lowers `module` if needed and translates it. With `optimize`, runs
/// LLVM's default<O`options->optLevel`> pipeline. With `cEntries`, every
/// entry's name must be a C identifier. Fails after an error diagnostic;
/// `out` is then empty.
bool dlcHostModuleCreate(MlirModule module, const DlcCompileOptions *options, bool optimize,
                         bool cEntries, DlcHostModule *out);
void dlcHostModuleDestroy(DlcHostModule *m);

/// Translates `module`, lowered to the LLVM dialect, as it is, for the CPU
/// the options name. Fails after an error diagnostic; `out` is then empty.
bool dlcHostModuleTranslate(MlirModule module, const DlcCompileOptions *options,
                            DlcHostModule *out);

/// Runs LLVM's default<O`optLevel`> pipeline. Touches nothing but `m`, so
/// modules of their own contexts optimize on threads of their own. NULL,
/// or LLVM's message (free it).
char *dlcHostModuleOptimize(DlcHostModule *m, int optLevel);

/// Gives every function definition of `module` (lowered to the LLVM
/// dialect) but the entries and the functions that free dynamic entries'
/// outputs internal linkage, so an artifact exports only its entry
/// points. With `cEntries`, every entry's name must be a C identifier
/// other than `main`. False after an error diagnostic.
bool dlcModuleInternalizeAllButEntries(MlirModule module, bool cEntries);

/// Writes `object` to `path` as dlcHostModuleEmitObject does.
bool dlcWriteObject(LLVMMemoryBufferRef object, const char *path, const char *shown,
                    MlirLocation loc);

/// Writes an object file to `path` (through a temporary file renamed into
/// place; nothing is left behind on failure, a full disk included). Fails
/// after an error diagnostic at `loc` that names `shown` (the file the
/// caller was asked for; `path` itself when that is it).
bool dlcHostModuleEmitObject(DlcHostModule *m, const char *path, const char *shown,
                             MlirLocation loc);

#endif // DLC_TARGET_HOSTMODULE_H
