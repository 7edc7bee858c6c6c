// RUN: rm -rf %t && mkdir -p %t
// RUN: dlc-runtime-capi-test %S/Inputs %t 2>&1 | FileCheck %s
//
// The public C API of dlc-c/Tensor.h, dlc-c/Runtime.h, dlc-c/Status.h and
// dlc-c/Target.h: host tensors and their files, models and entries,
// signatures and their specialization, JIT executables and the run-time
// errors of their code, LLVM IR, objects and headers.

#include "dlc-c/Dialects.h"
#include "dlc-c/Passes.h"
#include "dlc-c/Profile.h"
#include "dlc-c/Runtime.h"
#include "dlc-c/Target.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *inputs, *tmp;

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

static MlirContext createContext(void) {
  MlirContext ctx = dlcContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  return ctx;
}

static MlirModule load(MlirContext ctx, const char *name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", inputs, name);
  return dlcModuleCreateFromFile(ctx, mlirStringRefCreateFromCString(path), NULL);
}

static MlirStringRef mlirStringRef(const char *s) { return mlirStringRefCreateFromCString(s); }

static void printType(const DlcTensorType *t) {
  dlcTensorTypePrint(t, print, NULL);
  printf("\n");
}

// CHECK-LABEL: testTensor
static void testTensor(void) {
  printf("testTensor\n");
  int64_t shape[] = {2, 3};
  DlcTensor t;
  // CHECK: create: 1 bytes 24 aligned 1
  MlirLogicalResult created = dlcTensorCreate(DLC_DTYPE_F32, 2, shape, &t);
  printf("create: %d bytes %zu aligned %d\n", mlirLogicalResultIsSuccess(created), t.bytes,
         (uintptr_t)t.data % 64 == 0);
  float *v = t.data;
  for (int i = 0; i < 6; ++i)
    v[i] = (float)i / 2;
  DlcTensorType type = dlcTensorGetType(&t);
  // CHECK-NEXT: float32[2, 3]
  printType(&type);
  type.shape[0] = DLC_DIM_DYNAMIC;
  // CHECK-NEXT: float32[?, 3] accepts: 1 static: 0
  dlcTensorTypePrint(&type, print, NULL);
  printf(" accepts: %d static: %d\n", dlcTensorTypeAccepts(&type, &t), dlcTensorTypeIsStatic(&type));
  type.dtype = DLC_DTYPE_F64;
  // CHECK-NEXT: float64 accepts: 0
  printf("float64 accepts: %d\n", dlcTensorTypeAccepts(&type, &t));

  // A round trip through .npy.
  char path[4096];
  snprintf(path, sizeof path, "%s/t.npy", tmp);
  // CHECK-NEXT: write: 1
  printf("write: %d\n", mlirLogicalResultIsSuccess(dlcTensorWriteNpy(&t, mlirStringRef(path), print, NULL)));
  DlcTensor back;
  // CHECK-NEXT: read: 1 float32[2, 3] same: 1
  printf("read: %d ", mlirLogicalResultIsSuccess(dlcTensorCreateFromFile(mlirStringRef(path), &back, print, NULL)));
  type = dlcTensorGetType(&back);
  dlcTensorTypePrint(&type, print, NULL);
  printf(" same: %d\n", back.bytes == t.bytes && !memcmp(back.data, t.data, t.bytes));
  dlcTensorDestroy(&back);
  // And through an ONNX TensorProto.
  snprintf(path, sizeof path, "%s/t.pb", tmp);
  // CHECK-NEXT: write pb: 1
  printf("write pb: %d\n", mlirLogicalResultIsSuccess(dlcTensorWritePb(&t, mlirStringRef("t"),
                                                                        mlirStringRef(path), print,
                                                                        NULL)));
  // CHECK-NEXT: read pb: 1 float32[2, 3] same: 1
  printf("read pb: %d ", mlirLogicalResultIsSuccess(dlcTensorCreateFromFile(mlirStringRef(path), &back, print, NULL)));
  type = dlcTensorGetType(&back);
  dlcTensorTypePrint(&type, print, NULL);
  printf(" same: %d\n", back.bytes == t.bytes && !memcmp(back.data, t.data, t.bytes));
  dlcTensorDestroy(&back);
  dlcTensorDestroy(&t);
  // Destroying twice is harmless.
  dlcTensorDestroy(&t);

  // CHECK-NEXT: cannot open '{{.*}}missing.npy': No such file or directory
  snprintf(path, sizeof path, "%s/missing.npy", tmp);
  // CHECK-NEXT: missing: 0 empty: 1
  MlirLogicalResult r = dlcTensorCreateFromFile(mlirStringRef(path), &back, print, NULL);
  printf("\nmissing: %d empty: %d\n", mlirLogicalResultIsSuccess(r), back.data == NULL);
  // Sizes that overflow are refused, not allocated.
  int64_t huge[] = {INT64_MAX / 2, 4};
  // CHECK-NEXT: huge: 0 negative: 0
  int64_t negative[] = {-1};
  printf("huge: %d ", mlirLogicalResultIsSuccess(dlcTensorCreate(DLC_DTYPE_F64, 2, huge, &t)));
  printf("negative: %d\n", mlirLogicalResultIsSuccess(dlcTensorCreate(DLC_DTYPE_F64, 1, negative, &t)));
  // CHECK-NEXT: ui16 <-> uint16: 1
  MlirContext ctx = dlcContextCreate();
  DlcDType d;
  printf("ui16 <-> uint16: %d\n",
         mlirLogicalResultIsSuccess(dlcDTypeFromMlirType(dlcDTypeToMlirType(ctx, DLC_DTYPE_U16), &d)) &&
             d == DLC_DTYPE_U16);
  mlirContextDestroy(ctx);
}

