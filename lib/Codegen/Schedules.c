//===- Schedules.c - The transform library and its application --*- C -*-===//
//
// Schedules are data: transform-dialect named sequences in schedules/*.mlir
// (embedded at build time), each taking its target op and i64 parameters.
// A user's file may define sequences of the same names and signatures to
// replace DLC's. Applying one builds a small entry sequence that matches
// the targets (each marked with its position) and includes the schedule with
// its parameters as transform.param constants, so that the schedules
// themselves can be run unchanged by mlir-opt's transform interpreter.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Bridge/Bridge.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Transform/Interpreter.h"

#include <stdlib.h>
#include <string.h>

extern const char dlc_schedule_matmul[];
extern const char dlc_schedule_conv[];
extern const char dlc_schedule_transpose[];
extern const char dlc_schedule_rows[];

static const char *const builtinSchedules[] = {dlc_schedule_matmul, dlc_schedule_conv,
                                               dlc_schedule_transpose, dlc_schedule_rows};
enum { NUM_BUILTIN = sizeof builtinSchedules / sizeof *builtinSchedules };

static const char targetAttr[] = "dlc.codegen.target";

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

// The sequences one application needs: a named sequence and those it
// includes, transitively. Applying merges these into the entry, not the
// whole library: the library is ~30 sequences, most schedules need 1 to 3.
typedef struct Closure {
  char *sequence;
  MlirModule module;
} Closure;

struct DlcScheduleLibraryImpl {
  MlirContext ctx;
  MlirLocation loc;
  MlirModule module;         ///< the user's sequences, then the builtins parsed so far
  int numParsed;             ///< builtinSchedules[0, numParsed) are in `module`
  bool broken;               ///< a builtin file did not parse (reported once)
  Closure *closures;
  intptr_t numClosures;
};

static MlirStringRef symbolName(MlirOperation op) {
  MlirAttribute name = mlirOperationGetAttributeByName(op, mlirSymbolTableGetSymbolAttributeName());
  return mlirAttributeIsNull(name) ? mlirStringRefCreate(NULL, 0) : mlirStringAttrGetValue(name);
}

static MlirOperation findSequence(MlirModule module, MlirStringRef name) {
  return dlcLookupSymbolInBlock(mlirModuleGetBody(module), name);
}

static bool defines(MlirModule module, MlirStringRef name) {
  return !mlirOperationIsNull(findSequence(module, name));
}

// A sequence declared (`transform.named_sequence private @name(...)`, no
// body) so that a file can include one another file defines.
static bool isDeclaration(MlirOperation op) {
  return mlirOperationGetNumRegions(op) == 1 &&
         mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

// Copies the named sequences that `from` defines and `into` does not yet.
// Declarations are left out: a user's file that declares one of DLC's
// sequences, to include it, must not hide DLC's definition.
static void addSequences(MlirModule into, MlirModule from) {
  MlirBlock body = mlirModuleGetBody(from);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = symbolName(op);
    if (name.length && !isDeclaration(op) && !defines(into, name))
      mlirBlockAppendOwnedOperation(mlirModuleGetBody(into), mlirOperationClone(op));
  }
}

// The definition of `name`: the user's, else DLC's, parsing DLC's files
// in order until one defines it. Null if none does.
static MlirOperation lookupSequence(struct DlcScheduleLibraryImpl *lib, MlirStringRef name) {
  MlirOperation op = findSequence(lib->module, name);
  while (mlirOperationIsNull(op) && !lib->broken && lib->numParsed < NUM_BUILTIN) {
    MlirModule builtin = mlirModuleCreateParse(lib->ctx, ref(builtinSchedules[lib->numParsed++]));
    if (mlirModuleIsNull(builtin)) {
      dlcEmitError(lib->loc, "DLC's built-in schedules do not parse");
      lib->broken = true;
      break;
    }
    addSequences(lib->module, builtin);
    mlirModuleDestroy(builtin);
    op = findSequence(lib->module, name);
  }
  return op;
}

