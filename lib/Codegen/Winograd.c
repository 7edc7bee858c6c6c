//===- Winograd.c - 3x3 convolutions as Winograd F(2x2, 3x3) ----*- C -*-===//
//
// A 2x2 tile of a 3x3 convolution's output is A^T [(G g G^T) . (B^T d B)] A
// for the 4x4 input tile d under it and each 3x3 filter g (Lavin and Gray,
// "Fast Algorithms for Convolutional Neural Networks"): 16 products per
// tile and channel pair instead of 36. Summed over the input channels, the
// products at each of the 16 positions of the transformed tile are one
// matrix product, tiles x C by C x F: the 16 of them are a
// linalg.batch_matmul, which the matmul schedule makes fast.
//
// - The weights are transformed now, into a constant U (16 x C x F).
// - The input transform is 16 generics, one per position: each reads the 4
//   input pixels (of all channels) that position adds up and writes
//   V[position] (16 x tiles x C), in place in one buffer.
// - The output transform is 4 generics, one per pixel of the 2x2 output
//   tiles: each adds up the 9 products that pixel takes and writes the
//   pixels at that offset of the output (through a stride-2 output map),
//   computing the fused epilogue (bias, activation, residual) on the way.
// An odd output height or width is covered by tiles past its end: the
// input padded by a row or column, the pixels past the end not written.
// The generics' innermost loop runs along the channels, contiguous in
// every operand: LLVM vectorizes them.
//
// The transforms' matrices hold 0, 1, -1 and (for G) 1/2: V and Y are sums
// and differences, U is exact up to one rounding per term. The products'
// sums run in another order than a direct convolution's, so results differ
// in the last bits, as any two convolution algorithms' do.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

// B^T, G and A^T of F(2x2, 3x3).
static const int kBT[4][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}};
static const float kG[4][3] = {{1, 0, 0}, {0.5f, 0.5f, 0.5f}, {0.5f, -0.5f, 0.5f}, {0, 0, 1}};
static const int kAT[2][4] = {{1, 1, 1, 0}, {0, 1, -1, -1}};

// Inputs of an output transform's generic: 9 products, the epilogue's.
#define MAX_GENERIC_INPUTS 32

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool isDenseI64(MlirOperation op, const char *name, int64_t value) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ref(name));
  if (mlirAttributeIsNull(a))
    return true; // the default: 1
  if (!mlirAttributeIsADenseElements(a))
    return false;
  for (intptr_t i = 0, n = mlirElementsAttrGetNumElements(a); i < n; ++i)
    if (mlirDenseElementsAttrGetInt64Value(a, i) != value)
      return false;
  return true;
}

bool dlcWinogradApplies(MlirOperation conv) {
  if (!dlcIsOp(conv, "linalg.conv_2d_nhwc_hwcf") || !isDenseI64(conv, "strides", 1) ||
      !isDenseI64(conv, "dilations", 1))
    return false;
  // Input, weights and init (the result's type): static f32 tensors.
  if (!dlcLayoutAllStaticF32(conv))
    return false;
  MlirType w = mlirValueGetType(mlirOperationGetOperand(conv, 1));
  if (mlirShapedTypeGetDimSize(w, 0) != 3 || mlirShapedTypeGetDimSize(w, 1) != 3)
    return false;
  MlirOperation weights = dlcDefiningOp(mlirOperationGetOperand(conv, 1));
  return dlcIsOp(weights, "arith.constant") &&
         dlcLayoutConstantData(mlirOperationGetAttributeByName(weights, ref("value")));
}

// U[4 xi + nu][c][f] = sum_ij G[xi][i] g[i][j][c][f] G[nu][j] of HWCF
// weights g, as a new constant.
static MlirAttribute transformedWeights(MlirOperation weights, int64_t c, int64_t f) {
  const float *g =
      (const float *)dlcLayoutConstantData(mlirOperationGetAttributeByName(weights, ref("value")));
  size_t plane = (size_t)(c * f), bytes = 16 * plane * sizeof(float);
  float *u = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!u)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  for (size_t e = 0; e < plane; ++e) {
    float gg[3][3], t[4][3]; // t = G g
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        memcpy(&gg[i][j], (const char *)g + ((size_t)(i * 3 + j) * plane + e) * sizeof(float),
               sizeof(float));
    for (int x = 0; x < 4; ++x)
      for (int j = 0; j < 3; ++j)
        t[x][j] = kG[x][0] * gg[0][j] + kG[x][1] * gg[1][j] + kG[x][2] * gg[2][j];
    for (int x = 0; x < 4; ++x)
      for (int v = 0; v < 4; ++v)
        u[(size_t)(x * 4 + v) * plane + e] =
            t[x][0] * kG[v][0] + t[x][1] * kG[v][1] + t[x][2] * kG[v][2];
  }
  int64_t shape[3] = {16, c, f};
  MlirContext ctx = mlirOperationGetContext(weights);
  MlirType type = mlirRankedTensorTypeGet(3, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  return mlirUnmanagedDenseResourceElementsAttrGet(type, ref("dlc_winograd"), u, bytes, 64, false,
                                                   dlcLayoutFreeBlob, NULL);
}

