//===- OpsSpectral.c - DFT as products with constant matrices ---*- C -*-===//
//
// DFT along a signal axis is linear: the real and imaginary parts of the
// output are products of the input's parts with constant cosine and sine
// matrices (n_in x K), which also express dft_length (rows past it are 0,
// a shorter input adds nothing), onesided outputs (K = N / 2 + 1) and the
// inverse (the conjugate, over N). The inverse of a onesided spectrum is
// numpy's irfft: a real signal, the frequencies between DC and Nyquist
// counted twice. An axis fed at run time picks among the transforms along
// each axis it may name, or, when the transform resizes the dim, applies
// along every dim the transform or the identity; a dft_length fed at run
// time gives weights computed when the code runs. STFT transforms frames
// gathered from the signal the same way. MelWeightMatrix is a constant
// computed from its scalar inputs, or computed when the code runs from
// run-time ones.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"
#include "Onnx/Translate.h"
#include "Tensor/TensorIO.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int64_t dimOf(MlirValue v, int64_t i) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), i);
}

typedef struct Transform {
  int64_t in, out, n; ///< input length, output length, FFT length
  bool inverse, onesided;
} Transform;

// The weight of input t in output k: cos and sin of the angle, scaled.
static void weights(const Transform *f, int64_t t, int64_t k, double *c, double *s) {
  *c = *s = 0;
  if (t >= f->n) // truncated
    return;
  bool irfft = f->inverse && f->onesided;
  // In the inverse the roles swap: t is a frequency, k a time.
  double theta = 2 * M_PI * (double)(t * k % f->n) / (double)f->n;
  double scale = f->inverse ? 1.0 / (double)f->n : 1;
  if (irfft) {
    if (t > f->n / 2)
      return;
    bool edge = t == 0 || (f->n % 2 == 0 && t == f->n / 2);
    scale *= edge ? 1 : 2;
  }
  *c = scale * cos(theta);
  *s = scale * sin(theta) * (f->inverse ? 1 : -1);
}

// x [.., in] (f64) times the constant [in, out] (cos or sin weights).
static DlcOnnxStatus times(DlcOnnxNode *n, const Transform *f, MlirValue x, bool sine,
                           MlirValue *out) {
  int64_t cells = f->in * f->out, dims[2] = {f->in, f->out};
  double *w = malloc((size_t)(cells + 1) * sizeof *w);
  if (!w)
    abort();
  for (int64_t t = 0; t < f->in; ++t)
    for (int64_t k = 0; k < f->out; ++k) {
      double c, s;
      weights(f, t, k, &c, &s);
      w[t * f->out + k] = sine ? s : c;
    }
  MlirType type =
      mlirRankedTensorTypeGet(2, dims, mlirF64TypeGet(n->ctx), mlirAttributeGetNull());
  DlcOnnxOp m;
  dlcOnnxOpInit(&m, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &m, "value", mlirDenseElementsAttrDoubleGet(type, cells, w));
  free(w);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &m));
  return dlcOnnxBinaryOp(n, "dlc_graph.matmul", x, m.results[0], out);
}

// Channel `c` of the last dim, dropped, with the signal axis moved last,
// in f64: the sums are long, and near-zero outputs need the precision
// ONNX's float64 reference has.
static DlcOnnxStatus channel(DlcOnnxNode *n, MlirValue x, int64_t c, const int64_t *perm,
                             int64_t rank, MlirValue *out) {
  int64_t last = rank - 1;
  MlirValue sliced;
  DLC_ONNX_TRY(dlcOnnxSliceOp(n, x, last, c, c + 1, 1, &sliced));
  DlcOnnxOp squeeze;
  dlcOnnxOpInit(&squeeze, "dlc_graph.squeeze");
  squeeze.operands[0] = sliced;
  dlcOnnxOpInts(n, &squeeze, "axes", &last, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &squeeze));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", squeeze.results[0], perm, rank - 1, out));
  return dlcOnnxCastOp(n, *out, mlirF64TypeGet(n->ctx), out);
}

