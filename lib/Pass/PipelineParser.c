//===- PipelineParser.c - Textual pipelines mixing DLC and upstream passes -===//
//
// LLVM 22's C API cannot register passes by name, so mlirParsePassPipeline
// does not know DLC's. This parser splits the textual pipeline itself:
// `op-name(...)` holding DLC passes nests, DLC passes (with `{options}`)
// and pipelines are added directly, and each run of other elements goes to
// upstream's parser whole (mlirOpPassManagerAddPipeline), so that its
// messages read as mlir-opt's. DLC passes and pipelines anchored on
// builtin.module are refused inside a pass manager on another op, as
// upstream refuses its own.
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

// The name an element starts with, and what follows it.
static Span elementName(Span e, Span *rest) {
  size_t n = 0;
  while (n < e.n && e.p[n] != '{' && e.p[n] != '(' && !isspace((unsigned char)e.p[n]))
    ++n;
  *rest = trim((Span){e.p + n, e.n - n});
  return (Span){e.p, n};
}

static MlirLogicalResult parseList(MlirOpPassManager pm, Span anchor, Span text, Ctx *c);

static void forwardUpstream(MlirStringRef message, void *userData) {
  Ctx *c = userData;
  if (c->error)
    c->error(message, c->userData);
}

static bool spanIs(Span s, const char *text) {
  return s.n == strlen(text) && !strncmp(s.p, text, s.n);
}

// Module passes and pipelines cannot run inside a pass manager on another
// op: say so as upstream does for its passes, rather than letting implicit
// nesting schedule them on nested modules that never exist.
static bool checkAnchor(Span anchor, Span name, Span label, const char *required, Ctx *c) {
  if (!*required || spanIs(anchor, required) || spanIs(anchor, "any"))
    return true;
  if (c->error) {
    DlcStr m = DLC_STR_INIT;
    dlcStrPrintf(&m, "Can't add pass '%.*s' restricted to '%s' on a PassManager intended to run "
                     "on '%.*s', did you intend to nest?\nfailed to add `%.*s`\n",
                 (int)label.n, label.p, required, (int)anchor.n, anchor.p, (int)name.n, name.p);
    c->error(mlirStringRefCreate(m.data, m.len), c->userData);
    dlcStrFree(&m);
  }
  return false;
}

static MlirLogicalResult parseElement(MlirOpPassManager pm, Span anchor, Span e, Ctx *c) {
  e = trim(e);
  if (!e.n) {
    report(c, "empty pass pipeline element%.*s", (Span){"", 0});
    return mlirLogicalResultFailure();
  }
  Span rest, name = elementName(e, &rest);
  // op-name(...): a nested pass manager.
  if (rest.n && rest.p[0] == '(') {
    if (rest.p[rest.n - 1] != ')') {
      report(c, "expected ')' at the end of '%.*s'", e);
      return mlirLogicalResultFailure();
    }
    MlirOpPassManager nested =
        mlirOpPassManagerGetNestedUnder(pm, mlirStringRefCreate(name.p, name.n));
    if (mlirLogicalResultIsSuccess(parseList(nested, name, (Span){rest.p + 1, rest.n - 2}, c)))
      return mlirLogicalResultSuccess();
    report(c, "failed to add `%.*s` with options `` to inner pipeline\n", name);
    return mlirLogicalResultFailure();
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
    Span label = {pass->name, strlen(pass->name)};
    if (!checkAnchor(anchor, name, label, pass->anchor, c))
      return mlirLogicalResultFailure();
    MlirPass created = dlcCreatePassFromDef(pass, mlirStringRefCreate(options.p, options.n),
                                            c->error, c->userData);
    if (!created.ptr)
      return mlirLogicalResultFailure();
    mlirOpPassManagerAddOwnedPass(pm, created);
    return mlirLogicalResultSuccess();
  }
  const DlcPipelineDef *pipeline = dlcLookupPipelineDef(name.p, name.n);
  if (pipeline) {
    if (options.n && !pipeline->options) {
      report(c, "pipeline '%.*s' takes no options", name);
      return mlirLogicalResultFailure();
    }
    if (!checkAnchor(anchor, name, name, "builtin.module", c))
      return mlirLogicalResultFailure();
    if (!pipeline->options)
      return pipeline->build(pm, NULL);
    DlcPassOptions values;
    if (!dlcPassOptionsParse(&values, pipeline->options, mlirStringRefCreate(options.p, options.n),
                             c->error, c->userData))
      return mlirLogicalResultFailure();
    DlcPipelineOptions checked;
    bool lowering = !strcmp(pipeline->options->options[0].name, "codegen");
    if (!lowering && !dlcOptimizeCheckDisabled(
                         mlirStringRefCreateFromCString(dlcPassOptionString(&values, "disable")),
                         c->error, c->userData)) {
      dlcPassOptionsFree(&values);
      return mlirLogicalResultFailure();
    }
    if (lowering && mlirLogicalResultIsFailure(dlcPipelineOptionsFromPassOptions(&values, &checked))) {
      report(c, "pipeline '%.*s': codegen must be 'fast' or 'naive' and threads at least 1", name);
      dlcPassOptionsFree(&values);
      return mlirLogicalResultFailure();
    }
    MlirLogicalResult result = pipeline->build(pm, &values);
    dlcPassOptionsFree(&values);
    return result;
  }
  return mlirOpPassManagerAddPipeline(pm, mlirStringRefCreate(e.p, e.n), forwardUpstream, c);
}