DlcScheduleLibrary dlcScheduleLibraryCreate(MlirContext ctx, const char *userFile,
                                            MlirLocation loc) {
  MlirModule module =
      mlirModuleCreateParse(ctx, ref("module attributes {transform.with_named_sequence} {}"));
  if (userFile && *userFile) {
    MlirOperation user = dlcBridgeParseFile(ctx, ref(userFile));
    if (mlirOperationIsNull(user)) {
      dlcEmitError(loc, "cannot read the schedules in '%s'", userFile);
      mlirModuleDestroy(module);
      return (DlcScheduleLibrary){NULL};
    }
    addSequences(module, mlirModuleFromOperation(user));
    mlirOperationDestroy(user);
  }
  struct DlcScheduleLibraryImpl *lib = calloc(1, sizeof *lib);
  if (!lib)
    abort();
  lib->ctx = ctx;
  lib->loc = loc;
  lib->module = module;
  return (DlcScheduleLibrary){lib};
}

void dlcScheduleLibraryDestroy(DlcScheduleLibrary library) {
  struct DlcScheduleLibraryImpl *lib = library.impl;
  if (!lib)
    return;
  for (intptr_t i = 0; i < lib->numClosures; ++i) {
    free(lib->closures[i].sequence);
    mlirModuleDestroy(lib->closures[i].module);
  }
  free(lib->closures);
  mlirModuleDestroy(lib->module);
  free(lib);
}

typedef struct Includes {
  MlirStringRef *names;
  intptr_t count, capacity;
} Includes;

static MlirWalkResult collectIncludes(MlirOperation op, void *userData) {
  Includes *includes = userData;
  if (!mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)), ref("transform.include")))
    return MlirWalkResultAdvance;
  MlirAttribute target = mlirOperationGetAttributeByName(op, ref("target"));
  if (mlirAttributeIsNull(target) || !mlirAttributeIsAFlatSymbolRef(target))
    return MlirWalkResultAdvance;
  if (includes->count == includes->capacity) {
    includes->capacity = includes->capacity ? 2 * includes->capacity : 8;
    includes->names = realloc(includes->names, (size_t)includes->capacity * sizeof(MlirStringRef));
    if (!includes->names)
      abort();
  }
  includes->names[includes->count++] = mlirFlatSymbolRefAttrGetValue(target);
  return MlirWalkResultAdvance;
}

// `sequence` and what it includes, copied into a module of their own
// once per library; null if `sequence` is not defined. An include the
// library lacks is left for the interpreter to report.
static MlirModule closureOf(struct DlcScheduleLibraryImpl *lib, const char *sequence) {
  for (intptr_t i = 0; i < lib->numClosures; ++i)
    if (!strcmp(lib->closures[i].sequence, sequence))
      return lib->closures[i].module;
  if (mlirOperationIsNull(lookupSequence(lib, ref(sequence))))
    return (MlirModule){NULL};
  MlirModule closure =
      mlirModuleCreateParse(lib->ctx, ref("module attributes {transform.with_named_sequence} {}"));
  Includes pending = {0};
  pending.names = malloc(8 * sizeof(MlirStringRef));
  if (!pending.names)
    abort();
  pending.capacity = 8;
  pending.names[pending.count++] = ref(sequence);
  while (pending.count) {
    // Names point into the library's attributes, which stay alive.
    MlirStringRef name = pending.names[--pending.count];
    if (defines(closure, name))
      continue;
    MlirOperation def = lookupSequence(lib, name);
    if (mlirOperationIsNull(def))
      continue;
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(closure), mlirOperationClone(def));
    mlirOperationWalk(def, collectIncludes, &pending, MlirWalkPreOrder);
  }
  free(pending.names);
  Closure *grown = realloc(lib->closures, (size_t)(lib->numClosures + 1) * sizeof *grown);
  if (!grown)
    abort();
  lib->closures = grown;
  lib->closures[lib->numClosures++] = (Closure){dlcStrndup(sequence, strlen(sequence)), closure};
  return closure;
}

