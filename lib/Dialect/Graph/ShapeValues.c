//===- ShapeValues.c - Symbolic values of small shape tensors ---*- C -*-===//
//
// A walk up the ops that computed a small integer tensor, entry by entry:
// shape gives the input's dims (static sizes, or the dynamic dim itself
// as a factor), gather / slice / concat / unsqueeze / squeeze / reshape /
// flatten / identity / integer casts move entries around, mul / add / sub
// / div combine them where the result is again a constant times a product
// of dims, and equal / where resolve the `-1 means keep` selections that
// PyTorch's expand(n, -1, -1) exports. Everything else is unknown. The
// walk is bounded (a shape chain is a few ops long), so a shape rule that
// asks stays cheap.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Graph/ShapeValues.h"
#include "Dialect/Graph/ShapeOpParams.h"
#include "Dialect/OpDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

// How many ops one question may walk through.
#define WALK_BUDGET 48

static DlcSymDim known(int64_t c) { return (DlcSymDim){.known = true, .coef = c}; }

DlcSymDim dlcSymDimOf(MlirValue v, const DlcShape *s, int64_t dim) {
  if (s->dims[dim] != DLC_DYN)
    return known(s->dims[dim]);
  DlcSymDim d = {.known = true, .coef = 1, .count = 1};
  d.factors[0] = (DlcSymFactor){v, dim};
  return d;
}

static bool sameFactor(const DlcSymFactor *a, const DlcSymFactor *b) {
  return a->dim == b->dim && mlirValueEqual(a->value, b->value);
}

// Whether the factors of `a` and `b` are the same multiset.
static bool sameFactors(const DlcSymDim *a, const DlcSymDim *b) {
  if (a->count != b->count)
    return false;
  bool used[DLC_SYM_MAX_FACTORS] = {false};
  for (int i = 0; i < a->count; ++i) {
    int j = 0;
    while (j < b->count && (used[j] || !sameFactor(&a->factors[i], &b->factors[j])))
      ++j;
    if (j == b->count)
      return false;
    used[j] = true;
  }
  return true;
}

bool dlcSymDimEqual(const DlcSymDim *a, const DlcSymDim *b) {
  return a->known && b->known && a->coef == b->coef && sameFactors(a, b);
}

static bool staticShape(MlirValue v, DlcShape *s) {
  return dlcShapeOf(mlirValueGetType(v), s) && dlcShapeIsStatic(s);
}

static int64_t count(const DlcShape *s) {
  int64_t n = 1;
  for (int64_t i = 0; i < s->rank; ++i)
    n *= s->dims[i];
  return n;
}

static bool walk(MlirValue v, DlcSymDim *out, int64_t n, int *budget);

// The entries of operand `i` of `op` when it has exactly `n` elements.
static bool operandEntries(MlirOperation op, int i, DlcSymDim *out, int64_t n, int *budget) {
  MlirValue v = dlcOpOperand(op, i);
  DlcShape s;
  if (mlirValueIsNull(v) || !staticShape(v, &s) || count(&s) != n) {
    for (int64_t k = 0; k < n && k < DLC_MAX_RANK; ++k)
      out[k] = (DlcSymDim){.known = false};
    return false;
  }
  return walk(v, out, n, budget);
}

// Operand `i` broadcast to `n` entries: its own `n`, or one repeated.
static bool broadcastEntries(MlirOperation op, int i, DlcSymDim *out, int64_t n, int *budget) {
  MlirValue v = dlcOpOperand(op, i);
  DlcShape s;
  if (mlirValueIsNull(v) || !staticShape(v, &s))
    return false;
  int64_t have = count(&s);
  if (have == n)
    return walk(v, out, n, budget);
  if (have != 1 || !walk(v, out, 1, budget))
    return false;
  for (int64_t k = 1; k < n; ++k)
    out[k] = out[0];
  return true;
}

static bool constantEntries(MlirOperation op, DlcSymDim *out, int64_t n) {
  MlirAttribute value = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(value) || !mlirAttributeIsADenseElements(value))
    return false;
  MlirType elt = mlirShapedTypeGetElementType(mlirAttributeGetType(value));
  if (!mlirTypeIsAInteger(elt))
    return false;
  unsigned width = mlirIntegerTypeGetWidth(elt);
  for (int64_t k = 0; k < n; ++k) {
    int64_t x;
    if (width == 64)
      x = mlirDenseElementsAttrGetInt64Value(value, k);
    else if (width == 32)
      x = mlirDenseElementsAttrGetInt32Value(value, k);
    else if (width == 1)
      x = mlirDenseElementsAttrGetBoolValue(value, k);
    else
      return false;
    out[k] = known(x);
  }
  return true;
}

