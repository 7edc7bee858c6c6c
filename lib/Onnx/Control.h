//===- Control.h - What the control-flow translators share ------*- C -*-===//
//
// Builders of the upstream ops (scf, tensor, arith, func) around subgraph
// bodies (ControlBuild.c), used by OpsControl.c (If, Loop) and OpsScan.c.
// Each appends to `block`, located at the node.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_ONNX_CONTROL_H
#define DLC_ONNX_CONTROL_H

#include "Onnx/Translate.h"

MlirOperation dlcOnnxCreateOp(DlcOnnxNode *n, MlirBlock block, const char *name,
                              intptr_t numOperands, const MlirValue *operands,
                              intptr_t numResults, const MlirType *results, intptr_t numAttrs,
                              const MlirNamedAttribute *attrs, intptr_t numRegions,
                              MlirRegion *regions);
MlirNamedAttribute dlcOnnxNamed(DlcOnnxNode *n, const char *name, MlirAttribute value);
/// The element of a 0-d tensor; a 0-d tensor of a scalar.
MlirValue dlcOnnxExtractScalar(DlcOnnxNode *n, MlirBlock block, MlirValue t);
MlirValue dlcOnnxFromScalar(DlcOnnxNode *n, MlirBlock block, MlirValue x);
MlirValue dlcOnnxArithConstant(DlcOnnxNode *n, MlirBlock block, MlirAttribute value);
/// A two-operand arith op whose result has a's type ("arith.addi").
MlirValue dlcOnnxArith(DlcOnnxNode *n, MlirBlock block, const char *name, MlirValue a,
                       MlirValue b);
/// Dim `j` of tensor `v`, an index value (a constant where it is static).
MlirValue dlcOnnxDim(DlcOnnxNode *n, MlirBlock block, MlirValue v, intptr_t j);
MlirValue dlcOnnxIndexCast(DlcOnnxNode *n, MlirBlock block, MlirValue x, MlirType to);
/// Row `index` (an index value) of `source` along its first dim, of type `row`.
MlirValue dlcOnnxExtractRow(DlcOnnxNode *n, MlirBlock block, MlirValue source, MlirValue index,
                            MlirType row);
/// `dest` with row `index` replaced by `row`.
MlirValue dlcOnnxInsertRow(DlcOnnxNode *n, MlirBlock block, MlirValue row, MlirValue dest,
                           MlirValue index);
/// The first `count` (an index value) rows of `source`, copied into a
/// tensor of their own whose first dim is dynamic.
MlirValue dlcOnnxLeadingRows(DlcOnnxNode *n, MlirBlock block, MlirValue source, MlirValue count);
/// `count` rows of type `row`.
MlirType dlcOnnxStackedType(MlirType row, int64_t count);
/// A dlc_graph.constant of zeros.
MlirValue dlcOnnxZeros(DlcOnnxNode *n, MlirBlock block, MlirType type);
/// func.call of a body of type `fnType`.
MlirOperation dlcOnnxCall(DlcOnnxNode *n, MlirBlock block, MlirAttribute symbol, MlirType fnType,
                          intptr_t numOperands, const MlirValue *operands);
/// `source` copied into `dest` (linalg.copy): a loop-carried tensor updated
/// in its own buffer, so that bufferization keeps one buffer per carried
/// value instead of an allocation per iteration whose ownership is known
/// only at run time (which the deallocation pipeline cannot lower with the
/// bare-pointer calling convention).
MlirValue dlcOnnxCopyInto(DlcOnnxNode *n, MlirBlock block, MlirValue source, MlirValue dest);
/// The function type of the body finished last.
MlirType dlcOnnxLastBodyType(DlcOnnxNode *n);
/// The type of an If output whose branches give types `a` and `b`: dims
/// equal in both are kept, the others `?`. Where the ranks differ, the
/// longer type's extra leading dims must be static 1s, which the shorter
/// one gains (its elements broadcast the same). Null when the element types
/// differ or the ranks differ otherwise.
MlirType dlcOnnxBranchJoin(MlirType a, MlirType b);
/// `v` as the less static `type` (tensor.cast; `v` itself when it has it).
MlirValue dlcOnnxCastTo(DlcOnnxNode *n, MlirBlock block, MlirValue v, MlirType type);
/// Removes the body function imported last (to import it again).
void dlcOnnxDropLastBody(DlcOnnxNode *n);
/// Branch value `v` as the joined `type`: size-1 dims put in front, then a
/// tensor.cast where dims become `?`.
MlirValue dlcOnnxToBranchType(DlcOnnxNode *n, MlirBlock block, MlirValue v, MlirType type);
/// `v` copied into a tensor of its own (tensor.empty and linalg.copy).
MlirValue dlcOnnxOwnedCopy(DlcOnnxNode *n, MlirBlock block, MlirValue v);
/// Imports the subgraph `g` (attribute `attr`) with formal inputs of
/// `types` as a private body function: its symbol and function type.
DlcOnnxStatus dlcOnnxImportBody(DlcOnnxNode *n, const char *attr, const Onnx__GraphProto *g,
                                MlirType *types, const DlcOnnxValue *const *formalLists,
                                const DlcOnnxValue *const *resultLists, DlcOnnxSubgraph *sg,
                                MlirAttribute *symbol, MlirType *fnType);

#endif // DLC_ONNX_CONTROL_H