// x times the weights: the constant matrices of `f`, or, when computed
// when the code runs, `runTime[sine]`.
static DlcOnnxStatus product(DlcOnnxNode *n, const Transform *f, const MlirValue *runTime,
                             MlirValue x, bool sine, MlirValue *out) {
  if (!runTime || mlirValueIsNull(runTime[0]))
    return times(n, f, x, sine, out);
  return dlcOnnxBinaryOp(n, "dlc_graph.matmul", x, runTime[sine], out);
}

// Input `i` (one integer) as a 1-element i64 tensor; `what` names it.
static DlcOnnxStatus oneI64(DlcOnnxNode *n, int i, const char *what, MlirValue *out) {
  int64_t single = 1;
  DLC_ONNX_TRY(dlcOnnxInput(n, i, out));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, *out, mlirIntegerTypeGet(n->ctx, 64), out));
  MlirType type = mlirValueGetType(*out);
  if (mlirShapedTypeGetRank(type) > 1 ||
      (mlirShapedTypeGetRank(type) == 1 && mlirShapedTypeGetDimSize(type, 0) != 1))
    return dlcOnnxError(n, "input '%s' must hold one value", what);
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", *out, &single, 1, out);
}

// Input 1 `dft_length`, known only at run time, as a 1-element i64; one
// below 1 is an invalid input when the code runs.
static DlcOnnxStatus runTimeLength(DlcOnnxNode *n, MlirValue *out) {
  MlirValue one, ok;
  DLC_ONNX_TRY(oneI64(n, 1, "dft_length", out));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirIntegerTypeGet(n->ctx, 64), 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater_equal", *out, one, &ok));
  return dlcOnnxRunTimeCheck(n, ok);
}

// The transform along `axis` (in [0, rank - 1)) of the input's dim there.
static DlcOnnxStatus planDft(DlcOnnxNode *n, MlirValue x, int64_t axis, int64_t parts,
                             int64_t givenN, Transform *f) {
  *f = (Transform){.in = dimOf(x, axis),
                   .inverse = dlcOnnxAttrInt(n, "inverse", 0) != 0,
                   .onesided = dlcOnnxAttrInt(n, "onesided", 0) != 0};
  f->n = givenN >= 0 ? givenN : f->inverse && f->onesided ? 2 * (f->in - 1) : f->in;
  if (f->n < 1 || f->n > 65536 || f->in > 65536)
    return dlcOnnxError(n, "a DFT of length %lld is not supported (1 to 65536)", (long long)f->n);
  f->out = !f->inverse && f->onesided ? f->n / 2 + 1 : f->n;
  if (f->onesided && !f->inverse && parts != 1)
    return dlcOnnxError(n, "a onesided DFT needs a real input");
  return DLC_ONNX_OK;
}

