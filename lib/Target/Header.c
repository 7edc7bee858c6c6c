//===- Header.c - C headers declaring a model's entry points ----*- C -*-===//

#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/Str.h"
#include "Target/HostModule.h"
#include "dlc-c/Runtime.h"

#include "mlir-c/BuiltinAttributes.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The C type of an element. The half types are their bits, uint16_t: C has
// no standard half type (_Float16 is optional in C and missing in C++ before
// C++23), and the DTYPE macro beside it says how to read them. The
// low-precision types (float8, float4, int4, int2) are one byte each, their
// bits in the low bits (dlc-c/Tensor.h).
static const char *cType(DlcDType dtype) {
  static const char *const names[] = {"float",    "double",   "int8_t",   "int16_t",
                                      "int32_t",  "int64_t",  "uint8_t",  "uint16_t",
                                      "uint32_t", "uint64_t", "bool",     "uint16_t",
                                      "uint16_t", "uint8_t",  "uint8_t",  "uint8_t",
                                      "uint8_t",  "uint8_t",  "uint8_t",  "uint8_t",
                                      "uint8_t",  "uint8_t",  "uint8_t"};
  return (size_t)dtype < sizeof names / sizeof *names ? names[dtype] : "void";
}

// Upper-case identifier from `text`: other characters become '_'.
static void appendMacroName(DlcStr *s, const char *text, size_t len) {
  for (size_t i = 0; i < len; ++i) {
    char c = text[i];
    char up = isalnum((unsigned char)c) ? (char)toupper((unsigned char)c) : '_';
    dlcStrAppend(s, &up, 1);
  }
}

// Dims written -1 where they are dynamic; NUMEL only for static shapes.
static void appendTensorMacros(DlcStr *s, const char *prefix, const char *kind, intptr_t i,
                               const DlcTensorType *t) {
  dlcStrPrintf(s, "#define %s_%s%ld_DTYPE \"%s\"\n", prefix, kind, (long)i, dlcDTypeName(t->dtype));
  dlcStrPrintf(s, "#define %s_%s%ld_CTYPE %s\n", prefix, kind, (long)i, cType(t->dtype));
  dlcStrPrintf(s, "#define %s_%s%ld_RANK %lld\n", prefix, kind, (long)i, (long long)t->rank);
  for (int64_t d = 0; d < t->rank; ++d)
    dlcStrPrintf(s, "#define %s_%s%ld_DIM%lld %lld\n", prefix, kind, (long)i, (long long)d,
                 t->shape[d] == DLC_DIM_DYNAMIC ? -1LL : (long long)t->shape[d]);
  if (t->rank > 0) {
    dlcStrPrintf(s, "#define %s_%s%ld_SHAPE {", prefix, kind, (long)i);
    for (int64_t d = 0; d < t->rank; ++d)
      dlcStrPrintf(s, "%s%lld", d ? ", " : "",
                   t->shape[d] == DLC_DIM_DYNAMIC ? -1LL : (long long)t->shape[d]);
    dlcStrPuts(s, "}\n");
  }
  if (!dlcTensorTypeIsStatic(t))
    return;
  int64_t numel = 1;
  for (int64_t d = 0; d < t->rank; ++d)
    if (__builtin_mul_overflow(numel, t->shape[d], &numel))
      return; // no such tensor fits in memory: no count to promise
  dlcStrPrintf(s, "#define %s_%s%ld_NUMEL %lld\n", prefix, kind, (long)i, (long long)numel);
}

