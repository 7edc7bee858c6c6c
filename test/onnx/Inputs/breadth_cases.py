#!/usr/bin/python3
"""Writes one-node models of the ops decomposed in OpsSelect.c,
OpsGridSample.c, OpsNorm.c (LRN, GroupNormalization), OpsQuant.c
(ConvInteger, QLinearConv) and OpsLinear.c (Det), for the forms the ONNX
node tests leave out, with NumPy's results (PyTorch's for GridSample) as
test data: DIR/NAME/model.onnx and DIR/NAME/test_data_set_0/*.pb. Broken
or unsupported models are written as DIR/NAME.onnx.

    breadth_cases.py DIR
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

RNG = np.random.default_rng(0)
TYPES = {np.dtype(np.float32): T.FLOAT, np.dtype(np.float64): T.DOUBLE, np.dtype(np.int64): T.INT64,
         np.dtype(np.int32): T.INT32, np.dtype(np.uint8): T.UINT8, np.dtype(np.int8): T.INT8}


def make(op, inputs, outputs, opset, **attrs):
    """inputs/outputs: lists of (name, array or (elem, shape))."""
    def info(name, a):
        if isinstance(a, tuple):
            return helper.make_tensor_value_info(name, a[0], a[1])
        return helper.make_tensor_value_info(name, TYPES[a.dtype], a.shape)
    node = helper.make_node(op, [n for n, _ in inputs], [n for n, _ in outputs], name="n", **attrs)
    graph = helper.make_graph([node], "g", [info(n, a) for n, a in inputs if n],
                              [info(n, a) for n, a in outputs])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model


def case(out, name, op, inputs, outputs, opset, **attrs):
    d = os.path.join(out, name, "test_data_set_0")
    os.makedirs(d, exist_ok=True)
    onnx.save(make(op, inputs, outputs, opset, **attrs), os.path.join(out, name, "model.onnx"))
    for kind, values in (("input", inputs), ("output", outputs)):
        for i, (_, a) in enumerate(v for v in values if v[0]):
            with open(os.path.join(d, "%s_%d.pb" % (kind, i)), "wb") as f:
                f.write(numpy_helper.from_array(np.array(a, order="C")).SerializeToString())


def broken(out, name, op, inputs, outputs, opset, **attrs):
    onnx.save(make(op, inputs, outputs, opset, **attrs), os.path.join(out, name + ".onnx"))


def randn(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


# --- references -------------------------------------------------------------

def gather_nd(data, indices, b):
    batch = data.shape[:b]
    out = []
    for bi in np.ndindex(*batch) if b else [()]:
        d, idx = data[bi], indices[bi]
        out.append(np.stack([d[tuple(t)] for t in idx.reshape(-1, idx.shape[-1])]).reshape(
            idx.shape[:-1] + d.shape[idx.shape[-1]:]))
    return np.stack(out).reshape(batch + out[0].shape) if b else out[0]


def col2im(x, image, block, dil, pads, strides):
    n, ck, _ = x.shape
    s = len(image)
    k = int(np.prod(block))
    padded = [image[i] + pads[i] + pads[s + i] for i in range(s)]
    blocks = [(padded[i] - (dil[i] * (block[i] - 1) + 1)) // strides[i] + 1 for i in range(s)]
    y = np.zeros((n, ck // k) + tuple(padded), x.dtype)
    cols = x.reshape(n, ck // k, k, -1)
    for ki, kk in enumerate(np.ndindex(*block)):
        for li, ll in enumerate(np.ndindex(*blocks)):
            at = tuple(ll[i] * strides[i] + kk[i] * dil[i] for i in range(s))
            y[(slice(None), slice(None)) + at] += cols[:, :, ki, li]
    return y[(slice(None), slice(None)) + tuple(slice(pads[i], pads[i] + image[i]) for i in range(s))]


def lrn(x, size, alpha, beta, bias):
    sq = np.zeros_like(x)
    c = x.shape[1]
    for i in range(c):
        lo, hi = max(0, i - (size - 1) // 2), min(c - 1, i + size // 2)
        sq[:, i] = (x[:, lo:hi + 1] ** 2).sum(axis=1)
    return (x / (bias + alpha / size * sq) ** beta).astype(np.float32)


def conv(x, w, pads, strides, group):
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    oh = (xp.shape[2] - kh) // strides[0] + 1
    ow = (xp.shape[3] - kw) // strides[1] + 1
    y = np.zeros((n, m, oh, ow), np.int64)
    for mm in range(m):
        g = mm // (m // group)
        for i in range(oh):
            for j in range(ow):
                patch = xp[:, g * cg:(g + 1) * cg, i * strides[0]:i * strides[0] + kh,
                           j * strides[1]:j * strides[1] + kw]
                y[:, mm, i, j] = (patch * w[mm]).sum(axis=(1, 2, 3))
    return y


def bilinear_zeros(img, y, x):
    """img [H, W] at (y, x); neighbours outside read 0 (GridSample zeros)."""
    h, w = img.shape
    y0, x0 = int(np.floor(y)), int(np.floor(x))
    v = 0.0
    for yy, wy in ((y0, 1 - (y - y0)), (y0 + 1, y - y0)):
        for xx, wx in ((x0, 1 - (x - x0)), (x0 + 1, x - x0)):
            if 0 <= yy < h and 0 <= xx < w:
                v += wy * wx * img[yy, xx]
    return v


def deform_conv(x, w, offset, mask, bias, strides, pads, dil, group, og):
    n, c, h, wd = x.shape
    m, cg, kh, kw = w.shape
    _, _, oh, ow = offset.shape
    off = offset.reshape(n, og, kh, kw, 2, oh, ow)
    msk = mask.reshape(n, og, kh, kw, oh, ow)
    y = np.zeros((n, m, oh, ow))
    for b in range(n):
        for mm in range(m):
            g = mm // (m // group)
            for ci in range(cg):
                ch = g * cg + ci
                o = ch // (c // og)
                for i in range(oh):
                    for j in range(ow):
                        for a in range(kh):
                            for e in range(kw):
                                py = i * strides[0] - pads[0] + a * dil[0] + off[b, o, a, e, 0, i, j]
                                px = j * strides[1] - pads[1] + e * dil[1] + off[b, o, a, e, 1, i, j]
                                y[b, mm, i, j] += (w[mm, ci, a, e] * msk[b, o, a, e, i, j] *
                                                   bilinear_zeros(x[b, ch], py, px))
    return (y + bias.reshape(1, -1, 1, 1)).astype(np.float32)


def roi_align(x, rois, batch, ph, pw, ratio, scale, half_pixel, mode):
    r, c = rois.shape[0], x.shape[1]
    h, w = x.shape[2:]
    y = np.zeros((r, c, ph, pw), np.float32)
    off = 0.5 if half_pixel else 0.0
    for k in range(r):
        x1, y1, x2, y2 = (float(v) * scale - off for v in rois[k])
        rw, rh = x2 - x1, y2 - y1
        if not half_pixel:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / ph, rw / pw
        for i in range(ph):
            for j in range(pw):
                vals = []
                for iy in range(ratio):
                    for ix in range(ratio):
                        yy = y1 + i * bh + (iy + 0.5) * bh / ratio
                        xx = x1 + j * bw + (ix + 0.5) * bw / ratio
                        if yy < -1 or yy > h or xx < -1 or xx > w:
                            vals.append(np.zeros(c) if mode == "avg" else np.zeros(c))
                            continue
                        yy, xx = max(yy, 0.0), max(xx, 0.0)
                        yl, xl = int(yy), int(xx)
                        if yl >= h - 1:
                            yl = yh = h - 1
                            yy = float(yl)
                        else:
                            yh = yl + 1
                        if xl >= w - 1:
                            xl = xh = w - 1
                            xx = float(xl)
                        else:
                            xh = xl + 1
                        ly, lx = yy - yl, xx - xl
                        img = x[batch[k]]
                        parts = [(1 - ly) * (1 - lx) * img[:, yl, xl], (1 - ly) * lx * img[:, yl, xh],
                                 ly * (1 - lx) * img[:, yh, xl], ly * lx * img[:, yh, xh]]
                        vals.append(sum(parts) if mode == "avg" else np.max(parts, axis=0))
                vals = np.array(vals)
                y[k, :, i, j] = vals.mean(axis=0) if mode == "avg" else vals.max(axis=0)
    return y


def linear_attention(q, k, v, past, decay, beta, hq, hkv, rule, scale):
    b, t, _ = q.shape
    dk, dv = q.shape[2] // hq, v.shape[2] // hkv
    qh = q.reshape(b, t, hq, dk)
    kh, vh = k.reshape(b, t, hkv, dk), v.reshape(b, t, hkv, dv)
    s = past.astype(np.float64).copy()
    out = np.zeros((b, t, hq, dv))
    for i in range(t):
        if "gated" in rule:
            d = np.exp(decay[:, i].reshape(b, hkv, -1))
            s = s * d[..., None]
        write = vh[:, i]
        if "delta" in rule:
            bt = beta[:, i].reshape(b, -1, 1)
            write = bt * (vh[:, i] - np.einsum("bhk,bhkv->bhv", kh[:, i], s))
        s = s + np.einsum("bhk,bhv->bhkv", kh[:, i], write)
        for h in range(hq):
            out[:, i, h] = scale * np.einsum("bk,bkv->bv", qh[:, i, h], s[:, h // (hq // hkv)])
    return out.reshape(b, t, hq * dv).astype(np.float32), s.astype(np.float32)


def tfidf(x, pool, counts, indexes, min_len, max_len, skip, mode, weights):
    rows = x.reshape(-1, x.shape[-1])
    grams = []
    for i, start in enumerate(counts):
        end = counts[i + 1] if i + 1 < len(counts) else len(pool)
        grams += [tuple(pool[j:j + i + 1]) for j in range(start, end, i + 1)]
    y = np.zeros((rows.shape[0], max(indexes) + 1), np.float32)
    for r, row in enumerate(rows):
        for g, gram in enumerate(grams):
            n = len(gram)
            if not min_len <= n <= max_len:
                continue
            c = 0
            for s in range(skip + 1 if n > 1 else 1):
                for p in range(len(row) - (n - 1) * (s + 1)):
                    c += all(row[p + m * (s + 1)] == gram[m] for m in range(n))
            w = weights[g] if weights is not None else 1.0
            y[r, indexes[g]] += c if mode == "TF" else (w if c > 0 else 0) if mode == "IDF" else c * w
    return y.reshape(x.shape[:-1] + (y.shape[-1],))


def main(out):
    os.makedirs(out, exist_ok=True)

    # GatherND: pairs of indices (negative ones too) after one batch dim.
    data = randn(2, 3, 4, 5)
    idx = np.array([[[0, -1], [2, 1], [-3, 0]], [[1, 1], [0, 3], [2, -2]]], np.int64)
    case(out, "gathernd_batch_pairs", "GatherND", [("data", data), ("indices", idx)],
         [("y", gather_nd(data, idx, 1))], 13, batch_dims=1)

    # ReverseSequence on a rank-3 input, time first.
    x = randn(3, 4, 2)
    lens = np.array([3, 1, 2, 2], np.int64)
    y = x.copy()
    for b, n in enumerate(lens):
        y[:n, b] = x[:n, b][::-1]
    case(out, "reversesequence_rank3", "ReverseSequence", [("x", x), ("lens", lens)], [("y", y)],
         10, batch_axis=1, time_axis=0)

    # TensorScatter along dim 1 of a rank-4 cache, circular.
    cache, update = randn(2, 5, 3, 2), randn(2, 2, 3, 2)
    writes = np.array([4, 1], np.int64)
    y = cache.copy()
    for b in range(2):
        for i in range(2):
            y[b, (writes[b] + i) % 5] = update[b, i]
    case(out, "tensorscatter_axis1_circular", "TensorScatter",
         [("cache", cache), ("update", update), ("writes", writes)], [("y", y)], 24, axis=1,
         mode="circular")
    # No write_indices: writes at 0.
    y = cache.copy()
    y[:, :, :2] = randn(2, 5, 2, 2)
    upd = y[:, :, :2].copy()
    case(out, "tensorscatter_no_indices", "TensorScatter",
         [("cache", cache), ("update", upd)], [("y", y)], 24)

    # MaxUnpool, 1-D with pads: unpooled length (3 - 1) * 2 - 2 + 2 = 4.
    x = randn(1, 2, 3)
    ind = np.array([[[0, 2, 3], [4, 5, 7]]], np.int64)
    y = np.zeros(8, np.float32)
    y[ind.ravel()] = x.ravel()
    case(out, "maxunpool_1d_pads", "MaxUnpool", [("x", x), ("i", ind)],
         [("y", y.reshape(1, 2, 4))], 11, kernel_shape=[2], strides=[2], pads=[1, 1])

    # Col2Im with dilations, strides and uneven pads, in double.
    image, block, dil, pads, strides = [5, 6], [2, 2], [2, 1], [1, 0, 0, 1], [1, 2]
    blocks = [(image[i] + pads[i] + pads[2 + i] - (dil[i] * (block[i] - 1) + 1)) // strides[i] + 1
              for i in range(2)]
    x = RNG.standard_normal((2, 3 * 4, blocks[0] * blocks[1]))
    case(out, "col2im_dilated", "Col2Im",
         [("x", x), ("image", np.array(image, np.int64)), ("block", np.array(block, np.int64))],
         [("y", col2im(x, image, block, dil, pads, strides))], 18, dilations=dil, pads=pads,
         strides=strides)

    # LRN with an even window on a 3-D input.
    x = randn(2, 6, 5)
    case(out, "lrn_even", "LRN", [("x", x)], [("y", lrn(x, 4, 0.01, 0.6, 1.5))], 13, size=4,
         alpha=0.01, beta=0.6, bias=1.5)

    # GroupNormalization-18: scale and bias per group.
    x, scale, bias = randn(2, 6, 3), randn(3), randn(3)
    g = x.reshape(2, 3, -1)
    norm = (g - g.mean(axis=2, keepdims=True)) / np.sqrt(g.var(axis=2, keepdims=True) + 1e-3)
    y = (norm * scale[:, None] + bias[:, None]).reshape(x.shape).astype(np.float32)
    case(out, "groupnorm18", "GroupNormalization", [("x", x), ("scale", scale), ("bias", bias)],
         [("y", y)], 18, num_groups=3, epsilon=1e-3)

    # ConvInteger: int8, per-channel weight zero points, strides, groups.
    x = RNG.integers(-128, 128, (1, 4, 5, 5)).astype(np.int8)
    w = RNG.integers(-128, 128, (4, 2, 3, 2)).astype(np.int8)
    xzp, wzp = np.array(3, np.int8), np.array([1, -2, 0, 5], np.int8)
    ref = conv(x.astype(np.int64) - 3, w.astype(np.int64) - wzp.reshape(4, 1, 1, 1).astype(np.int64),
               [1, 0, 1, 1], [2, 1], 2).astype(np.int32)
    case(out, "convinteger_per_channel", "ConvInteger",
         [("x", x), ("w", w), ("xzp", xzp), ("wzp", wzp)], [("y", ref)], 10, pads=[1, 0, 1, 1],
         strides=[2, 1], group=2)

    # QLinearConv: int8 output, per-channel weight scales, a bias.
    x = RNG.integers(0, 256, (1, 2, 4, 4)).astype(np.uint8)
    w = RNG.integers(-128, 128, (3, 2, 2, 2)).astype(np.int8)
    xs, xzp = np.array(0.02, np.float32), np.array(120, np.uint8)
    ws, wzp = np.array([0.01, 0.03, 0.005], np.float32), np.array([0, 0, 0], np.int8)
    ys, yzp = np.array(0.5, np.float32), np.array(-3, np.int8)
    b = np.array([100, -2000, 50], np.int32)
    acc = conv(x.astype(np.int64) - 120, w.astype(np.int64), [1, 1, 0, 0], [1, 1], 1)
    acc = acc + b.reshape(1, 3, 1, 1)
    r = acc * (xs * ws / ys).astype(np.float64).reshape(1, 3, 1, 1) + (-3)
    y = np.round(np.clip(r, -128, 127)).astype(np.int8)
    case(out, "qlinearconv_per_channel", "QLinearConv",
         [("x", x), ("xs", xs), ("xzp", xzp), ("w", w), ("ws", ws), ("wzp", wzp), ("ys", ys),
          ("yzp", yzp), ("b", b)], [("y", y)], 10, pads=[1, 1, 0, 0])

    # Det of 4 x 4 and 1 x 1 matrices.
    x = randn(2, 3, 4, 4)
    case(out, "det_4x4", "Det", [("x", x)], [("y", np.linalg.det(x).astype(np.float32))], 22)
    x = randn(3, 1, 1)
    case(out, "det_1x1", "Det", [("x", x)], [("y", x.reshape(3))], 22)

    # STFT of a complex signal, two-sided, with a window.
    sig = randn(2, 20, 2)
    win = np.hanning(8).astype(np.float32)
    frames = [(sig[:, f * 3:f * 3 + 8, 0] + 1j * sig[:, f * 3:f * 3 + 8, 1]) * win for f in range(5)]
    spec = np.stack([np.fft.fft(fr, axis=-1) for fr in frames], axis=1)
    case(out, "stft_complex_twosided", "STFT",
         [("signal", sig), ("step", np.array(3, np.int64)), ("window", win),
          ("length", np.array(8, np.int64))],
         [("y", np.stack([spec.real, spec.imag], axis=-1).astype(np.float32))], 17, onesided=0)

    # RoiAlign-10 (no half-pixel offset), a region partly outside, the
    # second image; RoiAlign-16 max with half pixels.
    x = randn(2, 3, 6, 7)
    rois = np.array([[0.5, 1.0, 9.0, 7.5], [-3.0, -2.0, 4.0, 3.0], [2.0, 2.0, 2.5, 2.2]], np.float32)
    batch = np.array([1, 0, 1], np.int64)
    case(out, "roialign10_scaled", "RoiAlign", [("x", x), ("rois", rois), ("batch", batch)],
         [("y", roi_align(x, rois, batch, 3, 2, 2, 0.5, False, "avg"))], 10, output_height=3,
         output_width=2, sampling_ratio=2, spatial_scale=0.5)
    case(out, "roialign_half_pixel_max", "RoiAlign", [("x", x), ("rois", rois), ("batch", batch)],
         [("y", roi_align(x, rois, batch, 2, 3, 3, 1.0, True, "max"))], 16, output_height=2,
         output_width=3, sampling_ratio=3, mode="max")

    # DeformConv with strides, dilations, pads, 2 groups, 2 offset groups.
    x, w = randn(1, 4, 6, 5), randn(4, 2, 2, 2)
    offset = (RNG.standard_normal((1, 2 * 2 * 4, 3, 3)) * 1.5).astype(np.float32)
    mask, bias = RNG.uniform(0, 1, (1, 2 * 4, 3, 3)).astype(np.float32), randn(4)
    case(out, "deformconv_strided_groups", "DeformConv",
         [("x", x), ("w", w), ("offset", offset), ("b", bias), ("mask", mask)],
         [("y", deform_conv(x, w, offset, mask, bias, [2, 2], [1, 0, 1, 1], [2, 1], 2, 2))], 19,
         strides=[2, 2], pads=[1, 0, 1, 1], dilations=[2, 1], group=2, offset_group=2)

    # LinearAttention: the delta rule with grouped queries, a past state
    # and an explicit scale; gated with per-head decay and MQA.
    q, k, v = randn(1, 3, 4 * 4), randn(1, 3, 2 * 4), randn(1, 3, 2 * 3)
    past, beta = randn(1, 2, 4, 3), RNG.uniform(0, 1, (1, 3, 2)).astype(np.float32)
    y, state = linear_attention(q, k, v, past, None, beta, 4, 2, "delta", 0.3)
    case(out, "linear_attention_delta_gqa_past", "LinearAttention",
         [("q", q), ("k", k), ("v", v), ("past", past), ("", None), ("beta", beta)],
         [("y", y), ("state", state)], 27, q_num_heads=4, kv_num_heads=2, update_rule="delta",
         scale=0.3)
    q, k, v = randn(2, 2, 3 * 2), randn(2, 2, 2), randn(2, 2, 5)
    decay = -RNG.uniform(0, 1, (2, 2, 1)).astype(np.float32)
    y, state = linear_attention(q, k, v, np.zeros((2, 1, 2, 5)), decay, None, 3, 1, "gated",
                                1 / np.sqrt(2))
    case(out, "linear_attention_gated_mqa", "LinearAttention",
         [("q", q), ("k", k), ("v", v), ("", None), ("decay", decay)], [("y", y), ("state", state)],
         27, q_num_heads=3, kv_num_heads=1, update_rule="gated")

    # CausalConvWithState in double, with a past state and SiLU.
    x, w, past, bias = (RNG.standard_normal(s_) for s_ in ((1, 3, 5), (3, 1, 3), (1, 3, 2), (3,)))
    padded = np.concatenate([past, x], axis=2)
    y = np.stack([np.stack([np.convolve(padded[0, c], w[c, 0][::-1], "valid") for c in range(3)])])
    y = y + bias.reshape(1, 3, 1)
    y = y / (1 + np.exp(-y))
    case(out, "causal_conv_double_silu", "CausalConvWithState",
         [("x", x), ("w", w), ("b", bias), ("past", past)], [("y", y), ("state", padded[:, :, -2:])],
         27, activation="silu")

    # TfIdfVectorizer: IDF and TFIDF with weights, int64 tokens, two grams
    # sharing an output index.
    x = RNG.integers(0, 5, (3, 9)).astype(np.int64)
    pool, counts, indexes = [1, 2, 4, 1, 2, 3, 3, 0, 2, 1, 4], [0, 3], [0, 1, 2, 3, 1, 4, 5]
    weights = [0.5, 2.0, 1.5, 3.0, 0.25, 1.0, 4.0]
    for mode in ("IDF", "TFIDF"):
        case(out, "tfidf_" + mode.lower(), "TfIdfVectorizer", [("x", x)],
             [("y", tfidf(x, pool, counts, indexes, 1, 2, 2, mode, weights))], 9,
             min_gram_length=1, max_gram_length=2, max_skip_count=2, mode=mode,
             ngram_counts=counts, ngram_indexes=indexes, pool_int64s=pool, weights=weights)

    # GridSample forms the node tests leave out, against PyTorch.
    try:
        import torch
        import torch.nn.functional as tf
    except ImportError:
        torch = None
    grid_cases = [
        ("gridsample16_bicubic_reflection", 16, (1, 2, 4, 5), (1, 3, 4, 2), "bicubic", "bicubic",
         "reflection", 0),
        ("gridsample_nearest_border_aligned", 20, (2, 1, 3, 4), (2, 2, 5, 2), "nearest", "nearest",
         "border", 1),
        ("gridsample_volumetric_linear_reflection", 20, (1, 2, 3, 3, 4), (1, 2, 2, 3, 3), "linear",
         "bilinear", "reflection", 0),
        ("gridsample_cubic_zeros_aligned", 20, (1, 1, 3, 3), (1, 3, 3, 2), "cubic", "bicubic",
         "zeros", 1),
    ]
    for name, opset, xs_, gs_, mode, tmode, padding, align in grid_cases:
        x = randn(*xs_)
        grid = (RNG.uniform(-1.6, 1.6, gs_)).astype(np.float32)
        if torch is None:
            continue
        y = tf.grid_sample(torch.from_numpy(x), torch.from_numpy(grid), mode=tmode,
                           padding_mode=padding, align_corners=bool(align)).numpy()
        case(out, name, "GridSample", [("x", x), ("grid", grid)], [("y", y)], opset, mode=mode,
             padding_mode=padding, align_corners=align)

    # Errors, each reported at the node.
    f = (T.FLOAT, [1, 2, 3, 3])
    # ScatterND whose data, indices and updates are initializers (an
    # exporter's mask): graph optimization folds it to a constant.
    data = np.zeros((4, 6), np.float32)
    idx = np.array([[0, 1], [2, 5], [3, 0]], np.int64)
    upd = np.array([1.5, -2.0, 3.0], np.float32)
    node = helper.make_node("ScatterND", ["data", "idx", "upd"], ["y"], name="n")
    graph = helper.make_graph(
        [node], "g", [], [helper.make_tensor_value_info("y", T.FLOAT, [4, 6])],
        [numpy_helper.from_array(data, "data"), numpy_helper.from_array(idx, "idx"),
         numpy_helper.from_array(upd, "upd")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)])
    model.ir_version = 8
    onnx.save(model, os.path.join(out, "scatternd_constants.onnx"))

    broken(out, "gridsample_bad_mode", "GridSample", [("x", f), ("grid", (T.FLOAT, [1, 2, 2, 2]))],
           [("y", (T.FLOAT, [1, 2, 2, 2]))], 20, mode="bilinear")
    broken(out, "gridsample_bad_padding", "GridSample",
           [("x", f), ("grid", (T.FLOAT, [1, 2, 2, 2]))], [("y", (T.FLOAT, [1, 2, 2, 2]))], 20,
           padding_mode="wrap")
    broken(out, "gridsample16_3d", "GridSample",
           [("x", (T.FLOAT, [1, 1, 2, 2, 2])), ("grid", (T.FLOAT, [1, 2, 2, 2, 3]))],
           [("y", (T.FLOAT, [1, 1, 2, 2, 2]))], 16)
    broken(out, "tensorscatter_bad_mode", "TensorScatter",
           [("c", (T.FLOAT, [2, 4, 3])), ("u", (T.FLOAT, [2, 1, 3]))], [("y", (T.FLOAT, [2, 4, 3]))],
           24, mode="ring")
    broken(out, "gathernd_bad_batch", "GatherND",
           [("d", (T.FLOAT, [2, 3])), ("i", (T.INT64, [2, 1]))], [("y", (T.FLOAT, [2]))], 13,
           batch_dims=2)
    broken(out, "reversesequence_bad_axes", "ReverseSequence",
           [("x", (T.FLOAT, [2, 3])), ("l", (T.INT64, [3]))], [("y", (T.FLOAT, [2, 3]))], 10,
           batch_axis=0, time_axis=0)
    broken(out, "groupnorm_stash", "GroupNormalization",
           [("x", (T.DOUBLE, [1, 4, 2])), ("s", (T.DOUBLE, [4])), ("b", (T.DOUBLE, [4]))],
           [("y", (T.DOUBLE, [1, 4, 2]))], 21, num_groups=2, stash_type=11)
    broken(out, "groupnorm_groups", "GroupNormalization",
           [("x", (T.FLOAT, [1, 4, 2])), ("s", (T.FLOAT, [4])), ("b", (T.FLOAT, [4]))],
           [("y", (T.FLOAT, [1, 4, 2]))], 21, num_groups=3)
    broken(out, "lrn_no_size", "LRN", [("x", f)], [("y", f)], 13)
    broken(out, "det_7x7", "Det", [("x", (T.FLOAT, [7, 7]))], [("y", (T.FLOAT, []))], 22)
    broken(out, "det_not_square", "Det", [("x", (T.FLOAT, [2, 3]))], [("y", (T.FLOAT, []))], 22)
    broken(out, "col2im_too_big", "Col2Im",
           [("x", (T.FLOAT, [1, 9, 3136])), ("image", (T.INT64, [2])), ("block", (T.INT64, [2]))],
           [("y", (T.FLOAT, [1, 1, 56, 56]))], 18)
    m = onnx.load(os.path.join(out, "col2im_too_big.onnx"))
    m.graph.initializer.extend([numpy_helper.from_array(np.array([56, 56], np.int64), "image"),
                                numpy_helper.from_array(np.array([3, 3], np.int64), "block")])
    m.graph.node[0].attribute.extend([helper.make_attribute("pads", [1, 1, 1, 1])])
    del m.graph.input[1:]
    onnx.save(m, os.path.join(out, "col2im_too_big.onnx"))
    broken(out, "roialign_adaptive", "RoiAlign",
           [("x", f), ("r", (T.FLOAT, [1, 4])), ("b", (T.INT64, [1]))],
           [("y", (T.FLOAT, [1, 2, 1, 1]))], 16)
    broken(out, "roialign_bad_mode", "RoiAlign",
           [("x", f), ("r", (T.FLOAT, [1, 4])), ("b", (T.INT64, [1]))],
           [("y", (T.FLOAT, [1, 2, 1, 1]))], 16, mode="min", sampling_ratio=1)
    broken(out, "deformconv_1d", "DeformConv",
           [("x", (T.FLOAT, [1, 1, 5])), ("w", (T.FLOAT, [1, 1, 2])), ("o", (T.FLOAT, [1, 2, 4]))],
           [("y", (T.FLOAT, [1, 1, 4]))], 19)
    broken(out, "stft_onesided_complex", "STFT",
           [("s", (T.FLOAT, [1, 16, 2])), ("step", (T.INT64, [])), ("", None), ("len", (T.INT64, []))],
           [("y", (T.FLOAT, [1, 3, 5, 2]))], 17)
    m = onnx.load(os.path.join(out, "stft_onesided_complex.onnx"))
    m.graph.initializer.extend([numpy_helper.from_array(np.array(4, np.int64), "step"),
                                numpy_helper.from_array(np.array(8, np.int64), "len")])
    del m.graph.input[1:]
    onnx.save(m, os.path.join(out, "stft_onesided_complex.onnx"))
    broken(out, "causal_conv_bad_activation", "CausalConvWithState",
           [("x", (T.FLOAT, [1, 2, 4])), ("w", (T.FLOAT, [2, 1, 2]))],
           [("y", (T.FLOAT, [1, 2, 4])), ("s", (T.FLOAT, [1, 2, 1]))], 27, activation="gelu")
    broken(out, "linear_attention_bad_rule", "LinearAttention",
           [("q", (T.FLOAT, [1, 2, 4])), ("k", (T.FLOAT, [1, 2, 4])), ("v", (T.FLOAT, [1, 2, 4]))],
           [("y", (T.FLOAT, [1, 2, 4])), ("s", (T.FLOAT, [1, 1, 4, 4]))], 27, q_num_heads=1,
           kv_num_heads=1, update_rule="mamba")
    broken(out, "linear_attention_no_decay", "LinearAttention",
           [("q", (T.FLOAT, [1, 2, 4])), ("k", (T.FLOAT, [1, 2, 4])), ("v", (T.FLOAT, [1, 2, 4]))],
           [("y", (T.FLOAT, [1, 2, 4])), ("s", (T.FLOAT, [1, 1, 4, 4]))], 27, q_num_heads=1,
           kv_num_heads=1, update_rule="gated")
    broken(out, "tfidf_strings", "TfIdfVectorizer", [("x", (T.INT64, [4]))], [("y", (T.FLOAT, [2]))], 9,
           min_gram_length=1, max_gram_length=1, max_skip_count=0, mode="TF", ngram_counts=[0],
           ngram_indexes=[0, 1], pool_strings=["a", "b"])
    broken(out, "tfidf_bad_mode", "TfIdfVectorizer", [("x", (T.INT64, [4]))], [("y", (T.FLOAT, [2]))], 9,
           min_gram_length=1, max_gram_length=1, max_skip_count=0, mode="BM25", ngram_counts=[0],
           ngram_indexes=[0, 1], pool_int64s=[1, 2])
    broken(out, "qlinearconv_i32", "QLinearConv",
           [("x", (T.UINT8, [1, 1, 3, 3])), ("xs", (T.FLOAT, [])), ("xzp", (T.UINT8, [])),
            ("w", (T.UINT8, [1, 1, 1, 1])), ("ws", (T.FLOAT, [])), ("wzp", (T.UINT8, [])),
            ("ys", (T.FLOAT, [])), ("yzp", (T.INT32, []))], [("y", (T.INT32, [1, 1, 3, 3]))], 10)


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    main(sys.argv[1])
