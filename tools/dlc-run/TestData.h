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
  /// [N]: the tensors of file N when it holds a sequence or an optional,
  /// read when the importer asks for its structure (their count, -1 for
  /// an empty optional, and types).
  DlcTensor **lists;
  intptr_t *listCounts;
  DlcTensorType **listTypes;
} DlcTestInputs;

void dlcTestInputsInit(DlcTestInputs *t, const char *dir, const DlcRunFiles *files);
void dlcTestInputsDestroy(DlcTestInputs *t);
/// A DlcOnnxInputProvider over a DlcTestInputs (userData): reads the file
/// at the input's position. Prints why and fails when there is no such file
/// or it cannot be read.
MlirLogicalResult dlcTestInputsProvide(MlirStringRef name, intptr_t position,
                                       const DlcTensor **value, void *userData);
/// A DlcOnnxListProvider over a DlcTestInputs (userData): reads the file at
/// the input's position as a SequenceProto or an OptionalProto. Prints why
/// and fails when there is no such file or it cannot be read.
MlirLogicalResult dlcTestInputsProvideList(MlirStringRef name, intptr_t position, bool optional,
                                           intptr_t *count, const DlcTensorType **types,
                                           void *userData);
/// Reads the input of each of `entry`'s arguments: file `files->paths[i]`
/// for argument i, or, for an argument holding tensor k of a sequence or an
/// optional (`onnx.element`), a copy of that tensor as `t` read it. False
/// after a message.
bool dlcTestInputsRead(const DlcTestInputs *t, MlirOperation entry, const DlcRunFiles *files,
                       DlcTensor *out);
/// Prints "bound input 'NAME' from FILE: <type> values=[...]" per binding.
void dlcTestInputsPrint(const DlcTestInputs *t);

/// The files to feed to `entry`'s arguments, in argument order, from the
/// data set's input files: by name through `onnx.graph_inputs` and the
/// arguments' `onnx.name` when the entry has them, else by position. False
/// after a message when the files do not fit the graph's inputs.
bool dlcRunArgumentFiles(MlirOperation entry, const char *dir, const DlcRunFiles *files,
                         DlcRunFiles *out);

/// Whether an argument of `entry` holds a tensor of a sequence or an
/// optional (`onnx.element`).
bool dlcRunHasListArguments(MlirOperation entry);

/// The number of arguments of the function `entry`, -1 if not a function.
intptr_t dlcRunNumArguments(MlirOperation entry);

/// The ONNX name (`onnx.name`) of argument `i` of `entry`; empty if none.
MlirStringRef dlcRunArgumentName(MlirOperation entry, intptr_t i);

/// The kind of each graph output ('t' tensor, 's' sequence, 'o' optional;
/// 'S', 'O' and 'Q' (an optional of a sequence) for those known only at
/// run time) from the entry's
/// `onnx.output_kinds`, malloc'ed; NULL when it has none (every output a
/// tensor).
char *dlcRunOutputKinds(MlirOperation entry);
/// Reads the expected outputs into *tensors (*count of them, malloc'ed):
/// one per file, or the tensors of a sequence's or an optional's file
/// (`kinds` from dlcRunOutputKinds, may be NULL), which the entry returns
/// as that many results; a run-time one's file packed as the entry's
/// results `types` hold it (dlc-c/Tensor.h). `paths` gets the file of each
/// tensor. False after a message when a file cannot be read; what was read
/// stays in *tensors.
bool dlcRunReadExpects(const DlcRunFiles *files, const char *kinds, const DlcTensorType *types,
                       intptr_t numTypes, DlcRunFiles *paths, DlcTensor **tensors,
                       intptr_t *count);

#endif // DLC_RUN_TESTDATA_H
