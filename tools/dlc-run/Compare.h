//===- Compare.h - Checking and showing dlc-run's results --------*- C -*-===//
//
// A value matches its expectation when |got - want| <= atol + rtol * |want|
// (NaN matches NaN); integers and bools must be equal.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUN_COMPARE_H
#define DLC_RUN_COMPARE_H

#include "Text.h"
#include "dlc-c/Tensor.h"

#include <stdbool.h>

typedef struct DlcComparison {
  double maxAbsError; ///< NaN when a NaN met a number
  double maxRelError; ///< |got - want| / |want|; inf where want is 0
  int64_t numMismatches;
  int64_t firstMismatch; ///< flat index, -1 when none
} DlcComparison;

/// Compares two tensors of the same dtype and shape.
DlcComparison dlcCompareTensors(const DlcTensor *got, const DlcTensor *want, double rtol,
                                double atol);

/// Appends "shape=[2, 3] dtype=float32".
void dlcAppendTensorType(Text *s, const DlcTensor *t);
/// Appends "[v0, v1, ...]": at most `limit` values, then "...".
void dlcAppendValues(Text *s, const DlcTensor *t, int64_t limit);
/// Appends element `i` as numpy would show it.
void dlcAppendValue(Text *s, const DlcTensor *t, int64_t i);
/// Appends the multi-index of flat index `i`: "[0, 1]".
void dlcAppendIndex(Text *s, const DlcTensor *t, int64_t i);

#endif // DLC_RUN_COMPARE_H
