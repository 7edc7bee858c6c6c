//===- CacheArenas.c - The dlc-cache-arenas pass ----------------*- C -*-===//
//
// dlc-plan-memory gives each function one arena for its intermediates,
// allocated when the function starts and freed when it returns. glibc
// serves a block of more than 32 MiB (its largest mmap threshold) with a
// fresh mmap and unmaps it on free, so such an arena page-faulted in, zeroed
// by the kernel, on every call: Swin-T's 45 MiB, 11,000 faults a run, a
// tenth of its time, charged to whichever op touched each page first (a
// concatenation of 1.2 MB at 2 GB/s). onnxruntime and IREE keep their
// arenas between runs; so does DLC now.
//
// Each static arena becomes a slot, a pointer global of its own: a call
// takes the cached block out of the slot (an atomic exchange with null)
// or allocates one when the slot is empty, and puts it back when it
// returns (a compare-and-exchange with null), freeing it when another
// call has put one back first. Calls on several threads at once each get a
// block of their own; one block per arena stays cached while the code is
// loaded, freed by a global destructor when it is unloaded (dlclose, the
// JIT's engine destroyed). Arenas of run-time size are left as they are.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static const char descriptorType[] =
    "!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>";

// The slot's global and the functions that take a block out of it and put
// it back, for an arena of `bytes` bytes aligned to `alignment`.
static const char slotTemplate[] =
    "llvm.mlir.global internal @__dlc_arena_%d() {addr_space = 0 : i32} : !llvm.ptr {\n"
    "  %%0 = llvm.mlir.zero : !llvm.ptr\n"
    "  llvm.return %%0 : !llvm.ptr\n"
    "}\n";
static const char acquireTemplate[] =
    "llvm.func internal @__dlc_arena_acquire_%d() -> !llvm.ptr {\n"
    "  %%slot = llvm.mlir.addressof @__dlc_arena_%d : !llvm.ptr\n"
    "  %%null = llvm.mlir.zero : !llvm.ptr\n"
    "  %%cached = llvm.atomicrmw xchg %%slot, %%null acq_rel : !llvm.ptr, !llvm.ptr\n"
    "  %%empty = llvm.icmp \"eq\" %%cached, %%null : !llvm.ptr\n"
    "  llvm.cond_br %%empty, ^allocate, ^done(%%cached : !llvm.ptr)\n"
    "^allocate:\n"
    "  %%alignment = llvm.mlir.constant(%lld : i64) : i64\n"
    "  %%bytes = llvm.mlir.constant(%lld : i64) : i64\n"
    "  %%block = llvm.call @aligned_alloc(%%alignment, %%bytes) : (i64, i64) -> !llvm.ptr\n"
    "  llvm.br ^done(%%block : !llvm.ptr)\n"
    "^done(%%result: !llvm.ptr):\n"
    "  llvm.return %%result : !llvm.ptr\n"
    "}\n";
static const char releaseTemplate[] =
    "llvm.func internal @__dlc_arena_release_%d(%%block: !llvm.ptr) {\n"
    "  %%slot = llvm.mlir.addressof @__dlc_arena_%d : !llvm.ptr\n"
    "  %%null = llvm.mlir.zero : !llvm.ptr\n"
    "  %%pair = llvm.cmpxchg %%slot, %%null, %%block acq_rel monotonic : !llvm.ptr, !llvm.ptr\n"
    "  %%kept = llvm.extractvalue %%pair[1] : !llvm.struct<(ptr, i1)>\n"
    "  llvm.cond_br %%kept, ^done, ^free\n"
    "^free:\n"
    "  llvm.call @free(%%block) : (!llvm.ptr) -> ()\n"
    "  llvm.br ^done\n"
    "^done:\n"
    "  llvm.return\n"
    "}\n";

// The size of the arena `alloc` (memref<N x i8>).
static int64_t arenaBytes(MlirOperation alloc) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetResult(alloc, 0)), 0);
}

