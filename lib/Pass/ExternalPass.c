//===- ExternalPass.c - DLC passes as MLIR external passes ------*- C -*-===//
//
// Wraps a DlcPassDef and its option values into an MlirPass. Each instance
// (and each clone MLIR makes for multi-threaded runs) owns its options.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Str.h"

#include "mlir-c/Dialect/Affine.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Bufferization.h"
#include "mlir-c/Dialect/ControlFlow.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Dialect/Transform.h"
#include "mlir-c/Dialect/Vector.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct PassInstance {
  DlcPassOptions options;
} PassInstance;

// The handle of a dialect a pass creates ops of; false for a name missing
// from this table (a DLC bug, reported when the pass is created).
static bool dialectHandle(const char *name, MlirDialectHandle *out) {
  static const struct {
    const char *name;
    MlirDialectHandle (*get)(void);
  } known[] = {{"affine", mlirGetDialectHandle__affine__},
               {"arith", mlirGetDialectHandle__arith__},
               {"bufferization", mlirGetDialectHandle__bufferization__},
               {"cf", mlirGetDialectHandle__cf__},
               {"func", mlirGetDialectHandle__func__},
               {"linalg", mlirGetDialectHandle__linalg__},
               {"llvm", mlirGetDialectHandle__llvm__},
               {"math", mlirGetDialectHandle__math__},
               {"memref", mlirGetDialectHandle__memref__},
               {"scf", mlirGetDialectHandle__scf__},
               {"tensor", mlirGetDialectHandle__tensor__},
               {"transform", mlirGetDialectHandle__transform__},
               {"vector", mlirGetDialectHandle__vector__}};
  for (size_t i = 0; i < sizeof known / sizeof *known; ++i) {
    if (!strcmp(known[i].name, name)) {
      *out = known[i].get();
      return true;
    }
  }
  return false;
}

static int optionIndex(const DlcPassDef *def, const char *name, size_t len) {
  for (intptr_t i = 0; i < def->numOptions; ++i)
    if (strlen(def->options[i].name) == len && !strncmp(def->options[i].name, name, len))
      return (int)i;
  return -1;
}

int64_t dlcPassOptionInt(const DlcPassOptions *o, const char *name) {
  int i = optionIndex(o->def, name, strlen(name));
  return i < 0 ? 0 : o->ints[i];
}

bool dlcPassOptionBool(const DlcPassOptions *o, const char *name) {
  return dlcPassOptionInt(o, name) != 0;
}

const char *dlcPassOptionString(const DlcPassOptions *o, const char *name) {
  int i = optionIndex(o->def, name, strlen(name));
  return i < 0 || !o->strings[i] ? "" : o->strings[i];
}

static void freeOptions(DlcPassOptions *o) {
  for (int i = 0; i < DLC_MAX_PASS_OPTIONS; ++i) {
    free(o->strings[i]);
    o->strings[i] = NULL;
  }
}

static void construct(void *userData) { (void)userData; }

static void destruct(void *userData) {
  PassInstance *self = userData;
  freeOptions(&self->options);
  free(self);
}

static void *clonePass(void *userData) {
  PassInstance *self = userData, *copy = malloc(sizeof *copy);
  if (!copy)
    abort();
  *copy = *self;
  for (int i = 0; i < DLC_MAX_PASS_OPTIONS; ++i)
    if (self->options.strings[i])
      copy->options.strings[i] = dlcStrndup(self->options.strings[i], strlen(self->options.strings[i]));
  return copy;
}

static void run(MlirOperation op, MlirExternalPass pass, void *userData) {
  PassInstance *self = userData;
  self->options.def->run(op, pass, &self->options);
}

static void reportf(MlirStringCallback error, void *userData, const char *fmt, const char *a,
                    const char *b) {
  if (!error)
    return;
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, fmt, a, b);
  error(mlirStringRefCreate(s.data, s.len), userData);
  dlcStrFree(&s);
}

// Sets option `index` from its textual value; false if it does not parse.
static bool setOption(DlcPassOptions *o, int index, const char *value, size_t len) {
  const DlcPassOptionInfo *info = &o->def->options[index];
  if (!strcmp(info->type, "string")) {
    free(o->strings[index]);
    o->strings[index] = dlcStrndup(value, len);
    return true;
  }
  char buf[32];
  if (len >= sizeof buf)
    return false;
  memcpy(buf, value, len);
  buf[len] = '\0';
  if (!strcmp(info->type, "bool")) {
    if (!strcmp(buf, "true") || !strcmp(buf, "1") || !strcmp(buf, ""))
      o->ints[index] = 1;
    else if (!strcmp(buf, "false") || !strcmp(buf, "0"))
      o->ints[index] = 0;
    else
      return false;
    return true;
  }
  char *end;
  o->ints[index] = strtoll(buf, &end, 0);
  return len > 0 && *end == '\0';
}

