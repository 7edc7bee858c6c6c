//===- OpsTfIdf.c - TfIdfVectorizer over integer tokens ---------*- C -*-===//
//
// TfIdfVectorizer counts the pool's n-grams in each row of integer tokens:
// for every gram length n from min_gram_length to max_gram_length and
// every skip s up to max_skip_count (1-grams once), position p matches
// pool gram j when token p + m (s + 1) equals its m-th token for all m;
// the matches summed over p are j's count. TF keeps the counts, IDF puts
// the gram's weight where the count is positive, TFIDF multiplies; a 0/1
// matrix then sends each pool gram to its output index. String tokens
// (pool_strings) are not supported.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }

static DlcOnnxStatus constant(DlcOnnxNode *n, MlirType elt, const int64_t *dims, int64_t rank,
                              const void *values, MlirValue *out) {
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= dims[i];
  MlirType type = mlirRankedTensorTypeGet(rank, dims, elt, mlirAttributeGetNull());
  MlirAttribute value = mlirTypeIsAF32(elt)
                            ? mlirDenseElementsAttrFloatGet(type, count, values)
                            : mlirDenseElementsAttrInt64Get(type, count, values);
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &op, "value", value);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// Counts [rows, grams] of the `grams` n-grams listed at `pool` in x
// ([rows, len], i64) with skip s.
static DlcOnnxStatus countGrams(DlcOnnxNode *n, MlirValue x, int64_t len, const int64_t *pool,
                                int64_t gramLen, int64_t grams, int64_t skip, MlirValue *out) {
  int64_t positions = len - (gramLen - 1) * (skip + 1);
  MlirValue match = {NULL};
  int64_t *column = malloc((size_t)grams * sizeof *column);
  if (!column)
    abort();
  for (int64_t m = 0; m < gramLen; ++m) {
    MlirValue tokens, wanted, hit;
    int64_t begin = m * (skip + 1), cdims[1] = {grams};
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, x, 1, begin, begin + positions, 1, &tokens));
    int64_t shape[3] = {dimOf(x, 0), positions, 1};
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", tokens, shape, 3, &tokens));
    for (int64_t j = 0; j < grams; ++j)
      column[j] = pool[j * gramLen + m];
    DlcOnnxStatus status =
        constant(n, mlirIntegerTypeGet(n->ctx, 64), cdims, 1, column, &wanted);
    if (status != DLC_ONNX_OK) {
      free(column);
      return status;
    }
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", tokens, wanted, &hit));
    if (mlirValueIsNull(match))
      match = hit;
    else
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", match, hit, &match));
  }
  free(column);
  MlirValue f;
  int64_t over = 1;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, match, mlirF32TypeGet(n->ctx), &f));
  return dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", f, &over, 1, false, out);
}

