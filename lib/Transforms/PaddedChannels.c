//===- PaddedChannels.c - Padded channels carried through ------*- C -*-===//
//
// Part of dlc-fuse-elementwise. dlc-convert-layout pads a convolution's or
// a matrix-vector product's output channels to whole vectors (58 -> 64)
// and a tensor.extract_slice drops the extra ones. What reads the slice
// then reads a strided, narrower tensor:
//
// - The elementwise op after it (bias, activation) could not be computed
//   in the producer's tiles by dlc-codegen: it ran as a loop nest of its
//   own, strided by the padded row and in scalars, since 58 channels fill
//   no vector. It instead computes all the producer's channels (its other
//   operands padded: constants with zeros when compiling, slices of padded
//   values read whole) and the slice moves after it.
// - A depthwise convolution's spatial padding (a tensor.pad) copied the
//   slice into the padded buffer in scalars (58 of 64 channels a row),
//   where the elementwise op before had written into it directly. A
//   depthwise convolution computes each channel from that channel alone,
//   so when its extra channels are dropped too, it reads the whole padded
//   value: the pad grows from it (its own channel padding dropped), and a
//   convolution with fewer channels (72 of MobileNetV3's 80) is widened to
//   them, its weights padded with zeros.
//
// The padded channels' results are dropped, never read: an elementwise
// body must be free of side effects and of ops whose result on some value
// is undefined behaviour (integer division by a padded zero).
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Types.h"
#include "Transforms/FuseElementwise.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Rewrite.h"

#include <string.h>

enum { MAX_OPERANDS = 16 };

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

static MlirAffineMap mapOf(MlirOperation generic, intptr_t operand) {
  return mlirAffineMapAttrGetValue(
      mlirArrayAttrGetElement(attr(generic, "indexing_maps"), operand));
}

// Is `slice` the leading part of its source (offsets 0, strides 1, the
// same rank; a dynamic size is the source's whole dim)? Sets `sliced[i]`
// where dim i is cut.
static bool isLeadingSlice(MlirOperation slice, bool *sliced) {
  if (!dlcIsOp(slice, "tensor.extract_slice"))
    return false;
  MlirAttribute segments = attr(slice, "operandSegmentSizes");
  MlirValue source = mlirOperationGetOperand(slice, 0);
  MlirType from = mlirValueGetType(source);
  MlirType to = mlirValueGetType(mlirOperationGetResult(slice, 0));
  if (!mlirTypeIsARankedTensor(from))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(from);
  if (mlirDenseI32ArrayGetElement(segments, 1) != 0 ||
      mlirDenseI32ArrayGetElement(segments, 3) != 0 || mlirShapedTypeGetRank(to) != rank ||
      rank > DLC_MAX_RANK)
    return false;
  MlirAttribute offsets = attr(slice, "static_offsets"), strides = attr(slice, "static_strides");
  intptr_t dynamicSize = 1; // operand index of the next dynamic size
  for (intptr_t i = 0; i < rank; ++i) {
    if (mlirDenseI64ArrayGetElement(offsets, i) != 0 ||
        mlirDenseI64ArrayGetElement(strides, i) != 1)
      return false;
    int64_t size = mlirShapedTypeGetDimSize(to, i), whole = mlirShapedTypeGetDimSize(from, i);
    if (mlirShapedTypeIsDynamicSize(size)) {
      // Only tensor.dim(source, i): the whole dim.
      MlirOperation dim = dlcDefiningOp(mlirOperationGetOperand(slice, dynamicSize++));
      int64_t index;
      if (!dlcIsOp(dim, "tensor.dim") || !mlirValueEqual(mlirOperationGetOperand(dim, 0), source) ||
          !dlcConstantInt(mlirOperationGetOperand(dim, 1), &index) || index != i)
        return false;
      sliced[i] = false;
      continue;
    }
    if (mlirShapedTypeIsDynamicSize(whole))
      return false;
    sliced[i] = size != whole;
  }
  return true;
}

bool dlcFuseHasTiledEpilogue(MlirOperation op) {
  return dlcIsOp(op, "linalg.conv_2d_nhwc_hwcf") ||
         dlcIsOp(op, "linalg.depthwise_conv_2d_nhwc_hwc") || dlcIsOp(op, "linalg.matmul") ||
         dlcIsOp(op, "linalg.batch_matmul");
}

