//===- WindowGeometry.c - Sizes and pads of convolutions and pools -*- C -*-===//
//
// Follows ONNX v1.22: Conv / MaxPool / AveragePool (auto_pad, ceil_mode with
// "windows that would start in the end padding are ignored") and
// ConvTranspose (output_shape and SAME_* pads split as in ONNX's reference,
// with floor halves, so a negative total padding extends the output).
//
//===----------------------------------------------------------------------===//

#include "Dialect/Graph/WindowGeometry.h"
#include "Dialect/OpDef.h"
#include "Support/Diag.h"
#include "Support/IR.h"

#include <stdint.h>
#include <string.h>

typedef enum { NOTSET, SAME_UPPER, SAME_LOWER, VALID } AutoPad;

static const char *const autoPadNames[] = {"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"};

static int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }
static int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// Window attributes and spatial sizes are at most this, so that the
// geometry's products and sums of them stay far from int64 overflow.
#define DLC_MAX_WINDOW_VALUE INT32_MAX

// Reads an optional per-spatial-dim attribute: absent -> `dflt` everywhere.
static bool readSpatial(MlirOperation op, const char *name, int64_t n, int64_t dflt, int64_t min,
                        bool emit, int64_t *out) {
  int64_t values[DLC_MAX_SPATIAL];
  int64_t got = dlcOpInts(op, name, values, DLC_MAX_SPATIAL);
  if (got < 0) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = dflt;
    return true;
  }
  if (got != n) {
    if (emit)
      dlcEmitOpError(op, "attribute '%s' must have %lld entries (one per spatial dim), but has "
                         "%lld", name, (long long)n, (long long)got);
    return false;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (values[i] < min || values[i] > DLC_MAX_WINDOW_VALUE) {
      if (emit)
        dlcEmitOpError(op, "attribute '%s' entries must be in [%lld, %lld], but one is %lld", name,
                       (long long)min, (long long)DLC_MAX_WINDOW_VALUE, (long long)values[i]);
      return false;
    }
    out[i] = values[i];
  }
  return true;
}

// The kernel: `kernel_shape` when given (checked against the weight), else
// the weight's spatial dims.
static bool readKernel(MlirOperation op, const DlcShape *input, const DlcShape *weight, bool emit,
                       DlcWindowGeometry *g) {
  int64_t n = g->numSpatial;
  if (weight && weight->rank != input->rank) {
    if (emit)
      dlcEmitOpError(op, "weight must have the input's rank %lld, but has rank %lld",
                     (long long)input->rank, (long long)weight->rank);
    return false;
  }
  if (!dlcOpHasAttr(op, "kernel_shape")) {
    for (int64_t i = 0; i < n; ++i)
      g->kernel[i] = weight ? weight->dims[2 + i] : 1;
    return true;
  }
  if (!readSpatial(op, "kernel_shape", n, 1, 1, emit, g->kernel))
    return false;
  for (int64_t i = 0; weight && i < n; ++i) {
    int64_t w = weight->dims[2 + i];
    if (w != DLC_DYN && w != g->kernel[i]) {
      if (emit)
        dlcEmitOpError(op, "attribute 'kernel_shape' (%lld in dim %lld) does not match the "
                           "weight (%lld)",
                       (long long)g->kernel[i], (long long)i, (long long)w);
      return false;
    }
  }
  return true;
}

