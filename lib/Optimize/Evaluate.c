//===- Evaluate.c - Computing dlc_graph ops on constants --------*- C -*-===//
//
// Floats are computed in double and rounded to the element type after each
// op: for + - * / and sqrt that is the correctly rounded f32 result (double
// has more than twice f32's precision); exp, log, tanh and erf may differ
// from the compiled code's f32 functions in the last bit. Integers wrap as
// in the element type; division truncates toward zero, as arith.divsi /
// divui do.
//
//===----------------------------------------------------------------------===//

#include "Optimize/Evaluate.h"

#include "Dialect/Graph/GraphInfer.h"
#include "Dialect/OpDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

// Binary elementwise kinds come before K_NEG, unary ones after it.
typedef enum Kind {
  K_NONE, K_ADD, K_SUB, K_MUL, K_DIV, K_POW, K_EQUAL, K_GREATER, K_LESS, K_GREATER_EQUAL,
  K_LESS_EQUAL, K_MAX, K_MIN, K_MOD, K_FMOD, K_AND, K_OR, K_XOR, K_NEG, K_ABS, K_RELU, K_SQRT,
  K_EXP, K_LOG, K_SIGMOID, K_TANH, K_ERF, K_FLOOR, K_CEIL, K_ROUND, K_SIGN, K_NOT, K_CAST,
  K_WHERE, K_SHAPE, K_RESHAPE,
  K_EXPAND, K_TRANSPOSE, K_CONCAT, K_SLICE, K_GATHER, K_FILL, K_REDUCE_SUM, K_REDUCE_PROD,
  K_REDUCE_MAX, K_REDUCE_MIN,
} Kind;

static const struct {
  const char *name;
  Kind kind;
} kinds[] = {
    {"add", K_ADD}, {"sub", K_SUB}, {"mul", K_MUL}, {"div", K_DIV}, {"pow", K_POW},
    {"equal", K_EQUAL}, {"greater", K_GREATER}, {"less", K_LESS}, {"neg", K_NEG},
    {"abs", K_ABS}, {"relu", K_RELU}, {"sqrt", K_SQRT}, {"exp", K_EXP}, {"log", K_LOG},
    {"sigmoid", K_SIGMOID}, {"tanh", K_TANH}, {"erf", K_ERF}, {"identity", K_RESHAPE},
    {"cast", K_CAST}, {"where", K_WHERE}, {"shape", K_SHAPE}, {"reshape", K_RESHAPE},
    {"flatten", K_RESHAPE}, {"squeeze", K_RESHAPE}, {"unsqueeze", K_RESHAPE},
    {"expand", K_EXPAND}, {"transpose", K_TRANSPOSE}, {"concat", K_CONCAT},
    {"slice", K_SLICE}, {"gather", K_GATHER}, {"constant_of_shape", K_FILL},
    {"greater_equal", K_GREATER_EQUAL}, {"less_equal", K_LESS_EQUAL}, {"max", K_MAX},
    {"min", K_MIN}, {"mod", K_MOD}, {"and", K_AND}, {"or", K_OR}, {"xor", K_XOR},
    {"bitwise_and", K_AND}, {"bitwise_or", K_OR}, {"bitwise_xor", K_XOR}, {"floor", K_FLOOR},
    {"ceil", K_CEIL}, {"round", K_ROUND}, {"sign", K_SIGN}, {"not", K_NOT},
    {"bitwise_not", K_NOT}, {"reduce_sum", K_REDUCE_SUM}, {"reduce_prod", K_REDUCE_PROD},
    {"reduce_max", K_REDUCE_MAX}, {"reduce_min", K_REDUCE_MIN},
};

static Kind kindOf(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  static const char prefix[] = "dlc_graph.";
  if (name.length <= sizeof prefix - 1 || strncmp(name.data, prefix, sizeof prefix - 1))
    return K_NONE;
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; ++i)
    if (strlen(kinds[i].name) == name.length - (sizeof prefix - 1) &&
        !strncmp(kinds[i].name, name.data + sizeof prefix - 1, name.length - (sizeof prefix - 1)))
      return kinds[i].kind;
  return K_NONE;
}

