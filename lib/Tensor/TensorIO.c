//===- TensorIO.c - Host tensors from and to .npy and .pb files --*- C -*-===//
//
// .npy: NumPy's format, versions 1-3, little-endian, C order. .pb: a
// serialized onnx.TensorProto, decoded with protobuf-c (raw_data, typed
// fields or external data).
//
//===----------------------------------------------------------------------===//

#include "Tensor/TensorIO.h"
#include "Support/File.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void report(MlirStringCallback cb, void *userData, const DlcStr *message) {
  if (cb)
    cb(mlirStringRefCreate(dlcStrGet(message), message->len), userData);
}

int32_t dlcDTypeToOnnx(DlcDType dtype) {
  static const int32_t types[] = {
      [DLC_DTYPE_F32] = ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT,
      [DLC_DTYPE_F64] = ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE,
      [DLC_DTYPE_I8] = ONNX__TENSOR_PROTO__DATA_TYPE__INT8,
      [DLC_DTYPE_I16] = ONNX__TENSOR_PROTO__DATA_TYPE__INT16,
      [DLC_DTYPE_I32] = ONNX__TENSOR_PROTO__DATA_TYPE__INT32,
      [DLC_DTYPE_I64] = ONNX__TENSOR_PROTO__DATA_TYPE__INT64,
      [DLC_DTYPE_U8] = ONNX__TENSOR_PROTO__DATA_TYPE__UINT8,
      [DLC_DTYPE_U16] = ONNX__TENSOR_PROTO__DATA_TYPE__UINT16,
      [DLC_DTYPE_U32] = ONNX__TENSOR_PROTO__DATA_TYPE__UINT32,
      [DLC_DTYPE_U64] = ONNX__TENSOR_PROTO__DATA_TYPE__UINT64,
      [DLC_DTYPE_BOOL] = ONNX__TENSOR_PROTO__DATA_TYPE__BOOL,
      [DLC_DTYPE_F16] = ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16,
      [DLC_DTYPE_BF16] = ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16,
      // onnx.proto 1.22's numbers; Debian's onnx.proto (1.12) has no names
      // for them.
      [DLC_DTYPE_F8E4M3FN] = 17,
      [DLC_DTYPE_F8E4M3FNUZ] = 18,
      [DLC_DTYPE_F8E5M2] = 19,
      [DLC_DTYPE_F8E5M2FNUZ] = 20,
      [DLC_DTYPE_U4] = 21,
      [DLC_DTYPE_I4] = 22,
      [DLC_DTYPE_F4E2M1] = 23,
      [DLC_DTYPE_F8E8M0] = 24,
      [DLC_DTYPE_U2] = 25,
      [DLC_DTYPE_I2] = 26,
  };
  return types[dtype];
}

unsigned dlcDTypePackedBits(DlcDType dtype) {
  switch (dtype) {
  case DLC_DTYPE_I4:
  case DLC_DTYPE_U4:
  case DLC_DTYPE_F4E2M1:
    return 4;
  case DLC_DTYPE_I2:
  case DLC_DTYPE_U2:
    return 2;
  default:
    return 0;
  }
}

// The bytes that `count` elements take in an ONNX file.
static size_t packedSize(unsigned bits, size_t count) { return (count * bits + 7) / 8; }

// Elements of `bits` bits, low bits first, one byte each (high bits zero).
static void unpack(unsigned bits, const uint8_t *in, size_t count, uint8_t *out) {
  unsigned per = 8 / bits, mask = (1u << bits) - 1;
  for (size_t i = 0; i < count; ++i)
    out[i] = (uint8_t)((in[i / per] >> (bits * (i % per))) & mask);
}

static void pack(unsigned bits, const uint8_t *in, size_t count, uint8_t *out) {
  unsigned per = 8 / bits, mask = (1u << bits) - 1;
  memset(out, 0, packedSize(bits, count));
  for (size_t i = 0; i < count; ++i)
    out[i / per] |= (uint8_t)((in[i] & mask) << (bits * (i % per)));
}

