// A C program calling a model compiled ahead of time, through the header
// dlc-translate writes: linked with the object file, then with the shared
// library, and nothing else but libm. Its results are checked against NumPy.
//
// RUN: rm -rf %t && mkdir -p %t/obj %t/so
// RUN: %python %S/Inputs/aot.py inputs %t/obj
// RUN: dlc-translate --emit-obj %S/Inputs/aot-model.mlir -o %t/obj/net.o
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%t/obj -DDLC_HEADER='"net.h"' %s %t/obj/net.o -lm -o %t/obj/aot
// RUN: %t/obj/aot %t/obj | FileCheck %s --check-prefix=STATUS
// RUN: %python %S/Inputs/aot.py check %t/obj | FileCheck %s
//
// RUN: %python %S/Inputs/aot.py inputs %t/so
// RUN: dlc-translate --emit-shared %S/Inputs/aot-model.mlir -o %t/so/libnet.so
// RUN: %cc -std=c11 -Wall -Wextra -Werror -I%t/so -DDLC_HEADER='"libnet.h"' %s -L%t/so -lnet -Wl,-rpath,%t/so -o %t/so/aot
// RUN: %t/so/aot %t/so | FileCheck %s --check-prefix=STATUS
// RUN: %python %S/Inputs/aot.py check %t/so | FileCheck %s
//
// STATUS: net returned 0
// CHECK: out0: max_abs_err {{.*}} ok
// CHECK: out1: ok

#include DLC_HEADER

#include <stdio.h>
#include <string.h>

// The header's macros describe the signature at compile time.
_Static_assert(NET_NUM_INPUTS == 1 && NET_NUM_OUTPUTS == 2, "one input, two outputs");
_Static_assert(NET_IN0_RANK == 2 && NET_IN0_DIM0 == 3 && NET_IN0_DIM1 == 4, "x is 3x4");
_Static_assert(NET_OUT0_NUMEL == 6 && NET_OUT1_NUMEL == 6, "results are 3x2");

static NET_IN0_CTYPE in0[NET_IN0_NUMEL];
static NET_OUT0_CTYPE out0[NET_OUT0_NUMEL];
static NET_OUT1_CTYPE out1[NET_OUT1_NUMEL];

static FILE *openIn(const char *dir, const char *name, const char *mode) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, mode);
  if (!f)
    perror(path);
  return f;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *f = openIn(argv[1], "in0.bin", "rb");
  if (!f || fread(in0, sizeof in0, 1, f) != 1)
    return 2;
  fclose(f);
  int status = net(in0, out0, out1);
  printf("net returned %d\n", status);
  f = openIn(argv[1], "out0.bin", "wb");
  if (!f || fwrite(out0, sizeof out0, 1, f) != 1)
    return 2;
  fclose(f);
  f = openIn(argv[1], "out1.bin", "wb");
  if (!f || fwrite(out1, sizeof out1, 1, f) != 1)
    return 2;
  fclose(f);
  return status;
}
