//===- Types.h - Element types and shapes of DLC tensors --------*- C -*-===//
//
// DLC tensors are ranked builtin tensors over 23 element types. Signless
// integers (i8..i64) are signed, ui8..ui64 unsigned, i1 is bool. The half
// types f16 and bf16 (DLC_T_HALF) and the low-precision types (DLC_T_LOWP:
// the float8 family f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f8E8M0FNU, the
// 4-bit f4E2M1FN, and the integers i4, ui4, i2, ui2) are storage types: only
// casts, constants and ops that move elements take them (DLC_T_STORED);
// computations on them happen in f32 between casts (see lib/Onnx/Node.c).
// In memory a low-precision element is one byte, its bits in the low bits
// and the rest zero (LLVM's layout of i4 and i2). DlcShape is
// a rank and dims (DLC_DYN for '?') that shape rules compute on.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_TYPES_H
#define DLC_SUPPORT_TYPES_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

enum {
  DLC_T_F32 = 1u << 0,
  DLC_T_F64 = 1u << 1,
  DLC_T_I8 = 1u << 2,
  DLC_T_I16 = 1u << 3,
  DLC_T_I32 = 1u << 4,
  DLC_T_I64 = 1u << 5,
  DLC_T_U8 = 1u << 6,
  DLC_T_U16 = 1u << 7,
  DLC_T_U32 = 1u << 8,
  DLC_T_U64 = 1u << 9,
  DLC_T_I1 = 1u << 10,
  DLC_T_F16 = 1u << 11,
  DLC_T_BF16 = 1u << 12,
  DLC_T_HALF = DLC_T_F16 | DLC_T_BF16,
  DLC_T_F8E4M3FN = 1u << 13,
  DLC_T_F8E4M3FNUZ = 1u << 14,
  DLC_T_F8E5M2 = 1u << 15,
  DLC_T_F8E5M2FNUZ = 1u << 16,
  DLC_T_F8E8M0 = 1u << 17,
  DLC_T_F4E2M1 = 1u << 18,
  DLC_T_I4 = 1u << 19,
  DLC_T_U4 = 1u << 20,
  DLC_T_I2 = 1u << 21,
  DLC_T_U2 = 1u << 22,
  /// The small floats, whose casts DLC computes with integer bit code.
  DLC_T_SMALLFLOAT = DLC_T_F8E4M3FN | DLC_T_F8E4M3FNUZ | DLC_T_F8E5M2 | DLC_T_F8E5M2FNUZ |
                     DLC_T_F8E8M0 | DLC_T_F4E2M1,
  DLC_T_SUBBYTE_INT = DLC_T_I4 | DLC_T_U4 | DLC_T_I2 | DLC_T_U2,
  DLC_T_LOWP = DLC_T_SMALLFLOAT | DLC_T_SUBBYTE_INT,
  DLC_T_FLOAT = DLC_T_F32 | DLC_T_F64,
  DLC_T_SINT = DLC_T_I8 | DLC_T_I16 | DLC_T_I32 | DLC_T_I64,
  DLC_T_UINT = DLC_T_U8 | DLC_T_U16 | DLC_T_U32 | DLC_T_U64,
  DLC_T_INT = DLC_T_SINT | DLC_T_UINT,
  DLC_T_NUMERIC = DLC_T_FLOAT | DLC_T_INT,
  DLC_T_SIGNED = DLC_T_FLOAT | DLC_T_SINT,
  DLC_T_ANY = DLC_T_NUMERIC | DLC_T_I1,
  DLC_T_INDEX = DLC_T_I32 | DLC_T_I64,
  /// What casts, constants and data movement take: every type, the half
  /// and low-precision types included.
  DLC_T_STORED = DLC_T_ANY | DLC_T_HALF | DLC_T_LOWP,
};

#define DLC_MAX_RANK 16
#define DLC_DYN INT64_MIN

typedef struct DlcShape {
  int64_t rank;
  int64_t dims[DLC_MAX_RANK];
} DlcShape;

/// The DLC_T_* bit of an element type, 0 if DLC does not support it.
uint32_t dlcEltBit(MlirType elt);
/// The element type for one DLC_T_* bit.
MlirType dlcEltFromBit(MlirContext ctx, uint32_t bit);
/// Words for a mask in messages: "float", "integer", "f32, i64 or i1"...
const char *dlcEltMaskName(uint32_t mask);
/// True for element types in the mask.
static inline bool dlcEltIn(MlirType elt, uint32_t mask) { return (dlcEltBit(elt) & mask) != 0; }
/// True for f32, f64, f16, bf16 and the small floats (float8, float4).
bool dlcIsFloat(MlirType elt);
/// ui8..ui64, ui4 and ui2.
bool dlcIsUnsigned(MlirType elt);
/// Bit width of an element type (1 for i1).
unsigned dlcEltWidth(MlirType elt);
/// The signless type that arith and linalg compute on: ui8 -> i8, else elt.
MlirType dlcSignless(MlirType elt);

/// bfloat16 bits to float (exact: the top half of a float32's bits) and a
/// float rounded to the nearest bfloat16 (ties to even; NaN stays NaN).
/// GCC 12's C has _Float16 for f16 but no bfloat16 arithmetic type.
static inline float dlcBF16ToFloat(uint16_t bits) {
  union { uint32_t u; float f; } v = {(uint32_t)bits << 16};
  return v.f;
}
static inline uint16_t dlcFloatToBF16(float x) {
  union { float f; uint32_t u; } v = {x};
  if (x == x)
    v.u += 0x7fff + ((v.u >> 16) & 1);
  return (uint16_t)(v.u >> 16);
}

/// Fills `shape` from a ranked tensor type; false for anything else or a
/// rank above DLC_MAX_RANK.
bool dlcShapeOf(MlirType tensorType, DlcShape *shape);
/// The element type of a shaped type.
MlirType dlcElementType(MlirType shapedType);
MlirType dlcTensorType(const DlcShape *shape, MlirType elt);
MlirType dlcTensorTypeOf(int64_t rank, const int64_t *dims, MlirType elt);
bool dlcShapeIsStatic(const DlcShape *shape);
/// A ranked f32 tensor type whose dims are static but maybe the outermost
/// (a batch known at run time, which loops tile like any other dim).
bool dlcTypeIsF32StaticButOuter(MlirType type);
/// The number of elements (DLC_DYN if a dim is dynamic; INT64_MAX when the
/// product overflows).
int64_t dlcShapeNumElements(const DlcShape *shape);

/// The most elements a tensor type of DLC may have (2^40): byte counts of
/// any element type, and products of two dims, stay inside int64.
#define DLC_MAX_ELEMENTS (INT64_C(1) << 40)
/// Whether the static dims multiply to at most DLC_MAX_ELEMENTS (or to 0).
bool dlcShapeWithinLimit(const DlcShape *shape);
/// Numpy broadcast of two shapes; false when they are incompatible.
bool dlcBroadcastShapes(const DlcShape *a, const DlcShape *b, DlcShape *out);
/// Same rank and element type, dims equal where both are static.
bool dlcTypesCompatible(MlirType a, MlirType b);
/// Of two compatible tensor types, the one with more static dims merged.
MlirType dlcTypeMeet(MlirType a, MlirType b);
/// What two tensor types of one rank and element type have in common: dims
/// that differ are `?`. Null when the ranks or element types differ.
MlirType dlcTypeJoin(MlirType a, MlirType b);
/// Normalizes a possibly negative axis into [0, rank); false if out of range.
bool dlcNormalizeAxis(int64_t *axis, int64_t rank);

#endif // DLC_SUPPORT_TYPES_H
