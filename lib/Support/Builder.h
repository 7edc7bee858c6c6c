//===- Builder.h - Creating ops from C concisely ----------------*- C -*-===//
//
// A DlcBuilder creates ops at one location, either through a rewriter (at
// its insertion point, so pattern drivers see them) or appended to a block
// (for detached bodies under construction).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_BUILDER_H
#define DLC_SUPPORT_BUILDER_H

#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"

#include <stdint.h>

typedef struct DlcBuilder {
  MlirContext ctx;
  MlirLocation loc;
  MlirRewriterBase rewriter; ///< used when non-null
  MlirBlock block;           ///< else ops are appended here
} DlcBuilder;

DlcBuilder dlcBuilderAtRewriter(MlirRewriterBase rewriter, MlirLocation loc);
DlcBuilder dlcBuilderAtBlockEnd(MlirBlock block, MlirLocation loc);

/// Creates and inserts an op; `regions` (may be NULL) are owned by the op.
MlirOperation dlcBuildOp(DlcBuilder *b, const char *name, intptr_t numOperands,
                         const MlirValue *operands, intptr_t numResults, const MlirType *results,
                         intptr_t numAttrs, const MlirNamedAttribute *attrs, intptr_t numRegions,
                         MlirRegion *regions);
/// Creates an op at `loc` without inserting it: the caller places it
/// (passes that move ops between blocks rather than build through a
/// rewriter).
MlirOperation dlcCreateDetachedOp(const char *name, MlirLocation loc, intptr_t numOperands,
                                  const MlirValue *operands, intptr_t numResults,
                                  const MlirType *results, intptr_t numAttrs,
                                  const MlirNamedAttribute *attrs);
/// dlcBuildOp without regions, returning result 0.
MlirValue dlcBuild1(DlcBuilder *b, const char *name, intptr_t numOperands,
                    const MlirValue *operands, MlirType result, intptr_t numAttrs,
                    const MlirNamedAttribute *attrs);

MlirNamedAttribute dlcNamed(MlirContext ctx, const char *name, MlirAttribute attr);
MlirAttribute dlcI64Attr(MlirContext ctx, int64_t v);
MlirAttribute dlcI64ArrayAttr(MlirContext ctx, intptr_t n, const int64_t *v);
MlirAttribute dlcStringAttr(MlirContext ctx, const char *s);
MlirAttribute dlcSymbolAttr(MlirContext ctx, const char *name);
/// A splat dense elements attribute of `type` (any DLC element type).
MlirAttribute dlcSplatAttr(MlirType tensorType, double value);
/// A scalar attribute of element type `elt` (signless ints for ui types).
MlirAttribute dlcScalarAttr(MlirType elt, double value);

/// `v` itself when it has type `type`, else `tensor.cast` of it to `type`
/// (for declared result types more or less static than an op infers).
MlirValue dlcCastTo(DlcBuilder *b, MlirValue v, MlirType type);

/// arith.constant of a typed attribute.
MlirValue dlcConstant(DlcBuilder *b, MlirAttribute value);
/// arith.constant of a scalar of element type `elt` (signless for ui).
MlirValue dlcConstScalar(DlcBuilder *b, MlirType elt, double value);
/// arith.constant dense<value> : tensor<elt> (0-d).
MlirValue dlcConst0d(DlcBuilder *b, MlirType elt, double value);
MlirValue dlcConstIndex(DlcBuilder *b, int64_t value);

/// Largest / smallest finite-or-infinite value of an element type, for
/// reduction seeds (+-inf for floats).
double dlcEltLowest(MlirType elt);
double dlcEltHighest(MlirType elt);

#endif // DLC_SUPPORT_BUILDER_H
