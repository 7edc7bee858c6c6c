//===- CustomForm.c - Spotting DLC ops written in custom form ---*- C -*-===//

#include "Dialect/CustomForm.h"

#include "Dialect/OpDef.h"

#include <ctype.h>
#include <string.h>

static bool isIdentifier(char c) { return isalnum((unsigned char)c) || c == '_'; }

// Does an op start at `p` of the line starting at `lineStart`: only blanks
// before it, or `%results =`?
static bool atOpStart(const char *lineStart, const char *p) {
  const char *q = p;
  while (q > lineStart && (q[-1] == ' ' || q[-1] == '\t'))
    --q;
  return q == lineStart || q[-1] == '=';
}

static void describe(const DlcOpDef *def, DlcStr *message) {
  dlcStrPrintf(message, "'%s' must be written in MLIR's generic form: DLC's ops have no custom "
                        "form; e.g. %%%s = \"%s\"(",
               def->name, dlcDefNumResults(def) ? def->results[0].name : "r", def->name);
  for (int i = 0, n = dlcDefNumOperands(def); i < n; ++i)
    dlcStrPrintf(message, "%s%%%s", i ? ", " : "", def->operands[i].name);
  dlcStrPuts(message, ") : (");
  for (int i = 0, n = dlcDefNumOperands(def); i < n; ++i)
    dlcStrPrintf(message, "%s<%s type>", i ? ", " : "", def->operands[i].name);
  dlcStrPuts(message, ") -> ");
  int results = dlcDefNumResults(def);
  dlcStrPuts(message, results == 1 ? "" : "(");
  for (int i = 0; i < results; ++i)
    dlcStrPrintf(message, "%s<%s type>", i ? ", " : "", def->results[i].name);
  dlcStrPuts(message, results == 1 ? "" : ")");
}

bool dlcFindCustomFormOp(const char *text, size_t length, unsigned *line, unsigned *column,
                         DlcStr *message) {
  static const char *const prefixes[] = {"dlc_graph.", "dlc_tensor."};
  const char *end = text + length, *lineStart = text;
  unsigned lineNumber = 1;
  bool inString = false;
  for (const char *p = text; p < end; ++p) {
    if (*p == '\n') {
      ++lineNumber;
      lineStart = p + 1;
      inString = false;
      continue;
    }
    if (inString) {
      if (*p == '\\' && p + 1 < end)
        ++p;
      else if (*p == '"')
        inString = false;
      continue;
    }
    if (*p == '"') {
      inString = true;
      continue;
    }
    if (*p == '/' && p + 1 < end && p[1] == '/') { // a comment: skip to the line's end
      while (p + 1 < end && p[1] != '\n')
        ++p;
      continue;
    }
    if (p > text && isIdentifier(p[-1]))
      continue;
    for (int k = 0; k < 2; ++k) {
      size_t n = strlen(prefixes[k]);
      if ((size_t)(end - p) <= n || strncmp(p, prefixes[k], n) || !atOpStart(lineStart, p))
        continue;
      const char *name = p + n;
      while (name < end && isIdentifier(*name))
        ++name;
      const DlcOpDef *def = dlcLookupOpDefByName(p, (size_t)(name - p));
      if (!def)
        continue;
      *line = lineNumber;
      *column = (unsigned)(p - lineStart) + 1;
      describe(def, message);
      return true;
    }
  }
  return false;
}
