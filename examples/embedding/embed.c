// An out-of-tree program that embeds DLC: it registers DLC's passes in
// MLIR's registry, lowers a dlc_graph function with a pipeline parsed by
// upstream's mlirParsePassPipeline, JIT-compiles it and runs it.
//
// Build it against an installed DLC (see README.md here), either way:
//   cmake -S . -B build -DCMAKE_PREFIX_PATH=<prefix> && cmake --build build
//   cc embed.c $(pkg-config --cflags --libs dlc) -o embed

#include "dlc-c/Diagnostics.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Passes.h"
#include "dlc-c/Runtime.h"
#include "dlc-c/Tensor.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

// relu(x @ w + b) on a 2x3 input.
static const char *model =
    "func.func @main(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {\n"
    "  %w = \"dlc_graph.constant\"() {value = dense<[[1.0, -1.0], [2.0, 0.5], [-1.0, 1.0]]> "
    ": tensor<3x2xf32>} : () -> tensor<3x2xf32>\n"
    "  %b = \"dlc_graph.constant\"() {value = dense<[0.5, 4.0]> : tensor<2xf32>} "
    ": () -> tensor<2xf32>\n"
    "  %m = \"dlc_graph.matmul\"(%x, %w) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n"
    "  %a = \"dlc_graph.add\"(%m, %b) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>\n"
    "  %y = \"dlc_graph.relu\"(%a) : (tensor<2x2xf32>) -> tensor<2x2xf32>\n"
    "  return %y : tensor<2x2xf32>\n"
    "}\n";

static void print(MlirStringRef text, void *userData) {
  fprintf((FILE *)userData, "%.*s", (int)text.length, text.data);
}

int main(void) {
  if (dlcGetAPIVersion() != DLC_API_VERSION) {
    fprintf(stderr, "libDLC has C API version %d, the headers %d\n", dlcGetAPIVersion(),
            DLC_API_VERSION);
    return 1;
  }
  dlcRegisterAllPasses();
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx))
    return 1;
  dlcContextAttachPrintingDiagnosticHandler(ctx, stderr);
  MlirModule module = dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(model),
                                           mlirStringRefCreateFromCString("<model>"));
  if (mlirModuleIsNull(module))
    return 1;

  // DLC's passes and pipelines, with options, through upstream's parser.
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  const char *pipeline = "builtin.module(dlc-optimize{disable=dlc-cse},dlc-lower-to-llvm{threads=1})";
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                                                       mlirStringRefCreateFromCString(pipeline),
                                                       print, stderr)))
    return 1;
  printf("pipeline: ");
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), print, stdout);
  printf("\n");
  MlirLogicalResult lowered = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(lowered))
    return 1;

  // The module is in the LLVM dialect now: JIT it and run it.
  DlcExecutable exe = dlcExecutableCreate(module, mlirStringRefCreate("", 0), NULL);
  mlirModuleDestroy(module);
  if (dlcExecutableIsNull(exe))
    return 1;
  DlcTensor x, y;
  const int64_t xShape[] = {2, 3}, yShape[] = {2, 2};
  if (mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_F32, 2, xShape, &x)) ||
      mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_F32, 2, yShape, &y)))
    return 1;
  const float input[] = {1, 2, 3, -1, 0, 2};
  memcpy(x.data, input, sizeof input);
  DlcRunOptions run = dlcRunOptionsGetDefault();
  run.errorCallback = print;
  run.userData = stderr;
  if (mlirLogicalResultIsFailure(dlcExecutableRun(exe, 1, &x, 1, &y, &run)))
    return 1;
  const float *out = y.data;
  printf("y = [[%g, %g], [%g, %g]]\n", out[0], out[1], out[2], out[3]);
  dlcTensorDestroy(&x);
  dlcTensorDestroy(&y);
  dlcExecutableDestroy(exe);
  mlirContextDestroy(ctx);
  return 0;
}
