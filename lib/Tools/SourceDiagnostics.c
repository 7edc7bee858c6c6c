//===- SourceDiagnostics.c - Diagnostics as mlir-opt prints them -*- C -*-===//
//
// Mirrors MLIR's SourceMgrDiagnosticHandler and
// SourceMgrDiagnosticVerifierHandler (mlir/lib/IR/Diagnostics.cpp) so that
// dlc-opt's stderr reads like mlir-opt's: same locations, source lines,
// carets, notes and verification reports.
//
//===----------------------------------------------------------------------===//

#include "Tools/SourceDiagnostics.h"
#include "Support/Str.h"

#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

typedef struct Source {
  char *name;
  const char *text;
  size_t length;
} Source;

typedef struct Expected {
  MlirDiagnosticSeverity severity;
  size_t source;      // index into sources
  bool unknownLoc;    // @unknown: matches diagnostics without a file location
  bool below;         // @below, until the next line without a designator
  unsigned line;      // where the diagnostic must be (1-based)
  unsigned commentLine, commentColumn; // where `expected-` is written
  char *message;      // as written between {{ and }}
  bool isRegex;       // expected-*-re
  regex_t regex;
  bool matched;
} Expected;

struct DlcDiagnostics {
  MlirContext ctx;
  MlirDiagnosticHandlerID id;
  FILE *out;
  bool verify, onlyExpected;
  bool failed; // verify mode: a mismatch was reported
  int errors;
  Source *sources;
  size_t numSources, capSources;
  Expected *expected;
  size_t numExpected, capExpected;
};

//===----------------------------------------------------------------------===//
// Sources and locations
//===----------------------------------------------------------------------===//

static const Source *findSource(const DlcDiagnostics *d, MlirStringRef name) {
  for (size_t i = d->numSources; i-- > 0;)
    if (strlen(d->sources[i].name) == name.length &&
        !strncmp(d->sources[i].name, name.data, name.length))
      return &d->sources[i];
  return NULL;
}

// The text of 1-based `line` of `s`, without its newline; NULL when the
// source has no such line.
static const char *lineOf(const Source *s, unsigned line, size_t *len) {
  if (line == 0)
    return NULL;
  const char *p = s->text, *end = s->text + s->length;
  for (unsigned l = 1; l < line; ++l) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
      return NULL;
    p = nl + 1;
  }
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *len = nl ? (size_t)(nl - p) : (size_t)(end - p);
  if (*len && p[*len - 1] == '\r')
    --*len;
  return p;
}

// The first file:line:col inside a location, as MLIR's findInstanceOf
// finds it (through names, call sites' callees and fused locations).
static bool fileLineCol(MlirLocation loc, MlirStringRef *file, unsigned *line, unsigned *col) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    *line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
    *col = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return fileLineCol(mlirLocationNameGetChildLoc(loc), file, line, col);
  if (mlirLocationIsACallSite(loc))
    return fileLineCol(mlirLocationCallSiteGetCallee(loc), file, line, col) ||
           fileLineCol(mlirLocationCallSiteGetCaller(loc), file, line, col);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *locs = malloc((size_t)(n ? n : 1) * sizeof *locs);
    if (!locs)
      abort();
    mlirLocationFusedGetLocations(loc, locs);
    bool found = false;
    for (intptr_t i = 0; i < n && !found; ++i)
      found = fileLineCol(locs[i], file, line, col);
    free(locs);
    return found;
  }
  return false;
}

// The call site a diagnostic location stands for, if any (MLIR prints its
// callers as "called from" notes).
static bool callSiteOf(MlirLocation loc, MlirLocation *callSite) {
  if (mlirLocationIsAName(loc))
    return callSiteOf(mlirLocationNameGetChildLoc(loc), callSite);
  if (mlirLocationIsACallSite(loc)) {
    *callSite = loc;
    return true;
  }
  return false;
}

