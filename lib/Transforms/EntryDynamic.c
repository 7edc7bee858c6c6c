//===- EntryDynamic.c - The entry ABI of dynamic shapes ---------*- C -*-===//
//
// Part of dlc-entry-abi: an entry whose buffers have `?` dims. A bare
// pointer carries no sizes, so such an entry takes, after each input with a
// `?`, its shape (`const int64_t *inN_shape`), and returns each output with
// a `?` in a buffer its code allocates (`T **outN`, `int64_t *outN_shape`),
// which the caller frees with the exported `<entry>_free`. Inputs and
// outputs with static shapes stay bare pointers. The sizes given are
// checked first (DlcStatusShapeMismatch): each against a static dim, and
// dims of one ONNX dim_param name (`onnx.dim_params`) against each other.
//
// At the memref level: an input becomes memref<0xT> (its data pointer),
// reinterpreted at entry with the sizes read from its shape argument
// (memref<Rxi64>); an output's out-parameter, which bufferization fills
// with one memref.copy at the end, becomes memref<1xi64> (where the
// pointer goes) and the copy goes to a buffer allocated without alignment
// (so that the pointer handed out is the one malloc returned).
//
//===----------------------------------------------------------------------===//

#include "Transforms/EntryDynamic.h"

#include "Support/Builder.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/Str.h"
#include "dlc-c/Tensor.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

typedef struct Builder {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before; // insert before it; null: at the block's end
} Builder;

static MlirValue emit(Builder *b, const char *name, intptr_t numOperands, const MlirValue *operands,
                      MlirType resultType, intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  MlirOperationState state = mlirOperationStateGet(ref(name), b->loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  if (!mlirTypeIsNull(resultType))
    mlirOperationStateAddResults(&state, 1, &resultType);
  mlirOperationStateAddAttributes(&state, numAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&state);
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
  return mlirTypeIsNull(resultType) ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}

static MlirValue constant(Builder *b, MlirType type, int64_t value) {
  MlirNamedAttribute attr = dlcNamed(b->ctx, "value", mlirIntegerAttrGet(type, value));
  return emit(b, "arith.constant", 0, NULL, type, 1, &attr);
}

static MlirValue index(Builder *b, int64_t value) {
  return constant(b, mlirIndexTypeGet(b->ctx), value);
}

static MlirValue binary(Builder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue xy[2] = {x, y};
  return emit(b, name, 2, xy, mlirValueGetType(x), 0, NULL);
}

// arith.cmpi with `predicate` (0 eq, 5 sge).
static MlirValue compare(Builder *b, int64_t predicate, MlirValue x, MlirValue y) {
  MlirValue xy[2] = {x, y};
  MlirNamedAttribute p =
      dlcNamed(b->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), predicate));
  return emit(b, "arith.cmpi", 2, xy, mlirIntegerTypeGet(b->ctx, 1), 1, &p);
}

static MlirValue cast(Builder *b, MlirValue v, MlirType to) {
  return emit(b, "arith.index_cast", 1, &v, to, 0, NULL);
}

static MlirValue load(Builder *b, MlirValue memref, int64_t i) {
  MlirValue operands[2] = {memref, index(b, i)};
  return emit(b, "memref.load", 2, operands, mlirShapedTypeGetElementType(mlirValueGetType(memref)),
              0, NULL);
}

static void store(Builder *b, MlirValue value, MlirValue memref, int64_t i) {
  MlirValue operands[3] = {value, memref, index(b, i)};
  emit(b, "memref.store", 3, operands, (MlirType){NULL}, 0, NULL);
}

bool dlcEntryTypeIsDynamic(MlirType fnType) {
  for (intptr_t i = 0, n = mlirFunctionTypeGetNumInputs(fnType); i < n; ++i) {
    MlirType t = mlirFunctionTypeGetInput(fnType, i);
    if (mlirTypeIsAMemRef(t) && !mlirShapedTypeHasStaticShape(t))
      return true;
  }
  return false;
}

// The sizes seen for each ONNX dim_param name: a later dim of the same
// name must be the same size.
typedef struct Symbols {
  MlirStringRef names[64];
  MlirValue sizes[64];
  int count;
} Symbols;

