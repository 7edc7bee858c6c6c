//===- Types.c - ONNX types as MLIR types -----------------------*- C -*-===//
//
// DLC supports every ONNX data type but STRING, COMPLEX64 and COMPLEX128
// (Support/Types.h; the low-precision ones as storage types). Dims given as dim_param or left out
// become dynamic ('?'); a tensor type without a shape has no rank, which
// DLC cannot represent.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Tensor/TensorIO.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

MlirType dlcOnnxElementType(MlirContext ctx, int32_t dataType) {
  DlcDType dtype;
  if (!dlcDTypeFromOnnx(dataType, &dtype))
    return (MlirType){NULL};
  return dlcDTypeToMlirType(ctx, dtype);
}

const char *dlcOnnxDataTypeName(int32_t dataType) {
  // onnx.proto v1.22.0, TensorProto.DataType.
  static const char *const names[] = {
      "UNDEFINED",      "FLOAT",      "UINT8",          "INT8",         "UINT16",
      "INT16",          "INT32",      "INT64",          "STRING",       "BOOL",
      "FLOAT16",        "DOUBLE",     "UINT32",         "UINT64",       "COMPLEX64",
      "COMPLEX128",     "BFLOAT16",   "FLOAT8E4M3FN",   "FLOAT8E4M3FNUZ", "FLOAT8E5M2",
      "FLOAT8E5M2FNUZ", "UINT4",      "INT4",           "FLOAT4E2M1",   "FLOAT8E8M0",
      "UINT2",          "INT2"};
  if (dataType < 0 || (size_t)dataType >= sizeof names / sizeof *names)
    return "an unknown data type";
  return names[dataType];
}

static const char *valueKind(const Onnx__TypeProto *t) {
  switch (t->value_case) {
  case ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE:
    return "a sequence";
  case ONNX__TYPE_PROTO__VALUE_MAP_TYPE:
    return "a map";
  case ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE:
    return "an optional";
  case ONNX__TYPE_PROTO__VALUE_SPARSE_TENSOR_TYPE:
    return "a sparse tensor";
  default:
    return "not a tensor";
  }
}

MlirType dlcOnnxValueInfoType(MlirContext ctx, const Onnx__ValueInfoProto *vi, DlcStr *why) {
  const Onnx__TypeProto *t = vi->type;
  if (!t) {
    dlcStrPuts(why, "it has no type");
    return (MlirType){NULL};
  }
  if (t->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !t->tensor_type) {
    dlcStrPrintf(why, "its type is %s", valueKind(t));
    return (MlirType){NULL};
  }
  const Onnx__TypeProto__Tensor *tt = t->tensor_type;
  int32_t dataType = tt->has_elem_type ? tt->elem_type : 0;
  MlirType elt = dlcOnnxElementType(ctx, dataType);
  if (mlirTypeIsNull(elt)) {
    dlcStrPrintf(why, "its element type %s is not supported", dlcOnnxDataTypeName(dataType));
    return (MlirType){NULL};
  }
  if (!tt->shape) {
    dlcStrPuts(why, "its rank is unknown (no shape)");
    return (MlirType){NULL};
  }
  size_t rank = tt->shape->n_dim;
  if (rank > DLC_MAX_RANK) {
    dlcStrPrintf(why, "its rank %zu is above %d", rank, DLC_MAX_RANK);
    return (MlirType){NULL};
  }
  int64_t dims[DLC_MAX_RANK];
  for (size_t i = 0; i < rank; ++i) {
    const Onnx__TensorShapeProto__Dimension *d = tt->shape->dim[i];
    bool known = d->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
    if (known && d->dim_value < 0) {
      dlcStrPrintf(why, "dim %zu is negative (%lld)", i, (long long)d->dim_value);
      return (MlirType){NULL};
    }
    dims[i] = known ? d->dim_value : mlirShapedTypeGetDynamicSize();
  }
  return mlirRankedTensorTypeGet((intptr_t)rank, dims, elt, mlirAttributeGetNull());
}

MlirType dlcOnnxTensorType(MlirContext ctx, const DlcTensor *t) {
  return mlirRankedTensorTypeGet(t->rank, t->shape, dlcDTypeToMlirType(ctx, t->dtype),
                                 mlirAttributeGetNull());
}

bool dlcOnnxIsPlaceholder(MlirType type) { return mlirTypeIsAUnrankedTensor(type); }