// A sequence's run-time form: packed, then unpacked into equal tensors.
// CHECK-LABEL: testTensorList
// CHECK: packed: data [5] index [2, 9] row1 1 3 1
// CHECK-NEXT: unpacked: 2 [1, 2] [3] last 4
// CHECK-NEXT: mixed dtypes: 0 broken index: 0
static void testTensorList(void) {
  printf("testTensorList\n");
  DlcTensor list[2], data, index, *out;
  int64_t a[] = {1, 2}, b[] = {3};
  dlcTensorCreate(DLC_DTYPE_F32, 2, a, &list[0]);
  dlcTensorCreate(DLC_DTYPE_F32, 1, b, &list[1]);
  for (int i = 0; i < 3; ++i)
    ((float *)(i < 2 ? list[0].data : list[1].data))[i < 2 ? i : i - 2] = (float)i;
  ((float *)list[1].data)[2] = 4;
  dlcTensorListPack(list, 2, DLC_DTYPE_F32, &data, &index);
  const int64_t *rows = index.data;
  printf("packed: data [%lld] index [%lld, %lld] row1 %lld %lld %lld\n", (long long)data.shape[0],
         (long long)index.shape[0], (long long)index.shape[1], (long long)rows[9],
         (long long)rows[10], (long long)rows[11]);
  intptr_t count;
  dlcTensorListUnpack(&data, &index, &out, &count);
  printf("unpacked: %ld [%lld, %lld] [%lld] last %g\n", (long)count, (long long)out[0].shape[0],
         (long long)out[0].shape[1], (long long)out[1].shape[0], ((float *)out[1].data)[2]);
  for (intptr_t i = 0; i < count; ++i)
    dlcTensorDestroy(&out[i]);
  free(out);
  DlcTensor mixed[2] = {list[0]}, d2, i2;
  int64_t one = 1;
  dlcTensorCreate(DLC_DTYPE_I64, 1, &one, &mixed[1]);
  MlirLogicalResult packedMixed = dlcTensorListPack(mixed, 2, DLC_DTYPE_F32, &d2, &i2);
  ((int64_t *)index.data)[1] = 100; // the first tensor claims more elements than data holds
  MlirLogicalResult unpackedBroken = dlcTensorListUnpack(&data, &index, &out, &count);
  printf("mixed dtypes: %d broken index: %d\n", mlirLogicalResultIsSuccess(packedMixed),
         mlirLogicalResultIsSuccess(unpackedBroken));
  dlcTensorDestroy(&mixed[1]);
  dlcTensorDestroy(&list[0]);
  dlcTensorDestroy(&list[1]);
  dlcTensorDestroy(&data);
  dlcTensorDestroy(&index);
}

// CHECK-LABEL: testEntries
static void testEntries(void) {
  printf("testEntries\n");
  MlirContext ctx = createContext();
  // CHECK: diagnostic: cannot open '{{.*}}missing.mlir': No such file or directory
  // CHECK-NEXT: missing: 1
  printf("missing: %d\n", mlirModuleIsNull(load(ctx, "missing.mlir")));
  MlirModule m = load(ctx, "runtime-model.mlir");
  MlirOperation main = dlcModuleLookupEntry(m, mlirStringRefCreate("", 0));
  // CHECK-NEXT: default entry: 1
  printf("default entry: %d\n", !mlirOperationIsNull(main) &&
                                    mlirOperationEqual(main, dlcModuleLookupEntry(m, mlirStringRefCreateFromCString("main"))));
  // CHECK-NEXT: diagnostic: no public function named 'nope' (the module has @main, @pair)
  // CHECK-NEXT: nope: 1
  printf("nope: %d\n", mlirOperationIsNull(dlcModuleLookupEntry(m, mlirStringRefCreateFromCString("nope"))));

  DlcSignature sig;
  MlirOperation pair = dlcModuleLookupEntry(m, mlirStringRefCreateFromCString("pair"));
  // CHECK-NEXT: pair: 1 in 1 out 2
  printf("pair: %d ", mlirLogicalResultIsSuccess(dlcEntryGetSignature(pair, &sig)));
  printf("in %ld out %ld\n", (long)sig.numInputs, (long)sig.numOutputs);
  // CHECK-NEXT: uint16[3]
  printType(&sig.outputs[1]);
  dlcSignatureDestroy(&sig);

  dlcEntryGetSignature(main, &sig);
  // CHECK-NEXT: float32[?, 2]
  printType(&sig.inputs[0]);
  // Specialization checks what it is given.
  DlcTensorType bad = sig.inputs[0];
  bad.shape[0] = 5;
  bad.shape[1] = 3;
  // CHECK-NEXT: diagnostic: entry @main input 0 is float32[?, 2], which cannot be specialized to float32[5, 3]
  // CHECK-NEXT: bad: 0
  printf("bad: %d\n", mlirLogicalResultIsSuccess(dlcEntrySpecialize(main, 1, &bad)));
  // CHECK-NEXT: diagnostic: entry @main takes 1 inputs, got 2
  DlcTensorType two[2] = {bad, bad};
  printf("count: %d\n", mlirLogicalResultIsSuccess(dlcEntrySpecialize(main, 2, two)));
  DlcTensorType good = sig.inputs[0];
  good.shape[0] = 4;
  // CHECK: good: 1
  printf("good: %d\n", mlirLogicalResultIsSuccess(dlcEntrySpecialize(main, 1, &good)));
  dlcSignatureDestroy(&sig);
  // CHECK-NEXT: func.func @main(%arg0: tensor<4x2xf32>) -> tensor<?x2xf32>
  mlirOperationPrint(main, print, NULL);
  printf("\n");

  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testParse
static void testParse(void) {
  printf("testParse\n");
  MlirContext ctx = createContext();
  // Two top-level ops: wrapped in a module, as a file's would be.
  const char *two = "func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> { return %x : tensor<2xf32> }\n"
                    "func.func @g() { return }\n";
  MlirModule m = dlcModuleCreateParse(ctx, mlirStringRef(two), mlirStringRef("<two>"));
  // CHECK-NEXT: two ops: 1 @f: 1
  printf("two ops: %d @f: %d\n", !mlirModuleIsNull(m),
         !mlirOperationIsNull(dlcModuleLookupEntry(m, mlirStringRef("f"))));
  mlirModuleDestroy(m);
  // CHECK-NEXT: diagnostic: custom op 'func.func' expected valid '@'-identifier for symbol name
  // CHECK-NEXT: bad: 1
  m = dlcModuleCreateParse(ctx, mlirStringRef("func.func"), mlirStringRef("<bad>"));
  printf("bad: %d\n", mlirModuleIsNull(m));
  // Upstream's parser crashes on this op (llvm/llvm-project#132747): a
  // child process parses first, and says so.
  const char *crash = "func.func @f(%a: tensor<4xf32>, %b: tensor<f32>) {\n"
                      "  %r = linalg.reduce ins(%a : tensor<4xf32>) outs(%b : tensor<f32>) "
                      "dimensions = 0\n  return\n}\n";
  // CHECK-NEXT: diagnostic: cannot parse '<crash>': MLIR's parser or verifier crashed on it ({{.+}}) after reporting 2:81: expected '['
  // CHECK-NEXT: crash: 1
  m = dlcModuleCreateParse(ctx, mlirStringRef(crash), mlirStringRef("<crash>"));
  printf("crash: %d\n", mlirModuleIsNull(m));
  mlirContextDestroy(ctx);
}

static MlirLogicalResult fill(DlcTensor *t, DlcDType dtype, int64_t rows, int64_t cols) {
  int64_t shape[] = {rows, cols};
  MlirLogicalResult r = dlcTensorCreate(dtype, 2, shape, t);
  for (int64_t i = 0; dtype == DLC_DTYPE_F32 && i < rows * cols; ++i)
    ((float *)t->data)[i] = (float)i;
  return r;
}

// CHECK-LABEL: testExecutable
static void testExecutable(void) {
  printf("testExecutable\n");
  MlirContext ctx = createContext();
  MlirModule m = load(ctx, "runtime-model.mlir");
  MlirOperation main = dlcModuleLookupEntry(m, mlirStringRefCreate("", 0));
  DlcTensor x, y, wrong;
  fill(&x, DLC_DTYPE_F32, 3, 2);
  DlcTensorType type = dlcTensorGetType(&x);
  dlcEntrySpecialize(main, 1, &type);
  DlcExecutable exe = dlcExecutableCreate(m, mlirStringRef("main"), NULL);
  // The module is no longer needed.
  mlirModuleDestroy(m);
  // CHECK: executable: 1 @main
  MlirStringRef name = dlcExecutableGetEntryName(exe);
  printf("executable: %d @%.*s\n", !dlcExecutableIsNull(exe), (int)name.length, name.data);
  const DlcSignature *sig = dlcExecutableGetSignature(exe);
  // CHECK-NEXT: float32[3, 2]
  printType(&sig->outputs[0]);
  fill(&y, DLC_DTYPE_F32, 3, 2);
  // CHECK-NEXT: run: 1 y = 0 2 4 6 8 10
  DlcRunOptions run = dlcRunOptionsGetDefault();
  run.errorCallback = print;
  printf("run: %d y =", mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 1, &x, 1, &y, &run)));
  for (int i = 0; i < 6; ++i)
    printf(" %g", ((float *)y.data)[i]);
  printf("\n");
  // CHECK-NEXT: input 0 must be float32[3, 2], got float32[2, 2]
  fill(&wrong, DLC_DTYPE_F32, 2, 2);
  printf("\nwrong shape: %d\n", mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 1, &wrong, 1, &y, &run)));
  // CHECK-NEXT: wrong shape: 0
  // CHECK-NEXT: @main takes 1 inputs and 1 outputs, got 0 and 1
  printf("\ncount: %d\n", mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 0, NULL, 1, &y, &run)));
  // CHECK-NEXT: count: 0
  // CHECK-NEXT: output 0 shares storage with input 0
  printf("\naliased: %d\n", mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 1, &x, 1, &x, &run)));
  // CHECK-NEXT: aliased: 0
  dlcTensorDestroy(&x);
  dlcTensorDestroy(&y);
  dlcTensorDestroy(&wrong);
  dlcExecutableDestroy(exe);

  // A dynamic signature compiles once and runs at every batch; the run
  // makes the dynamic output (zeroed, then reused when its shape is the
  // result's, else created again).
  m = load(ctx, "runtime-model.mlir");
  exe = dlcExecutableCreate(m, mlirStringRef("main"), NULL);
  mlirModuleDestroy(m);
  // CHECK: dynamic: 1 float32[?, 2] -> float32[?, 2]
  printf("dynamic: %d ", !dlcExecutableIsNull(exe));
  dlcTensorTypePrint(&dlcExecutableGetSignature(exe)->inputs[0], print, NULL);
  printf(" -> ");
  printType(&dlcExecutableGetSignature(exe)->outputs[0]);
  DlcTensor out = {0};
  int64_t batches[] = {1, 3, 3, 0};
  for (int b = 0; b < 4; ++b) {
    fill(&x, DLC_DTYPE_F32, batches[b], 2);
    bool ok = mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 1, &x, 1, &out, &run));
    printf("batch %lld: %d shape [%lld, %lld] y =", (long long)batches[b], ok,
           (long long)out.shape[0], (long long)out.shape[1]);
    for (int64_t i = 0; i < dlcTensorNumElements(&out); ++i)
      printf(" %g", ((float *)out.data)[i]);
    printf("\n");
    dlcTensorDestroy(&x);
  }
  // CHECK-NEXT: batch 1: 1 shape [1, 2] y = 0 2
  // CHECK-NEXT: batch 3: 1 shape [3, 2] y = 0 2 4 6 8 10
  // CHECK-NEXT: batch 3: 1 shape [3, 2] y = 0 2 4 6 8 10
  // CHECK-NEXT: batch 0: 1 shape [0, 2] y ={{$}}
  fill(&x, DLC_DTYPE_F32, 2, 3);
  // CHECK-NEXT: input 0 must be float32[?, 2], got float32[2, 3]
  printf("\nwrong dim: %d\n", mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 1, &x, 1, &out, &run)));
  // CHECK-NEXT: wrong dim: 0
  dlcTensorDestroy(&x);
  dlcTensorDestroy(&out);
  dlcExecutableDestroy(exe);
  mlirContextDestroy(ctx);
}

