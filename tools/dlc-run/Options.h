//===- Options.h - dlc-run's command line -----------------------*- C -*-===//

#ifndef DLC_RUN_OPTIONS_H
#define DLC_RUN_OPTIONS_H

#include "Bindings.h"
#include "dlc-c/Passes.h"
#include "dlc-c/Tensor.h"

#include <stdbool.h>
#include <stdint.h>

enum { DLC_RUN_OK = 0, DLC_RUN_MISMATCH = 1, DLC_RUN_ERROR = 2 };

/// The program name that starts every message.
extern const char *const dlcRunTool;

/// An MlirStringCallback printing "dlc-run: <message>" on stderr.
void dlcRunPrintError(MlirStringRef message, void *userData);

/// Creates directory `dir` unless it exists; false after "cannot create
/// <what> '<dir>': <why>".
bool dlcRunMakeDirectory(const char *dir, const char *what);

typedef struct DlcRunFiles {
  char **paths; ///< owned
  intptr_t count;
} DlcRunFiles;

typedef struct DlcRunArgs {
  const char *model;
  DlcRunFiles inputs, expects; ///< --input / --expect, or --test-data's files
  const char *testData;
  bool bindShapeInputs; ///< bind what the importer needs from --test-data
  const char *entry;
  const char *outDir;
  double rtol, atol;
  long repeat;
  DlcCompileOptions compile; ///< -O, --codegen, --threads, --schedules, --no-optimize
  DlcBindingList bindings; ///< --bind-input
  int64_t maxMemory; ///< --max-memory: bytes of tensors a run may need
  bool profile;            ///< --profile: print a table of times per node
  const char *profileJson; ///< --profile-json: write them as a Chrome trace
  bool randomInputs;       ///< --random-inputs[=SEED]
  bool dynamic; ///< --dynamic: compile the `?` dims as they are, not for the inputs
  uint64_t randomSeed;
  const char *compareIntermediates; ///< --compare-intermediates REFDIR
  const char *dumpIntermediates;    ///< --dump-intermediates DIR
  const char *extractNode;          ///< --extract-subgraph NODE
  const char *extractPath;          ///< its -o FILE.onnx
  bool testDirs;         ///< --test-dirs: the positional arguments are ONNX test directories
  DlcRunFiles positional; ///< the model, or with --test-dirs the directories
} DlcRunArgs;

/// Fills `o` from the command line (defaults first). Returns 0 to go on,
/// -1 to exit successfully (--help, --version), or an exit status after a
/// message naming the argument.
int dlcRunParseArgs(int argc, char **argv, DlcRunArgs *o);
void dlcRunOptionsDestroy(DlcRunArgs *o);
void dlcRunAddFile(DlcRunFiles *list, const char *path);
/// Frees the paths of `list` and empties it.
void dlcRunFilesClear(DlcRunFiles *list);

#endif // DLC_RUN_OPTIONS_H
