//===- Pool.c - Poolings to dlc_tensor.pool and reduce ----------*- C -*-===//
//
// max_pool pads with the element type's lowest value (the ceil-mode extra
// too) and takes a "max" pool; its indices, offsets into the padded input,
// are mapped back to offsets into the real input. avg_pool divides a
// "sum" pool of the zero-padded input by how many elements each window
// counts: sum-pooling a ones tensor padded like the input (ones in the pads
// with count_include_pad, zeros otherwise, zeros in the ceil-mode extra),
// or the plain window size when every window is full. global_avg_pool is
// a sum reduction divided by the number of spatial elements.
//
// Pad amounts come from WindowGeometry, as the result shapes did.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/Graph/WindowGeometry.h"
#include "Dialect/OpDef.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinTypes.h"

static MlirValue divBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return dlcScalarBinary(b, DLC_DIV, e[0], a[0], a[1]);
}

// `v` reshaped to the declared type of result `i` where that is less
// static than what the decomposition computed.
static MlirValue asResult(DlcRewriter *rw, MlirValue v, int i) {
  return dlcReshape(rw, v, mlirValueGetType(dlcOpResult(rw->op, i)));
}

// Pads the spatial dims of `x` with the 0-d `value`: `begin` before,
// `end` after; returns x when there is nothing to add.
static MlirValue padSpatial(DlcRewriter *rw, MlirValue x, MlirValue value, int64_t n,
                            const int64_t *begin, const int64_t *end) {
  int64_t low[DLC_MAX_RANK] = {0}, high[DLC_MAX_RANK] = {0};
  bool any = false;
  for (int64_t i = 0; i < n; ++i) {
    low[2 + i] = begin[i];
    high[2 + i] = end[i];
    any |= begin[i] || end[i];
  }
  return any ? dlcPad(rw, x, value, low, high, NULL) : x;
}

static bool poolGeometry(DlcRewriter *rw, DlcWindowGeometry *g) {
  DlcShape x = dlcShapeOfValue(dlcOpOperand(rw->op, 0));
  return dlcWindowGeometry(rw->op, &x, NULL, false, g) && g->padsKnown;
}

//===----------------------------------------------------------------------===//
// max_pool
//===----------------------------------------------------------------------===//

// What an indices body needs; all of it is encoded in the body's name.
typedef struct IndexMap {
  int64_t n;
  int64_t padded[DLC_MAX_SPATIAL]; ///< spatial dims of the pool input
  int64_t begin[DLC_MAX_SPATIAL];  ///< begin pads
  int64_t dilations[DLC_MAX_SPATIAL];
  int64_t input[DLC_MAX_SPATIAL]; ///< spatial dims of the real input
  bool columnMajor;
} IndexMap;

// Flat offset into the padded N x C x P.. input -> flat offset into the
// real N x C x D.. input, spatial dims linearized row- or column-major.
static MlirValue indexBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                           const void *data) {
  (void)r;
  const IndexMap *m = data;
  MlirType t = e[0];
  MlirValue rest = a[0], pos[DLC_MAX_SPATIAL];
  for (int64_t i = m->n - 1; i >= 0; --i) {
    MlirValue size = dlcScalarConst(b, t, (double)m->padded[i]);
    MlirValue quot = dlcScalarBinary(b, DLC_DIV, t, rest, size);
    pos[i] = dlcScalarBinary(b, DLC_SUB, t, rest, dlcScalarBinary(b, DLC_MUL, t, quot, size));
    rest = quot; // n * C + c
  }
  for (int64_t i = 0; i < m->n; ++i) {
    if (!m->begin[i])
      continue;
    // A first maximum in the begin padding means the window holds only the
    // lowest value; ONNX then reports the window's first real element: the
    // first position on the dilation lattice at or after the pad.
    MlirValue d = dlcScalarConst(b, t, (double)m->dilations[i]);
    MlirValue beginPad = dlcScalarConst(b, t, (double)m->begin[i]);
    MlirValue gap = dlcScalarBinary(b, DLC_SUB, t, beginPad, pos[i]);
    MlirValue dMinus1 = dlcScalarConst(b, t, (double)(m->dilations[i] - 1));
    MlirValue steps =
        dlcScalarBinary(b, DLC_DIV, t, dlcScalarBinary(b, DLC_ADD, t, gap, dMinus1), d);
    steps = dlcScalarBinary(b, DLC_MAX, t, steps, dlcScalarConst(b, t, 0));
    pos[i] = dlcScalarBinary(b, DLC_ADD, t, pos[i], dlcScalarBinary(b, DLC_MUL, t, steps, d));
    pos[i] = dlcScalarBinary(b, DLC_SUB, t, pos[i], beginPad);
  }
  MlirValue flat = rest;
  for (int64_t k = 0; k < m->n; ++k) {
    int64_t i = m->columnMajor ? m->n - 1 - k : k;
    flat = dlcScalarBinary(b, DLC_MUL, t, flat, dlcScalarConst(b, t, (double)m->input[i]));
    flat = dlcScalarBinary(b, DLC_ADD, t, flat, pos[i]);
  }
  return flat;
}