bool dlcCanEvaluate(MlirOperation op) { return kindOf(op) != K_NONE; }

// The index into `in` (numpy-broadcast to `out`) of element `k` of `out`.
static int64_t broadcastIndex(const DlcShape *out, const DlcShape *in, int64_t k) {
  int64_t index = 0, stride = 1;
  for (int64_t d = out->rank - 1, e = in->rank - 1; d >= 0; --d, --e) {
    int64_t i = k % out->dims[d];
    k /= out->dims[d];
    if (e < 0)
      continue;
    if (in->dims[e] != 1)
      index += i * stride;
    stride *= in->dims[e];
  }
  return index;
}

static double floatAt(const DlcElements *e, int64_t k) { return dlcElementsGetDouble(e, k); }

static bool binaryFloat(Kind kind, double a, double b, double *out) {
  switch (kind) {
  case K_ADD: *out = a + b; return true;
  case K_SUB: *out = a - b; return true;
  case K_MUL: *out = a * b; return true;
  case K_DIV: *out = a / b; return true;
  case K_POW: *out = pow(a, b); return true;
  case K_EQUAL: *out = a == b; return true;
  case K_GREATER: *out = a > b; return true;
  case K_LESS: *out = a < b; return true;
  case K_GREATER_EQUAL: *out = a >= b; return true;
  case K_LESS_EQUAL: *out = a <= b; return true;
  case K_MAX: *out = isnan(a) || isnan(b) ? NAN : fmax(a, b); return true;
  case K_MIN: *out = isnan(a) || isnan(b) ? NAN : fmin(a, b); return true;
  case K_FMOD: *out = fmod(a, b); return true;
  default: return false;
  }
}

static bool binaryInt(Kind kind, bool isUnsigned, int64_t a, int64_t b, int64_t *out) {
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (kind) {
  case K_ADD: *out = (int64_t)(ua + ub); return true;
  case K_SUB: *out = (int64_t)(ua - ub); return true;
  case K_MUL: *out = (int64_t)(ua * ub); return true;
  case K_DIV:
    if (!b || (!isUnsigned && a == INT64_MIN && b == -1))
      return false;
    *out = isUnsigned ? (int64_t)(ua / ub) : a / b;
    return true;
  case K_POW: {
    if (!isUnsigned && b < 0)
      return false;
    uint64_t r = 1, base = ua;
    for (uint64_t e = ub; e; e >>= 1, base *= base)
      if (e & 1)
        r *= base;
    *out = (int64_t)r;
    return true;
  }
  case K_EQUAL: *out = a == b; return true;
  case K_GREATER: *out = isUnsigned ? ua > ub : a > b; return true;
  case K_LESS: *out = isUnsigned ? ua < ub : a < b; return true;
  case K_GREATER_EQUAL: *out = isUnsigned ? ua >= ub : a >= b; return true;
  case K_LESS_EQUAL: *out = isUnsigned ? ua <= ub : a <= b; return true;
  case K_MAX: *out = (isUnsigned ? ua > ub : a > b) ? a : b; return true;
  case K_MIN: *out = (isUnsigned ? ua < ub : a < b) ? a : b; return true;
  case K_MOD:
  case K_FMOD: { // a zero divisor is a run-time error: not folded
    if (!b)
      return false;
    if (!isUnsigned && b == -1) {
      *out = 0;
      return true;
    }
    int64_t r = isUnsigned ? (int64_t)(ua % ub) : a % b;
    if (kind == K_MOD && !isUnsigned && r && (r < 0) != (b < 0))
      r += b;
    *out = r;
    return true;
  }
  case K_AND: *out = a & b; return true;
  case K_OR: *out = a | b; return true;
  case K_XOR: *out = a ^ b; return true;
  default: return false;
  }
}

