//===- TensorList.c - Sequences and optionals of tensors from files -*- C -*-===//
//
// The ONNX backend tests hold a sequence as an onnx.SequenceProto and an
// optional as an onnx.OptionalProto (onnx-data.proto, which Debian's
// onnx.proto and so protobuf-c's generated code lack). Both are decoded
// here from the wire format: their tensors are onnx.TensorProto messages,
// which protobuf-c decodes.
//   SequenceProto: 1 name, 2 elem_type, 3 tensor_values (repeated), 4-7 others
//   OptionalProto: 1 name, 2 elem_type, 3 tensor_value, 5 sequence_value, 4, 6, 7 others
// elem_type: 0 undefined, 1 tensor, 2 sparse tensor, 3 sequence, 4 map, 5 optional.
//
//===----------------------------------------------------------------------===//

#include "Support/File.h"
#include "Tensor/TensorIO.h"

#include <stdlib.h>
#include <string.h>

typedef struct Reader {
  const uint8_t *p, *end;
} Reader;

static bool readVarint(Reader *r, uint64_t *out) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64 && r->p < r->end; shift += 7) {
    uint8_t b = *r->p++;
    v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80)) {
      *out = v;
      return true;
    }
  }
  return false;
}

typedef struct Field {
  uint32_t number;
  uint64_t varint;          ///< wire type 0
  const uint8_t *bytes;     ///< wire type 2
  size_t length;
} Field;

// The next field; false at the end or on broken bytes (*broken says which).
static bool nextField(Reader *r, Field *f, bool *broken) {
  *broken = false;
  if (r->p == r->end)
    return false;
  uint64_t key;
  *broken = true;
  if (!readVarint(r, &key))
    return false;
  f->number = (uint32_t)(key >> 3);
  f->bytes = NULL;
  f->length = 0;
  switch (key & 7) {
  case 0:
    if (!readVarint(r, &f->varint))
      return false;
    break;
  case 1:
    if (r->end - r->p < 8)
      return false;
    r->p += 8;
    break;
  case 2: {
    uint64_t len;
    if (!readVarint(r, &len) || len > (uint64_t)(r->end - r->p))
      return false;
    f->bytes = r->p;
    f->length = (size_t)len;
    r->p += len;
    break;
  }
  case 5:
    if (r->end - r->p < 4)
      return false;
    r->p += 4;
    break;
  default:
    return false;
  }
  *broken = false;
  return true;
}

typedef struct List {
  DlcTensor *tensors;
  intptr_t count, cap;
} List;

static bool addTensor(List *l, const uint8_t *bytes, size_t length, const char *dir,
                      DlcStr *error) {
  Onnx__TensorProto *proto = onnx__tensor_proto__unpack(NULL, length, bytes);
  if (!proto) {
    dlcStrPuts(error, "a tensor of it is not a valid onnx.TensorProto");
    return false;
  }
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 4;
    l->tensors = realloc(l->tensors, (size_t)l->cap * sizeof *l->tensors);
    if (!l->tensors)
      abort();
  }
  bool ok = dlcTensorFromProto(proto, dir, &l->tensors[l->count], error);
  if (ok)
    ++l->count;
  onnx__tensor_proto__free_unpacked(proto, NULL);
  return ok;
}

static const char *elemTypeName(uint64_t t) {
  static const char *const names[] = {"undefined", "tensor",  "sparse tensor",
                                      "sequence",  "map",     "optional"};
  return t < 6 ? names[t] : "unknown";
}

static bool readSequence(List *l, const uint8_t *bytes, size_t length, const char *dir,
                         DlcStr *error) {
  Reader r = {bytes, bytes + length};
  Field f;
  bool broken;
  while (nextField(&r, &f, &broken)) {
    if (f.number == 2 && f.varint > 1) {
      dlcStrPrintf(error, "it is a sequence of %ss; DLC reads sequences of tensors",
                   elemTypeName(f.varint));
      return false;
    }
    if (f.number == 3 && f.bytes && !addTensor(l, f.bytes, f.length, dir, error))
      return false;
  }
  if (broken)
    dlcStrPuts(error, "it is not a valid onnx.SequenceProto");
  return !broken;
}

static bool readOptional(List *l, const uint8_t *bytes, size_t length, const char *dir,
                         bool *present, DlcStr *error) {
  Reader r = {bytes, bytes + length};
  Field f;
  bool broken;
  *present = false;
  while (nextField(&r, &f, &broken)) {
    if (f.number == 2 && f.varint != 1 && f.varint != 3 && f.varint != 0) {
      dlcStrPrintf(error, "it is an optional of a %s; DLC reads optionals of tensors and of "
                          "sequences",
                   elemTypeName(f.varint));
      return false;
    }
    *present |= (f.number == 3 || f.number == 5) && f.bytes;
    if (f.number == 3 && f.bytes && !addTensor(l, f.bytes, f.length, dir, error))
      return false;
    if (f.number == 5 && f.bytes && !readSequence(l, f.bytes, f.length, dir, error))
      return false;
  }
  if (broken)
    dlcStrPuts(error, "it is not a valid onnx.OptionalProto");
  return !broken;
}