// The DFT `f` of x along `axis`: [.., 2], or [.., 1] for the inverse of a
// onesided spectrum (a real signal).
static DlcOnnxStatus buildDft(DlcOnnxNode *n, MlirValue x, int64_t rank, int64_t parts,
                              int64_t axis, const Transform *f, const MlirValue *weights,
                              MlirValue *out) {
  bool irfft = f->inverse && f->onesided;
  // Parts moved to [.., signal] rows.
  int64_t perm[DLC_MAX_RANK], inverse[DLC_MAX_RANK], r = 0;
  for (int64_t i = 0; i < rank - 1; ++i)
    if (i != axis)
      perm[r++] = i;
  perm[r] = axis;
  for (int64_t i = 0; i < rank - 1; ++i)
    inverse[perm[i]] = i;
  MlirValue re, im = {NULL}, a, b, outRe, outIm;
  DLC_ONNX_TRY(channel(n, x, 0, perm, rank, &re));
  if (parts == 2)
    DLC_ONNX_TRY(channel(n, x, 1, perm, rank, &im));
  // With s the signed sine weight: out = (re + i im)(c + i s).
  DLC_ONNX_TRY(product(n, f, weights, re, false, &outRe));
  if (!mlirValueIsNull(im)) {
    DLC_ONNX_TRY(product(n, f, weights, im, true, &a));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", outRe, a, &outRe));
  }
  int64_t last = rank - 1;
  MlirValue pieces[2];
  MlirType f32 = mlirF32TypeGet(n->ctx);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, outRe, f32, &outRe));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", outRe, inverse, rank - 1, &outRe));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", outRe, &last, 1, &pieces[0]));
  if (irfft) {
    *out = pieces[0];
    return DLC_ONNX_OK;
  }
  DLC_ONNX_TRY(product(n, f, weights, re, true, &outIm));
  if (!mlirValueIsNull(im)) {
    DLC_ONNX_TRY(product(n, f, weights, im, false, &b));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", outIm, b, &outIm));
  }
  DLC_ONNX_TRY(dlcOnnxCastOp(n, outIm, f32, &outIm));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", outIm, inverse, rank - 1, &outIm));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", outIm, &last, 1, &pieces[1]));
  return dlcOnnxConcatOp(n, pieces[0], pieces[1], last, out);
}

// The transform's length along dim `a` of `in`: the given one, else the
// dim (twice the frequencies but one for irfft).
static int64_t lengthAlong(DlcOnnxNode *n, int64_t in, int64_t givenN) {
  bool irfft = dlcOnnxAttrInt(n, "inverse", 0) != 0 && dlcOnnxAttrInt(n, "onesided", 0) != 0;
  return givenN >= 0 ? givenN : irfft ? 2 * (in - 1) : in;
}

// Does the transform along some dim change its size?
static bool resizes(DlcOnnxNode *n, MlirValue x, int64_t rank, int64_t givenN) {
  bool forwardOnesided = dlcOnnxAttrInt(n, "inverse", 0) == 0 && dlcOnnxAttrInt(n, "onesided", 0);
  for (int64_t a = 0; a < rank - 1; ++a) {
    int64_t length = lengthAlong(n, dimOf(x, a), givenN);
    if ((forwardOnesided ? length / 2 + 1 : length) != dimOf(x, a))
      return true;
  }
  return false;
}

// An axis fed at run time whose transform keeps the signal dim's size:
// the transform along every axis it may name, the one it names picked when
// the code runs (rank - 1 transforms' work); the output's shape is static.
static DlcOnnxStatus runTimeAxisDft(DlcOnnxNode *n, MlirValue x, int64_t rank, int64_t parts,
                                    int64_t givenN, MlirValue *out) {
  Transform f[DLC_MAX_RANK];
  for (int64_t a = 0; a < rank - 1; ++a)
    DLC_ONNX_TRY(planDft(n, x, a, parts, givenN, &f[a]));
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue axis;
  DLC_ONNX_TRY(dlcOnnxRunTimeDftAxis(n, rank, NULL, &axis));
  DLC_ONNX_TRY(buildDft(n, x, rank, parts, 0, &f[0], NULL, out));
  for (int64_t a = 1; a < rank - 1; ++a) {
    MlirValue along, here, k;
    DLC_ONNX_TRY(buildDft(n, x, rank, parts, a, &f[a], NULL, &along));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)a, &k));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", axis, k, &here));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, here, along, *out, out));
  }
  return DLC_ONNX_OK;
}

