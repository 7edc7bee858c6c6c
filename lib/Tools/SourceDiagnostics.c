//===- SourceDiagnostics.c - Diagnostics as mlir-opt prints them -*- C -*-===//

#include "Tools/SourceDiagnostics.h"
#include "Support/Str.h"

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
  char *buffer; // borrowed from sources' names
  unsigned line;        // where the diagnostic must be
  unsigned commentLine; // where the expectation is written
  unsigned commentColumn;
  char *message; // as written (for reports)
  regex_t regex; // compiled from message: literal parts escaped, {{re}} kept
  bool matched;
} Expected;

struct DlcDiagnostics {
  MlirContext ctx;
  MlirDiagnosticHandlerID id;
  FILE *out;
  bool verify;
  int errors;
  Source *sources;
  size_t numSources, capSources;
  Expected *expected;
  size_t numExpected, capExpected;
  DlcStr unexpected; // verify mode: reports of diagnostics nobody expected
};

static const Source *findSource(const DlcDiagnostics *d, MlirStringRef name) {
  for (size_t i = d->numSources; i-- > 0;)
    if (strlen(d->sources[i].name) == name.length && !strncmp(d->sources[i].name, name.data, name.length))
      return &d->sources[i];
  return NULL;
}

// The text of 1-based `line` of `s`, without its newline.
static const char *lineOf(const Source *s, unsigned line, size_t *len) {
  const char *p = s->text, *end = s->text + s->length;
  for (unsigned l = 1; l < line && p < end; ++l) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
      return NULL;
    p = nl + 1;
  }
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *len = nl ? (size_t)(nl - p) : (size_t)(end - p);
  return p;
}

// Finds the first file:line:col inside a location (through names, call
// sites and fused locations).
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
    return fileLineCol(mlirLocationCallSiteGetCallee(loc), file, line, col);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation locs[16];
    if (n > 16)
      n = 16;
    mlirLocationFusedGetLocations(loc, locs);
    for (intptr_t i = 0; i < n; ++i)
      if (fileLineCol(locs[i], file, line, col))
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

// "file:line:col: severity: message" plus the source line and a caret.
static void formatDiagnostic(const DlcDiagnostics *d, DlcStr *s, MlirLocation loc,
                             MlirDiagnosticSeverity severity, const char *message, unsigned caretLen) {
  MlirStringRef file;
  unsigned line, col;
  if (fileLineCol(loc, &file, &line, &col)) {
    dlcStrPrintf(s, "%.*s:%u:%u: %s: %s\n", (int)file.length, file.data, line, col,
                 severityName(severity), message);
    const Source *src = findSource(d, file);
    size_t len;
    const char *text = src ? lineOf(src, line, &len) : NULL;
    if (text) {
      dlcStrAppend(s, text, len);
      dlcStrPuts(s, "\n");
      for (unsigned i = 1; i < col; ++i)
        dlcStrPuts(s, i - 1 < len && text[i - 1] == '\t' ? "\t" : " ");
      dlcStrPuts(s, "^");
      for (unsigned i = 1; i < caretLen; ++i)
        dlcStrPuts(s, "~");
      dlcStrPuts(s, "\n");
    }
  } else {
    dlcStrPuts(s, "");
    mlirLocationPrint(loc, dlcStrCallback, s);
    dlcStrPrintf(s, ": %s: %s\n", severityName(severity), message);
  }
}

static bool matchExpected(DlcDiagnostics *d, MlirLocation loc, MlirDiagnosticSeverity severity,
                          const char *message) {
  MlirStringRef file;
  unsigned line, col;
  if (!fileLineCol(loc, &file, &line, &col))
    return false;
  for (size_t i = 0; i < d->numExpected; ++i) {
    Expected *e = &d->expected[i];
    if (e->matched || e->severity != severity || e->line != line ||
        strlen(e->buffer) != file.length || strncmp(e->buffer, file.data, file.length))
      continue;
    if (regexec(&e->regex, message, 0, NULL, 0) == 0) {
      e->matched = true;
      return true;
    }
  }
  return false;
}

