//===- TestData.h - ONNX backend-test data for dlc-run ----------*- C -*-===//
//
// A data set DIR holds input_N.pb and output_N.pb. input_N.pb is the
// model's Nth graph input that is not an initializer: @main lists them in
// `onnx.graph_inputs`, bound ones included, while its arguments are only
// the inputs left unbound. So the files are matched to arguments by name,
// and with --bind-shape-inputs the importer asks for the files it needs at
// compile time (the input provider below).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUN_TESTDATA_H
#define DLC_RUN_TESTDATA_H

#include "Options.h"

#include "dlc-c/Tensor.h"
#include "mlir-c/IR.h"

/// Adds DIR/input_N.pb and DIR/output_N.pb, N = 0, 1, ... while they exist,
/// to o->inputs and o->expects. False after a message if DIR is not a
/// directory.
bool dlcRunCollectTestData(DlcRunArgs *o);

/// What the importer bound from the data set.
typedef struct DlcTestInputs {
  const char *dir;
  const DlcRunFiles *files; ///< input_N.pb, borrowed
  DlcTensor *values;        ///< [N]: read when the importer asks for input N
  char **names;             ///< [N]: the graph input bound from file N, or NULL
  intptr_t *order;          ///< the Ns bound, in the order the importer asked
  intptr_t numBound;
} DlcTestInputs;

void dlcTestInputsInit(DlcTestInputs *t, const char *dir, const DlcRunFiles *files);
void dlcTestInputsDestroy(DlcTestInputs *t);
/// A DlcOnnxInputProvider over a DlcTestInputs (userData): reads the file
/// at the input's position. Prints why and fails when there is no such file
/// or it cannot be read.
MlirLogicalResult dlcTestInputsProvide(MlirStringRef name, intptr_t position,
                                       const DlcTensor **value, void *userData);
/// Prints "bound input 'NAME' from FILE: <type> values=[...]" per binding.
void dlcTestInputsPrint(const DlcTestInputs *t);

/// The files to feed to `entry`'s arguments, in argument order, from the
/// data set's input files: by name through `onnx.graph_inputs` and the
/// arguments' `onnx.name` when the entry has them, else by position. False
/// after a message when the files do not fit the graph's inputs.
bool dlcRunArgumentFiles(MlirOperation entry, const char *dir, const DlcRunFiles *files,
                         DlcRunFiles *out);

/// The number of arguments of the function `entry`, -1 if not a function.
intptr_t dlcRunNumArguments(MlirOperation entry);

/// The ONNX name (`onnx.name`) of argument `i` of `entry`; empty if none.
MlirStringRef dlcRunArgumentName(MlirOperation entry, intptr_t i);

#endif // DLC_RUN_TESTDATA_H
