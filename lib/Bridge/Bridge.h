//===- Bridge.h - What LLVM 22's C API cannot do ----------------*- C -*-===//
//
// Bridge.cpp implements these few functions over MLIR's C++ API, each
// because no C API exists for it. The other C++ files of lib/Bridge
// implement functions declared where their layer declares its own
// (Pass/PassDef.h, dlc-c/OptMain.h, the plugin's entry point). Everything
// else is C.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_BRIDGE_BRIDGE_H
#define DLC_BRIDGE_BRIDGE_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
#include "Support/Str.h"
#ifdef __cplusplus
}
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Parses the file at `path` ("-" for stdin) as mlir-opt does: diagnostics
/// name the file, and the top-level ops are wrapped in an implicit
/// builtin.module unless the file is a single module (the C API refuses
/// more than one top-level op). The file's content goes through
/// dlcBridgeTextFromUntrusted first. Unreadable files, a DLC op in custom form and
/// a file that crashes MLIR are reported as an error diagnostic; returns
/// null then.
MlirOperation dlcBridgeParseFile(MlirContext ctx, MlirStringRef path);

/// Parses `buffer` (MLIR text or bytecode, which need not end in a NUL) as
/// dlcBridgeParseFile parses a file's content; diagnostics name `name`.
MlirOperation dlcBridgeParseBuffer(MlirContext ctx, MlirStringRef buffer, MlirStringRef name);

/// A pass manager on `anchor` that nests op-specific passes implicitly, as
/// mlir-opt's does; the C API only creates explicit ones, on which adding
/// such a pass is a fatal error. Destroy with mlirPassManagerDestroy.
MlirPassManager dlcBridgePassManagerCreate(MlirContext ctx, MlirStringRef anchor);

/// When a run of `pm` fails (or crashes), MLIR writes the IR it started
/// from and its pipeline to `path`, which `dlc-opt --run-reproducer`
/// replays; the C API has no such call.
void dlcBridgePassManagerEnableReproducer(MlirPassManager pm, MlirStringRef path);

/// The bytes behind a dense_resource<> elements attribute, which the C API
/// can create but not read back. Fails for other attributes or when the
/// resource has no data (yet).
MlirLogicalResult dlcBridgeDenseResourceData(MlirAttribute attr, const void **data, size_t *size,
                                             size_t *alignment);

/// dense_resource blobs moved out of their context (dlcBridgeResourceBlobsTake).
typedef struct DlcBridgeBlobs DlcBridgeBlobs;

/// Moves out of `ctx` every dense_resource blob whose bytes overlap one of
/// the `n` ranges `[data[i], data[i] + sizes[i])` that it may own, so that
/// their memory is freed by dlcBridgeResourceBlobsDestroy instead of by
/// mlirContextDestroy; the context keeps the resources, now empty. Range i
/// may be owned (`owned[i]` true) when a blob holding it has a deleter and
/// none holding it has none: a blob without a deleter is memory that the
/// context only borrows (and an alias with a no-op deleter, e.g.
/// dlc-flatten-constants', is owned with the blob it points into). The C API
/// neither lists a context's resources nor releases one before the context
/// goes. Returns NULL when nothing was taken.
DlcBridgeBlobs *dlcBridgeResourceBlobsTake(MlirContext ctx, intptr_t n, const void *const *data,
                                           const size_t *sizes, bool *owned);

/// Runs the deleters of the blobs taken; NULL is a no-op.
void dlcBridgeResourceBlobsDestroy(DlcBridgeBlobs *blobs);

/// Empties every dense_resource blob of `ctx` that has a deleter and whose
/// bytes overlap none of the `n` ranges `[data[i], data[i] + sizes[i])`,
/// running its deleter now instead of at mlirContextDestroy; the resources
/// stay, empty. Overlap, not identity, keeps a blob that an alias (a blob
/// with a no-op deleter pointing into it) still uses, and the alias with it.
/// Returns the number of blobs emptied.
intptr_t dlcBridgeResourceBlobsReleaseExcept(MlirContext ctx, intptr_t n,
                                             const void *const *data, const size_t *sizes);

/// Empties the dense_resource blob behind `attr` if it has a deleter,
/// running it now instead of at mlirContextDestroy; the resource stays,
/// empty. The caller knows that nothing reads the blob any more. Returns
/// whether it emptied one.
bool dlcBridgeDenseResourceRelease(MlirAttribute attr);

/// Makes the untrusted input `*text` (malloc'ed, `*size` bytes, named
/// `name` in diagnostics) safe to parse in the caller's process, since
/// upstream's bytecode reader and text parser crash on some inputs:
/// bytecode becomes MLIR text, read and verified by a child process
/// (Dialect/Bytecode.h); text is parsed and verified by a child first
/// (Support/Sandbox.h), in a single-threaded context made from `registry`
/// with DLC's dialects, each chunk between `splitMarker`s (empty: one) on
/// its own, as mlir-opt's --split-input-file does. Text that the child
/// parses without crashing may still be invalid: the caller's parse says
/// so. Dialects a host loaded into its context by other means than the
/// registry are unknown to the child, which then stops at their first op.
/// When the reader fails or either child crashes, appends why ("cannot read
/// bytecode '<name>': ...", "cannot parse '<name>': ...") to `error`, frees
/// `*text` and returns false.
bool dlcBridgeTextFromUntrusted(char **text, size_t *size, const char *name,
                                MlirDialectRegistry registry, bool allowUnregistered,
                                MlirStringRef splitMarker, DlcStr *error);

/// Rewrites the f32 math ops under `op` (scalar or vector) that
/// `isApproximated` accepts (called with the op name, e.g. "math.exp", and
/// `userData`) into upstream MLIR's polynomial approximations, plain arith
/// ops that LLVM vectorizes; libm calls do not vectorize. The C API exposes neither
/// these patterns nor a pass that applies them.
MlirLogicalResult dlcBridgeApproximateMath(MlirOperation op,
                                           bool (*isApproximated)(MlirStringRef, void *),
                                           void *userData);

/// The features of `cpu`, an LLVM CPU name ("generic" included) of the
/// default target triple, as LLVM lists a host's ("+avx2,+fma,...");
/// malloc'ed. NULL when that target knows no such CPU. The C API lists
/// only the host's features, and its LLVMCreateTargetMachine takes any
/// name: an unknown one is a warning on stderr, then a fatal error when
/// code is generated.
char *dlcBridgeCPUFeatures(const char *cpu);

#ifdef __cplusplus
}
#endif

#endif // DLC_BRIDGE_BRIDGE_H
