//===- OpsEinsum.c - Einsum as transposes, sums and a matmul ----*- C -*-===//
//
// An equation of one or two operands without ellipsis or repeated letters
// within an operand: letters only one operand has and the output lacks are
// summed first; then the operands are arranged as [batch, free, contracted]
// and [batch, contracted, free], flattened to 3-D for one batched matmul,
// and the result is reshaped and transposed to the output's letters. With
// no "->", the output is the letters seen once, in alphabetical order.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

typedef struct Term {
  char letters[DLC_MAX_RANK + 1];
  int64_t rank;
} Term;

static int64_t dimOf(MlirValue v, int64_t i) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), i);
}

static int64_t find(const Term *t, char c) {
  const char *p = strchr(t->letters, c);
  return p && c ? p - t->letters : -1;
}

// Parses "ab,bc->ac" (spaces allowed) into terms; false when malformed or
// using what this translator does not do.
static bool parse(MlirStringRef eq, Term *in, int *numIn, Term *out, DlcStr *why) {
  int t = 0;
  bool arrow = false;
  Term *cur = &in[0];
  memset(in, 0, 2 * sizeof *in);
  memset(out, 0, sizeof *out);
  for (size_t i = 0; i < eq.length; ++i) {
    char c = eq.data[i];
    if (c == ' ')
      continue;
    if (c == ',' && !arrow) {
      if (++t == 2) {
        dlcStrPuts(why, "more than two operands");
        return false;
      }
      cur = &in[t];
    } else if (c == '-' && i + 1 < eq.length && eq.data[i + 1] == '>' && !arrow) {
      arrow = true, ++i;
      cur = out;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      if (find(cur, c) >= 0) {
        dlcStrPrintf(why, "letter '%c' twice in one term (a diagonal)", c);
        return false;
      }
      if (cur->rank == DLC_MAX_RANK) {
        dlcStrPuts(why, "a term longer than the largest rank");
        return false;
      }
      cur->letters[cur->rank++] = c;
    } else {
      dlcStrPrintf(why, "'%c' (ellipsis and other symbols are not supported)", c);
      return false;
    }
  }
  *numIn = t + 1;
  if (!arrow) { // the letters seen once, sorted
    for (char c = 'A'; c <= 'z'; ++c) {
      int seen = 0;
      for (int k = 0; k < *numIn; ++k)
        seen += find(&in[k], c) >= 0;
      if (seen == 1)
        out->letters[out->rank++] = c;
    }
  }
  return true;
}

// Sums the letters of `t` that neither `other` (may be NULL) nor `out` has.
static DlcOnnxStatus sumAlone(DlcOnnxNode *n, MlirValue *v, Term *t, const Term *other,
                              const Term *out) {
  int64_t axes[DLC_MAX_RANK], count = 0;
  Term kept = {{0}, 0};
  for (int64_t i = 0; i < t->rank; ++i) {
    char c = t->letters[i];
    if ((other && find(other, c) >= 0) || find(out, c) >= 0)
      kept.letters[kept.rank++] = c;
    else
      axes[count++] = i;
  }
  if (count)
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", *v, axes, count, false, v));
  *t = kept;
  return DLC_ONNX_OK;
}

// Transposes `v` (letters `from`) to the letters `to` (a permutation).
static DlcOnnxStatus arrange(DlcOnnxNode *n, MlirValue *v, const Term *from, const Term *to) {
  int64_t perm[DLC_MAX_RANK];
  bool identity = true;
  for (int64_t i = 0; i < to->rank; ++i) {
    perm[i] = find(from, to->letters[i]);
    identity &= perm[i] == i;
  }
  return identity ? DLC_ONNX_OK : dlcOnnxShapeOp(n, "dlc_graph.transpose", *v, perm, to->rank, v);
}

static int64_t product(MlirValue v, int64_t from, int64_t count) {
  int64_t p = 1;
  for (int64_t i = from; i < from + count; ++i)
    p *= dimOf(v, i);
  return p;
}

