//===- TensorInfer.h - Shape rules of dlc_tensor ops ------------*- C -*-===//

#ifndef DLC_DIALECT_TENSOR_TENSORINFER_H
#define DLC_DIALECT_TENSOR_TENSORINFER_H

#include "Dialect/OpDef.h"

MlirLogicalResult dlcTensorInferMap(DlcInfer *in);
MlirLogicalResult dlcTensorInferContract(DlcInfer *in);
MlirLogicalResult dlcTensorInferConv(DlcInfer *in);
MlirLogicalResult dlcTensorInferPool(DlcInfer *in);
MlirLogicalResult dlcTensorInferReduce(DlcInfer *in);
MlirLogicalResult dlcTensorInferTranspose(DlcInfer *in);
MlirLogicalResult dlcTensorInferReshape(DlcInfer *in);
MlirLogicalResult dlcTensorInferBroadcast(DlcInfer *in);
MlirLogicalResult dlcTensorInferSlice(DlcInfer *in);
MlirLogicalResult dlcTensorInferConcat(DlcInfer *in);
MlirLogicalResult dlcTensorInferPad(DlcInfer *in);
MlirLogicalResult dlcTensorInferGather(DlcInfer *in);
MlirLogicalResult dlcTensorInferGatherElements(DlcInfer *in);
MlirLogicalResult dlcTensorInferCheck(DlcInfer *in);

/// A parsed contraction spec "ab,bc->ac": letters per operand.
typedef struct DlcContractSpec {
  char lhs[DLC_MAX_RANK + 1], rhs[DLC_MAX_RANK + 1], out[DLC_MAX_RANK + 1];
} DlcContractSpec;
/// Parses `spec`; false if malformed (letters a-z, each at most once per
/// operand, output letters from the inputs).
bool dlcParseContractSpec(MlirStringRef spec, DlcContractSpec *out);

#endif // DLC_DIALECT_TENSOR_TENSORINFER_H