// A module whose 256 x 256 weight w[i] = i % 7 is a dense_resource blob.
static char *weightModuleText(void) {
  enum { N = 256 * 256 };
  const char *head =
      "func.func @main(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {\n"
      "  %w = arith.constant dense_resource<w> : tensor<256x256xf32>\n"
      "  %y = \"dlc_graph.add\"(%x, %w) : (tensor<256x256xf32>, tensor<256x256xf32>)"
      " -> tensor<256x256xf32>\n"
      "  return %y : tensor<256x256xf32>\n"
      "}\n"
      "{-#\n  dialect_resources: {\n    builtin: {\n      w: \"0x04000000";
  const char *tail = "\"\n    }\n  }\n#-}\n";
  size_t at = strlen(head);
  char *text = malloc(at + 8 * N + strlen(tail) + 1);
  if (!text)
    return NULL;
  memcpy(text, head, at);
  for (int i = 0; i < N; ++i) {
    float v = (float)(i % 7);
    const unsigned char *bytes = (const unsigned char *)&v;
    for (int b = 0; b < 4; ++b, at += 2)
      snprintf(text + at, 3, "%02X", bytes[b]);
  }
  strcpy(text + at, tail);
  return text;
}

// CHECK-LABEL: testWeights
static void testWeights(void) {
  printf("testWeights\n");
  // The executable owns what its code reads: it runs after the module and
  // its context (which owns the weight's blob) are gone.
  MlirContext ctx = createContext();
  char *text = weightModuleText();
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRef(text));
  free(text);
  DlcExecutable exe = dlcExecutableCreate(m, mlirStringRef("main"), NULL);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  DlcTensor x, y;
  fill(&x, DLC_DTYPE_F32, 256, 256);
  fill(&y, DLC_DTYPE_F32, 256, 256);
  DlcRunOptions run = dlcRunOptionsGetDefault();
  run.errorCallback = print;
  bool ran = !dlcExecutableIsNull(exe) &&
             mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 1, &x, 1, &y, &run));
  int wrong = 0;
  for (int i = 0; ran && i < 256 * 256; ++i)
    wrong += ((float *)y.data)[i] != (float)i + (float)(i % 7);
  // CHECK-NEXT: weights: ran 1, 0 wrong
  printf("weights: ran %d, %d wrong\n", ran, wrong);
  dlcTensorDestroy(&x);
  dlcTensorDestroy(&y);
  dlcExecutableDestroy(exe);
}