static void appendDims(DlcStr *s, const char *what, const int64_t *v, int64_t n) {
  dlcStrPrintf(s, "_%s", what);
  for (int64_t i = 0; i < n; ++i)
    dlcStrPrintf(s, i ? "x%lld" : "%lld", (long long)v[i]);
}

// Converts the pool's indices (into `pooled`, the padded input) to ONNX's.
static MlirValue realIndices(DlcRewriter *rw, MlirValue indices, MlirValue pooled,
                             const DlcWindowGeometry *g, bool columnMajor) {
  DlcShape p = dlcShapeOfValue(pooled);
  IndexMap m = {.n = g->numSpatial, .columnMajor = columnMajor};
  bool moved = columnMajor;
  for (int64_t i = 0; i < m.n; ++i) {
    m.padded[i] = p.dims[2 + i];
    m.begin[i] = g->padBegin[i];
    m.dilations[i] = g->dilations[i];
    m.input[i] = g->input[i];
    moved |= m.padded[i] != m.input[i];
  }
  if (!moved)
    return indices;
  DlcStr name = DLC_STR_INIT;
  dlcStrPuts(&name, "max_pool_indices");
  appendDims(&name, "in", m.input, m.n);
  appendDims(&name, "padded", m.padded, m.n);
  appendDims(&name, "begin", m.begin, m.n);
  appendDims(&name, "dil", m.dilations, m.n);
  if (columnMajor)
    dlcStrPuts(&name, "_colmajor");
  MlirValue out =
      dlcMap(rw, dlcStrGet(&name), 1, &indices, mlirValueGetType(indices), indexBody, &m);
  dlcStrFree(&name);
  return out;
}