void *dlcTensorToProto(const DlcTensor *t, const char *name, int64_t *dims,
                       Onnx__TensorProto *proto) {
  for (int64_t d = 0; d < t->rank; ++d)
    dims[d] = t->shape[d];
  proto->n_dims = (size_t)t->rank;
  proto->dims = dims;
  proto->has_data_type = true;
  proto->data_type = dlcDTypeToOnnx(t->dtype);
  proto->name = (char *)name;
  // raw_data is little-endian, as this host is (TensorProto's layout).
  proto->has_raw_data = true;
  proto->raw_data.len = t->bytes;
  proto->raw_data.data = t->data;
  unsigned bits = dlcDTypePackedBits(t->dtype);
  if (!bits)
    return NULL;
  size_t size = packedSize(bits, t->bytes);
  uint8_t *packed = malloc(size ? size : 1);
  if (!packed)
    abort();
  pack(bits, t->data, t->bytes, packed);
  proto->raw_data.len = size;
  proto->raw_data.data = packed;
  return packed;
}

bool dlcDTypeFromOnnx(int32_t onnxType, DlcDType *out) {
  switch (onnxType) {
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT:
    *out = DLC_DTYPE_F32;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE:
    *out = DLC_DTYPE_F64;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT8:
    *out = DLC_DTYPE_I8;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT16:
    *out = DLC_DTYPE_I16;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT32:
    *out = DLC_DTYPE_I32;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__INT64:
    *out = DLC_DTYPE_I64;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT8:
    *out = DLC_DTYPE_U8;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT16:
    *out = DLC_DTYPE_U16;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32:
    *out = DLC_DTYPE_U32;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64:
    *out = DLC_DTYPE_U64;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL:
    *out = DLC_DTYPE_BOOL;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16:
    *out = DLC_DTYPE_F16;
    return true;
  case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16:
    *out = DLC_DTYPE_BF16;
    return true;
  default:
    for (int d = DLC_DTYPE_F8E4M3FN; d <= DLC_DTYPE_U2; ++d) {
      if (dlcDTypeToOnnx((DlcDType)d) == onnxType) {
        *out = (DlcDType)d;
        return true;
      }
    }
    return false;
  }
}


// The byte size of a shape; false when it overflows.
static bool shapeBytes(DlcDType dtype, int64_t rank, const int64_t *dims, size_t *bytes) {
  size_t n = dlcDTypeSize(dtype);
  for (int64_t i = 0; i < rank; ++i) {
    if (dims[i] < 0 || (dims[i] && n > (SIZE_MAX / 2) / (size_t)dims[i]))
      return false;
    n *= (size_t)dims[i];
  }
  *bytes = n;
  return true;
}

// A decimal byte count or offset of an external-data entry; false unless
// the whole string is one.
static bool parseExternalInt(const char *text, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(text, &end, 10);
  if (errno || end == text || *end || v < 0)
    return false;
  *out = v;
  return true;
}

// Opens the external data file of `p` at the tensor's offset, once it is
// known to hold `bytes` bytes there (so a corrupt shape allocates nothing).
static FILE *openExternal(const Onnx__TensorProto *p, const char *baseDir, size_t bytes,
                          DlcStr *error) {
  const char *location = NULL, *name = p->name ? p->name : "";
  long long offset = 0, length = -1;
  for (size_t i = 0; i < p->n_external_data; ++i) {
    const Onnx__StringStringEntryProto *kv = p->external_data[i];
    const char *key = kv->key ? kv->key : "", *value = kv->value ? kv->value : "";
    bool ok = true;
    if (!strcmp(key, "location"))
      location = value;
    else if (!strcmp(key, "offset"))
      ok = parseExternalInt(value, &offset);
    else if (!strcmp(key, "length"))
      ok = parseExternalInt(value, &length);
    if (!ok) {
      dlcStrPrintf(error, "external data of tensor '%s' has an invalid %s '%s'", name, key, value);
      return NULL;
    }
  }
  // Only files beside the model: no absolute paths, no way up.
  if (!location || !*location || location[0] == '/' || strstr(location, "..")) {
    dlcStrPrintf(error, "external data of tensor '%s' has no (or an unsafe) location", name);
    return NULL;
  }
  DlcStr path = DLC_STR_INIT;
  dlcStrPrintf(&path, "%s/%s", baseDir ? baseDir : ".", location);
  FILE *f = dlcOpenRegularFile(dlcStrGet(&path), "external data file", error);
  long end = -1;
  if (f && fseek(f, 0, SEEK_END) == 0)
    end = ftell(f);
  bool ok = f && end >= 0 && (length < 0 || (unsigned long long)length == bytes) &&
            (unsigned long long)end >= (unsigned long long)offset + bytes &&
            fseek(f, (long)offset, SEEK_SET) == 0;
  if (f && !ok) {
    dlcStrPrintf(error, "cannot read %zu bytes of external data for tensor '%s' from '%s'", bytes,
                 name, dlcStrGet(&path));
    fclose(f);
    f = NULL;
  }
  dlcStrFree(&path);
  return f;
}

