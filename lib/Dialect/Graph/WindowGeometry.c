//===- WindowGeometry.c - Sizes and pads of convolutions and pools -*- C -*-===//

#include "Dialect/Graph/WindowGeometry.h"
#include "Dialect/OpDef.h"
#include "Support/Diag.h"

#include <string.h>

typedef enum { NOTSET, SAME_UPPER, SAME_LOWER, VALID } AutoPad;

static bool isOp(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString(name));
}

// Reads an optional per-spatial-dim attribute: absent -> `dflt` everywhere.
static bool readSpatial(MlirOperation op, const char *name, int64_t n, int64_t dflt, int64_t min,
                        bool emit, int64_t *out) {
  int64_t values[2 * DLC_MAX_SPATIAL + 2];
  int64_t got = dlcOpInts(op, name, values, 2 * DLC_MAX_SPATIAL + 2);
  if (got < 0) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = dflt;
    return true;
  }
  if (got != n) {
    if (emit)
      dlcEmitOpError(op, "attribute '%s' must have %lld entries (one per spatial dim), but has %lld",
                     name, (long long)n, (long long)got);
    return false;
  }
  for (int64_t i = 0; i < n; ++i) {
    if (values[i] < min) {
      if (emit)
        dlcEmitOpError(op, "attribute '%s' entries must be >= %lld", name, (long long)min);
      return false;
    }
    out[i] = values[i];
  }
  return true;
}

static int64_t ceilDiv(int64_t a, int64_t b) { return a >= 0 ? (a + b - 1) / b : -((-a) / b); }
static int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

