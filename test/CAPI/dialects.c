// RUN: dlc-capi-test 2>&1 | FileCheck %s
//
// The public C API: loading the dialects, verifying, creating passes and
// pipelines, and the self-description table.

#include "dlc-c/Dialects.h"
#include "dlc-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <string.h>

static void print(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirModule parse(MlirContext ctx, const char *text) {
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
}

// CHECK-LABEL: testLoad
static void testLoad(void) {
  printf("testLoad\n");
  MlirContext ctx = dlcContextCreate();
  // CHECK: context: 1
  printf("context: %d\n", !mlirContextIsNull(ctx));
  // Loading twice is harmless.
  // CHECK: reload: 1
  printf("reload: %d\n", mlirLogicalResultIsSuccess(dlcContextLoadDialects(ctx)));
  // CHECK: irdl mentions dlc_tensor: 1
  printf("irdl mentions dlc_tensor: %d\n", strstr(dlcGetDialectsIRDL().data, "dlc_tensor") != NULL);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testVerify
static void testVerify(void) {
  printf("testVerify\n");
  MlirContext ctx = dlcContextCreate();
  MlirModule good = parse(ctx, "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                               "  %0 = \"dlc_graph.relu\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n"
                               "  return %0 : tensor<2xf32>\n}\n");
  // CHECK: good: 1
  printf("good: %d\n", mlirLogicalResultIsSuccess(dlcVerify(mlirModuleGetOperation(good))));
  // An unknown attribute is accepted by IRDL but not by dlcVerify.
  MlirModule bad = parse(ctx, "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                              "  %0 = \"dlc_graph.relu\"(%a) {alhpa = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>\n"
                              "  return %0 : tensor<2xf32>\n}\n");
  // CHECK: error: 'dlc_graph.relu' op has unknown attribute 'alhpa'
  // CHECK: bad: 0
  printf("bad: %d\n", mlirLogicalResultIsSuccess(dlcVerify(mlirModuleGetOperation(bad))));
  mlirModuleDestroy(good);
  mlirModuleDestroy(bad);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testPipeline
static void testPipeline(void) {
  printf("testPipeline\n");
  MlirContext ctx = dlcContextCreate();
  MlirModule m = parse(ctx, "func.func @f(%a: tensor<2xf32>) -> tensor<?xf32> {\n"
                            "  %0 = \"dlc_graph.relu\"(%a) : (tensor<2xf32>) -> tensor<?xf32>\n"
                            "  return %0 : tensor<?xf32>\n}\n");
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  mlirOpPassManagerAddOwnedPass(opm, dlcCreateInferShapesPass());
  // CHECK: run: 1
  printf("run: %d\n", mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))));
  // CHECK: func.func @f(%arg0: tensor<2xf32>) -> tensor<2xf32>
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);

  // A textual pipeline mixing DLC and upstream passes, with an option error.
  pm = mlirPassManagerCreate(ctx);
  opm = mlirPassManagerGetAsOpPassManager(pm);
  // CHECK: parse: 1
  printf("parse: %d\n", mlirLogicalResultIsSuccess(dlcParsePassPipeline(
                            opm, mlirStringRefCreateFromCString("builtin.module(dlc-graph-to-linalg,canonicalize)"),
                            print, NULL)));
  // CHECK: run to linalg: 1
  printf("run to linalg: %d\n", mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))));
  // CHECK: linalg.generic
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  // CHECK: unknown option 'nope' for pass 'dlc-infer-shapes'
  MlirPass p = dlcCreatePassFromString(mlirStringRefCreateFromCString("dlc-infer-shapes"),
                                       mlirStringRefCreateFromCString("nope=1"), print, NULL);
  // CHECK: null: 1
  printf("\nnull: %d\n", p.ptr == NULL);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testTypedPasses