static bool appendEntry(DlcStr *s, MlirOperation entry) {
  MlirStringRef name = dlcEntryGetName(entry);
  MlirLocation loc = mlirOperationGetLocation(entry);
  if (!dlcIsCIdentifier(name)) {
    dlcEmitError(loc, "entry @%.*s cannot be declared in C: its name is not a C identifier",
                 (int)name.length, name.data);
    return false;
  }
  DlcSignature sig;
  if (mlirLogicalResultIsFailure(dlcEntryGetSignature(entry, &sig)))
    return false;
  bool dynamic = false;
  for (intptr_t i = 0; i < sig.numInputs + sig.numOutputs; ++i)
    dynamic = dynamic || !dlcTensorTypeIsStatic(i < sig.numInputs ? &sig.inputs[i]
                                                                   : &sig.outputs[i - sig.numInputs]);
  DlcStr prefix = DLC_STR_INIT;
  appendMacroName(&prefix, name.data, name.length);
  const char *p = dlcStrGet(&prefix);

  dlcStrPrintf(s, "/* int %.*s(", (int)name.length, name.data);
  for (intptr_t i = 0; i < sig.numInputs + sig.numOutputs; ++i)
    dlcStrPrintf(s, "%s%s%ld", i ? ", " : "", i < sig.numInputs ? "in" : "out",
                 (long)(i < sig.numInputs ? i : i - sig.numInputs));
  dlcStrPuts(s, ")\n");
  for (intptr_t i = 0; i < sig.numInputs + sig.numOutputs; ++i) {
    bool in = i < sig.numInputs;
    dlcStrPrintf(s, " *   %s%ld: ", in ? "in" : "out", (long)(in ? i : i - sig.numInputs));
    dlcTensorTypePrint(in ? &sig.inputs[i] : &sig.outputs[i - sig.numInputs], dlcStrCallback, s);
    dlcStrPuts(s, "\n");
  }
  dlcStrPuts(s, " */\n");
  dlcStrPrintf(s, "#define %s_NUM_INPUTS %ld\n", p, (long)sig.numInputs);
  dlcStrPrintf(s, "#define %s_NUM_OUTPUTS %ld\n", p, (long)sig.numOutputs);
  for (intptr_t i = 0; i < sig.numInputs; ++i)
    appendTensorMacros(s, p, "IN", i, &sig.inputs[i]);
  for (intptr_t i = 0; i < sig.numOutputs; ++i)
    appendTensorMacros(s, p, "OUT", i, &sig.outputs[i]);
  if (dynamic)
    dlcStrPrintf(s, "/* Dynamic dims (-1 above): each input with one is followed by its shape\n"
                    " * (RANK sizes); a size that does not fit returns status 5 and computes\n"
                    " * nothing. Each output with one is allocated by the code: *outN gets the\n"
                    " * buffer (NULL when the status is not 0) and outN_shape its sizes; free\n"
                    " * it with %.*s_free. */\n", (int)name.length, name.data);
  dlcStrPrintf(s, "int %.*s(", (int)name.length, name.data);
  for (intptr_t i = 0; i < sig.numInputs; ++i) {
    dlcStrPrintf(s, "%sconst %s *in%ld", i ? ", " : "", cType(sig.inputs[i].dtype), (long)i);
    if (!dlcTensorTypeIsStatic(&sig.inputs[i]))
      dlcStrPrintf(s, ", const int64_t *in%ld_shape", (long)i);
  }
  for (intptr_t i = 0; i < sig.numOutputs; ++i) {
    bool dynamicOut = !dlcTensorTypeIsStatic(&sig.outputs[i]);
    dlcStrPrintf(s, "%s%s %s*out%ld", i || sig.numInputs ? ", " : "", cType(sig.outputs[i].dtype),
                 dynamicOut ? "*" : "", (long)i);
    if (dynamicOut)
      dlcStrPrintf(s, ", int64_t *out%ld_shape", (long)i);
  }
  if (!sig.numInputs && !sig.numOutputs)
    dlcStrPuts(s, "void");
  dlcStrPuts(s, ");\n");
  if (dynamic)
    dlcStrPrintf(s, "void %.*s_free(void *buffer);\n", (int)name.length, name.data);
  dlcStrPuts(s, "\n");
  dlcStrFree(&prefix);
  dlcSignatureDestroy(&sig);
  return true;
}