// May the body compute on any values, its results dropped? Arithmetic and
// math only, no integer division (undefined by zero), no loop indices.
static bool computesAnything(MlirOperation generic) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0));
  static const char *const undefined[] = {"arith.divsi",     "arith.divui",     "arith.remsi",
                                          "arith.remui",     "arith.ceildivsi", "arith.ceildivui",
                                          "arith.floordivsi"};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (dlcIsOp(op, "linalg.yield"))
      continue;
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    bool arith = name.length > 6 && !strncmp(name.data, "arith.", 6);
    bool math = name.length > 5 && !strncmp(name.data, "math.", 5);
    if (!arith && !math)
      return false;
    for (size_t i = 0; i < sizeof undefined / sizeof *undefined; ++i)
      if (dlcIsOp(op, undefined[i]))
        return false;
  }
  return true;
}

// The constant `v` is, through reshapes (an ONNX bias expanded to
// C x 1 x 1), or null.
static MlirOperation constantOf(MlirValue v) {
  MlirOperation def = dlcDefiningOp(v);
  while (dlcIsOp(def, "tensor.expand_shape") || dlcIsOp(def, "tensor.collapse_shape"))
    def = dlcDefiningOp(mlirOperationGetOperand(def, 0));
  return dlcIsOp(def, "arith.constant") ? def : (MlirOperation){NULL};
}

// Operand `v`, read by map `map` in loops whose dims `sliced` are cut from
// `whole`, as the value the widened op reads instead: itself when it reads
// no cut dim, the source of a leading slice cut the same way, or a constant
// padded with zeros (built by `b` when `b` is not null). Null when none.
static MlirValue widened(DlcBuilder *b, MlirValue v, MlirAffineMap map, const bool *sliced,
                         MlirType whole) {
  MlirType type = mlirValueGetType(v);
  int64_t dims[DLC_MAX_RANK];
  intptr_t rank = mlirShapedTypeGetRank(type);
  bool cut = false;
  if (rank > DLC_MAX_RANK)
    return (MlirValue){NULL};
  for (intptr_t j = 0; j < rank; ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, j);
    dims[j] = mlirShapedTypeGetDimSize(type, j);
    if (mlirAffineExprIsADim(e) && sliced[mlirAffineDimExprGetPosition(e)]) {
      dims[j] = mlirShapedTypeGetDimSize(whole, mlirAffineDimExprGetPosition(e));
      cut = true;
    } else if (!mlirAffineExprIsADim(e) && !mlirAffineExprIsAConstant(e)) {
      return (MlirValue){NULL};
    }
  }
  if (!cut)
    return v;
  MlirType wide = mlirRankedTensorTypeGet(rank, dims, mlirShapedTypeGetElementType(type),
                                          mlirAttributeGetNull());
  MlirOperation slice = dlcDefiningOp(v);
  bool cutAlso[DLC_MAX_RANK];
  if (isLeadingSlice(slice, cutAlso) &&
      mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(slice, 0)), wide))
    return mlirOperationGetOperand(slice, 0);
  MlirOperation constant = constantOf(v);
  if (mlirOperationIsNull(constant) || !mlirShapedTypeHasStaticShape(type) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(type)))
    return (MlirValue){NULL};
  MlirAttribute value = attr(constant, "value");
  if (mlirAttributeIsADenseElements(value) && mlirDenseElementsAttrIsSplat(value))
    return b ? dlcConstant(b, mlirDenseElementsAttrSplatGet(
                                  wide, mlirDenseElementsAttrGetSplatValue(value)))
             : v;
  if (!dlcLayoutConstantData(value))
    return (MlirValue){NULL};
  if (!b)
    return v;
  // One dim at a time, the constant read as `type` (a reshape of its
  // bytes).
  for (intptr_t j = 0; j < rank; ++j) {
    if (dims[j] == mlirShapedTypeGetDimSize(type, j))
      continue;
    value = dlcLayoutPaddedConstant(value, type, j, dims[j]);
    if (mlirAttributeIsNull(value))
      return (MlirValue){NULL};
    int64_t grown[DLC_MAX_RANK];
    for (intptr_t i = 0; i < rank; ++i)
      grown[i] = i <= j ? dims[i] : mlirShapedTypeGetDimSize(type, i);
    type = mlirRankedTensorTypeGet(rank, grown, mlirShapedTypeGetElementType(type),
                                   mlirAttributeGetNull());
  }
  return dlcConstant(b, value);
}