static int blobsReleased;

static void releaseBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)userData, (void)size, (void)align;
  free((void *)data);
  ++blobsReleased;
}

// @main adds a 256 x 256 weight w[i] = i % 7 held in `data` (the context
// owns it when `owned`: freed by releaseBlob), or names a missing entry.
static MlirModule weightModule(MlirContext ctx, float *data, bool owned) {
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRef("func.func @main(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {\n"
                         "  %w = arith.constant dense<0.0> : tensor<256x256xf32>\n"
                         "  %y = \"dlc_graph.add\"(%x, %w) : (tensor<256x256xf32>, "
                         "tensor<256x256xf32>) -> tensor<256x256xf32>\n"
                         "  return %y : tensor<256x256xf32>\n"
                         "}\n"));
  for (int i = 0; i < 256 * 256; ++i)
    data[i] = (float)(i % 7);
  int64_t shape[] = {256, 256};
  MlirType type = mlirRankedTensorTypeGet(2, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  MlirAttribute w = mlirUnmanagedDenseResourceElementsAttrGet(
      type, mlirStringRef("w"), data, sizeof(float) * 256 * 256, 64, false,
      owned ? releaseBlob : NULL, NULL);
  MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirOperation constant =
      mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)));
  mlirOperationSetAttributeByName(constant, mlirStringRef("value"), w);
  return m;
}

// Runs `exe` once; the number of wrong elements, -1 when it did not run.
static int runWeightModule(DlcExecutable exe) {
  DlcTensor x, y;
  fill(&x, DLC_DTYPE_F32, 256, 256);
  fill(&y, DLC_DTYPE_F32, 256, 256);
  DlcRunOptions run = dlcRunOptionsGetDefault();
  run.errorCallback = print;
  int wrong = -1;
  if (!dlcExecutableIsNull(exe) &&
      mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 1, &x, 1, &y, &run))) {
    wrong = 0;
    for (int i = 0; i < 256 * 256; ++i)
      wrong += ((float *)y.data)[i] != (float)i + (float)(i % 7);
  }
  dlcTensorDestroy(&x);
  dlcTensorDestroy(&y);
  return wrong;
}

// CHECK-LABEL: testOwnedModule
static void testOwnedModule(void) {
  printf("testOwnedModule\n");
  // The executable takes the module and the weight's blob, which the
  // context owns: the blob goes with the executable, not the context.
  MlirContext ctx = createContext();
  float *data = aligned_alloc(64, sizeof(float) * 256 * 256);
  blobsReleased = 0;
  DlcExecutable exe =
      dlcExecutableCreateFromOwnedModule(weightModule(ctx, data, true), mlirStringRef(""), NULL);
  mlirContextDestroy(ctx);
  // CHECK-NEXT: owned: created 1, released with the context 0, 0 wrong, released with the executable 1
  printf("owned: created %d, released with the context %d", !dlcExecutableIsNull(exe),
         blobsReleased);
  printf(", %d wrong", runWeightModule(exe));
  dlcExecutableDestroy(exe);
  printf(", released with the executable %d\n", blobsReleased);

  // A blob that the context only borrows is copied: its owner may reuse it
  // once the executable is created.
  ctx = createContext();
  data = aligned_alloc(64, sizeof(float) * 256 * 256);
  exe = dlcExecutableCreateFromOwnedModule(weightModule(ctx, data, false), mlirStringRef(""), NULL);
  mlirContextDestroy(ctx);
  memset(data, 0xff, sizeof(float) * 256 * 256);
  free(data);
  // CHECK-NEXT: borrowed: created 1, 0 wrong
  printf("borrowed: created %d, %d wrong\n", !dlcExecutableIsNull(exe), runWeightModule(exe));
  dlcExecutableDestroy(exe);

  // On failure the module is destroyed too (LSan checks it); the blob,
  // never taken, goes with the context.
  ctx = createContext();
  data = aligned_alloc(64, sizeof(float) * 256 * 256);
  blobsReleased = 0;
  // CHECK-NEXT: diagnostic: no public function named 'nope' (the module has @main)
  exe = dlcExecutableCreateFromOwnedModule(weightModule(ctx, data, true), mlirStringRef("nope"),
                                           NULL);
  printf("no entry: null %d, released %d", dlcExecutableIsNull(exe), blobsReleased);
  mlirContextDestroy(ctx);
  // CHECK-NEXT: no entry: null 1, released 0, with the context 1
  printf(", with the context %d\n", blobsReleased);

  // A dynamic signature compiles from an owned module too.
  ctx = createContext();
  exe = dlcExecutableCreateFromOwnedModule(load(ctx, "runtime-model.mlir"), mlirStringRef("main"),
                                           NULL);
  // CHECK: owned dynamic: 1
  printf("owned dynamic: %d\n", !dlcExecutableIsNull(exe));
  dlcExecutableDestroy(exe);
  mlirContextDestroy(ctx);
}

// A 3x3 convolution whose 32x16x3x3 weight (w[i] = i % 5 - 2) is the
// dense_resource `w`: lowering repacks it into a layout of its own.
static MlirModule convModule(MlirContext ctx, MlirAttribute w) {
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRef("func.func @main(%x: tensor<1x16x10x10xf32>) -> tensor<1x32x8x8xf32> {\n"
                         "  %w = arith.constant dense<0.0> : tensor<32x16x3x3xf32>\n"
                         "  %y = \"dlc_graph.conv\"(%x, %w) : (tensor<1x16x10x10xf32>, "
                         "tensor<32x16x3x3xf32>) -> tensor<1x32x8x8xf32>\n"
                         "  return %y : tensor<1x32x8x8xf32>\n"
                         "}\n"));
  MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirOperation constant =
      mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)));
  mlirOperationSetAttributeByName(constant, mlirStringRef("value"), w);
  return m;
}

enum { CONV_WEIGHTS = 32 * 16 * 3 * 3 };

