// RUN: dlc-onnx-capi-test %dlc_src/examples/tiny_cnn/model.onnx %shared/onnx-node/test_reshape_reordered_all_dims/model.onnx 2>&1 | FileCheck %s
//
// dlc-c/Onnx.h: importing a model, binding a shape-like input up front or
// on demand, errors as diagnostics, and the op table.

#include "dlc-c/Dialects.h"
#include "dlc-c/Onnx.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

static void print(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(d, print, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static void printModule(MlirModule m) {
  if (mlirModuleIsNull(m)) {
    printf("null module\n");
    return;
  }
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  printf("\n");
  mlirModuleDestroy(m);
}

static DlcTensor shape;

// Binds the reshape's `shape` input when the importer asks for it.
static MlirLogicalResult provide(MlirStringRef name, intptr_t position, const DlcTensor **value,
                                 void *userData) {
  printf("asked for %.*s (input %ld)\n", (int)name.length, name.data, (long)position);
  ++*(int *)userData;
  *value = &shape;
  return mlirLogicalResultSuccess();
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  MlirContext ctx = dlcContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  // CHECK-LABEL: cnn
  // CHECK: func.func @main(
  // CHECK: "dlc_graph.conv"
  // CHECK: "dlc_graph.softmax"
  printf("cnn\n");
  printModule(dlcOnnxImportFile(ctx, mlirStringRefCreateFromCString(argv[1]), NULL));

  // The reshape's shape is a graph input: bound up front, it becomes the
  // op's static shape; asked for on demand, the provider is called once.
  const int64_t dims[] = {3};
  dlcTensorCreate(DLC_DTYPE_I64, 1, dims, &shape);
  const int64_t target[] = {4, 2, 3};
  memcpy(shape.data, target, sizeof target);
  // CHECK-LABEL: bound
  // CHECK: "dlc_graph.reshape"{{.*}}shape = array<i64: 4, 2, 3>
  printf("bound\n");
  DlcOnnxBinding binding = {"shape", &shape};
  DlcOnnxImportOptions bound = {.numBindings = 1, .bindings = &binding};
  printModule(dlcOnnxImportFile(ctx, mlirStringRefCreateFromCString(argv[2]), &bound));
  // CHECK-LABEL: provided
  // CHECK-NEXT: asked for shape (input 1)
  // CHECK: "dlc_graph.reshape"{{.*}}shape = array<i64: 4, 2, 3>
  // CHECK: calls: 1
  printf("provided\n");
  int calls = 0;
  DlcOnnxImportOptions provided = {.provideInput = provide, .providerUserData = &calls};
  printModule(dlcOnnxImportFile(ctx, mlirStringRefCreateFromCString(argv[2]), &provided));
  printf("calls: %d\n", calls);
  dlcTensorDestroy(&shape);

  // CHECK-LABEL: missing
  // CHECK-NEXT: diagnostic: cannot open '{{.*}}no-such.onnx': No such file or directory
  // CHECK-NEXT: null module
  printf("missing\n");
  printModule(dlcOnnxImportFile(ctx, mlirStringRefCreateFromCString("no-such.onnx"), NULL));

  // One line per op and opset range: its name, the dlc_graph op, types.
  // CHECK-LABEL: table
  // CHECK: Conv{{.*}}dlc_graph.conv
  // CHECK: Relu{{.*}}dlc_graph.relu
  printf("table\n");
  dlcOnnxPrintOpTable(print, NULL);
  mlirContextDestroy(ctx);
  return 0;
}
