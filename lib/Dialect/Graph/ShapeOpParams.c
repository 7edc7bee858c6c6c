//===- ShapeOpParams.c - Normalized attributes of shape ops -----*- C -*-===//

#include "Dialect/Graph/ShapeOpParams.h"
#include "Dialect/OpDef.h"
#include "Support/Diag.h"
#include "Support/Str.h"

// Reads an i64 array attribute of at most `cap` entries into `out`; -1 when
// absent. Fails (with an error) when it has more entries than `cap`.
static bool readInts(MlirOperation op, const char *attr, int64_t *out, int64_t cap, int64_t *n) {
  *n = dlcOpInts(op, attr, out, cap);
  if (*n <= cap)
    return true;
  dlcEmitOpError(op, "attribute '%s' has %lld entries; at most %lld are supported", attr,
                 (long long)*n, (long long)cap);
  return false;
}

// readInts for an attribute the op table marks required; the verifier
// reports its absence first, this only keeps unverified IR from crashing.
static bool readRequired(MlirOperation op, const char *attr, int64_t *out, int64_t cap,
                         int64_t *n) {
  if (!readInts(op, attr, out, cap, n))
    return false;
  if (*n >= 0)
    return true;
  dlcEmitOpError(op, "requires attribute '%s'", attr);
  return false;
}

static int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

// The product of dims: 0 if one is 0 (whatever the others), else DLC_DYN
// if one is dynamic.
static int64_t product(const int64_t *dims, int64_t n) {
  int64_t p = 1;
  bool dynamic = false;
  for (int64_t i = 0; i < n; ++i) {
    if (dims[i] == 0)
      return 0;
    if (dims[i] == DLC_DYN)
      dynamic = true;
    else
      p *= dims[i];
  }
  return dynamic ? DLC_DYN : p;
}

bool dlcShapeOpAxes(MlirOperation op, const char *attr, int64_t n, const int64_t *axes,
                    int64_t rank, int64_t *out) {
  bool seen[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < n; ++i) {
    int64_t a = axes[i];
    if (!dlcNormalizeAxis(&a, rank)) {
      dlcEmitOpError(op, "attribute '%s' entry %lld is %lld, out of range [-%lld, %lld)", attr,
                     (long long)i, (long long)axes[i], (long long)rank, (long long)rank);
      return false;
    }
    if (seen[a]) {
      dlcEmitOpError(op, "attribute '%s' names dim %lld twice", attr, (long long)a);
      return false;
    }
    seen[a] = true;
    out[i] = a;
  }
  return true;
}

bool dlcShapeOpAxis(MlirOperation op, const char *attr, int64_t rank, bool inclusive,
                    int64_t *axis) {
  int64_t a = dlcOpInt(op, attr), hi = inclusive ? rank : rank - 1;
  if (hi < 0) {
    dlcEmitOpError(op, "attribute '%s' (%lld) names a dim, but the input is 0-d", attr,
                   (long long)a);
    return false;
  }
  if (a < -rank || a > hi) {
    dlcEmitOpError(op, "attribute '%s' (%lld) must be in [-%lld, %lld%s", attr, (long long)a,
                   (long long)rank, (long long)rank, inclusive ? "]" : ")");
    return false;
  }
  *axis = a < 0 ? a + rank : a;
  return true;
}

