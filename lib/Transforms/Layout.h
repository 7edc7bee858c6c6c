//===- Layout.h - What dlc-convert-layout's rewrites share ------*- C -*-===//
//
// Part of dlc-convert-layout (ConvertLayout.c): the permutations between
// NCHW and NHWC, transposes built as copying linalg.generic ops (constants
// repacked instead) and recognized again, and the rewrites of channel
// concats, shuffles and slices (LayoutChannels.c).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TRANSFORMS_LAYOUT_H
#define DLC_TRANSFORMS_LAYOUT_H

#include "Support/Builder.h"
#include "Support/ReleaseWeights.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Permutations: result dim i is the operand's dim perm[i].
extern const int64_t dlcLayoutToNHWC[4], dlcLayoutToNCHW[4];

/// Is `v` a ranked tensor of static shape and f32 elements?
bool dlcLayoutIsStaticF32(MlirValue v);
/// Are all operands of `op` such tensors?
bool dlcLayoutAllStaticF32(MlirOperation op);

/// The same, but the leading (batch) dim may be dynamic: the layouts keep
/// it in place, so a model compiled for any batch converts too.
bool dlcLayoutIsBatchStaticF32(MlirValue v);
bool dlcLayoutAllBatchStaticF32(MlirOperation op);

/// The dynamic sizes of `x` permuted by `perm` (as dlcLayoutTransposed's
/// result), as tensor.dim values into `sizes`; returns how many.
intptr_t dlcLayoutPermutedSizes(DlcBuilder *b, MlirValue x, const int64_t *perm, MlirValue *sizes);

/// `type` (a ranked tensor) with its dims permuted by `perm`.
MlirType dlcLayoutPermutedType(MlirType type, const int64_t *perm);

/// Releases a blob allocated with aligned_alloc (a dense_resource deleter).
void dlcLayoutFreeBlob(void *userData, const void *data, size_t size, size_t align);

/// The bytes of a non-splat dense or dense_resource constant, or NULL.
const char *dlcLayoutConstantData(MlirAttribute value);

/// The arith.constant whose bytes `v` is, through row-major reshapes (the
/// same bytes), when it has data of its own (dlcLayoutConstantData); else
/// null.
MlirOperation dlcLayoutDataConstant(MlirValue v);

/// `value` (f32 elements, read as `type`: a reshape of its constant is
/// the same bytes) with dim `dim` grown to `size`, zeros after the old
/// elements, into a new blob; null when its data cannot be read.
MlirAttribute dlcLayoutPaddedConstant(MlirAttribute value, MlirType type, intptr_t dim,
                                      int64_t size);

/// Pads the output channels of `op` (a convolution, depthwise convolution
/// or product whose weights, operand 1, are a constant and whose init is a
/// fill) to `padded`: the weights' dim `weightDim` grown with zeros when
/// compiling, the result's dim `dim`, a leading slice of the wider result
/// replacing op's. `input`, when not null, replaces operand 0 (a depthwise
/// convolution's input, widened by the caller). False, and nothing
/// changed, when the weights or the init are not such.
bool dlcLayoutPadOutputChannels(MlirOperation op, intptr_t weightDim, intptr_t dim, int64_t padded,
                                MlirValue input, DlcWeightRefs *refs);

/// x permuted: result dim i is x's dim perm[i]. A constant becomes a
/// repacked constant, anything else a copying linalg.generic.
MlirValue dlcLayoutTransposed(DlcBuilder *b, MlirValue x, const int64_t *perm);

/// Is `op` a copy of its input with permuted indices? Sets `perm` (at
/// least DLC_MAX_RANK entries) as in dlcLayoutTransposed.
bool dlcLayoutIsTranspose(MlirOperation op, int64_t *perm);

/// Rewrites the ops that move channels of NCHW tensors coming from NHWC
/// values (see LayoutChannels.c) into the same ops on the NHWC tensors,
/// between transposes that cancel against their neighbours': each
/// tensor.concat along the channels, channel shuffle (expand_shape,
/// transpose, collapse_shape) and slice. Returns how many it rewrote.
size_t dlcLayoutRewriteChannelOps(MlirOperation root);

/// The NHWC pooling generic that `pool` (NCHW) becomes, inputs `inputs`
/// (input, window), init `init` and input map `inputMap` over the loops
/// (n, oh, ow, kh, kw, c), as linalg.pooling_nhwc_max or _sum when it is
/// one (see LayoutPool.c); its result, or null.
MlirValue dlcLayoutNamedPool(DlcBuilder *b, MlirOperation pool, const MlirValue *inputs,
                             MlirValue init, MlirAffineMap inputMap);

/// A linalg.reduce over the spatial dims of one static NCHW f32 tensor
/// (global average pooling's sums), and its rewrite into the same sums
/// over the NHWC tensor (LayoutPool.c).
bool dlcLayoutIsSpatialReduce(MlirOperation op);
void dlcLayoutRewriteSpatialReduce(MlirOperation reduce);

/// A static grouped convolution as the lowering makes it (NCHW views split
/// by group, a fill init, the result collapsed back), and its rewrite into
/// linalg.conv_2d_nhwgc_gfhwc on the NHWC views (LayoutGroupedConv.c).
bool dlcLayoutIsGroupedConv(MlirOperation op);
void dlcLayoutRewriteGroupedConv(MlirOperation conv);

/// Whether groups of `cg` input and `fg` output channels are wide enough
/// for dlc-codegen to compute each as a convolution of its own, whose
/// register tiles take a vector of the group's output channels
/// (WideGroups.c), rather than as im2col columns and their product.
bool dlcGroupedConvGroupsAreWide(int64_t cg, int64_t fg);

#endif // DLC_TRANSFORMS_LAYOUT_H
