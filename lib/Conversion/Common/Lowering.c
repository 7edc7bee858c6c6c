//===- Lowering.c - Driving a conversion with C rewrite patterns -*- C -*-===//

#include "Conversion/Common/Lowering.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct Reason {
  MlirOperation op;
  char *text;
} Reason;

typedef struct DlcLoweringState {
  MlirOperation module;
  MlirSymbolTable symbols;
  const void *userData;
  Reason *reasons;
  size_t numReasons, capReasons;
  /// Patterns populated into a caller's set share a heap state, freed by
  /// the last of them to go; 0 for a state on a driver's stack.
  size_t patterns;
} DlcLoweringState;

static void freeState(DlcLoweringState *state) {
  for (size_t i = 0; i < state->numReasons; ++i)
    free(state->reasons[i].text);
  free(state->reasons);
  mlirSymbolTableDestroy(state->symbols);
}

typedef struct PatternData {
  DlcLowerFn lower;
  DlcLoweringState *state;
} PatternData;

void dlcReplaceOp(DlcRewriter *rw, intptr_t n, const MlirValue *values) {
  mlirRewriterBaseReplaceOpWithValues(rw->rewriter, rw->op, n, values);
}

static Reason *findReason(DlcLoweringState *s, MlirOperation op) {
  for (size_t i = 0; i < s->numReasons; ++i)
    if (mlirOperationEqual(s->reasons[i].op, op))
      return &s->reasons[i];
  return NULL;
}

MlirLogicalResult dlcLoweringUnsupported(DlcRewriter *rw, const char *fmt, ...) {
  DlcLoweringState *s = rw->state;
  if (findReason(s, rw->op))
    return mlirLogicalResultFailure();
  if (s->numReasons == s->capReasons) {
    s->capReasons = s->capReasons ? 2 * s->capReasons : 16;
    s->reasons = realloc(s->reasons, s->capReasons * sizeof *s->reasons);
    if (!s->reasons)
      abort();
  }
  DlcStr text = DLC_STR_INIT;
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(&text, fmt, ap);
  va_end(ap);
  s->reasons[s->numReasons++] = (Reason){rw->op, text.data};
  return mlirLogicalResultFailure();
}

MlirOperation dlcLoweringModule(DlcRewriter *rw) { return rw->state->module; }

MlirOperation dlcLookupSymbol(DlcRewriter *rw, const char *name) {
  return mlirSymbolTableLookup(rw->state->symbols, mlirStringRefCreateFromCString(name));
}

void dlcInsertSymbol(DlcRewriter *rw, MlirOperation op) {
  mlirSymbolTableInsert(rw->state->symbols, op);
}

static MlirLogicalResult matchAndRewrite(MlirRewritePattern pattern, MlirOperation op,
                                         MlirPatternRewriter rewriter, void *userData) {
  (void)pattern;
  PatternData *data = userData;
  MlirRewriterBase base = mlirPatternRewriterAsBase(rewriter);
  DlcRewriter rw = {op, base, dlcBuilderAtRewriter(base, mlirOperationGetLocation(op)),
                    data->state};
  return data->lower(&rw);
}

static void destructPatternData(void *userData) {
  PatternData *data = userData;
  if (data->state->patterns && --data->state->patterns == 0) {
    freeState(data->state);
    free(data->state);
  }
  free(data);
}

static void addPatterns(MlirRewritePatternSet set, DlcLoweringState *state,
                        const DlcLowering *lowerings, size_t count) {
  MlirContext ctx = mlirOperationGetContext(state->module);
  for (size_t i = 0; i < count; ++i) {
    PatternData *data = malloc(sizeof *data);
    if (!data)
      abort();
    *data = (PatternData){lowerings[i].lower, state};
    MlirRewritePatternCallbacks callbacks = {NULL, destructPatternData, matchAndRewrite};
    MlirRewritePattern pattern =
        mlirOpRewritePatternCreate(mlirStringRefCreateFromCString(lowerings[i].opName), 1, ctx,
                                   callbacks, data, 0, NULL);
    mlirRewritePatternSetAdd(set, pattern);
  }
}

void dlcPopulateLowerings(MlirRewritePatternSet set, MlirOperation module,
                          const DlcLowering *lowerings, size_t count) {
  if (!count)
    return;
  DlcLoweringState *state = calloc(1, sizeof *state);
  if (!state)
    abort();
  state->module = module;
  state->symbols = mlirSymbolTableCreate(module);
  state->patterns = count;
  addPatterns(set, state, lowerings, count);
}

typedef struct Leftovers {
  const char *prefix;
  const char *what;
  DlcLoweringState *state;
  bool found;
} Leftovers;

static MlirWalkResult reportLeftover(MlirOperation op, void *userData) {
  Leftovers *l = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(l->prefix);
  if (name.length < n || strncmp(name.data, l->prefix, n))
    return MlirWalkResultAdvance;
  Reason *reason = findReason(l->state, op);
  if (reason)
    dlcEmitOpError(op, "cannot be lowered by %s: %s", l->what, reason->text);
  else
    dlcEmitOpError(op, "cannot be lowered by %s", l->what);
  l->found = true;
  return MlirWalkResultAdvance;
}

const void *dlcRewriterUserData(DlcRewriter *rw) { return rw->state->userData; }

// Runs `lowerings` greedily, top down, until none applies.
static void applyGreedily(DlcLoweringState *state, const DlcLowering *lowerings, size_t count) {
  MlirOperation module = state->module;
  MlirContext ctx = mlirOperationGetContext(module);
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(ctx);
  addPatterns(set, state, lowerings, count);
  // Freezing moves the patterns out; the emptied set is still ours to free.
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  mlirRewritePatternSetDestroy(set);
  MlirGreedyRewriteDriverConfig config = mlirGreedyRewriteDriverConfigCreate();
  mlirGreedyRewriteDriverConfigSetMaxIterations(config, -1);
  mlirGreedyRewriteDriverConfigSetUseTopDownTraversal(config, true);
  mlirGreedyRewriteDriverConfigSetRegionSimplificationLevel(
      config, MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_DISABLED);
  mlirApplyPatternsAndFoldGreedilyWithOp(module, frozen, config);
  mlirGreedyRewriteDriverConfigDestroy(config);
  mlirFrozenRewritePatternSetDestroy(frozen);
}

MlirLogicalResult dlcApplyLowerings(MlirOperation module, const DlcLowering *lowerings,
                                    size_t count, const char *leftoverPrefix, const char *what) {
  DlcLoweringState state = {module, mlirSymbolTableCreate(module), NULL, NULL, 0, 0, 0};
  applyGreedily(&state, lowerings, count);
  Leftovers leftovers = {leftoverPrefix, what, &state, false};
  mlirOperationWalk(module, reportLeftover, &leftovers, MlirWalkPreOrder);
  freeState(&state);
  return leftovers.found ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

void dlcApplyRewrites(MlirOperation module, const DlcLowering *patterns, size_t count,
                      const void *userData) {
  DlcLoweringState state = {module, mlirSymbolTableCreate(module), userData, NULL, 0, 0, 0};
  applyGreedily(&state, patterns, count);
  freeState(&state);
}