// Reads input `arg`'s sizes from `shape` (memref<Rxi64>), ands their checks
// into *ok, and reinterprets `data` (memref<0xT>) as the old type `type`.
// `params` (`onnx.dim_params`, or null) names dims that `symbols` relates.
static MlirValue reinterpretInput(Builder *b, MlirValue data, MlirValue shape, MlirType type,
                                  MlirAttribute params, Symbols *symbols, MlirValue *ok) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64), indexType = mlirIndexTypeGet(b->ctx);
  MlirValue sizes[DLC_TENSOR_MAX_RANK], dynSizes[DLC_TENSOR_MAX_RANK], dynStrides[DLC_TENSOR_MAX_RANK];
  int64_t staticSizes[DLC_TENSOR_MAX_RANK], staticStrides[DLC_TENSOR_MAX_RANK];
  intptr_t numDynSizes = 0, numDynStrides = 0;
  for (intptr_t d = 0; d < rank; ++d) {
    MlirValue size = load(b, shape, d);
    bool isStatic = !mlirShapedTypeIsDynamicDim(type, d);
    int64_t want = isStatic ? mlirShapedTypeGetDimSize(type, d) : 0;
    MlirValue fits = isStatic ? compare(b, 0, size, constant(b, i64, want))
                              : compare(b, 5, size, constant(b, i64, 0));
    *ok = binary(b, "arith.andi", *ok, fits);
    MlirAttribute param = !mlirAttributeIsNull(params) && mlirAttributeIsAArray(params) &&
                                  d < mlirArrayAttrGetNumElements(params)
                              ? mlirArrayAttrGetElement(params, d)
                              : mlirAttributeGetNull();
    MlirStringRef symbol = !mlirAttributeIsNull(param) && mlirAttributeIsAString(param)
                               ? mlirStringAttrGetValue(param)
                               : (MlirStringRef){NULL, 0};
    if (!isStatic && symbol.length) {
      int k = 0;
      while (k < symbols->count && !mlirStringRefEqual(symbols->names[k], symbol))
        ++k;
      if (k < symbols->count) {
        *ok = binary(b, "arith.andi", *ok, compare(b, 0, size, symbols->sizes[k]));
      } else if (symbols->count < 64) {
        symbols->names[symbols->count] = symbol;
        symbols->sizes[symbols->count++] = size;
      }
    }
    sizes[d] = isStatic ? index(b, want) : cast(b, size, indexType);
    staticSizes[d] = isStatic ? want : mlirShapedTypeGetDynamicSize();
    if (!isStatic)
      dynSizes[numDynSizes++] = sizes[d];
  }
  // Row-major strides; static where every later dim is.
  bool staticSoFar = true;
  int64_t product = 1;
  MlirValue stride = (MlirValue){NULL};
  for (intptr_t d = rank; d-- > 0;) {
    if (staticSoFar) {
      staticStrides[d] = product;
    } else {
      staticStrides[d] = mlirShapedTypeGetDynamicStrideOrOffset();
      dynStrides[d] = stride;
    }
    // The stride of dim d - 1.
    if (staticSoFar && !mlirShapedTypeIsDynamicDim(type, d)) {
      product *= mlirShapedTypeGetDimSize(type, d);
    } else {
      MlirValue current = staticSoFar ? index(b, product) : stride;
      stride = binary(b, "arith.muli", current, sizes[d]);
      staticSoFar = false;
    }
  }
  MlirValue operands[1 + 2 * DLC_TENSOR_MAX_RANK];
  intptr_t numOperands = 0;
  operands[numOperands++] = data;
  for (intptr_t k = 0; k < numDynSizes; ++k)
    operands[numOperands++] = dynSizes[k];
  for (intptr_t d = 0; d < rank; ++d)
    if (staticStrides[d] == mlirShapedTypeGetDynamicStrideOrOffset())
      operands[numOperands++] = dynStrides[d], ++numDynStrides;
  int64_t zero = 0;
  int32_t segments[] = {1, 0, (int32_t)numDynSizes, (int32_t)numDynStrides};
  MlirNamedAttribute attrs[] = {
      dlcNamed(b->ctx, "static_offsets", mlirDenseI64ArrayGet(b->ctx, 1, &zero)),
      dlcNamed(b->ctx, "static_sizes", mlirDenseI64ArrayGet(b->ctx, rank, staticSizes)),
      dlcNamed(b->ctx, "static_strides", mlirDenseI64ArrayGet(b->ctx, rank, staticStrides)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments)),
  };
  return emit(b, "memref.reinterpret_cast", numOperands, operands, type, 4, attrs);
}

