//===- Builder.c - Creating ops from C concisely ----------------*- C -*-===//

#include "Support/Builder.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>

DlcBuilder dlcBuilderAtRewriter(MlirRewriterBase rewriter, MlirLocation loc) {
  return (DlcBuilder){mlirLocationGetContext(loc), loc, rewriter, {NULL}};
}

DlcBuilder dlcBuilderAtBlockEnd(MlirBlock block, MlirLocation loc) {
  return (DlcBuilder){mlirLocationGetContext(loc), loc, {NULL}, block};
}

MlirOperation dlcBuildOp(DlcBuilder *b, const char *name, intptr_t numOperands,
                         const MlirValue *operands, intptr_t numResults, const MlirType *results,
                         intptr_t numAttrs, const MlirNamedAttribute *attrs, intptr_t numRegions,
                         MlirRegion *regions) {
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  if (numOperands)
    mlirOperationStateAddOperands(&state, numOperands, operands);
  if (numResults)
    mlirOperationStateAddResults(&state, numResults, results);
  if (numAttrs)
    mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  if (numRegions)
    mlirOperationStateAddOwnedRegions(&state, numRegions, regions);
  MlirOperation op = mlirOperationCreate(&state);
  if (b->rewriter.ptr)
    mlirRewriterBaseInsert(b->rewriter, op);
  else
    mlirBlockAppendOwnedOperation(b->block, op);
  return op;
}

MlirValue dlcBuild1(DlcBuilder *b, const char *name, intptr_t numOperands,
                    const MlirValue *operands, MlirType result, intptr_t numAttrs,
                    const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(
      dlcBuildOp(b, name, numOperands, operands, 1, &result, numAttrs, attrs, 0, NULL), 0);
}

MlirOperation dlcCreateDetachedOp(const char *name, MlirLocation loc, intptr_t numOperands,
                                  const MlirValue *operands, intptr_t numResults,
                                  const MlirType *results, intptr_t numAttrs,
                                  const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddResults(&state, numResults, results);
  mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  return mlirOperationCreate(&state);
}

MlirNamedAttribute dlcNamed(MlirContext ctx, const char *name, MlirAttribute attr) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

MlirAttribute dlcI64Attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v);
}

MlirAttribute dlcI64ArrayAttr(MlirContext ctx, intptr_t n, const int64_t *v) {
  return mlirDenseI64ArrayGet(ctx, n, v);
}

MlirAttribute dlcStringAttr(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

MlirAttribute dlcSymbolAttr(MlirContext ctx, const char *name) {
  return mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(name));
}

MlirAttribute dlcScalarAttr(MlirType elt, double value) {
  if (mlirTypeIsAFloat(elt))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(elt), elt, value);
  MlirType signless = dlcSignless(elt);
  unsigned width = mlirIntegerTypeGetWidth(signless);
  if (dlcIsUnsigned(elt) || width == 1) {
    uint64_t u = value <= 0 ? 0 : value >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)value;
    if (width == 1)
      u = value != 0;
    return mlirIntegerAttrGet(signless, (int64_t)u);
  }
  int64_t s = value <= -9223372036854775808.0 ? INT64_MIN
              : value >= 9223372036854775807.0 ? INT64_MAX
                                               : (int64_t)value;
  return mlirIntegerAttrGet(signless, s);
}

MlirAttribute dlcSplatAttr(MlirType tensorType, double value) {
  MlirType elt = mlirShapedTypeGetElementType(tensorType);
  if (mlirTypeIsAF32(elt))
    return mlirDenseElementsAttrFloatSplatGet(tensorType, (float)value);
  if (mlirTypeIsAF64(elt))
    return mlirDenseElementsAttrDoubleSplatGet(tensorType, value);
  if (mlirIntegerTypeGetWidth(elt) == 1)
    return mlirDenseElementsAttrBoolSplatGet(tensorType, value != 0);
  MlirAttribute scalar = mlirIntegerAttrGet(elt, mlirIntegerAttrGetValueInt(dlcScalarAttr(elt, value)));
  return mlirDenseElementsAttrSplatGet(tensorType, scalar);
}

MlirValue dlcCastTo(DlcBuilder *b, MlirValue v, MlirType type) {
  if (mlirTypeEqual(mlirValueGetType(v), type))
    return v;
  return dlcBuild1(b, "tensor.cast", 1, &v, type, 0, NULL);
}

MlirValue dlcConstant(DlcBuilder *b, MlirAttribute value) {
  MlirNamedAttribute attr = dlcNamed(b->ctx, "value", value);
  return dlcBuild1(b, "arith.constant", 0, NULL, mlirAttributeGetType(value), 1, &attr);
}

MlirValue dlcConstScalar(DlcBuilder *b, MlirType elt, double value) {
  return dlcConstant(b, dlcScalarAttr(elt, value));
}

MlirValue dlcConst0d(DlcBuilder *b, MlirType elt, double value) {
  MlirType type = mlirRankedTensorTypeGet(0, NULL, elt, mlirAttributeGetNull());
  return dlcConstant(b, dlcSplatAttr(type, value));
}

MlirValue dlcConstIndex(DlcBuilder *b, int64_t value) {
  return dlcConstant(b, mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), value));
}

double dlcEltLowest(MlirType elt) {
  if (mlirTypeIsAFloat(elt))
    return -INFINITY;
  unsigned w = dlcEltWidth(elt);
  if (dlcIsUnsigned(elt) || w == 1)
    return 0;
  return -ldexp(1.0, (int)w - 1);
}

double dlcEltHighest(MlirType elt) {
  if (mlirTypeIsAFloat(elt))
    return INFINITY;
  unsigned w = dlcEltWidth(elt);
  if (w == 1)
    return 1;
  if (dlcIsUnsigned(elt))
    return ldexp(1.0, (int)w) - 1;
  return ldexp(1.0, (int)w - 1) - 1;
}