// Sum of `n` terms, each added (sign > 0) or subtracted: the positive ones
// first (each output position has one), in a balanced tree.
static MlirValue signedSum(DlcBuilder *b, intptr_t n, const MlirValue *terms, const int *signs) {
  MlirValue pos[16], neg[16];
  intptr_t np = 0, nn = 0;
  for (intptr_t i = 0; i < n; ++i) {
    if (signs[i] > 0)
      pos[np++] = terms[i];
    else
      neg[nn++] = terms[i];
  }
  for (MlirValue *list = pos, *end = pos + np;; list = neg, end = neg + nn) {
    intptr_t count = end - list;
    while (count > 1) {
      for (intptr_t i = 0; i + 1 < count; i += 2)
        list[i / 2] = dlcArith(b, "arith.addf", list[i], list[i + 1]);
      if (count % 2)
        list[count / 2] = list[count - 1];
      count = (count + 1) / 2;
    }
    if (list == neg)
      break;
  }
  return nn ? dlcArith(b, "arith.subf", pos[0], neg[0]) : pos[0];
}

// (n, 2 th + i, 2 tw + j, c) over the loops (n, th, tw, c): pixel (i, j)
// of tile (th, tw), or of the 4x4 input tile under it.
static MlirAffineMap tileReadMap(MlirContext ctx, int i, int j) {
  MlirAffineExpr two = dlcCst(ctx, 2);
  MlirAffineExpr e[4] = {
      dlcDim(ctx, 0),
      mlirAffineAddExprGet(mlirAffineMulExprGet(dlcDim(ctx, 1), two), dlcCst(ctx, i)),
      mlirAffineAddExprGet(mlirAffineMulExprGet(dlcDim(ctx, 2), two), dlcCst(ctx, j)),
      dlcDim(ctx, 3)};
  return mlirAffineMapGet(ctx, 4, 0, 4, e);
}

// (k, n, th, tw, c) over the loops (n, th, tw, c): position k of V or M.
static MlirAffineMap positionMap(MlirContext ctx, int k) {
  MlirAffineExpr e[5] = {dlcCst(ctx, k), dlcDim(ctx, 0), dlcDim(ctx, 1), dlcDim(ctx, 2),
                         dlcDim(ctx, 3)};
  return mlirAffineMapGet(ctx, 4, 0, 5, e);
}

// Position 4 i + j of M.
static MlirAffineMap productMap(MlirContext ctx, int i, int j) { return positionMap(ctx, i * 4 + j); }

// The terms of sum_ij r[i] c[j] x_ij (r and c rows of B^T or A^T): where
// both coefficients are nonzero, `operand` read at (i, j) through
// `map(ctx, i, j)` and the sign of the term. Returns how many.
static intptr_t signedTerms(MlirContext ctx, const int r[4], const int c[4], MlirValue operand,
                            MlirAffineMap (*map)(MlirContext, int, int), MlirValue *inputs,
                            MlirAffineMap *maps, int *signs) {
  intptr_t n = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (r[i] && c[j]) {
        inputs[n] = operand;
        signs[n] = r[i] * c[j];
        maps[n++] = map(ctx, i, j);
      }
  return n;
}

// A generic over 4 parallel loops writing `init` through the last of
// `maps`, whose body (`*body`, left without its terminator) adds up its
// first `numTerms` arguments with their signs into `*sum`.
static MlirOperation sumGeneric(DlcBuilder *b, intptr_t numInputs, const MlirValue *inputs,
                                const MlirAffineMap *maps, MlirValue init, intptr_t numTerms,
                                const int *signs, MlirBlock *body, MlirValue *sum) {
  DlcIterator it[4] = {DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL};
  MlirOperation generic = dlcGeneric(b, numInputs, inputs, 1, &init, maps, 4, it, body);
  DlcBuilder in = dlcBuilderAtBlockEnd(*body, b->loc);
  MlirValue terms[16];
  for (intptr_t k = 0; k < numTerms; ++k)
    terms[k] = mlirBlockGetArgument(*body, k);
  *sum = signedSum(&in, numTerms, terms, signs);
  return generic;
}

// x with `rows` more rows and `cols` more columns of zeros: the input
// under the last tiles of an odd output height or width.
static MlirValue padHigh(DlcBuilder *b, MlirValue x, int64_t rows, int64_t cols) {
  if (!rows && !cols)
    return x;
  int64_t low[4] = {0, 0, 0, 0}, high[4] = {0, rows, cols, 0};
  return dlcTensorPad(b, x, low, high, dlcConstScalar(b, mlirF32TypeGet(b->ctx), 0.0));
}

