//===- Weights.c - Initializers and constants as attributes -----*- C -*-===//
//
// Tensors of the model become `value`s of dlc_graph.constant. Small ones
// are dense<> (readable, foldable); large ones are dense_resource blobs over
// the decoded buffer, which the context frees when it is destroyed: the data
// is never copied again and never goes through text.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Tensor/TensorIO.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/// Tensors with more elements than this become resource blobs.
#define DLC_ONNX_MAX_DENSE_ELEMENTS 64

// The number of bytes the tensor's data holds, to refuse shapes the data
// cannot fill before allocating for them (a corrupt dim must not allocate
// gigabytes). -1 when unknown.
static int64_t availableBytes(const DlcOnnxImporter *imp, const Onnx__TensorProto *p,
                              size_t eltSize) {
  if (p->has_data_location && p->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
    for (size_t i = 0; i < p->n_external_data; ++i) {
      const Onnx__StringStringEntryProto *kv = p->external_data[i];
      if (!kv->key || !kv->value || strcmp(kv->key, "location"))
        continue;
      DlcStr path = DLC_STR_INIT;
      dlcStrPrintf(&path, "%s/%s", imp->baseDir, kv->value);
      struct stat st;
      // Unknown for anything but a regular file: opening it says why.
      int64_t size =
          stat(dlcStrGet(&path), &st) == 0 && S_ISREG(st.st_mode) ? (int64_t)st.st_size : -1;
      dlcStrFree(&path);
      return size;
    }
    return -1;
  }
  if (p->has_raw_data)
    return (int64_t)p->raw_data.len;
  size_t typed = p->n_float_data + p->n_double_data + p->n_int32_data + p->n_int64_data +
                 p->n_uint64_data;
  return (int64_t)(typed * eltSize);
}

bool dlcOnnxDecodeTensor(DlcOnnxImporter *imp, const Onnx__TensorProto *p, DlcTensor *out,
                         DlcStr *why) {
  DlcDType dtype;
  if (!p->has_data_type || !dlcDTypeFromOnnx(p->data_type, &dtype)) {
    dlcStrPrintf(why, "data type %s is not supported",
                 dlcOnnxDataTypeName(p->has_data_type ? p->data_type : 0));
    return false;
  }
  if (p->n_dims > DLC_MAX_RANK) {
    dlcStrPrintf(why, "rank %zu is above %d", p->n_dims, DLC_MAX_RANK);
    return false;
  }
  int64_t count = 1;
  for (size_t i = 0; i < p->n_dims; ++i) {
    if (p->dims[i] < 0 || __builtin_mul_overflow(count, p->dims[i], &count)) {
      dlcStrPuts(why, "its dims are negative or too large");
      return false;
    }
  }
  int64_t bytes;
  // The 4- and 2-bit types are packed in the file (int32_data holds one of
  // their bytes per value).
  unsigned bits = dlcDTypePackedBits(dtype);
  int64_t available = availableBytes(imp, p, bits ? 1 : dlcDTypeSize(dtype));
  if (__builtin_mul_overflow(count, (int64_t)dlcDTypeSize(dtype), &bytes) ||
      (bits && (bytes = (bytes * bits + 7) / 8, false)) || (available >= 0 && bytes > available)) {
    dlcStrPrintf(why, "its shape needs %lld elements, more than its data holds", (long long)count);
    return false;
  }
  return dlcTensorFromProto(p, imp->baseDir, out, why);
}

// Resource keys are printed bare in `dense_resource<key>`: keep them to
// identifier characters.
static char *resourceName(const char *name) {
  size_t n = strlen(name);
  char *s = malloc(n + 2);
  if (!s)
    abort();
  size_t k = 0;
  if (!n || (name[0] >= '0' && name[0] <= '9'))
    s[k++] = '_';
  for (size_t i = 0; i < n; ++i) {
    char c = name[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.';
    s[k++] = ok ? c : '_';
  }
  s[k] = '\0';
  return s;
}

static void freeBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)data;
  (void)size;
  (void)align;
  free(userData);
}

MlirAttribute dlcOnnxElementsAttr(MlirContext ctx, const DlcTensor *t, const char *name,
                                  bool *tookData) {
  *tookData = false;
  MlirType type = dlcOnnxTensorType(ctx, t);
  int64_t count = dlcTensorNumElements(t);
  if (t->dtype == DLC_DTYPE_BOOL) {
    // Bool blobs are broken in MLIR 22 (4-byte ints where bytes are
    // expected): bool tensors are always dense<>.
    int *bits = malloc((size_t)(count ? count : 1) * sizeof *bits);
    if (!bits)
      abort();
    for (int64_t i = 0; i < count; ++i)
      bits[i] = ((const unsigned char *)t->data)[i] != 0;
    MlirAttribute a = mlirDenseElementsAttrBoolGet(type, count, bits);
    free(bits);
    return a;
  }
  if (count <= DLC_ONNX_MAX_DENSE_ELEMENTS)
    return mlirDenseElementsAttrRawBufferGet(type, t->bytes, t->data);
  char *key = resourceName(name);
  // The blob's alignment is its element size: enough for every access, and
  // what a plain malloc'ed bytecode buffer can satisfy when it is reparsed.
  MlirAttribute a = mlirUnmanagedDenseResourceElementsAttrGet(
      type, mlirStringRefCreateFromCString(key), t->data, t->bytes, dlcDTypeSize(t->dtype),
      false, freeBlob, t->data);
  free(key);
  *tookData = true;
  return a;
}