static bool shapeEntries(MlirOperation op, DlcSymDim *out, int64_t n) {
  MlirValue x = dlcOpOperand(op, 0);
  DlcShape s;
  if (!dlcShapeOf(mlirValueGetType(x), &s))
    return false;
  int64_t start, end;
  dlcShapeOpRange(op, s.rank, &start, &end);
  if (end - start != n)
    return false;
  for (int64_t k = 0; k < n; ++k)
    out[k] = dlcSymDimOf(x, &s, start + k);
  return true;
}

// gather along axis 0 of a 1-D tensor, at indices known at compile time.
static bool gatherEntries(MlirOperation op, DlcSymDim *out, int64_t n, int *budget) {
  DlcShape s;
  DlcSymDim data[DLC_MAX_RANK], idx[DLC_MAX_RANK];
  if (!staticShape(dlcOpOperand(op, 0), &s) || s.rank != 1 || s.dims[0] > DLC_MAX_RANK ||
      !operandEntries(op, 1, idx, n, budget) || !walk(dlcOpOperand(op, 0), data, s.dims[0], budget))
    return false;
  for (int64_t k = 0; k < n; ++k) {
    if (!idx[k].known || idx[k].count)
      return false;
    int64_t i = idx[k].coef < 0 ? idx[k].coef + s.dims[0] : idx[k].coef;
    if (i < 0 || i >= s.dims[0])
      return false;
    out[k] = data[i];
  }
  return true;
}

// slice of a 1-D tensor by attributes.
static bool sliceEntries(MlirOperation op, DlcSymDim *out, int64_t n, int *budget) {
  DlcShape s;
  DlcSymDim data[DLC_MAX_RANK];
  DlcSliceParams p;
  if (!mlirValueIsNull(dlcOpOperand(op, 1)) || !staticShape(dlcOpOperand(op, 0), &s) ||
      s.rank != 1 || s.dims[0] > DLC_MAX_RANK || !dlcSliceParams(op, &s, &p) || p.sizes[0] != n ||
      !walk(dlcOpOperand(op, 0), data, s.dims[0], budget))
    return false;
  for (int64_t k = 0; k < n; ++k)
    out[k] = data[p.offsets[0] + k * p.strides[0]];
  return true;
}

static bool concatEntries(MlirOperation op, DlcSymDim *out, int64_t n, int *budget) {
  DlcShape a;
  if (!staticShape(dlcOpOperand(op, 0), &a) || a.rank != 1 || a.dims[0] > n)
    return false;
  // One side may follow when the other does not.
  bool lhs = operandEntries(op, 0, out, a.dims[0], budget);
  bool rhs = operandEntries(op, 1, out + a.dims[0], n - a.dims[0], budget);
  return lhs || rhs;
}

static DlcSymDim multiply(const DlcSymDim *a, const DlcSymDim *b) {
  DlcSymDim r = {.known = false};
  if (!a->known || !b->known || a->count + b->count > DLC_SYM_MAX_FACTORS ||
      __builtin_mul_overflow(a->coef, b->coef, &r.coef))
    return r;
  r.known = true;
  r.count = a->count + b->count;
  memcpy(r.factors, a->factors, sizeof(DlcSymFactor) * (size_t)a->count);
  memcpy(r.factors + a->count, b->factors, sizeof(DlcSymFactor) * (size_t)b->count);
  return r;
}

// a + sign * b: like terms only (the same product of dims), or a zero.
static DlcSymDim addTerms(const DlcSymDim *a, const DlcSymDim *b, int64_t sign) {
  DlcSymDim r = {.known = false};
  if (!a->known || !b->known)
    return r;
  if (b->coef == 0)
    return *a;
  if (a->coef == 0 && sign == 1)
    return *b;
  if (!sameFactors(a, b) || __builtin_add_overflow(a->coef, sign * b->coef, &r.coef))
    return r;
  r.known = true;
  r.count = a->count;
  memcpy(r.factors, a->factors, sizeof(DlcSymFactor) * (size_t)a->count);
  return r;
}