// V (16 x N x TH x TW x C): position 4 xi + nu of tile (th, tw) is
// sum_ij BT[xi][i] BT[nu][j] x[n, 2 th + i, 2 tw + j, c]. Each position's
// generic writes its part of V (a constant first index), the others'
// elements passing through: one buffer, and no slices for bufferization
// to tell apart (16 slices of it cost a third of ResNet-18's compile time).
static MlirValue inputTransform(DlcBuilder *b, MlirValue x, const int64_t vShape[5]) {
  MlirContext ctx = b->ctx;
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirValue v = dlcEmpty(b, mlirRankedTensorTypeGet(5, vShape, f32, mlirAttributeGetNull()), 0, NULL);
  for (int xi = 0; xi < 4; ++xi)
    for (int nu = 0; nu < 4; ++nu) {
      MlirValue inputs[4];
      MlirAffineMap maps[5];
      int signs[4];
      intptr_t n = signedTerms(ctx, kBT[xi], kBT[nu], x, tileReadMap, inputs, maps, signs);
      maps[n] = positionMap(ctx, xi * 4 + nu);
      MlirBlock body;
      MlirValue sum;
      MlirOperation generic = sumGeneric(b, n, inputs, maps, v, n, signs, &body, &sum);
      DlcBuilder in = dlcBuilderAtBlockEnd(body, b->loc);
      dlcYield(&in, 1, &sum);
      v = mlirOperationGetResult(generic, 0);
    }
  return v;
}

static MlirAttribute mapsOf(MlirOperation generic) {
  return mlirOperationGetAttributeByName(generic, ref("indexing_maps"));
}

// Writes output pixel (2 th + a, 2 tw + b) of every tile into `y` (the
// other pixels passing through, as in V; with an odd height or width, the
// last tiles' second row or column is past the end: those tiles are left
// out of the loops, by reading a slice of m without them): the sum
// sum_ij AT[a][i] AT[b][j] m[4 i + j, n, th, tw, f], through `epilogue`
// (its other operands read at that pixel) when there is one.
static MlirValue outputTransform(DlcBuilder *b, MlirValue m, MlirValue y, MlirOperation epilogue,
                                 MlirValue product, int a, int bb) {
  MlirContext ctx = b->ctx;
  MlirType mType = mlirValueGetType(m), yType = mlirValueGetType(y);
  int64_t sizes[5];
  for (int i = 0; i < 5; ++i)
    sizes[i] = mlirShapedTypeGetDimSize(mType, i);
  if (2 * sizes[2] > mlirShapedTypeGetDimSize(yType, 1))
    sizes[2] -= a;
  if (2 * sizes[3] > mlirShapedTypeGetDimSize(yType, 2))
    sizes[3] -= bb;
  if (sizes[2] != mlirShapedTypeGetDimSize(mType, 2) || sizes[3] != mlirShapedTypeGetDimSize(mType, 3))
    m = dlcExtractSlice(b, m,
                        mlirRankedTensorTypeGet(5, sizes, mlirF32TypeGet(ctx), mlirAttributeGetNull()),
                        (int64_t[]){0, 0, 0, 0, 0});
  MlirValue inputs[MAX_GENERIC_INPUTS];
  MlirAffineMap maps[MAX_GENERIC_INPUTS + 1];
  int signs[16];
  intptr_t n = signedTerms(ctx, kAT[a], kAT[bb], m, productMap, inputs, maps, signs);
  intptr_t numTerms = n;
  // The epilogue's other inputs, read at the pixel: its maps over (n, h,
  // w, f) composed with h = 2 th + a, w = 2 tw + b.
  intptr_t epilogueInputs = 0;
  MlirAffineMap pixel = tileReadMap(ctx, a, bb);
  if (!mlirOperationIsNull(epilogue)) {
    epilogueInputs = mlirOperationGetNumOperands(epilogue) - 1;
    for (intptr_t k = 0; k < epilogueInputs; ++k) {
      MlirValue operand = mlirOperationGetOperand(epilogue, k);
      if (mlirValueEqual(operand, product))
        continue;
      MlirAffineMap old = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(mapsOf(epilogue), k));
      MlirAffineExpr e[DLC_MAX_RANK];
      intptr_t results = mlirAffineMapGetNumResults(old);
      for (intptr_t r = 0; r < results; ++r)
        e[r] = mlirAffineExprCompose(mlirAffineMapGetResult(old, r), pixel);
      inputs[n] = operand;
      maps[n++] = mlirAffineMapGet(ctx, 4, 0, results, e);
    }
  }
  maps[n] = pixel;
  MlirBlock body;
  MlirValue value;
  MlirOperation generic = sumGeneric(b, n, inputs, maps, y, numTerms, signs, &body, &value);
  DlcBuilder in = dlcBuilderAtBlockEnd(body, b->loc);
  if (!mlirOperationIsNull(epilogue)) {
    MlirBlock old = mlirRegionGetFirstBlock(mlirOperationGetRegion(epilogue, 0));
    DlcValueMap map = {0};
    intptr_t next = numTerms;
    for (intptr_t k = 0; k < epilogueInputs; ++k)
      dlcValueMapAdd(&map, mlirBlockGetArgument(old, k),
                     mlirValueEqual(mlirOperationGetOperand(epilogue, k), product)
                         ? value
                         : mlirBlockGetArgument(body, next++));
    dlcValueMapAdd(&map, mlirBlockGetArgument(old, epilogueInputs), mlirBlockGetArgument(body, n));
    value = dlcCloneBlockBody(old, body, &map);
    dlcValueMapFree(&map);
  }
  dlcYield(&in, 1, &value);
  return mlirOperationGetResult(generic, 0);
}