static DlcOnnxStatus translateEinsum(DlcOnnxNode *n) {
  Term in[2], out;
  int numIn;
  DlcStr why = DLC_STR_INIT;
  MlirStringRef eq = dlcOnnxAttrString(n, "equation", "");
  bool ok = parse(eq, in, &numIn, &out, &why);
  if (!ok) {
    DlcOnnxStatus s = dlcOnnxUnsupported(n, "equation '%.*s': %s", (int)eq.length, eq.data,
                                         dlcStrGet(&why));
    dlcStrFree(&why);
    return s;
  }
  dlcStrFree(&why);
  if (numIn != dlcOnnxNumInputs(n))
    return dlcOnnxError(n, "the equation has %d operands, the node %d inputs", numIn,
                        dlcOnnxNumInputs(n));
  MlirValue v[2];
  for (int k = 0; k < numIn; ++k) {
    DLC_ONNX_TRY(dlcOnnxInput(n, k, &v[k]));
    MlirType type = mlirValueGetType(v[k]);
    if (!mlirShapedTypeHasStaticShape(type) || mlirShapedTypeGetRank(type) != in[k].rank)
      return dlcOnnxUnsupported(n, "operand %d must have a static shape of rank %lld", k,
                                (long long)in[k].rank);
  }
  DLC_ONNX_TRY(sumAlone(n, &v[0], &in[0], numIn == 2 ? &in[1] : NULL, &out));
  MlirValue y = v[0];
  Term have = in[0];
  if (numIn == 2) {
    DLC_ONNX_TRY(sumAlone(n, &v[1], &in[1], &in[0], &out));
    // batch: in both and the output; contracted: in both only; free: one.
    Term a = {{0}, 0}, b = {{0}, 0}, res = {{0}, 0};
    int64_t nb = 0, nfa = 0, nk = 0, nfb = 0;
    for (int pass = 0; pass < 4; ++pass) {
      const Term *src = pass == 3 ? &in[1] : &in[0];
      for (int64_t i = 0; i < src->rank; ++i) {
        char c = src->letters[i];
        bool inA = find(&in[0], c) >= 0, inB = find(&in[1], c) >= 0, inOut = find(&out, c) >= 0;
        bool batch = inA && inB && inOut, contracted = inA && inB && !inOut;
        if (pass == 0 && batch)
          a.letters[a.rank++] = c, b.letters[b.rank++] = c, res.letters[res.rank++] = c, ++nb;
        else if (pass == 1 && inA && !inB)
          a.letters[a.rank++] = c, res.letters[res.rank++] = c, ++nfa;
        else if (pass == 2 && contracted)
          a.letters[a.rank++] = c, b.letters[b.rank++] = c, ++nk;
        else if (pass == 3 && inB && !inA)
          b.letters[b.rank++] = c, res.letters[res.rank++] = c, ++nfb;
      }
    }
    // The passes give a = [batch, free, contracted], b = [batch, contracted, free].
    DLC_ONNX_TRY(arrange(n, &v[0], &in[0], &a));
    DLC_ONNX_TRY(arrange(n, &v[1], &in[1], &b));
    int64_t batch = product(v[0], 0, nb), m = product(v[0], nb, nfa);
    int64_t kk = product(v[0], nb + nfa, nk), nn = product(v[1], nb + nk, nfb);
    int64_t a3[3] = {batch, m, kk}, b3[3] = {batch, kk, nn}, dims[DLC_MAX_RANK];
    for (int64_t i = 0; i < nb + nfa; ++i)
      dims[i] = dimOf(v[0], i);
    for (int64_t i = 0; i < nfb; ++i)
      dims[nb + nfa + i] = dimOf(v[1], nb + nk + i);
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v[0], a3, 3, &v[0]));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v[1], b3, 3, &v[1]));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", v[0], v[1], &y));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, dims, res.rank, &y));
    have = res;
  }
  DLC_ONNX_TRY(arrange(n, &y, &have, &out));
  if (mlirValueEqual(y, v[0]) && numIn == 1)
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.identity", y, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

static const DlcOnnxOpEntry ops[] = {
    {"Einsum", 12, translateEinsum, {A_STRING("equation")}, "dlc_graph.matmul",
     "One or two operands with static shapes; no ellipsis, no letter twice in one operand "
     "(diagonals)."},
};

const DlcOnnxOpEntry *dlcOnnxEinsumOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
