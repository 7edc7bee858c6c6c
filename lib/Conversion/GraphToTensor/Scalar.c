//===- Scalar.c - Scalar arithmetic for map bodies --------------*- C -*-===//

#include "Conversion/GraphToTensor/Scalar.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirValue build2(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

MlirValue dlcScalarConst(DlcBuilder *b, MlirType elt, double value) {
  return dlcConstScalar(b, elt, value);
}

MlirValue dlcScalarBinary(DlcBuilder *b, DlcScalarBinary op, MlirType elt, MlirValue x, MlirValue y) {
  bool isFloat = dlcIsFloat(elt), isUnsigned = dlcIsUnsigned(elt);
  switch (op) {
  case DLC_ADD:
    return build2(b, isFloat ? "arith.addf" : "arith.addi", x, y);
  case DLC_SUB:
    return build2(b, isFloat ? "arith.subf" : "arith.subi", x, y);
  case DLC_MUL:
    return build2(b, isFloat ? "arith.mulf" : "arith.muli", x, y);
  case DLC_DIV:
    return build2(b, isFloat ? "arith.divf" : isUnsigned ? "arith.divui" : "arith.divsi", x, y);
  case DLC_MAX:
    return build2(b, isFloat ? "arith.maximumf" : isUnsigned ? "arith.maxui" : "arith.maxsi", x, y);
  case DLC_MIN:
    return build2(b, isFloat ? "arith.minimumf" : isUnsigned ? "arith.minui" : "arith.minsi", x, y);
  case DLC_POW:
    return build2(b, isFloat ? "math.powf" : "math.ipowi", x, y);
  }
  return x;
}

MlirValue dlcScalarCompare(DlcBuilder *b, DlcScalarCompare op, MlirType elt, MlirValue x,
                           MlirValue y) {
  // arith.cmpf predicates: oeq=1 ogt=2 oge=3 olt=4 ole=5 une=13 (ordered ones are false
  // on NaN; une makes NaN != x true, as in C).
  // arith.cmpi predicates: eq=0 ne=1 slt=2 sle=3 sgt=4 sge=5 ult=6 ule=7 ugt=8 uge=9.
  static const int64_t fpred[] = {1, 13, 2, 3, 4, 5};
  static const int64_t spred[] = {0, 1, 4, 5, 2, 3};
  static const int64_t upred[] = {0, 1, 8, 9, 6, 7};
  bool isFloat = dlcIsFloat(elt);
  int64_t pred = isFloat ? fpred[op] : dlcIsUnsigned(elt) ? upred[op] : spred[op];
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirNamedAttribute attr = dlcNamed(b->ctx, "predicate", mlirIntegerAttrGet(i64, pred));
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, isFloat ? "arith.cmpf" : "arith.cmpi", 2, operands,
                   mlirIntegerTypeGet(b->ctx, 1), 1, &attr);
}

MlirValue dlcScalarSelect(DlcBuilder *b, MlirValue cond, MlirValue x, MlirValue y) {
  MlirValue operands[3] = {cond, x, y};
  return dlcBuild1(b, "arith.select", 3, operands, mlirValueGetType(x), 0, NULL);
}

MlirValue dlcScalarUnary(DlcBuilder *b, const char *opName, MlirValue x) {
  return dlcBuild1(b, opName, 1, &x, mlirValueGetType(x), 0, NULL);
}

MlirValue dlcScalarNeg(DlcBuilder *b, MlirType elt, MlirValue x) {
  if (dlcIsFloat(elt))
    return dlcScalarUnary(b, "arith.negf", x);
  return build2(b, "arith.subi", dlcScalarConst(b, elt, 0), x);
}

MlirValue dlcScalarAbs(DlcBuilder *b, MlirType elt, MlirValue x) {
  if (dlcIsFloat(elt))
    return dlcScalarUnary(b, "math.absf", x);
  if (dlcIsUnsigned(elt))
    return x;
  return dlcScalarUnary(b, "math.absi", x);
}

MlirValue dlcScalarCast(DlcBuilder *b, MlirType from, MlirType to, MlirValue x) {
  return dlcScalarCastWith(b, from, to, x, true, DLC_ROUND_UP);
}

MlirValue dlcScalarCastWith(DlcBuilder *b, MlirType from, MlirType to, MlirValue x, bool saturate,
                            DlcRoundMode mode) {
  MlirType target = dlcSignless(to);
  if (mlirTypeEqual(dlcSignless(from), target))
    return x;
  // The small floats go through f32 (exact from them; from f64 it rounds
  // twice).
  MlirType f32 = mlirF32TypeGet(b->ctx);
  if (dlcEltIn(from, DLC_T_SMALLFLOAT))
    return dlcScalarCast(b, f32, to, dlcScalarFromSmallFloat(b, from, x));
  if (dlcEltIn(to, DLC_T_SMALLFLOAT))
    return dlcScalarToSmallFloat(b, to, dlcScalarCast(b, from, f32, x), saturate, mode);
  unsigned fw = dlcEltWidth(from), tw = dlcEltWidth(to);
  bool ff = dlcIsFloat(from), tf = dlcIsFloat(to);
  // To bf16 through f32, rounded with integer ops (no libgcc call); from
  // f64 that rounds twice.
  if (mlirTypeIsABF16(target) && !(fw == 32 && ff))
    return dlcScalarCastWith(b, f32, to, dlcScalarCast(b, from, f32, x), saturate, mode);
  if (mlirTypeIsABF16(target))
    return dlcScalarToBFloat16(b, target, x);
  const char *name;
  if (tw == 1 && !tf) // to bool: x != 0
    return dlcScalarCompare(b, DLC_NE, from, x, dlcScalarConst(b, from, 0));
  if (ff && !tf && tw < 8) {
    // To i4, ui4, i2, ui2: the low bits of the integer, as ONNX's reference
    // (out of range, a direct conversion would be undefined).
    MlirType i32 = mlirIntegerTypeGet(b->ctx, 32);
    MlirValue wide = dlcBuild1(b, "arith.fptosi", 1, &x, i32, 0, NULL);
    return dlcBuild1(b, "arith.trunci", 1, &wide, target, 0, NULL);
  }
  if (ff && tf)
    name = tw > fw ? "arith.extf" : "arith.truncf";
  else if (ff)
    name = dlcIsUnsigned(to) ? "arith.fptoui" : "arith.fptosi";
  else if (tf)
    name = (dlcIsUnsigned(from) || fw == 1) ? "arith.uitofp" : "arith.sitofp";
  else if (tw > fw)
    name = (dlcIsUnsigned(from) || fw == 1) ? "arith.extui" : "arith.extsi";
  else
    name = "arith.trunci";
  return dlcBuild1(b, name, 1, &x, target, 0, NULL);
}