// Reads auto_pad and the explicit pads into g->padBegin / g->padEnd.
static bool readPads(MlirOperation op, bool emit, DlcWindowGeometry *g, AutoPad *mode) {
  int64_t n = g->numSpatial;
  MlirStringRef autoPad = dlcOpString(op, "auto_pad");
  int found = -1;
  for (int i = 0; i < 4; ++i)
    if (mlirStringRefEqual(autoPad, mlirStringRefCreateFromCString(autoPadNames[i])))
      found = i;
  if (found < 0) {
    if (emit)
      dlcEmitOpError(op, "attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, "
                         "but is \"%.*s\"",
                     (int)autoPad.length, autoPad.data);
    return false;
  }
  *mode = (AutoPad)found;
  int64_t pads[2 * DLC_MAX_SPATIAL];
  int64_t numPads = dlcOpInts(op, "pads", pads, 2 * DLC_MAX_SPATIAL);
  if (numPads < 0)
    return true;
  if (numPads != 2 * n) {
    if (emit)
      dlcEmitOpError(op, "attribute 'pads' must have %lld entries (begins, then ends), but has "
                         "%lld", (long long)(2 * n), (long long)numPads);
    return false;
  }
  for (int64_t i = 0; i < 2 * n; ++i) {
    if (pads[i] < 0 || pads[i] > DLC_MAX_WINDOW_VALUE) {
      if (emit)
        dlcEmitOpError(op, "attribute 'pads' entries must be in [0, %lld], but one is %lld",
                       (long long)DLC_MAX_WINDOW_VALUE, (long long)pads[i]);
      return false;
    }
    // ONNX forbids explicit pads with automatic padding; zeros are harmless.
    if (pads[i] != 0 && *mode != NOTSET) {
      if (emit)
        dlcEmitOpError(op, "attribute 'pads' cannot be combined with auto_pad \"%s\"",
                       autoPadNames[*mode]);
      return false;
    }
  }
  for (int64_t i = 0; i < n; ++i) {
    g->padBegin[i] = pads[i];
    g->padEnd[i] = pads[n + i];
  }
  return true;
}

// Splits a total padding with floor halves (Python's //, as in ONNX's
// reference): the odd element goes to the end when `oddAtEnd`.
static void splitPad(int64_t total, bool oddAtEnd, int64_t *begin, int64_t *end) {
  int64_t half = floorDiv(total, 2);
  *begin = oddAtEnd ? half : total - half;
  *end = total - *begin;
}

static bool transposeGeometry(MlirOperation op, AutoPad mode, bool emit, DlcWindowGeometry *g) {
  int64_t n = g->numSpatial;
  if (!readSpatial(op, "output_padding", n, 0, 0, emit, g->outputPadding))
    return false;
  int64_t shape[DLC_MAX_SPATIAL];
  bool hasShape = dlcOpHasAttr(op, "output_shape");
  if (hasShape && !readSpatial(op, "output_shape", n, 1, 1, emit, shape))
    return false;
  bool same = mode == SAME_UPPER || mode == SAME_LOWER;
  for (int64_t i = 0; i < n; ++i) {
    int64_t s = g->strides[i], d = g->dilations[i], in = g->input[i], k = g->kernel[i];
    if (g->outputPadding[i] >= s && g->outputPadding[i] >= d) {
      if (emit)
        dlcEmitOpError(op, "attribute 'output_padding' entries must be smaller than the stride "
                           "or the dilation");
      return false;
    }
    if (in == DLC_DYN || k == DLC_DYN) {
      g->output[i] = hasShape ? shape[i] : DLC_DYN;
      g->padsKnown = g->padsKnown && !hasShape && !same;
      continue;
    }
    int64_t full = s * (in - 1) + g->outputPadding[i] + (k - 1) * d + 1;
    // output_shape overrides pads; SAME_* aims at input * stride.
    int64_t target = hasShape ? shape[i] : same ? in * s : DLC_DYN;
    if (target != DLC_DYN) {
      splitPad(full - target, mode == SAME_UPPER, &g->padBegin[i], &g->padEnd[i]);
      g->output[i] = target;
      continue;
    }
    g->output[i] = full - g->padBegin[i] - g->padEnd[i];
    if (g->output[i] < 1) {
      if (emit)
        dlcEmitOpError(op, "pads (%lld, %lld) leave no output in spatial dim %lld (full size %lld)",
                       (long long)g->padBegin[i], (long long)g->padEnd[i], (long long)i,
                       (long long)full);
      return false;
    }
  }
  return true;
}

