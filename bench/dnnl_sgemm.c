/* Time oneDNN's sgemm on C = A * B (row-major, f32, no transposes).
 *
 *   dnnl_sgemm M K N ITERS [WARMUP]   prints "min_ms median_ms" over ITERS runs
 *   dnnl_sgemm --version              prints oneDNN's version and CPU runtime
 *
 * One process per measurement round: the benchmark driver interleaves rounds
 * of every system, so this program stays stateless. Threads come from
 * OMP_NUM_THREADS (Debian's libdnnl uses the OpenMP runtime); the driver sets
 * it. The warm-up runs let oneDNN JIT its kernels and touch the buffers
 * before anything is timed.
 */
#define _POSIX_C_SOURCE 199309L
#include <oneapi/dnnl/dnnl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static float *random_matrix(long rows, long cols) {
  float *m = malloc(sizeof(float) * (size_t)rows * (size_t)cols);
  if (!m) {
    fprintf(stderr, "dnnl_sgemm: out of memory\n");
    exit(2);
  }
  for (long i = 0; i < rows * cols; ++i)
    m[i] = (float)rand() / (float)RAND_MAX - 0.5f;
  return m;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--version") == 0) {
    const dnnl_version_t *v = dnnl_version();
    const char *rt = v->cpu_runtime == DNNL_RUNTIME_OMP   ? "OpenMP"
                     : v->cpu_runtime == DNNL_RUNTIME_TBB ? "TBB"
                     : v->cpu_runtime == DNNL_RUNTIME_SEQ ? "sequential"
                                                          : "other";
    printf("oneDNN %d.%d.%d (%s runtime)\n", v->major, v->minor, v->patch, rt);
    return 0;
  }
  if (argc < 5) {
    fprintf(stderr, "usage: dnnl_sgemm M K N ITERS [WARMUP] | --version\n");
    return 2;
  }
  long M = atol(argv[1]), K = atol(argv[2]), N = atol(argv[3]);
  int iters = atoi(argv[4]);
  int warmup = argc > 5 ? atoi(argv[5]) : 2;
  if (M <= 0 || K <= 0 || N <= 0 || iters <= 0 || warmup < 0) {
    fprintf(stderr, "dnnl_sgemm: bad arguments\n");
    return 2;
  }
  float *A = random_matrix(M, K), *B = random_matrix(K, N);
  float *C = calloc((size_t)M * (size_t)N, sizeof(float));
  double *times = malloc(sizeof(double) * (size_t)iters);
  if (!C || !times) {
    fprintf(stderr, "dnnl_sgemm: out of memory\n");
    return 2;
  }
  for (int i = 0; i < warmup + iters; ++i) {
    double t0 = now_ms();
    /* Row-major: lda = K, ldb = N, ldc = N. */
    dnnl_status_t st =
        dnnl_sgemm('N', 'N', M, N, K, 1.0f, A, K, B, N, 0.0f, C, N);
    double t1 = now_ms();
    if (st != dnnl_success) {
      fprintf(stderr, "dnnl_sgemm: status %d\n", (int)st);
      return 2;
    }
    if (i >= warmup)
      times[i - warmup] = t1 - t0;
  }
  qsort(times, (size_t)iters, sizeof(double), cmp_double);
  double median = iters % 2 ? times[iters / 2]
                            : 0.5 * (times[iters / 2 - 1] + times[iters / 2]);
  /* Print C[0] too so the compiler cannot drop the work and a reader can
   * sanity-check the result. */
  printf("%.6f %.6f %g\n", times[0], median, (double)C[0]);
  free(A);
  free(B);
  free(C);
  free(times);
  return 0;
}
