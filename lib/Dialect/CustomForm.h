//===- CustomForm.h - Spotting DLC ops written in custom form ---*- C -*-===//
//
// DLC's ops (IRDL) have no custom assembly format, and MLIR's parser fails
// on `%y = dlc_graph.relu %x : ...` without saying anything. The parsers
// of the tools look for such a use when a parse fails silently, to say
// where it is and what to write instead.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_CUSTOMFORM_H
#define DLC_DIALECT_CUSTOMFORM_H

#include "Support/Str.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Finds the first DLC op written in custom form in `text` (outside
/// comments and strings: an unquoted `dlc_graph.<op>` or `dlc_tensor.<op>`
/// naming a known op where an op starts). On a find sets its 1-based line
/// and column and appends to `message` what to write instead, e.g.
///   'dlc_graph.relu' must be written in MLIR's generic form: DLC's ops
///   have no custom form; e.g. %y = "dlc_graph.relu"(%x) : (<x type>) ->
///   <y type>
bool dlcFindCustomFormOp(const char *text, size_t length, unsigned *line, unsigned *column,
                         DlcStr *message);

#ifdef __cplusplus
}
#endif

#endif // DLC_DIALECT_CUSTOMFORM_H
