//===- Pool.c - dlc_tensor.pool to linalg.generic ---------------*- C -*-===//
//
// A seed fill, then one linalg.generic over the loops (b.., o..) parallel
// and (w..) reduction, like linalg's pooling ops: an empty tensor of the
// window's shape is an extra input that gives the window loops their range.
//   input  (b.., o_i * stride_i + w_i * dilation_i)
//   window (w..)
//   output (b.., o..)  [indices (b.., o..)]
// The optional indices result is a second output: the flat row-major input
// offset of the maximum, kept by a comparison that prefers larger values,
// then NaN, then the smaller offset on ties, so the result does not depend
// on the order the window is visited in.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>

typedef struct Window {
  int64_t rank, n, first; // input rank, pooled dims, first pooled dim
  int64_t window[DLC_MAX_RANK], strides[DLC_MAX_RANK], dilations[DLC_MAX_RANK];
} Window;

// The flat row-major offset in the (static) input of the element the body
// is reading, from the loop indices.
static MlirValue flatOffset(DlcBuilder *b, const Window *w, const DlcShape *x) {
  MlirValue offset = dlcConstIndex(b, 0);
  int64_t stride = 1;
  for (int64_t d = w->rank - 1; d >= 0; --d) {
    MlirValue pos = dlcLinalgIndex(b, d);
    if (d >= w->first) {
      int64_t i = d - w->first;
      MlirValue out = dlcArith(b, "arith.muli", pos, dlcConstIndex(b, w->strides[i]));
      MlirValue win = dlcArith(b, "arith.muli", dlcLinalgIndex(b, w->rank + i),
                               dlcConstIndex(b, w->dilations[i]));
      pos = dlcArith(b, "arith.addi", out, win);
    }
    offset = dlcArith(b, "arith.addi", offset,
                      dlcArith(b, "arith.muli", pos, dlcConstIndex(b, stride)));
    stride *= x->dims[d];
  }
  return dlcBuild1(b, "arith.index_cast", 1, &offset, mlirIntegerTypeGet(b->ctx, 64), 0, NULL);
}

// True when (x, at) should replace the running (acc, best).
static MlirValue takes(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue acc, MlirValue at,
                       MlirValue best) {
  MlirValue earlier = dlcCmpI(b, DLC_CMPI_SLT, at, best);
  if (!dlcIsFloat(elt)) {
    MlirValue greater = dlcCmpI(b, dlcIsUnsigned(elt) ? DLC_CMPI_UGT : DLC_CMPI_SGT, x, acc);
    MlirValue tie = dlcArith(b, "arith.andi", dlcCmpI(b, DLC_CMPI_EQ, x, acc), earlier);
    return dlcArith(b, "arith.ori", greater, tie);
  }
  MlirValue xNan = dlcCmpF(b, DLC_CMPF_UNO, x, x), accNan = dlcCmpF(b, DLC_CMPF_UNO, acc, acc);
  MlirValue equal = dlcArith(b, "arith.ori", dlcCmpF(b, DLC_CMPF_OEQ, x, acc),
                             dlcArith(b, "arith.andi", xNan, accNan));
  MlirValue better = dlcArith(b, "arith.ori", dlcCmpF(b, DLC_CMPF_OGT, x, acc),
                              dlcArith(b, "arith.andi", xNan, dlcCmpF(b, DLC_CMPF_ORD, acc, acc)));
  return dlcArith(b, "arith.ori", better, dlcArith(b, "arith.andi", equal, earlier));
}

static intptr_t outputSizes(DlcBuilder *b, MlirValue input, const DlcShape *out, const Window *w,
                            MlirValue *dynamic) {
  intptr_t n = 0;
  for (int64_t d = 0; d < out->rank; ++d) {
    if (out->dims[d] != DLC_DYN)
      continue;
    MlirValue size = dlcTensorDim(b, input, d);
    if (d >= w->first) {
      int64_t i = d - w->first;
      size = dlcWindowCount(b, size, dlcConstIndex(b, w->window[i]), w->strides[i],
                            w->dilations[i]);
    }
    dynamic[n++] = size;
  }
  return n;
}

