//===- RunTimeValues.h - Ops of values fed at run time ----------*- C -*-===//

#ifndef DLC_ONNX_RUNTIMEVALUES_H
#define DLC_ONNX_RUNTIMEVALUES_H

#include "Dialect/Graph/ShapeOpParams.h"
#include "Onnx/Translate.h"

/// Squeeze (Unsqueeze when `unsqueeze`) of `x` by the axes of input 1,
/// known only at run time: a reshape to a shape computed from them when the
/// code runs. The result rank follows from the axes' static length.
DlcOnnxStatus dlcOnnxSqueezeAtRunTime(DlcOnnxNode *n, MlirValue x, bool unsqueeze, MlirValue *out);

/// Where the i1 `ok` (any shape) is false when the code runs, the entry
/// returns DlcStatusInvalidInput, naming the node.
DlcOnnxStatus dlcOnnxRunTimeCheck(DlcOnnxNode *n, MlirValue ok);

/// 0, 1, .. count-1 (i64, length `?`) for the 1-element i64 `count`,
/// known only at run time.
DlcOnnxStatus dlcOnnxRunTimeIota(DlcOnnxNode *n, MlirValue count, MlirValue *out);

//===----------------------------------------------------------------------===//
// Ops whose sizes are fed at run time (RunTimeSizes.c)
//===----------------------------------------------------------------------===//

/// The window of input 0 `size` (one integer known only at run time) with
/// coefficients a0 - a1 cos(x) + a2 cos(2x), x = 2 pi k / N, N the size
/// (periodic) or the size - 1; `?` long, of element type `elt`.
DlcOnnxStatus dlcOnnxRunTimeWindow(DlcOnnxNode *n, const double a[3], bool periodic,
                                   MlirType elt, MlirValue *out);

/// `x` padded in edge, reflect or wrap `mode` by the 1-D i64 `pads`
/// (begins then ends) known only at run time, for `axes` (all dims when
/// `numAxes` < 0): a gather per padded dim, whose size becomes `?`.
DlcOnnxStatus dlcOnnxRunTimePadGather(DlcOnnxNode *n, MlirValue x, DlcPadMode mode, MlirValue pads,
                                      const int64_t *axes, int64_t numAxes, MlirValue *out);

/// AffineGrid of `theta` (N x dims x dims+1) for input 1 `size` known only
/// at run time (N, C, then the dims spatial sizes; its static length
/// decides the rank): N x ? .. x dims.
DlcOnnxStatus dlcOnnxRunTimeAffineGrid(DlcOnnxNode *n, MlirValue theta, bool align,
                                       MlirValue *out);

/// Col2Im of the static [N, C*K, L] `x` for inputs 1 `image_shape` and 2
/// `block_shape` known only at run time (their static length decides the
/// rank) and the node's dilations, pads and strides: [N, ?, ? ..]. Each
/// output position sums, over the block offsets, the element whose block
/// lands there (a gather): N * C * K * positions work.
DlcOnnxStatus dlcOnnxRunTimeCol2Im(DlcOnnxNode *n, MlirValue x, MlirValue *out);
/// Col2Im's dilations, pads and strides (NULL when absent) for `s` spatial
/// dims; an error naming them when a length differs.
DlcOnnxStatus dlcOnnxCol2ImAttributes(DlcOnnxNode *n, int64_t s, const int64_t **dil,
                                      const int64_t **pads, const int64_t **strides);

/// MelWeightMatrix of inputs known only at run time (num_mel_bins,
/// dft_length, sample_rate, lower and upper edge hertz, one value each) as
/// ONNX's reference computes it, [dft_length / 2 + 1, num_mel_bins] (`?`
/// dims) of element type `elt`.
DlcOnnxStatus dlcOnnxRunTimeMelWeightMatrix(DlcOnnxNode *n, MlirType elt, MlirValue *out);

//===----------------------------------------------------------------------===//
// DFT and STFT pieces of run-time sizes (RunTimeSpectral.c)
//===----------------------------------------------------------------------===//

/// The DFT weights for a transform length known only at run time (the
/// 1-element i64 `length`), as OpsSpectral's constant ones: an f64 [in, K]
/// matrix of cos (or the signed sin when `sine`) of 2 pi ((t k) mod length)
/// / length, K = length / 2 + 1 for a onesided forward transform, else
/// length; rows past the length are 0, the inverse scaled by 1 / length
/// (irfft: rows past length / 2 dropped, the inner ones doubled). `in` < 0:
/// `length` rows too.
DlcOnnxStatus dlcOnnxRunTimeDftWeights(DlcOnnxNode *n, int64_t in, bool inverse, bool onesided,
                                       MlirValue length, bool sine, MlirValue *out);

/// DFT's input 2 `axis`, known only at run time, as a 0-d i64 in [0, rank -
/// 1) (negative ones counted from the back) for an input of `rank`. One
/// outside that range, or naming a dim `invalid` marks (when not NULL: a
/// transform length the dim cannot take), is DlcStatusInvalidInput when
/// the code runs.
DlcOnnxStatus dlcOnnxRunTimeDftAxis(DlcOnnxNode *n, int64_t rank, const bool *invalid,
                                    MlirValue *out);

/// The DFT along `axis` (a 0-d i64 in [0, rank), known only at run time) of
/// the f64 parts `re` and `im` (null for a real signal) of the static shape
/// [d0, .., d(rank-1)] (the complex dim dropped), of length `lengths[d]`
/// (1-element i64) when `axis` is d: products along every dim, with the
/// transform's weights where the axis names it and the identity elsewhere.
/// The f64 parts of the result, every dim `?`.
DlcOnnxStatus dlcOnnxRunTimeAxisDft(DlcOnnxNode *n, MlirValue re, MlirValue im, bool inverse,
                                    bool onesided, MlirValue axis, const MlirValue *lengths,
                                    MlirValue *reOut, MlirValue *imOut);

/// STFT's signal positions [frames, length] for a step or a frame length
/// known only at run time (1-element i64 `step` and `lengthV`; `length` the
/// static length, or -1): (samples - length) / step + 1 frames (`?`) of i *
/// step + t. A step of 0 is a run-time division error.
DlcOnnxStatus dlcOnnxRunTimeFrames(DlcOnnxNode *n, int64_t samples, int64_t length,
                                   MlirValue lengthV, MlirValue step, MlirValue *out);

//===----------------------------------------------------------------------===//
// Training-mode Dropout (TrainingDropout.c)
//===----------------------------------------------------------------------===//

/// Dropout of `x` in training mode: each element kept when a uniform draw
/// in [0, 1), a hash of `seed` and the element's coordinates, is at least
/// the one-value float `ratio`, and then scaled by 1 / (1 - ratio). With
/// `training` (a one-value bool known only at run time; null when known
/// true) false, everything is kept unscaled. A ratio outside [0, 1) in
/// training mode is DlcStatusInvalidInput when the code runs, unless
/// `ratioChecked` (a constant known to be in range). `*mask` is the i1
/// keep mask.
DlcOnnxStatus dlcOnnxTrainingDropout(DlcOnnxNode *n, MlirValue x, MlirValue ratio,
                                     bool ratioChecked, MlirValue training, int64_t seed,
                                     MlirValue *out, MlirValue *mask);

#endif
