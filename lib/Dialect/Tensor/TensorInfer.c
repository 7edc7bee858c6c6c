//===- TensorInfer.c - Shape rules of dlc_tensor ops ------------*- C -*-===//
//
// Tensor-level ops carry every attribute explicitly; their rules check that
// operands, attributes and the declared result agree, and infer the result
// where it follows from the operands (reshape, broadcast and slice take
// their result shape from the declared type).
//
//===----------------------------------------------------------------------===//

#include "Dialect/GatherShapes.h"
#include "Dialect/Tensor/TensorInfer.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }
static MlirLogicalResult ok(void) { return mlirLogicalResultSuccess(); }

static bool sameElt(DlcInfer *in, int a, int b) {
  if (mlirTypeEqual(in->elts[a], in->elts[b]))
    return true;
  dlcEmitOpError(in->op, "operands '%s' and '%s' must have the same element type",
                 in->def->operands[a].name, in->def->operands[b].name);
  return false;
}

static bool resultEltIs(DlcInfer *in, MlirType elt) {
  if (mlirTypeEqual(dlcElementType(in->declared[0]), elt))
    return true;
  dlcEmitOpError(in->op, "result 'output' must have the element type of the input");
  return false;
}

// Reads a required i64 array attribute of exactly `n` entries.
static bool intsOfLength(DlcInfer *in, const char *name, int64_t n, int64_t *out) {
  int64_t got = dlcOpInts(in->op, name, out, DLC_MAX_RANK);
  if (got == n)
    return true;
  dlcEmitOpError(in->op, "attribute '%s' must have %lld entries, but has %lld", name, (long long)n,
                 (long long)got);
  return false;
}

static bool allAtLeast(DlcInfer *in, const char *name, const int64_t *v, int64_t n, int64_t min) {
  for (int64_t i = 0; i < n; ++i) {
    if (v[i] < min) {
      dlcEmitOpError(in->op, "attribute '%s' entries must be >= %lld", name, (long long)min);
      return false;
    }
  }
  return true;
}

// True if `from` broadcasts to `to` with numpy rules.
static bool broadcastsTo(const DlcShape *from, const DlcShape *to) {
  if (from->rank > to->rank)
    return false;
  for (int64_t i = 0; i < from->rank; ++i) {
    int64_t f = from->dims[i], t = to->dims[i + to->rank - from->rank];
    if (f != 1 && f != DLC_DYN && t != DLC_DYN && f != t)
      return false;
  }
  return true;
}

static MlirOperation findFunc(MlirOperation from, MlirAttribute symbol) {
  MlirStringRef name = mlirFlatSymbolRefAttrGetValue(symbol);
  for (MlirOperation scope = mlirOperationGetParentOperation(from); !mlirOperationIsNull(scope);
       scope = mlirOperationGetParentOperation(scope)) {
    MlirStringRef scopeName = mlirIdentifierStr(mlirOperationGetName(scope));
    if (!mlirStringRefEqual(scopeName, mlirStringRefCreateFromCString("builtin.module")))
      continue;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(scope, 0));
    for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
      MlirAttribute sym =
          mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
      if (!mlirAttributeIsNull(sym) && mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
        return op;
    }
    break;
  }
  return (MlirOperation){NULL};
}