static MlirValue i64Constant(DlcBuilder *b, int64_t v) {
  MlirNamedAttribute value = dlcNamed(b->ctx, "value", dlcI64Attr(b->ctx, v));
  return dlcBuild1(b, "llvm.mlir.constant", 0, NULL, mlirIntegerTypeGet(b->ctx, 64), 1, &value);
}

static MlirValue insertValue(DlcBuilder *b, MlirValue into, MlirValue v, intptr_t n,
                             const int64_t *position) {
  MlirValue operands[2] = {into, v};
  MlirNamedAttribute at = dlcNamed(b->ctx, "position", mlirDenseI64ArrayGet(b->ctx, n, position));
  return dlcBuild1(b, "llvm.insertvalue", 2, operands, mlirValueGetType(into), 1, &at);
}

static MlirValue callSlot(DlcBuilder *b, const char *what, int slot, MlirValue arg) {
  char callee[64];
  snprintf(callee, sizeof callee, "__dlc_arena_%s_%d", what, slot);
  bool acquire = mlirValueIsNull(arg);
  int32_t segments[2] = {acquire ? 0 : 1, 0};
  MlirNamedAttribute attrs[3] = {
      dlcNamed(b->ctx, "callee", dlcSymbolAttr(b->ctx, callee)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, segments)),
      dlcNamed(b->ctx, "op_bundle_sizes", mlirDenseI32ArrayGet(b->ctx, 0, NULL))};
  MlirType ptr = mlirTypeParseGet(b->ctx, ref("!llvm.ptr"));
  MlirOperation call =
      dlcBuildOp(b, "llvm.call", acquire ? 0 : 1, &arg, acquire ? 1 : 0, &ptr, 3, attrs, 0, NULL);
  return acquire ? mlirOperationGetResult(call, 0) : (MlirValue){NULL};
}

// The arena `alloc` (memref<bytes x i8>) taken from slot `slot`: a memref
// descriptor of the block, cast to the memref type; its deallocs put the
// block back.
static void rewriteArena(MlirOperation alloc, int slot) {
  MlirContext ctx = mlirOperationGetContext(alloc);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(alloc);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(alloc));
  MlirValue block = callSlot(&b, "acquire", slot, (MlirValue){NULL});
  MlirType descType = mlirTypeParseGet(ctx, ref(descriptorType));
  MlirValue desc = dlcBuild1(&b, "llvm.mlir.poison", 0, NULL, descType, 0, NULL);
  int64_t at[2] = {0, 0};
  desc = insertValue(&b, desc, block, 1, at);
  at[0] = 1;
  desc = insertValue(&b, desc, block, 1, at);
  at[0] = 2;
  desc = insertValue(&b, desc, i64Constant(&b, 0), 1, at);
  at[0] = 3;
  desc = insertValue(&b, desc, i64Constant(&b, arenaBytes(alloc)), 2, at);
  at[0] = 4;
  desc = insertValue(&b, desc, i64Constant(&b, 1), 2, at);
  MlirValue arena = mlirOperationGetResult(alloc, 0);
  MlirValue cast = dlcBuild1(&b, "builtin.unrealized_conversion_cast", 1, &desc,
                             mlirValueGetType(arena), 0, NULL);
  mlirIRRewriterDestroy(rewriter);
  // The deallocs first: they are uses of the alloc.
  for (MlirOpOperand use = mlirValueGetFirstUse(arena); !mlirOpOperandIsNull(use);) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    use = mlirOpOperandGetNextUse(use);
    if (!dlcIsOp(user, "memref.dealloc"))
      continue;
    MlirRewriterBase r = mlirIRRewriterCreateFromOp(user);
    DlcBuilder at = dlcBuilderAtRewriter(r, mlirOperationGetLocation(user));
    callSlot(&at, "release", slot, block);
    mlirIRRewriterDestroy(r);
    mlirOperationDestroy(user);
  }
  mlirValueReplaceAllUsesOfWith(arena, cast);
  mlirOperationDestroy(alloc);
}

