//===- InferReduce.c - TEMPORARY: rules being written ------------*- C -*-===//
#include "Dialect/Graph/GraphInfer.h"
MlirLogicalResult dlcGraphInferReduce(DlcInfer *in) { (void)in; return mlirLogicalResultSuccess(); }