// The number of values in the typed field that holds `dtype`: ONNX packs
// small integer types, bools and the bits of float16/bfloat16 into
// int32_data, uint32/uint64 into uint64_data.
static size_t typedCount(const Onnx__TensorProto *p, DlcDType dtype) {
  switch (dtype) {
  case DLC_DTYPE_F32:
    return p->n_float_data;
  case DLC_DTYPE_F64:
    return p->n_double_data;
  case DLC_DTYPE_I64:
    return p->n_int64_data;
  case DLC_DTYPE_U32:
  case DLC_DTYPE_U64:
    return p->n_uint64_data;
  default:
    return p->n_int32_data;
  }
}

static void copyTyped(const Onnx__TensorProto *p, DlcTensor *out) {
  int64_t count = dlcTensorNumElements(out);
  for (int64_t i = 0; i < count; ++i) {
    char *dst = (char *)out->data + (size_t)i * dlcDTypeSize(out->dtype);
    switch (out->dtype) {
    case DLC_DTYPE_F32:
      memcpy(dst, &p->float_data[i], 4);
      break;
    case DLC_DTYPE_F64:
      memcpy(dst, &p->double_data[i], 8);
      break;
    case DLC_DTYPE_I64:
      memcpy(dst, &p->int64_data[i], 8);
      break;
    case DLC_DTYPE_U32: {
      uint32_t v = (uint32_t)p->uint64_data[i];
      memcpy(dst, &v, 4);
      break;
    }
    case DLC_DTYPE_U64:
      memcpy(dst, &p->uint64_data[i], 8);
      break;
    case DLC_DTYPE_I32:
      memcpy(dst, &p->int32_data[i], 4);
      break;
    case DLC_DTYPE_I16:
    case DLC_DTYPE_U16:
    case DLC_DTYPE_F16:
    case DLC_DTYPE_BF16: {
      uint16_t v = (uint16_t)p->int32_data[i];
      memcpy(dst, &v, 2);
      break;
    }
    case DLC_DTYPE_I8:
    case DLC_DTYPE_U8:
    default: // the float8 codes, one per value
      *dst = (char)p->int32_data[i];
      break;
    case DLC_DTYPE_BOOL:
      *dst = p->int32_data[i] != 0;
      break;
    }
  }
}