static bool elementwise(Kind kind, const DlcElements *in, DlcElements *r) {
  const DlcElements *a = &in[0], *b = &in[1];
  bool isUnsigned = dlcIsUnsigned(a->elt);
  for (int64_t k = 0; k < r->count; ++k) {
    int64_t ia = broadcastIndex(&r->shape, &a->shape, k);
    if (kind >= K_NEG) { // unary
      if (a->isFloat) {
        double x = a->f[ia], y;
        switch (kind) {
        case K_NEG: y = -x; break;
        case K_ABS: y = fabs(x); break;
        case K_RELU: y = x > 0 ? x : 0; break;
        case K_SQRT: y = sqrt(x); break;
        case K_EXP: y = exp(x); break;
        case K_LOG: y = log(x); break;
        case K_SIGMOID: y = 1 / (1 + exp(-x)); break;
        case K_TANH: y = tanh(x); break;
        case K_ERF: y = erf(x); break;
        case K_FLOOR: y = floor(x); break;
        case K_CEIL: y = ceil(x); break;
        case K_ROUND: y = nearbyint(x); break; // the default rounding: half to even
        case K_SIGN: y = x > 0 ? 1 : x < 0 ? -1 : x; break;
        default: return false;
        }
        r->f[k] = dlcElementsRoundFloat(r, y);
      } else {
        int64_t x = a->i[ia], y;
        switch (kind) {
        case K_NEG: y = (int64_t)(0 - (uint64_t)x); break;
        case K_ABS: y = isUnsigned || x >= 0 ? x : (int64_t)(0 - (uint64_t)x); break;
        case K_RELU: y = isUnsigned || x > 0 ? x : 0; break;
        case K_SIGN: y = x > 0 ? 1 : (!isUnsigned && x < 0) ? -1 : 0; break;
        // i1 elements are 0 or 1, so ~x of an i1 is wrapped back to !x.
        case K_NOT: y = dlcEltBit(a->elt) == DLC_T_I1 ? !x : ~x; break;
        default: return false;
        }
        r->i[k] = dlcElementsWrapInt(r, y);
      }
      continue;
    }
    int64_t ib = broadcastIndex(&r->shape, &b->shape, k);
    if (a->isFloat) {
      double y;
      if (!binaryFloat(kind, a->f[ia], b->f[ib], &y))
        return false;
      if (r->isFloat)
        r->f[k] = dlcElementsRoundFloat(r, y);
      else
        r->i[k] = (int64_t)y; // comparisons: 0 or 1
    } else {
      int64_t y;
      if (!binaryInt(kind, isUnsigned, a->i[ia], b->i[ib], &y))
        return false;
      r->i[k] = dlcElementsWrapInt(r, y);
    }
  }
  return true;
}

static bool cast(MlirOperation op, const DlcElements *a, DlcElements *r) {
  bool toBool = dlcEltBit(r->elt) == DLC_T_I1;
  static const char *const rounds[] = {"up", "down", "nearest"};
  bool saturate = dlcOpBool(op, "saturate");
  DlcRoundMode mode = DLC_ROUND_UP;
  MlirStringRef round = dlcOpString(op, "round_mode");
  for (int i = 0; i < 3; ++i)
    if (mlirStringRefEqual(round, mlirStringRefCreateFromCString(rounds[i])))
      mode = (DlcRoundMode)i;
  for (int64_t k = 0; k < r->count; ++k) {
    double x = floatAt(a, k);
    if (r->isFloat) {
      r->f[k] = dlcElementsCastFloat(r, x, saturate, mode);
    } else if (toBool) {
      r->i[k] = a->isFloat ? x != 0 : a->i[k] != 0;
    } else if (a->isFloat) {
      // Truncation toward zero; out of range is undefined: not folded.
      double t = trunc(x);
      bool isUnsigned = dlcIsUnsigned(r->elt);
      unsigned width = dlcEltWidth(r->elt);
      double lo = isUnsigned ? 0 : -ldexp(1, (int)width - 1);
      double hi = isUnsigned ? ldexp(1, (int)width) : ldexp(1, (int)width - 1);
      if (!(t >= lo && t < hi))
        return false;
      r->i[k] = isUnsigned ? (int64_t)(uint64_t)t : (int64_t)t;
    } else {
      r->i[k] = dlcElementsWrapInt(r, a->i[k]);
    }
  }
  return true;
}

