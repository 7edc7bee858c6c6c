//===- PipelineParser.c - Textual pipelines mixing DLC and upstream passes -===//
//
// LLVM 22's C API cannot register passes by name, so mlirParsePassPipeline
// does not know DLC's. This parser splits the textual pipeline itself:
// `op-name(...)` nests, DLC passes (with `{options}`) and pipelines are
// added directly, and everything else is handed to upstream's parser one
// element at a time (mlirOpPassManagerAddPipeline).
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
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

typedef struct Ctx {
  MlirStringCallback error;
  void *userData;
} Ctx;

static void report(Ctx *c, const char *fmt, Span s) {
  if (!c->error)
    return;
  DlcStr m = DLC_STR_INIT;
  dlcStrPrintf(&m, fmt, (int)s.n, s.p);
  c->error(mlirStringRefCreate(m.data, m.len), c->userData);
  dlcStrFree(&m);
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

static MlirLogicalResult parseList(MlirOpPassManager pm, Span text, Ctx *c);

static void forwardUpstream(MlirStringRef message, void *userData) {
  Ctx *c = userData;
  if (c->error)
    c->error(message, c->userData);
}

static MlirLogicalResult parseElement(MlirOpPassManager pm, Span e, Ctx *c) {
  e = trim(e);
  if (!e.n) {
    report(c, "empty pass pipeline element%.*s", (Span){"", 0});
    return mlirLogicalResultFailure();
  }
  size_t nameLen = 0;
  while (nameLen < e.n && e.p[nameLen] != '{' && e.p[nameLen] != '(' &&
         !isspace((unsigned char)e.p[nameLen]))
    ++nameLen;
  Span name = {e.p, nameLen};
  Span rest = trim((Span){e.p + nameLen, e.n - nameLen});
  // op-name(...): a nested pass manager.
  if (rest.n && rest.p[0] == '(') {
    if (rest.p[rest.n - 1] != ')') {
      report(c, "expected ')' at the end of '%.*s'", e);
      return mlirLogicalResultFailure();
    }
    MlirOpPassManager nested =
        mlirOpPassManagerGetNestedUnder(pm, mlirStringRefCreate(name.p, name.n));
    return parseList(nested, (Span){rest.p + 1, rest.n - 2}, c);
  }
  Span options = {"", 0};
  if (rest.n) {
    if (rest.p[0] != '{' || rest.p[rest.n - 1] != '}') {
      report(c, "expected '{options}' or '(...)' after the pass name in '%.*s'", e);
      return mlirLogicalResultFailure();
    }
    options = (Span){rest.p + 1, rest.n - 2};
  }
  const DlcPassDef *pass = dlcLookupPassDef(name.p, name.n);
  if (pass) {
    MlirPass created = dlcCreatePassFromDef(pass, mlirStringRefCreate(options.p, options.n),
                                            c->error, c->userData);
    if (!(created).ptr)
      return mlirLogicalResultFailure();
    mlirOpPassManagerAddOwnedPass(pm, created);
    return mlirLogicalResultSuccess();
  }
  const DlcPipelineDef *pipeline = dlcLookupPipelineDef(name.p, name.n);
  if (pipeline) {
    if (options.n) {
      report(c, "pipeline '%.*s' takes no options", name);
      return mlirLogicalResultFailure();
    }
    return pipeline->build(pm);
  }
  return mlirOpPassManagerAddPipeline(pm, mlirStringRefCreate(e.p, e.n), forwardUpstream, c);
}

static MlirLogicalResult parseList(MlirOpPassManager pm, Span text, Ctx *c) {
  text = trim(text);
  while (text.n) {
    bool balanced = true;
    size_t len = elementLength(text, &balanced);
    if (!balanced) {
      report(c, "unbalanced brackets or quotes in pass pipeline '%.*s'", text);
      return mlirLogicalResultFailure();
    }
    if (mlirLogicalResultIsFailure(parseElement(pm, (Span){text.p, len}, c)))
      return mlirLogicalResultFailure();
    if (len == text.n)
      break;
    text = trim((Span){text.p + len + 1, text.n - len - 1});
    if (!text.n) {
      report(c, "trailing ',' in pass pipeline%.*s", (Span){"", 0});
      return mlirLogicalResultFailure();
    }
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcParsePassPipeline(MlirOpPassManager pm, MlirStringRef pipeline,
                                       MlirStringCallback errorCallback, void *userData) {
  Ctx c = {errorCallback, userData};
  Span text = trim((Span){pipeline.data, pipeline.length});
  // "builtin.module(...)" anchors on the pass manager itself.
  static const char anchor[] = "builtin.module";
  size_t n = sizeof anchor - 1;
  if (text.n > n && !strncmp(text.p, anchor, n)) {
    Span rest = trim((Span){text.p + n, text.n - n});
    bool balanced = true;
    if (rest.n && rest.p[0] == '(' && rest.p[rest.n - 1] == ')' &&
        elementLength(text, &balanced) == text.n && balanced)
      return parseList(pm, (Span){rest.p + 1, rest.n - 2}, &c);
  }
  return parseList(pm, text, &c);
}