// An axis fed at run time whose transform resizes the dim it names
// (onesided, dft_length; `length` the run-time one, or null): products
// along every dim (RunTimeSpectral.c), each dim of the output `?`. A dim
// whose transform length is out of range is an invalid axis at run time.
static DlcOnnxStatus runTimeAxisResizingDft(DlcOnnxNode *n, MlirValue x, int64_t rank,
                                            int64_t parts, int64_t givenN, MlirValue length,
                                            MlirValue *out) {
  bool inverse = dlcOnnxAttrInt(n, "inverse", 0) != 0;
  bool onesided = dlcOnnxAttrInt(n, "onesided", 0) != 0;
  if (onesided && !inverse && parts != 1)
    return dlcOnnxError(n, "a onesided DFT needs a real input");
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue lengths[DLC_MAX_RANK], axis, re, im = {NULL};
  bool invalid[DLC_MAX_RANK];
  int64_t single = 1, identity[DLC_MAX_RANK];
  for (int64_t a = 0; a < rank - 1; ++a) {
    int64_t in = dimOf(x, a), l = lengthAlong(n, in, givenN);
    identity[a] = a;
    invalid[a] = mlirValueIsNull(length) && (l < 1 || l > 65536 || in > 65536);
    if (!mlirValueIsNull(length)) {
      lengths[a] = length;
      continue;
    }
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)(invalid[a] ? 1 : l), &lengths[a]));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", lengths[a], &single, 1, &lengths[a]));
  }
  DLC_ONNX_TRY(dlcOnnxRunTimeDftAxis(n, rank, invalid, &axis));
  DLC_ONNX_TRY(channel(n, x, 0, identity, rank, &re));
  if (parts == 2)
    DLC_ONNX_TRY(channel(n, x, 1, identity, rank, &im));
  DLC_ONNX_TRY(dlcOnnxRunTimeAxisDft(n, re, im, inverse, onesided, axis, lengths, &re, &im));
  int64_t last = rank - 1;
  MlirType f32 = mlirF32TypeGet(n->ctx);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, re, f32, &re));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", re, &last, 1, &re));
  if (inverse && onesided) {
    *out = re;
    return DLC_ONNX_OK;
  }
  DLC_ONNX_TRY(dlcOnnxCastOp(n, im, f32, &im));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", im, &last, 1, &im));
  return dlcOnnxConcatOp(n, re, im, last, out);
}