static void copyElement(const DlcElements *from, int64_t i, DlcElements *to, int64_t k) {
  if (to->isFloat)
    to->f[k] = from->f[i];
  else
    to->i[k] = from->i[i];
}

static bool where(const DlcElements *in, DlcElements *r) {
  for (int64_t k = 0; k < r->count; ++k) {
    int64_t c = broadcastIndex(&r->shape, &in[0].shape, k);
    const DlcElements *pick = in[0].i[c] ? &in[1] : &in[2];
    copyElement(pick, broadcastIndex(&r->shape, &pick->shape, k), r, k);
  }
  return true;
}

static bool shapeOf(MlirOperation op, DlcElements *r) {
  MlirType in = mlirValueGetType(dlcOpOperand(op, 0));
  int64_t rank = mlirShapedTypeGetRank(in);
  int64_t start = dlcOpInt(op, "start");
  int64_t end = dlcOpHasAttr(op, "end") ? dlcOpInt(op, "end") : rank;
  start = start < 0 ? start + rank : start;
  end = end < 0 ? end + rank : end;
  start = start < 0 ? 0 : start > rank ? rank : start;
  end = end < 0 ? 0 : end > rank ? rank : end;
  if (end - start != (r->count > 0 ? r->count : 0) && !(end <= start && r->count == 0))
    return false;
  for (int64_t d = start; d < end; ++d) {
    if (mlirShapedTypeIsDynamicDim(in, d))
      return false;
    r->i[d - start] = mlirShapedTypeGetDimSize(in, d);
  }
  return true;
}

// Multi-index of element `k` of `shape` (row-major).
static void unflatten(const DlcShape *shape, int64_t k, int64_t *index) {
  for (int64_t d = shape->rank - 1; d >= 0; --d) {
    index[d] = k % shape->dims[d];
    k /= shape->dims[d];
  }
}

static int64_t flatten(const DlcShape *shape, const int64_t *index) {
  int64_t k = 0;
  for (int64_t d = 0; d < shape->rank; ++d)
    k = k * shape->dims[d] + index[d];
  return k;
}

static bool transpose(MlirOperation op, const DlcElements *a, DlcElements *r) {
  int64_t perm[DLC_MAX_RANK], n = dlcOpInts(op, "perm", perm, DLC_MAX_RANK);
  if (n < 0) {
    n = a->shape.rank;
    for (int64_t i = 0; i < n; ++i)
      perm[i] = n - 1 - i;
  }
  if (n != a->shape.rank)
    return false;
  int64_t out[DLC_MAX_RANK], in[DLC_MAX_RANK];
  for (int64_t k = 0; k < r->count; ++k) {
    unflatten(&r->shape, k, out);
    for (int64_t i = 0; i < n; ++i)
      in[perm[i]] = out[i];
    copyElement(a, flatten(&a->shape, in), r, k);
  }
  return true;
}

static bool concat(MlirOperation op, const DlcElements *in, DlcElements *r) {
  int64_t axis = dlcOpInt(op, "axis");
  if (!dlcNormalizeAxis(&axis, r->shape.rank))
    return false;
  int64_t index[DLC_MAX_RANK], split = in[0].shape.dims[axis];
  for (int64_t k = 0; k < r->count; ++k) {
    unflatten(&r->shape, k, index);
    const DlcElements *from = &in[0];
    if (index[axis] >= split) {
      index[axis] -= split;
      from = &in[1];
    }
    copyElement(from, flatten(&from->shape, index), r, k);
  }
  return true;
}

