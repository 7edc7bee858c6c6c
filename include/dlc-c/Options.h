/*===-- dlc-c/Options.h - How a model is compiled and run -----------*- C -*-===*\
|*                                                                            *|
|* One struct of compile options that every compile entry point takes        *|
|* (lowering, JIT, LLVM IR, objects, shared libraries, the pipeline          *|
|* builders), and one of run options for dlcExecutableRun. New options are   *|
|* new fields with a default in the *GetDefault function: start from it.     *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_OPTIONS_H
#define DLC_C_OPTIONS_H

#include "dlc-c/Support.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How linalg becomes loops: DLC's schedules (tiled, packed, vectorized
/// code; the default) or the naive reference (every op one scalar loop
/// nest), kept to test the fast path against.
typedef enum DlcCodegen { DlcCodegenFast = 0, DlcCodegenNaive = 1 } DlcCodegen;

/// The activation layout convolutions and pooling compute in on the fast
/// path (dlc-convert-layout's `layout`): NHWC, which DLC's convolution
/// schedules vectorize (the default), or NCHW, the layout ONNX models come
/// in (convolutions then run as the loop lowering makes them).
typedef enum DlcLayout { DlcLayoutNHWC = 0, DlcLayoutNCHW = 1 } DlcLayout;

typedef struct DlcCompileOptions {
  //--- Graph level.
  /// Run dlc-optimize before lowering (default true). The pipeline
  /// builders of dlc-c/Passes.h never optimize; the compile entry points
  /// do (dlcModuleLowerToLLVM and what builds on it).
  bool optimize;
  /// dlc-optimize passes to leave out, comma-separated (NULL or "": none).
  const char *disabledPasses;
  //--- Code generation.
  DlcCodegen codegen;
  /// The activation layout (fast code generation only; default NHWC).
  DlcLayout layout;
  /// Threads the compiled code runs on (default 1: no threading runtime
  /// needed; above 1 the code calls libomp).
  int64_t threads;
  /// A transform library whose named sequences replace DLC's schedules of
  /// the same name; NULL or "" for DLC's own.
  const char *schedules;
  /// Compute the run-time checks and return their status (default true):
  /// a Gather index out of range, an integer division by zero or INT_MIN /
  /// -1 (docs/RuntimeErrors.md). false drops the status computations: the
  /// kernels still clamp indices and divide safely, so bad data gives
  /// wrong numbers and status 0, never a fault. Failed allocations are
  /// still status 4.
  bool checks;
  //--- Target.
  /// LLVM optimization level, 0-3 (default 2); a negative value makes
  /// dlcModuleTranslateToLLVMIR print the translation unoptimized.
  int optLevel;
  /// NULL, "" or "native" for the host CPU and its features (the default:
  /// as fast as the JIT's code), "generic" for the generic CPU of the host's
  /// architecture (portable code), else an LLVM CPU name such as
  /// "skylake-avx512". Artifacts record it as `dlc.target_cpu` on the
  /// module, and dlcModuleEmitCHeader says which. dlc-codegen's tiles are
  /// chosen for its vector registers. A name LLVM does not know fails the
  /// compile; a JIT executable (dlcExecutableCreate) also refuses a CPU
  /// with features the host lacks.
  const char *cpu;
  /// The C compiler that links shared libraries (found on PATH); NULL for
  /// "cc".
  const char *linker;
  //--- Instrumentation.
  /// Time each node (or fused group of nodes) of the entries: the code
  /// reads the clock between them, for a DlcProfile (dlc-c/Profile.h) to
  /// collect. JIT executables only (dlcExecutableCreate); default false.
  bool profile;
  /// When lowering fails, write the IR it started from and the pipeline
  /// to this file, for `dlc-opt --run-reproducer` (NULL or "": none).
  const char *reproducer;
  //--- Shapes (since DLC_API_VERSION 8).
  /// Input shapes fixed before lowering, as onnx-mlir's --shapeInformation:
  /// "NAME=DIMS,..." with NAME an input's ONNX name or position and DIMS
  /// such as 1x3x224x224 (`?` keeps a dim as it is); see
  /// dlcEntrySpecializeInputShapes in dlc-c/Runtime.h. Applied to every
  /// entry on tensors by the compile entry points (dlcModuleLowerToLLVM and
  /// what builds on it); a model already lowered to loops is refused, one
  /// in the LLVM dialect is left as it is. NULL or "": none.
  const char *inputShapes;
  //--- Compilation (since DLC_API_VERSION 13).
  /// Threads LLVM optimizes and generates code on, each a part of the
  /// module's functions (JIT executables and shared libraries); 0, the
  /// default, for the cores this process may use. Results are the same
  /// for any count.
  int64_t compileThreads;
} DlcCompileOptions;

/// The defaults: optimized, fast code generation, NHWC, 1 thread, DLC's
/// schedules, run-time checks, LLVM -O2, the host CPU, "cc", no profile, no
/// reproducer, no input shapes, LLVM on every core.
DLC_CAPI_EXPORTED DlcCompileOptions dlcCompileOptionsGetDefault(void);

/// The times of runs, per node (dlc-c/Profile.h).
typedef struct DlcProfile {
  void *ptr;
} DlcProfile;

static inline bool dlcProfileIsNull(DlcProfile profile) { return !profile.ptr; }

typedef struct DlcRunOptions {
  /// Called once with the whole message when a run fails (an argument
  /// that does not match the signature, a non-zero status from the
  /// compiled code); NULL to stay silent.
  MlirStringCallback errorCallback;
  void *userData;
  /// Where the run's times go, per node (dlcProfileCreate); null for none.
  /// The executable must be compiled with DlcCompileOptions.profile.
  DlcProfile profile;
} DlcRunOptions;

/// The defaults: no error callback, no profile.
DLC_CAPI_EXPORTED DlcRunOptions dlcRunOptionsGetDefault(void);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_OPTIONS_H */
