//===- PassDef.c - What the pass table's entries provide --------*- C -*-===//
//
// Option values by name, option defaults and dependent dialects of a
// DlcPassDef. The mlir::Pass that runs a def is Bridge/PassAdaptor.cpp.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"

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

#include <stdlib.h>
#include <string.h>

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

DlcPassOptions dlcPassDefDefaultOptions(const DlcPassDef *def) {
  DlcPassOptions o = {def, {0}, {NULL}};
  for (intptr_t i = 0; i < def->numOptions; ++i) {
    const DlcPassOptionInfo *info = &def->options[i];
    if (!strcmp(info->type, "string"))
      o.strings[i] = info->defaultValue;
    else if (!strcmp(info->type, "bool"))
      o.ints[i] = !strcmp(info->defaultValue, "true");
    else
      o.ints[i] = strtoll(info->defaultValue, NULL, 0);
  }
  return o;
}

const char *dlcPassDefUnknownDialect(const DlcPassDef *def) {
  MlirDialectHandle handle;
  for (int i = 0; i < 8 && def->dependentDialects[i]; ++i)
    if (!dialectHandle(def->dependentDialects[i], &handle))
      return def->dependentDialects[i];
  return NULL;
}

void dlcPassDefInsertDependentDialects(const DlcPassDef *def, MlirDialectRegistry registry) {
  for (int i = 0; i < 8 && def->dependentDialects[i]; ++i) {
    MlirDialectHandle handle;
    if (dialectHandle(def->dependentDialects[i], &handle))
      mlirDialectHandleInsertDialect(handle, registry);
  }
}
