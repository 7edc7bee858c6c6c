//===- InstrumentProfile.c - The dlc-instrument-profile pass ----*- C -*-===//
//
// Runs on loops, last before the entry ABI: an entry's body is then one
// block of top-level loop nests, copies and bookkeeping (allocations,
// views, constants). Before each op that does work and whose location
// names a node that dlc-record-nodes recorded, and that belongs to another
// row than the op before it, the pass inserts `call @dlc_profile_mark(row)`;
// before the return `call @dlc_profile_mark(-1)`. A row is a node and the
// nodes fused into its loop nests (see Rows). The
// runtime's mark reads the clock and charges the time since the last mark
// to the row then running, so rows are timed, never apportioned, and the
// code pays one clock read per row. `dlc.profile` on the entry lists the
// rows for the runtime: their nodes, ops, result type and FLOPs.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static const char markName[] = "dlc_profile_mark";

// Ops that only name or reserve memory take no time worth a row: they stay
// in the row before them.
static bool isBookkeeping(MlirOperation op) {
  static const char *const prefixes[] = {"arith.", "index.", "ub.", "affine.apply", "func.return",
                                         "bufferization."};
  static const char *const memref[] = {
      "memref.alloc",          "memref.alloca",       "memref.dealloc",
      "memref.view",           "memref.subview",      "memref.reinterpret_cast",
      "memref.reshape",        "memref.expand_shape", "memref.collapse_shape",
      "memref.cast",           "memref.get_global",   "memref.extract_strided_metadata",
      "memref.assume_alignment"};
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; ++i)
    if (name.length >= strlen(prefixes[i]) && !strncmp(name.data, prefixes[i], strlen(prefixes[i])))
      return true;
  for (size_t i = 0; i < sizeof memref / sizeof *memref; ++i)
    if (mlirStringRefEqual(name, ref(memref[i])))
      return true;
  return false;
}


static MlirAttribute field(MlirAttribute dict, const char *name) {
  return mlirDictionaryAttrGetElementByName(dict, ref(name));
}

// The entry of dlc.nodes named `name`, or null.
static MlirAttribute lookup(MlirAttribute nodes, MlirStringRef name) {
  for (intptr_t i = 0, n = mlirArrayAttrGetNumElements(nodes); i < n; ++i) {
    MlirAttribute entry = mlirArrayAttrGetElement(nodes, i);
    MlirAttribute entryName = mlirAttributeIsADictionary(entry) ? field(entry, "name")
                                                                : mlirAttributeGetNull();
    if (!mlirAttributeIsNull(entryName) && mlirAttributeIsAString(entryName) &&
        mlirStringRefEqual(mlirStringAttrGetValue(entryName), name))
      return entry;
  }
  return mlirAttributeGetNull();
}

// The recorded nodes a location names, in its order.
typedef struct Key {
  MlirAttribute nodes; // where the names are looked up
  MlirAttribute found[16];
  int count;
} Key;

static void addUnique(Key *key, MlirAttribute entry) {
  if (key->count == (int)(sizeof key->found / sizeof *key->found))
    return;
  for (int i = 0; i < key->count; ++i)
    if (mlirAttributeEqual(key->found[i], entry))
      return;
  key->found[key->count++] = entry;
}

static void addName(MlirStringRef name, void *userData) {
  Key *key = userData;
  MlirAttribute entry = lookup(key->nodes, name);
  if (!mlirAttributeIsNull(entry))
    addUnique(key, entry);
}

// A row is named by its anchor: the first node of its ops' locations (the
// convolution of a conv + epilogue, the producer of a fused chain). The
// other nodes its loops compute join it, unless they anchor a row of their
// own (a layout transpose that belongs to the next convolution).
typedef struct Rows {
  Key *items; // found[0] is the anchor
  intptr_t count, capacity;
} Rows;

static intptr_t rowOf(Rows *rows, const Key *key) {
  for (intptr_t i = 0; i < rows->count; ++i) {
    if (mlirAttributeEqual(rows->items[i].found[0], key->found[0])) {
      for (int j = 1; j < key->count; ++j)
        addUnique(&rows->items[i], key->found[j]);
      return i;
    }
  }
  if (rows->count == rows->capacity) {
    rows->capacity = rows->capacity ? 2 * rows->capacity : 32;
    rows->items = realloc(rows->items, sizeof(Key) * (size_t)rows->capacity);
    if (!rows->items)
      abort();
  }
  rows->items[rows->count] = *key;
  return rows->count++;
}

// Drops from each row the nodes that anchor another.
static void dropOtherAnchors(Rows *rows) {
  for (intptr_t i = 0; i < rows->count; ++i) {
    Key *k = &rows->items[i];
    int kept = 1;
    for (int j = 1; j < k->count; ++j) {
      bool anchor = false;
      for (intptr_t r = 0; r < rows->count && !anchor; ++r)
        anchor = mlirAttributeEqual(rows->items[r].found[0], k->found[j]);
      if (!anchor)
        k->found[kept++] = k->found[j];
    }
    k->count = kept;
  }
}