bool dlcTensorFromProto(const Onnx__TensorProto *p, const char *baseDir, DlcTensor *out,
                        DlcStr *error) {
  memset(out, 0, sizeof *out);
  DlcDType dtype;
  const char *name = p->name ? p->name : "";
  if (!dlcDTypeFromOnnx(p->data_type, &dtype)) {
    dlcStrPrintf(error, "tensor '%s' has unsupported data type %d", name, (int)p->data_type);
    return false;
  }
  if (p->n_dims > DLC_TENSOR_MAX_RANK) {
    dlcStrPrintf(error, "tensor '%s' has rank %zu (more than %d)", name, p->n_dims,
                 DLC_TENSOR_MAX_RANK);
    return false;
  }
  if (p->segment) {
    dlcStrPrintf(error, "tensor '%s' is segmented, which is not supported", name);
    return false;
  }
  for (size_t i = 0; i < p->n_dims; ++i) {
    if (p->dims[i] < 0) {
      dlcStrPrintf(error, "tensor '%s' has a negative dim", name);
      return false;
    }
  }
  // Check that the data is there before allocating what the shape claims.
  size_t bytes;
  if (!shapeBytes(dtype, (int64_t)p->n_dims, p->dims, &bytes)) {
    dlcStrPrintf(error, "tensor '%s' is too large", name);
    return false;
  }
  // The 4- and 2-bit types are packed in the file: raw_data, external data
  // and int32_data (one byte of them per value) hold `bytes` bytes.
  unsigned bits = dlcDTypePackedBits(dtype);
  size_t count = bytes;
  if (bits)
    bytes = packedSize(bits, count);
  FILE *external = NULL;
  if (p->has_data_location && p->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
    if (!(external = openExternal(p, baseDir, bytes, error)))
      return false;
  } else if (p->has_raw_data && p->raw_data.len != bytes) {
    dlcStrPrintf(error, "tensor '%s' has %zu bytes of raw data, but its shape needs %zu", name,
                 p->raw_data.len, bytes);
    return false;
  } else if (!p->has_raw_data && bits && typedCount(p, dtype) != bytes) {
    dlcStrPrintf(error, "tensor '%s' has %zu packed values, but its shape needs %zu", name,
                 typedCount(p, dtype), bytes);
    return false;
  } else if (!p->has_raw_data && !bits && typedCount(p, dtype) * dlcDTypeSize(dtype) != bytes) {
    dlcStrPrintf(error, "tensor '%s' has %zu values, but its shape needs %zu", name,
                 typedCount(p, dtype), bytes / dlcDTypeSize(dtype));
    return false;
  }
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, (int64_t)p->n_dims, p->dims, out))) {
    dlcStrPrintf(error, "cannot allocate tensor '%s'", name);
    if (external)
      fclose(external);
    return false;
  }
  bool ok = true;
  if (bits) {
    uint8_t *packed = malloc(bytes ? bytes : 1);
    if (!packed)
      abort();
    if (external) {
      ok = fread(packed, 1, bytes, external) == bytes;
      if (!ok)
        dlcStrPrintf(error, "cannot read %zu bytes of external data for tensor '%s'", bytes, name);
      fclose(external);
    } else if (p->has_raw_data) {
      memcpy(packed, p->raw_data.data, bytes);
    } else {
      for (size_t i = 0; i < bytes; ++i)
        packed[i] = (uint8_t)p->int32_data[i];
    }
    unpack(bits, packed, count, out->data);
    free(packed);
  } else if (external) {
    ok = fread(out->data, 1, out->bytes, external) == out->bytes;
    if (!ok)
      dlcStrPrintf(error, "cannot read %zu bytes of external data for tensor '%s'", out->bytes,
                   name);
    fclose(external);
  } else if (p->has_raw_data) {
    if (out->bytes)
      memcpy(out->data, p->raw_data.data, out->bytes);
  } else {
    copyTyped(p, out);
  }
  if (!ok)
    dlcTensorDestroy(out);
  return ok;
}

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

static const struct {
  const char *descr;
  DlcDType dtype;
} npyTypes[] = {{"f4", DLC_DTYPE_F32}, {"f8", DLC_DTYPE_F64}, {"i1", DLC_DTYPE_I8},
                {"i2", DLC_DTYPE_I16}, {"i4", DLC_DTYPE_I32}, {"i8", DLC_DTYPE_I64},
                {"u1", DLC_DTYPE_U8},  {"u2", DLC_DTYPE_U16}, {"u4", DLC_DTYPE_U32},
                {"u8", DLC_DTYPE_U64}, {"b1", DLC_DTYPE_BOOL}, {"f2", DLC_DTYPE_F16}};

