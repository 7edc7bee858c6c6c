/* tiny_cnn_main.c - calls the tiny CNN compiled ahead of time by DLC.
 *
 *   dlc-translate --emit-shared examples/tiny_cnn/model.onnx -o OUT/libtiny_cnn.so
 *   cc -I OUT examples/tiny_cnn_main.c OUT/libtiny_cnn.so -o OUT/tiny_cnn
 *   OUT/tiny_cnn examples/tiny_cnn/input_0.f32 examples/tiny_cnn/output_0.f32
 *
 * libtiny_cnn.h (written next to the library) declares
 * `int tiny_cnn(const float *in0, float *out0)` and the shapes. The files
 * are raw little-endian float32, as make_tiny_cnn.py writes them. Prints
 * the class probabilities, whether they match the reference, and the mean
 * time of a call. Exit status: 0 match, 1 mismatch, 2 error.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include "libtiny_cnn.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

static int readFloats(const char *path, float *out, size_t count) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 0;
  }
  size_t got = fread(out, sizeof(float), count, f);
  int extra = fgetc(f) != EOF;
  fclose(f);
  if (got != count || extra) {
    fprintf(stderr, "%s: expected %zu float32 values\n", path, count);
    return 0;
  }
  return 1;
}

static double seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  static float x[TINY_CNN_IN0_NUMEL], y[TINY_CNN_OUT0_NUMEL], want[TINY_CNN_OUT0_NUMEL];
  if (argc != 3) {
    fprintf(stderr, "usage: %s INPUT.f32 EXPECTED.f32\n", argv[0]);
    return 2;
  }
  if (!readFloats(argv[1], x, TINY_CNN_IN0_NUMEL) || !readFloats(argv[2], want, TINY_CNN_OUT0_NUMEL))
    return 2;
  if (tiny_cnn(x, y) != 0) {
    fprintf(stderr, "tiny_cnn failed\n");
    return 2;
  }
  int best = 0, match = 1;
  double maxErr = 0;
  printf("probabilities:");
  for (int i = 0; i < TINY_CNN_OUT0_NUMEL; ++i) {
    double err = fabs((double)y[i] - want[i]);
    printf(" %.4f", y[i]);
    best = y[i] > y[best] ? i : best;
    maxErr = err > maxErr ? err : maxErr;
    match &= err <= 1e-4 + 1e-3 * fabs(want[i]);
  }
  printf("\nclass %d; %s the reference (max abs err %.3g)\n", best,
         match ? "matches" : "DOES NOT MATCH", maxErr);
  enum { RUNS = 1000 };
  double start = seconds();
  for (int r = 0; r < RUNS; ++r)
    tiny_cnn(x, y);
  printf("latency: %.4g ms per call (mean of %d)\n", (seconds() - start) * 1e3 / RUNS, RUNS);
  return match ? 0 : 1;
}