// The entry sequence: match the marked targets, include the schedule.
// Targets from `merged` on (when below numTargets) are matched one by one
// and passed as one handle, in their order: a group of any size.
static void writeEntry(DlcStr *s, const char *sequence, intptr_t numTargets, intptr_t merged,
                       intptr_t numParams, const int64_t *params) {
  DlcStr types = DLC_STR_INIT, args = DLC_STR_INIT, decl = DLC_STR_INIT;
  intptr_t numArgs = merged < numTargets ? merged + 1 : numTargets;
  for (intptr_t i = 0; i < numArgs; ++i) {
    dlcStrPrintf(&types, "%s!transform.any_op", i ? ", " : "");
    dlcStrPrintf(&args, "%s%%t%ld", i ? ", " : "", (long)i);
    // A group's members are fused under failures(suppress), in a nested
    // sequence that the named sequence's verifier does not see consume them.
    dlcStrPrintf(&decl, "%s%%t%ld: !transform.any_op {transform.%s}", i ? ", " : "", (long)i,
                 i == merged ? "readonly" : "consumed");
  }
  for (intptr_t i = 0; i < numParams; ++i) {
    dlcStrPuts(&types, ", !transform.param<i64>");
    dlcStrPrintf(&args, ", %%p%ld", (long)i);
    dlcStrPrintf(&decl, ", %%p%ld: !transform.param<i64> {transform.readonly}", (long)i);
  }
  dlcStrPrintf(s,
               "module attributes {transform.with_named_sequence} {\n"
               "  transform.named_sequence private @%s(%s)\n"
               "  transform.named_sequence @__dlc_entry(%%root: !transform.any_op "
               "{transform.readonly}) {\n",
               sequence, dlcStrGet(&decl));
  for (intptr_t i = 0; i < numTargets; ++i)
    dlcStrPrintf(s,
                 "    %%%s%ld = transform.structured.match attributes {%s = %ld : i64} in %%root : "
                 "(!transform.any_op) -> !transform.any_op\n",
                 i < merged ? "t" : "m", (long)i, targetAttr, (long)i);
  if (merged < numTargets) {
    dlcStrPrintf(s, "    %%t%ld = transform.merge_handles ", (long)merged);
    for (intptr_t i = merged; i < numTargets; ++i)
      dlcStrPrintf(s, "%s%%m%ld", i > merged ? ", " : "", (long)i);
    dlcStrPuts(s, " : !transform.any_op\n");
  }
  for (intptr_t i = 0; i < numParams; ++i)
    dlcStrPrintf(s, "    %%p%ld = transform.param.constant %lld : i64 -> !transform.param<i64>\n",
                 (long)i, (long long)params[i]);
  dlcStrPrintf(s,
               "    transform.include @%s failures(propagate) (%s) : (%s) -> ()\n"
               "    transform.yield\n  }\n}\n",
               sequence, dlcStrGet(&args), dlcStrGet(&types));
  dlcStrFree(&types);
  dlcStrFree(&args);
  dlcStrFree(&decl);
}

static MlirOperation enclosingFunction(MlirOperation op) {
  MlirOperation parent = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(parent) &&
         !mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(parent)), ref("func.func")))
    parent = mlirOperationGetParentOperation(parent);
  return parent;
}

static MlirWalkResult dropTargetAttr(MlirOperation op, void *userData) {
  (void)userData;
  mlirOperationRemoveAttributeByName(op, ref(targetAttr));
  return MlirWalkResultAdvance;
}