static DlcOnnxStatus translateDft(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  MlirType type = mlirValueGetType(x);
  int64_t rank = mlirShapedTypeGetRank(type);
  if (!mlirShapedTypeHasStaticShape(type) || rank < 2 ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(type)))
    return dlcOnnxUnsupported(n, "the input must be float with a static shape");
  int64_t parts = dimOf(x, rank - 1), axis, givenN = -1;
  if (parts != 1 && parts != 2)
    return dlcOnnxError(n, "the last dim must be 1 (real) or 2 (complex), but is %lld",
                        (long long)parts);
  bool axisAtRunTime = false;
  if (n->opset >= 20) {
    axis = -2;
    if (dlcOnnxHasInput(n, 2))
      DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 2, "axis", &axisAtRunTime));
    if (dlcOnnxHasInput(n, 2) && !axisAtRunTime) {
      const DlcTensor *t;
      DLC_ONNX_TRY(dlcOnnxKnownInput(n, 2, "axis", &t));
      axis = (int64_t)dlcOnnxTensorElement(t, 0);
    }
  } else {
    axis = dlcOnnxAttrInt(n, "axis", 1);
  }
  bool lengthAtRunTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "dft_length", &lengthAtRunTime));
  if (dlcOnnxHasInput(n, 1) && !lengthAtRunTime) {
    const DlcTensor *t;
    DLC_ONNX_TRY(dlcOnnxKnownInput(n, 1, "dft_length", &t));
    givenN = (int64_t)dlcOnnxTensorElement(t, 0);
  }
  MlirValue y;
  if (axisAtRunTime && (lengthAtRunTime || resizes(n, x, rank, givenN))) {
    MlirValue length = {NULL};
    if (lengthAtRunTime)
      DLC_ONNX_TRY(runTimeLength(n, &length));
    DLC_ONNX_TRY(runTimeAxisResizingDft(n, x, rank, parts, givenN, length, &y));
    return dlcOnnxSetOutput(n, 0, y);
  }
  if (lengthAtRunTime) {
    // The weights computed when the code runs; the signal dim is `?`.
    axis = axis < 0 ? axis + rank : axis;
    if (axis < 0 || axis >= rank - 1)
      return dlcOnnxError(n, "the signal axis must not be the last (complex) dim");
    MlirValue length, weights[2];
    Transform f;
    DLC_ONNX_TRY(planDft(n, x, axis, parts, -1, &f));
    DLC_ONNX_TRY(runTimeLength(n, &length));
    DLC_ONNX_TRY(dlcOnnxRunTimeDftWeights(n, f.in, f.inverse, f.onesided, length, false,
                                          &weights[0]));
    DLC_ONNX_TRY(dlcOnnxRunTimeDftWeights(n, f.in, f.inverse, f.onesided, length, true,
                                          &weights[1]));
    DLC_ONNX_TRY(buildDft(n, x, rank, parts, axis, &f, weights, &y));
    return dlcOnnxSetOutput(n, 0, y);
  }
  if (axisAtRunTime) {
    DLC_ONNX_TRY(runTimeAxisDft(n, x, rank, parts, givenN, &y));
    return dlcOnnxSetOutput(n, 0, y);
  }
  axis = axis < 0 ? axis + rank : axis;
  if (axis < 0 || axis >= rank - 1)
    return dlcOnnxError(n, "the signal axis must not be the last (complex) dim");
  Transform f;
  DLC_ONNX_TRY(planDft(n, x, axis, parts, givenN, &f));
  DLC_ONNX_TRY(buildDft(n, x, rank, parts, axis, &f, NULL, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

static DlcOnnxStatus positionsConstant(DlcOnnxNode *n, int64_t rows, int64_t cols,
                                       const int64_t *values, MlirValue *out) {
  int64_t dims[2] = {rows, cols};
  MlirType type = mlirRankedTensorTypeGet(2, dims, mlirIntegerTypeGet(n->ctx, 64),
                                          mlirAttributeGetNull());
  DlcOnnxOp c;
  dlcOnnxOpInit(&c, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &c, "value", mlirDenseElementsAttrInt64Get(type, rows * cols, values));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &c));
  *out = c.results[0];
  return DLC_ONNX_OK;
}

// The signal positions of each frame, [frames, length]: i * step + t.
static DlcOnnxStatus constantFrames(DlcOnnxNode *n, int64_t samples, int64_t length, int64_t step,
                                    MlirValue *out) {
  int64_t frames = (samples - length) / step + 1;
  int64_t *positions = malloc((size_t)(frames * length) * sizeof *positions);
  if (!positions)
    abort();
  for (int64_t i = 0; i < frames; ++i)
    for (int64_t t = 0; t < length; ++t)
      positions[i * length + t] = i * step + t;
  DlcOnnxStatus status = positionsConstant(n, frames, length, positions, out);
  free(positions);
  return status;
}

