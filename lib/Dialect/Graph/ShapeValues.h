//===- ShapeValues.h - Symbolic values of small shape tensors ---*- C -*-===//
//
// Exporters build the shapes of Reshape, Expand and ConstantOfShape with
// ops on the shapes of other tensors (Shape -> Gather/Slice -> Unsqueeze ->
// Concat, times a head count, ...). With a dynamic dim those ops stay in
// the graph and the shape is read when the code runs; these functions say
// at compile time what each entry of such a tensor is, as far as it
// follows: a constant, or a constant times a product of dynamic dims of
// named values. The shape rules then keep every dim that is known static
// and give `?` only to the dims that really vary.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_GRAPH_SHAPEVALUES_H
#define DLC_DIALECT_GRAPH_SHAPEVALUES_H

#include "Support/Types.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/// How many dynamic dims one entry may multiply.
#define DLC_SYM_MAX_FACTORS 4

/// One dynamic dim: dim `dim` of `value`.
typedef struct DlcSymFactor {
  MlirValue value;
  int64_t dim;
} DlcSymFactor;

/// One entry: `coef` times the product of `count` dynamic dims when
/// `known`, else nothing is known of it.
typedef struct DlcSymDim {
  bool known;
  int64_t coef;
  int count;
  DlcSymFactor factors[DLC_SYM_MAX_FACTORS];
} DlcSymDim;

/// The `n` entries (n <= DLC_MAX_RANK) of the integer (or i1) tensor `v`
/// of `n` elements in row-major order. Entries that do not follow are
/// marked unknown; returns whether any entry is known. Reads attributes
/// and types only, never fails.
bool dlcSymShapeValue(MlirValue v, DlcSymDim *out, int64_t n);

/// The entry for dim `dim` of a value of shape `s`: its size when static,
/// else that dim itself as a factor of `v`.
DlcSymDim dlcSymDimOf(MlirValue v, const DlcShape *s, int64_t dim);

/// Whether `a` and `b` are known and the same product.
bool dlcSymDimEqual(const DlcSymDim *a, const DlcSymDim *b);

/// reshape of `input` (shape `in`) by the run-time `shape` of `n`
/// entries: each entry known to be a constant gives that dim (0 copies the
/// input dim unless `allowZero`); a -1 is the input's element count over
/// the others' when their dynamic factors cancel the input's; every other
/// dim is DLC_DYN.
void dlcSymReshape(MlirValue input, const DlcShape *in, MlirValue shape, int64_t n,
                   bool allowZero, DlcShape *out);

/// expand of a tensor of shape `in` by the run-time `shape` of `n`
/// entries (numpy broadcasting): a static input dim other than 1 is kept,
/// an entry known to be a constant other than 1 gives the dim, an entry 1
/// keeps the input dim.
void dlcSymExpand(const DlcShape *in, MlirValue shape, int64_t n, DlcShape *out);

#endif // DLC_DIALECT_GRAPH_SHAPEVALUES_H