static bool windowGeometry(MlirOperation op, AutoPad mode, bool ceil, bool emit,
                           DlcWindowGeometry *g) {
  bool same = mode == SAME_UPPER || mode == SAME_LOWER;
  for (int64_t i = 0; i < g->numSpatial; ++i) {
    int64_t d = g->input[i], k = g->kernel[i], s = g->strides[i];
    if (d == DLC_DYN || k == DLC_DYN) {
      g->output[i] = DLC_DYN;
      g->padsKnown = g->padsKnown && !same && !ceil;
      continue;
    }
    int64_t span = (k - 1) * g->dilations[i] + 1;
    if (same) {
      // output = ceil(d / s); the pads make the last window end at the input's end or later.
      int64_t out = ceilDiv(d, s);
      int64_t total = (out - 1) * s + span - d;
      splitPad(total > 0 ? total : 0, mode == SAME_UPPER, &g->padBegin[i], &g->padEnd[i]);
      g->output[i] = out;
      continue;
    }
    int64_t padded = d + g->padBegin[i] + g->padEnd[i];
    if (padded < span) {
      if (emit)
        dlcEmitOpError(op, "window of %lld (dilated) is larger than spatial dim %lld (%lld with "
                           "padding)",
                       (long long)span, (long long)i, (long long)padded);
      return false;
    }
    int64_t out = (ceil ? ceilDiv(padded - span, s) : (padded - span) / s) + 1;
    // In ceil mode the last window must start inside the input or its
    // begin padding, never in the end padding.
    if (ceil && (out - 1) * s >= d + g->padBegin[i])
      --out;
    g->output[i] = out;
    int64_t needed = (out - 1) * s + span;
    g->ceilExtra[i] = needed > padded ? needed - padded : 0;
  }
  return true;
}

bool dlcWindowGeometry(MlirOperation op, const DlcShape *input, const DlcShape *weight, bool emit,
                       DlcWindowGeometry *g) {
  memset(g, 0, sizeof *g);
  int64_t n = input->rank - 2;
  if (n < 1 || n > DLC_MAX_SPATIAL) {
    if (emit)
      dlcEmitOpError(op, "input must be N x C x D1 .. Dn with 1 to 3 spatial dims, but has rank "
                         "%lld", (long long)input->rank);
    return false;
  }
  g->numSpatial = n;
  for (int64_t i = 0; i < n; ++i) {
    g->input[i] = input->dims[2 + i];
    int64_t w = weight && weight->rank == input->rank ? weight->dims[2 + i] : 0;
    if (g->input[i] > DLC_MAX_WINDOW_VALUE || w > DLC_MAX_WINDOW_VALUE) {
      if (emit)
        dlcEmitOpError(op, "spatial dim %lld of the %s (%lld) is above %lld", (long long)i,
                       w > DLC_MAX_WINDOW_VALUE ? "weight" : "input",
                       (long long)(w > DLC_MAX_WINDOW_VALUE ? w : g->input[i]),
                       (long long)DLC_MAX_WINDOW_VALUE);
      return false;
    }
  }
  AutoPad mode;
  if (!readKernel(op, input, weight, emit, g) ||
      !readSpatial(op, "strides", n, 1, 1, emit, g->strides) ||
      !readSpatial(op, "dilations", n, 1, 1, emit, g->dilations) || !readPads(op, emit, g, &mode))
    return false;
  if (mode == VALID) {
    for (int64_t i = 0; i < n; ++i)
      g->padBegin[i] = g->padEnd[i] = 0;
  }
  g->padsKnown = true;
  if (dlcIsOp(op, "dlc_graph.conv_transpose"))
    return transposeGeometry(op, mode, emit, g);
  bool pool = dlcIsOp(op, "dlc_graph.max_pool") || dlcIsOp(op, "dlc_graph.avg_pool");
  return windowGeometry(op, mode, pool && dlcOpBool(op, "ceil_mode"), emit, g);
}