// `data` (64-byte aligned) as the weight, freed by releaseBlob when `owned`.
static MlirAttribute convWeight(MlirContext ctx, float *data, bool owned) {
  for (int i = 0; i < CONV_WEIGHTS; ++i)
    data[i] = (float)(i % 5 - 2);
  int64_t shape[] = {32, 16, 3, 3};
  MlirType type = mlirRankedTensorTypeGet(4, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  return mlirUnmanagedDenseResourceElementsAttrGet(type, mlirStringRef("w"), data,
                                                   sizeof(float) * CONV_WEIGHTS, 64, false,
                                                   owned ? releaseBlob : NULL, NULL);
}

// Runs the convolution; its output, which the caller owns.
static DlcTensor runConv(DlcExecutable exe) {
  int64_t xShape[] = {1, 16, 10, 10}, yShape[] = {1, 32, 8, 8};
  DlcTensor x, y;
  dlcTensorCreate(DLC_DTYPE_F32, 4, xShape, &x);
  dlcTensorCreate(DLC_DTYPE_F32, 4, yShape, &y);
  for (int i = 0; i < 16 * 10 * 10; ++i)
    ((float *)x.data)[i] = (float)(i % 11) - 5;
  DlcRunOptions run = dlcRunOptionsGetDefault();
  run.errorCallback = print;
  if (dlcExecutableIsNull(exe) ||
      mlirLogicalResultIsFailure(dlcExecutableRun(exe, 1, &x, 1, &y, &run)))
    memset(y.data, 0xff, (size_t)y.bytes);
  dlcTensorDestroy(&x);
  return y;
}

static bool runPipeline(MlirModule m, const char *pipeline) {
  dlcRegisterAllPasses();
  MlirPassManager pm = mlirPassManagerCreate(mlirModuleGetContext(m));
  bool ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
                mlirPassManagerGetAsOpPassManager(pm), mlirStringRef(pipeline), print, NULL)) &&
            mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)));
  mlirPassManagerDestroy(pm);
  return ok;
}

// A 5x6 @ 6x10 product whose B (b[i] = i) is the dense_resource of `data`,
// freed by releaseBlob: dlc-prepack-constants packs it into tiles.
static MlirModule matmulModule(MlirContext ctx, float *data) {
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRef("func.func @main(%a: tensor<5x6xf32>) -> tensor<5x10xf32> {\n"
                         "  %b = arith.constant dense<0.0> : tensor<6x10xf32>\n"
                         "  %y = \"dlc_graph.matmul\"(%a, %b) : (tensor<5x6xf32>, "
                         "tensor<6x10xf32>) -> tensor<5x10xf32>\n"
                         "  return %y : tensor<5x10xf32>\n"
                         "}\n"));
  for (int i = 0; i < 60; ++i)
    data[i] = (float)i;
  int64_t shape[] = {6, 10};
  MlirType type = mlirRankedTensorTypeGet(2, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  MlirAttribute b = mlirUnmanagedDenseResourceElementsAttrGet(
      type, mlirStringRef("b"), data, sizeof(float) * 60, 64, false, releaseBlob, NULL);
  MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirOperation constant =
      mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)));
  mlirOperationSetAttributeByName(constant, mlirStringRef("value"), b);
  mlirOperationSetAttributeByName(mlirModuleGetOperation(m), mlirStringRef("dlc.sole_module"),
                                  mlirUnitAttrGet(ctx));
  return m;
}

