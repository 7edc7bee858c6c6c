//===- LowerCopies.c - The dlc-lower-copies pass ----------------*- C -*-===//
//
// finalize-memref-to-llvm lowers a memref.copy between identity layouts to
// a memcpy, but any other copy (a strided subview, say) to a call of
// `memrefCopy` in libmlir_c_runner_utils. Rewriting those copies into
// linalg.copy makes them loops, so compiled code depends on nothing.
//
// Copies whose innermost contiguous rows are long (a concat's operands
// written into its result, NCHW or NHWC) are memcpy calls instead, one
// per row, in scf.for loops over the outer dims (one call when the whole
// copy is contiguous): LLVM vectorized and unrolled the element loops into
// blocks of ~900 instructions each, most of a DenseNet's code and much of
// its compile time, and libc's memcpy moves long rows as fast.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Rewrite.h"

#include <stdlib.h>

#define MAX_COPIES 4096

typedef struct Copies {
  MlirOperation ops[MAX_COPIES];
  int count;
  bool overflow;
} Copies;

static bool hasIdentityLayout(MlirType memref) {
  return mlirTypeIsAMemRef(memref) && mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(memref));
}

// Rows shorter than this stay element loops, which LLVM vectorizes and
// inlines: a call costs more than the copy of a few vectors.
enum { MIN_MEMCPY_ROW_BYTES = 256 };

// A copy between static shapes and strided layouts, in rows: dims
// `outer`.. are contiguous in both buffers (`row` elements), and the dims
// before are looped over.
typedef struct Rows {
  intptr_t rank, outer;
  int64_t shape[DLC_MAX_RANK], row;
} Rows;

static bool staticStrides(MlirType memref, int64_t *strides) {
  int64_t offset;
  if (!mlirTypeIsAMemRef(memref) || !mlirShapedTypeHasStaticShape(memref) ||
      mlirShapedTypeGetRank(memref) > DLC_MAX_RANK ||
      mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(memref, strides, &offset)))
    return false;
  for (intptr_t i = 0, n = mlirShapedTypeGetRank(memref); i < n; ++i)
    if (mlirShapedTypeIsDynamicStrideOrOffset(strides[i]))
      return false;
  return true;
}

// Whether `copy` moves rows of at least MIN_MEMCPY_ROW_BYTES; `rows` says
// which.
static bool longRows(MlirOperation copy, Rows *rows) {
  MlirType src = mlirValueGetType(mlirOperationGetOperand(copy, 0));
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(copy, 1));
  int64_t srcStrides[DLC_MAX_RANK], dstStrides[DLC_MAX_RANK];
  if (!staticStrides(src, srcStrides) || !staticStrides(dst, dstStrides))
    return false;
  MlirType elt = mlirShapedTypeGetElementType(src);
  if (!mlirTypeIsAFloat(elt) && !mlirTypeIsAInteger(elt))
    return false;
  int64_t bits = mlirTypeIsAFloat(elt) ? mlirFloatTypeGetWidth(elt) : mlirIntegerTypeGetWidth(elt);
  if (bits % 8)
    return false;
  rows->rank = mlirShapedTypeGetRank(src);
  rows->row = 1;
  rows->outer = rows->rank;
  for (intptr_t i = 0; i < rows->rank; ++i)
    rows->shape[i] = mlirShapedTypeGetDimSize(src, i);
  // A dim of size 1 is contiguous whatever its stride.
  while (rows->outer > 0) {
    intptr_t d = rows->outer - 1;
    if (rows->shape[d] != 1 && (srcStrides[d] != rows->row || dstStrides[d] != rows->row))
      break;
    rows->row *= rows->shape[d];
    rows->outer = d;
  }
  return rows->row > 0 && rows->row * (bits / 8) >= MIN_MEMCPY_ROW_BYTES;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Copies *copies = userData;
  if (!mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                          mlirStringRefCreateFromCString("memref.copy")))
    return MlirWalkResultAdvance;
  MlirType src = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirType dst = mlirValueGetType(mlirOperationGetOperand(op, 1));
  Rows rows;
  if ((hasIdentityLayout(src) && hasIdentityLayout(dst)) ||
      (longRows(op, &rows) && rows.outer == 0))
    return MlirWalkResultAdvance; // finalize-memref-to-llvm makes it a memcpy
  if (copies->count == MAX_COPIES)
    copies->overflow = true;
  else
    copies->ops[copies->count++] = op;
  return MlirWalkResultAdvance;
}

