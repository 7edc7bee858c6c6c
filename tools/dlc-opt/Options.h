//===- Options.h - dlc-opt's command line -----------------------*- C -*-===//
//
// The flags of mlir-opt that DLC supports, spelled as mlir-opt spells them
// (`-flag` and `--flag` alike, `--flag=value` or `--flag value` for options
// that take one). Any other flag names a pass or pipeline, DLC's or
// upstream's, and is checked when the pass manager is built.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_OPT_OPTIONS_H
#define DLC_OPT_OPTIONS_H

#include "Support/Str.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct DlcOptFlagPass {
  const char *arg;     ///< as written on the command line, for messages
  const char *name;    ///< points into arg
  size_t nameLength;
  const char *options; ///< text after '=', or NULL
} DlcOptFlagPass;

typedef struct DlcOptOptions {
  const char *input;    ///< NULL or "-" for stdin
  const char *output;   ///< NULL or "-" for stdout
  const char *pipeline; ///< --pass-pipeline / -p
  DlcOptFlagPass *flagPasses; ///< passes given as flags, in order
  int numFlagPasses;
  const char *splitMarker;  ///< non-NULL with --split-input-file
  const char *outputMarker; ///< between the output chunks
  bool verifyDiagnostics, onlyExpected;
  bool verifyEach;
  bool printBefore, printAfter, printAfterChange, printAfterFailure, printModuleScope;
  bool timing;
  bool debugInfo, genericForm, localScope;
  int64_t elideLimit;
  bool emitBytecode;
  bool allowUnregistered;
  bool disableThreading;
  const char *docs; ///< --dlc-print-docs
} DlcOptOptions;

/// Parses argv into `o`. Returns -1 to go on, else the exit status to
/// return at once (0 after --help or --version, 1 after a message on a
/// bad command line).
int dlcOptParseArgs(int argc, char **argv, DlcOptOptions *o);
void dlcOptOptionsFree(DlcOptOptions *o);
/// The flag passes as one textual pipeline: "a,b{opt=1}".
void dlcOptFlagPipeline(const DlcOptOptions *o, DlcStr *out);

#endif // DLC_OPT_OPTIONS_H
