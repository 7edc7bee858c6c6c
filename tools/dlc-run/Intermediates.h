//===- Intermediates.h - dlc-run's numerical bisection ----------*- C -*-===//
//
// With --compare-intermediates or --dump-intermediates the ONNX model is
// imported with taps (DlcOnnxImportOptions.exposeIntermediates): every
// value a node computes is an output too, after the graph's outputs. Each
// is written as, or compared against, DIR/<name>.npy, where <name> is the
// ONNX value name percent-encoded (bytes outside A-Za-z0-9._-~ as %XX), the
// files tools/ort-intermediates.py writes.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUN_INTERMEDIATES_H
#define DLC_RUN_INTERMEDIATES_H

#include "Options.h"

#include "dlc-c/Tensor.h"
#include "mlir-c/IR.h"

typedef struct DlcRunTap {
  char *value, *node, *opType; ///< owned; node and opType empty for graph outputs
  char **inputs;               ///< the node's input names, owned
  DlcTensorType *inputTypes;
  intptr_t numInputs;
  int64_t nodeIndex; ///< the node's position in the graph; -1 if no node computes it
  bool tap;          ///< not a graph output
} DlcRunTap;

/// The entry's results as the importer named them: the graph's outputs
/// first (`numGraphOutputs`), then the taps. `order` lists the results a
/// node computes in topological order (the graph's nodes').
typedef struct DlcRunTaps {
  DlcRunTap *items;
  intptr_t count, numGraphOutputs;
  intptr_t *order, numOrdered;
  char **inputNames; ///< the entry's arguments' ONNX names
  intptr_t numInputs;
} DlcRunTaps;

/// Reads the result attributes of `entry` (before lowering erases them).
void dlcRunTapsRead(MlirOperation entry, DlcRunTaps *taps);
void dlcRunTapsDestroy(DlcRunTaps *taps);

/// Writes each output as DIR/<encoded name>.npy; false after a message.
bool dlcRunDumpIntermediates(const char *dir, const DlcRunTaps *taps, const DlcTensor *outputs);

/// Compares each tap with its file in `dir` in topological order, printing
/// the first node whose output differs beyond the tolerance (and its
/// inputs, its error and the errors downstream) or that all match. Returns
/// DLC_RUN_OK, DLC_RUN_MISMATCH or DLC_RUN_ERROR (after a message).
int dlcRunCompareIntermediates(const DlcRunArgs *o, const DlcRunTaps *taps,
                               const DlcTensor *outputs);

/// --extract-subgraph: writes node o->extractNode as o->extractPath with
/// the values of this run (`inputs`, `outputs`) and, where the
/// --compare-intermediates reference has them, its expected outputs.
/// Returns DLC_RUN_OK or DLC_RUN_ERROR (after a message).
int dlcRunExtractNode(const DlcRunArgs *o, const DlcRunTaps *taps, const DlcTensor *inputs,
                      const DlcTensor *outputs);

#endif // DLC_RUN_INTERMEDIATES_H