// Parses "name=value name2=value2" (values may be quoted with '' or "", or
// braced {..}); a bare name sets a bool option to true.
static bool parseOptions(DlcPassOptions *o, MlirStringRef text, MlirStringCallback error,
                         void *userData) {
  const char *p = text.data, *end = text.data + text.length;
  while (p < end) {
    while (p < end && (*p == ' ' || *p == ','))
      ++p;
    if (p >= end)
      break;
    const char *name = p;
    while (p < end && *p != '=' && *p != ' ')
      ++p;
    size_t nameLen = (size_t)(p - name);
    const char *value = p;
    size_t valueLen = 0;
    if (p < end && *p == '=') {
      ++p;
      if (p < end && (*p == '\'' || *p == '"' || *p == '{')) {
        char close = *p == '{' ? '}' : *p;
        value = ++p;
        while (p < end && *p != close)
          ++p;
        valueLen = (size_t)(p - value);
        if (p < end)
          ++p;
      } else {
        value = p;
        while (p < end && *p != ' ')
          ++p;
        valueLen = (size_t)(p - value);
      }
    }
    char nameBuf[64];
    snprintf(nameBuf, sizeof nameBuf, "%.*s", (int)nameLen, name);
    int index = optionIndex(o->def, name, nameLen);
    if (index < 0) {
      DlcStr known = DLC_STR_INIT;
      for (intptr_t i = 0; i < o->def->numOptions; ++i)
        dlcStrPrintf(&known, "%s%s", i ? ", " : "", o->def->options[i].name);
      reportf(error, userData, "unknown option '%s' for pass '%s'", nameBuf, o->def->argument);
      if (known.len)
        reportf(error, userData, " (options: %s%s)", dlcStrGet(&known), "");
      else
        reportf(error, userData, "%s%s (it takes no options)", "", "");
      dlcStrFree(&known);
      return false;
    }
    if (!setOption(o, index, value, valueLen)) {
      reportf(error, userData, "invalid value for option '%s' of pass '%s'", nameBuf,
              o->def->argument);
      reportf(error, userData, " (expected %s%s)", o->def->options[index].type, "");
      return false;
    }
  }
  return true;
}

bool dlcPassOptionsParse(DlcPassOptions *o, const DlcPassDef *def, MlirStringRef text,
                         MlirStringCallback error, void *userData) {
  memset(o, 0, sizeof *o);
  o->def = def;
  for (intptr_t i = 0; i < def->numOptions; ++i) {
    const char *dflt = def->options[i].defaultValue;
    setOption(o, (int)i, dflt, strlen(dflt));
  }
  if (parseOptions(o, text, error, userData))
    return true;
  freeOptions(o);
  return false;
}

void dlcPassOptionsFree(DlcPassOptions *o) { freeOptions(o); }

MlirPass dlcCreatePassFromDef(const DlcPassDef *def, MlirStringRef options, MlirStringCallback error,
                              void *userData) {
  PassInstance *self = calloc(1, sizeof *self);
  if (!self)
    abort();
  if (!dlcPassOptionsParse(&self->options, def, options, error, userData)) {
    free(self);
    return (MlirPass){NULL};
  }
  MlirDialectHandle deps[8];
  intptr_t numDeps = 0;
  while (numDeps < 8 && def->dependentDialects[numDeps]) {
    if (!dialectHandle(def->dependentDialects[numDeps], &deps[numDeps])) {
      reportf(error, userData, "DLC internal error: pass '%s' depends on dialect '%s', which "
                               "lib/Pass/ExternalPass.c does not know",
              def->argument, def->dependentDialects[numDeps]);
      destruct(self);
      return (MlirPass){NULL};
    }
    ++numDeps;
  }
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clonePass, run};
  // The def's address is unique and 8-byte aligned: a valid TypeID.
  return mlirCreateExternalPass(mlirTypeIDCreate(def), mlirStringRefCreateFromCString(def->name),
                                mlirStringRefCreateFromCString(def->argument),
                                mlirStringRefCreateFromCString(def->summary),
                                mlirStringRefCreateFromCString(def->anchor), numDeps, deps,
                                callbacks, self);
}