MlirLogicalResult dlcTensorInferMap(DlcInfer *in) {
  int n = 0;
  while (n < in->numOperands && in->types[n].ptr)
    ++n;
  for (int i = n; i < in->numOperands; ++i) {
    if (in->types[i].ptr) {
      dlcEmitOpError(in->op, "operand '%s' is given without '%s'", in->def->operands[i].name,
                     in->def->operands[n].name);
      return fail();
    }
  }
  DlcShape out;
  dlcShapeOf(in->declared[0], &out);
  for (int i = 0; i < n; ++i) {
    if (!broadcastsTo(&in->shapes[i], &out)) {
      DlcStr a = DLC_STR_INIT, b = DLC_STR_INIT;
      dlcStrAppendType(&a, in->types[i]);
      dlcStrAppendType(&b, in->declared[0]);
      dlcEmitOpError(in->op, "operand '%s' of type %s does not broadcast to the result type %s",
                     in->def->operands[i].name, dlcStrGet(&a), dlcStrGet(&b));
      dlcStrFree(&a);
      dlcStrFree(&b);
      return fail();
    }
  }
  MlirAttribute fnAttr = dlcOpAttr(in->op, "fn");
  MlirOperation fn = findFunc(in->op, fnAttr);
  MlirStringRef fnName = mlirFlatSymbolRefAttrGetValue(fnAttr);
  if (mlirOperationIsNull(fn) ||
      !mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(fn)),
                          mlirStringRefCreateFromCString("func.func"))) {
    dlcEmitOpError(in->op, "'fn' must name a func.func in the enclosing module, but @%.*s is not one",
                   (int)fnName.length, fnName.data);
    return fail();
  }
  MlirType fnType = mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(fn, mlirStringRefCreateFromCString("function_type")));
  bool good = mlirFunctionTypeGetNumInputs(fnType) == n && mlirFunctionTypeGetNumResults(fnType) == 1;
  for (int i = 0; good && i < n; ++i)
    good = mlirTypeEqual(mlirFunctionTypeGetInput(fnType, i), dlcSignless(in->elts[i]));
  if (good)
    good = mlirTypeEqual(mlirFunctionTypeGetResult(fnType, 0),
                         dlcSignless(dlcElementType(in->declared[0])));
  if (!good) {
    DlcStr want = DLC_STR_INIT, got = DLC_STR_INIT;
    dlcStrPuts(&want, "(");
    for (int i = 0; i < n; ++i) {
      if (i)
        dlcStrPuts(&want, ", ");
      dlcStrAppendType(&want, dlcSignless(in->elts[i]));
    }
    dlcStrPuts(&want, ") -> ");
    dlcStrAppendType(&want, dlcSignless(dlcElementType(in->declared[0])));
    dlcStrAppendType(&got, fnType);
    dlcEmitOpError(in->op, "'fn' @%.*s must have type %s, but has %s", (int)fnName.length,
                   fnName.data, dlcStrGet(&want), dlcStrGet(&got));
    dlcStrFree(&want);
    dlcStrFree(&got);
    return fail();
  }
  // The body is inlined into a linalg.generic: it needs exactly one block.
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  if (mlirBlockIsNull(entry) || !mlirBlockIsNull(mlirBlockGetNextInRegion(entry))) {
    dlcEmitOpError(in->op, "'fn' @%.*s must have a body of exactly one block", (int)fnName.length,
                   fnName.data);
    return fail();
  }
  return ok();
}

bool dlcParseContractSpec(MlirStringRef spec, DlcContractSpec *out) {
  memset(out, 0, sizeof *out);
  char *parts[3] = {out->lhs, out->rhs, out->out};
  int part = 0, len = 0;
  for (size_t i = 0; i < spec.length; ++i) {
    char c = spec.data[i];
    if (c == ',' && part == 0) {
      part = 1;
      len = 0;
    } else if (c == '-' && part == 1 && i + 1 < spec.length && spec.data[i + 1] == '>') {
      part = 2;
      len = 0;
      ++i;
    } else if (c >= 'a' && c <= 'z' && len < DLC_MAX_RANK) {
      if (strchr(parts[part], c))
        return false;
      parts[part][len++] = c;
    } else if (c != ' ') {
      return false;
    }
  }
  if (part != 2)
    return false;
  for (const char *c = out->out; *c; ++c)
    if (!strchr(out->lhs, *c) && !strchr(out->rhs, *c))
      return false;
  return true;
}