// CHECK-LABEL: testReleaseUnusedWeights
static void testReleaseUnusedWeights(void) {
  printf("testReleaseUnusedWeights\n");
  // The reference: weights copied, nothing released.
  MlirContext ctx = createContext();
  float *data = aligned_alloc(64, sizeof(float) * CONV_WEIGHTS);
  MlirModule m = convModule(ctx, convWeight(ctx, data, false));
  DlcExecutable exe = dlcExecutableCreate(m, mlirStringRef(""), NULL);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  free(data);
  DlcTensor want = runConv(exe);
  dlcExecutableDestroy(exe);

  // Lowering leaves the original weight unused (the code reads its repacked
  // copy); a module that still refers to it keeps it.
  ctx = createContext();
  blobsReleased = 0;
  MlirAttribute w = convWeight(ctx, aligned_alloc(64, sizeof(float) * CONV_WEIGHTS), true);
  MlirModule modules[2] = {convModule(ctx, w), convModule(ctx, w)};
  bool lowered = mlirLogicalResultIsSuccess(dlcModuleLowerToLLVM(modules[0], NULL));
  dlcContextReleaseUnusedWeights(ctx, 2, modules);
  // CHECK-NEXT: lowered 1, still referenced: 0 released
  printf("lowered %d, still referenced: %d released\n", lowered, blobsReleased);
  mlirModuleDestroy(modules[1]);
  intptr_t released = dlcContextReleaseUnusedWeights(ctx, 1, modules);
  // CHECK-NEXT: unreferenced: some 1, 1 released
  printf("unreferenced: some %d, %d released\n", released >= 1, blobsReleased);
  exe = dlcExecutableCreateFromOwnedModule(modules[0], mlirStringRef(""), NULL);
  DlcTensor got = runConv(exe);
  // CHECK-NEXT: run: created 1, same output 1
  printf("run: created %d, same output %d\n", !dlcExecutableIsNull(exe),
         got.bytes == want.bytes && memcmp(got.data, want.data, (size_t)want.bytes) == 0);
  dlcExecutableDestroy(exe);
  mlirContextDestroy(ctx);
  // CHECK-NEXT: with the context: 1 released
  printf("with the context: %d released\n", blobsReleased);
  dlcTensorDestroy(&got);

  // A module its owner marks as the context's only one (`dlc.sole_module`):
  // the pass that repacks the weight frees the old copy when it rewrites
  // its last reader, and the code still runs on the repacked copy.
  ctx = createContext();
  blobsReleased = 0;
  float *soleData = aligned_alloc(64, sizeof(float) * CONV_WEIGHTS);
  MlirModule sole = convModule(ctx, convWeight(ctx, soleData, true));
  mlirOperationSetAttributeByName(mlirModuleGetOperation(sole), mlirStringRef("dlc.sole_module"),
                                  mlirUnitAttrGet(ctx));
  bool repacked = runPipeline(sole, "builtin.module(dlc-graph-to-linalg,dlc-convert-layout)");
  // CHECK-NEXT: sole module: repacked 1, 1 released by dlc-convert-layout
  printf("sole module: repacked %d, %d released by dlc-convert-layout\n", repacked,
         blobsReleased);
  lowered = mlirLogicalResultIsSuccess(dlcModuleLowerToLLVM(sole, NULL));
  // CHECK-NEXT: lowered 1, 1 released in all
  printf("lowered %d, %d released in all\n", lowered, blobsReleased);
  exe = dlcExecutableCreateFromOwnedModule(sole, mlirStringRef(""), NULL);
  got = runConv(exe);
  // CHECK-NEXT: run: created 1, same output 1
  printf("run: created %d, same output %d\n", !dlcExecutableIsNull(exe),
         got.bytes == want.bytes && memcmp(got.data, want.data, (size_t)want.bytes) == 0);
  dlcExecutableDestroy(exe);
  mlirContextDestroy(ctx);
  dlcTensorDestroy(&got);
  dlcTensorDestroy(&want);

  // dlc-prepack-constants frees the weight it packs when it erases its
  // last reader; the scheduled code before it still reads it.
  ctx = createContext();
  blobsReleased = 0;
  MlirModule product = matmulModule(ctx, aligned_alloc(64, sizeof(float) * 64));
  bool scheduled = runPipeline(
      product, "builtin.module(dlc-graph-to-linalg,dlc-codegen{matmul-tiles=4,8,4,4,8})");
  printf("sole product: scheduled %d, %d released", scheduled, blobsReleased);
  bool packed = runPipeline(product, "builtin.module(dlc-prepack-constants)");
  // CHECK-NEXT: sole product: scheduled 1, 0 released, packed 1, 1 released
  printf(", packed %d, %d released\n", packed, blobsReleased);
  mlirModuleDestroy(product);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testStatus
static void testStatus(void) {
  printf("testStatus\n");
  // CHECK-NEXT: 0 success
  // CHECK-NEXT: 1 index out of range
  // CHECK-NEXT: 2 integer division by zero
  // CHECK-NEXT: 3 integer division overflow
  // CHECK-NEXT: 4 out of memory for intermediate buffers
  // CHECK-NEXT: 6 an input value outside what its op accepts
  // CHECK-NEXT: 99 unknown status
  int codes[] = {DlcStatusOk, DlcStatusIndexOutOfRange, DlcStatusDivisionByZero,
                 DlcStatusDivisionOverflow, DlcStatusOutOfMemory, DlcStatusInvalidInput, 99};
  for (int i = 0; i < 7; ++i)
    printf("%d %s\n", codes[i], dlcStatusGetMessage(codes[i]));
  // A run-time error fails the run with a message naming the check.
  MlirContext ctx = createContext();
  const char *lookupText =
      "func.func @lookup(%t: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {\n"
      "  %r = \"dlc_graph.gather\"(%t, %i) : (tensor<4x2xf32>, tensor<2xi64>) "
      "-> tensor<2x2xf32> loc(\"embed\")\n"
      "  return %r : tensor<2x2xf32>\n}";
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRef(lookupText));
  DlcExecutable exe = dlcExecutableCreate(m, mlirStringRef("lookup"), NULL);
  mlirModuleDestroy(m);
  DlcTensor in[2], out;
  int64_t tableShape[] = {4, 2}, idsShape[] = {2};
  dlcTensorCreate(DLC_DTYPE_F32, 2, tableShape, &in[0]);
  dlcTensorCreate(DLC_DTYPE_I64, 1, idsShape, &in[1]);
  int64_t outShape[] = {2, 2};
  dlcTensorCreate(DLC_DTYPE_F32, 2, outShape, &out);
  DlcRunOptions run = dlcRunOptionsGetDefault();
  run.errorCallback = print;
  // CHECK-NEXT: in range: 1
  printf("in range: %d\n", mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 2, in, 1, &out, &run)));
  ((int64_t *)in[1].data)[1] = 4;
  // CHECK-NEXT: @lookup failed: index out of range at 'embed' (status 257)
  // CHECK-NEXT: out of range: 0
  printf("\nout of range: %d\n",
         mlirLogicalResultIsSuccess(dlcExecutableRun(exe, 2, in, 1, &out, &run)));
  // Compiled unchecked, the same run succeeds: index 4 is clamped to row 3.
  DlcCompileOptions unchecked = dlcCompileOptionsGetDefault();
  unchecked.checks = false;
  m = mlirModuleCreateParse(ctx, mlirStringRef(lookupText));
  DlcExecutable fast = dlcExecutableCreate(m, mlirStringRef("lookup"), &unchecked);
  mlirModuleDestroy(m);
  for (int i = 0; i < 8; ++i)
    ((float *)in[0].data)[i] = (float)i;
  // CHECK-NEXT: unchecked: 1, row 3: 6 7
  bool ok = mlirLogicalResultIsSuccess(dlcExecutableRun(fast, 2, in, 1, &out, &run));
  printf("unchecked: %d, row 3: %g %g\n", ok, ((float *)out.data)[2], ((float *)out.data)[3]);
  dlcExecutableDestroy(fast);
  dlcTensorDestroy(&in[0]);
  dlcTensorDestroy(&in[1]);
  dlcTensorDestroy(&out);
  dlcExecutableDestroy(exe);
  mlirContextDestroy(ctx);
}

static void printPiece(MlirStringRef s, void *userData) {
  fwrite(s.data, 1, s.length, (FILE *)userData);
}

