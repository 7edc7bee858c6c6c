//===- InferPending.c - Shape rules not written yet -------------*- C -*-===//
// TEMPORARY during bring-up: every function here is replaced by a real rule.

#include "Dialect/Graph/GraphInfer.h"

#define PENDING(fn)                                                                                \
  MlirLogicalResult fn(DlcInfer *in) {                                                             \
    (void)in;                                                                                      \
    return mlirLogicalResultSuccess();                                                             \
  }
PENDING(dlcGraphInferBatchNorm)
PENDING(dlcGraphInferLayerNorm)
PENDING(dlcGraphInferSoftmax)
PENDING(dlcGraphInferReduce)
PENDING(dlcGraphInferReshape)
PENDING(dlcGraphInferFlatten)
PENDING(dlcGraphInferTranspose)
PENDING(dlcGraphInferConcat)
PENDING(dlcGraphInferSlice)
PENDING(dlcGraphInferSqueeze)
PENDING(dlcGraphInferUnsqueeze)
PENDING(dlcGraphInferGather)
PENDING(dlcGraphInferPad)
PENDING(dlcGraphInferExpand)
PENDING(dlcGraphInferShape)