// Replaces `memref.copy %src, %out` by a copy into a buffer allocated here,
// whose pointer goes to `slot` and sizes to `shape`.
static void returnOutput(MlirContext ctx, MlirOperation copy, MlirValue slot, MlirValue shape) {
  Builder b = {ctx, mlirOperationGetLocation(copy), mlirOperationGetBlock(copy), copy};
  MlirValue src = mlirOperationGetOperand(copy, 0);
  MlirType type = mlirValueGetType(src);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64), indexType = mlirIndexTypeGet(ctx);
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirValue sizes[DLC_TENSOR_MAX_RANK], dynSizes[DLC_TENSOR_MAX_RANK];
  intptr_t numDyn = 0;
  for (intptr_t d = 0; d < rank; ++d) {
    if (mlirShapedTypeIsDynamicDim(type, d)) {
      MlirValue operands[2] = {src, index(&b, d)};
      sizes[d] = emit(&b, "memref.dim", 2, operands, indexType, 0, NULL);
      dynSizes[numDyn++] = sizes[d];
    } else {
      sizes[d] = index(&b, mlirShapedTypeGetDimSize(type, d));
    }
  }
  // Identity layout, no alignment: the pointer handed out is malloc's.
  int64_t dims[DLC_TENSOR_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    dims[d] = mlirShapedTypeGetDimSize(type, d);
  MlirType outType = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), rank, dims,
                                                 mlirMemRefTypeGetMemorySpace(type));
  int32_t segments[] = {(int32_t)numDyn, 0};
  MlirNamedAttribute segAttr = dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, segments));
  MlirValue out = emit(&b, "memref.alloc", numDyn, dynSizes, outType, 1, &segAttr);
  mlirOperationSetOperand(copy, 1, out);
  b.before = mlirOperationGetNextInBlock(copy);
  MlirValue pointer = emit(&b, "memref.extract_aligned_pointer_as_index", 1, &out, indexType, 0, NULL);
  store(&b, cast(&b, pointer, i64), slot, 0);
  for (intptr_t d = 0; d < rank; ++d)
    store(&b, cast(&b, sizes[d], i64), shape, d);
}

// The single memref.copy into `out`, or null.
static MlirOperation copyInto(MlirValue out) {
  MlirOpOperand use = mlirValueGetFirstUse(out);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  MlirOperation owner = mlirOpOperandGetOwner(use);
  if (!dlcIsOp(owner, "memref.copy") || mlirOpOperandGetOperandNumber(use) != 1)
    return (MlirOperation){NULL};
  return owner;
}

static MlirType i64Array(MlirContext ctx, int64_t n) {
  return mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 64), 1, &n, mlirAttributeGetNull());
}