// CHECK-LABEL: testProfile
static void testProfile(void) {
  printf("testProfile\n");
  MlirContext ctx = createContext();
  const char *text =
      "func.func @f(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {\n"
      "  %m = \"dlc_graph.matmul\"(%a, %a) : (tensor<64x64xf32>, tensor<64x64xf32>) -> "
      "tensor<64x64xf32> loc(\"mm\")\n"
      "  %r = \"dlc_graph.relu\"(%m) : (tensor<64x64xf32>) -> tensor<64x64xf32> loc(\"act\")\n"
      "  return %r : tensor<64x64xf32>\n}";
  DlcCompileOptions options = dlcCompileOptionsGetDefault();
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRef(text));
  DlcExecutable plain = dlcExecutableCreate(m, mlirStringRef("f"), &options);
  mlirModuleDestroy(m);
  // Code compiled without the option has no profile.
  // CHECK-NEXT: plain: null profile 1
  printf("plain: null profile %d\n", dlcProfileIsNull(dlcProfileCreate(plain)));
  options.profile = true;
  m = mlirModuleCreateParse(ctx, mlirStringRef(text));
  DlcExecutable exe = dlcExecutableCreate(m, mlirStringRef("f"), &options);
  mlirModuleDestroy(m);
  DlcProfile profile = dlcProfileCreate(exe);
  DlcTensor in, out;
  int64_t shape[] = {64, 64};
  dlcTensorCreate(DLC_DTYPE_F32, 2, shape, &in);
  dlcTensorCreate(DLC_DTYPE_F32, 2, shape, &out);
  DlcRunOptions run = dlcRunOptionsGetDefault();
  run.errorCallback = print;
  run.profile = profile;
  for (int i = 0; i < 3; ++i)
    dlcExecutableRun(exe, 1, &in, 1, &out, &run);
  // One row per loop nest, in the order they run: the relu is the
  // matmul's epilogue, computed in its loop nest, and the row names both.
  // CHECK-NEXT: 1 rows, 3 runs
  // CHECK-NEXT: row 0: mm matmul+relu 64x64xf32 flops=524288 nodes=2 act
  printf("%ld rows, %ld runs\n", (long)dlcProfileGetNumRows(profile),
         (long)dlcProfileGetNumRuns(profile));
  for (intptr_t r = 0; r < dlcProfileGetNumRows(profile); ++r) {
    DlcProfileRowInfo info = dlcProfileGetRowInfo(profile, r);
    MlirStringRef last = dlcProfileGetRowNode(profile, r, info.numNodes - 1);
    printf("row %ld: %.*s %.*s %.*s flops=%.0f nodes=%ld %.*s\n", (long)r, (int)info.name.length,
           info.name.data, (int)info.opType.length, info.opType.data, (int)info.shape.length,
           info.shape.data, info.flops, (long)info.numNodes, (int)last.length, last.data);
  }
  // Each run's rows fit in the run.
  // CHECK-NEXT: rows within runs: 1
  bool within = true;
  for (intptr_t k = 0; k < 3; ++k)
    within = within && dlcProfileGetTime(profile, k, 0) > 0 &&
             dlcProfileGetTime(profile, k, 0) <= dlcProfileGetRunTime(profile, k) &&
             dlcProfileGetStart(profile, k, 0) >= 0;
  printf("rows within runs: %d\n", within);
  // CHECK-NEXT: {"displayTimeUnit": "ms", "traceEvents": [
  // CHECK-NEXT: {"name": "mm", "cat": "node", "ph": "X", "pid": 0, "tid": 0, "ts": {{[0-9.]+}}, "dur": {{[0-9.]+}}, "args": {"run": 0, "op": "matmul+relu", "shape": "64x64xf32", "flops": 524288, "fused": ["act"]}},
  dlcProfilePrintTrace(profile, printPiece, stdout);
  // A profile belongs to its executable.
  // CHECK: the profile given to @f was created for another executable
  DlcRunOptions wrong = dlcRunOptionsGetDefault();
  wrong.errorCallback = print;
  m = mlirModuleCreateParse(ctx, mlirStringRef(text));
  DlcExecutable second = dlcExecutableCreate(m, mlirStringRef("f"), &options);
  mlirModuleDestroy(m);
  wrong.profile = profile;
  dlcExecutableRun(second, 1, &in, 1, &out, &wrong);
  printf("\n");
  // CHECK-NEXT: cleared: 0 runs
  dlcProfileClear(profile);
  printf("cleared: %ld runs\n", (long)dlcProfileGetNumRuns(profile));
  dlcProfileDestroy(profile);
  dlcTensorDestroy(&in);
  dlcTensorDestroy(&out);
  dlcExecutableDestroy(second);
  dlcExecutableDestroy(exe);
  dlcExecutableDestroy(plain);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testTarget
