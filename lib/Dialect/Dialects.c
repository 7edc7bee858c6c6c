//===- Dialects.c - Loading and verifying the DLC dialects ------*- C -*-===//
//
// The IRDL text of both dialects is embedded in the library at build time
// (dialects/CMakeLists.txt), so tools find it from any working directory.
// Loading also checks that the C op tables (OpDef.h) agree with the IRDL:
// same ops, operand and result names in order, optionality, and required
// attributes. A mismatch is a DLC bug, reported as an error at load.
//
//===----------------------------------------------------------------------===//

#include "dlc-c/Dialects.h"

#include "Dialect/OpDef.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

extern const char dlc_embedded_irdl[];

MlirStringRef dlcGetDialectsIRDL(void) { return mlirStringRefCreateFromCString(dlc_embedded_irdl); }

static MlirAttribute attrOf(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static bool strRefIs(MlirStringRef s, const char *c) {
  return s.length == strlen(c) && !strncmp(s.data, c, s.length);
}

// Checks an irdl.operands / irdl.results op against the def's entries.
static bool checkValues(MlirOperation irdlOp, const DlcValueDef *defs, int n, const char *opName,
                        const char *what) {
  MlirAttribute names = attrOf(irdlOp, "names");
  DlcStr variadicity = DLC_STR_INIT;
  dlcStrAppendAttr(&variadicity, attrOf(irdlOp, "variadicity"));
  bool ok = mlirArrayAttrGetNumElements(names) == n;
  // variadicity prints as #irdl<variadicity_array[ single,  optional]>.
  const char *cursor = strchr(dlcStrGet(&variadicity), '[');
  for (int i = 0; ok && i < n; ++i) {
    MlirStringRef name = mlirStringAttrGetValue(mlirArrayAttrGetElement(names, i));
    ok = strRefIs(name, defs[i].name);
    while (cursor && *cursor && (*cursor == '[' || *cursor == ' ' || *cursor == ','))
      ++cursor;
    bool optional = cursor && !strncmp(cursor, "optional", 8);
    ok = ok && optional == defs[i].optional && !(cursor && !strncmp(cursor, "variadic", 8));
    while (cursor && *cursor && *cursor != ',' && *cursor != ']')
      ++cursor;
  }
  dlcStrFree(&variadicity);
  if (!ok)
    dlcEmitOpError(irdlOp, "DLC internal error: the %s of %s in the IRDL differ from its C op table",
                   what, opName);
  return ok;
}

static bool checkOperation(MlirOperation irdlOp, const char *dialect, int *seen) {
  MlirStringRef opName = mlirStringAttrGetValue(attrOf(irdlOp, "sym_name"));
  DlcStr full = DLC_STR_INIT;
  dlcStrPrintf(&full, "%s.%.*s", dialect, (int)opName.length, opName.data);
  const DlcOpDef *def = dlcLookupOpDefByName(full.data, full.len);
  bool ok = def != NULL;
  if (!def)
    dlcEmitOpError(irdlOp, "DLC internal error: %s has no C op table entry", dlcStrGet(&full));
  int sawOperands = 0, sawResults = 0, sawAttrs = 0;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(irdlOp, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(o));
    if (strRefIs(kind, "irdl.operands")) {
      sawOperands = 1;
      ok = checkValues(o, def->operands, dlcDefNumOperands(def), full.data, "operands");
    } else if (strRefIs(kind, "irdl.results")) {
      sawResults = 1;
      ok = checkValues(o, def->results, dlcDefNumResults(def), full.data, "results");
    } else if (strRefIs(kind, "irdl.attributes")) {
      MlirAttribute names = attrOf(o, "attributeValueNames");
      intptr_t n = mlirArrayAttrGetNumElements(names);
      for (intptr_t i = 0; i < n; ++i) {
        MlirStringRef an = mlirStringAttrGetValue(mlirArrayAttrGetElement(names, i));
        char buf[64];
        snprintf(buf, sizeof buf, "%.*s", (int)an.length, an.data);
        const DlcAttrDef *ad = dlcDefFindAttr(def, buf);
        if (!ad || !ad->required) {
          dlcEmitOpError(o, "DLC internal error: IRDL attribute '%s' of %s is not required in its "
                            "C op table", buf, full.data);
          ok = false;
        }
      }
      sawAttrs = (int)n;
    }
  }
  if (ok) {
    int required = 0;
    for (int i = 0, e = dlcDefNumAttrs(def); i < e; ++i)
      required += def->attrs[i].required;
    if ((!sawOperands && dlcDefNumOperands(def)) || (!sawResults && dlcDefNumResults(def)) ||
        sawAttrs != required) {
      dlcEmitOpError(irdlOp, "DLC internal error: %s has operands, results or required attributes "
                             "in its C op table that the IRDL lacks", full.data);
      ok = false;
    }
  }
  dlcStrFree(&full);
  ++*seen;
  return ok;
}

