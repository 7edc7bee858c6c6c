//===- InferShapeOps.c - TEMPORARY: rules being written ----------*- C -*-===//
#include "Dialect/Graph/GraphInfer.h"
MlirLogicalResult dlcGraphInferReshape(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferFlatten(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferTranspose(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferConcat(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferSlice(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferSqueeze(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferUnsqueeze(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferGather(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferPad(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferExpand(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
MlirLogicalResult dlcGraphInferShape(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
