//===- Scalar.h - Scalar arithmetic for map bodies --------------*- C -*-===//
//
// Builders for the scalar ops inside map bodies. Values are signless (what
// arith computes on); `elt` is the DLC element type the value stands for
// (ui8 for an i8 value that is unsigned), which picks signed, unsigned or
// float variants.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_CONVERSION_GRAPHTOTENSOR_SCALAR_H
#define DLC_CONVERSION_GRAPHTOTENSOR_SCALAR_H

#include "Support/Builder.h"
#include "Support/SmallFloat.h"

#include <stdbool.h>

typedef enum DlcScalarBinary {
  DLC_ADD,
  DLC_SUB,
  DLC_MUL,
  DLC_DIV, ///< integers truncate toward zero
  DLC_MAX, ///< NaN-propagating for floats
  DLC_MIN,
  DLC_POW, ///< x ** y, both of type elt
} DlcScalarBinary;

typedef enum DlcScalarCompare { DLC_EQ, DLC_NE, DLC_GT, DLC_GE, DLC_LT, DLC_LE } DlcScalarCompare;

MlirValue dlcScalarBinary(DlcBuilder *b, DlcScalarBinary op, MlirType elt, MlirValue x, MlirValue y);
/// i1 result.
MlirValue dlcScalarCompare(DlcBuilder *b, DlcScalarCompare op, MlirType elt, MlirValue x,
                           MlirValue y);
MlirValue dlcScalarSelect(DlcBuilder *b, MlirValue cond, MlirValue x, MlirValue y);
/// Converts x from element type `from` to `to` (ONNX Cast semantics, with
/// saturate and round_mode at their defaults).
MlirValue dlcScalarCast(DlcBuilder *b, MlirType from, MlirType to, MlirValue x);
/// dlcScalarCast with ONNX Cast's `saturate` (float8 targets) and
/// `round_mode` (f8E8M0FNU targets).
MlirValue dlcScalarCastWith(DlcBuilder *b, MlirType from, MlirType to, MlirValue x, bool saturate,
                            DlcRoundMode mode);
/// An f32 value to a small float type (float8, float4: DLC_T_SMALLFLOAT)
/// and back, with integer ops on their bits (SmallFloat.c).
MlirValue dlcScalarToSmallFloat(DlcBuilder *b, MlirType to, MlirValue x, bool saturate,
                                DlcRoundMode mode);
MlirValue dlcScalarFromSmallFloat(DlcBuilder *b, MlirType from, MlirValue x);
/// f32 `x` rounded to bf16 (nearest, ties to even; NaN stays a quiet NaN)
/// with integer ops: LLVM lowers arith.truncf to bf16 on a CPU without
/// bf16 conversions to a call of __truncsfbf2, which GCC 12's libgcc lacks.
MlirValue dlcScalarToBFloat16(DlcBuilder *b, MlirType to, MlirValue x);
/// A one-operand op of the math or arith dialect on x ("math.exp").
MlirValue dlcScalarUnary(DlcBuilder *b, const char *opName, MlirValue x);
MlirValue dlcScalarNeg(DlcBuilder *b, MlirType elt, MlirValue x);
MlirValue dlcScalarAbs(DlcBuilder *b, MlirType elt, MlirValue x);
MlirValue dlcScalarConst(DlcBuilder *b, MlirType elt, double value);

#endif // DLC_CONVERSION_GRAPHTOTENSOR_SCALAR_H