// dlc-plan-memory's static arenas: memref<N x i8> allocs it marked.
static MlirWalkResult collectArenas(MlirOperation op, void *userData) {
  if (!dlcIsOp(op, "memref.alloc") ||
      mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("dlc.arena"))))
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirShapedTypeHasStaticShape(type) && mlirShapedTypeGetRank(type) == 1)
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// Parses `text`, a module of the slots' globals and functions, and moves
// its ops into `module`, but for declarations `module` has already.
static bool appendParsed(MlirBlock module, MlirContext ctx, const char *text) {
  MlirModule parsed = mlirModuleCreateParse(ctx, ref(text));
  if (mlirModuleIsNull(parsed))
    return false;
  MlirBlock body = mlirModuleGetBody(parsed);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    MlirAttribute sym = mlirOperationGetAttributeByName(op, ref("sym_name"));
    if (mlirAttributeIsNull(sym) ||
        mlirOperationIsNull(dlcLookupSymbolInBlock(module, mlirStringAttrGetValue(sym)))) {
      mlirOperationRemoveFromParent(op);
      mlirBlockAppendOwnedOperation(module, op);
    }
    op = next;
  }
  mlirModuleDestroy(parsed);
  return true;
}

void dlcRunCacheArenas(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirBlock module = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  DlcOpList arenas = {0};
  mlirOperationWalk(op, collectArenas, &arenas, MlirWalkPreOrder);
  // A module with global destructors of its own keeps its arenas as they
  // were: it may have one llvm.mlir.global_dtors only.
  bool ok = mlirOperationIsNull(dlcLookupSymbolInBlock(module, ref("__dlc_arenas_free")));
  for (MlirOperation o = mlirBlockGetFirstOperation(module); ok && !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    ok = !dlcIsOp(o, "llvm.mlir.global_dtors");
  if (!ok || arenas.count == 0) {
    dlcOpListFree(&arenas);
    return;
  }
  DlcStr text = DLC_STR_INIT, freeAll = DLC_STR_INIT;
  dlcStrPuts(&text, "llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr\n"
                    "llvm.func @free(!llvm.ptr)\n");
  dlcStrPuts(&freeAll, "llvm.func internal @__dlc_arenas_free() {\n"
                       "  %null = llvm.mlir.zero : !llvm.ptr\n");
  for (size_t i = 0; i < arenas.count; ++i) {
    MlirOperation alloc = arenas.items[i];
    int slot = (int)i;
    MlirAttribute align = mlirOperationGetAttributeByName(alloc, ref("alignment"));
    long long alignment = mlirAttributeIsNull(align) ? 64 : mlirIntegerAttrGetValueInt(align);
    // aligned_alloc wants a multiple of the alignment.
    long long rounded = (arenaBytes(alloc) + alignment - 1) / alignment * alignment;
    dlcStrPrintf(&text, slotTemplate, slot);
    dlcStrPrintf(&text, acquireTemplate, slot, slot, alignment, rounded);
    dlcStrPrintf(&text, releaseTemplate, slot, slot);
    dlcStrPrintf(&freeAll,
                 "  %%slot%d = llvm.mlir.addressof @__dlc_arena_%d : !llvm.ptr\n"
                 "  %%block%d = llvm.atomicrmw xchg %%slot%d, %%null acq_rel : !llvm.ptr, "
                 "!llvm.ptr\n"
                 "  llvm.call @free(%%block%d) : (!llvm.ptr) -> ()\n",
                 slot, slot, slot, slot, slot);
  }
  dlcStrPuts(&freeAll, "  llvm.return\n}\n");
  dlcStrPuts(&text, dlcStrGet(&freeAll));
  dlcStrPuts(&text, "llvm.mlir.global_dtors dtors = [@__dlc_arenas_free], "
                    "priorities = [65535 : i32], data = [#llvm.zero]\n");
  if (appendParsed(module, ctx, dlcStrGet(&text))) {
    for (size_t i = 0; i < arenas.count; ++i)
      rewriteArena(arenas.items[i], (int)i);
  } else {
    dlcPassRunSignalFailure(run);
  }
  dlcStrFree(&text);
  dlcStrFree(&freeAll);
  dlcOpListFree(&arenas);
}