static bool parseNpy(const char *path, const char *buf, size_t size, DlcTensor *out, DlcStr *error) {
  if (size < 10 || memcmp(buf, "\x93NUMPY", 6)) {
    dlcStrPrintf(error, "'%s' is not a .npy file", path);
    return false;
  }
  unsigned major = (unsigned char)buf[6];
  size_t headerLen, start;
  if (major == 1) {
    headerLen = (unsigned char)buf[8] | ((size_t)(unsigned char)buf[9] << 8);
    start = 10;
  } else {
    if (size < 12) {
      dlcStrPrintf(error, "'%s' is truncated", path);
      return false;
    }
    headerLen = (unsigned char)buf[8] | ((size_t)(unsigned char)buf[9] << 8) |
                ((size_t)(unsigned char)buf[10] << 16) | ((size_t)(unsigned char)buf[11] << 24);
    start = 12;
  }
  if (start + headerLen > size) {
    dlcStrPrintf(error, "'%s' is truncated (header)", path);
    return false;
  }
  char *header = dlcStrndup(buf + start, headerLen);
  bool ok = false;
  const char *descr = strstr(header, "'descr'");
  const char *fortran = strstr(header, "'fortran_order'");
  const char *shape = strstr(header, "'shape'");
  DlcDType dtype = DLC_DTYPE_F32;
  int64_t dims[DLC_TENSOR_MAX_RANK];
  int64_t rank = 0;
  if (!descr || !fortran || !shape) {
    dlcStrPrintf(error, "'%s' has a malformed .npy header", path);
    goto done;
  }
  descr = strchr(descr + 7, '\'');
  if (!descr || (descr[1] != '<' && descr[1] != '|' && descr[1] != '=')) {
    dlcStrPrintf(error, "'%s' is not little-endian", path);
    goto done;
  }
  bool known = false;
  for (size_t i = 0; i < sizeof npyTypes / sizeof *npyTypes; ++i) {
    if (!strncmp(descr + 2, npyTypes[i].descr, 2) && descr[4] == '\'') {
      dtype = npyTypes[i].dtype;
      known = true;
    }
  }
  if (!known) {
    dlcStrPrintf(error, "'%s' has an unsupported dtype", path);
    goto done;
  }
  if (strstr(fortran, "True")) {
    dlcStrPrintf(error, "'%s' is in Fortran order; only C order is supported", path);
    goto done;
  }
  const char *p = strchr(shape, '(');
  if (!p) {
    dlcStrPrintf(error, "'%s' has a malformed shape", path);
    goto done;
  }
  for (++p; *p && *p != ')';) {
    while (*p == ' ' || *p == ',')
      ++p;
    if (*p == ')')
      break;
    char *end;
    long long d = strtoll(p, &end, 10);
    if (end == p || d < 0 || rank == DLC_TENSOR_MAX_RANK) {
      dlcStrPrintf(error, "'%s' has a malformed shape", path);
      goto done;
    }
    dims[rank++] = d;
    p = end;
  }
  // Check the data is all there before allocating what the header claims.
  size_t bytes;
  if (!shapeBytes(dtype, rank, dims, &bytes)) {
    dlcStrPrintf(error, "'%s' claims a shape too large to hold", path);
    goto done;
  }
  if (size - start - headerLen != bytes) {
    dlcStrPrintf(error, "'%s' holds %zu bytes of data, but its shape needs %zu", path,
                 size - start - headerLen, bytes);
    goto done;
  }
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, rank, dims, out))) {
    dlcStrPrintf(error, "cannot allocate the tensor of '%s'", path);
    goto done;
  }
  if (out->bytes)
    memcpy(out->data, buf + start + headerLen, out->bytes);
  ok = true;
done:
  free(header);
  return ok;
}

