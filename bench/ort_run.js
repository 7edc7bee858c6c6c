// Time onnxruntime (CPU execution provider, from the onnxruntime-node npm
// package) on an ONNX model.
//
//   node ort_run.js --version
//       prints the onnxruntime-node version and checks the native library loads
//   node ort_run.js MODEL INPUT.npy... [--threads T] [--repeat N]
//       one-shot: loads MODEL, runs it N times after a warm-up, prints
//       "latency: min=X ms median=Y ms over N runs" (used for peak-RSS runs)
//   node ort_run.js --serve --threads T
//       reads one JSON request per line on stdin,
//         {"model": PATH, "inputs": [NPY...], "warmup": W, "iters": N}
//       and answers one JSON line {"times_ms": [...]} (or {"error": ...}).
//       Sessions are cached per model, so the driver can interleave rounds
//       of onnxruntime with the other systems without paying session creation
//       (graph optimization) each round, the way an application would.
//
// The timing loop is inside node: each sample is one awaited session.run(),
// so it includes the N-API call and promise overhead (tens of microseconds),
// which is part of what a node user of onnxruntime pays.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

// The package lives in bench/node_modules, next to this script.
const ort = require(path.join(__dirname, 'node_modules', 'onnxruntime-node'));

// Minimal .npy reader: little-endian, C order, the dtypes the benchmarks use.
const NPY_TYPES = {
  '<f4': ['float32', Float32Array],
  '<f8': ['float64', Float64Array],
  '<i8': ['int64', BigInt64Array],
  '<i4': ['int32', Int32Array],
};

function readNpy(file) {
  const buf = fs.readFileSync(file);
  if (buf.readUInt8(0) !== 0x93 || buf.toString('latin1', 1, 6) !== 'NUMPY')
    throw new Error(`${file}: not a .npy file`);
  const major = buf.readUInt8(6);
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const headerStart = major === 1 ? 10 : 12;
  const header = buf.toString('latin1', headerStart, headerStart + headerLen);
  const descr = /'descr':\s*'([^']+)'/.exec(header)[1];
  if (/'fortran_order':\s*True/.test(header))
    throw new Error(`${file}: Fortran order is not supported`);
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)[1];
  const shape = shapeText.split(',').map((s) => s.trim()).filter((s) => s)
    .map(Number);
  const type = NPY_TYPES[descr];
  if (!type) throw new Error(`${file}: dtype ${descr} is not supported`);
  const [ortType, ArrayType] = type;
  const dataStart = headerStart + headerLen;
  // Copy into a fresh, aligned ArrayBuffer (the file buffer's data offset
  // need not be a multiple of the element size).
  const bytes = buf.subarray(dataStart);
  const data = new ArrayType(bytes.byteLength / ArrayType.BYTES_PER_ELEMENT);
  new Uint8Array(data.buffer).set(bytes);
  return new ort.Tensor(ortType, data, shape);
}

const sessions = new Map();

async function getSession(model, threads) {
  if (!sessions.has(model)) {
    sessions.set(model, await ort.InferenceSession.create(model, {
      executionProviders: ['cpu'],
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    }));
  }
  return sessions.get(model);
}

async function timeModel(model, inputs, threads, warmup, iters) {
  const session = await getSession(model, threads);
  if (inputs.length !== session.inputNames.length)
    throw new Error(`${model}: takes ${session.inputNames.length} inputs, ` +
      `got ${inputs.length}`);
  const feeds = {};
  session.inputNames.forEach((name, i) => { feeds[name] = readNpy(inputs[i]); });
  const times = [];
  for (let i = 0; i < warmup + iters; ++i) {
    const t0 = process.hrtime.bigint();
    await session.run(feeds);
    const t1 = process.hrtime.bigint();
    if (i >= warmup) times.push(Number(t1 - t0) / 1e6);
  }
  return times;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function parseArgs(argv) {
  const opts = { threads: 1, repeat: 10, serve: false, positional: [] };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    if (a === '--threads') opts.threads = Number(argv[++i]);
    else if (a === '--repeat') opts.repeat = Number(argv[++i]);
    else if (a === '--serve') opts.serve = true;
    else if (a === '--version') opts.version = true;
    else opts.positional.push(a);
  }
  return opts;
}

async function serve(threads) {
  const rl = readline.createInterface({ input: process.stdin });
  for await (const line of rl) {
    if (!line.trim()) continue;
    let reply;
    try {
      const req = JSON.parse(line);
      reply = { times_ms: await timeModel(req.model, req.inputs, threads,
        req.warmup ?? 1, req.iters ?? 1) };
    } catch (e) {
      reply = { error: String(e && e.message || e) };
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.version) {
    // Loading dist/binding.js dlopens onnxruntime_binding.node and, through
    // it, the bundled libonnxruntime.so: this fails if the native CPU library
    // cannot load on this machine.
    const native = require(path.join(__dirname, 'node_modules',
      'onnxruntime-node', 'dist', 'binding.js')).binding;
    if (!native || typeof native.InferenceSession !== 'function')
      throw new Error('onnxruntime-node native binding did not load');
    console.log(`onnxruntime-node ${ort.env.versions.node} (native library loaded)`);
    return;
  }
  if (opts.serve) return serve(opts.threads);
  const [model, ...inputs] = opts.positional;
  if (!model) {
    console.error('usage: node ort_run.js MODEL INPUT.npy... [--threads T] ' +
      '[--repeat N] | --serve --threads T | --version');
    process.exit(2);
  }
  const times = await timeModel(model, inputs, opts.threads, 1, opts.repeat);
  console.log(`latency: min=${Math.min(...times)} ms median=${median(times)} ms ` +
    `over ${times.length} runs`);
}

main().catch((e) => { console.error(String(e && e.stack || e)); process.exit(2); });