// Applies `sequence` to `targets` with `function` as the payload; targets
// from `merged` on are passed as one handle (writeEntry).
static MlirLogicalResult applyTo(MlirModule library, MlirOperation function,
                                 intptr_t numTargets, const MlirOperation *targets,
                                 intptr_t merged, const char *sequence, intptr_t numParams,
                                 const int64_t *params) {
  MlirOperation target = targets[0];
  MlirContext ctx = mlirOperationGetContext(target);
  DlcStr text = DLC_STR_INIT;
  writeEntry(&text, sequence, numTargets, merged, numParams, params);
  MlirModule entry = mlirModuleCreateParse(ctx, mlirStringRefCreate(dlcStrGet(&text), text.len));
  dlcStrFree(&text);
  if (mlirModuleIsNull(entry) || mlirOperationIsNull(function)) {
    dlcEmitOpError(target, "cannot build the entry of schedule @%s", sequence);
    if (!mlirModuleIsNull(entry))
      mlirModuleDestroy(entry);
    return mlirLogicalResultFailure();
  }
  MlirOperation entryOp = mlirModuleGetOperation(entry);
  MlirLogicalResult result = mlirMergeSymbolsIntoFromClone(entryOp, mlirModuleGetOperation(library));
  if (mlirLogicalResultIsSuccess(result)) {
    MlirSymbolTable symbols = mlirSymbolTableCreate(entryOp);
    MlirOperation main = mlirSymbolTableLookup(symbols, ref("__dlc_entry"));
    mlirSymbolTableDestroy(symbols);
    for (intptr_t i = 0; i < numTargets; ++i)
      mlirOperationSetAttributeByName(targets[i], ref(targetAttr),
                                      mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), i));
    MlirTransformOptions options = mlirTransformOptionsCreate();
    result = mlirTransformApplyNamedSequence(function, main, entryOp, options);
    mlirTransformOptionsDestroy(options);
    // Tiling copies the mark onto the ops it makes; no later target may see it.
    mlirOperationWalk(function, dropTargetAttr, NULL, MlirWalkPreOrder);
  }
  mlirModuleDestroy(entry);
  return result;
}

// The targets in a function of their own for the time of the schedule
// (Isolate.c): what it does to "the function" then costs what the targets
// cost, not what the whole model does.
static MlirLogicalResult apply(DlcScheduleLibrary library, intptr_t numTargets,
                               const MlirOperation *targets, intptr_t merged,
                               const char *sequence, intptr_t numParams, const int64_t *params) {
  MlirOperation target = targets[0];
  MlirModule closure = closureOf(library.impl, sequence);
  if (library.impl->broken)
    return mlirLogicalResultFailure();
  if (mlirModuleIsNull(closure)) {
    dlcEmitOpError(target, "has no schedule: the library defines no @%s", sequence);
    return mlirLogicalResultFailure();
  }
  MlirOperation *group = malloc((size_t)numTargets * sizeof *group);
  if (!group)
    abort();
  memcpy(group, targets, (size_t)numTargets * sizeof *group);
  DlcIsolatedGroup isolated;
  bool isolate = dlcIsolateGroup(numTargets, group, &isolated);
  MlirLogicalResult result =
      applyTo(closure, isolate ? isolated.function : enclosingFunction(target), numTargets,
              isolate ? group : targets, merged, sequence, numParams, params);
  if (isolate)
    dlcRestoreGroup(&isolated);
  free(group);
  return result;
}

MlirLogicalResult dlcApplySchedule(DlcScheduleLibrary library, intptr_t numTargets,
                                   const MlirOperation *targets, const char *sequence,
                                   intptr_t numParams, const int64_t *params) {
  return apply(library, numTargets, targets, numTargets, sequence, numParams, params);
}

MlirLogicalResult dlcApplyGroupSchedule(DlcScheduleLibrary library, MlirOperation root,
                                        intptr_t numMembers, const MlirOperation *members,
                                        const char *sequence, intptr_t numParams,
                                        const int64_t *params) {
  MlirOperation *targets = malloc((size_t)(numMembers + 1) * sizeof *targets);
  if (!targets)
    abort();
  targets[0] = root;
  memcpy(targets + 1, members, (size_t)numMembers * sizeof *targets);
  MlirLogicalResult result = apply(library, numMembers + 1, targets, 1, sequence, numParams, params);
  free(targets);
  return result;
}
