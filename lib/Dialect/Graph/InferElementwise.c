//===- InferElementwise.c - Shape rules of elementwise graph ops -*- C -*-===//

#include "Dialect/Graph/GraphInfer.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }
static MlirLogicalResult ok(void) { return mlirLogicalResultSuccess(); }

// Broadcasts operands [0, n) with numpy rules into `out`, or emits an error
// naming an operand that disagrees with an earlier one.
static bool broadcastAll(DlcInfer *in, int n, DlcShape *out) {
  *out = in->shapes[0];
  for (int i = 1; i < n; ++i) {
    DlcShape next;
    if (dlcBroadcastShapes(out, &in->shapes[i], &next)) {
      *out = next;
      continue;
    }
    // Name the first earlier operand that conflicts on its own.
    int j = 0;
    while (j + 1 < i && dlcBroadcastShapes(&in->shapes[j], &in->shapes[i], &next))
      ++j;
    DlcStr a = DLC_STR_INIT, b = DLC_STR_INIT;
    dlcStrAppendType(&a, in->types[j]);
    dlcStrAppendType(&b, in->types[i]);
    dlcEmitOpError(in->op, "operands '%s' (%s) and '%s' (%s) are not broadcast-compatible",
                   in->def->operands[j].name, dlcStrGet(&a), in->def->operands[i].name,
                   dlcStrGet(&b));
    dlcStrFree(&a);
    dlcStrFree(&b);
    return false;
  }
  return true;
}

static bool sameElt(DlcInfer *in, int a, int b) {
  if (mlirTypeEqual(in->elts[a], in->elts[b]))
    return true;
  DlcStr x = DLC_STR_INIT, y = DLC_STR_INIT;
  dlcStrAppendType(&x, in->elts[a]);
  dlcStrAppendType(&y, in->elts[b]);
  dlcEmitOpError(in->op, "operands '%s' (%s) and '%s' (%s) must have the same element type",
                 in->def->operands[a].name, dlcStrGet(&x), in->def->operands[b].name, dlcStrGet(&y));
  dlcStrFree(&x);
  dlcStrFree(&y);
  return false;
}

MlirLogicalResult dlcGraphInferConstant(DlcInfer *in) {
  MlirAttribute value = dlcOpAttr(in->op, "value");
  MlirType type = mlirAttributeGetType(value);
  if (!mlirTypeIsARankedTensor(type) || !dlcEltIn(dlcElementType(type), DLC_T_STORED)) {
    dlcEmitOpError(in->op, "attribute 'value' must be a ranked tensor of a supported element type");
    return fail();
  }
  in->results[0] = type;
  return ok();
}

MlirLogicalResult dlcGraphInferBroadcast(DlcInfer *in) {
  // pow's exponent may have another element type; the others must agree.
  bool isPow = mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(in->op)),
                                  mlirStringRefCreateFromCString("dlc_graph.pow"));
  if (!isPow && !sameElt(in, 0, 1))
    return fail();
  DlcShape out;
  if (!broadcastAll(in, 2, &out))
    return fail();
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return ok();
}

MlirLogicalResult dlcGraphInferCompare(DlcInfer *in) {
  DlcShape out;
  if (!sameElt(in, 0, 1) || !broadcastAll(in, 2, &out))
    return fail();
  in->results[0] = dlcTensorType(&out, mlirIntegerTypeGet(in->ctx, 1));
  return ok();
}

MlirLogicalResult dlcGraphInferUnary(DlcInfer *in) {
  in->results[0] = in->types[0];
  return ok();
}

MlirLogicalResult dlcGraphInferPredicate(DlcInfer *in) {
  in->results[0] = dlcTensorType(&in->shapes[0], mlirIntegerTypeGet(in->ctx, 1));
  return ok();
}

MlirLogicalResult dlcGraphInferMod(DlcInfer *in) {
  if (dlcIsFloat(in->elts[0]) && !dlcOpBool(in->op, "fmod")) {
    dlcEmitOpError(in->op, "a float remainder needs 'fmod' (C's fmod); Python's %% is for integers");
    return fail();
  }
  return dlcGraphInferBroadcast(in);
}

MlirLogicalResult dlcGraphInferBitShift(DlcInfer *in) {
  MlirStringRef d = dlcOpString(in->op, "direction");
  if (!mlirStringRefEqual(d, mlirStringRefCreateFromCString("LEFT")) &&
      !mlirStringRefEqual(d, mlirStringRefCreateFromCString("RIGHT"))) {
    dlcEmitOpError(in->op, "attribute 'direction' must be \"LEFT\" or \"RIGHT\", but is \"%.*s\"",
                   (int)d.length, d.data);
    return fail();
  }
  return dlcGraphInferBroadcast(in);
}