// STFT: the frames (frame_length samples every frame_step, gathered with
// constant positions, or positions computed when the code runs for a
// run-time frame_step or frame_length: the frame count is then `?`) times
// the window, each transformed as DFT does (with matrices computed when
// the code runs for a run-time frame_length).
static DlcOnnxStatus translateStft(DlcOnnxNode *n) {
  MlirValue x, window;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &window));
  const DlcTensor *stepT, *lengthT;
  bool stepAtRunTime;
  int64_t step = 1, length = -1;
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "frame_step", &stepAtRunTime));
  if (!stepAtRunTime) {
    DLC_ONNX_TRY(dlcOnnxKnownInput(n, 1, "frame_step", &stepT));
    step = (int64_t)dlcOnnxTensorElement(stepT, 0);
  }
  // Without a window, a frame_length known only at run time sizes the
  // frames and the transform's matrices when the code runs.
  bool lengthAtRunTime = false;
  if (dlcOnnxHasInput(n, 3) && mlirValueIsNull(window))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 3, "frame_length", &lengthAtRunTime));
  if (dlcOnnxHasInput(n, 3) && !lengthAtRunTime) {
    DLC_ONNX_TRY(dlcOnnxKnownInput(n, 3, "frame_length", &lengthT));
    length = (int64_t)dlcOnnxTensorElement(lengthT, 0);
  }
  MlirType type = mlirValueGetType(x);
  if (!mlirShapedTypeHasStaticShape(type) || mlirShapedTypeGetRank(type) != 3 ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(type)))
    return dlcOnnxUnsupported(n, "the signal must be float, [batch, length, 1 or 2], with a "
                                 "static shape");
  if (!mlirValueIsNull(window)) {
    MlirType wt = mlirValueGetType(window);
    if (mlirShapedTypeGetRank(wt) != 1 || mlirShapedTypeIsDynamicDim(wt, 0))
      return dlcOnnxError(n, "input 'window' must be 1-D with a static size");
    int64_t wl = mlirShapedTypeGetDimSize(wt, 0);
    if (length >= 0 && wl != length)
      return dlcOnnxError(n, "input 'window' has %lld values, but 'frame_length' is %lld",
                          (long long)wl, (long long)length);
    length = wl;
  }
  int64_t samples = dimOf(x, 1), parts = dimOf(x, 2);
  if (!lengthAtRunTime && (length < 1 || length > samples || length > 65536))
    return dlcOnnxError(n, "the frame length (from 'frame_length' or 'window') must be in "
                           "[1, %lld]",
                        (long long)(samples < 65536 ? samples : 65536));
  if (step < 1)
    return dlcOnnxError(n, "input 'frame_step' must be positive, but is %lld", (long long)step);
  if (parts != 1 && parts != 2)
    return dlcOnnxError(n, "the last dim must be 1 (real) or 2 (complex), but is %lld",
                        (long long)parts);
  Transform f = {.in = length, .n = length, .onesided = dlcOnnxAttrInt(n, "onesided", 1) != 0};
  f.out = f.onesided ? length / 2 + 1 : length;
  if (f.onesided && parts != 1)
    return dlcOnnxError(n, "a onesided STFT needs a real signal");
  MlirValue positions, weights[2] = {{NULL}, {NULL}};
  if (stepAtRunTime || lengthAtRunTime) {
    MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
    MlirValue stepV, lengthV;
    int64_t single = 1;
    if (stepAtRunTime) {
      DLC_ONNX_TRY(oneI64(n, 1, "frame_step", &stepV));
    } else {
      DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)step, &stepV));
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", stepV, &single, 1, &stepV));
    }
    if (lengthAtRunTime) {
      DLC_ONNX_TRY(oneI64(n, 3, "frame_length", &lengthV));
      DLC_ONNX_TRY(dlcOnnxRunTimeDftWeights(n, -1, false, f.onesided, lengthV, false, &weights[0]));
      DLC_ONNX_TRY(dlcOnnxRunTimeDftWeights(n, -1, false, f.onesided, lengthV, true, &weights[1]));
    } else {
      DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)length, &lengthV));
    }
    DLC_ONNX_TRY(dlcOnnxRunTimeFrames(n, samples, length, lengthV, stepV, &positions));
  } else {
    DLC_ONNX_TRY(constantFrames(n, samples, length, step, &positions));
  }
  static const int64_t keep[2] = {0, 1};
  MlirValue part[2] = {{NULL}, {NULL}}, w = {NULL};
  if (!mlirValueIsNull(window))
    DLC_ONNX_TRY(dlcOnnxCastOp(n, window, mlirF64TypeGet(n->ctx), &w));
  for (int64_t c = 0; c < parts; ++c) {
    DlcOnnxOp gather;
    DLC_ONNX_TRY(channel(n, x, c, keep, 3, &part[c]));
    dlcOnnxOpInit(&gather, "dlc_graph.gather");
    gather.operands[0] = part[c], gather.operands[1] = positions;
    dlcOnnxOpInt(n, &gather, "axis", 1);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
    part[c] = gather.results[0];
    if (!mlirValueIsNull(w))
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", part[c], w, &part[c]));
  }
  // With s the signed sine weight: out = (re + i im)(c + i s).
  MlirValue re, im, a, pieces[2];
  DLC_ONNX_TRY(product(n, &f, weights, part[0], false, &re));
  DLC_ONNX_TRY(product(n, &f, weights, part[0], true, &im));
  if (parts == 2) {
    DLC_ONNX_TRY(product(n, &f, weights, part[1], true, &a));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", re, a, &re));
    DLC_ONNX_TRY(product(n, &f, weights, part[1], false, &a));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", im, a, &im));
  }
  int64_t last = 3;
  MlirType f32 = mlirF32TypeGet(n->ctx);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, re, f32, &re));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, im, f32, &im));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", re, &last, 1, &pieces[0]));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", im, &last, 1, &pieces[1]));
  DlcOnnxOp cat;
  dlcOnnxOpInit(&cat, "dlc_graph.concat");
  cat.operands[0] = pieces[0], cat.operands[1] = pieces[1];
  dlcOnnxOpInt(n, &cat, "axis", last);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &cat));
  return dlcOnnxSetOutput(n, 0, cat.results[0]);
}

