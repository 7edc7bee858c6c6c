//===- EliminateEmptyTensors.c - dlc-eliminate-empty-tensors ----*- C -*-===//
//
// Zero-dim tensor elimination: an op whose results all have a static
// zero-size dim computes nothing, whatever its operands; its results
// become empty constants (which lower to no loops). A concat with an empty
// operand is its other operand. A reduction of an empty input to a
// non-empty result reduces an empty set into every output element: it
// becomes a splat of the reduction's value over no elements, the one ONNX
// defines and the lowering computes (its accumulator's seed, then the
// map after the sum).
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool isEmpty(MlirType type) {
  return dlcStaticNumElements(type) == 0;
}

static MlirLogicalResult emptyResults(DlcRewriter *rw) {
  intptr_t n = mlirOperationGetNumResults(rw->op);
  MlirValue values[DLC_MAX_RESULTS];
  if (!n || n > DLC_MAX_RESULTS)
    return mlirLogicalResultFailure();
  bool anyEmpty = false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue r = mlirOperationGetResult(rw->op, i);
    bool empty = isEmpty(mlirValueGetType(r));
    if (!empty && !mlirOpOperandIsNull(mlirValueGetFirstUse(r)))
      return mlirLogicalResultFailure();
    anyEmpty |= empty;
  }
  if (!anyEmpty)
    return mlirLogicalResultFailure();
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue r = mlirOperationGetResult(rw->op, i);
    MlirType type = mlirValueGetType(r);
    // An unused non-empty result (a mask, say) needs no stand-in: it is
    // replaced by itself and goes with the op.
    values[i] = isEmpty(type) ? dlcBuildGraphConstant(&rw->b, dlcSplatAttr(type, 0)) : r;
  }
  for (intptr_t i = 0; i < n; ++i)
    if (!mlirValueEqual(values[i], mlirOperationGetResult(rw->op, i)))
      mlirRewriterBaseReplaceAllUsesWith(rw->rewriter, mlirOperationGetResult(rw->op, i),
                                         values[i]);
  mlirRewriterBaseEraseOp(rw->rewriter, rw->op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult concatOfEmpty(DlcRewriter *rw) {
  MlirValue lhs = dlcOpOperand(rw->op, 0), rhs = dlcOpOperand(rw->op, 1);
  if (isEmpty(mlirValueGetType(rhs)) && mlirLogicalResultIsSuccess(dlcReplaceBySameType(rw, lhs)))
    return mlirLogicalResultSuccess();
  if (isEmpty(mlirValueGetType(lhs)))
    return dlcReplaceBySameType(rw, rhs);
  return mlirLogicalResultFailure();
}

typedef enum { ZERO, ONE, LOWEST, HIGHEST, MINUS_INF, MEAN } EmptySet;

// What each reduction gives over no elements (ONNX's reduction ops say:
// 0, 1, the lowest or highest value of the type, -inf; the mean is left
// undefined): the lowering's seeds (sum 0, prod 1, max the lowest value,
// min the highest), then what it maps the sum to: sqrt(0) = 0, log(0) =
// -inf, log-sum-exp's log(0) plus a zero shift (its maximum, -inf, is not
// finite).
static const struct {
  const char *name;
  EmptySet value;
} reductions[] = {
    {"dlc_graph.reduce_sum", ZERO},        {"dlc_graph.reduce_mean", MEAN},
    {"dlc_graph.reduce_max", LOWEST},      {"dlc_graph.reduce_min", HIGHEST},
    {"dlc_graph.reduce_prod", ONE},        {"dlc_graph.reduce_l1", ZERO},
    {"dlc_graph.reduce_l2", ZERO},         {"dlc_graph.reduce_sum_square", ZERO},
    {"dlc_graph.reduce_log_sum", MINUS_INF}, {"dlc_graph.reduce_log_sum_exp", MINUS_INF},
};

static MlirLogicalResult reductionOfEmpty(DlcRewriter *rw) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(rw->op));
  size_t i = 0, n = sizeof reductions / sizeof *reductions;
  while (i < n && !(strlen(reductions[i].name) == name.length &&
                    !strncmp(reductions[i].name, name.data, name.length)))
    ++i;
  MlirValue result = dlcOpResult(rw->op, 0);
  // emptyResults has taken empty results; a `?` dim leaves the count open.
  if (i == n || !isEmpty(mlirValueGetType(dlcOpOperand(rw->op, 0))) ||
      dlcStaticNumElements(mlirValueGetType(result)) <= 0)
    return mlirLogicalResultFailure();
  MlirType type = mlirValueGetType(result), elt = mlirShapedTypeGetElementType(type);
  double value = 0;
  switch (reductions[i].value) {
  case ZERO: value = 0; break;
  case ONE: value = 1; break;
  case LOWEST: value = dlcEltLowest(elt); break;
  case HIGHEST: value = dlcEltHighest(elt); break;
  case MINUS_INF: value = -INFINITY; break;
  // sum / count: 0 / 0 for floats; integer means divide by max(count, 1).
  case MEAN: value = mlirTypeIsAFloat(elt) ? NAN : 0; break;
  }
  return dlcReplaceBySameType(rw, dlcBuildGraphConstant(&rw->b, dlcSplatAttr(type, value)));
}

static MlirLogicalResult eliminate(DlcRewriter *rw) {
  if (mlirLogicalResultIsSuccess(emptyResults(rw)))
    return mlirLogicalResultSuccess();
  if (dlcIsOp(rw->op, "dlc_graph.concat"))
    return concatOfEmpty(rw);
  return reductionOfEmpty(rw);
}

void dlcRunEliminateEmptyTensors(MlirOperation op, DlcPassRun *run,
                                 const DlcPassOptions *options) {
  (void)run, (void)options;
  size_t count;
  DlcLowering *patterns = dlcPatternsForAllGraphOps(eliminate, "dlc_graph.constant", &count);
  dlcApplyRewrites(op, patterns, count, NULL);
  free(patterns);
}