// The elementwise op that can widen: the only user of `slice`, the only
// user of its producer, reading it in place as an input.
static MlirOperation widenable(MlirOperation slice, const bool *sliced) {
  MlirValue source = mlirOperationGetOperand(slice, 0);
  MlirValue part = mlirOperationGetResult(slice, 0);
  MlirOperation generic = dlcSoleUser(part);
  if (!dlcFuseHasTiledEpilogue(dlcDefiningOp(source)) || mlirOperationIsNull(dlcSoleUser(source)) ||
      !dlcIsOp(generic, "linalg.generic") || mlirOperationGetNumResults(generic) != 1 ||
      mlirOperationGetNumOperands(generic) > MAX_OPERANDS || !dlcAllLoopsParallel(generic) ||
      !computesAnything(generic))
    return (MlirOperation){NULL};
  intptr_t out = mlirOperationGetNumOperands(generic) - 1;
  MlirValue result = mlirOperationGetResult(generic, 0);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0));
  // The init only gives the shape (its value unread), and the loops are
  // the result's dims.
  if (!mlirAffineMapIsIdentity(mapOf(generic, out)) ||
      !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(body, out))) ||
      mlirShapedTypeGetRank(mlirValueGetType(result)) !=
          mlirShapedTypeGetRank(mlirValueGetType(part)))
    return (MlirOperation){NULL};
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(mlirValueGetType(part)); ++i)
    if (mlirShapedTypeGetDimSize(mlirValueGetType(result), i) !=
        mlirShapedTypeGetDimSize(mlirValueGetType(part), i))
      return (MlirOperation){NULL};
  MlirType whole = mlirValueGetType(source);
  bool readsSlice = false;
  for (intptr_t k = 0; k < out; ++k) {
    MlirValue v = mlirOperationGetOperand(generic, k);
    if (mlirValueEqual(v, part)) {
      if (!dlcMapReadsInPlace(mapOf(generic, k), mlirValueGetType(part)))
        return (MlirOperation){NULL};
      readsSlice = true;
    } else if (mlirValueIsNull(widened(NULL, v, mapOf(generic, k), sliced, whole))) {
      return (MlirOperation){NULL};
    }
  }
  return readsSlice ? generic : (MlirOperation){NULL};
}

// `generic` computes the whole of `slice`'s source; a slice of its result
// replaces it.
static void widen(MlirOperation slice, MlirOperation generic, const bool *sliced) {
  MlirValue source = mlirOperationGetOperand(slice, 0);
  MlirValue part = mlirOperationGetResult(slice, 0);
  MlirType whole = mlirValueGetType(source);
  MlirValue result = mlirOperationGetResult(generic, 0);
  MlirType narrow = mlirValueGetType(result);
  DlcShape shape;
  dlcShapeOf(whole, &shape);
  MlirType wide = dlcTensorType(&shape, mlirShapedTypeGetElementType(narrow));
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(generic);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(generic));
  intptr_t out = mlirOperationGetNumOperands(generic) - 1;
  for (intptr_t k = 0; k < out; ++k) {
    MlirValue v = mlirOperationGetOperand(generic, k);
    mlirOperationSetOperand(
        generic, k,
        mlirValueEqual(v, part) ? source : widened(&b, v, mapOf(generic, k), sliced, whole));
  }
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (intptr_t i = 0; i < shape.rank; ++i)
    if (mlirShapedTypeIsDynamicDim(whole, i))
      dynamic[numDynamic++] = dlcTensorDim(&b, source, i);
  mlirOperationSetOperand(generic, out, dlcEmpty(&b, wide, numDynamic, dynamic));
  mlirValueSetType(result, wide);
  // The same slice, of the widened result (its dynamic sizes are the
  // source's, defined before the generic).
  MlirOperation after = mlirOperationClone(slice);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(generic), generic, after);
  mlirOperationSetOperand(after, 0, result);
  mlirValueSetType(mlirOperationGetResult(after, 0), narrow);
  mlirValueReplaceAllUsesExcept(result, mlirOperationGetResult(after, 0), 1, &after);
  mlirIRRewriterDestroy(rewriter);
  mlirOperationDestroy(slice);
}

size_t dlcFuseWidenEpilogues(MlirOperation root) {
  DlcOpList slices = {0};
  dlcOpListCollect(&slices, root, "tensor.extract_slice");
  size_t count = 0;
  for (size_t i = 0; i < slices.count; ++i) {
    bool sliced[DLC_MAX_RANK];
    if (!isLeadingSlice(slices.items[i], sliced))
      continue;
    MlirOperation generic = widenable(slices.items[i], sliced);
    if (mlirOperationIsNull(generic))
      continue;
    widen(slices.items[i], generic, sliced);
    ++count;
  }
  dlcOpListFree(&slices);
  return count;
}

//===----------------------------------------------------------------------===//
// Depthwise convolutions reading padded channels
//===----------------------------------------------------------------------===//

