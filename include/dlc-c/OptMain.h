/*===-- dlc-c/OptMain.h - dlc-opt's driver, as a library ------------*- C -*-===*\
|*                                                                            *|
|* mlir-opt's driver (MlirOptMain) with every upstream dialect and pass, and  *|
|* DLC's dialects, passes and pipelines: what dlc-opt's main calls, for a     *|
|* project that wants its own opt tool with DLC inside.                       *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_OPTMAIN_H
#define DLC_C_OPTMAIN_H

#include "dlc-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Runs mlir-opt's driver on the command line `argv` and returns the exit
/// status (0 on success). Every mlir-opt flag works, DLC's passes included;
/// DLC's verifier runs after parsing (before the first pass, or as the
/// pass dlc-verify when there is none, so --verify-diagnostics sees its
/// errors) and on entry to and after each DLC pass. Unlike
/// stock mlir-opt, `-o FILE` is written whole, through a temporary file
/// renamed into place, and only on success; stdout gets what was produced.
/// `--dlc-print-docs=<dlc_graph|dlc_tensor|passes>` prints DLC's generated
/// docs. Parses LLVM's command line: call it once per process.
DLC_CAPI_EXPORTED int dlcOptMain(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_OPTMAIN_H */
