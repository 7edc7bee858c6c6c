//===- CommandLine.h - Flags of dlc-run and dlc-translate -------*- C -*-===//

#ifndef DLC_TOOLS_COMMANDLINE_H
#define DLC_TOOLS_COMMANDLINE_H

#include "dlc-c/Passes.h"

#include <stdbool.h>

/// Matches argv[*i] against the flag `name` that takes a value, written
/// "--name=value", "-name=value", or "--name value" (advancing *i past the
/// value). Returns false when argv[*i] is another flag. When the value is
/// missing, prints "<tool>: option '<arg>' requires a value", sets *status
/// to `errorStatus` and returns true.
bool dlcTakeFlagValue(int argc, char **argv, int *i, const char *name, const char **value,
                      const char *tool, int *status, int errorStatus);

/// Matches the code generation flags dlc-run and dlc-translate share:
/// --codegen=fast|naive, --threads N, --schedules FILE, --no-optimize,
/// --disable-pass NAME (repeatable), --input-shape NAME=DIMS (repeatable). Returns false when
/// argv[*i] is another flag; on a bad value prints why and sets *status.
bool dlcTakeCodegenFlag(int argc, char **argv, int *i, DlcCompileOptions *options,
                        const char *tool, int *status, int errorStatus);

/// Prints the help lines of those flags to stdout; `threadsDefault` says
/// what --threads is when not given.
void dlcPrintCodegenFlagsHelp(const char *threadsDefault);

/// Whether -o `output` names the input file `input` (through links or
/// another path): writing it would replace what is being read, so the
/// tools refuse, after a message from `tool`. "-" is never a file.
bool dlcOutputIsInput(const char *tool, const char *input, const char *output);

#endif // DLC_TOOLS_COMMANDLINE_H