MlirOperation dlcRewriteWinograd(MlirOperation conv, MlirOperation epilogue) {
  // The output transforms read 9 products and the epilogue's operands; an
  // epilogue with more than they have room for stays a consumer of its own.
  if (!mlirOperationIsNull(epilogue) &&
      mlirOperationGetNumOperands(epilogue) > MAX_GENERIC_INPUTS - 9)
    epilogue = (MlirOperation){NULL};
  // Built in a block of its own, then moved before the last op of the
  // group, whose result it replaces (the epilogue's other operands are
  // defined before that op).
  MlirOperation last = mlirOperationIsNull(epilogue) ? conv : epilogue;
  MlirBlock scratch = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder b = dlcBuilderAtBlockEnd(scratch, mlirOperationGetLocation(conv));
  MlirContext ctx = b.ctx;
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirValue x = mlirOperationGetOperand(conv, 0);
  MlirValue product = mlirOperationGetResult(conv, 0);
  MlirType out = mlirValueGetType(product);
  int64_t n = mlirShapedTypeGetDimSize(out, 0), oh = mlirShapedTypeGetDimSize(out, 1),
          ow = mlirShapedTypeGetDimSize(out, 2), f = mlirShapedTypeGetDimSize(out, 3);
  int64_t th = (oh + 1) / 2, tw = (ow + 1) / 2;
  int64_t c = mlirShapedTypeGetDimSize(mlirValueGetType(x), 3);
  MlirOperation weights = dlcDefiningOp(mlirOperationGetOperand(conv, 1));
  MlirValue u = dlcConstant(&b, transformedWeights(weights, c, f));

  int64_t vShape[5] = {16, n, th, tw, c};
  MlirValue v = inputTransform(&b, padHigh(&b, x, oh % 2, ow % 2), vShape);
  int64_t rows[3] = {16, n * th * tw, c}, products[3] = {16, n * th * tw, f};
  const char *tiles = "[[0], [1, 2, 3], [4]]";
  MlirValue v3 = dlcReshapeStatic(&b, v, 3, rows, tiles);
  MlirType mType = mlirRankedTensorTypeGet(3, products, f32, mlirAttributeGetNull());
  MlirValue init = dlcFill(&b, dlcConstScalar(&b, f32, 0.0), dlcEmpty(&b, mType, 0, NULL));
  MlirOperation matmul =
      dlcNamedLinalg(&b, "linalg.batch_matmul", 2, (MlirValue[]){v3, u}, 1, &init, mType, 0, NULL);
  int64_t mShape[5] = {16, n, th, tw, f};
  MlirValue m = dlcReshapeStatic(&b, mlirOperationGetResult(matmul, 0), 5, mShape, tiles);

  // The output: the epilogue's destination, or the convolution's (under
  // its zero fill, which every pixel overwrites).
  MlirValue y = mlirOperationIsNull(epilogue)
                    ? mlirOperationGetOperand(conv, 2)
                    : mlirOperationGetOperand(epilogue, mlirOperationGetNumOperands(epilogue) - 1);
  MlirOperation fill = dlcDefiningOp(y);
  if (mlirOperationIsNull(epilogue) && dlcIsOp(fill, "linalg.fill"))
    y = mlirOperationGetOperand(fill, 1);
  for (int a = 0; a < 2; ++a)
    for (int bb = 0; bb < 2; ++bb)
      y = outputTransform(&b, m, y, epilogue, product, a, bb);

  dlcMoveOpsBefore(mlirBlockGetFirstOperation(scratch), last);
  mlirBlockDestroy(scratch);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(last, 0), y);
  if (!mlirOperationIsNull(epilogue))
    mlirOperationDestroy(epilogue);
  mlirOperationDestroy(conv);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(weights, 0))))
    mlirOperationDestroy(weights);
  return matmul;
}