static void handleOne(DlcDiagnostics *d, MlirDiagnostic diag) {
  DlcStr message = DLC_STR_INIT;
  mlirDiagnosticPrint(diag, dlcStrCallback, &message);
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diag);
  // The C API cannot turn off the "see current operation" notes that op
  // verifiers attach; mlir-opt --verify-diagnostics does not show them.
  if (severity == MlirDiagnosticNote && !strncmp(dlcStrGet(&message), "see current operation", 21)) {
    dlcStrFree(&message);
    return;
  }
  if (severity == MlirDiagnosticError)
    ++d->errors;
  MlirLocation loc = mlirDiagnosticGetLocation(diag);
  if (d->verify) {
    if (!matchExpected(d, loc, severity, dlcStrGet(&message))) {
      DlcStr text = DLC_STR_INIT;
      dlcStrPrintf(&text, "unexpected %s: %s", severityName(severity), dlcStrGet(&message));
      formatDiagnostic(d, &d->unexpected, loc, MlirDiagnosticError, dlcStrGet(&text), 1);
      dlcStrFree(&text);
    }
  } else {
    DlcStr text = DLC_STR_INIT;
    formatDiagnostic(d, &text, loc, severity, dlcStrGet(&message), 1);
    fputs(dlcStrGet(&text), d->out);
    fflush(d->out);
    dlcStrFree(&text);
  }
  dlcStrFree(&message);
  for (intptr_t i = 0, n = mlirDiagnosticGetNumNotes(diag); i < n; ++i)
    handleOne(d, mlirDiagnosticGetNote(diag, i));
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *userData) {
  handleOne(userData, diag);
  return mlirLogicalResultSuccess();
}

DlcDiagnostics *dlcDiagnosticsCreate(MlirContext ctx, FILE *out, bool verify) {
  DlcDiagnostics *d = calloc(1, sizeof *d);
  if (!d)
    abort();
  d->ctx = ctx;
  d->out = out;
  d->verify = verify;
  d->id = mlirContextAttachDiagnosticHandler(ctx, handler, d, NULL);
  return d;
}

static void clearExpected(DlcDiagnostics *d) {
  for (size_t i = 0; i < d->numExpected; ++i) {
    regfree(&d->expected[i].regex);
    free(d->expected[i].message);
  }
  d->numExpected = 0;
}

void dlcDiagnosticsDestroy(DlcDiagnostics *d) {
  if (!d)
    return;
  mlirContextDetachDiagnosticHandler(d->ctx, d->id);
  clearExpected(d);
  free(d->expected);
  for (size_t i = 0; i < d->numSources; ++i)
    free(d->sources[i].name);
  free(d->sources);
  dlcStrFree(&d->unexpected);
  free(d);
}

int dlcDiagnosticsErrorCount(const DlcDiagnostics *d) { return d->errors; }