MlirLogicalResult dlcModuleEmitCHeader(MlirModule module, const DlcCompileOptions *options,
                                       MlirStringRef path) {
  if (mlirLogicalResultIsFailure(dlcModuleLowerToLLVM(module, options)))
    return mlirLogicalResultFailure();
  MlirLocation loc = mlirOperationGetLocation(mlirModuleGetOperation(module));
  char *file = dlcStrndup(path.data, path.length);
  const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, "/* %s - generated by DLC; do not edit.\n"
                   " *\n"
                   " * Entry points over dense, row-major buffers that the caller allocates:\n"
                   " * inputs first, then outputs. Each returns 0 on success. ",
               base);
  // What the artifact links is what its user must know to build with it.
  if (dlcModuleUsesOpenMP(module))
    dlcStrPrintf(&s, "The code runs its\n"
                     " * parallel loops on OpenMP threads: it needs libc, libm and LLVM's\n"
                     " * OpenMP runtime, libomp (%s), at run time.\n"
                     " * A shared library from dlc-translate links libomp already; link an\n"
                     " * object file with it.\n"
                     " */\n",
                 *dlcOpenMPRuntimePath ? dlcOpenMPRuntimePath : "libomp.so");
  else
    dlcStrPuts(&s, "The code needs\n"
                   " * only libc and libm at run time.\n"
                   " */\n");
  dlcStrPuts(&s, "/* A non-zero status is a run-time error (dlc-c/Status.h): its low byte\n"
                 " * says which (1 index out of range, 2 integer division by zero, 3 integer\n"
                 " * division overflow, 4 out of memory), the bits above it which check,\n"
                 " * numbered from 1 in program order. The outputs are then unspecified.\n"
                 " */\n");
  // The arenas dlc-cache-arenas keeps are memory the code holds.
  MlirSymbolTable symbols = mlirSymbolTableCreate(mlirModuleGetOperation(module));
  bool keepsArenas = !mlirOperationIsNull(
      mlirSymbolTableLookup(symbols, mlirStringRefCreateFromCString("__dlc_arenas_free")));
  mlirSymbolTableDestroy(symbols);
  if (keepsArenas)
    dlcStrPuts(&s, "/* The entries keep their buffers of intermediates from one call to the\n"
                   " * next (freed when the code is unloaded); calls may run on several\n"
                   " * threads at once, each then taking buffers of its own.\n"
                   " */\n");
  // Which CPU the code was compiled for, when an artifact was emitted.
  MlirAttribute cpu = mlirOperationGetAttributeByName(mlirModuleGetOperation(module),
                                                      mlirStringRefCreateFromCString("dlc.target_cpu"));
  if (!mlirAttributeIsNull(cpu) && mlirAttributeIsAString(cpu)) {
    MlirStringRef name = mlirStringAttrGetValue(cpu);
    if (mlirStringRefEqual(name, mlirStringRefCreateFromCString("generic")))
      dlcStrPuts(&s, "/* Compiled for the generic CPU of its architecture (portable). */\n");
    else
      dlcStrPrintf(&s, "/* Compiled for the CPU '%.*s' and its features; it may fail on other\n"
                       " * CPUs (dlc-translate --mcpu=generic makes portable code). */\n",
                   (int)name.length, name.data);
  }
  DlcStr guard = DLC_STR_INIT;
  dlcStrPuts(&guard, "DLC_");
  appendMacroName(&guard, base, strlen(base));
  dlcStrPrintf(&s, "#ifndef %s\n#define %s\n\n", dlcStrGet(&guard), dlcStrGet(&guard));
  dlcStrPuts(&s, "#include <stdbool.h>\n#include <stdint.h>\n\n"
                 "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  MlirOperation *entries;
  intptr_t n = dlcModuleCollectEntries(module, &entries);
  bool ok = true;
  for (intptr_t i = 0; i < n; ++i)
    ok = appendEntry(&s, entries[i]) && ok;
  free(entries);
  dlcStrPrintf(&s, "#ifdef __cplusplus\n}\n#endif\n\n#endif /* %s */\n", dlcStrGet(&guard));
  dlcStrFree(&guard);
  if (ok) {
    DlcStr error = DLC_STR_INIT;
    const void *chunk = s.data;
    ok = dlcWriteFileAtomically(file, 1, &chunk, &s.len, &error);
    if (!ok)
      dlcEmitError(loc, "%s", dlcStrGet(&error));
    dlcStrFree(&error);
  }
  dlcStrFree(&s);
  free(file);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
