//===- PipelineParser.c - Textual pipelines mixing DLC and upstream passes -===//
//
// DLC's passes and pipelines are in MLIR's registry (dlcRegisterAllPasses),
// so upstream's parser reads every pipeline; this adds what mlir-opt does
// around it: an `anchor(...)` wrapper naming the pass manager is optional,
// and errors reach the caller as one message.
//
//===----------------------------------------------------------------------===//

#include "dlc-c/Passes.h"
#include "Support/Str.h"

#include <ctype.h>
#include <string.h>

typedef struct Span {
  const char *p;
  size_t n;
} Span;

static Span trim(Span s) {
  while (s.n && isspace((unsigned char)s.p[0])) {
    ++s.p;
    --s.n;
  }
  while (s.n && isspace((unsigned char)s.p[s.n - 1]))
    --s.n;
  return s;
}

// Finds the end of the element starting at `s.p`: the first ',' at depth 0.
static size_t elementLength(Span s, bool *balanced) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < s.n; ++i) {
    char ch = s.p[i];
    if (quote) {
      if (ch == quote)
        quote = 0;
      continue;
    }
    if (ch == '"' || ch == '\'')
      quote = ch;
    else if (ch == '(' || ch == '{' || ch == '[')
      ++depth;
    else if (ch == ')' || ch == '}' || ch == ']')
      --depth;
    else if (ch == ',' && depth == 0)
      return i;
    if (depth < 0) {
      *balanced = false;
      return i;
    }
  }
  *balanced = depth == 0 && !quote;
  return s.n;
}

// The op a pass manager is anchored on: printed pipelines read
// "anchor(passes)", and the C API has no other way to ask.
static void anchorOf(MlirOpPassManager pm, DlcStr *out) {
  DlcStr printed = DLC_STR_INIT;
  mlirPrintPassPipeline(pm, dlcStrCallback, &printed);
  const char *text = dlcStrGet(&printed);
  dlcStrAppend(out, text, strcspn(text, "("));
  dlcStrFree(&printed);
}

// The elements inside `text` when it is one `anchor(...)` element naming
// the pass manager's op (or builtin.module on an op-agnostic one, which
// callers run on modules); else `text` itself.
static Span unwrapAnchor(Span text, const char *anchor) {
  size_t name = strcspn(text.p, "(");
  if (name >= text.n || text.p[text.n - 1] != ')')
    return text;
  Span wrapper = trim((Span){text.p, name});
  bool named = (wrapper.n == strlen(anchor) && !strncmp(wrapper.p, anchor, wrapper.n)) ||
               (!strcmp(anchor, "any") && wrapper.n == 14 && !strncmp(wrapper.p, "builtin.module", 14));
  bool balanced = true;
  if (!named || elementLength(text, &balanced) != text.n || !balanced)
    return text;
  return (Span){text.p + name + 1, text.n - name - 2};
}

MlirLogicalResult dlcParsePassPipeline(MlirOpPassManager pm, MlirStringRef pipeline,
                                       MlirStringCallback errorCallback, void *userData) {
  dlcRegisterAllPasses();
  DlcStr anchor = DLC_STR_INIT, message = DLC_STR_INIT;
  anchorOf(pm, &anchor);
  Span list = unwrapAnchor(trim((Span){pipeline.data, pipeline.length}), dlcStrGet(&anchor));
  MlirLogicalResult result = mlirOpPassManagerAddPipeline(pm, mlirStringRefCreate(list.p, list.n),
                                                          dlcStrCallback, &message);
  if (mlirLogicalResultIsFailure(result) && errorCallback)
    errorCallback(mlirStringRefCreate(message.data ? message.data : "", message.len), userData);
  dlcStrFree(&anchor);
  dlcStrFree(&message);
  return result;
}
