//===- JitModule.c - A lowered module made ready for the JIT ----*- C -*-===//

#include "Runtime/JitModule.h"

#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <stdlib.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

// The top-level op of `module` named @`name`, else null.
static MlirOperation lookupFunction(MlirModule module, const char *name) {
  return dlcLookupSymbolInBlock(mlirModuleGetBody(module), ref(name));
}

// Appends @"<prefix><name>", escaped as MLIR's string syntax wants.
static void appendSymbol(DlcStr *text, const char *prefix, const char *name) {
  dlcStrPrintf(text, "@\"%s", prefix);
  for (const unsigned char *c = (const unsigned char *)name; *c; ++c) {
    if (*c == '"' || *c == '\\' || *c < 0x20 || *c >= 0x7f)
      dlcStrPrintf(text, "\\%02X", *c);
    else
      dlcStrPrintf(text, "%c", *c);
  }
  dlcStrPuts(text, "\"");
}

bool dlcJitModuleAddPackedWrapper(MlirModule module, const char *name) {
  MlirOperation callee = lookupFunction(module, name);
  if (mlirOperationIsNull(callee)) {
    dlcEmitError(mlirOperationGetLocation(mlirModuleGetOperation(module)),
                 "no function @%s to call", name);
    return false;
  }
  MlirType type = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(callee, ref("function_type")));
  intptr_t n = mlirLLVMFunctionTypeGetNumInputs(type);
  MlirType result = mlirLLVMFunctionTypeGetReturnType(type);
  bool returns = !mlirTypeEqual(result, mlirLLVMVoidTypeGet(mlirTypeGetContext(type)));
  DlcStr text = DLC_STR_INIT, args = DLC_STR_INIT, types = DLC_STR_INIT;
  dlcStrPuts(&text, "llvm.func ");
  appendSymbol(&text, "_mlir_", name);
  dlcStrPuts(&text, "(%args: !llvm.ptr) {\n");
  // (Parsed in a module of its own, with the callee declared, so that the
  // call verifies; then moved.)
  for (intptr_t i = 0; i <= n; ++i) {
    if (i == n && !returns)
      break;
    dlcStrPrintf(&text, "  %%q%ld = llvm.getelementptr %%args[%ld] : (!llvm.ptr) -> !llvm.ptr, "
                        "!llvm.ptr\n  %%p%ld = llvm.load %%q%ld : !llvm.ptr -> !llvm.ptr\n",
                 (long)i, (long)i, (long)i, (long)i);
    if (i == n)
      break;
    dlcStrPrintf(&text, "  %%a%ld = llvm.load %%p%ld : !llvm.ptr -> ", (long)i, (long)i);
    dlcStrAppendType(&text, mlirLLVMFunctionTypeGetInput(type, i));
    dlcStrPrintf(&args, "%s%%a%ld", i ? ", " : "", (long)i);
    dlcStrPuts(&types, i ? ", " : "");
    dlcStrAppendType(&types, mlirLLVMFunctionTypeGetInput(type, i));
    dlcStrPuts(&text, "\n");
  }
  dlcStrPrintf(&text, "  %sllvm.call ", returns ? "%r = " : "");
  appendSymbol(&text, "", name);
  dlcStrPrintf(&text, "(%s) : (%s) -> ", dlcStrGet(&args), dlcStrGet(&types));
  if (returns) {
    dlcStrAppendType(&text, result);
    dlcStrPrintf(&text, "\n  llvm.store %%r, %%p%ld : ", (long)n);
    dlcStrAppendType(&text, result);
    dlcStrPuts(&text, ", !llvm.ptr\n");
  } else {
    dlcStrPuts(&text, "()\n");
  }
  dlcStrPuts(&text, "  llvm.return\n}\nllvm.func ");
  appendSymbol(&text, "", name);
  dlcStrPrintf(&text, "(%s)", dlcStrGet(&types));
  if (returns) {
    dlcStrPuts(&text, " -> ");
    dlcStrAppendType(&text, result);
  }
  MlirModule parsed = mlirModuleCreateParse(mlirOperationGetContext(callee),
                                            mlirStringRefCreateFromCString(dlcStrGet(&text)));
  dlcStrFree(&text);
  dlcStrFree(&args);
  dlcStrFree(&types);
  if (mlirModuleIsNull(parsed))
    return false;
  MlirOperation wrapper = mlirBlockGetFirstOperation(mlirModuleGetBody(parsed));
  mlirOperationRemoveFromParent(wrapper);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), wrapper);
  mlirModuleDestroy(parsed);
  return true;
}

intptr_t dlcJitModuleTakeDestructors(MlirModule module, char ***names) {
  *names = NULL;
  intptr_t count = 0;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (dlcIsOp(op, "llvm.mlir.global_dtors")) {
      MlirAttribute dtors = mlirOperationGetAttributeByName(op, ref("dtors"));
      intptr_t n = mlirArrayAttrGetNumElements(dtors);
      char **grown = realloc(*names, sizeof(char *) * (size_t)(count + n));
      if (!grown)
        abort();
      *names = grown;
      for (intptr_t i = 0; i < n; ++i) {
        MlirStringRef name = mlirFlatSymbolRefAttrGetValue(mlirArrayAttrGetElement(dtors, i));
        (*names)[count++] = dlcStrndup(name.data, name.length);
        MlirOperation fn = lookupFunction(module, (*names)[count - 1]);
        if (!mlirOperationIsNull(fn))
          mlirOperationSetAttributeByName(
              fn, ref("linkage"),
              mlirLLVMLinkageAttrGet(mlirOperationGetContext(fn), MlirLLVMLinkageExternal));
      }
      mlirOperationDestroy(op);
    }
    op = next;
  }
  return count;
}
