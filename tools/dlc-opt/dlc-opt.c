//===- dlc-opt.c - DLC's optimizer driver -----------------------*- C -*-===//
//
// mlir-opt for DLC, in C: reads a file (or stdin), optionally split into
// chunks, and for each chunk, in a fresh context as mlir-opt does, parses
// it, verifies it (MLIR's verifier, then DLC's), runs a pass pipeline that
// mixes DLC and upstream passes, and prints the result. On IR that uses only
// upstream dialects its output and exit status are mlir-opt's.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "Bridge/Bridge.h"
#include "Tools/Docs.h"
#include "dlc-c/Dialects.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *tool = "dlc-opt";

//===----------------------------------------------------------------------===//
// Processing
//===----------------------------------------------------------------------===//

static void printModule(MlirOperation module, const DlcOptOptions *o, DlcStr *out) {
  if (o->emitBytecode) {
    mlirOperationWriteBytecode(module, dlcStrCallback, out);
    return;
  }
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (o->debugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  if (o->genericForm)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (o->localScope)
    mlirOpPrintingFlagsUseLocalScope(flags);
  if (o->elideLimit > 0)
    mlirOpPrintingFlagsElideLargeElementsAttrs(flags, o->elideLimit);
  mlirOperationPrintWithFlags(module, flags, dlcStrCallback, out);
  mlirOpPrintingFlagsDestroy(flags);
  dlcStrPuts(out, "\n");
}

// Parses, verifies, transforms and prints one buffer in a context of its
// own; `path` (a bytecode file) is parsed in place instead of `text`.
static bool processBuffer(Driver *d, const char *text, size_t length, const char *path,
                          DlcStr *out) {
  MlirContext ctx = dlcOptCreateContext(d->o);
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "%s: cannot load the DLC dialects\n", tool);
    return false;
  }
  dlcDiagnosticsAttach(d->diags, ctx);
  MlirOperation module =
      path ? dlcBridgeParseFile(ctx, mlirStringRefCreateFromCString(path))
           : dlcBridgeParseSource(ctx, mlirStringRefCreate(text, length),
                                  mlirStringRefCreateFromCString(d->bufferName));
  bool ok = !mlirOperationIsNull(module) && mlirLogicalResultIsSuccess(dlcVerify(module));
  if (ok) {
    MlirPassManager pm = dlcOptBuildPassManager(ctx, d, true);
    ok = !mlirPassManagerIsNull(pm) &&
         mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, module));
    if (!mlirPassManagerIsNull(pm))
      mlirPassManagerDestroy(pm); // prints the timing report
  }
  if (ok)
    printModule(module, d->o, out);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  dlcDiagnosticsDetach(d->diags);
  mlirContextDestroy(ctx);
  return ok;
}

// Where the 1-based line and column of `pos` in `text` are.
static void lineColumn(const char *text, const char *pos, unsigned *line, unsigned *column) {
  *line = 1;
  const char *lineStart = text;
  for (const char *p = text; p < pos; ++p)
    if (*p == '\n') {
      ++*line;
      lineStart = p + 1;
    }
  *column = (unsigned)(pos - lineStart) + 1;
}

// Processes the chunk [begin, end) of `text`, padded so that its lines and
// columns are those of the whole file.
static bool processChunk(Driver *d, const char *text, const char *begin, const char *end,
                         DlcStr *out) {
  unsigned line, column;
  lineColumn(text, begin, &line, &column);
  DlcStr buf = DLC_STR_INIT;
  for (unsigned i = 1; i < line; ++i)
    dlcStrPuts(&buf, "\n");
  for (unsigned i = 1; i < column; ++i)
    dlcStrPuts(&buf, " ");
  dlcStrAppend(&buf, begin, (size_t)(end - begin));
  bool ok = processBuffer(d, dlcStrGet(&buf), buf.len, NULL, out);
  dlcStrFree(&buf);
  return ok;
}

static void warnNearMiss(const Driver *d, const char *text, const char *at) {
  unsigned line, column;
  lineColumn(text, at, &line, &column);
  const char *lineStart = at - (column - 1);
  size_t len = strcspn(lineStart, "\n");
  fprintf(stderr, "%s:%u:%u: warning: near miss with file split marker\n%.*s\n%*s^\n",
          d->bufferName, line, column, (int)len, lineStart, (int)column - 1, "");
}