// One scalar input known now (bound with --bind-shape-inputs when fed).
static DlcOnnxStatus scalarInput(DlcOnnxNode *n, int i, const char *what, double *out) {
  const DlcTensor *t;
  DLC_ONNX_TRY(dlcOnnxKnownInput(n, i, what, &t));
  if (dlcTensorNumElements(t) != 1)
    return dlcOnnxError(n, "input '%s' must hold one value", what);
  *out = dlcOnnxTensorElement(t, 0);
  return DLC_ONNX_OK;
}

// MelWeightMatrix as ONNX's reference computes it: num_mel_bins + 2 points
// evenly spaced in mels between the edges (in float, as the reference's
// float32 edges are), mapped back to hertz and floored to DFT bins; each
// mel bin is a triangle from its left point up to its center and down to
// its right point, over the [dft_length / 2 + 1, num_mel_bins] matrix.
static DlcOnnxStatus translateMelWeightMatrix(DlcOnnxNode *n) {
  // Inputs known only at run time: the same computed when the code runs
  // (RunTimeSizes.c).
  static const char *names[5] = {"num_mel_bins", "dft_length", "sample_rate", "lower_edge_hertz",
                                 "upper_edge_hertz"};
  bool runTime = false;
  for (int i = 0; i < 5; ++i) {
    bool here;
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, i, names[i], &here));
    runTime |= here;
  }
  if (runTime) {
    MlirType elt = dlcOnnxElementType(n->ctx, (int32_t)dlcOnnxAttrInt(n, "output_datatype", 1));
    if (mlirTypeIsNull(elt))
      return dlcOnnxUnsupported(n, "attribute 'output_datatype' names a type DLC does not support");
    MlirValue w;
    DLC_ONNX_TRY(dlcOnnxRunTimeMelWeightMatrix(n, elt, &w));
    return dlcOnnxSetOutput(n, 0, w);
  }
  double mels, length, rate, lower, upper;
  DLC_ONNX_TRY(scalarInput(n, 0, "num_mel_bins", &mels));
  DLC_ONNX_TRY(scalarInput(n, 1, "dft_length", &length));
  DLC_ONNX_TRY(scalarInput(n, 2, "sample_rate", &rate));
  DLC_ONNX_TRY(scalarInput(n, 3, "lower_edge_hertz", &lower));
  DLC_ONNX_TRY(scalarInput(n, 4, "upper_edge_hertz", &upper));
  if (!(mels >= 1 && mels <= 65536 && length >= 1 && length <= 65536 && rate >= 1))
    return dlcOnnxError(n, "inputs 'num_mel_bins' and 'dft_length' must be in [1, 65536] and "
                           "'sample_rate' positive, but are %g, %g and %g",
                        mels, length, rate);
  DlcDType dtype;
  if (!dlcDTypeFromOnnx((int32_t)dlcOnnxAttrInt(n, "output_datatype", 1), &dtype))
    return dlcOnnxUnsupported(n, "attribute 'output_datatype' names a type DLC does not support");
  int64_t bins = (int64_t)mels, rows = (int64_t)length / 2 + 1, dims[2] = {rows, bins};
  int64_t *point = dlcOnnxScratch(n, (size_t)(bins + 2) * sizeof *point);
  double *w = calloc((size_t)(rows * bins), sizeof *w);
  if (!point || !w) {
    free(w);
    return dlcOnnxError(n, "out of memory");
  }
  float lowMel = 2595 * log10f(1 + (float)lower / 700);
  float highMel = 2595 * log10f(1 + (float)upper / 700);
  float step = (highMel - lowMel) / (float)(bins + 2);
  for (int64_t i = 0; i < bins + 2; ++i) {
    double hz = 700 * (pow(10, ((double)i * step + lowMel) / 2595) - 1);
    point[i] = (int64_t)floor((length + 1) * hz / rate);
  }
  for (int64_t i = 0; i < bins; ++i) {
    int64_t left = point[i], center = point[i + 1], right = point[i + 2];
    // Points outside the matrix (edges past the Nyquist rate) weigh nothing.
    for (int64_t j = left < 0 ? 0 : left; j <= center && j < rows; ++j)
      w[j * bins + i] = center == left ? 1 : (double)(j - left) / (double)(center - left);
    for (int64_t j = center < 0 ? 0 : center; j < right && j < rows; ++j)
      w[j * bins + i] = (double)(right - j) / (double)(right - center);
  }
  DlcTensor t;
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, 2, dims, &t))) {
    free(w);
    return dlcOnnxError(n, "out of memory");
  }
  for (int64_t k = 0; k < rows * bins; ++k)
    dlcOnnxSetTensorElement(&t, k, w[k]);
  free(w);
  return dlcOnnxDefineConstant(n, 0, &t);
}