static const char *severityName(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

// The source line and a caret under `col`, then `range - 1` tildes (clipped
// to the line), as llvm::SourceMgr prints them.
static void appendSourceLine(DlcStr *s, const char *text, size_t len, unsigned col,
                             size_t range) {
  dlcStrAppend(s, text, len);
  dlcStrPuts(s, "\n");
  for (unsigned i = 1; i < col; ++i)
    dlcStrPuts(s, i - 1 < len && text[i - 1] == '\t' ? "\t" : " ");
  dlcStrPuts(s, "^");
  for (size_t i = 1; i < range && col - 1 + i < len; ++i)
    dlcStrPuts(s, "~");
  dlcStrPuts(s, "\n");
}

// "file:line:col: severity: message", then the source line when asked for
// and known. Locations without a file print as MLIR's handler prints them.
static void formatAt(const DlcDiagnostics *d, DlcStr *s, MlirLocation loc,
                     MlirDiagnosticSeverity severity, const char *message, bool showSource) {
  MlirStringRef file;
  unsigned line, col;
  if (!fileLineCol(loc, &file, &line, &col)) {
    dlcStrPrintf(s, "<unknown>:0: %s: ", severityName(severity));
    DlcStr printed = DLC_STR_INIT;
    mlirLocationPrint(loc, dlcStrCallback, &printed);
    if (strcmp(dlcStrGet(&printed), "loc(unknown)"))
      dlcStrPrintf(s, "%s: ", dlcStrGet(&printed));
    dlcStrFree(&printed);
    dlcStrPrintf(s, "%s\n", message);
    return;
  }
  dlcStrPrintf(s, "%.*s:%u:%u: %s: %s\n", (int)file.length, file.data, line, col,
               severityName(severity), message);
  const Source *src = showSource ? findSource(d, file) : NULL;
  size_t len;
  const char *text = src ? lineOf(src, line, &len) : NULL;
  if (text)
    appendSourceLine(s, text, len, col, 1);
}

static void emit(DlcDiagnostics *d, DlcStr *s) {
  fputs(dlcStrGet(s), d->out);
  fflush(d->out);
  dlcStrClear(s);
}

//===----------------------------------------------------------------------===//
// Printing mode
//===----------------------------------------------------------------------===//

static void printDiagnostic(DlcDiagnostics *d, MlirDiagnostic diag) {
  DlcStr message = DLC_STR_INIT, out = DLC_STR_INIT;
  mlirDiagnosticPrint(diag, dlcStrCallback, &message);
  MlirLocation loc = mlirDiagnosticGetLocation(diag), callSite;
  if (callSiteOf(loc, &callSite)) {
    formatAt(d, &out, mlirLocationCallSiteGetCallee(callSite), mlirDiagnosticGetSeverity(diag),
             dlcStrGet(&message), true);
    MlirLocation caller = mlirLocationCallSiteGetCaller(callSite);
    for (int depth = 0; depth < 10; ++depth) {
      MlirLocation next;
      bool more = callSiteOf(caller, &next);
      formatAt(d, &out, more ? mlirLocationCallSiteGetCallee(next) : caller, MlirDiagnosticNote,
               "called from", true);
      if (!more)
        break;
      caller = mlirLocationCallSiteGetCaller(next);
    }
  } else {
    formatAt(d, &out, loc, mlirDiagnosticGetSeverity(diag), dlcStrGet(&message), true);
  }
  // Notes show their source line only where the location changes.
  MlirLocation previous = loc;
  for (intptr_t i = 0, n = mlirDiagnosticGetNumNotes(diag); i < n; ++i) {
    MlirDiagnostic note = mlirDiagnosticGetNote(diag, i);
    MlirLocation noteLoc = mlirDiagnosticGetLocation(note);
    dlcStrClear(&message);
    mlirDiagnosticPrint(note, dlcStrCallback, &message);
    formatAt(d, &out, noteLoc, mlirDiagnosticGetSeverity(note), dlcStrGet(&message),
             !mlirLocationEqual(noteLoc, previous));
    previous = noteLoc;
  }
  emit(d, &out);
  dlcStrFree(&message);
  dlcStrFree(&out);
}

//===----------------------------------------------------------------------===//
// Verify mode
//===----------------------------------------------------------------------===//

static bool expectationMatches(const Expected *e, const char *message) {
  if (e->isRegex)
    return regexec(&e->regex, message, 0, NULL, 0) == 0;
  return strstr(message, e->message) != NULL;
}

// Reports a problem at an expectation's `expected-` text, underlining
// `range` characters.
static void reportAtExpectation(DlcDiagnostics *d, const Expected *e, const char *message,
                                size_t range) {
  const Source *src = &d->sources[e->source];
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, "%s:%u:%u: error: %s\n", src->name, e->commentLine, e->commentColumn, message);
  size_t len;
  const char *text = lineOf(src, e->commentLine, &len);
  if (text)
    appendSourceLine(&s, text, len, e->commentColumn, range);
  emit(d, &s);
  dlcStrFree(&s);
}