MlirLogicalResult dlcTensorListCreateFromFile(MlirStringRef path, bool optional, DlcTensor **out,
                                              intptr_t *count, MlirStringCallback errorCallback,
                                              void *userData) {
  *out = NULL;
  *count = 0;
  char *file = dlcStrndup(path.data, path.length);
  DlcStr error = DLC_STR_INIT;
  size_t size = 0;
  char *buf = dlcReadFile(file, NULL, &size, &error);
  // External data lives next to the file.
  char *dir = dlcStrndup(file, strlen(file));
  char *slash = strrchr(dir, '/');
  if (slash)
    *slash = '\0';
  List l = {NULL, 0, 0};
  bool ok = false, present = true;
  if (buf) {
    DlcStr why = DLC_STR_INIT;
    const uint8_t *bytes = (const uint8_t *)buf;
    ok = optional ? readOptional(&l, bytes, size, slash ? dir : ".", &present, &why)
                  : readSequence(&l, bytes, size, slash ? dir : ".", &why);
    if (!ok)
      dlcStrPrintf(&error, "'%s' as an onnx.%s: %s", file,
                   optional ? "OptionalProto" : "SequenceProto", dlcStrGet(&why));
    dlcStrFree(&why);
  }
  if (ok) {
    *out = l.tensors;
    *count = present ? l.count : -1;
  } else {
    for (intptr_t i = 0; i < l.count; ++i)
      dlcTensorDestroy(&l.tensors[i]);
    free(l.tensors);
    if (errorCallback) {
      errorCallback(mlirStringRefCreate(dlcStrGet(&error), error.len), userData);
    }
  }
  free(buf);
  free(dir);
  free(file);
  dlcStrFree(&error);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

//===----------------------------------------------------------------------===//
// Run-time sequences: data and index (dlc-c/Tensor.h)
//===----------------------------------------------------------------------===//

#define ROW (1 + DLC_TENSOR_LIST_MAX_RANK)

MlirLogicalResult dlcTensorListPack(const DlcTensor *list, intptr_t count, DlcDType dtype,
                                    DlcTensor *data, DlcTensor *index) {
  memset(data, 0, sizeof *data);
  memset(index, 0, sizeof *index);
  int64_t total = 0;
  for (intptr_t k = 0; k < count; ++k) {
    if (list[k].dtype != list[0].dtype || list[k].rank > DLC_TENSOR_LIST_MAX_RANK)
      return mlirLogicalResultFailure();
    total += (int64_t)(list[k].bytes / dlcDTypeSize(list[k].dtype));
  }
  int64_t rows[2] = {count, ROW};
  if (mlirLogicalResultIsFailure(dlcTensorCreate(count ? list[0].dtype : dtype, 1, &total, data)))
    return mlirLogicalResultFailure();
  if (mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_I64, 2, rows, index))) {
    dlcTensorDestroy(data);
    return mlirLogicalResultFailure();
  }
  char *to = data->data;
  int64_t *row = index->data;
  for (intptr_t k = 0; k < count; ++k, row += ROW) {
    if (list[k].bytes)
      memcpy(to, list[k].data, list[k].bytes);
    to += list[k].bytes;
    row[0] = list[k].rank;
    for (int64_t d = 0; d < DLC_TENSOR_LIST_MAX_RANK; ++d)
      row[1 + d] = d < list[k].rank ? list[k].shape[d] : 1;
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcTensorListUnpack(const DlcTensor *data, const DlcTensor *index,
                                      DlcTensor **out, intptr_t *count) {
  *out = NULL;
  *count = 0;
  if (data->rank != 1 || index->dtype != DLC_DTYPE_I64 || index->rank != 2 ||
      index->shape[1] != ROW)
    return mlirLogicalResultFailure();
  intptr_t n = (intptr_t)index->shape[0];
  DlcTensor *list = calloc((size_t)(n ? n : 1), sizeof *list);
  if (!list)
    return mlirLogicalResultFailure();
  size_t offset = 0;
  const int64_t *row = index->data;
  for (intptr_t k = 0; k < n; ++k, row += ROW) {
    bool ok = row[0] >= 0 && row[0] <= DLC_TENSOR_LIST_MAX_RANK &&
              mlirLogicalResultIsSuccess(dlcTensorCreate(data->dtype, row[0], row + 1, &list[k]));
    if (ok && offset + list[k].bytes > data->bytes)
      ok = false;
    if (!ok) {
      for (intptr_t j = 0; j <= k && j < n; ++j)
        dlcTensorDestroy(&list[j]);
      free(list);
      return mlirLogicalResultFailure();
    }
    if (list[k].bytes)
      memcpy(list[k].data, (const char *)data->data + offset, list[k].bytes);
    offset += list[k].bytes;
  }
  *out = list;
  *count = n;
  return mlirLogicalResultSuccess();
}