static void testTarget(void) {
  printf("testTarget\n");
  MlirContext ctx = createContext();
  MlirModule m = load(ctx, "runtime-model.mlir");
  // CHECK-NEXT: diagnostic: cannot name entry @pair 'a b': not a C identifier
  printf("bad name: %d\n", mlirLogicalResultIsSuccess(dlcModuleRenameEntry(m, mlirStringRef("pair"), mlirStringRef("a b"))));
  // CHECK-NEXT: bad name: 0
  // CHECK-NEXT: diagnostic: cannot rename entry @pair to 'main': the module already has a symbol of that name
  printf("taken: %d\n", mlirLogicalResultIsSuccess(dlcModuleRenameEntry(m, mlirStringRef("pair"), mlirStringRef("main"))));
  // CHECK-NEXT: taken: 0
  // CHECK-NEXT: renamed: 1 1
  MlirLogicalResult renamed = dlcModuleRenameEntry(m, mlirStringRef("pair"), mlirStringRef("twin"));
  printf("renamed: %d %d\n", mlirLogicalResultIsSuccess(renamed),
         !mlirOperationIsNull(dlcModuleLookupEntry(m, mlirStringRef("twin"))));
  // @main is dynamic: drop it so the rest lowers.
  mlirOperationDestroy(dlcModuleLookupEntry(m, mlirStringRef("main")));
  DlcCompileOptions options = dlcCompileOptionsGetDefault();
  // CHECK-NEXT: defaults: optimize 1, codegen fast 1, threads 1, -O2, cc
  printf("defaults: optimize %d, codegen fast %d, threads %lld, -O%d, %s\n", options.optimize,
         options.codegen == DlcCodegenFast, (long long)options.threads, options.optLevel,
         options.linker ? options.linker : "cc");
  // CHECK: target triple = "{{.*}}"
  // CHECK: define {{.*}}i32 @twin(ptr
  // CHECK: llvm ir: 1
  printf("\nllvm ir: %d\n", mlirLogicalResultIsSuccess(dlcModuleTranslateToLLVMIR(m, &options, print, NULL)));
  char path[4096];
  snprintf(path, sizeof path, "%s/twin.h", tmp);
  // CHECK-NEXT: header: 1
  printf("header: %d\n", mlirLogicalResultIsSuccess(dlcModuleEmitCHeader(m, &options, mlirStringRefCreateFromCString(path))));
  snprintf(path, sizeof path, "%s/twin.o", tmp);
  // CHECK-NEXT: object: 1
  printf("object: %d\n", mlirLogicalResultIsSuccess(dlcModuleEmitObjectFile(m, &options, mlirStringRefCreateFromCString(path))));
  snprintf(path, sizeof path, "%s/no/twin.o", tmp);
  // CHECK-NEXT: diagnostic: cannot write '{{.*}}no/twin.o': {{.*}}
  // CHECK-NEXT: no directory: 0
  printf("no directory: %d\n", mlirLogicalResultIsSuccess(dlcModuleEmitObjectFile(m, &options, mlirStringRefCreateFromCString(path))));
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// The rest of the API: dtypes and types, entries by position, lowering
// alone, memory records, shared libraries, atomic file writes.
// CHECK-LABEL: testMore
static void testMore(void) {
  printf("testMore\n");
  // CHECK-NEXT: dtype: uint16 2 bool 1
  printf("dtype: %s %zu %s %zu\n", dlcDTypeName(DLC_DTYPE_U16), dlcDTypeSize(DLC_DTYPE_U16),
         dlcDTypeName(DLC_DTYPE_BOOL), dlcDTypeSize(DLC_DTYPE_BOOL));
  // The half types, added last (DLC_API_VERSION 7).
  // CHECK-NEXT: half: float16 2 bfloat16 2
  printf("half: %s %zu %s %zu\n", dlcDTypeName(DLC_DTYPE_F16), dlcDTypeSize(DLC_DTYPE_F16),
         dlcDTypeName(DLC_DTYPE_BF16), dlcDTypeSize(DLC_DTYPE_BF16));
  // The low-precision types (DLC_API_VERSION 8): a byte each, decoded.
  // CHECK-NEXT: lowp: float8_e4m3fn 1 int4 1 uint2 1
  printf("lowp: %s %zu %s %zu %s %zu\n", dlcDTypeName(DLC_DTYPE_F8E4M3FN),
         dlcDTypeSize(DLC_DTYPE_F8E4M3FN), dlcDTypeName(DLC_DTYPE_I4), dlcDTypeSize(DLC_DTYPE_I4),
         dlcDTypeName(DLC_DTYPE_U2), dlcDTypeSize(DLC_DTYPE_U2));
  // CHECK-NEXT: decode: 448 nan -57344 -0.5 1 -1 3 nan
  printf("decode: %g %g %g %g %g %g %g %g\n", dlcDTypeDecode(DLC_DTYPE_F8E4M3FN, 0x7e),
         dlcDTypeDecode(DLC_DTYPE_F8E4M3FNUZ, 0x80), dlcDTypeDecode(DLC_DTYPE_F8E5M2, 0xfb),
         dlcDTypeDecode(DLC_DTYPE_F4E2M1, 0x9), dlcDTypeDecode(DLC_DTYPE_F8E8M0, 127),
         dlcDTypeDecode(DLC_DTYPE_I4, 0x0f), dlcDTypeDecode(DLC_DTYPE_U2, 3),
         dlcDTypeDecode(DLC_DTYPE_F32, 0));
  MlirContext ctx = createContext();
  DlcTensorType t = {DLC_DTYPE_U16, 2, {DLC_DIM_DYNAMIC, 5}};
  MlirType mlir = dlcTensorTypeToMlirType(ctx, &t);
  // CHECK-NEXT: to mlir: tensor<?x5xui16>
  printf("to mlir: ");
  mlirTypePrint(mlir, print, NULL);
  DlcTensorType back;
  // CHECK-NEXT: back: 1 uint16[?, 5]
  printf("\nback: %d ", mlirLogicalResultIsSuccess(dlcTensorTypeFromMlirType(mlir, &back)));
  printType(&back);
  // CHECK-NEXT: memref: 1, unranked: 0, f8E3M4: 0
  printf("memref: %d, unranked: %d, f8E3M4: %d\n",
         mlirLogicalResultIsSuccess(dlcTensorTypeFromMlirType(
             mlirTypeParseGet(ctx, mlirStringRef("memref<2xf32>")), &back)),
         mlirLogicalResultIsSuccess(dlcTensorTypeFromMlirType(
             mlirTypeParseGet(ctx, mlirStringRef("tensor<*xf32>")), &back)),
         mlirLogicalResultIsSuccess(dlcTensorTypeFromMlirType(
             mlirTypeParseGet(ctx, mlirStringRef("tensor<2xf8E3M4>")), &back)));
  // CHECK-NEXT: f16: 1 float16[2], bf16: 1 bfloat16[2]
  printf("f16: %d ", mlirLogicalResultIsSuccess(dlcTensorTypeFromMlirType(
                         mlirTypeParseGet(ctx, mlirStringRef("tensor<2xf16>")), &back)));
  dlcTensorTypePrint(&back, print, NULL);
  printf(", bf16: %d ", mlirLogicalResultIsSuccess(dlcTensorTypeFromMlirType(
                            mlirTypeParseGet(ctx, mlirStringRef("tensor<2xbf16>")), &back)));
  printType(&back);
  int64_t shape[] = {4, 0};
  DlcTensor empty;
  dlcTensorCreate(DLC_DTYPE_F32, 2, shape, &empty);
  // CHECK-NEXT: elements: 0
  printf("elements: %lld\n", (long long)dlcTensorNumElements(&empty));
  dlcTensorDestroy(&empty);

  MlirModule m = load(ctx, "runtime-model.mlir");
  // CHECK-NEXT: entries: 2 @main @pair null 1
  intptr_t n = dlcModuleGetNumEntries(m);
  printf("entries: %ld", (long)n);
  for (intptr_t i = 0; i < n; ++i) {
    MlirStringRef name = dlcEntryGetName(dlcModuleGetEntry(m, i));
    printf(" @%.*s", (int)name.length, name.data);
  }
  printf(" null %d\n", mlirOperationIsNull(dlcModuleGetEntry(m, n)));
  mlirOperationDestroy(dlcModuleLookupEntry(m, mlirStringRef("main")));
  // Lowering alone, then a JIT of what is LLVM already.
  DlcCompileOptions options = dlcCompileOptionsGetDefault();
  // CHECK-NEXT: lowered: 1 llvm.func
  printf("lowered: %d ", mlirLogicalResultIsSuccess(dlcModuleLowerToLLVM(m, &options)));
  MlirOperation entry = dlcModuleGetEntry(m, 0);
  MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(entry));
  printf("%.*s\n", (int)kind.length, kind.data);
  DlcExecutable exe = dlcExecutableCreate(m, mlirStringRef("pair"), &options);
  int64_t planned = -1, unplanned = -1;
  // @pair returns its input twice: nothing temporary to plan.
  // CHECK-NEXT: memory: 1 planned 0 unplanned 0
  bool recorded = dlcExecutableGetIntermediateBytes(exe, &planned, &unplanned);
  printf("memory: %d planned %lld unplanned %lld\n", recorded, (long long)planned,
         (long long)unplanned);
  dlcExecutableDestroy(exe);
  char path[4096];
  snprintf(path, sizeof path, "%s/libpair.so", tmp);
  // CHECK-NEXT: shared: 1
  printf("shared: %d\n", mlirLogicalResultIsSuccess(dlcModuleEmitSharedLibrary(
                             m, &options, mlirStringRefCreateFromCString(path))));
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);

  snprintf(path, sizeof path, "%s/written.txt", tmp);
  // CHECK-NEXT: written: 1 hello
  bool written = mlirLogicalResultIsSuccess(
      dlcFileWriteAtomically(mlirStringRef(path), "hello", 5, print, NULL));
  FILE *f = fopen(path, "rb");
  char text[8] = {0};
  size_t got = f ? fread(text, 1, 5, f) : 0;
  if (f)
    fclose(f);
  printf("written: %d %.*s\n", written, (int)got, text);
  snprintf(path, sizeof path, "%s/no/written.txt", tmp);
  // CHECK-NEXT: cannot write '{{.*}}no/written.txt': No such file or directory
  // CHECK-NEXT: no directory: 0
  written = mlirLogicalResultIsSuccess(
      dlcFileWriteAtomically(mlirStringRef(path), "hello", 5, print, NULL));
  printf("\nno directory: %d\n", written);
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  inputs = argv[1];
  tmp = argv[2];
  testTensor();
  testTensorList();
  testEntries();
  testParse();
  testExecutable();
  testWeights();
  testOwnedModule();
  testReleaseUnusedWeights();
  testStatus();
  testProfile();
  testTarget();
  testMore();
  return 0;
}