static void verifyOne(DlcDiagnostics *d, MlirLocation loc, MlirDiagnosticSeverity severity,
                      const char *message) {
  MlirStringRef file;
  unsigned line = 0, col;
  bool hasFile = fileLineCol(loc, &file, &line, &col);
  Expected *nearMiss = NULL;
  for (size_t i = 0; i < d->numExpected; ++i) {
    Expected *e = &d->expected[i];
    // As in MLIR, one expectation absorbs every diagnostic it matches.
    if (e->unknownLoc == hasFile)
      continue;
    if (hasFile) {
      const char *name = d->sources[e->source].name;
      if (e->line != line || strlen(name) != file.length || strncmp(name, file.data, file.length))
        continue;
    }
    if (!expectationMatches(e, message))
      continue;
    if (e->severity == severity) {
      e->matched = true;
      return;
    }
    nearMiss = e;
  }
  if (d->onlyExpected)
    return;
  d->failed = true;
  DlcStr text = DLC_STR_INIT;
  if (nearMiss) {
    dlcStrPrintf(&text, "'%s' diagnostic emitted when expecting a '%s'", severityName(severity),
                 severityName(nearMiss->severity));
    reportAtExpectation(d, nearMiss, dlcStrGet(&text), 1);
  } else {
    DlcStr out = DLC_STR_INIT;
    dlcStrPrintf(&text, "unexpected %s: %s", severityName(severity), message);
    formatAt(d, &out, loc, MlirDiagnosticError, dlcStrGet(&text), true);
    emit(d, &out);
    dlcStrFree(&out);
  }
  dlcStrFree(&text);
}

static void verifyDiagnostic(DlcDiagnostics *d, MlirDiagnostic diag) {
  DlcStr message = DLC_STR_INIT;
  mlirDiagnosticPrint(diag, dlcStrCallback, &message);
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diag);
  // mlir-opt turns off the "see current operation" notes that verifiers
  // attach when it verifies diagnostics; the C API cannot, so drop them.
  if (!(severity == MlirDiagnosticNote &&
        !strncmp(dlcStrGet(&message), "see current operation", 21)))
    verifyOne(d, mlirDiagnosticGetLocation(diag), severity, dlcStrGet(&message));
  dlcStrFree(&message);
  for (intptr_t i = 0, n = mlirDiagnosticGetNumNotes(diag); i < n; ++i)
    verifyDiagnostic(d, mlirDiagnosticGetNote(diag, i));
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  DlcDiagnostics *d = userData;
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++d->errors;
  if (d->verify)
    verifyDiagnostic(d, diag);
  else
    printDiagnostic(d, diag);
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// Lifetime
//===----------------------------------------------------------------------===//

DlcDiagnostics *dlcDiagnosticsCreate(MlirContext ctx, FILE *out, bool verify) {
  DlcDiagnostics *d = calloc(1, sizeof *d);
  if (!d)
    abort();
  d->out = out;
  d->verify = verify;
  if (!mlirContextIsNull(ctx))
    dlcDiagnosticsAttach(d, ctx);
  return d;
}

void dlcDiagnosticsDetach(DlcDiagnostics *d) {
  if (mlirContextIsNull(d->ctx))
    return;
  mlirContextDetachDiagnosticHandler(d->ctx, d->id);
  d->ctx = (MlirContext){NULL};
}

void dlcDiagnosticsAttach(DlcDiagnostics *d, MlirContext ctx) {
  dlcDiagnosticsDetach(d);
  d->ctx = ctx;
  d->id = mlirContextAttachDiagnosticHandler(ctx, handler, d, NULL);
}

void dlcDiagnosticsSetOnlyExpected(DlcDiagnostics *d, bool onlyExpected) {
  d->onlyExpected = onlyExpected;
}

static void clearExpected(DlcDiagnostics *d) {
  for (size_t i = 0; i < d->numExpected; ++i) {
    if (d->expected[i].isRegex)
      regfree(&d->expected[i].regex);
    free(d->expected[i].message);
  }
  d->numExpected = 0;
}

void dlcDiagnosticsDestroy(DlcDiagnostics *d) {
  if (!d)
    return;
  dlcDiagnosticsDetach(d);
  clearExpected(d);
  free(d->expected);
  for (size_t i = 0; i < d->numSources; ++i)
    free(d->sources[i].name);
  free(d->sources);
  free(d);
}

