//===- GraphPipeline.c - fuzz-graph-pipeline --------------------*- C -*-===//
//
// Bytes as a recipe for a small valid dlc_graph function (one op per byte,
// over a 1x4x6x6 image and a 4x4x3x3 weight): elementwise ops, binary ops
// on earlier values, convolutions, pools, softmax, transposes. It is
// compiled by DLC's fast pipeline and by the naive one, both JIT-run on the
// same inputs, and the outputs must agree: a difference is a miscompile
// (a crash in either is a bug of its own).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "dlc-c/Runtime.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define IMAGE "tensor<1x4x6x6xf32>"
#define MAX_OPS 12

typedef struct Text {
  char data[16384];
  size_t len;
} Text;

static void add(Text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(t->data + t->len, sizeof t->data - t->len, fmt, ap);
  va_end(ap);
  if (n > 0 && t->len + (size_t)n < sizeof t->data)
    t->len += (size_t)n;
}

// The function for `recipe`: %v0 is the image, %w the weight, %vK the
// K-th op's result; it returns the last.
static void buildFunction(const uint8_t *recipe, size_t size, Text *t) {
  static const char *const unary[] = {"relu", "neg", "sigmoid", "tanh"};
  static const char *const binary[] = {"add", "mul", "sub"};
  add(t, "func.func @main(%%v0: %s, %%w: tensor<4x4x3x3xf32>) -> %s {\n", IMAGE, IMAGE);
  int n = 1;
  for (size_t i = 0; i < size && i < MAX_OPS; ++i, ++n) {
    int op = recipe[i] % 10, other = (recipe[i] / 10) % n, prev = n - 1;
    add(t, "  %%v%d = ", n);
    if (op < 4)
      add(t, "\"dlc_graph.%s\"(%%v%d) : (%s) -> %s\n", unary[op], prev, IMAGE, IMAGE);
    else if (op < 7)
      add(t, "\"dlc_graph.%s\"(%%v%d, %%v%d) : (%s, %s) -> %s\n", binary[op - 4], prev, other,
          IMAGE, IMAGE, IMAGE);
    else if (op == 7)
      add(t, "\"dlc_graph.conv\"(%%v%d, %%w) {pads = array<i64: 1, 1, 1, 1>} : (%s, "
             "tensor<4x4x3x3xf32>) -> %s\n", prev, IMAGE, IMAGE);
    else if (op == 8)
      add(t, "\"dlc_graph.%s\"(%%v%d) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, "
             "1, 1>} : (%s) -> %s\n", recipe[i] & 16 ? "max_pool" : "avg_pool", prev, IMAGE, IMAGE);
    else if (recipe[i] & 16)
      add(t, "\"dlc_graph.softmax\"(%%v%d) {axis = 1 : i64} : (%s) -> %s\n", prev, IMAGE, IMAGE);
    else
      add(t, "\"dlc_graph.transpose\"(%%v%d) {perm = array<i64: 0, 1, 3, 2>} : (%s) -> %s\n",
          prev, IMAGE, IMAGE);
  }
  add(t, "  return %%v%d : %s\n}\n", n - 1, IMAGE);
}

// Compiles and runs the function with `codegen`, writing `out`.
static void compileAndRun(const Text *t, DlcCodegen codegen, DlcTensor *in, DlcTensor *out) {
  MlirContext ctx = dlcFuzzContext();
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreate(t->data, t->len));
  DlcCompileOptions options = dlcCompileOptionsGetDefault();
  options.codegen = codegen;
  options.threads = 1;
  DlcExecutable exe = mlirModuleIsNull(module)
                          ? (DlcExecutable){NULL}
                          : dlcExecutableCreate(module, mlirStringRefCreate("main", 4), &options);
  // A valid function that either pipeline cannot compile or run is a bug.
  if (dlcExecutableIsNull(exe) ||
      mlirLogicalResultIsFailure(dlcExecutableRun(exe, 2, in, 1, out, NULL))) {
    fprintf(stderr, "fuzz-graph-pipeline: %s codegen failed on:\n%s",
            codegen == DlcCodegenFast ? "fast" : "naive", t->data);
    abort();
  }
  dlcExecutableDestroy(exe);
  mlirModuleDestroy(module);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Text *t = calloc(1, sizeof *t);
  if (!t)
    abort();
  buildFunction(data, size, t);
  int64_t image[] = {1, 4, 6, 6}, weight[] = {4, 4, 3, 3};
  DlcTensor in[2], fast, naive;
  if (mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_F32, 4, image, &in[0])) ||
      mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_F32, 4, weight, &in[1])) ||
      mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_F32, 4, image, &fast)) ||
      mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_F32, 4, image, &naive)))
    abort();
  for (int64_t i = 0; i < 144; ++i)
    ((float *)in[0].data)[i] = (float)sin(0.7 * (double)i);
  for (int64_t i = 0; i < 144; ++i)
    ((float *)in[1].data)[i] = 0.2f * (float)cos(1.3 * (double)i);
  compileAndRun(t, DlcCodegenFast, in, &fast);
  compileAndRun(t, DlcCodegenNaive, in, &naive);
  for (int64_t i = 0; i < 144; ++i) {
    float a = ((float *)fast.data)[i], b = ((float *)naive.data)[i];
    bool same = (isnan(a) && isnan(b)) || a == b || fabsf(a - b) <= 1e-3f * fmaxf(1, fabsf(b));
    if (!same) {
      fprintf(stderr, "fuzz-graph-pipeline: element %lld is %g (fast), %g (naive) in:\n%s",
              (long long)i, a, b, t->data);
      abort();
    }
  }
  dlcTensorDestroy(&in[0]);
  dlcTensorDestroy(&in[1]);
  dlcTensorDestroy(&fast);
  dlcTensorDestroy(&naive);
  free(t);
  return 0;
}
