// Helper of tools/ort-intermediates.py: runs one ONNX model with onnxruntime
// (CPU, from the onnxruntime-node npm package) and writes every output as a
// .npy file. The Python side does everything ONNX-specific (adding the
// intermediate values as graph outputs, reading .pb inputs, naming files);
// this side only has what Python cannot reach: onnxruntime.
//
//   node ort-intermediates.js REQUEST.json RESULT.json
//
// REQUEST.json: {"model": PATH,
//                "inputs": [{"name", "type", "dims", "file"} ...],
//                "outputs": [{"name", "file"} ...]}
// where an input's "file" holds its raw little-endian C-order elements (a
// string tensor has "values" instead). RESULT.json gets
// {"version": "X.Y.Z", "written": [NAME ...], "skipped": [{"name", "reason"}]}.
// The onnxruntime-node package is looked up in $DLC_ORT_MODULES, which the
// Python side always sets.
//
// Exit status: 0 done, 3 the session could not be created (Python may retry
// with less type information on the extra outputs), 2 any other failure; the
// message is on stderr.
'use strict';

const fs = require('fs');
const path = require('path');

// Typed arrays for the element types onnxruntime-node accepts as input.
// float16 travels as its bits (node 20 has no Float16Array).
const ARRAYS = {
  float32: Float32Array, float64: Float64Array, float16: Uint16Array,
  int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array,
  int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array,
  uint64: BigUint64Array, bool: Uint8Array,
};

// .npy descr of each output element type; x86 and arm hosts are
// little-endian, so the typed arrays' bytes are already '<'.
const DESCR = {
  float32: '<f4', float64: '<f8', float16: '<f2', int8: '|i1', uint8: '|u1',
  int16: '<i2', uint16: '<u2', int32: '<i4', uint32: '<u4', int64: '<i8',
  uint64: '<u8', bool: '|b1',
};

class CreateError extends Error {}

function readInput(spec) {
  if (spec.type === 'string') return [spec.values, spec.dims];
  const ArrayType = ARRAYS[spec.type];
  if (!ArrayType) throw new Error(`input '${spec.name}': element type ${spec.type} is not supported`);
  const bytes = fs.readFileSync(spec.file);
  // Copied into a fresh ArrayBuffer: a Buffer's offset into its pool need not
  // be a multiple of the element size.
  const data = new ArrayType(bytes.byteLength / ArrayType.BYTES_PER_ELEMENT);
  new Uint8Array(data.buffer).set(bytes);
  return [data, spec.dims];
}

function npyHeader(descr, dims) {
  const shape = dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  // Format 1.0; numpy pads the header so that the data starts on a 64-byte
  // boundary, ending it with '\n'.
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = header.padEnd(total - 10 - 1, ' ') + '\n';
  const buf = Buffer.alloc(10 + header.length);
  buf.write('\x93NUMPY', 0, 'latin1');
  buf.writeUInt8(1, 6);
  buf.writeUInt8(0, 7);
  buf.writeUInt16LE(header.length, 8);
  buf.write(header, 10, 'latin1');
  return buf;
}

// Returns null when written, or why not.
function writeNpy(file, tensor) {
  const dims = tensor.dims.map(Number);
  let descr;
  let body;
  if (tensor.type === 'string') {
    // numpy's unicode dtype: UTF-32LE code points, each string padded with
    // zeros to the longest one.
    const points = tensor.data.map((s) => Array.from(s, (c) => c.codePointAt(0)));
    const width = points.reduce((w, p) => Math.max(w, p.length), 1);
    const u32 = new Uint32Array(points.length * width);
    points.forEach((p, i) => u32.set(p, i * width));
    descr = `<U${width}`;
    body = Buffer.from(u32.buffer);
  } else {
    descr = DESCR[tensor.type];
    if (!descr) return `element type ${tensor.type} has no numpy dtype`;
    const data = tensor.data;
    body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, npyHeader(descr, dims));
    // writeSync may write less than asked for large buffers.
    for (let off = 0; off < body.length;)
      off += fs.writeSync(fd, body, off, body.length - off);
  } finally {
    fs.closeSync(fd);
  }
  return null;
}

async function main() {
  const [requestFile, resultFile] = process.argv.slice(2);
  if (!requestFile || !resultFile)
    throw new Error('usage: node ort-intermediates.js REQUEST.json RESULT.json');
  const modules = process.env.DLC_ORT_MODULES;
  if (!modules) throw new Error('DLC_ORT_MODULES is not set');
  const ort = require(path.join(modules, 'onnxruntime-node'));
  const request = JSON.parse(fs.readFileSync(requestFile, 'utf8'));

  let session;
  try {
    session = await ort.InferenceSession.create(request.model, {
      executionProviders: ['cpu'],
      // No fusion or layout rewriting: each value as its own node computes
      // it, which is what a bisection compares against.
      graphOptimizationLevel: 'disabled',
      // Warnings (e.g. about the added outputs' declared shapes) are noise.
      logSeverityLevel: 3,
    });
  } catch (e) {
    throw new CreateError(String(e && e.message || e));
  }

  const feeds = {};
  for (const spec of request.inputs) {
    const [data, dims] = readInput(spec);
    feeds[spec.name] = new ort.Tensor(spec.type, data, dims);
  }
  const results = await session.run(feeds);

  const written = [];
  const skipped = [];
  for (const spec of request.outputs) {
    const tensor = results[spec.name];
    let reason;
    if (!tensor) reason = 'onnxruntime returned no value';
    else if (!(tensor instanceof ort.Tensor)) reason = 'not a tensor';
    else reason = writeNpy(spec.file, tensor);
    if (reason) skipped.push({ name: spec.name, reason });
    else written.push(spec.name);
  }
  const version = require(path.join(modules, 'onnxruntime-node', 'package.json')).version;
  fs.writeFileSync(resultFile, JSON.stringify({ version, written, skipped }));
}

main().catch((e) => {
  console.error(String(e && e.message || e));
  process.exit(e instanceof CreateError ? 3 : 2);
});
