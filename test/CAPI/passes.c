// RUN: dlc-passes-capi-test 2>&1 | FileCheck %s
//
// dlc-c/Passes.h: every pass creator makes the pass its name says, every
// pipeline builder appends its pipeline, and the builders' errors reach
// their callback once, whole. dlc-c/Conversion.h: the conversions'
// patterns in a caller's own greedy driver.

#include "dlc-c/Conversion.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"

#include <stdio.h>

static void print(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static void printCounted(MlirStringRef s, void *userData) {
  ++*(int *)userData;
  printf("[%.*s]", (int)s.length, s.data);
}

static MlirPassManager newPassManager(MlirContext ctx) {
  return mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("builtin.module"));
}

static void printPipeline(MlirPassManager pm) {
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), print, NULL);
  printf("\n");
}

// CHECK-LABEL: creators
// CHECK-NEXT: builtin.module(dlc-infer-shapes,dlc-eliminate-nops,dlc-eliminate-empty-tensors,dlc-fold-constants{max-elements=7},dlc-simplify-algebra,dlc-sink-transposes,dlc-fold-batch-norm,dlc-cse,dlc-dce,dlc-graph-to-tensor,dlc-tensor-to-linalg{checks=true},dlc-convert-layout{layout=nhwc},dlc-fuse-elementwise,dlc-codegen{{.*}},dlc-reassociate-reductions,dlc-approximate-math{{.*}},dlc-decompose-pads,dlc-flatten-constants{min-elements=9},dlc-record-signatures,dlc-plan-memory{alignment=64},dlc-lower-copies,dlc-hoist-invariant-loads,dlc-serialize-nested-parallel{min-work=500000 threads=2},dlc-entry-abi)
static void testCreators(MlirContext ctx) {
  printf("creators\n");
  MlirPassManager pm = newPassManager(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirPass passes[] = {dlcCreateInferShapesPass(),          dlcCreateEliminateNopsPass(),
                       dlcCreateEliminateEmptyTensorsPass(), dlcCreateFoldConstantsPass(7),
                       dlcCreateSimplifyAlgebraPass(),       dlcCreateSinkTransposesPass(),
                       dlcCreateFoldBatchNormPass(),         dlcCreateCSEPass(),
                       dlcCreateDCEPass(),                   dlcCreateGraphToTensorPass(),
                       dlcCreateTensorToLinalgPass(),        dlcCreateConvertLayoutPass(),
                       dlcCreateFuseElementwisePass(),       dlcCreateCodegenPass(),
                       dlcCreateReassociateReductionsPass(), dlcCreateApproximateMathPass(),
                       dlcCreateDecomposePadsPass(),         dlcCreateFlattenConstantsPass(9),
                       dlcCreateRecordSignaturesPass(),      dlcCreatePlanMemoryPass(),
                       dlcCreateLowerCopiesPass(),           dlcCreateHoistInvariantLoadsPass(),
                       dlcCreateSerializeNestedParallelPass(), dlcCreateEntryABIPass()};
  for (size_t i = 0; i < sizeof passes / sizeof *passes; ++i)
    mlirOpPassManagerAddOwnedPass(opm, passes[i]);
  printPipeline(pm);
  mlirPassManagerDestroy(pm);
}

// CHECK-LABEL: builders
// CHECK-NEXT: optimize: builtin.module(dlc-infer-shapes,dlc-eliminate-nops,{{.*}},dlc-cse,dlc-infer-shapes)
// CHECK-NEXT: graph-to-linalg: builtin.module(dlc-infer-shapes,dlc-record-signatures,dlc-graph-to-tensor,dlc-tensor-to-linalg{checks=true},dlc-inline-bodies,canonicalize
// CHECK-NEXT: linalg-to-loops: {{.*}}dlc-codegen{{.*}}one-shot-bufferize{{.*}}dlc-plan-memory
// CHECK-NOT: dlc-entry-abi
// CHECK-NEXT: linalg-to-loops naive: {{.*}}convert-linalg-to-affine-loops
// CHECK-NOT: dlc-codegen
// CHECK-NEXT: linalg-to-loops unchecked: {{.*}}dlc-tensor-to-linalg{checks=false}
// CHECK-NEXT: lower-to-llvm: {{.*}}dlc-entry-abi{{.*}}reconcile-unrealized-casts)
// CHECK-NEXT: lower-to-llvm 2 threads: {{.*}}convert-scf-to-openmp{num-threads=2}
// CHECK-NEXT: loops-to-llvm: builtin.module(dlc-lower-copies,
// CHECK-NOT: one-shot-bufferize
// CHECK-SAME: reconcile-unrealized-casts)
static void testBuilders(MlirContext ctx) {
  printf("builders\n");
  DlcCompileOptions naive = dlcCompileOptionsGetDefault(), two = dlcCompileOptionsGetDefault();
  DlcCompileOptions unchecked = dlcCompileOptionsGetDefault();
  naive.codegen = DlcCodegenNaive;
  two.threads = 2;
  unchecked.checks = false;
  struct {
    const char *name;
    int which;
    const DlcCompileOptions *options;
  } cases[] = {{"optimize", 0, NULL},        {"graph-to-linalg", 1, NULL},
               {"linalg-to-loops", 2, NULL}, {"linalg-to-loops naive", 3, &naive},
               {"linalg-to-loops unchecked", 3, &unchecked},
               {"lower-to-llvm", 4, NULL},   {"lower-to-llvm 2 threads", 5, &two},
               {"loops-to-llvm", 6, NULL}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
    MlirPassManager pm = newPassManager(ctx);
    MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
    MlirLogicalResult built;
    switch (cases[i].which) {
    case 0:
      built = dlcBuildOptimizePipeline(opm, mlirStringRefCreateFromCString("dlc-dce"), print, NULL);
      break;
    case 1:
      built = dlcBuildGraphToLinalgPipeline(opm);
      break;
    case 2:
      built = dlcBuildLinalgToLoopsPipeline(opm);
      break;
    case 3:
      built = dlcBuildLinalgToLoopsPipelineWithOptions(opm, cases[i].options, print, NULL);
      break;
    case 4:
      built = dlcBuildLowerToLLVMPipeline(opm);
      break;
    case 5:
      built = dlcBuildLowerToLLVMPipelineWithOptions(opm, cases[i].options, print, NULL);
      break;
    default: {
      built = dlcBuildLoopsToLLVMPipeline(opm);
      MlirPassManager other = newPassManager(ctx);
      if (mlirLogicalResultIsFailure(dlcBuildLoopsToLLVMPipelineWithOptions(
              mlirPassManagerGetAsOpPassManager(other), NULL, print, NULL)))
        built = mlirLogicalResultFailure();
      mlirPassManagerDestroy(other);
      break;
    }
    }
    printf("%s: ", cases[i].name);
    if (mlirLogicalResultIsSuccess(built))
      printPipeline(pm);
    else
      printf("failed\n");
    mlirPassManagerDestroy(pm);
  }
}

// CHECK-LABEL: errors
// CHECK-NEXT: [cannot disable 'dlc-nope': dlc-optimize has no such pass (it runs dlc-infer-shapes, {{.*}})] check: 0 calls: 1
// CHECK-NEXT: build: 1 calls: 1
// CHECK-NEXT: check ok: 1 calls: 1
// CHECK-NEXT: [invalid threads=0: at least 1 thread is needed] threads: 0 calls: 2
// CHECK-NEXT: [invalid codegen (7): expected fast or naive] codegen: 0 calls: 3
// CHECK-NEXT: [invalid layout (5): expected nhwc or nchw] layout: 0 calls: 4
static void testErrors(MlirContext ctx) {
  printf("errors\n");
  int calls = 0;
  bool checked = dlcOptimizeCheckDisabled(mlirStringRefCreateFromCString("dlc-cse,dlc-nope"),
                                          printCounted, &calls);
  printf(" check: %d calls: %d\n", checked, calls);
  MlirPassManager pm = newPassManager(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  // A trailing comma names nothing.
  MlirLogicalResult built =
      dlcBuildOptimizePipeline(opm, mlirStringRefCreateFromCString("dlc-cse,"), printCounted, &calls);
  printf("build: %d calls: %d\n", mlirLogicalResultIsSuccess(built), calls);
  checked = dlcOptimizeCheckDisabled(mlirStringRefCreateFromCString("dlc-cse,dlc-dce"),
                                     printCounted, &calls);
  printf("check ok: %d calls: %d\n", checked, calls);
  DlcCompileOptions bad = dlcCompileOptionsGetDefault();
  bad.threads = 0;
  built = dlcBuildLowerToLLVMPipelineWithOptions(opm, &bad, printCounted, &calls);
  printf(" threads: %d calls: %d\n", mlirLogicalResultIsSuccess(built), calls);
  bad = dlcCompileOptionsGetDefault();
  bad.codegen = (DlcCodegen)7;
  built = dlcBuildLoopsToLLVMPipelineWithOptions(opm, &bad, printCounted, &calls);
  printf(" codegen: %d calls: %d\n", mlirLogicalResultIsSuccess(built), calls);
  bad = dlcCompileOptionsGetDefault();
  bad.layout = (DlcLayout)5;
  built = dlcBuildLinalgToLoopsPipelineWithOptions(opm, &bad, printCounted, &calls);
  printf(" layout: %d calls: %d\n", mlirLogicalResultIsSuccess(built), calls);
  mlirPassManagerDestroy(pm);
}

// Applies the patterns `populate` adds, with the caller's own driver.
static void applyPopulated(MlirModule m,
                           void (*populate)(MlirRewritePatternSet, MlirOperation)) {
  MlirContext ctx = mlirModuleGetContext(m);
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(ctx);
  populate(set, mlirModuleGetOperation(m));
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  mlirRewritePatternSetDestroy(set);
  MlirGreedyRewriteDriverConfig config = mlirGreedyRewriteDriverConfigCreate();
  mlirApplyPatternsAndFoldGreedily(m, frozen, config);
  mlirGreedyRewriteDriverConfigDestroy(config);
  mlirFrozenRewritePatternSetDestroy(frozen);
}

// CHECK-LABEL: populate
// CHECK: graph to tensor:
// CHECK-NOT: dlc_graph.relu
// CHECK: "dlc_tensor.map"
// CHECK: func.func private
// CHECK: tensor to linalg:
// CHECK-NOT: dlc_tensor.map
// CHECK: linalg.generic
static void testPopulate(MlirContext ctx) {
  printf("populate\n");
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
               "  %y = \"dlc_graph.relu\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
               "  return %y : tensor<4xf32>\n}\n"));
  applyPopulated(m, dlcPopulateGraphToTensorPatterns);
  printf("graph to tensor:\n");
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  applyPopulated(m, dlcPopulateTensorToLinalgPatterns);
  printf("\ntensor to linalg:\n");
  mlirOperationPrint(mlirModuleGetOperation(m), print, NULL);
  printf("\n");
  mlirModuleDestroy(m);
}

int main(void) {
  MlirContext ctx = dlcContextCreate();
  testCreators(ctx);
  testBuilders(ctx);
  testErrors(ctx);
  testPopulate(ctx);
  mlirContextDestroy(ctx);
  return 0;
}
