//===- RandomInputs.h - dlc-run --random-inputs -----------------*- C -*-===//
//
// Benchmarking without data: seeded inputs of the entry's types, shaped by
// --input-shape where dims are dynamic, in ranges a model accepts.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUN_RANDOM_INPUTS_H
#define DLC_RUN_RANDOM_INPUTS_H

#include "Options.h"

#include "dlc-c/Runtime.h"

/// Creates one tensor per input of `sig` (the entry's, maybe with `?`
/// dims) into `out`, printing a line for each: floats uniform in [-1, 1),
/// integers that index a gather (dlcEntryGetInputIndexBound) in [0, the
/// dim it selects from), other integers in [0, 10), bools 0 or 1. False
/// after a message (a dynamic dim without --input-shape, an unknown name).
bool dlcRunRandomInputs(const DlcRunArgs *o, MlirOperation entry, const DlcSignature *sig,
                        DlcTensor *out);

#endif // DLC_RUN_RANDOM_INPUTS_H