MlirLogicalResult dlcGraphInferGelu(DlcInfer *in) {
  MlirStringRef mode = dlcOpString(in->op, "approximate");
  if (!mlirStringRefEqual(mode, mlirStringRefCreateFromCString("none")) &&
      !mlirStringRefEqual(mode, mlirStringRefCreateFromCString("tanh"))) {
    dlcEmitOpError(in->op, "attribute 'approximate' must be \"none\" or \"tanh\", but is \"%.*s\"",
                   (int)mode.length, mode.data);
    return fail();
  }
  in->results[0] = in->types[0];
  return ok();
}

MlirLogicalResult dlcGraphInferClip(DlcInfer *in) {
  for (int i = 1; i < 3; ++i) {
    if (!in->types[i].ptr)
      continue;
    // ONNX wants scalars; exporters also write one-element 1-D tensors.
    const DlcShape *s = &in->shapes[i];
    if (s->rank != 0 && !(s->rank == 1 && s->dims[0] == 1)) {
      DlcStr t = DLC_STR_INIT;
      dlcStrAppendType(&t, in->types[i]);
      dlcEmitOpError(in->op, "operand '%s' must be a 0-d tensor (or a 1-element 1-D one), but is %s",
                     in->def->operands[i].name, dlcStrGet(&t));
      dlcStrFree(&t);
      return fail();
    }
    if (!sameElt(in, 0, i))
      return fail();
  }
  in->results[0] = in->types[0];
  return ok();
}

MlirLogicalResult dlcGraphInferCast(DlcInfer *in) {
  MlirType to = mlirTypeAttrGetValue(dlcOpAttr(in->op, "to"));
  if (!dlcEltIn(to, DLC_T_STORED)) {
    DlcStr s = DLC_STR_INIT;
    dlcStrAppendType(&s, to);
    dlcEmitOpError(in->op, "attribute 'to' must be %s, but is %s",
                   dlcEltMaskName(DLC_T_STORED), dlcStrGet(&s));
    dlcStrFree(&s);
    return fail();
  }
  MlirAttribute mode = dlcOpAttr(in->op, "round_mode");
  if (!mlirAttributeIsNull(mode)) {
    MlirStringRef m = mlirStringAttrGetValue(mode);
    if (!mlirStringRefEqual(m, mlirStringRefCreateFromCString("up")) &&
        !mlirStringRefEqual(m, mlirStringRefCreateFromCString("down")) &&
        !mlirStringRefEqual(m, mlirStringRefCreateFromCString("nearest"))) {
      dlcEmitOpError(in->op, "attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", "
                             "but is \"%.*s\"",
                     (int)m.length, m.data);
      return fail();
    }
  }
  in->results[0] = dlcTensorType(&in->shapes[0], to);
  return ok();
}

MlirLogicalResult dlcGraphInferBitcast(DlcInfer *in) {
  MlirLogicalResult cast = dlcGraphInferCast(in);
  if (mlirLogicalResultIsFailure(cast))
    return cast;
  MlirType to = mlirTypeAttrGetValue(dlcOpAttr(in->op, "to"));
  unsigned a = dlcEltWidth(in->elts[0]), b = dlcEltWidth(to);
  if (a == 1) // a bool is one byte
    a = 8;
  if (b == 1)
    b = 8;
  if (a != b) {
    DlcStr x = DLC_STR_INIT, y = DLC_STR_INIT;
    dlcStrAppendType(&x, in->elts[0]);
    dlcStrAppendType(&y, to);
    dlcEmitOpError(in->op, "cannot reinterpret %s as %s: their widths differ", dlcStrGet(&x),
                   dlcStrGet(&y));
    dlcStrFree(&x);
    dlcStrFree(&y);
    return fail();
  }
  return cast;
}

MlirLogicalResult dlcGraphInferDropout(DlcInfer *in) {
  double ratio = dlcOpFloat(in->op, "ratio");
  if (!(ratio >= 0.0 && ratio < 1.0)) {
    dlcEmitOpError(in->op, "attribute 'ratio' must be in [0, 1), but is %g", ratio);
    return fail();
  }
  in->results[0] = in->types[0];
  if (in->hasResult[1])
    in->results[1] = dlcTensorType(&in->shapes[0], mlirIntegerTypeGet(in->ctx, 1));
  return ok();
}

MlirLogicalResult dlcGraphInferWhere(DlcInfer *in) {
  DlcShape out;
  if (!sameElt(in, 1, 2) || !broadcastAll(in, 3, &out))
    return fail();
  in->results[0] = dlcTensorType(&out, in->elts[1]);
  return ok();
}