bool dlcEntryMakeDynamicABI(MlirOperation func, intptr_t numInputs, MlirValue *shapesFit,
                            MlirOperation *checked) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirType fnType = dlcFuncGetType(func);
  intptr_t numArgs = mlirFunctionTypeGetNumInputs(fnType);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirStringRef name = mlirStringAttrGetValue(mlirOperationGetAttributeByName(func, ref("sym_name")));
  // Check every argument before changing any.
  for (intptr_t i = 0; i < numArgs; ++i) {
    MlirType t = mlirFunctionTypeGetInput(fnType, i);
    if (mlirShapedTypeHasStaticShape(t))
      continue;
    MlirAttribute layout = mlirMemRefTypeGetLayout(t);
    bool rowMajor = mlirAttributeIsAAffineMap(layout) &&
                    mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(layout));
    bool copied = i < numInputs || !mlirOperationIsNull(copyInto(mlirBlockGetArgument(block, i)));
    if (rowMajor && copied && mlirShapedTypeGetRank(t) <= DLC_TENSOR_MAX_RANK)
      continue;
    DlcStr type = DLC_STR_INIT;
    dlcStrAppendType(&type, t);
    dlcEmitOpError(func, "@%.*s: %s %ld has type %s; a dynamic entry takes row-major buffers, "
                         "and fills each dynamic output with one copy at its end",
                   (int)name.length, name.data, i < numInputs ? "input" : "output",
                   (long)(i < numInputs ? i : i - numInputs), dlcStrGet(&type));
    dlcStrFree(&type);
    return false;
  }
  Builder b = {ctx, mlirOperationGetLocation(func), block, mlirBlockGetFirstOperation(block)};
  Symbols symbols = {{{NULL, 0}}, {{NULL}}, 0};
  MlirValue ok = constant(&b, mlirIntegerTypeGet(ctx, 1), 1);
  MlirAttribute oldAttrs = mlirOperationGetAttributeByName(func, ref("arg_attrs"));
  MlirAttribute empty = mlirDictionaryAttrGet(ctx, 0, NULL);
  MlirAttribute *attrs = malloc(sizeof(MlirAttribute) * (size_t)(2 * numArgs + 1));
  intptr_t numAttrs = 0;
  MlirType *types = malloc(sizeof(MlirType) * (size_t)(2 * numArgs + 1));
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  for (intptr_t i = 0, pos = 0; i < numArgs; ++i, ++pos) {
    MlirType t = mlirFunctionTypeGetInput(fnType, i);
    attrs[numAttrs++] = mlirAttributeIsNull(oldAttrs) ? empty : mlirArrayAttrGetElement(oldAttrs, i);
    MlirValue arg = mlirBlockGetArgument(block, pos);
    if (mlirShapedTypeHasStaticShape(t)) {
      types[pos] = t;
      continue;
    }
    int64_t rank = mlirShapedTypeGetRank(t);
    MlirLocation loc = mlirValueGetLocation(arg);
    MlirValue shape = mlirBlockInsertArgument(block, pos + 1, i64Array(ctx, rank), loc);
    attrs[numAttrs++] = empty;
    if (i < numInputs) {
      int64_t zero = 0;
      types[pos] = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), 1, &zero,
                                               mlirMemRefTypeGetMemorySpace(t));
      mlirValueSetType(arg, types[pos]);
      MlirAttribute params =
          mlirAttributeIsNull(oldAttrs)
              ? mlirAttributeGetNull()
              : mlirDictionaryAttrGetElementByName(mlirArrayAttrGetElement(oldAttrs, i),
                                                   ref("onnx.dim_params"));
      MlirValue viewed = reinterpretInput(&b, arg, shape, t, params, &symbols, &ok);
      MlirOperation castOp = mlirOpResultGetOwner(viewed);
      mlirValueReplaceAllUsesExcept(arg, viewed, 1, &castOp);
    } else {
      MlirOperation copy = copyInto(arg);
      types[pos] = i64Array(ctx, 1);
      mlirValueSetType(arg, types[pos]);
      // Null until the output is written (a failed run hands out nothing).
      store(&b, constant(&b, i64, 0), arg, 0);
      returnOutput(ctx, copy, arg, shape);
    }
    types[++pos] = i64Array(ctx, rank);
  }
  // The last op of the checks: what follows runs only when they pass.
  ok = binary(&b, "arith.andi", ok, ok);
  intptr_t numNew = mlirBlockGetNumArguments(block);
  mlirOperationSetAttributeByName(
      func, ref("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, numNew, types, 0, NULL)));
  mlirOperationSetAttributeByName(func, ref("arg_attrs"), mlirArrayAttrGet(ctx, numAttrs, attrs));
  free(types);
  free(attrs);
  *shapesFit = ok;
  *checked = mlirOpResultGetOwner(ok);
  return true;
}

void dlcModuleAddFreeFunction(MlirOperation module, MlirStringRef entry) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  DlcStr name = DLC_STR_INIT;
  dlcStrPrintf(&name, "%.*s_free", (int)entry.length, entry.data);
  int64_t zero = 0;
  MlirType bytes = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 8), 1, &zero,
                                               mlirAttributeGetNull());
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(1, &bytes, &loc);
  mlirRegionAppendOwnedBlock(region, body);
  Builder b = {ctx, loc, body, {NULL}};
  MlirValue buffer = mlirBlockGetArgument(body, 0);
  emit(&b, "memref.dealloc", 1, &buffer, (MlirType){NULL}, 0, NULL);
  emit(&b, "func.return", 0, NULL, (MlirType){NULL}, 0, NULL);
  MlirNamedAttribute attrs[] = {
      dlcNamed(ctx, "sym_name", mlirStringAttrGet(ctx, ref(dlcStrGet(&name)))),
      dlcNamed(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 1, &bytes, 0, NULL))),
      dlcNamed(ctx, "dlc.frees", mlirStringAttrGet(ctx, entry)),
  };
  MlirOperationState state = mlirOperationStateGet(ref("func.func"), loc);
  mlirOperationStateAddAttributes(&state, 3, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirBlock moduleBody = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  mlirBlockAppendOwnedOperation(moduleBody, mlirOperationCreate(&state));
  dlcStrFree(&name);
}
