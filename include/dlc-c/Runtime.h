/*===-- dlc-c/Runtime.h - Loading, compiling and running models ---*- C -*-===*\
|*                                                                            *|
|* A model is a module at any level (dlc_graph ... LLVM dialect) or an .onnx  *|
|* file. Its entry is a public function; its signature (the tensor types of   *|
|* inputs and outputs) is recorded on the function by dlc-entry-abi as       *|
|* `dlc.inputs` / `dlc.outputs`, so it survives lowering. A DlcExecutable is  *|
|* an entry JIT-compiled in this process, called on DlcTensors.              *|
|*                                                                            *|
|* Functions taking a module or an operation report errors as diagnostics   *|
|* through the context's handlers; functions on executables call an         *|
|* MlirStringCallback with a message. Nothing here prints or exits.         *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_RUNTIME_H
#define DLC_C_RUNTIME_H

#include "dlc-c/Onnx.h"
#include "dlc-c/Options.h"
#include "dlc-c/Status.h"
#include "dlc-c/Support.h"
#include "dlc-c/Tensor.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===--------------------------------------------------------------------===//
// Models and their entries
//===--------------------------------------------------------------------===//

/// Reads the model at `path`: `.onnx` through the importer (with
/// `onnxOptions`, which may be NULL), anything else as MLIR text or
/// bytecode, which is then verified (MLIR's verifier and dlcVerify). `ctx`
/// needs the DLC dialects (dlcContextCreate). Returns a module the caller
/// owns (mlirModuleDestroy), or a null module after error diagnostics.
DLC_CAPI_EXPORTED MlirModule dlcModuleCreateFromFile(MlirContext ctx, MlirStringRef path,
                                                     const DlcOnnxImportOptions *onnxOptions);

/// Reads MLIR text or bytecode from memory as dlcModuleCreateFromFile reads
/// a file of it: parsed (by a child process first, so that input which
/// crashes MLIR's parser is an error, not a crash of the caller) and
/// verified; diagnostics name `name` ("<string>", say). Unlike
/// mlirModuleCreateParse, several top-level ops are wrapped in a module.
/// Since DLC_API_VERSION 12.
DLC_CAPI_EXPORTED MlirModule dlcModuleCreateParse(MlirContext ctx, MlirStringRef text,
                                                  MlirStringRef name);

/// The entry named `name`, or for an empty name the default entry: the only
/// public function, else the one named `main`. Entries are public
/// `func.func` definitions and externally visible `llvm.func` definitions.
/// Returns an operation borrowed from `module`, or
/// a null operation after an error diagnostic (no such entry, or no
/// default among several).
DLC_CAPI_EXPORTED MlirOperation dlcModuleLookupEntry(MlirModule module, MlirStringRef name);

/// The number of entries of `module`, and the `pos`-th of them in module
/// order (0 <= pos < the number; borrowed from `module`).
DLC_CAPI_EXPORTED intptr_t dlcModuleGetNumEntries(MlirModule module);
DLC_CAPI_EXPORTED MlirOperation dlcModuleGetEntry(MlirModule module, intptr_t pos);

/// The symbol name of an entry (borrowed from it).
DLC_CAPI_EXPORTED MlirStringRef dlcEntryGetName(MlirOperation entry);

/// The tensor types of an entry's inputs and outputs.
typedef struct DlcSignature {
  intptr_t numInputs;
  intptr_t numOutputs;
  DlcTensorType *inputs;  ///< owned by the signature
  DlcTensorType *outputs; ///< owned by the signature
} DlcSignature;

/// Reads the signature of `entry`: its `dlc.inputs` / `dlc.outputs` when
/// recorded, else the argument and result types of a `func.func` whose
/// types are all ranked tensors. The caller owns `*signature`
/// (dlcSignatureDestroy). Fails, after an error diagnostic at the entry,
/// when there is none or an element type is unsupported; `*signature` is
/// then empty.
DLC_CAPI_EXPORTED MlirLogicalResult dlcEntryGetSignature(MlirOperation entry,
                                                         DlcSignature *signature);

/// Frees what the signature owns (not the struct); safe on an empty one.
DLC_CAPI_EXPORTED void dlcSignatureDestroy(DlcSignature *signature);

/// Specializes the `?` dims of a tensor-level `func.func` entry to the
/// `inputs` types (one per argument), so that shape inference (run by every
/// lowering pipeline) makes the rest of the function static where they are.
/// A `?` of `inputs` leaves that dim dynamic; arguments whose types are
/// already static are left as they are. Fails, after an error diagnostic,
/// on a count, dtype, rank or static dim that does not fit, or when `entry`
/// is not a function on tensors.
DLC_CAPI_EXPORTED MlirLogicalResult dlcEntrySpecialize(MlirOperation entry, intptr_t numInputs,
                                                       const DlcTensorType *inputs);

/// Specializes `entry` (as dlcEntrySpecialize) to input shapes written
/// "NAME=DIMS,NAME=DIMS,...": NAME is an input's ONNX name (`onnx.name`) or
/// its position from 0, DIMS its sizes separated by 'x' ("1x3x224x224"; `?`
/// keeps a dim as it is, "" is a scalar); inputs not named keep their types.
/// Fails, after an error diagnostic at the entry naming the item, on a
/// malformed item, a name that is no input, an input given twice, a rank
/// that differs or a static dim that differs.
DLC_CAPI_EXPORTED MlirLogicalResult dlcEntrySpecializeInputShapes(MlirOperation entry,
                                                                  MlirStringRef shapes);

/// Whether input `pos` of a dlc_graph-level `func.func` entry selects
/// rows: used (directly or through integer casts) as the indices of
/// dlc_graph.gather on data whose gathered dim is static, as token ids of
/// an embedding are. Then `*bound` is the smallest such dim, so that values
/// in [0, bound) are in range for every use (what dlc-run --random-inputs
/// draws). False, with `*bound` 0, otherwise.
DLC_CAPI_EXPORTED bool dlcEntryGetInputIndexBound(MlirOperation entry, intptr_t pos,
                                                  int64_t *bound);

/// Frees now, instead of at mlirContextDestroy, the data of every
/// dense_resource blob that `ctx` owns (one created with a deleter) and
/// that none of the `numModules` `modules` refers to: the importer's copy
/// of each weight that lowering repacked into a new layout, for one, which
/// would otherwise stay resident while LLVM compiles. The resources stay in
/// the context, empty. Only for the context's owner: every module and
/// attribute of `ctx` that may still be read (printed, lowered, compiled)
/// must be among `modules` or refer to none of these blobs; a module of
/// another context is ignored. Blobs the context only borrows are left as
/// they are. Returns the number of blobs emptied.
DLC_CAPI_EXPORTED intptr_t dlcContextReleaseUnusedWeights(MlirContext ctx, intptr_t numModules,
                                                          const MlirModule *modules);

//===--------------------------------------------------------------------===//
// Executables
//===--------------------------------------------------------------------===//

typedef struct DlcExecutable {
  void *ptr;
} DlcExecutable;

static inline bool dlcExecutableIsNull(DlcExecutable executable) { return !executable.ptr; }

/// Lowers `module` in place to the LLVM dialect (dlcModuleLowerToLLVM with
/// `options`; a module already there is left as it is) and JIT-compiles it
/// at LLVM optimization level `options->optLevel` for the host. `entry`
/// names the entry to call (an empty name: the default entry, see
/// dlcModuleLookupEntry); its signature may have `?` dims (one executable
/// then runs every size: dlcExecutableRun). `options` may be
/// NULL (the defaults). The module stays owned by the caller and may be
/// destroyed once this returns: the executable holds its own copy of the
/// module's large constants (weights), filled once the code is compiled;
/// LLVM sees them as external symbols, not initializers, and holds no
/// copy of them (no LLVM IR constants, object data or JIT sections). The
/// compiled code calls only libc and libm (and libomp for more than one
/// thread). Returns an executable the caller owns (dlcExecutableDestroy),
/// or a null one after error diagnostics through the module's context.
DLC_CAPI_EXPORTED DlcExecutable dlcExecutableCreate(MlirModule module, MlirStringRef entry,
                                                    const DlcCompileOptions *options);

/// As dlcExecutableCreate, but takes ownership of `module`, which is
/// destroyed before this returns, on success and on failure alike; the
/// context stays the caller's, and must outlive the call (diagnostics go to
/// its handlers). Compiling takes less memory: the module is lowered and
/// changed in place (no copy), destroyed once translated to LLVM IR, before
/// LLVM optimizes and generates code; and the executable takes over the
/// dense_resource blobs that hold its weights where the context owns them
/// (blobs created with a deleter, 64-byte aligned), binding the code to
/// them instead of copying them. Those resources are left empty in the
/// context: other modules of the context must not read them afterwards.
/// Returns an executable the caller owns (dlcExecutableDestroy), or a null
/// one after error diagnostics through the context.
DLC_CAPI_EXPORTED DlcExecutable dlcExecutableCreateFromOwnedModule(MlirModule module,
                                                                   MlirStringRef entry,
                                                                   const DlcCompileOptions *options);

DLC_CAPI_EXPORTED void dlcExecutableDestroy(DlcExecutable executable);

/// The entry's signature, borrowed from the executable; DLC_DIM_DYNAMIC
/// where a dim is `?` (its size comes with each run's tensors).
DLC_CAPI_EXPORTED const DlcSignature *dlcExecutableGetSignature(DlcExecutable executable);

/// The entry's name, borrowed from the executable.
DLC_CAPI_EXPORTED MlirStringRef dlcExecutableGetEntryName(DlcExecutable executable);

/// The memory the entry's temporary buffers take per call, as dlc-plan-memory
/// recorded it on the entry (`dlc.peak_intermediate_bytes`,
/// `dlc.intermediate_bytes_unplanned`): `*planned` is the size of the arena
/// they share, `*unplanned` their sum without reuse (either pointer may be
/// NULL). Buffers the pass leaves alone (dynamic shapes, allocations in
/// loops, those of functions the entry calls) are not counted. Returns
/// false, setting both to 0, when the entry carries no such record (a
/// module lowered to the LLVM dialect elsewhere).
DLC_CAPI_EXPORTED bool dlcExecutableGetIntermediateBytes(DlcExecutable executable,
                                                         int64_t *planned, int64_t *unplanned);

/// Calls the entry on `inputs`, writing `outputs`, which the caller has
/// created (dlcTensorCreate) with the signature's output types; an output
/// may not share storage with an input. Inputs may have any size where the
/// signature has `?`. An output with `?` dims is the run's to make: pass
/// it zeroed or as a previous run left it; it is written in place when its
/// shape is the result's, else destroyed and created again (the caller owns
/// it either way, dlcTensorDestroy). A size the entry cannot take (one
/// that does not fit a static dim) fails with DlcStatusShapeMismatch's
/// message. Counts, dtypes, shapes and overlaps
/// are checked first: on a mismatch the entry is not called. On a mismatch,
/// or when the compiled code returns a non-zero status, calls
/// `options->errorCallback` (when set) once with a message naming the
/// argument and fails. `options` may be NULL (the defaults). Allocates nothing for entries of up to 64 arguments (more take
/// two small arrays per call); safe to call repeatedly (benchmarks), and
/// from several threads at once. The entry's arena of intermediates
/// (dlcExecutableGetIntermediateBytes) stays allocated from one call to the
/// next and is freed with the executable; calls that overlap each take an
/// arena of their own (dlc-cache-arenas).
DLC_CAPI_EXPORTED MlirLogicalResult dlcExecutableRun(DlcExecutable executable, intptr_t numInputs,
                                                     const DlcTensor *inputs, intptr_t numOutputs,
                                                     DlcTensor *outputs,
                                                     const DlcRunOptions *options);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_RUNTIME_H */
