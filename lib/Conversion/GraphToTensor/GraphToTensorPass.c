//===- GraphToTensorPass.c - The dlc-graph-to-tensor pass -------*- C -*-===//
//
// Every family's decompositions in one greedy application (the pass
// adaptor has run DLC's verifier); dlc_graph ops left over are reported,
// each at its location.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Pass/PassDef.h"
#include "dlc-c/Conversion.h"

#include <stdlib.h>
#include <string.h>

typedef struct Family {
  const DlcLowering *lowerings;
  const size_t *count;
} Family;

static const Family families[] = {
    {dlcElementwiseLowerings, &dlcNumElementwiseLowerings},
    {dlcLinearLowerings, &dlcNumLinearLowerings},
    {dlcConvLowerings, &dlcNumConvLowerings},
    {dlcPoolLowerings, &dlcNumPoolLowerings},
    {dlcNormLowerings, &dlcNumNormLowerings},
    {dlcReduceLowerings, &dlcNumReduceLowerings},
    {dlcShapeOpsLowerings, &dlcNumShapeOpsLowerings},
    {dlcDataDepLowerings, &dlcNumDataDepLowerings},
    {dlcNonMaxSuppressionLowerings, &dlcNumNonMaxSuppressionLowerings},
};

// Every family's decompositions in one table (malloc'ed; `*n` entries).
static DlcLowering *allLowerings(size_t *n) {
  size_t total = 0;
  for (size_t i = 0; i < sizeof families / sizeof *families; ++i)
    total += *families[i].count;
  DlcLowering *all = malloc((total ? total : 1) * sizeof *all);
  if (!all)
    abort();
  *n = 0;
  for (size_t i = 0; i < sizeof families / sizeof *families; ++i) {
    memcpy(all + *n, families[i].lowerings, *families[i].count * sizeof *all);
    *n += *families[i].count;
  }
  return all;
}

void dlcPopulateGraphToTensorPatterns(MlirRewritePatternSet set, MlirOperation module) {
  size_t n;
  DlcLowering *all = allLowerings(&n);
  dlcPopulateLowerings(set, module, all, n);
  free(all);
}

void dlcRunGraphToTensor(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  size_t n;
  DlcLowering *all = allLowerings(&n);
  MlirLogicalResult result = dlcApplyLowerings(op, all, n, "dlc_graph.", "dlc-graph-to-tensor");
  free(all);
  if (mlirLogicalResultIsFailure(result))
    dlcPassRunSignalFailure(run);
}