static void insertMark(MlirOperation before, int64_t row) {
  MlirContext ctx = mlirOperationGetContext(before);
  MlirLocation loc = mlirOperationGetLocation(before);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirOperationState c = mlirOperationStateGet(ref("arith.constant"), loc);
  MlirNamedAttribute value = dlcNamed(ctx, "value", mlirIntegerAttrGet(i64, row));
  mlirOperationStateAddAttributes(&c, 1, &value);
  mlirOperationStateAddResults(&c, 1, &i64);
  MlirOperation constant = mlirOperationCreate(&c);
  MlirBlock block = mlirOperationGetBlock(before);
  mlirBlockInsertOwnedOperationBefore(block, before, constant);
  MlirOperationState call = mlirOperationStateGet(ref("func.call"), loc);
  MlirValue id = mlirOperationGetResult(constant, 0);
  mlirOperationStateAddOperands(&call, 1, &id);
  MlirNamedAttribute callee = dlcNamed(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, ref(markName)));
  mlirOperationStateAddAttributes(&call, 1, &callee);
  mlirBlockInsertOwnedOperationBefore(block, before, mlirOperationCreate(&call));
}

// {nodes = [...], op = "conv+relu", shape = (the last node's), flops = (sum)}
static MlirAttribute describeRow(MlirContext ctx, const Key *key) {
  MlirAttribute names[16];
  DlcStr ops = DLC_STR_INIT;
  double flops = 0;
  for (int i = 0; i < key->count; ++i) {
    names[i] = field(key->found[i], "name");
    MlirAttribute op = field(key->found[i], "op");
    MlirStringRef opName = mlirStringAttrGetValue(op);
    dlcStrPrintf(&ops, "%s%.*s", i ? "+" : "", (int)opName.length, opName.data);
    MlirAttribute f = field(key->found[i], "flops");
    flops += mlirAttributeIsAFloat(f) ? mlirFloatAttrGetValueDouble(f) : 0;
  }
  MlirNamedAttribute fields[4] = {
      dlcNamed(ctx, "nodes", mlirArrayAttrGet(ctx, key->count, names)),
      dlcNamed(ctx, "op", mlirStringAttrGet(ctx, ref(dlcStrGet(&ops)))),
      dlcNamed(ctx, "shape", field(key->found[key->count - 1], "shape")),
      dlcNamed(ctx, "flops", mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), flops)),
  };
  dlcStrFree(&ops);
  return mlirDictionaryAttrGet(ctx, 4, fields);
}

static bool validNodes(MlirAttribute nodes) {
  if (mlirAttributeIsNull(nodes) || !mlirAttributeIsAArray(nodes))
    return false;
  for (intptr_t i = 0, n = mlirArrayAttrGetNumElements(nodes); i < n; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(nodes, i);
    if (!mlirAttributeIsADictionary(e))
      return false;
    MlirAttribute name = field(e, "name"), op = field(e, "op"), shape = field(e, "shape");
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name) || mlirAttributeIsNull(op) ||
        !mlirAttributeIsAString(op) || mlirAttributeIsNull(shape) || !mlirAttributeIsAString(shape))
      return false;
  }
  return true;
}

// Returns whether it inserted marks.
static bool instrument(MlirOperation func) {
  MlirAttribute nodes = mlirOperationGetAttributeByName(func, ref("dlc.nodes"));
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  if (!validNodes(nodes) || !mlirBlockIsNull(mlirBlockGetNextInRegion(block)))
    return false;
  Rows rows = {0};
  intptr_t current = -1;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (isBookkeeping(op))
      continue;
    Key key = {nodes, {{NULL}}, 0};
    dlcLocationForEachNode(mlirOperationGetLocation(op), addName, &key);
    if (!key.count)
      continue;
    intptr_t row = rowOf(&rows, &key);
    if (row != current)
      insertMark(op, row);
    current = row;
  }
  MlirContext ctx = mlirOperationGetContext(func);
  if (rows.count)
    insertMark(mlirBlockGetTerminator(block), -1);
  dropOtherAnchors(&rows);
  MlirAttribute *described = malloc(sizeof(MlirAttribute) * (size_t)(rows.count ? rows.count : 1));
  if (!described)
    abort();
  for (intptr_t i = 0; i < rows.count; ++i)
    described[i] = describeRow(ctx, &rows.items[i]);
  mlirOperationSetAttributeByName(func, ref("dlc.profile"),
                                  mlirArrayAttrGet(ctx, rows.count, described));
  free(described);
  free(rows.items);
  return rows.count > 0;
}

void dlcRunInstrumentProfile(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  MlirBlock module = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirContext ctx = mlirOperationGetContext(op);
  bool marked = false, declared = false;
  for (MlirOperation f = mlirBlockGetFirstOperation(module); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    MlirAttribute name = mlirOperationGetAttributeByName(f, ref("sym_name"));
    declared = declared || (!mlirAttributeIsNull(name) &&
                            mlirStringRefEqual(mlirStringAttrGetValue(name), ref(markName)));
    if (dlcIsPublicFuncDefinition(f))
      marked = instrument(f) || marked;
  }
  if (!marked || declared)
    return;
  MlirOperation decl = mlirOperationCreateParse(
      ctx, ref("func.func private @dlc_profile_mark(i64)"), ref("dlc-instrument-profile"));
  if (mlirOperationIsNull(decl)) {
    dlcPassRunSignalFailure(run);
    return;
  }
  mlirBlockInsertOwnedOperation(module, 0, decl);
}