static DlcOnnxStatus translateTfIdf(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  MlirType elt = mlirShapedTypeGetElementType(typeOf(x));
  if (dlcOnnxAttr(n, "pool_strings") || !mlirTypeIsAInteger(elt))
    return dlcOnnxUnsupported(n, "string tokens (pool_strings) are not supported, only integers");
  const int64_t *pool, *counts, *indexes;
  int64_t poolSize, numCounts, numIndexes;
  if (!dlcOnnxAttrInts(n, "pool_int64s", &pool, &poolSize) ||
      !dlcOnnxAttrInts(n, "ngram_counts", &counts, &numCounts) ||
      !dlcOnnxAttrInts(n, "ngram_indexes", &indexes, &numIndexes))
    return dlcOnnxError(n, "attributes 'pool_int64s', 'ngram_counts' and 'ngram_indexes' are "
                           "required");
  int64_t minLen = dlcOnnxAttrInt(n, "min_gram_length", 0);
  int64_t maxLen = dlcOnnxAttrInt(n, "max_gram_length", 0);
  int64_t maxSkip = dlcOnnxAttrInt(n, "max_skip_count", 0);
  MlirStringRef mode = dlcOnnxAttrString(n, "mode", "");
  bool tf = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("TF"));
  bool idf = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("IDF"));
  bool tfidf = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("TFIDF"));
  if (!tf && !idf && !tfidf)
    return dlcOnnxError(n, "attribute 'mode' is \"%.*s\", not TF, IDF or TFIDF",
                        (int)mode.length, mode.data);
  if (minLen < 1 || maxLen < minLen || maxLen > numCounts || maxSkip < 0)
    return dlcOnnxError(n, "needs 1 <= min_gram_length <= max_gram_length <= the %lld entries "
                           "of 'ngram_counts', and max_skip_count >= 0",
                        (long long)numCounts);
  // Gram lengths 1.. numCounts start at counts[i]; their number of grams.
  int64_t grams[64] = {0}, total = 0, outputs = 0;
  if (numCounts > 64)
    return dlcOnnxUnsupported(n, "grams longer than 64 tokens");
  for (int64_t i = 0; i < numCounts; ++i) {
    int64_t end = i + 1 < numCounts ? counts[i + 1] : poolSize;
    if (counts[i] < 0 || end < counts[i] || (end - counts[i]) % (i + 1))
      return dlcOnnxError(n, "'ngram_counts' does not split 'pool_int64s' into whole grams");
    grams[i] = (end - counts[i]) / (i + 1);
    total += grams[i];
  }
  if (total == 0 || total != numIndexes)
    return dlcOnnxError(n, "'ngram_indexes' has %lld entries for %lld pool grams (at least 1)",
                        (long long)numIndexes, (long long)total);
  for (int64_t j = 0; j < numIndexes; ++j) {
    if (indexes[j] < 0)
      return dlcOnnxError(n, "'ngram_indexes' holds a negative index");
    outputs = indexes[j] + 1 > outputs ? indexes[j] + 1 : outputs;
  }
  const float *weights = NULL;
  const Onnx__AttributeProto *wa = dlcOnnxAttr(n, "weights");
  if (wa) {
    if ((int64_t)wa->n_floats != numIndexes)
      return dlcOnnxError(n, "'weights' must have one value per pool gram (%lld)",
                          (long long)numIndexes);
    weights = wa->floats;
  }
  int64_t rank = rankOf(x);
  if ((rank != 1 && rank != 2) || !mlirShapedTypeHasStaticShape(typeOf(x)))
    return dlcOnnxUnsupported(n, "the input must be 1-D or 2-D with a static shape");
  int64_t rows = rank == 2 ? dimOf(x, 0) : 1, len = dimOf(x, rank - 1);
  int64_t rowShape[2] = {rows, len};
  MlirType f32 = mlirF32TypeGet(n->ctx);
  MlirValue tokens, all = {NULL};
  DLC_ONNX_TRY(dlcOnnxCastOp(n, x, mlirIntegerTypeGet(n->ctx, 64), &tokens));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", tokens, rowShape, 2, &tokens));
  // Counts of every pool gram, [rows, total], in pool order.
  for (int64_t i = 0; i < numCounts; ++i) {
    int64_t gramLen = i + 1;
    MlirValue sum = {NULL}, c;
    if (grams[i] > 0 && gramLen >= minLen && gramLen <= maxLen)
      for (int64_t s = 0; s <= (gramLen == 1 ? 0 : maxSkip); ++s) {
        if (len - (gramLen - 1) * (s + 1) < 1)
          break;
        DLC_ONNX_TRY(countGrams(n, tokens, len, pool + counts[i], gramLen, grams[i], s, &c));
        if (mlirValueIsNull(sum))
          sum = c;
        else
          DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", sum, c, &sum));
      }
    if (grams[i] > 0 && mlirValueIsNull(sum)) { // not counted: zeros
      MlirValue zero;
      int64_t dims[2] = {rows, grams[i]};
      DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f32, 0, &zero));
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", zero, dims, 2, &sum));
    }
    if (mlirValueIsNull(sum))
      continue;
    if (mlirValueIsNull(all)) {
      all = sum;
    } else {
      DlcOnnxOp cat;
      dlcOnnxOpInit(&cat, "dlc_graph.concat");
      cat.operands[0] = all, cat.operands[1] = sum;
      dlcOnnxOpInt(n, &cat, "axis", 1);
      DLC_ONNX_TRY(dlcOnnxBuild(n, &cat));
      all = cat.results[0];
    }
  }
  if (!tf) {
    float *w = malloc((size_t)total * sizeof *w);
    if (!w)
      abort();
    for (int64_t j = 0; j < total; ++j)
      w[j] = weights ? weights[j] : 1.0f;
    MlirValue wv;
    DlcOnnxStatus status = constant(n, f32, &total, 1, w, &wv);
    free(w);
    DLC_ONNX_TRY(status);
    if (idf) {
      MlirValue zero, positive;
      DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f32, 0, &zero));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater", all, zero, &positive));
      DLC_ONNX_TRY(dlcOnnxWhereOp(n, positive, wv, zero, &all));
    } else {
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", all, wv, &all));
    }
  }
  float *place = calloc((size_t)(total * outputs), sizeof *place);
  if (!place)
    abort();
  for (int64_t j = 0; j < total; ++j)
    place[j * outputs + indexes[j]] = 1;
  int64_t pdims[2] = {total, outputs};
  MlirValue placement, y;
  DlcOnnxStatus status = constant(n, f32, pdims, 2, place, &placement);
  free(place);
  DLC_ONNX_TRY(status);
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", all, placement, &y));
  if (rank == 1)
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, &outputs, 1, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

static const DlcOnnxOpEntry ops[] = {
    {"TfIdfVectorizer", 9, translateTfIdf,
     {A_INT("max_gram_length"), A_INT("max_skip_count"), A_INT("min_gram_length"),
      A_STRING("mode"), A_INTS("ngram_counts"), A_INTS("ngram_indexes"), A_INTS("pool_int64s"),
      A_STRINGS("pool_strings"), A_FLOATS("weights")},
     "dlc_graph.matmul", "Integer tokens only (no `pool_strings`); a static input shape."},
};

const DlcOnnxOpEntry *dlcOnnxTfIdfOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
