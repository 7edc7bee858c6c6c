//===- GraphInfer.h - Shape rules of dlc_graph ops --------------*- C -*-===//
//
// One infer function per family of ops, defined in Infer<Family>.c and
// referenced from the op table in GraphOps.c.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_GRAPH_GRAPHINFER_H
#define DLC_DIALECT_GRAPH_GRAPHINFER_H

#include "Dialect/OpDef.h"

// InferElementwise.c
MlirLogicalResult dlcGraphInferConstant(DlcInfer *in);
MlirLogicalResult dlcGraphInferBroadcast(DlcInfer *in); // add sub mul div pow
MlirLogicalResult dlcGraphInferCompare(DlcInfer *in);   // equal greater less
MlirLogicalResult dlcGraphInferUnary(DlcInfer *in);     // relu ... identity
MlirLogicalResult dlcGraphInferClip(DlcInfer *in);
MlirLogicalResult dlcGraphInferCast(DlcInfer *in);
MlirLogicalResult dlcGraphInferBitcast(DlcInfer *in);
MlirLogicalResult dlcGraphInferDropout(DlcInfer *in);
MlirLogicalResult dlcGraphInferWhere(DlcInfer *in);
MlirLogicalResult dlcGraphInferGelu(DlcInfer *in);
MlirLogicalResult dlcGraphInferMod(DlcInfer *in);
MlirLogicalResult dlcGraphInferBitShift(DlcInfer *in);
MlirLogicalResult dlcGraphInferPredicate(DlcInfer *in); // is_nan is_inf
// InferLinear.c
MlirLogicalResult dlcGraphInferMatmul(DlcInfer *in);
MlirLogicalResult dlcGraphInferGemm(DlcInfer *in);
// InferConv.c
MlirLogicalResult dlcGraphInferConv(DlcInfer *in);
MlirLogicalResult dlcGraphInferConvTranspose(DlcInfer *in);
// InferPool.c
MlirLogicalResult dlcGraphInferPool(DlcInfer *in); // max_pool avg_pool
MlirLogicalResult dlcGraphInferGlobalPool(DlcInfer *in);
// InferNorm.c
MlirLogicalResult dlcGraphInferBatchNorm(DlcInfer *in);
MlirLogicalResult dlcGraphInferLayerNorm(DlcInfer *in);
MlirLogicalResult dlcGraphInferSoftmax(DlcInfer *in); // softmax log_softmax
// InferReduce.c
MlirLogicalResult dlcGraphInferReduce(DlcInfer *in);
/// Marks in `reduced` the dims a verified reduce_* op reduces (its axes, or
/// all dims, or none with noop_with_empty_axes).
void dlcGraphReducedDims(MlirOperation op, int64_t rank, bool *reduced);
// InferShapeOps.c
MlirLogicalResult dlcGraphInferReshape(DlcInfer *in);
MlirLogicalResult dlcGraphInferFlatten(DlcInfer *in);
MlirLogicalResult dlcGraphInferTranspose(DlcInfer *in);
MlirLogicalResult dlcGraphInferConcat(DlcInfer *in);
MlirLogicalResult dlcGraphInferSlice(DlcInfer *in);
MlirLogicalResult dlcGraphInferSqueeze(DlcInfer *in);
MlirLogicalResult dlcGraphInferUnsqueeze(DlcInfer *in);
MlirLogicalResult dlcGraphInferGather(DlcInfer *in);
MlirLogicalResult dlcGraphInferGatherElements(DlcInfer *in);
MlirLogicalResult dlcGraphInferPad(DlcInfer *in);
MlirLogicalResult dlcGraphInferExpand(DlcInfer *in);
MlirLogicalResult dlcGraphInferShape(DlcInfer *in);
MlirLogicalResult dlcGraphInferNonZero(DlcInfer *in);
MlirLogicalResult dlcGraphInferCompress(DlcInfer *in);
MlirLogicalResult dlcGraphInferUnique(DlcInfer *in);
MlirLogicalResult dlcGraphInferNonMaxSuppression(DlcInfer *in);
MlirLogicalResult dlcGraphInferConstantOfShape(DlcInfer *in);

#endif // DLC_DIALECT_GRAPH_GRAPHINFER_H