// Does the element name a DLC pass or pipeline, at any depth?
static bool mentionsDlc(Span e) {
  Span rest, name = elementName(trim(e), &rest);
  if (dlcLookupPassDef(name.p, name.n) || dlcLookupPipelineDef(name.p, name.n))
    return true;
  if (!rest.n || rest.p[0] != '(' || rest.p[rest.n - 1] != ')')
    return false;
  Span list = trim((Span){rest.p + 1, rest.n - 2});
  while (list.n) {
    bool balanced = true;
    size_t len = elementLength(list, &balanced);
    if (!balanced)
      return false;
    if (mentionsDlc((Span){list.p, len}))
      return true;
    if (len == list.n)
      break;
    list = trim((Span){list.p + len + 1, list.n - len - 1});
  }
  return false;
}

static MlirLogicalResult addUpstream(MlirOpPassManager pm, Span run, Ctx *c) {
  return mlirOpPassManagerAddPipeline(pm, mlirStringRefCreate(run.p, run.n), forwardUpstream, c);
}

// Runs of upstream elements go to upstream's parser whole, so that its
// messages point where they would for mlir-opt; DLC elements are added here.
static MlirLogicalResult parseList(MlirOpPassManager pm, Span anchor, Span text, Ctx *c) {
  text = trim(text);
  Span run = {NULL, 0};
  while (text.n) {
    bool balanced = true;
    size_t len = elementLength(text, &balanced);
    if (!balanced) {
      report(c, "unbalanced brackets or quotes in pass pipeline '%.*s'", text);
      return mlirLogicalResultFailure();
    }
    Span e = {text.p, len};
    if (!mentionsDlc(e)) {
      if (!run.p)
        run.p = text.p;
      run.n = (size_t)(text.p + len - run.p);
    } else {
      if (run.p && mlirLogicalResultIsFailure(addUpstream(pm, run, c)))
        return mlirLogicalResultFailure();
      run.p = NULL;
      if (mlirLogicalResultIsFailure(parseElement(pm, anchor, e, c)))
        return mlirLogicalResultFailure();
    }
    if (len == text.n)
      break;
    text = trim((Span){text.p + len + 1, text.n - len - 1});
    if (!text.n) {
      report(c, "trailing ',' in pass pipeline%.*s", (Span){"", 0});
      return mlirLogicalResultFailure();
    }
  }
  return run.p ? addUpstream(pm, run, c) : mlirLogicalResultSuccess();
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

MlirLogicalResult dlcParsePassPipeline(MlirOpPassManager pm, MlirStringRef pipeline,
                                       MlirStringCallback errorCallback, void *userData) {
  Ctx c = {errorCallback, userData};
  DlcStr anchorText = DLC_STR_INIT;
  anchorOf(pm, &anchorText);
  Span anchor = {dlcStrGet(&anchorText), anchorText.len};
  Span text = trim((Span){pipeline.data, pipeline.length});
  // "<anchor>(...)" wrapping everything names the pass manager itself; so
  // does "builtin.module(...)" for an op-agnostic one (what
  // mlirPassManagerCreate makes), which callers run on modules.
  Span list = text, rest, wrapper = elementName(text, &rest);
  bool balanced = true;
  if ((spanIs(wrapper, "builtin.module") && spanIs(anchor, "any")) ||
      (wrapper.n == anchor.n && !strncmp(wrapper.p, anchor.p, anchor.n))) {
    if (rest.n && rest.p[0] == '(' && rest.p[rest.n - 1] == ')' &&
        elementLength(text, &balanced) == text.n && balanced)
      list = (Span){rest.p + 1, rest.n - 2};
  }
  MlirLogicalResult result = parseList(pm, anchor, list, &c);
  dlcStrFree(&anchorText);
  return result;
}