static MlirLogicalResult lowerMaxPool(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  DlcWindowGeometry g;
  if (!poolGeometry(rw, &g))
    return dlcLoweringUnsupported(rw, "pads depend on a dynamic spatial dim");
  bool wantIndices = !mlirValueIsNull(dlcOpResult(rw->op, 1));
  bool columnMajor = dlcOpInt(rw->op, "storage_order") == 1;
  for (int64_t i = 0; wantIndices && i < g.numSpatial; ++i)
    if (g.input[i] == DLC_DYN)
      return dlcLoweringUnsupported(rw, "indices of a dynamic spatial dim");
  int64_t end[DLC_MAX_SPATIAL];
  for (int64_t i = 0; i < g.numSpatial; ++i)
    end[i] = g.padEnd[i] + g.ceilExtra[i];
  MlirType elt = dlcEltOfValue(x);
  MlirValue lowest = dlcScalarTensor(rw, elt, dlcEltLowest(elt));
  MlirValue pooled = padSpatial(rw, x, lowest, g.numSpatial, g.padBegin, end);
  MlirValue indices = {NULL};
  MlirValue y = dlcPool(rw, pooled, "max", g.numSpatial, g.kernel, g.strides, g.dilations,
                        wantIndices ? &indices : NULL);
  MlirValue results[2] = {asResult(rw, y, 0), {NULL}};
  if (wantIndices)
    results[1] = asResult(rw, realIndices(rw, indices, pooled, &g, columnMajor), 1);
  dlcReplaceOp(rw, wantIndices ? 2 : 1, results);
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// avg_pool
//===----------------------------------------------------------------------===//

// How many elements each window counts: 1 x 1 x O.. from sum-pooling ones.
static MlirValue windowCounts(DlcRewriter *rw, const DlcWindowGeometry *g, MlirType elt,
                              bool includePad) {
  int64_t n = g->numSpatial, zeros[DLC_MAX_SPATIAL] = {0};
  DlcShape s = {.rank = n + 2, .dims = {1, 1}};
  for (int64_t i = 0; i < n; ++i)
    s.dims[2 + i] = g->input[i];
  MlirValue ones = dlcConstTensor(rw, dlcSplatAttr(dlcTensorType(&s, elt), 1.0));
  MlirValue zero = dlcScalarTensor(rw, elt, 0);
  if (includePad) {
    ones = padSpatial(rw, ones, dlcScalarTensor(rw, elt, 1), n, g->padBegin, g->padEnd);
    ones = padSpatial(rw, ones, zero, n, zeros, g->ceilExtra);
  } else {
    int64_t end[DLC_MAX_SPATIAL];
    for (int64_t i = 0; i < n; ++i)
      end[i] = g->padEnd[i] + g->ceilExtra[i];
    ones = padSpatial(rw, ones, zero, n, g->padBegin, end);
  }
  return dlcPool(rw, ones, "sum", n, g->kernel, g->strides, g->dilations, NULL);
}

static MlirLogicalResult lowerAvgPool(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  DlcWindowGeometry g;
  if (!poolGeometry(rw, &g))
    return dlcLoweringUnsupported(rw, "pads depend on a dynamic spatial dim");
  bool includePad = dlcOpBool(rw->op, "count_include_pad");
  bool padded = false, extra = false, dynamic = false;
  int64_t end[DLC_MAX_SPATIAL], windowSize = 1;
  for (int64_t i = 0; i < g.numSpatial; ++i) {
    end[i] = g.padEnd[i] + g.ceilExtra[i];
    padded |= g.padBegin[i] || g.padEnd[i];
    extra |= g.ceilExtra[i] != 0;
    dynamic |= g.input[i] == DLC_DYN;
    windowSize *= g.kernel[i];
  }
  // Only pads that do not count and the ceil-mode extra make windows differ.
  bool varying = extra || (padded && !includePad);
  if (varying && dynamic)
    return dlcLoweringUnsupported(rw, "uncounted padding of a dynamic spatial dim");
  MlirType elt = dlcEltOfValue(x);
  MlirValue zero = dlcScalarTensor(rw, elt, 0);
  MlirValue sum = dlcPool(rw, padSpatial(rw, x, zero, g.numSpatial, g.padBegin, end), "sum",
                          g.numSpatial, g.kernel, g.strides, g.dilations, NULL);
  MlirValue in[2] = {sum, varying ? windowCounts(rw, &g, elt, includePad)
                                  : dlcScalarTensor(rw, elt, (double)windowSize)};
  MlirValue y = asResult(rw, dlcMap(rw, "div", 2, in, mlirValueGetType(sum), divBody, NULL), 0);
  dlcReplaceOp(rw, 1, &y);
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// global_avg_pool
//===----------------------------------------------------------------------===//

static MlirLogicalResult lowerGlobalAvgPool(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  DlcShape s = dlcShapeOfValue(x);
  int64_t dims[DLC_MAX_RANK], count = 1;
  for (int64_t i = 2; i < s.rank; ++i) {
    if (s.dims[i] == DLC_DYN)
      return dlcLoweringUnsupported(rw, "a dynamic spatial dim");
    dims[i - 2] = i;
    count *= s.dims[i];
  }
  MlirValue sum = dlcReduce(rw, x, "sum", s.rank - 2, dims);
  MlirValue in[2] = {sum, dlcScalarTensor(rw, dlcEltOfValue(x), (double)count)};
  MlirValue mean = dlcMap(rw, "div", 2, in, mlirValueGetType(sum), divBody, NULL);
  MlirValue y = dlcReshape(rw, mean, mlirValueGetType(dlcOpResult(rw->op, 0)));
  dlcReplaceOp(rw, 1, &y);
  return mlirLogicalResultSuccess();
}

const DlcLowering dlcPoolLowerings[] = {
    {"dlc_graph.max_pool", lowerMaxPool},
    {"dlc_graph.avg_pool", lowerAvgPool},
    {"dlc_graph.global_avg_pool", lowerGlobalAvgPool},
};
const size_t dlcNumPoolLowerings = sizeof dlcPoolLowerings / sizeof *dlcPoolLowerings;
