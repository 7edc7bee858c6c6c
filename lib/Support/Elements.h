//===- Elements.h - Constant tensors as host arrays -------------*- C -*-===//
//
// The graph optimizations compute on constants (folding, batch_norm into
// conv weights): a DlcElements holds one static tensor's values on the
// host, floats as doubles and integers (i1 included) as int64 (unsigned
// values by their bit pattern), read from any elements attribute (dense,
// splat or dense_resource) and turned back into one.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_ELEMENTS_H
#define DLC_SUPPORT_ELEMENTS_H

#include "Support/SmallFloat.h"
#include "Support/Types.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct DlcElements {
  MlirType type; ///< static ranked tensor type
  MlirType elt;
  DlcShape shape;
  int64_t count;
  bool isFloat;
  double *f;  ///< the values when isFloat
  int64_t *i; ///< else
} DlcElements;

/// Zero-filled elements of the static tensor type `type` (a DLC element
/// type); false when the type is not one or the size overflows.
bool dlcElementsCreate(MlirType type, DlcElements *out);
/// The values of an elements attribute (dense, splat or dense_resource).
bool dlcElementsRead(MlirAttribute attr, DlcElements *out);
void dlcElementsFree(DlcElements *e);

/// Rounds `v` as an element of the type would hold it (f32 rounding,
/// integer wrap-around, i1 to 0/1).
double dlcElementsRoundFloat(const DlcElements *e, double v);
/// v cast to e's float type as ONNX's Cast does (dlcElementsRoundFloat but
/// for the small floats, whose `saturate` and `round_mode` it takes).
double dlcElementsCastFloat(const DlcElements *e, double v, bool saturate, DlcRoundMode mode);
int64_t dlcElementsWrapInt(const DlcElements *e, int64_t v);

/// Element `k` as a double (integers converted, unsigned ones as such).
double dlcElementsGetDouble(const DlcElements *e, int64_t k);

/// An attribute holding the values: dense<> up to `maxDense` elements (and
/// always for i1), else a dense_resource blob named `blobName` (MLIR makes
/// the name unique) that owns a copy of the data.
MlirAttribute dlcElementsToAttr(const DlcElements *e, int64_t maxDense, const char *blobName);

#endif // DLC_SUPPORT_ELEMENTS_H
