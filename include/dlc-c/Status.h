/*===-- dlc-c/Status.h - What a compiled entry returns -------------*- C -*-===*\
|*                                                                            *|
|* Every entry of a compiled model, JIT-run or exported, returns an int:     *|
|* 0 on success, else the run-time error that stopped it. Generated code    *|
|* checks what could fault (indices, integer division, allocation) rather   *|
|* than fault; the outputs of a call that failed are unspecified.           *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_STATUS_H
#define DLC_C_STATUS_H

#include "dlc-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// An entry's return value. When several checks fail in one call, the
/// largest code is returned.
typedef enum DlcStatus {
  DlcStatusOk = 0,
  /// A gather index (Gather, an embedding lookup) outside [-size, size).
  DlcStatusIndexOutOfRange = 1,
  /// An integer division (or remainder) by zero.
  DlcStatusDivisionByZero = 2,
  /// A signed integer division whose quotient overflows (INT_MIN / -1).
  DlcStatusDivisionOverflow = 3,
  /// A buffer the code allocates (an intermediate, in a loop body or of a
  /// size the data decides, or a dynamic output) could not be allocated;
  /// what came after the allocation was skipped, and the outputs are
  /// unspecified.
  DlcStatusOutOfMemory = 4,
  /// An entry with dynamic dims was given a shape that does not fit it
  /// (a negative size, or another size where its signature has a static
  /// one); nothing was computed. Since DLC_API_VERSION 8.
  DlcStatusShapeMismatch = 5,
  /// An input value read when the code runs that its op does not accept
  /// (DFT's `axis` naming no dim the transform can take, a training-mode
  /// Dropout's `ratio` outside [0, 1)). Since DLC_API_VERSION 10.
  DlcStatusInvalidInput = 6,
} DlcStatus;

/// A sentence for a status ("index out of range"; "unknown status" for
/// codes this version does not know); a static string.
DLC_CAPI_EXPORTED const char *dlcStatusGetMessage(int status);

#ifdef __cplusplus
}
#endif

#endif // DLC_C_STATUS_H