int dlcDiagnosticsErrorCount(const DlcDiagnostics *d) { return d->errors; }

//===----------------------------------------------------------------------===//
// Collecting expectations
//===----------------------------------------------------------------------===//

// Builds the regex of an expected-*-re message: text outside {{ }} matches
// literally, text inside is a regex. On error, says why in `error`.
static bool compileRegex(const char *msg, regex_t *re, DlcStr *error) {
  DlcStr pattern = DLC_STR_INIT;
  for (const char *p = msg; *p;) {
    if (p[0] == '{' && p[1] == '{') {
      const char *end = strstr(p + 2, "}}");
      if (!end) {
        dlcStrFree(&pattern);
        dlcStrPuts(error, "found start of regex with no end '}}'");
        return false;
      }
      dlcStrPuts(&pattern, "(");
      dlcStrAppend(&pattern, p + 2, (size_t)(end - p - 2));
      dlcStrPuts(&pattern, ")");
      p = end + 2;
    } else {
      if (strchr("\\^$.|?*+()[]{}", *p))
        dlcStrPuts(&pattern, "\\");
      dlcStrAppend(&pattern, p, 1);
      ++p;
    }
  }
  int rc = regcomp(re, dlcStrGet(&pattern), REG_EXTENDED | REG_NOSUB);
  dlcStrFree(&pattern);
  if (rc) {
    char why[128];
    regerror(rc, re, why, sizeof why);
    dlcStrPrintf(error, "invalid regex: %s", why);
  }
  return rc == 0;
}

// One parsed `expected-...` designator.
typedef struct Designator {
  const char *start; // of "expected-"
  MlirDiagnosticSeverity severity;
  bool isRegex;
  char where; // 0 (this line), '+', '-', 'a' (above), 'b' (below), 'u' (unknown)
  unsigned offset;
  const char *message;
  size_t messageLength;
} Designator;

// Matches MLIR's regex
//   expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$
// at `p` on a line ending at `end` (trailing blanks already dropped).
static bool parseDesignator(const char *p, const char *end, Designator *out) {
  static const struct {
    const char *word;
    MlirDiagnosticSeverity severity;
  } kinds[] = {{"error", MlirDiagnosticError},
               {"note", MlirDiagnosticNote},
               {"remark", MlirDiagnosticRemark},
               {"warning", MlirDiagnosticWarning}};
  memset(out, 0, sizeof *out);
  out->start = p;
  p += strlen("expected-");
  size_t k = 0;
  while (k < 4 && ((size_t)(end - p) < strlen(kinds[k].word) ||
                   strncmp(p, kinds[k].word, strlen(kinds[k].word))))
    ++k;
  if (k == 4)
    return false;
  out->severity = kinds[k].severity;
  p += strlen(kinds[k].word);
  if (end - p >= 3 && !strncmp(p, "-re", 3)) {
    out->isRegex = true;
    p += 3;
  }
  while (p < end && *p == ' ')
    ++p;
  if (p < end && *p == '@') {
    ++p;
    if (p < end && (*p == '+' || *p == '-') && p + 1 < end && isdigit((unsigned char)p[1])) {
      out->where = *p++;
      char *num;
      out->offset = (unsigned)strtoul(p, &num, 10);
      p = num;
    } else if (end - p >= 5 && !strncmp(p, "above", 5)) {
      out->where = 'a';
      p += 5;
    } else if (end - p >= 5 && !strncmp(p, "below", 5)) {
      out->where = 'b';
      p += 5;
    } else if (end - p >= 7 && !strncmp(p, "unknown", 7)) {
      out->where = 'u';
      p += 7;
    } else {
      return false;
    }
  }
  while (p < end && *p == ' ')
    ++p;
  if (end - p < 4 || strncmp(p, "{{", 2) || strncmp(end - 2, "}}", 2))
    return false;
  out->message = p + 2;
  out->messageLength = (size_t)(end - 2 - out->message);
  return true;
}

static bool findDesignator(const char *line, const char *end, Designator *out) {
  for (const char *p = line; p + 9 <= end; ++p) {
    p = memchr(p, 'e', (size_t)(end - p));
    if (!p || p + 9 > end)
      return false;
    if (!strncmp(p, "expected-", 9) && parseDesignator(p, end, out))
      return true;
  }
  return false;
}