// Splits at each occurrence of the marker, as mlir-opt does: the marker
// less its last two characters is searched, and an occurrence that does
// not go on with them (and more text) is a near miss, warned about and
// kept in the chunk. Output chunks are separated by the output marker.
static bool processSplit(Driver *d, const char *text, size_t length, DlcStr *out) {
  const char *marker = d->o->splitMarker;
  size_t markerLen = strlen(marker), prefixLen = markerLen > 2 ? markerLen - 2 : markerLen;
  const char *end = text + length, *chunk = text, *search = text;
  bool ok = true, first = true;
  while (true) {
    const char *hit = NULL;
    for (const char *p = search; p + prefixLen <= end; ++p)
      if (!memcmp(p, marker, prefixLen)) {
        hit = p;
        break;
      }
    const char *rest = hit ? hit + prefixLen : end;
    size_t tailLen = markerLen - prefixLen;
    if (hit && ((size_t)(end - rest) <= tailLen || memcmp(rest, marker + prefixLen, tailLen))) {
      warnNearMiss(d, text, rest);
      search = rest;
      continue;
    }
    // An empty last chunk (a marker at the very end) is no chunk.
    if (!hit && chunk == end)
      break;
    if (!first) {
      dlcStrPuts(out, d->o->outputMarker);
      dlcStrPuts(out, "\n");
    }
    first = false;
    ok = processChunk(d, text, chunk, hit ? hit : end, out) && ok;
    if (!hit)
      break;
    chunk = search = rest + tailLen;
  }
  return ok;
}

static char *readAll(const char *path, size_t *length) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  DlcStr s = DLC_STR_INIT;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    dlcStrAppend(&s, buf, n);
  bool failed = ferror(f);
  int error = errno;
  if (f != stdin)
    fclose(f);
  if (failed) {
    dlcStrFree(&s);
    errno = error;
    return NULL;
  }
  dlcStrAppend(&s, "", 0);
  *length = s.len;
  return s.data;
}

// Writes the output: always to stdout (as far as it got, as mlir-opt
// does), to a file only on success.
static bool writeOutput(const DlcOptOptions *o, const DlcStr *out, bool ok) {
  bool toFile = o->output && strcmp(o->output, "-");
  if (toFile && !ok)
    return true;
  FILE *f = toFile ? fopen(o->output, "wb") : stdout;
  if (!f) {
    fprintf(stderr, "cannot open output file '%s': %s\n", o->output, strerror(errno));
    return false;
  }
  fwrite(dlcStrGet(out), 1, out->len, f);
  return toFile ? fclose(f) == 0 : fflush(f) == 0;
}

static int run(const DlcOptOptions *o) {
  Driver d = {o, NULL, DLC_STR_INIT, DLC_STR_INIT, NULL};
  if (!dlcOptPreparePipeline(&d)) {
    dlcStrFree(&d.pipeline);
    dlcStrFree(&d.anchor);
    return 1;
  }
  const char *input = o->input ? o->input : "-";
  d.bufferName = strcmp(input, "-") ? input : "<stdin>";
  size_t length = 0;
  char *text = readAll(input, &length);
  if (!text) {
    fprintf(stderr, "cannot open input file '%s': %s\n", input, strerror(errno));
    dlcStrFree(&d.pipeline);
    dlcStrFree(&d.anchor);
    return 1;
  }
  d.diags = dlcDiagnosticsCreate((MlirContext){NULL}, stderr, o->verifyDiagnostics);
  dlcDiagnosticsSetOnlyExpected(d.diags, o->onlyExpected);
  bool ok = dlcDiagnosticsAddSource(d.diags, d.bufferName, text, length);
  DlcStr out = DLC_STR_INIT;
  bool bytecode = length >= 4 && !memcmp(text, "ML\xefR", 4);
  if (o->splitMarker && !bytecode)
    ok = processSplit(&d, text, length, &out) && ok;
  else // bytecode is parsed from the file, which keeps its resources mapped
    ok = processBuffer(&d, text, length, bytecode && strcmp(input, "-") ? input : NULL, &out) && ok;
  // With --verify-diagnostics only the diagnostics decide, as in mlir-opt.
  if (o->verifyDiagnostics)
    ok = dlcDiagnosticsVerifyFinish(d.diags);
  ok = writeOutput(o, &out, ok) && ok;
  dlcStrFree(&out);
  dlcDiagnosticsDestroy(d.diags);
  dlcStrFree(&d.pipeline);
  dlcStrFree(&d.anchor);
  free(text);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  DlcOptOptions o;
  int status = dlcOptParseArgs(argc, argv, &o);
  if (status < 0)
    status = o.docs ? (dlcPrintDocs(o.docs, stdout) ? 0 : 1) : run(&o);
  dlcOptOptionsFree(&o);
  return status;
}