static void testTypedPasses(void) {
  printf("testTypedPasses\n");
  MlirContext ctx = dlcContextCreate();
  MlirModule m = parse(ctx, "func.func @f() -> tensor<2x3xf32> {\n"
                            "  %0 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>\n"
                            "  return %0 : tensor<2x3xf32>\n}\n");
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  // The option decides: 7 elements would leave the 6-element constant alone.
  mlirOpPassManagerAddOwnedPass(opm, dlcCreateFlattenConstantsPass(6));
  mlirOpPassManagerAddOwnedPass(opm, dlcCreateLowerCopiesPass());
  mlirOpPassManagerAddOwnedPass(opm, dlcCreateEntryABIPass());
  // CHECK: run typed: 1
  printf("run typed: %d\n", mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))));
  // CHECK: arith.constant dense_resource<{{.*}}> : tensor<6xf32>
  // CHECK: tensor.expand_shape
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// Counts the callback's calls: one per whole message.
static void printCounted(MlirStringRef s, void *userData) {
  ++*(int *)userData;
  printf("[%.*s]\n", (int)s.length, s.data);
}

// CHECK-LABEL: testRegistry
static void testRegistry(void) {
  printf("testRegistry\n");
  dlcRegisterAllPasses();
  dlcRegisterAllPasses(); // a second call is harmless
  MlirContext ctx = dlcContextCreate();
  MlirModule m = parse(ctx, "func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                            "  %c = \"dlc_graph.constant\"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>\n"
                            "  %y = \"dlc_graph.mul\"(%x, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
                            "  return %y : tensor<2xf32>\n}\n");
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  // Upstream's parser knows DLC's passes, their options and pipelines.
  // CHECK: upstream parse: 1
  printf("upstream parse: %d\n",
         mlirLogicalResultIsSuccess(mlirParsePassPipeline(
             opm, mlirStringRefCreateFromCString(
                      "builtin.module(dlc-fold-constants{max-elements=4},"
                      "dlc-optimize{disable=dlc-cse,dlc-dce},func.func(canonicalize))"),
             print, NULL)));
  // CHECK: pipeline: builtin.module(dlc-fold-constants{max-elements=4},dlc-infer-shapes
  // CHECK-NOT: dlc-cse
  // CHECK-SAME: func.func(canonicalize
  printf("pipeline: ");
  mlirPrintPassPipeline(opm, print, NULL);
  printf("\n");
  // CHECK: run: 1
  printf("run: %d\n", mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))));
  // x * 1 is gone.
  // CHECK-NOT: dlc_graph.mul
  // CHECK: return %arg0
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  // A bad option of a registered pass: upstream's parser fails with DLC's
  // message, dlcParsePassPipeline hands it on in one call.
  pm = mlirPassManagerCreate(ctx);
  opm = mlirPassManagerGetAsOpPassManager(pm);
  int calls = 0;
  // CHECK: [{{.*}}unknown option 'maximum' for pass 'dlc-fold-constants' (options: max-elements)
  // CHECK: bad option: 0, calls: 1
  MlirLogicalResult bad = dlcParsePassPipeline(
      opm, mlirStringRefCreateFromCString("dlc-fold-constants{maximum=4}"), printCounted, &calls);
  printf("bad option: %d, calls: %d\n", mlirLogicalResultIsSuccess(bad), calls);
  // CHECK: [{{.*}}cannot disable 'dlc-nope': dlc-optimize has no such pass
  // CHECK: bad pipeline option: 0
  printf("bad pipeline option: %d\n",
         mlirLogicalResultIsSuccess(dlcParsePassPipeline(
             opm, mlirStringRefCreateFromCString("builtin.module(dlc-optimize{disable=dlc-nope})"),
             printCounted, &calls)));
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testPassInfo
static void testPassInfo(void) {
  printf("testPassInfo\n");
  // CHECK-DAG: pass dlc-infer-shapes
  // CHECK-DAG: pipeline dlc-lower-to-llvm
  for (intptr_t i = 0, n = dlcGetNumPassInfos(); i < n; ++i) {
    DlcPassInfo info = dlcGetPassInfo(i);
    printf("%s %s\n", info.isPipeline ? "pipeline" : "pass", info.argument);
  }
}

int main(void) {
  // Diagnostics go to stderr unbuffered: keep stdout in order with them.
  setvbuf(stdout, NULL, _IONBF, 0);
  testLoad();
  testVerify();
  testPipeline();
  testTypedPasses();
  testRegistry();
  testPassInfo();
  // CHECK: api version: 1
  printf("api version: %d\n", dlcGetAPIVersion() == DLC_API_VERSION);
  return 0;
}