static bool checkTablesAgainstIRDL(MlirModule irdl) {
  bool ok = true;
  MlirBlock top = mlirModuleGetBody(irdl);
  for (MlirOperation d = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(d);
       d = mlirOperationGetNextInBlock(d)) {
    MlirStringRef dn = mlirStringAttrGetValue(attrOf(d, "sym_name"));
    char dialect[32];
    snprintf(dialect, sizeof dialect, "%.*s", (int)dn.length, dn.data);
    int seen = 0;
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(d, 0));
    for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
         o = mlirOperationGetNextInBlock(o))
      if (strRefIs(mlirIdentifierStr(mlirOperationGetName(o)), "irdl.operation"))
        ok = checkOperation(o, dialect, &seen) && ok;
    size_t count;
    dlcDialectOpDefs(dialect, &count);
    if ((size_t)seen != count) {
      dlcEmitOpError(d, "DLC internal error: %s has %zu ops in its C op table but %d in the IRDL",
                     dialect, count, seen);
      ok = false;
    }
  }
  return ok;
}

MlirLogicalResult dlcContextLoadDialects(MlirContext ctx) {
  if (!mlirDialectIsNull(
          mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("dlc_graph"))))
    return mlirLogicalResultSuccess();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__irdl__(), ctx);
  MlirModule irdl = mlirModuleCreateParse(ctx, dlcGetDialectsIRDL());
  if (mlirModuleIsNull(irdl))
    return mlirLogicalResultFailure();
  // The tables and the IRDL are both built into the library: once they
  // agree they agree in every context. A failed check runs again, so that
  // each context reports it.
  static atomic_bool tablesAgree;
  bool ok = mlirLogicalResultIsSuccess(mlirLoadIRDLDialects(irdl)) &&
            (atomic_load(&tablesAgree) || checkTablesAgainstIRDL(irdl));
  if (ok)
    atomic_store(&tablesAgree, true);
  mlirModuleDestroy(irdl);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

// Every context gets the same registry: it is filled once per process
// (registering all dialects and their extensions costs more than the
// context's copy of it) and read only after that.
static MlirDialectRegistry registry;

static void registerOnce(void) {
  mlirRegisterAllPasses();
  registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
}

MlirContext dlcContextCreate(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, registerOnce);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirRegisterAllLLVMTranslations(ctx);
  // Passes create ops of these dialects; load them now because dialects
  // cannot be loaded lazily inside a multi-threaded pass run.
  static const char *const eager[] = {"builtin", "func",   "arith", "math", "tensor",
                                      "linalg",  "memref", "scf",   "cf",   "affine",
                                      "bufferization", "llvm", "ub", "vector", "transform"};
  for (size_t i = 0; i < sizeof eager / sizeof *eager; ++i)
    mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString(eager[i]));
  if (mlirLogicalResultIsFailure(dlcContextLoadDialects(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}

//===----------------------------------------------------------------------===//
// dlcVerify
//===----------------------------------------------------------------------===//

static MlirWalkResult verifyOne(MlirOperation op, void *userData) {
  const DlcOpDef *def = dlcLookupOpDef(op);
  if (def && mlirLogicalResultIsFailure(dlcVerifyOp(op, def)))
    *(bool *)userData = false;
  return MlirWalkResultAdvance;
}

MlirLogicalResult dlcVerify(MlirOperation op) {
  bool ok = true;
  mlirOperationWalk(op, verifyOne, &ok, MlirWalkPreOrder);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