// Are the channels (the last dim) of `v` from `c` on never read? Each
// user is a leading slice keeping at most `c` of them, or an elementwise
// op reading v in place (its result's channel k computed from v's channel
// k) whose result's are never read either.
static bool channelsDropped(MlirValue v, int64_t c, int depth) {
  intptr_t last = mlirShapedTypeGetRank(mlirValueGetType(v)) - 1;
  if (depth > 4)
    return false;
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    bool sliced[DLC_MAX_RANK];
    if (isLeadingSlice(user, sliced)) {
      if (mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetResult(user, 0)), last) > c)
        return false;
      continue;
    }
    unsigned k = mlirOpOperandGetOperandNumber(use);
    if (!dlcIsOp(user, "linalg.generic") || mlirOperationGetNumResults(user) != 1 ||
        !dlcAllLoopsParallel(user) || k + 1 >= (unsigned)mlirOperationGetNumOperands(user) ||
        !dlcMapReadsInPlace(mapOf(user, k), mlirValueGetType(v)) ||
        !mlirAffineMapIsIdentity(mapOf(user, mlirOperationGetNumOperands(user) - 1)) ||
        !channelsDropped(mlirOperationGetResult(user, 0), c, depth + 1))
      return false;
  }
  return true;
}

static void denseI64(MlirOperation op, const char *name, intptr_t n, int64_t *values) {
  MlirAttribute a = attr(op, name);
  for (intptr_t i = 0; i < n; ++i)
    values[i] = mlirDenseI64ArrayGetElement(a, i);
}

// A depthwise convolution reading `pad`, a static spatial tensor.pad (its
// channels padded after theirs at most) of a slice that drops channels of
// a wider value X, reads a pad of X instead when its own extra channels
// are dropped. Returns whether it rewrote.
static bool widenDepthwiseInput(MlirOperation pad) {
  MlirOperation slice = dlcDefiningOp(mlirOperationGetOperand(pad, 0));
  MlirOperation conv = dlcSoleUser(mlirOperationGetResult(pad, 0));
  bool sliced[DLC_MAX_RANK];
  if (mlirOperationGetNumOperands(pad) != 1 || !isLeadingSlice(slice, sliced) ||
      !dlcIsOp(conv, "linalg.depthwise_conv_2d_nhwc_hwc") ||
      !mlirValueEqual(mlirOperationGetOperand(conv, 0), mlirOperationGetResult(pad, 0)))
    return false;
  MlirValue wide = mlirOperationGetOperand(slice, 0);
  MlirType wideType = mlirValueGetType(wide);
  if (mlirShapedTypeGetRank(wideType) != 4 || sliced[0] || sliced[1] || sliced[2] || !sliced[3])
    return false;
  int64_t low[4], high[4];
  denseI64(pad, "static_low", 4, low);
  denseI64(pad, "static_high", 4, high);
  int64_t kept = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetResult(slice, 0)), 3);
  int64_t all = mlirShapedTypeGetDimSize(wideType, 3);
  int64_t channels = kept + high[3];
  MlirValue result = mlirOperationGetResult(conv, 0);
  if (low[0] != 0 || high[0] != 0 || low[3] != 0 || (channels != kept && channels != all))
    return false;
  if (channels == all) {
    // Its channels from `kept` on, computed from the pad's zeros, must be
    // dropped: they will be computed from X's.
    if (!channelsDropped(result, kept, 0))
      return false;
    // Already as wide (dlc-convert-layout padded it): the pad's channels
    // become X's.
    high[3] = 0;
    mlirOperationSetOperand(pad, 0, wide);
    mlirOperationSetAttributeByName(pad, mlirStringRefCreateFromCString("static_high"),
                                    mlirDenseI64ArrayGet(mlirOperationGetContext(pad), 4, high));
  } else {
    // Widened to X's channels: a pad of X of the wider type, then the
    // convolution, a slice of its result (dropping the extra channels)
    // replacing it.
    MlirOperation widePad = mlirOperationClone(pad);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(pad), pad, widePad);
    mlirOperationSetOperand(widePad, 0, wide);
    DlcShape shape;
    dlcShapeOf(mlirValueGetType(mlirOperationGetResult(pad, 0)), &shape);
    shape.dims[3] = all;
    mlirValueSetType(mlirOperationGetResult(widePad, 0),
                     dlcTensorType(&shape, mlirShapedTypeGetElementType(wideType)));
    if (!dlcLayoutPadOutputChannels(conv, 2, 3, all, mlirOperationGetResult(widePad, 0), NULL)) {
      mlirOperationDestroy(widePad);
      return false;
    }
    mlirOperationDestroy(pad);
  }
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(slice, 0))))
    mlirOperationDestroy(slice);
  return true;
}

size_t dlcFuseWidenDepthwiseInputs(MlirOperation root) {
  DlcOpList pads = {0};
  dlcOpListCollect(&pads, root, "tensor.pad");
  size_t count = 0;
  for (size_t i = 0; i < pads.count; ++i)
    count += widenDepthwiseInput(pads.items[i]);
  dlcOpListFree(&pads);
  return count;
}