MlirLogicalResult dlcTensorInferContract(DlcInfer *in) {
  DlcContractSpec spec;
  MlirStringRef text = dlcOpString(in->op, "spec");
  if (!dlcParseContractSpec(text, &spec)) {
    dlcEmitOpError(in->op, "attribute 'spec' must look like \"mk,kn->mn\" (distinct letters a-z "
                           "per operand, output letters taken from the inputs), but is \"%.*s\"",
                   (int)text.length, text.data);
    return fail();
  }
  if ((int64_t)strlen(spec.lhs) != in->shapes[0].rank ||
      (int64_t)strlen(spec.rhs) != in->shapes[1].rank) {
    dlcEmitOpError(in->op, "'spec' \"%.*s\" does not match the ranks of lhs (%lld) and rhs (%lld)",
                   (int)text.length, text.data, (long long)in->shapes[0].rank,
                   (long long)in->shapes[1].rank);
    return fail();
  }
  if (!sameElt(in, 0, 1) || !resultEltIs(in, in->elts[0]))
    return fail();
  int64_t size[26];
  for (int i = 0; i < 26; ++i)
    size[i] = DLC_DYN;
  const char *letters[2] = {spec.lhs, spec.rhs};
  for (int k = 0; k < 2; ++k) {
    for (int64_t i = 0; letters[k][i]; ++i) {
      int64_t d = in->shapes[k].dims[i], *s = &size[letters[k][i] - 'a'];
      if (d != DLC_DYN && *s != DLC_DYN && d != *s) {
        dlcEmitOpError(in->op, "dim '%c' has size %lld in one operand and %lld in another",
                       letters[k][i], (long long)*s, (long long)d);
        return fail();
      }
      if (d != DLC_DYN)
        *s = d;
    }
  }
  DlcShape out = {.rank = (int64_t)strlen(spec.out)};
  for (int64_t i = 0; i < out.rank; ++i)
    out.dims[i] = size[spec.out[i] - 'a'];
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcTensorInferConv(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0], *w = &in->shapes[1];
  if (x->rank < 3 || x->rank != w->rank) {
    dlcEmitOpError(in->op, "input and weight must have the same rank >= 3 (N x C x spatial..)");
    return fail();
  }
  int64_t n = x->rank - 2, strides[DLC_MAX_RANK], dilations[DLC_MAX_RANK];
  if (!intsOfLength(in, "strides", n, strides) || !intsOfLength(in, "dilations", n, dilations) ||
      !allAtLeast(in, "strides", strides, n, 1) || !allAtLeast(in, "dilations", dilations, n, 1))
    return fail();
  int64_t groups = dlcOpInt(in->op, "groups");
  if (groups < 1 || (x->dims[1] != DLC_DYN && x->dims[1] % groups) ||
      (w->dims[0] != DLC_DYN && w->dims[0] % groups)) {
    dlcEmitOpError(in->op, "'groups' (%lld) must be >= 1 and divide the input channels and the "
                           "number of filters", (long long)groups);
    return fail();
  }
  if (x->dims[1] != DLC_DYN && w->dims[1] != DLC_DYN && x->dims[1] != w->dims[1] * groups) {
    dlcEmitOpError(in->op, "input has %lld channels, but weight expects %lld x %lld groups",
                   (long long)x->dims[1], (long long)w->dims[1], (long long)groups);
    return fail();
  }
  if (!sameElt(in, 0, 1) || !resultEltIs(in, in->elts[0]))
    return fail();
  for (int64_t i = 0; i < n; ++i) {
    if (w->dims[2 + i] == 0) {
      dlcEmitOpError(in->op, "weight spatial dims must be >= 1, but dim %lld is 0",
                     (long long)(2 + i));
      return fail();
    }
  }
  DlcShape out = {.rank = x->rank};
  out.dims[0] = x->dims[0];
  out.dims[1] = w->dims[0];
  for (int64_t i = 0; i < n; ++i) {
    int64_t d = x->dims[2 + i], k = w->dims[2 + i];
    if (d == DLC_DYN || k == DLC_DYN) {
      out.dims[2 + i] = DLC_DYN;
      continue;
    }
    int64_t span = (k - 1) * dilations[i] + 1;
    if (span > d) {
      dlcEmitOpError(in->op, "window of %lld (dilated) does not fit spatial dim %lld of size %lld",
                     (long long)span, (long long)i, (long long)d);
      return fail();
    }
    out.dims[2 + i] = (d - span) / strides[i] + 1;
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcTensorInferPool(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  int64_t window[DLC_MAX_RANK], strides[DLC_MAX_RANK], dilations[DLC_MAX_RANK];
  int64_t n = dlcOpInts(in->op, "window", window, DLC_MAX_RANK);
  if (n < 1 || n > x->rank) {
    dlcEmitOpError(in->op, "attribute 'window' must have between 1 and rank (%lld) entries",
                   (long long)x->rank);
    return fail();
  }
  if (!allAtLeast(in, "window", window, n, 1) || !intsOfLength(in, "strides", n, strides) ||
      !intsOfLength(in, "dilations", n, dilations) || !allAtLeast(in, "strides", strides, n, 1) ||
      !allAtLeast(in, "dilations", dilations, n, 1))
    return fail();
  MlirStringRef kind = dlcOpString(in->op, "kind");
  bool isMax = mlirStringRefEqual(kind, mlirStringRefCreateFromCString("max"));
  if (!isMax && !mlirStringRefEqual(kind, mlirStringRefCreateFromCString("sum"))) {
    dlcEmitOpError(in->op, "attribute 'kind' must be \"max\" or \"sum\", but is \"%.*s\"",
                   (int)kind.length, kind.data);
    return fail();
  }
  if (in->hasResult[1] && !isMax) {
    dlcEmitOpError(in->op, "result 'indices' requires kind \"max\"");
    return fail();
  }
  if (!resultEltIs(in, in->elts[0]))
    return fail();
  DlcShape out = *x;
  int64_t first = x->rank - n;
  for (int64_t i = 0; i < n; ++i) {
    int64_t d = x->dims[first + i];
    if (d == DLC_DYN)
      continue;
    int64_t span = (window[i] - 1) * dilations[i] + 1;
    if (span > d) {
      dlcEmitOpError(in->op, "window of %lld (dilated) does not fit dim %lld of size %lld",
                     (long long)span, (long long)(first + i), (long long)d);
      return fail();
    }
    out.dims[first + i] = (d - span) / strides[i] + 1;
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  if (in->hasResult[1])
    in->results[1] = dlcTensorType(&out, mlirIntegerTypeGet(in->ctx, 64));
  return ok();
}

MlirLogicalResult dlcTensorInferReduce(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  MlirStringRef kind = dlcOpString(in->op, "kind");
  static const char *const kinds[] = {"sum", "max", "min", "prod"};
  bool known = false;
  for (int i = 0; i < 4; ++i)
    known = known || mlirStringRefEqual(kind, mlirStringRefCreateFromCString(kinds[i]));
  if (!known) {
    dlcEmitOpError(in->op, "attribute 'kind' must be \"sum\", \"max\", \"min\" or \"prod\", but is "
                           "\"%.*s\"", (int)kind.length, kind.data);
    return fail();
  }
  int64_t dims[DLC_MAX_RANK];
  int64_t n = dlcOpInts(in->op, "dims", dims, DLC_MAX_RANK);
  for (int64_t i = 0; i < n; ++i) {
    // More entries than dims cannot be unique (and would overrun `dims`).
    if (n > x->rank || dims[i] < 0 || dims[i] >= x->rank || (i && dims[i] <= dims[i - 1])) {
      dlcEmitOpError(in->op, "attribute 'dims' must be sorted, unique and in [0, %lld)",
                     (long long)x->rank);
      return fail();
    }
  }
  if (!resultEltIs(in, in->elts[0]))
    return fail();
  DlcShape out = {.rank = 0};
  for (int64_t i = 0, k = 0; i < x->rank; ++i) {
    if (k < n && dims[k] == i)
      ++k;
    else
      out.dims[out.rank++] = x->dims[i];
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

static bool isPermutation(const int64_t *perm, int64_t n) {
  bool seen[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < n; ++i) {
    if (perm[i] < 0 || perm[i] >= n || seen[perm[i]])
      return false;
    seen[perm[i]] = true;
  }
  return true;
}

MlirLogicalResult dlcTensorInferTranspose(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  int64_t perm[DLC_MAX_RANK];
  if (!intsOfLength(in, "perm", x->rank, perm))
    return fail();
  if (!isPermutation(perm, x->rank)) {
    dlcEmitOpError(in->op, "attribute 'perm' must be a permutation of [0, %lld)", (long long)x->rank);
    return fail();
  }
  if (!resultEltIs(in, in->elts[0]))
    return fail();
  DlcShape out = {.rank = x->rank};
  for (int64_t i = 0; i < x->rank; ++i)
    out.dims[i] = x->dims[perm[i]];
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcTensorInferReshape(DlcInfer *in) {
  DlcShape out;
  dlcShapeOf(in->declared[0], &out);
  int64_t a = dlcShapeNumElements(&in->shapes[0]), b = dlcShapeNumElements(&out);
  if (a != DLC_DYN && b != DLC_DYN && a != b) {
    dlcEmitOpError(in->op, "input has %lld elements but the result has %lld", (long long)a,
                   (long long)b);
    return fail();
  }
  return resultEltIs(in, in->elts[0]) ? ok() : fail();
}

MlirLogicalResult dlcTensorInferBroadcast(DlcInfer *in) {
  DlcShape out;
  dlcShapeOf(in->declared[0], &out);
  if (!broadcastsTo(&in->shapes[0], &out)) {
    dlcEmitOpError(in->op, "input does not broadcast to the result shape");
    return fail();
  }
  return resultEltIs(in, in->elts[0]) ? ok() : fail();
}

MlirLogicalResult dlcTensorInferSlice(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  int64_t offsets[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  if (!intsOfLength(in, "offsets", x->rank, offsets) ||
      !intsOfLength(in, "strides", x->rank, strides))
    return fail();
  DlcShape out;
  dlcShapeOf(in->declared[0], &out);
  if (out.rank != x->rank) {
    dlcEmitOpError(in->op, "result must have the input's rank %lld", (long long)x->rank);
    return fail();
  }
  for (int64_t i = 0; i < x->rank; ++i) {
    if (strides[i] == 0) {
      dlcEmitOpError(in->op, "attribute 'strides' entries must be non-zero");
      return fail();
    }
    if (x->dims[i] == DLC_DYN || out.dims[i] == DLC_DYN || out.dims[i] == 0)
      continue;
    int64_t last = offsets[i] + (out.dims[i] - 1) * strides[i];
    if (offsets[i] < 0 || offsets[i] >= x->dims[i] || last < 0 || last >= x->dims[i]) {
      dlcEmitOpError(in->op, "dim %lld reads [%lld .. %lld] outside [0, %lld)", (long long)i,
                     (long long)offsets[i], (long long)last, (long long)x->dims[i]);
      return fail();
    }
  }
  return resultEltIs(in, in->elts[0]) ? ok() : fail();
}

MlirLogicalResult dlcTensorInferConcat(DlcInfer *in) {
  const DlcShape *a = &in->shapes[0], *b = &in->shapes[1];
  int64_t dim = dlcOpInt(in->op, "dim");
  if (a->rank != b->rank || dim < 0 || dim >= a->rank) {
    dlcEmitOpError(in->op, "operands must have the same rank and 'dim' (%lld) must be in [0, %lld)",
                   (long long)dim, (long long)a->rank);
    return fail();
  }
  if (!sameElt(in, 0, 1) || !resultEltIs(in, in->elts[0]))
    return fail();
  DlcShape out = *a;
  for (int64_t i = 0; i < a->rank; ++i) {
    if (i == dim) {
      out.dims[i] = (a->dims[i] == DLC_DYN || b->dims[i] == DLC_DYN) ? DLC_DYN
                                                                      : a->dims[i] + b->dims[i];
    } else if (a->dims[i] != DLC_DYN && b->dims[i] != DLC_DYN && a->dims[i] != b->dims[i]) {
      dlcEmitOpError(in->op, "operands differ in dim %lld (%lld vs %lld)", (long long)i,
                     (long long)a->dims[i], (long long)b->dims[i]);
      return fail();
    } else if (out.dims[i] == DLC_DYN) {
      out.dims[i] = b->dims[i];
    }
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcTensorInferPad(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  int64_t low[DLC_MAX_RANK], high[DLC_MAX_RANK], interior[DLC_MAX_RANK];
  if (!intsOfLength(in, "low", x->rank, low) || !intsOfLength(in, "high", x->rank, high) ||
      !intsOfLength(in, "interior", x->rank, interior) || !allAtLeast(in, "low", low, x->rank, 0) ||
      !allAtLeast(in, "high", high, x->rank, 0) ||
      !allAtLeast(in, "interior", interior, x->rank, 0))
    return fail();
  if (in->shapes[1].rank != 0) {
    dlcEmitOpError(in->op, "operand 'value' must be a 0-d tensor");
    return fail();
  }
  if (!sameElt(in, 0, 1) || !resultEltIs(in, in->elts[0]))
    return fail();
  DlcShape out = *x;
  for (int64_t i = 0; i < x->rank; ++i)
    if (x->dims[i] != DLC_DYN)
      out.dims[i] = low[i] + high[i] + x->dims[i] + (x->dims[i] > 0 ? (x->dims[i] - 1) * interior[i] : 0);
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcTensorInferGather(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  int64_t dim = dlcOpInt(in->op, "dim");
  if (dim < 0 || dim >= x->rank) {
    dlcEmitOpError(in->op, "attribute 'dim' (%lld) must be in [0, %lld)", (long long)dim,
                   (long long)x->rank);
    return fail();
  }
  DlcShape out;
  if (!dlcGatherShape(in, dim, &out) || !resultEltIs(in, in->elts[0]))
    return fail();
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcTensorInferGatherElements(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0], *idx = &in->shapes[1];
  int64_t dim = dlcOpInt(in->op, "dim");
  if (dim < 0 || dim >= x->rank) {
    dlcEmitOpError(in->op, "attribute 'dim' (%lld) must be in [0, %lld)", (long long)dim,
                   (long long)x->rank);
    return fail();
  }
  if (!dlcCheckGatherElementsIndices(in, dim))
    return fail();
  if (!resultEltIs(in, in->elts[0]))
    return fail();
  in->results[0] = dlcTensorType(idx, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcTensorInferCheck(DlcInfer *in) {
  (void)in;
  return ok();
}
