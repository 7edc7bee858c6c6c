//===- FuseElementwise.h - What dlc-fuse-elementwise's files share -*- C -*-===//
//
// Part of dlc-fuse-elementwise (FuseElementwise.c): the producers whose
// epilogues dlc-codegen fuses, and the epilogues and depthwise
// convolutions widened to a producer's padded channels (PaddedChannels.c).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TRANSFORMS_FUSEELEMENTWISE_H
#define DLC_TRANSFORMS_FUSEELEMENTWISE_H

#include "mlir-c/IR.h"

#include <stddef.h>

/// Is `op` one whose elementwise reader dlc-codegen computes in its tiles
/// (a convolution, depthwise convolution or product)?
bool dlcFuseHasTiledEpilogue(MlirOperation op);

/// Rewrites each elementwise linalg.generic that reads a leading
/// tensor.extract_slice of a convolution's or product's result (its
/// padded channels dropped) to compute the whole result, the slice moved
/// after it, so that dlc-codegen computes it in the producer's tiles.
/// Returns how many it rewrote.
size_t dlcFuseWidenEpilogues(MlirOperation root);

/// Rewrites each depthwise convolution that reads a spatial tensor.pad of
/// such a slice, and whose own channels beyond the slice's are dropped
/// too, to read a pad of the whole value (widened to its channels, weights
/// padded with zeros, when it has fewer). Returns how many it rewrote.
size_t dlcFuseWidenDepthwiseInputs(MlirOperation root);

#endif // DLC_TRANSFORMS_FUSEELEMENTWISE_H
