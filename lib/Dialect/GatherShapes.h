//===- GatherShapes.h - Gather shape rules both dialects share --*- C -*-===//
//
// dlc_graph.gather / gather_elements and their dlc_tensor counterparts
// index the same way (the graph ops after normalizing a negative axis), so
// one rule checks the operands and builds the result shape for both.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_GATHERSHAPES_H
#define DLC_DIALECT_GATHERSHAPES_H

#include "Dialect/OpDef.h"

/// Gather's result along `axis` (in range): the input's dims with dim
/// `axis` replaced by all of the indices' dims. Emits an error and returns
/// false when that rank exceeds DLC_MAX_RANK.
bool dlcGatherShape(const DlcInfer *in, int64_t axis, DlcShape *out);

/// GatherElements' indices: the input's rank, and no dim but `axis` larger
/// than the input's. Emits an error and returns false otherwise.
bool dlcCheckGatherElementsIndices(const DlcInfer *in, int64_t axis);

#endif // DLC_DIALECT_GATHERSHAPES_H