MlirLogicalResult dlcLowerPool(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirValue indices = dlcOpResult(rw->op, 1);
  bool isMax = mlirStringRefEqual(dlcOpString(rw->op, "kind"), mlirStringRefCreateFromCString("max"));
  DlcShape x, out;
  dlcShapeOf(mlirValueGetType(input), &x);
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  dlcShapeOf(resultType, &out);
  if (!mlirValueIsNull(indices) && !dlcShapeIsStatic(&x))
    return dlcLoweringUnsupported(rw, "the 'indices' result needs a static input shape");
  Window w = {.rank = x.rank};
  w.n = dlcOpInts(rw->op, "window", w.window, DLC_MAX_RANK);
  dlcOpInts(rw->op, "strides", w.strides, DLC_MAX_RANK);
  dlcOpInts(rw->op, "dilations", w.dilations, DLC_MAX_RANK);
  w.first = x.rank - w.n;

  // Loops: the result's dims, then the window's.
  intptr_t numLoops = x.rank + w.n;
  DlcIterator iterators[2 * DLC_MAX_RANK];
  MlirAffineExpr in[DLC_MAX_RANK], win[DLC_MAX_RANK], o[DLC_MAX_RANK];
  for (int64_t d = 0; d < x.rank; ++d) {
    iterators[d] = DLC_PARALLEL;
    o[d] = in[d] = dlcDim(ctx, d);
  }
  for (int64_t i = 0; i < w.n; ++i) {
    iterators[x.rank + i] = DLC_REDUCTION;
    win[i] = dlcDim(ctx, x.rank + i);
    in[w.first + i] =
        mlirAffineAddExprGet(mlirAffineMulExprGet(o[w.first + i], dlcCst(ctx, w.strides[i])),
                             mlirAffineMulExprGet(win[i], dlcCst(ctx, w.dilations[i])));
  }
  MlirAffineMap outMap = mlirAffineMapGet(ctx, numLoops, 0, x.rank, o);
  MlirAffineMap maps[4] = {mlirAffineMapGet(ctx, numLoops, 0, x.rank, in),
                           mlirAffineMapGet(ctx, numLoops, 0, w.n, win), outMap, outMap};

  MlirType elt = dlcElementType(resultType);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = outputSizes(&rw->b, input, &out, &w, dynamic);
  MlirValue inputs[2] = {input, dlcEmpty(&rw->b, dlcTensorTypeOf(w.n, w.window, elt), 0, NULL)};
  MlirValue outputs[2] = {
      dlcFill(&rw->b, dlcConstScalar(&rw->b, elt, isMax ? dlcEltLowest(elt) : 0),
              dlcEmpty(&rw->b, resultType, numDynamic, dynamic))};
  intptr_t numOutputs = 1;
  if (!mlirValueIsNull(indices)) {
    // No offset yet: any real one is smaller.
    MlirType i64 = mlirIntegerTypeGet(ctx, 64);
    MlirValue none = dlcConstant(&rw->b, mlirIntegerAttrGet(i64, INT64_MAX));
    MlirType indicesType = mlirValueGetType(indices);
    DlcShape shape;
    dlcShapeOf(indicesType, &shape);
    numDynamic = outputSizes(&rw->b, input, &shape, &w, dynamic);
    outputs[numOutputs++] = dlcFill(&rw->b, none, dlcEmpty(&rw->b, indicesType, numDynamic, dynamic));
  }
  MlirBlock block;
  MlirOperation generic =
      dlcGeneric(&rw->b, 2, inputs, numOutputs, outputs, maps, numLoops, iterators, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue value = mlirBlockGetArgument(block, 0), acc = mlirBlockGetArgument(block, 2);
  MlirValue yielded[2];
  if (numOutputs == 2) {
    MlirValue best = mlirBlockGetArgument(block, 3), at = flatOffset(&body, &w, &x);
    MlirValue take = takes(&body, elt, value, acc, at, best);
    yielded[0] = dlcSelect(&body, take, value, acc);
    yielded[1] = dlcSelect(&body, take, at, best);
  } else {
    yielded[0] = isMax ? dlcMaxScalar(&body, elt, acc, value) : dlcAddScalar(&body, elt, acc, value);
  }
  dlcYield(&body, numOutputs, yielded);
  MlirValue results[2] = {mlirOperationGetResult(generic, 0),
                          numOutputs == 2 ? mlirOperationGetResult(generic, 1) : (MlirValue){NULL}};
  dlcReplaceOp(rw, numOutputs, results);
  return mlirLogicalResultSuccess();
}