bool dlcWindowGeometry(MlirOperation op, const DlcShape *input, const DlcShape *weight, bool emit,
                       DlcWindowGeometry *g) {
  memset(g, 0, sizeof *g);
  bool transpose = isOp(op, "dlc_graph.conv_transpose");
  bool pool = isOp(op, "dlc_graph.max_pool") || isOp(op, "dlc_graph.avg_pool");
  int64_t n = input->rank - 2;
  if (n < 1 || n > DLC_MAX_SPATIAL) {
    if (emit)
      dlcEmitOpError(op, "input must be N x C x D1 .. Dn with 1 to 3 spatial dims, but has rank %lld",
                     (long long)input->rank);
    return false;
  }
  g->numSpatial = n;
  for (int64_t i = 0; i < n; ++i)
    g->input[i] = input->dims[2 + i];

  // Kernel: the attribute, checked against the weight when there is one.
  int64_t fromWeight[DLC_MAX_SPATIAL];
  if (weight) {
    if (weight->rank != input->rank) {
      if (emit)
        dlcEmitOpError(op, "weight must have the input's rank %lld, but has rank %lld",
                       (long long)input->rank, (long long)weight->rank);
      return false;
    }
    for (int64_t i = 0; i < n; ++i)
      fromWeight[i] = weight->dims[2 + i];
  }
  if (dlcOpHasAttr(op, "kernel_shape")) {
    if (!readSpatial(op, "kernel_shape", n, 1, 1, emit, g->kernel))
      return false;
    for (int64_t i = 0; weight && i < n; ++i) {
      if (fromWeight[i] != DLC_DYN && fromWeight[i] != g->kernel[i]) {
        if (emit)
          dlcEmitOpError(op, "attribute 'kernel_shape' (%lld in dim %lld) does not match the "
                             "weight (%lld)",
                         (long long)g->kernel[i], (long long)i, (long long)fromWeight[i]);
        return false;
      }
    }
  } else {
    for (int64_t i = 0; i < n; ++i)
      g->kernel[i] = weight ? fromWeight[i] : 1;
  }
  if (!readSpatial(op, "strides", n, 1, 1, emit, g->strides) ||
      !readSpatial(op, "dilations", n, 1, 1, emit, g->dilations))
    return false;

  MlirStringRef autoPad = dlcOpString(op, "auto_pad");
  static const char *const modes[] = {"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"};
  int mode = -1;
  for (int i = 0; i < 4; ++i)
    if (mlirStringRefEqual(autoPad, mlirStringRefCreateFromCString(modes[i])))
      mode = i;
  if (mode < 0) {
    if (emit)
      dlcEmitOpError(op, "attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, "
                         "but is \"%.*s\"",
                     (int)autoPad.length, autoPad.data);
    return false;
  }
  int64_t pads[2 * DLC_MAX_SPATIAL];
  int64_t numPads = dlcOpInts(op, "pads", pads, 2 * DLC_MAX_SPATIAL);
  if (numPads >= 0 && numPads != 2 * n) {
    if (emit)
      dlcEmitOpError(op, "attribute 'pads' must have %lld entries (begins, then ends), but has %lld",
                     (long long)(2 * n), (long long)numPads);
    return false;
  }
  if (numPads >= 0 && mode != NOTSET) {
    // ONNX forbids explicit pads with automatic padding; zeros are harmless.
    for (int64_t i = 0; i < 2 * n; ++i) {
      if (pads[i] != 0) {
        if (emit)
          dlcEmitOpError(op, "attribute 'pads' cannot be combined with auto_pad \"%s\"", modes[mode]);
        return false;
      }
    }
  }
  for (int64_t i = 0; i < n; ++i) {
    g->padBegin[i] = numPads >= 0 ? pads[i] : 0;
    g->padEnd[i] = numPads >= 0 ? pads[n + i] : 0;
    if (g->padBegin[i] < 0 || g->padEnd[i] < 0) {
      if (emit)
        dlcEmitOpError(op, "attribute 'pads' entries must be >= 0");
      return false;
    }
  }
  bool ceil = pool && dlcOpBool(op, "ceil_mode");
  g->padsKnown = true;

  if (transpose) {
    if (!readSpatial(op, "output_padding", n, 0, 0, emit, g->outputPadding))
      return false;
    int64_t shape[DLC_MAX_SPATIAL];
    bool hasShape = dlcOpHasAttr(op, "output_shape");
    if (hasShape) {
      int64_t got = dlcOpInts(op, "output_shape", shape, DLC_MAX_SPATIAL);
      if (got != n) {
        if (emit)
          dlcEmitOpError(op, "attribute 'output_shape' must have %lld entries (spatial dims)",
                         (long long)n);
        return false;
      }
    }
    for (int64_t i = 0; i < n; ++i) {
      if (g->outputPadding[i] >= g->strides[i] && g->outputPadding[i] >= g->dilations[i]) {
        if (emit)
          dlcEmitOpError(op, "attribute 'output_padding' entries must be smaller than the stride "
                             "or the dilation");
        return false;
      }
      int64_t span = (g->kernel[i] - 1) * g->dilations[i] + 1;
      if (g->input[i] == DLC_DYN || g->kernel[i] == DLC_DYN) {
        g->output[i] = hasShape ? shape[i] : DLC_DYN;
        g->padsKnown = g->padsKnown && !hasShape && (mode == NOTSET || mode == VALID);
        continue;
      }
      int64_t full = g->strides[i] * (g->input[i] - 1) + g->outputPadding[i] + span;
      int64_t target = hasShape ? shape[i]
                       : (mode == SAME_UPPER || mode == SAME_LOWER) ? g->input[i] * g->strides[i]
                                                                    : DLC_DYN;
      if (target != DLC_DYN) {
        int64_t total = full - target;
        if (total < 0) {
          if (emit)
            dlcEmitOpError(op, "output size %lld in spatial dim %lld is larger than the full "
                               "transposed convolution (%lld)",
                           (long long)target, (long long)i, (long long)full);
          return false;
        }
        if (mode == SAME_UPPER) {
          g->padBegin[i] = total / 2;
          g->padEnd[i] = total - total / 2;
        } else {
          g->padBegin[i] = total - total / 2;
          g->padEnd[i] = total / 2;
        }
        g->output[i] = target;
      } else {
        if (mode == VALID)
          g->padBegin[i] = g->padEnd[i] = 0;
        g->output[i] = full - g->padBegin[i] - g->padEnd[i];
        if (g->output[i] < 0) {
          if (emit)
            dlcEmitOpError(op, "pads remove more than the whole output in spatial dim %lld",
                           (long long)i);
          return false;
        }
      }
    }
    return true;
  }

  for (int64_t i = 0; i < n; ++i) {
    int64_t d = g->input[i], k = g->kernel[i], s = g->strides[i];
    if (d == DLC_DYN || k == DLC_DYN) {
      g->output[i] = DLC_DYN;
      if (mode == SAME_UPPER || mode == SAME_LOWER)
        g->padsKnown = false;
      continue;
    }
    int64_t span = (k - 1) * g->dilations[i] + 1;
    if (mode == SAME_UPPER || mode == SAME_LOWER) {
      int64_t out = ceilDiv(d, s);
      int64_t total = (out - 1) * s + span - d;
      if (total < 0)
        total = 0;
      g->padBegin[i] = mode == SAME_UPPER ? total / 2 : total - total / 2;
      g->padEnd[i] = total - g->padBegin[i];
      g->output[i] = out;
      continue;
    }
    if (mode == VALID)
      g->padBegin[i] = g->padEnd[i] = 0;
    int64_t padded = d + g->padBegin[i] + g->padEnd[i];
    if (padded < span) {
      if (emit)
        dlcEmitOpError(op, "window of %lld (dilated) is larger than spatial dim %lld (%lld with "
                           "padding)",
                       (long long)span, (long long)i, (long long)padded);
      return false;
    }
    int64_t out = (ceil ? ceilDiv(padded - span, s) : floorDiv(padded - span, s)) + 1;
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