// a / b for b a positive constant: of two non-negative constants (where
// truncation and flooring agree), or of a product of dims whose
// coefficient b divides.
static DlcSymDim divide(const DlcSymDim *a, const DlcSymDim *b) {
  DlcSymDim r = {.known = false};
  if (!a->known || !b->known || b->count || b->coef <= 0)
    return r;
  if (!a->count && a->coef >= 0)
    return known(a->coef / b->coef);
  if (a->coef % b->coef)
    return r;
  r = *a;
  r.coef /= b->coef;
  return r;
}

// a == b: known when both are constants, or when a product of dims (>= 0)
// meets a negative constant.
static DlcSymDim equal(const DlcSymDim *a, const DlcSymDim *b) {
  if (!a->known || !b->known)
    return (DlcSymDim){.known = false};
  if (!a->count && !b->count)
    return known(a->coef == b->coef);
  if (dlcSymDimEqual(a, b))
    return known(1);
  const DlcSymDim *dims = a->count ? a : b, *other = a->count ? b : a;
  if (!other->count && dims->coef >= 0 && other->coef < 0)
    return known(0);
  return (DlcSymDim){.known = false};
}

static bool binaryEntries(MlirOperation op, const char *name, DlcSymDim *out, int64_t n,
                          int *budget) {
  DlcSymDim a[DLC_MAX_RANK], b[DLC_MAX_RANK];
  if (!broadcastEntries(op, 0, a, n, budget) || !broadcastEntries(op, 1, b, n, budget))
    return false;
  for (int64_t k = 0; k < n; ++k) {
    if (!strcmp(name, "mul"))
      out[k] = multiply(&a[k], &b[k]);
    else if (!strcmp(name, "add"))
      out[k] = addTerms(&a[k], &b[k], 1);
    else if (!strcmp(name, "sub"))
      out[k] = addTerms(&a[k], &b[k], -1);
    else if (!strcmp(name, "div"))
      out[k] = divide(&a[k], &b[k]);
    else
      out[k] = equal(&a[k], &b[k]);
  }
  return true;
}

static bool whereEntries(MlirOperation op, DlcSymDim *out, int64_t n, int *budget) {
  DlcSymDim c[DLC_MAX_RANK], t[DLC_MAX_RANK], f[DLC_MAX_RANK];
  if (!broadcastEntries(op, 0, c, n, budget) || !broadcastEntries(op, 1, t, n, budget) ||
      !broadcastEntries(op, 2, f, n, budget))
    return false;
  for (int64_t k = 0; k < n; ++k)
    out[k] = !c[k].known || c[k].count ? (DlcSymDim){.known = false} : c[k].coef ? t[k] : f[k];
  return true;
}

static bool opEntries(MlirOperation op, DlcSymDim *out, int64_t n, int *budget) {
  MlirStringRef full = mlirIdentifierStr(mlirOperationGetName(op));
  static const char prefix[] = "dlc_graph.";
  size_t len = sizeof prefix - 1;
  if (full.length <= len || strncmp(full.data, prefix, len) || full.length - len > 31)
    return false;
  char name[32];
  memcpy(name, full.data + len, full.length - len);
  name[full.length - len] = 0;
  if (!strcmp(name, "constant"))
    return constantEntries(op, out, n);
  if (!strcmp(name, "shape"))
    return shapeEntries(op, out, n);
  if (!strcmp(name, "gather"))
    return dlcOpInt(op, "axis") == 0 && gatherEntries(op, out, n, budget);
  if (!strcmp(name, "slice"))
    return sliceEntries(op, out, n, budget);
  if (!strcmp(name, "concat"))
    return concatEntries(op, out, n, budget);
  // The same elements in the same order.
  if (!strcmp(name, "unsqueeze") || !strcmp(name, "squeeze") || !strcmp(name, "flatten") ||
      !strcmp(name, "identity") ||
      (!strcmp(name, "reshape") && mlirValueIsNull(dlcOpOperand(op, 1))))
    return operandEntries(op, 0, out, n, budget);
  if (!strcmp(name, "cast")) // between integer types, which hold any dim
    return mlirTypeIsAInteger(mlirShapedTypeGetElementType(mlirValueGetType(dlcOpOperand(op, 0)))) &&
           operandEntries(op, 0, out, n, budget);
  if (!strcmp(name, "mul") || !strcmp(name, "add") || !strcmp(name, "sub") ||
      !strcmp(name, "div") || !strcmp(name, "equal"))
    return binaryEntries(op, name, out, n, budget);
  if (!strcmp(name, "where"))
    return whereEntries(op, out, n, budget);
  return false;
}

