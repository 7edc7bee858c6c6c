//===- Pipeline.c - dlc-opt's pass managers ---------------------*- C -*-===//
//
// Turns --pass-pipeline or the pass flags into a pass manager as mlir-opt
// does: the pipeline must be anchored on the top-level op, each flag is
// checked on its own so that an unknown one reads as an unknown argument,
// and errors print as mlir-opt prints them.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "Bridge/Bridge.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Passes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *tool = "dlc-opt";

static void appendMessage(MlirStringRef message, void *userData) {
  dlcStrAppend(userData, message.data, message.length);
}

// A pipeline error, printed as mlir-opt prints it: the parser's message
// (which may span lines) with no location.
static void printPipelineError(const char *message) {
  fprintf(stderr, "<unknown>:0: error: %s\n", message);
}

// Splits "anchor(...)" as mlir-opt requires of --pass-pipeline.
static bool splitAnchor(const char *text, DlcStr *anchor) {
  while (isspace((unsigned char)*text))
    ++text;
  size_t n = strcspn(text, "(");
  const char *end = text + strlen(text);
  while (end > text && isspace((unsigned char)end[-1]))
    --end;
  if (!n || !text[n] || end[-1] != ')')
    return false;
  while (n && isspace((unsigned char)text[n - 1]))
    --n;
  dlcStrAppend(anchor, text, n);
  return true;
}

static bool isDlcName(const char *name, size_t len) {
  for (intptr_t i = 0, n = dlcGetNumPassInfos(); i < n; ++i) {
    const char *arg = dlcGetPassInfo(i).argument;
    if (strlen(arg) == len && !strncmp(arg, name, len))
      return true;
  }
  return false;
}

static bool parsesAlone(MlirContext ctx, const char *text, DlcStr *error) {
  MlirPassManager pm = dlcBridgePassManagerCreate(ctx, mlirStringRefCreateFromCString("builtin.module"));
  bool ok = mlirLogicalResultIsSuccess(
      dlcParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                           mlirStringRefCreateFromCString(text), appendMessage, error));
  mlirPassManagerDestroy(pm);
  return ok;
}

// Checks each pass given as a flag on its own, so that an unknown one is
// reported as the unknown command line argument it is.
static bool checkFlagPasses(MlirContext ctx, const DlcOptOptions *o) {
  for (int i = 0; i < o->numFlagPasses; ++i) {
    const DlcOptFlagPass *f = &o->flagPasses[i];
    DlcStr name = DLC_STR_INIT, alone = DLC_STR_INIT, error = DLC_STR_INIT;
    dlcStrAppend(&name, f->name, f->nameLength);
    dlcStrAppend(&alone, f->name, f->nameLength);
    if (f->options && *f->options)
      dlcStrPrintf(&alone, "{%s}", f->options);
    bool ok = parsesAlone(ctx, dlcStrGet(&alone), &error);
    if (!ok) {
      DlcStr ignored = DLC_STR_INIT;
      if (!isDlcName(f->name, f->nameLength) && !parsesAlone(ctx, dlcStrGet(&name), &ignored))
        fprintf(stderr, "%s: Unknown command line argument '%s'.  Try: '%s --help'\n", tool,
                f->arg, tool);
      else
        fprintf(stderr, "%s: invalid options for pass '%s' in '%s': %s\n", tool, dlcStrGet(&name),
                f->arg, dlcStrGet(&error));
      dlcStrFree(&ignored);
    }
    dlcStrFree(&name);
    dlcStrFree(&alone);
    dlcStrFree(&error);
    if (!ok)
      return false;
  }
  return true;
}

MlirPassManager dlcOptBuildPassManager(MlirContext ctx, const Driver *d, bool instrument) {
  const DlcOptOptions *o = d->o;
  MlirPassManager pm = dlcBridgePassManagerCreate(
      ctx, mlirStringRefCreate(dlcStrGet(&d->anchor), d->anchor.len));
  DlcStr error = DLC_STR_INIT;
  if (d->pipeline.len &&
      mlirLogicalResultIsFailure(dlcParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreate(dlcStrGet(&d->pipeline), d->pipeline.len), appendMessage, &error))) {
    printPipelineError(dlcStrGet(&error));
    dlcStrFree(&error);
    mlirPassManagerDestroy(pm);
    return (MlirPassManager){NULL};
  }
  dlcStrFree(&error);
  mlirPassManagerEnableVerifier(pm, o->verifyEach);
  if (!instrument)
    return pm;
  if (o->timing)
    mlirPassManagerEnableTiming(pm);
  // As in mlir-opt, after-change only narrows after-all; after-failure
  // prints on its own.
  bool after = o->printAfter || o->printAfterFailure;
  if (o->printBefore || after) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (o->debugInfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    mlirPassManagerEnableIRPrinting(pm, o->printBefore, after, o->printModuleScope,
                                    o->printAfterChange, o->printAfterFailure, flags,
                                    mlirStringRefCreate(NULL, 0));
    mlirOpPrintingFlagsDestroy(flags);
  }
  return pm;
}

MlirContext dlcOptCreateContext(const DlcOptOptions *o) {
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx))
    return ctx;
  if (o->allowUnregistered)
    mlirContextSetAllowUnregisteredDialects(ctx, true);
  // Passes on nested ops run in parallel unless asked not to, as in mlir-opt.
  mlirContextEnableMultithreading(ctx, !o->disableThreading);
  return ctx;
}

// Sets up the pipeline text and its anchor, checking them once before any
// input is read.
bool dlcOptPreparePipeline(Driver *d) {
  const DlcOptOptions *o = d->o;
  if (o->printModuleScope && !o->disableThreading &&
      (o->printBefore || o->printAfter || o->printAfterFailure)) {
    printPipelineError("IR print for module scope can't be setup on a pass-manager without "
                       "disabling multi-threading first.\n");
    return false;
  }
  if (o->pipeline && *o->pipeline) {
    if (!splitAnchor(o->pipeline, &d->anchor)) {
      printPipelineError("expected pass pipeline to be wrapped with the anchor operation type, "
                         "e.g. 'builtin.module(...)'");
      return false;
    }
    dlcStrPuts(&d->pipeline, o->pipeline);
  } else {
    dlcStrPuts(&d->anchor, "builtin.module");
    dlcOptFlagPipeline(o, &d->pipeline);
  }
  MlirContext ctx = dlcOptCreateContext(o);
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "%s: cannot load the DLC dialects\n", tool);
    return false;
  }
  bool ok = checkFlagPasses(ctx, o);
  if (ok) {
    MlirPassManager pm = dlcOptBuildPassManager(ctx, d, false);
    ok = !mlirPassManagerIsNull(pm);
    if (ok)
      mlirPassManagerDestroy(pm);
  }
  mlirContextDestroy(ctx);
  return ok;
}

