// RUN: dlc-concurrent-capi-test | FileCheck %s
//
// One executable called from several threads at once (dlc-c/Runtime.h:
// dlcExecutableRun): each call has an arena of its own, while the arena a
// call leaves behind is reused by the next (dlc-cache-arenas). Every
// thread's results must be the ones a lone call computes.

#include "dlc-c/Dialects.h"
#include "dlc-c/Runtime.h"

#include "mlir-c/IR.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum { N = 256, THREADS = 4, CALLS = 100 };

// (x x) x + x: the square is an intermediate, in the entry's arena.
static const char model[] =
    "func.func @main(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {\n"
    "  %s = \"dlc_graph.matmul\"(%x, %x) : (tensor<256x256xf32>, tensor<256x256xf32>)"
    " -> tensor<256x256xf32>\n"
    "  %c = \"dlc_graph.matmul\"(%s, %x) : (tensor<256x256xf32>, tensor<256x256xf32>)"
    " -> tensor<256x256xf32>\n"
    "  %y = \"dlc_graph.add\"(%c, %x) : (tensor<256x256xf32>, tensor<256x256xf32>)"
    " -> tensor<256x256xf32>\n"
    "  return %y : tensor<256x256xf32>\n"
    "}\n";

typedef struct Worker {
  DlcExecutable exe;
  DlcTensor x, expected;
  int mismatches, failures;
} Worker;

static void fillInput(DlcTensor *x, int seed) {
  int64_t shape[2] = {N, N};
  dlcTensorCreate(DLC_DTYPE_F32, 2, shape, x);
  float *d = x->data;
  for (int i = 0; i < N * N; ++i)
    d[i] = (float)((i * 7 + seed * 13) % 11) / 16.0f - 0.3f;
}

static void *work(void *arg) {
  Worker *w = arg;
  DlcTensor y;
  int64_t shape[2] = {N, N};
  dlcTensorCreate(DLC_DTYPE_F32, 2, shape, &y);
  for (int i = 0; i < CALLS; ++i) {
    memset(y.data, 0, sizeof(float) * N * N);
    if (!mlirLogicalResultIsSuccess(dlcExecutableRun(w->exe, 1, &w->x, 1, &y, NULL)))
      ++w->failures;
    else if (memcmp(y.data, w->expected.data, sizeof(float) * N * N))
      ++w->mismatches;
  }
  dlcTensorDestroy(&y);
  return NULL;
}

int main(void) {
  MlirContext ctx = dlcContextCreate();
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(model));
  DlcExecutable exe = dlcExecutableCreate(m, mlirStringRefCreateFromCString("main"), NULL);
  mlirModuleDestroy(m);
  // CHECK: compiled: 1
  printf("compiled: %d\n", !dlcExecutableIsNull(exe));
  Worker workers[THREADS];
  for (int t = 0; t < THREADS; ++t) {
    workers[t] = (Worker){exe, {0}, {0}, 0, 0};
    fillInput(&workers[t].x, t);
    int64_t shape[2] = {N, N};
    dlcTensorCreate(DLC_DTYPE_F32, 2, shape, &workers[t].expected);
    dlcExecutableRun(exe, 1, &workers[t].x, 1, &workers[t].expected, NULL);
  }
  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; ++t)
    pthread_create(&threads[t], NULL, work, &workers[t]);
  int mismatches = 0, failures = 0;
  for (int t = 0; t < THREADS; ++t) {
    pthread_join(threads[t], NULL);
    mismatches += workers[t].mismatches;
    failures += workers[t].failures;
    dlcTensorDestroy(&workers[t].x);
    dlcTensorDestroy(&workers[t].expected);
  }
  // The threads' inputs differ: a call reading another's arena would show.
  // CHECK-NEXT: 4 threads x 100 calls: 0 failed, 0 mismatched
  printf("%d threads x %d calls: %d failed, %d mismatched\n", THREADS, CALLS, failures, mismatches);
  dlcExecutableDestroy(exe);
  mlirContextDestroy(ctx);
  return 0;
}