// Builds an extended regex from an expected message: text outside {{ }} is
// matched literally, text inside is a regex.
static bool compileExpected(const char *msg, regex_t *re) {
  DlcStr pattern = DLC_STR_INIT;
  for (const char *p = msg; *p;) {
    if (p[0] == '{' && p[1] == '{') {
      const char *end = strstr(p + 2, "}}");
      if (!end) {
        dlcStrFree(&pattern);
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
  return rc == 0;
}

// Parses the expectations in one source (lines are 1-based).
static bool collectExpectations(DlcDiagnostics *d, Source *src) {
  static const struct {
    const char *word;
    MlirDiagnosticSeverity severity;
  } kinds[] = {{"expected-error", MlirDiagnosticError},
               {"expected-warning", MlirDiagnosticWarning},
               {"expected-note", MlirDiagnosticNote},
               {"expected-remark", MlirDiagnosticRemark}};
  bool ok = true;
  unsigned line = 1;
  const char *p = src->text, *end = src->text + src->length;
  unsigned lastNonExpectLine = 0; // for @above: last line without an expectation
  (void)lastNonExpectLine;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *lineEnd = nl ? nl : end;
    for (size_t k = 0; k < 4; ++k) {
      size_t wl = strlen(kinds[k].word);
      for (const char *q = p; q + wl <= lineEnd; ++q) {
        if (strncmp(q, kinds[k].word, wl))
          continue;
        const char *r = q + wl;
        unsigned target = line;
        if (r < lineEnd && *r == '@') {
          ++r;
          if (!strncmp(r, "above", 5)) {
            target = line - 1;
            r += 5;
          } else if (!strncmp(r, "below", 5)) {
            target = line + 1;
            r += 5;
          } else {
            char *num;
            long v = strtol(r + (*r == '+' || *r == '-'), &num, 10);
            if (num == r + (*r == '+' || *r == '-')) {
              ok = false;
              fprintf(d->out, "%s:%u: error: expected '+N', '-N', 'above', 'below' or a line after '@'\n",
                      src->name, line);
              break;
            }
            target = *r == '+' ? line + (unsigned)v : *r == '-' ? line - (unsigned)v : (unsigned)v;
            r = num;
          }
        }
        while (r < lineEnd && *r == ' ')
          ++r;
        const char *open = r;
        const char *close = NULL;
        for (const char *c = lineEnd - 2; c >= open; --c)
          if (c[0] == '}' && c[1] == '}') {
            close = c;
            break;
          }
        if (lineEnd - open < 2 || open[0] != '{' || open[1] != '{' || !close || close < open + 2) {
          ok = false;
          fprintf(d->out, "%s:%u:%u: error: expected '{{' and '}}' around the expected message\n",
                  src->name, line, (unsigned)(q - p) + 1);
          break;
        }
        if (d->numExpected == d->capExpected) {
          d->capExpected = d->capExpected ? 2 * d->capExpected : 16;
          d->expected = realloc(d->expected, d->capExpected * sizeof *d->expected);
          if (!d->expected)
            abort();
        }
        Expected *e = &d->expected[d->numExpected];
        memset(e, 0, sizeof *e);
        e->severity = kinds[k].severity;
        e->buffer = src->name;
        e->line = target;
        e->commentLine = line;
        e->commentColumn = (unsigned)(q - p) + 1;
        e->message = dlcStrndup(open + 2, (size_t)(close - open - 2));
        if (!compileExpected(e->message, &e->regex)) {
          ok = false;
          fprintf(d->out, "%s:%u: error: invalid regex in expected message '%s'\n", src->name,
                  line, e->message);
          free(e->message);
          break;
        }
        ++d->numExpected;
        break;
      }
    }
    ++line;
    p = lineEnd + 1;
  }
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
  return d->verify ? collectExpectations(d, src) : true;
}

bool dlcDiagnosticsVerifyFinish(DlcDiagnostics *d) {
  bool ok = d->unexpected.len == 0;
  DlcStr report = DLC_STR_INIT;
  for (size_t i = 0; i < d->numExpected; ++i) {
    Expected *e = &d->expected[i];
    if (e->matched)
      continue;
    ok = false;
    const Source *src = findSource(d, mlirStringRefCreateFromCString(e->buffer));
    DlcStr msg = DLC_STR_INIT;
    dlcStrPrintf(&msg, "expected %s \"%s\" was not produced", severityName(e->severity), e->message);
    dlcStrPrintf(&report, "%s:%u:%u: error: %s\n", e->buffer, e->commentLine, e->commentColumn,
                 dlcStrGet(&msg));
    size_t len;
    const char *text = src ? lineOf(src, e->commentLine, &len) : NULL;
    if (text) {
      dlcStrAppend(&report, text, len);
      dlcStrPuts(&report, "\n");
      for (unsigned c = 1; c < e->commentColumn; ++c)
        dlcStrPuts(&report, " ");
      dlcStrPuts(&report, "^\n");
    }
    dlcStrFree(&msg);
  }
  fputs(dlcStrGet(&d->unexpected), d->out);
  fputs(dlcStrGet(&report), d->out);
  fflush(d->out);
  dlcStrFree(&report);
  dlcStrClear(&d->unexpected);
  clearExpected(d);
  return ok;
}