static MlirLogicalResult readTensorFile(const char *path, DlcTensor *out,
                                        MlirStringCallback errorCallback, void *userData) {
  memset(out, 0, sizeof *out);
  DlcStr error = DLC_STR_INIT;
  size_t size = 0;
  char *buf = dlcReadFile(path, NULL, &size, &error);
  bool ok = false;
  if (buf && size >= 6 && !memcmp(buf, "\x93NUMPY", 6)) {
    ok = parseNpy(path, buf, size, out, &error);
  } else if (buf) {
    Onnx__TensorProto *proto =
        onnx__tensor_proto__unpack(NULL, size, (const uint8_t *)buf);
    // Almost any bytes decode as some protobuf message; a TensorProto
    // without a data type is what a foreign file usually turns into.
    if (!proto || proto->data_type == ONNX__TENSOR_PROTO__DATA_TYPE__UNDEFINED) {
      dlcStrPrintf(&error, "'%s' is neither a .npy file nor a serialized onnx.TensorProto", path);
    } else {
      // External data lives next to the tensor file.
      char *dir = dlcStrndup(path, strlen(path));
      char *slash = strrchr(dir, '/');
      if (slash)
        *slash = '\0';
      DlcStr reason = DLC_STR_INIT;
      ok = dlcTensorFromProto(proto, slash ? dir : ".", out, &reason);
      if (!ok)
        dlcStrPrintf(&error, "'%s': %s", path, dlcStrGet(&reason));
      dlcStrFree(&reason);
      free(dir);
    }
    if (proto)
      onnx__tensor_proto__free_unpacked(proto, NULL);
  }
  free(buf);
  if (!ok)
    report(errorCallback, userData, &error);
  dlcStrFree(&error);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult dlcTensorCreateFromFile(MlirStringRef path, DlcTensor *out,
                                          MlirStringCallback errorCallback, void *userData) {
  char *file = dlcStrndup(path.data, path.length);
  MlirLogicalResult result = readTensorFile(file, out, errorCallback, userData);
  free(file);
  return result;
}

static MlirLogicalResult writeNpy(const char *path, const DlcTensor *t,
                                  MlirStringCallback errorCallback, void *userData) {
  DlcStr header = DLC_STR_INIT;
  const char *descr = NULL;
  for (size_t i = 0; i < sizeof npyTypes / sizeof *npyTypes; ++i)
    if (npyTypes[i].dtype == t->dtype)
      descr = npyTypes[i].descr;
  if (!descr || t->rank < 0 || t->rank > DLC_TENSOR_MAX_RANK) {
    DlcStr error = DLC_STR_INIT;
    if (t->dtype == DLC_DTYPE_BF16 || t->dtype >= DLC_DTYPE_F8E4M3FN) // numpy lacks them
      dlcStrPrintf(&error, "cannot write '%s': .npy has no %s dtype (write a .pb)", path,
                   dlcDTypeName(t->dtype));
    else
      dlcStrPrintf(&error, "cannot write '%s': not a valid tensor", path);
    report(errorCallback, userData, &error);
    dlcStrFree(&error);
    return mlirLogicalResultFailure();
  }
  dlcStrPrintf(&header, "{'descr': '%c%s', 'fortran_order': False, 'shape': (",
               dlcDTypeSize(t->dtype) == 1 ? '|' : '<', descr);
  for (int64_t i = 0; i < t->rank; ++i)
    dlcStrPrintf(&header, "%lld%s", (long long)t->shape[i], t->rank == 1 ? "," : i + 1 < t->rank ? ", " : "");
  dlcStrPuts(&header, "), }");
  // Pad so that magic + length + header is a multiple of 64, ending in '\n'.
  while ((10 + header.len + 1) % 64)
    dlcStrPuts(&header, " ");
  dlcStrPuts(&header, "\n");
  unsigned char prefix[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                              (unsigned char)(header.len & 0xff), (unsigned char)(header.len >> 8)};
  const void *chunks[3] = {prefix, header.data, t->data};
  size_t sizes[3] = {sizeof prefix, header.len, t->bytes};
  DlcStr error = DLC_STR_INIT;
  bool ok = dlcWriteFileAtomically(path, 3, chunks, sizes, &error);
  if (!ok)
    report(errorCallback, userData, &error);
  dlcStrFree(&error);
  dlcStrFree(&header);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult dlcTensorWritePb(const DlcTensor *t, MlirStringRef name, MlirStringRef path,
                                   MlirStringCallback errorCallback, void *userData) {
  char *file = dlcStrndup(path.data, path.length);
  char *tensorName = dlcStrndup(name.data, name.length);
  Onnx__TensorProto proto = ONNX__TENSOR_PROTO__INIT;
  int64_t dims[DLC_TENSOR_MAX_RANK];
  void *packed = dlcTensorToProto(t, tensorName, dims, &proto);
  size_t size = onnx__tensor_proto__get_packed_size(&proto);
  uint8_t *bytes = malloc(size ? size : 1);
  if (!bytes)
    abort();
  onnx__tensor_proto__pack(&proto, bytes);
  const void *chunks[1] = {bytes};
  DlcStr error = DLC_STR_INIT;
  bool ok = dlcWriteFileAtomically(file, 1, chunks, &size, &error);
  if (!ok)
    report(errorCallback, userData, &error);
  dlcStrFree(&error);
  free(bytes);
  free(packed);
  free(tensorName);
  free(file);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult dlcTensorWriteNpy(const DlcTensor *t, MlirStringRef path,
                                    MlirStringCallback errorCallback, void *userData) {
  char *file = dlcStrndup(path.data, path.length);
  MlirLogicalResult result = writeNpy(file, t, errorCallback, userData);
  free(file);
  return result;
}