static Expected *newExpected(DlcDiagnostics *d) {
  if (d->numExpected == d->capExpected) {
    d->capExpected = d->capExpected ? 2 * d->capExpected : 16;
    d->expected = realloc(d->expected, d->capExpected * sizeof *d->expected);
    if (!d->expected)
      abort();
  }
  Expected *e = &d->expected[d->numExpected++];
  memset(e, 0, sizeof *e);
  return e;
}

// Scans one source for designators as MLIR does: @above is the last line
// without a designator, @below the next one (the last line if none).
static bool collectExpectations(DlcDiagnostics *d, size_t sourceIndex) {
  const Source *src = &d->sources[sourceIndex];
  bool ok = true;
  unsigned lastPlainLine = 0, numLines = 1;
  for (size_t i = 0; i < src->length; ++i)
    numLines += src->text[i] == '\n';
  size_t firstBelow = d->numExpected;
  bool pendingBelow = false;
  const char *p = src->text, *end = src->text + src->length;
  for (unsigned line = 1; line <= numLines; ++line) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *lineEnd = nl ? nl : end, *next = nl ? nl + 1 : end;
    while (lineEnd > p && isspace((unsigned char)lineEnd[-1]))
      --lineEnd;
    Designator des;
    if (!findDesignator(p, lineEnd, &des)) {
      if (pendingBelow) {
        for (size_t i = firstBelow; i < d->numExpected; ++i)
          if (d->expected[i].below) {
            d->expected[i].line = line;
            d->expected[i].below = false;
          }
        pendingBelow = false;
      }
      lastPlainLine = line;
      p = next;
      continue;
    }
    Expected *e = newExpected(d);
    e->severity = des.severity;
    e->source = sourceIndex;
    e->commentLine = line;
    e->commentColumn = (unsigned)(des.start - p) + 1;
    e->message = dlcStrndup(des.message, des.messageLength);
    e->line = line;
    switch (des.where) {
    case '+':
      e->line = line + des.offset;
      break;
    case '-':
      e->line = line - des.offset;
      break;
    case 'a':
      e->line = lastPlainLine;
      break;
    case 'b':
      if (!pendingBelow)
        firstBelow = d->numExpected - 1;
      pendingBelow = true;
      e->below = true; // its line is the next one without a designator
      break;
    case 'u':
      e->unknownLoc = true;
      break;
    }
    if (des.isRegex) {
      DlcStr error = DLC_STR_INIT;
      if (!compileRegex(e->message, &e->regex, &error)) {
        reportAtExpectation(d, e, dlcStrGet(&error), des.messageLength);
        dlcStrFree(&error);
        free(e->message);
        --d->numExpected;
        d->failed = true;
        ok = false;
        p = next;
        continue;
      }
      e->isRegex = true;
    }
    p = next;
  }
  for (size_t i = firstBelow; pendingBelow && i < d->numExpected; ++i)
    if (d->expected[i].below)
      d->expected[i].line = numLines;
  return ok;
}

bool dlcDiagnosticsAddSource(DlcDiagnostics *d, const char *bufferName, const char *text,
                             size_t length) {
  if (d->numSources == d->capSources) {
    d->capSources = d->capSources ? 2 * d->capSources : 4;
    d->sources = realloc(d->sources, d->capSources * sizeof *d->sources);
    if (!d->sources)
      abort();
  }
  Source *src = &d->sources[d->numSources++];
  src->name = dlcStrndup(bufferName, strlen(bufferName));
  src->text = text;
  src->length = length;
  return d->verify ? collectExpectations(d, d->numSources - 1) : true;
}

bool dlcDiagnosticsVerifyFinish(DlcDiagnostics *d) {
  // Expectations with a file location first, then @unknown ones.
  for (int unknown = 0; unknown < 2; ++unknown) {
    for (size_t i = 0; i < d->numExpected; ++i) {
      Expected *e = &d->expected[i];
      if (e->matched || e->unknownLoc != unknown)
        continue;
      DlcStr msg = DLC_STR_INIT;
      dlcStrPrintf(&msg, "expected %s \"%s\" was not produced", severityName(e->severity),
                   e->message);
      reportAtExpectation(d, e, dlcStrGet(&msg), strlen(e->message));
      dlcStrFree(&msg);
      d->failed = true;
    }
  }
  clearExpected(d);
  bool ok = !d->failed;
  d->failed = false;
  return ok;
}