static bool slice(MlirOperation op, const DlcElements *a, DlcElements *r) {
  int64_t starts[DLC_MAX_RANK], ends[DLC_MAX_RANK], axes[DLC_MAX_RANK], steps[DLC_MAX_RANK];
  int64_t n = dlcOpInts(op, "starts", starts, DLC_MAX_RANK);
  if (n < 0 || dlcOpInts(op, "ends", ends, DLC_MAX_RANK) != n)
    return false;
  if (dlcOpInts(op, "axes", axes, DLC_MAX_RANK) < 0)
    for (int64_t i = 0; i < n; ++i)
      axes[i] = i;
  if (dlcOpInts(op, "steps", steps, DLC_MAX_RANK) < 0)
    for (int64_t i = 0; i < n; ++i)
      steps[i] = 1;
  int64_t begin[DLC_MAX_RANK] = {0}, step[DLC_MAX_RANK];
  for (int64_t d = 0; d < a->shape.rank; ++d)
    step[d] = 1;
  for (int64_t i = 0; i < n; ++i) {
    int64_t axis = axes[i];
    if (!dlcNormalizeAxis(&axis, a->shape.rank) || !steps[i])
      return false;
    int64_t dim = a->shape.dims[axis], s = starts[i];
    if (s < 0)
      s += dim;
    if (steps[i] > 0)
      s = s < 0 ? 0 : s > dim ? dim : s;
    else
      s = s < -1 ? -1 : s > dim - 1 ? dim - 1 : s;
    begin[axis] = s;
    step[axis] = steps[i];
  }
  int64_t out[DLC_MAX_RANK], in[DLC_MAX_RANK];
  for (int64_t k = 0; k < r->count; ++k) {
    unflatten(&r->shape, k, out);
    for (int64_t d = 0; d < a->shape.rank; ++d) {
      in[d] = begin[d] + out[d] * step[d];
      if (in[d] < 0 || in[d] >= a->shape.dims[d])
        return false;
    }
    copyElement(a, flatten(&a->shape, in), r, k);
  }
  return true;
}

static bool gather(MlirOperation op, const DlcElements *in, DlcElements *r) {
  const DlcElements *a = &in[0], *idx = &in[1];
  int64_t axis = dlcOpInt(op, "axis");
  if (!dlcNormalizeAxis(&axis, a->shape.rank))
    return false;
  int64_t q = idx->shape.rank, out[DLC_MAX_RANK], src[DLC_MAX_RANK];
  for (int64_t k = 0; k < r->count; ++k) {
    unflatten(&r->shape, k, out);
    int64_t j = 0;
    for (int64_t d = 0; d < q; ++d)
      j = j * idx->shape.dims[d] + out[axis + d];
    int64_t at = idx->i[j];
    if (at < 0)
      at += a->shape.dims[axis];
    if (at < 0 || at >= a->shape.dims[axis])
      return false;
    for (int64_t d = 0; d < a->shape.rank; ++d)
      src[d] = d < axis ? out[d] : d == axis ? at : out[d + q - 1];
    copyElement(a, flatten(&a->shape, src), r, k);
  }
  return true;
}

// Combines element `k` of `a` into element `at` of `r`, the accumulator of
// a reduction `kind`. As maximumf / minimumf: +0 is above -0.
static void accumulate(Kind kind, const DlcElements *a, int64_t k, DlcElements *r, int64_t at) {
  if (a->isFloat) {
    double x = a->f[k], *acc = &r->f[at];
    if (isnan(x) || isnan(*acc))
      *acc = NAN;
    else if (kind == K_REDUCE_MAX ? x > *acc || (x == *acc && !signbit(x))
                                  : x < *acc || (x == *acc && signbit(x)))
      *acc = x;
    return;
  }
  int64_t x = a->i[k], *acc = &r->i[at];
  uint64_t ux = (uint64_t)x, uacc = (uint64_t)*acc;
  bool isUnsigned = dlcIsUnsigned(a->elt);
  switch (kind) {
  case K_REDUCE_SUM: *acc = (int64_t)(uacc + ux); break;
  case K_REDUCE_PROD: *acc = (int64_t)(uacc * ux); break;
  case K_REDUCE_MAX:
    if (isUnsigned ? ux > uacc : x > *acc)
      *acc = x;
    break;
  default:
    if (isUnsigned ? ux < uacc : x < *acc)
      *acc = x;
    break;
  }
}

