//===- Model.c - Reading and checking an ONNX model file --------*- C -*-===//
//
// The file is decoded with the protobuf-c code generated from onnx.proto.
// protobuf-c recurses once per nested message without a limit, so a small
// file nesting messages deeply would overflow the stack: the wire format is
// walked first (with the generated descriptors) to bound the nesting.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Support/Diag.h"
#include "Support/File.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/// Deepest message nesting accepted (real models nest graphs in attributes
/// a few levels deep).
#define DLC_ONNX_MAX_NESTING 64

static char *readFile(DlcOnnxImporter *imp, size_t *size) {
  DlcStr error = DLC_STR_INIT;
  char *data = dlcReadFile(imp->path, NULL, size, &error);
  if (!data)
    dlcEmitError(imp->fileLoc, "%s", dlcStrGet(&error));
  dlcStrFree(&error);
  return data;
}

static bool readVarint(const uint8_t *p, size_t len, size_t *i, uint64_t *out) {
  uint64_t v = 0;
  for (unsigned shift = 0; shift < 64 && *i < len; shift += 7) {
    uint8_t b = p[(*i)++];
    v |= (uint64_t)(b & 0x7f) << shift;
    if (!(b & 0x80)) {
      *out = v;
      return true;
    }
  }
  return false;
}

// False when messages nest deeper than the limit. Malformed data passes:
// protobuf-c reports it.
static bool nestingWithinLimit(const uint8_t *p, size_t len, const ProtobufCMessageDescriptor *desc,
                               int depth) {
  if (depth > DLC_ONNX_MAX_NESTING)
    return false;
  size_t i = 0;
  while (i < len) {
    uint64_t key, value;
    if (!readVarint(p, len, &i, &key))
      return true;
    switch (key & 7) {
    case 0:
      if (!readVarint(p, len, &i, &value))
        return true;
      break;
    case 1:
      i += 8;
      break;
    case 5:
      i += 4;
      break;
    case 2: {
      if (!readVarint(p, len, &i, &value) || value > len - i)
        return true;
      const ProtobufCFieldDescriptor *field =
          key >> 3 <= UINT32_MAX ? protobuf_c_message_descriptor_get_field(desc, (unsigned)(key >> 3))
                                 : NULL;
      if (field && field->type == PROTOBUF_C_TYPE_MESSAGE &&
          !nestingWithinLimit(p + i, (size_t)value, field->descriptor, depth + 1))
        return false;
      i += (size_t)value;
      break;
    }
    default:
      return true;
    }
  }
  return true;
}

static bool isDefaultDomain(const char *domain) {
  return !domain || !*domain || !strcmp(domain, "ai.onnx");
}

bool dlcOnnxLoadModel(DlcOnnxImporter *imp) {
  size_t size = 0;
  char *data = readFile(imp, &size);
  if (!data)
    return false;
  const uint8_t *bytes = (const uint8_t *)data;
  if (!nestingWithinLimit(bytes, size, &onnx__model_proto__descriptor, 0)) {
    dlcEmitError(imp->fileLoc, "'%s' nests messages more than %d deep; it is not a valid model",
                 imp->path, DLC_ONNX_MAX_NESTING);
    free(data);
    return false;
  }
  imp->model = onnx__model_proto__unpack(NULL, size, bytes);
  free(data);
  const Onnx__ModelProto *m = imp->model;
  if (!m) {
    dlcEmitError(imp->fileLoc, "'%s' is not an ONNX model: the protobuf is corrupt or truncated",
                 imp->path);
    return false;
  }
  if (!m->has_ir_version || !m->graph) {
    dlcEmitError(imp->fileLoc, "'%s' is not an ONNX model, or is truncated: it has no %s",
                 imp->path, !m->has_ir_version ? "IR version" : "graph");
    return false;
  }
  if (m->ir_version < DLC_ONNX_MIN_IR_VERSION || m->ir_version > DLC_ONNX_MAX_IR_VERSION) {
    dlcEmitError(imp->fileLoc, "'%s' has IR version %lld; supported are %d to %d", imp->path,
                 (long long)m->ir_version, DLC_ONNX_MIN_IR_VERSION, DLC_ONNX_MAX_IR_VERSION);
    return false;
  }
  imp->graph = m->graph;
  // Nodes check the opset themselves, so that an unsupported one is reported
  // with every other unsupported node.
  imp->opset = 0;
  for (size_t i = 0; i < m->n_opset_import; ++i)
    if (isDefaultDomain(m->opset_import[i]->domain) && m->opset_import[i]->has_version)
      imp->opset = m->opset_import[i]->version;
  return true;
}
