//===- InferNorm.c - TEMPORARY: rules being written --------------*- C -*-===//
#include "Dialect/Graph/GraphInfer.h"
MlirLogicalResult dlcGraphInferBatchNorm(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferLayerNorm(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferSoftmax(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