static bool walk(MlirValue v, DlcSymDim *out, int64_t n, int *budget) {
  for (int64_t k = 0; k < n; ++k)
    out[k] = (DlcSymDim){.known = false};
  if (n > DLC_MAX_RANK || !mlirValueIsAOpResult(v) || --*budget < 0)
    return false;
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(v));
  if (!mlirTypeIsAInteger(elt))
    return false;
  if (!opEntries(mlirOpResultGetOwner(v), out, n, budget)) {
    for (int64_t k = 0; k < n; ++k)
      out[k] = (DlcSymDim){.known = false};
    return false;
  }
  return true;
}

bool dlcSymShapeValue(MlirValue v, DlcSymDim *out, int64_t n) {
  int budget = WALK_BUDGET;
  if (!walk(v, out, n, &budget))
    return false;
  for (int64_t k = 0; k < n; ++k)
    if (out[k].known)
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Result shapes
//===----------------------------------------------------------------------===//

// A product: a constant and up to a rank's worth of entries' factors.
typedef struct Product {
  int64_t coef;
  int count;
  DlcSymFactor factors[DLC_MAX_RANK * DLC_SYM_MAX_FACTORS];
} Product;

static bool productTimes(Product *p, const DlcSymDim *d) {
  if (!d->known || __builtin_mul_overflow(p->coef, d->coef, &p->coef))
    return false;
  for (int i = 0; i < d->count; ++i)
    p->factors[p->count++] = d->factors[i];
  return true;
}

// n / d when their factors cancel and the constants divide, else DLC_DYN.
static int64_t quotient(const Product *n, const Product *d) {
  if (n->count != d->count || d->coef <= 0 || n->coef % d->coef)
    return DLC_DYN;
  bool used[DLC_MAX_RANK * DLC_SYM_MAX_FACTORS] = {false};
  for (int i = 0; i < d->count; ++i) {
    int j = 0;
    while (j < n->count && (used[j] || !sameFactor(&d->factors[i], &n->factors[j])))
      ++j;
    if (j == n->count)
      return DLC_DYN;
    used[j] = true;
  }
  return n->coef / d->coef;
}

void dlcSymReshape(MlirValue input, const DlcShape *in, MlirValue shape, int64_t n,
                   bool allowZero, DlcShape *out) {
  DlcSymDim e[DLC_MAX_RANK];
  out->rank = n;
  for (int64_t i = 0; i < n; ++i)
    out->dims[i] = DLC_DYN;
  if (!dlcSymShapeValue(shape, e, n))
    return;
  int64_t inferred = -1;
  Product rest = {.coef = 1}, all = {.coef = 1};
  bool restKnown = true;
  for (int64_t i = 0; i < n; ++i) {
    if (e[i].known && !e[i].count && e[i].coef == 0 && !allowZero && i < in->rank)
      e[i] = dlcSymDimOf(input, in, i);
    if (e[i].known && !e[i].count && e[i].coef == -1) {
      inferred = i;
      continue;
    }
    if (e[i].known && !e[i].count && e[i].coef >= 0)
      out->dims[i] = e[i].coef;
    restKnown = restKnown && productTimes(&rest, &e[i]);
  }
  if (inferred < 0 || !restKnown)
    return;
  for (int64_t i = 0; i < in->rank; ++i) {
    DlcSymDim d = dlcSymDimOf(input, in, i);
    productTimes(&all, &d);
  }
  out->dims[inferred] = quotient(&all, &rest);
}

void dlcSymExpand(const DlcShape *in, MlirValue shape, int64_t n, DlcShape *out) {
  DlcSymDim e[DLC_MAX_RANK];
  if (!dlcSymShapeValue(shape, e, n)) {
    for (int64_t k = 0; k < n; ++k)
      e[k] = (DlcSymDim){.known = false};
  }
  out->rank = n > in->rank ? n : in->rank;
  for (int64_t i = 0; i < out->rank; ++i) {
    int64_t j = i - (out->rank - in->rank), k = i - (out->rank - n);
    int64_t d = j >= 0 ? in->dims[j] : 1;
    bool c = k >= 0 && e[k].known && !e[k].count;
    if (k < 0 || (d != DLC_DYN && d != 1) || (c && e[k].coef == 1))
      out->dims[i] = d;
    else if (c && e[k].coef != 1 && e[k].coef >= 0)
      out->dims[i] = e[k].coef;
    else
      out->dims[i] = DLC_DYN;
  }
}
