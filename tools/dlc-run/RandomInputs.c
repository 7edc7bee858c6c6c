//===- RandomInputs.c - dlc-run --random-inputs -----------------*- C -*-===//

#include "RandomInputs.h"

#include "Compare.h"
#include "TestData.h"
#include "Text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// splitmix64: a small, well-mixed generator, the same on every machine.
static uint64_t nextRandom(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static void fill(DlcTensor *t, uint64_t seed, int64_t bound) {
  int64_t n = dlcTensorNumElements(t);
  uint64_t state = seed;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t r = nextRandom(&state);
    double unit = (double)(r >> 11) * 0x1.0p-53; // [0, 1)
    int64_t k = (int64_t)(r % (uint64_t)bound);
    switch (t->dtype) {
    case DLC_DTYPE_F32: ((float *)t->data)[i] = (float)(2 * unit - 1); break;
    case DLC_DTYPE_F64: ((double *)t->data)[i] = 2 * unit - 1; break;
    case DLC_DTYPE_I8: ((int8_t *)t->data)[i] = (int8_t)k; break;
    case DLC_DTYPE_I16: ((int16_t *)t->data)[i] = (int16_t)k; break;
    case DLC_DTYPE_I32: ((int32_t *)t->data)[i] = (int32_t)k; break;
    case DLC_DTYPE_I64: ((int64_t *)t->data)[i] = k; break;
    case DLC_DTYPE_U8: ((uint8_t *)t->data)[i] = (uint8_t)k; break;
    case DLC_DTYPE_U16: ((uint16_t *)t->data)[i] = (uint16_t)k; break;
    case DLC_DTYPE_U32: ((uint32_t *)t->data)[i] = (uint32_t)k; break;
    case DLC_DTYPE_U64: ((uint64_t *)t->data)[i] = (uint64_t)k; break;
    case DLC_DTYPE_BOOL: ((uint8_t *)t->data)[i] = (uint8_t)(r & 1); break;
    case DLC_DTYPE_F16: ((_Float16 *)t->data)[i] = (_Float16)(2 * unit - 1); break;
    case DLC_DTYPE_BF16: {
      // Truncating the float to its top half: a value in [-1, 1) all the same.
      float v = (float)(2 * unit - 1);
      uint32_t bits;
      memcpy(&bits, &v, 4);
      ((uint16_t *)t->data)[i] = (uint16_t)(bits >> 16);
      break;
    }
    default: {
      // The low-precision types: any code of their width, its sign bit
      // clear for the float8 ones (whose codes then stay below the NaNs
      // but for e4m3fn's 0x7f, e5m2's 0x7d-0x7f and e8m0's 0xff).
      unsigned bits = t->dtype == DLC_DTYPE_I2 || t->dtype == DLC_DTYPE_U2 ? 2
                      : t->dtype >= DLC_DTYPE_F4E2M1                     ? 4
                                                                         : 7;
      ((uint8_t *)t->data)[i] = (uint8_t)(r & ((1u << bits) - 1));
      break;
    }
    }
  }
}

// The largest value an integer dtype holds, as a bound.
static int64_t dtypeBound(DlcDType d) {
  switch (d) {
  case DLC_DTYPE_I8: return INT8_MAX;
  case DLC_DTYPE_U8: return UINT8_MAX;
  case DLC_DTYPE_I16: return INT16_MAX;
  case DLC_DTYPE_U16: return UINT16_MAX;
  case DLC_DTYPE_I32: return INT32_MAX;
  default: return INT64_MAX;
  }
}

bool dlcRunRandomInputs(const DlcRunArgs *o, MlirOperation entry, const DlcSignature *sig,
                        DlcTensor *out) {
  for (intptr_t i = 0; i < sig->numInputs; ++i) {
    DlcTensorType type = sig->inputs[i];
    MlirStringRef name = dlcRunArgumentName(entry, i);
    Text label = TEXT_INIT;
    textPrintf(&label, "input %ld", (long)i);
    if (name.length)
      textPrintf(&label, " '%.*s'", (int)name.length, name.data);
    if (!dlcTensorTypeIsStatic(&type)) {
      Text want = TEXT_INIT;
      dlcTensorTypePrint(&type, textCallback, &want);
      fprintf(stderr, "%s: %s is %s: give its dims with --input-shape %.*s%s=DIMS\n", dlcRunTool,
              textGet(&label), textGet(&want), (int)name.length, name.data,
              name.length ? "" : strchr(textGet(&label), ' ') + 1);
      textFree(&want);
      textFree(&label);
      return false;
    }
    if (mlirLogicalResultIsFailure(dlcTensorCreate(type.dtype, type.rank, type.shape, &out[i]))) {
      fprintf(stderr, "%s: cannot allocate %s\n", dlcRunTool, textGet(&label));
      textFree(&label);
      return false;
    }
    bool isFloat = type.dtype == DLC_DTYPE_F32 || type.dtype == DLC_DTYPE_F64 ||
                   type.dtype == DLC_DTYPE_F16 || type.dtype == DLC_DTYPE_BF16 ||
                   type.dtype >= DLC_DTYPE_F8E4M3FN;
    int64_t bound = 2;
    const char *why = "";
    if (type.dtype != DLC_DTYPE_BOOL && !isFloat) {
      bound = 10;
      int64_t rows;
      if (dlcEntryGetInputIndexBound(entry, i, &rows) && rows > 0) {
        bound = rows < dtypeBound(type.dtype) ? rows : dtypeBound(type.dtype);
        why = " (gather indices)";
      }
    }
    fill(&out[i], (uint64_t)o->randomSeed * 0x100000001b3u + (uint64_t)i, bound);
    Text line = TEXT_INIT;
    textPrintf(&line, "random %s: ", textGet(&label));
    dlcAppendTensorType(&line, &out[i]);
    if (isFloat)
      textPuts(&line, " in [-1, 1)");
    else
      textPrintf(&line, " in [0, %lld)%s", (long long)bound, why);
    textPrintf(&line, " seed=%llu", (unsigned long long)o->randomSeed);
    printf("%s\n", textGet(&line));
    textFree(&line);
    textFree(&label);
  }
  return true;
}
