//===- ApproximateMath.c - The dlc-approximate-math pass --------*- C -*-===//
//
// LLVM lowers math.exp, math.tanh, ... on f32 to libm calls, and a loop
// that calls libm does not vectorize: a vectorized loop calls expf once per
// lane. Softmax, sigmoid, GELU and the transformer's activations spend most
// of their time there. Upstream MLIR's polynomial approximations replace
// each call by a short sequence of arith ops (range reduction, a
// polynomial, exponent arithmetic), which LLVM vectorizes with the rest of
// the loop. Only the fast codegen path runs this pass; the naive path keeps
// libm as the reference.
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"
#include "Pass/PassDef.h"
#include "Support/Diag.h"

#include <string.h>

// Whether `name` ("math.exp") is in `userData`, the pass's `functions`
// option: a comma-separated list ("exp,tanh").
static bool isSelected(MlirStringRef name, void *userData) {
  const char *selectedFunctions = userData;
  const char prefix[] = "math.";
  if (name.length <= sizeof prefix - 1 || strncmp(name.data, prefix, sizeof prefix - 1))
    return false;
  const char *function = name.data + sizeof prefix - 1;
  size_t length = name.length - (sizeof prefix - 1);
  for (const char *item = selectedFunctions; item && *item;) {
    const char *end = strchr(item, ',');
    size_t itemLength = end ? (size_t)(end - item) : strlen(item);
    if (itemLength == length && !strncmp(item, function, length))
      return true;
    item = end ? end + 1 : item + itemLength;
  }
  return false;
}

void dlcRunApproximateMath(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  const char *functions = dlcPassOptionString(options, "functions");
  MlirLogicalResult result = dlcBridgeApproximateMath(op, isSelected, (void *)functions);
  if (mlirLogicalResultIsFailure(result)) {
    dlcEmitError(mlirOperationGetLocation(op),
                 "dlc-approximate-math: the rewrite did not converge");
    dlcPassRunSignalFailure(run);
  }
}