static bool reduce(MlirOperation op, Kind kind, const DlcElements *a, DlcElements *r) {
  if (a->isFloat && (kind == K_REDUCE_SUM || kind == K_REDUCE_PROD))
    return false;
  bool reduced[DLC_MAX_RANK];
  dlcGraphReducedDims(op, a->shape.rank, reduced);
  // The seeds of the lowering: 0, 1, the lowest and the highest value.
  double seed = kind == K_REDUCE_SUM    ? 0
                : kind == K_REDUCE_PROD ? 1
                : kind == K_REDUCE_MAX  ? dlcEltLowest(r->elt)
                                        : dlcEltHighest(r->elt);
  for (int64_t k = 0; k < r->count; ++k) {
    if (r->isFloat)
      r->f[k] = seed;
    else // the highest ui64 and i64 are not doubles: their bit patterns
      r->i[k] = kind == K_REDUCE_MIN && dlcEltWidth(r->elt) == 64
                    ? (dlcIsUnsigned(r->elt) ? -1 : INT64_MAX)
                    : dlcElementsWrapInt(r, (int64_t)seed);
  }
  int64_t index[DLC_MAX_RANK];
  for (int64_t k = 0; k < a->count; ++k) {
    // Kept dims in order: the output's row-major index, with or without
    // the 1s of keepdims.
    unflatten(&a->shape, k, index);
    int64_t at = 0;
    for (int64_t d = 0; d < a->shape.rank; ++d)
      if (!reduced[d])
        at = at * a->shape.dims[d] + index[d];
    if (at >= r->count)
      return false;
    accumulate(kind, a, k, r, at);
  }
  for (int64_t k = 0; !r->isFloat && k < r->count; ++k)
    r->i[k] = dlcElementsWrapInt(r, r->i[k]);
  return true;
}

bool dlcEvaluate(MlirOperation op, const DlcElements *operands, const bool *present,
                 DlcElements *result) {
  Kind kind = kindOf(op);
  if (kind == K_NONE || !present[0])
    return false;
  if (kind == K_MOD && dlcOpBool(op, "fmod"))
    kind = K_FMOD;
  DlcElements r;
  if (!dlcElementsCreate(mlirValueGetType(mlirOperationGetResult(op, 0)), &r))
    return false;
  bool ok;
  switch (kind) {
  case K_CAST: ok = cast(op, &operands[0], &r); break;
  case K_WHERE: ok = where(operands, &r); break;
  case K_SHAPE: ok = shapeOf(op, &r); break;
  case K_RESHAPE:
    ok = r.count == operands[0].count;
    for (int64_t k = 0; ok && k < r.count; ++k)
      copyElement(&operands[0], k, &r, k);
    break;
  case K_EXPAND:
    for (int64_t k = 0; k < r.count; ++k)
      copyElement(&operands[0], broadcastIndex(&r.shape, &operands[0].shape, k), &r, k);
    ok = true;
    break;
  case K_TRANSPOSE: ok = transpose(op, &operands[0], &r); break;
  case K_CONCAT: ok = concat(op, operands, &r); break;
  case K_SLICE: ok = slice(op, &operands[0], &r); break;
  case K_GATHER: ok = gather(op, operands, &r); break;
  case K_REDUCE_SUM:
  case K_REDUCE_PROD:
  case K_REDUCE_MAX:
  case K_REDUCE_MIN: ok = reduce(op, kind, &operands[0], &r); break;
  case K_FILL: {
    double v = dlcOpFloat(op, "value");
    for (int64_t k = 0; k < r.count; ++k) {
      if (r.isFloat)
        r.f[k] = dlcElementsRoundFloat(&r, v);
      else
        r.i[k] = dlcElementsWrapInt(&r, (int64_t)v);
    }
    ok = true;
    break;
  }
  default: ok = elementwise(kind, operands, &r); break;
  }
  if (!ok) {
    dlcElementsFree(&r);
    return false;
  }
  *result = r;
  return true;
}