// Dims as "[2, ?, 3]".
static void appendDims(DlcStr *s, const DlcShape *shape) {
  dlcStrPuts(s, "[");
  for (int64_t i = 0; i < shape->rank; ++i) {
    if (i)
      dlcStrPuts(s, ", ");
    if (shape->dims[i] == DLC_DYN)
      dlcStrPuts(s, "?");
    else
      dlcStrPrintf(s, "%lld", (long long)shape->dims[i]);
  }
  dlcStrPuts(s, "]");
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

bool dlcReshapeTarget(MlirOperation op, const DlcShape *input, DlcShape *out) {
  int64_t shape[DLC_MAX_RANK], n;
  if (!readRequired(op, "shape", shape, DLC_MAX_RANK, &n))
    return false;
  bool allowZero = dlcOpBool(op, "allowzero");
  int64_t inferred = -1;
  bool copied[DLC_MAX_RANK] = {0}, hasZero = false;
  out->rank = n;
  for (int64_t i = 0; i < n; ++i) {
    out->dims[i] = shape[i];
    if (shape[i] < -1) {
      dlcEmitOpError(op, "attribute 'shape' entries must be >= -1, but entry %lld is %lld",
                     (long long)i, (long long)shape[i]);
      return false;
    }
    if (shape[i] == -1) {
      if (inferred >= 0) {
        dlcEmitOpError(op, "attribute 'shape' has more than one -1 (entries %lld and %lld)",
                       (long long)inferred, (long long)i);
        return false;
      }
      inferred = i;
    } else if (shape[i] == 0 && allowZero) {
      hasZero = true;
    } else if (shape[i] == 0) {
      if (i >= input->rank) {
        dlcEmitOpError(op, "attribute 'shape' entry %lld is 0 (copy the input dim), but the input "
                           "has rank %lld", (long long)i, (long long)input->rank);
        return false;
      }
      copied[i] = true;
      out->dims[i] = input->dims[i];
    }
  }
  if (hasZero && inferred >= 0) {
    dlcEmitOpError(op, "attribute 'shape' cannot have both 0 and -1 when 'allowzero' is set");
    return false;
  }
  // Copied dims are on both sides of the element count: leave them out, so
  // that a copied dynamic dim does not hide the size of the -1.
  int64_t inDims[DLC_MAX_RANK], outDims[DLC_MAX_RANK], ni = 0, no = 0;
  bool zeroCopied = false;
  for (int64_t i = 0; i < input->rank; ++i) {
    if (i < n && copied[i])
      zeroCopied |= input->dims[i] == 0;
    else
      inDims[ni++] = input->dims[i];
  }
  for (int64_t i = 0; i < n; ++i)
    if (!copied[i] && i != inferred)
      outDims[no++] = out->dims[i];
  int64_t inCount = zeroCopied ? 0 : product(inDims, ni), outCount = product(outDims, no);
  if (inferred >= 0) {
    if (outCount == 0 || zeroCopied) {
      dlcEmitOpError(op, "cannot infer the -1 of attribute 'shape': the other dims have no "
                         "elements");
      return false;
    }
    if (inCount == DLC_DYN || outCount == DLC_DYN) {
      out->dims[inferred] = DLC_DYN;
      return true;
    }
    if (inCount % outCount == 0) {
      out->dims[inferred] = inCount / outCount;
      return true;
    }
  } else if (zeroCopied || inCount == DLC_DYN || outCount == DLC_DYN || inCount == outCount) {
    return true;
  }
  DlcStr from = DLC_STR_INIT, to = DLC_STR_INIT;
  appendDims(&from, input);
  dlcStrAppendInts(&to, shape, n);
  dlcEmitOpError(op, "cannot reshape dims %s to shape %s: the element counts differ",
                 dlcStrGet(&from), dlcStrGet(&to));
  dlcStrFree(&from);
  dlcStrFree(&to);
  return false;
}

//===----------------------------------------------------------------------===//
// flatten, transpose, squeeze, unsqueeze
//===----------------------------------------------------------------------===//

bool dlcFlattenShape(MlirOperation op, const DlcShape *input, DlcShape *out) {
  int64_t axis;
  if (!dlcShapeOpAxis(op, "axis", input->rank, true, &axis))
    return false;
  out->rank = 2;
  out->dims[0] = product(input->dims, axis);
  out->dims[1] = product(input->dims + axis, input->rank - axis);
  return true;
}

bool dlcTransposePerm(MlirOperation op, int64_t rank, int64_t *perm) {
  if (!dlcOpHasAttr(op, "perm")) {
    for (int64_t i = 0; i < rank; ++i)
      perm[i] = rank - 1 - i;
    return true;
  }
  int64_t n;
  if (!readInts(op, "perm", perm, DLC_MAX_RANK, &n))
    return false;
  if (n != rank) {
    dlcEmitOpError(op, "attribute 'perm' must have %lld entries (the input rank), but has %lld",
                   (long long)rank, (long long)n);
    return false;
  }
  bool seen[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < n; ++i) {
    if (perm[i] < 0 || perm[i] >= rank || seen[perm[i]]) {
      DlcStr s = DLC_STR_INIT;
      dlcStrAppendInts(&s, perm, n);
      dlcEmitOpError(op, "attribute 'perm' must be a permutation of [0, %lld), but is %s",
                     (long long)rank, dlcStrGet(&s));
      dlcStrFree(&s);
      return false;
    }
    seen[perm[i]] = true;
  }
  return true;
}

bool dlcSqueezeDims(MlirOperation op, const DlcShape *input, bool *drop, bool *maybe) {
  for (int64_t i = 0; i < input->rank; ++i) {
    drop[i] = false;
    if (maybe)
      maybe[i] = false;
  }
  if (!dlcOpHasAttr(op, "axes")) {
    for (int64_t i = 0; i < input->rank; ++i) {
      drop[i] = input->dims[i] == 1;
      if (maybe)
        maybe[i] = input->dims[i] == DLC_DYN;
    }
    return true;
  }
  int64_t raw[DLC_MAX_RANK], axes[DLC_MAX_RANK], n;
  if (!readInts(op, "axes", raw, DLC_MAX_RANK, &n) ||
      !dlcShapeOpAxes(op, "axes", n, raw, input->rank, axes))
    return false;
  for (int64_t i = 0; i < n; ++i) {
    int64_t d = input->dims[axes[i]];
    if (d != 1 && d != DLC_DYN) {
      dlcEmitOpError(op, "cannot squeeze dim %lld of size %lld (it must be 1)", (long long)axes[i],
                     (long long)d);
      return false;
    }
    drop[axes[i]] = true;
  }
  return true;
}

bool dlcUnsqueezeShape(MlirOperation op, const DlcShape *input, DlcShape *out) {
  int64_t raw[DLC_MAX_RANK], axes[DLC_MAX_RANK], n;
  if (!readRequired(op, "axes", raw, DLC_MAX_RANK, &n))
    return false;
  int64_t rank = input->rank + n;
  if (rank > DLC_MAX_RANK) {
    dlcEmitOpError(op, "result rank %lld exceeds %d", (long long)rank, DLC_MAX_RANK);
    return false;
  }
  if (!dlcShapeOpAxes(op, "axes", n, raw, rank, axes))
    return false;
  bool inserted[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < n; ++i)
    inserted[axes[i]] = true;
  out->rank = rank;
  for (int64_t i = 0, k = 0; i < rank; ++i)
    out->dims[i] = inserted[i] ? 1 : input->dims[k++];
  return true;
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

// Reads `attr` (absent: `fallback` for each of the n entries), which must
// have one entry per start.
static bool perStart(MlirOperation op, const char *attr, int64_t n, int64_t *out,
                     int64_t (*fallback)(int64_t)) {
  int64_t got;
  if (!readInts(op, attr, out, DLC_MAX_RANK, &got))
    return false;
  if (got < 0) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = fallback(i);
    return true;
  }
  if (got == n)
    return true;
  dlcEmitOpError(op, "attribute '%s' must have one entry per 'starts' entry (%lld), but has %lld",
                 attr, (long long)n, (long long)got);
  return false;
}

static int64_t identity(int64_t i) { return i; }
static int64_t one(int64_t i) { return (void)i, 1; }

// The window of one static dim of size d, numpy style.
static void sliceDim(int64_t d, int64_t start, int64_t end, int64_t step, int64_t *offset,
                     int64_t *size) {
  if (start < 0)
    start += d;
  if (end < 0)
    end += d;
  if (step > 0) {
    start = clamp(start, 0, d);
    end = clamp(end, 0, d);
    *size = end > start ? (end - start - 1) / step + 1 : 0;
  } else {
    start = clamp(start, -1, d - 1);
    end = clamp(end, -1, d - 1);
    // -step overflows for INT64_MIN; any step that large reads one element.
    *size = start <= end ? 0 : step == INT64_MIN ? 1 : (start - end - 1) / -step + 1;
  }
  *offset = *size > 0 ? start : 0;
}

bool dlcSliceParams(MlirOperation op, const DlcShape *input, DlcSliceParams *p) {
  int64_t starts[DLC_MAX_RANK], ends[DLC_MAX_RANK], raw[DLC_MAX_RANK], axes[DLC_MAX_RANK],
      steps[DLC_MAX_RANK], n, ne;
  if (!readRequired(op, "starts", starts, DLC_MAX_RANK, &n) ||
      !readRequired(op, "ends", ends, DLC_MAX_RANK, &ne))
    return false;
  if (n != ne) {
    dlcEmitOpError(op, "attributes 'starts' (%lld entries) and 'ends' (%lld entries) must have the "
                       "same length", (long long)n, (long long)ne);
    return false;
  }
  if (n > input->rank) {
    dlcEmitOpError(op, "attribute 'starts' has %lld entries, more than the input rank %lld",
                   (long long)n, (long long)input->rank);
    return false;
  }
  if (!perStart(op, "axes", n, raw, identity) || !perStart(op, "steps", n, steps, one) ||
      !dlcShapeOpAxes(op, "axes", n, raw, input->rank, axes))
    return false;
  p->rank = input->rank;
  for (int64_t i = 0; i < input->rank; ++i) {
    p->offsets[i] = 0;
    p->strides[i] = 1;
    p->sizes[i] = input->dims[i];
    p->sliced[i] = false;
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t a = axes[i], d = input->dims[a];
    if (steps[i] == 0) {
      dlcEmitOpError(op, "attribute 'steps' entries must be non-zero, but entry %lld is 0",
                     (long long)i);
      return false;
    }
    p->strides[a] = steps[i];
    if (d != DLC_DYN) {
      sliceDim(d, starts[i], ends[i], steps[i], &p->offsets[a], &p->sizes[a]);
      // An empty window reads nothing: say so plainly (offset 0, step 1).
      if (p->sizes[a] == 0)
        p->strides[a] = 1;
      p->sliced[a] = !(p->offsets[a] == 0 && p->strides[a] == 1 && p->sizes[a] == d);
    } else if (steps[i] == 1 && starts[i] == 0 && ends[i] == INT64_MAX) {
      // [0, INT64_MAX) is how exporters say "the whole dim".
    } else {
      p->sliced[a] = true;
      p->sizes[a] = DLC_DYN;
      if (!(steps[i] > 0 && starts[i] == 0))
        p->offsets[a] = DLC_DYN;
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

static const char *const padModeNames[] = {"constant", "reflect", "edge", "wrap"};

static bool padMode(MlirOperation op, DlcPadMode *mode) {
  MlirStringRef s = dlcOpString(op, "mode");
  for (int i = 0; i < 4; ++i) {
    if (mlirStringRefEqual(s, mlirStringRefCreateFromCString(padModeNames[i]))) {
      *mode = (DlcPadMode)i;
      return true;
    }
  }
  dlcEmitOpError(op, "attribute 'mode' must be \"constant\", \"reflect\", \"edge\" or \"wrap\", "
                     "but is \"%.*s\"", (int)s.length, s.data);
  return false;
}

bool dlcPadParams(MlirOperation op, const DlcShape *input, DlcPadParams *p, DlcShape *out) {
  int64_t pads[2 * DLC_MAX_RANK], raw[DLC_MAX_RANK], axes[DLC_MAX_RANK], np, na;
  if (!padMode(op, &p->mode) || !readRequired(op, "pads", pads, 2 * DLC_MAX_RANK, &np) ||
      !readInts(op, "axes", raw, DLC_MAX_RANK, &na))
    return false;
  if (na < 0) {
    na = input->rank;
    for (int64_t i = 0; i < na; ++i)
      raw[i] = i;
  }
  if (!dlcShapeOpAxes(op, "axes", na, raw, input->rank, axes))
    return false;
  if (np != 2 * na) {
    dlcEmitOpError(op, "attribute 'pads' must have %lld entries (a begin and an end for each of "
                       "%lld dims), but has %lld", (long long)(2 * na), (long long)na,
                   (long long)np);
    return false;
  }
  p->rank = input->rank;
  for (int64_t i = 0; i < input->rank; ++i)
    p->begin[i] = p->end[i] = 0;
  for (int64_t i = 0; i < na; ++i) {
    p->begin[axes[i]] = pads[i];
    p->end[axes[i]] = pads[na + i];
  }
  out->rank = input->rank;
  for (int64_t i = 0; i < input->rank; ++i) {
    int64_t d = input->dims[i], b = p->begin[i], e = p->end[i];
    out->dims[i] = d == DLC_DYN ? DLC_DYN : d + b + e;
    if (d == DLC_DYN)
      continue;
    // Negative pads crop first; the positive ones then pad what is left.
    int64_t kept = d + (b < 0 ? b : 0) + (e < 0 ? e : 0);
    if (kept < 0) {
      dlcEmitOpError(op, "pads crop %lld elements from dim %lld, which has %lld",
                     (long long)(d - kept), (long long)i, (long long)d);
      return false;
    }
    if (kept == 0 && (b > 0 || e > 0) && p->mode != DLC_PAD_CONSTANT) {
      dlcEmitOpError(op, "mode \"%s\" cannot pad dim %lld: it has no elements to repeat",
                     padModeNames[p->mode], (long long)i);
      return false;
    }
  }
  return true;
}

int64_t dlcPadSourceIndex(DlcPadMode mode, int64_t j, int64_t size) {
  switch (mode) {
  case DLC_PAD_EDGE:
    return clamp(j, 0, size - 1);
  case DLC_PAD_WRAP:
    return (j % size + size) % size;
  case DLC_PAD_REFLECT: {
    if (size == 1)
      return 0;
    int64_t period = 2 * (size - 1), r = (j % period + period) % period;
    return r < size ? r : period - r;
  }
  case DLC_PAD_CONSTANT:
    break;
  }
  return clamp(j, 0, size - 1);
}

//===----------------------------------------------------------------------===//
// expand, shape
//===----------------------------------------------------------------------===//

bool dlcExpandShape(MlirOperation op, const DlcShape *input, DlcShape *out) {
  DlcShape target;
  if (!readRequired(op, "shape", target.dims, DLC_MAX_RANK, &target.rank))
    return false;
  for (int64_t i = 0; i < target.rank; ++i) {
    if (target.dims[i] < 0) {
      dlcEmitOpError(op, "attribute 'shape' entries must be >= 0, but entry %lld is %lld",
                     (long long)i, (long long)target.dims[i]);
      return false;
    }
  }
  if (dlcBroadcastShapes(input, &target, out))
    return true;
  DlcStr from = DLC_STR_INIT, to = DLC_STR_INIT;
  appendDims(&from, input);
  dlcStrAppendInts(&to, target.dims, target.rank);
  dlcEmitOpError(op, "input dims %s do not broadcast with attribute 'shape' %s", dlcStrGet(&from),
                 dlcStrGet(&to));
  dlcStrFree(&from);
  dlcStrFree(&to);
  return false;
}

void dlcShapeOpRange(MlirOperation op, int64_t rank, int64_t *start, int64_t *end) {
  int64_t s = dlcOpInt(op, "start");
  int64_t e = dlcOpHasAttr(op, "end") ? dlcOpInt(op, "end") : rank;
  s = clamp(s < 0 ? s + rank : s, 0, rank);
  e = clamp(e < 0 ? e + rank : e, 0, rank);
  *start = s;
  *end = e > s ? e : s;
}