// The rows of `buffer` at `index` (the loops' indices of the outer dims
// that are not 1) as a contiguous view: memref.subview [index..., 0...]
// [1..., inner dims] [1...], the outer dims dropped.
static MlirValue rowView(DlcBuilder *b, MlirValue buffer, const Rows *rows,
                         const MlirValue *index) {
  MlirType type = mlirValueGetType(buffer);
  int64_t strides[DLC_MAX_RANK], offset, offsets[DLC_MAX_RANK], sizes[DLC_MAX_RANK],
      ones[DLC_MAX_RANK];
  mlirMemRefTypeGetStridesAndOffset(type, strides, &offset);
  MlirValue operands[1 + DLC_MAX_RANK];
  operands[0] = buffer;
  int32_t looped = 0;
  for (intptr_t i = 0; i < rows->rank; ++i) {
    bool loop = i < rows->outer && rows->shape[i] != 1;
    offsets[i] = loop ? mlirShapedTypeGetDynamicStrideOrOffset() : 0;
    if (loop)
      operands[1 + looped++] = index[i];
    sizes[i] = i < rows->outer ? 1 : rows->shape[i];
    ones[i] = 1;
  }
  intptr_t inner = rows->rank - rows->outer;
  MlirAttribute layout = mlirStridedLayoutAttrGet(
      b->ctx, mlirShapedTypeGetDynamicStrideOrOffset(), inner, strides + rows->outer);
  MlirType view = mlirMemRefTypeGet(mlirShapedTypeGetElementType(type), inner,
                                    rows->shape + rows->outer, layout,
                                    mlirMemRefTypeGetMemorySpace(type));
  int32_t segments[4] = {1, looped, 0, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(b->ctx, "static_offsets", dlcI64ArrayAttr(b->ctx, rows->rank, offsets)),
      dlcNamed(b->ctx, "static_sizes", dlcI64ArrayAttr(b->ctx, rows->rank, sizes)),
      dlcNamed(b->ctx, "static_strides", dlcI64ArrayAttr(b->ctx, rows->rank, ones)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments))};
  return dlcBuild1(b, "memref.subview", 1 + looped, operands, view, 4, attrs);
}

// An empty scf.for from 0 to `n` built by `b`; `b` then builds in its
// body, before the scf.yield.
static MlirValue buildLoop(DlcBuilder *b, MlirValue zero, MlirValue one, int64_t n) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirBlock body = mlirBlockCreate(1, &index, &b->loc);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirValue bounds[3] = {zero, dlcConstIndex(b, n), one};
  dlcBuildOp(b, "scf.for", 3, bounds, 0, NULL, 0, NULL, 1, &region);
  DlcBuilder inBody = dlcBuilderAtBlockEnd(body, b->loc);
  MlirOperation yield = dlcBuildOp(&inBody, "scf.yield", 0, NULL, 0, NULL, 0, NULL, 0, NULL);
  mlirRewriterBaseSetInsertionPointBefore(b->rewriter, yield);
  return mlirBlockGetArgument(body, 0);
}

// One memref.copy of contiguous views per row, which
// finalize-memref-to-llvm lowers to memcpy; loops over the outer dims
// that are not 1.
static void rewriteToRows(MlirOperation copy, const Rows *rows) {
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(copy);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(copy));
  MlirValue zero = dlcConstIndex(&b, 0), one = dlcConstIndex(&b, 1);
  MlirValue index[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rows->outer; ++i)
    if (rows->shape[i] != 1)
      index[i] = buildLoop(&b, zero, one, rows->shape[i]);
  MlirValue views[2] = {rowView(&b, mlirOperationGetOperand(copy, 0), rows, index),
                        rowView(&b, mlirOperationGetOperand(copy, 1), rows, index)};
  dlcBuildOp(&b, "memref.copy", 2, views, 0, NULL, 0, NULL, 0, NULL);
  mlirRewriterBaseEraseOp(rewriter, copy);
  mlirIRRewriterDestroy(rewriter);
}

static void rewrite(MlirOperation copy) {
  MlirContext ctx = mlirOperationGetContext(copy);
  MlirValue operands[2] = {mlirOperationGetOperand(copy, 0), mlirOperationGetOperand(copy, 1)};
  int32_t segments[2] = {1, 1};
  MlirNamedAttribute seg = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("operandSegmentSizes")),
      mlirDenseI32ArrayGet(ctx, 2, segments));
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("linalg.copy"), mlirOperationGetLocation(copy));
  mlirOperationStateAddOperands(&state, 2, operands);
  mlirOperationStateAddAttributes(&state, 1, &seg);
  MlirRegion region = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation linalgCopy = mlirOperationCreate(&state);
  mlirLinalgFillBuiltinNamedOpRegion(linalgCopy);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(copy), copy, linalgCopy);
  mlirOperationDestroy(copy);
}

void dlcRunLowerCopies(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  Copies *copies = calloc(1, sizeof *copies);
  do {
    copies->count = 0;
    copies->overflow = false;
    mlirOperationWalk(op, collect, copies, MlirWalkPreOrder);
    for (int i = 0; i < copies->count; ++i) {
      Rows rows;
      if (longRows(copies->ops[i], &rows))
        rewriteToRows(copies->ops[i], &rows);
      else
        rewrite(copies->ops[i]);
    }
  } while (copies->overflow);
  free(copies);
  (void)run;
}