#define DFT_LIMITS                                                                                 \
  "Float input with a static shape. A `dft_length` not known at compile time is read when the "    \
  "code runs (the weights are then computed when the code runs; the signal dim is `?`; a "         \
  "length below 1 is an invalid input). An `axis` input not known at compile time is read when "   \
  "the code runs: the transform along each axis it may name, one picked (rank - 1 times the "      \
  "work); when the transform resizes the dim (onesided, `dft_length`), products along every "      \
  "dim with the transform's weights where the axis names it and the identity elsewhere (each "     \
  "dim not named costs its size in work per element), and every dim the axis may name is `?`. "    \
  "An axis out of range is an invalid input when the code runs. The transform is a product "       \
  "with constant matrices: n^2 work per signal."

static const DlcOnnxOpEntry ops[] = {
    {"DFT", 17, translateDft, {A_INT("axis"), A_INT("inverse"), A_INT("onesided")},
     "dlc_graph.matmul", DFT_LIMITS},
    {"DFT", 20, translateDft, {A_INT("inverse"), A_INT("onesided")}, "dlc_graph.matmul",
     DFT_LIMITS},
    {"STFT", 17, translateStft, {A_INT("onesided")}, "dlc_graph.matmul",
     "Float signal with a static shape. A `frame_step` or `frame_length` not known at compile "
     "time is read when the code runs (the frame count, and for a run-time length the frame "
     "and bin counts, are `?`; the matrices are then computed when the code runs). Each frame's transform is a product with constant matrices: n^2 work per frame."},
    {"MelWeightMatrix", 17, translateMelWeightMatrix, {A_INT("output_datatype")},
     "dlc_graph.constant",
     "Inputs not known at compile time are read when the code runs (the matrix is then computed "
     "when the code runs; its dims are `?`)."},
};

const DlcOnnxOpEntry *dlcOnnxSpectralOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
