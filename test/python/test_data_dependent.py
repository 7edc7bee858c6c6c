"""Ops whose output shape depends on the data, compiled once and run on
inputs that give results of different sizes, against NumPy."""
import numpy as np
import pytest

import dlc

NONZERO = """func.func @main(%x: tensor<3x4xf32>) -> tensor<2x?xi64> {
  %y = "dlc_graph.nonzero"(%x) : (tensor<3x4xf32>) -> tensor<2x?xi64>
  return %y : tensor<2x?xi64>
}"""


def test_nonzero_one_compile_many_sizes():
    m = dlc.compile(NONZERO, threads=1)
    assert m.outputs[0].shape == (2, None)
    rng = np.random.default_rng(0)
    sizes = set()
    for density in (0.0, 0.3, 0.8, 1.0):
        x = (rng.uniform(0, 1, (3, 4)) < density).astype(np.float32) * rng.uniform(1, 2, (3, 4)).astype(np.float32)
        (y,) = m(x)
        np.testing.assert_array_equal(y, np.array(np.nonzero(x), dtype=np.int64))
        sizes.add(y.shape[1])
    assert {0, 12} <= sizes and len(sizes) >= 3


def test_nonzero_flows_into_later_ops_with_dynamic_input():
    m = dlc.compile("""func.func @main(%x: tensor<?x2x3xi32>) -> tensor<?x3xi64> {
  %i = "dlc_graph.nonzero"(%x) : (tensor<?x2x3xi32>) -> tensor<3x?xi64>
  %t = "dlc_graph.transpose"(%i) {perm = array<i64: 1, 0>} : (tensor<3x?xi64>) -> tensor<?x3xi64>
  %y = "dlc_graph.add"(%t, %t) : (tensor<?x3xi64>, tensor<?x3xi64>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}""", threads=1)
    rng = np.random.default_rng(1)
    for n in (1, 4):
        x = rng.integers(-1, 2, (n, 2, 3)).astype(np.int32)
        (y,) = m(x)
        np.testing.assert_array_equal(y, 2 * np.array(np.nonzero(x), dtype=np.int64).T)


def test_nonzero_bool_and_nan():
    m = dlc.compile("""func.func @main(%x: tensor<5xi1>, %f: tensor<3xf32>) -> (tensor<1x?xi64>, tensor<1x?xi64>) {
  %a = "dlc_graph.nonzero"(%x) : (tensor<5xi1>) -> tensor<1x?xi64>
  %b = "dlc_graph.nonzero"(%f) : (tensor<3xf32>) -> tensor<1x?xi64>
  return %a, %b : tensor<1x?xi64>, tensor<1x?xi64>
}""", threads=1)
    x = np.array([True, False, True, True, False])
    f = np.array([np.nan, 0.0, -0.0], np.float32)
    a, b = m(x, f)
    np.testing.assert_array_equal(a, np.array(np.nonzero(x)))
    np.testing.assert_array_equal(b, np.array(np.nonzero(f)))


COMPRESS = """func.func @main(%x: tensor<3x?xf32>, %c: tensor<?xi1>) -> (tensor<3x?xf32>, tensor<?xf32>) {
  %a = "dlc_graph.compress"(%x, %c) {axis = -1 : i64} : (tensor<3x?xf32>, tensor<?xi1>) -> tensor<3x?xf32>
  %f = "dlc_graph.compress"(%x, %c) : (tensor<3x?xf32>, tensor<?xi1>) -> tensor<?xf32>
  return %a, %f : tensor<3x?xf32>, tensor<?xf32>
}"""


def test_compress_one_compile_many_sizes():
    m = dlc.compile(COMPRESS, threads=1)
    rng = np.random.default_rng(2)
    seen = set()
    # Conditions shorter than, as long as and (flattened) shorter than the input.
    for cols, length in ((4, 4), (5, 3), (2, 6), (4, 0)):
        x = rng.standard_normal((3, cols)).astype(np.float32)
        c = rng.integers(0, 2, length).astype(bool)
        a, f = m(x, c)
        k = min(length, cols)
        np.testing.assert_array_equal(a, np.compress(c[:k], x, axis=1))
        np.testing.assert_array_equal(f, np.compress(c, x.reshape(-1)))
        seen.add(a.shape[1])
    assert len(seen) >= 3


def _np_unique(x, is_sorted):
    y, idx, inv, cnt = np.unique(x.reshape(-1), return_index=True, return_inverse=True, return_counts=True)
    if not is_sorted:
        order = np.argsort(idx, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        y, idx, cnt, inv = y[order], idx[order], cnt[order], rank[inv.reshape(-1)]
    return y, idx, inv.reshape(-1), cnt


@pytest.mark.parametrize("is_sorted", [True, False])
def test_unique_one_compile_many_sizes(is_sorted):
    flag = "true" if is_sorted else "false"
    m = dlc.compile(f"""func.func @main(%x: tensor<2x?xi32>) -> (tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {{
  %y:4 = "dlc_graph.unique"(%x) {{sorted = {flag}}} : (tensor<2x?xi32>) -> (tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>)
  return %y#0, %y#1, %y#2, %y#3 : tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}}""", threads=1)
    rng = np.random.default_rng(4)
    seen = set()
    for cols, high in ((3, 2), (5, 4), (6, 50), (1, 9)):
        x = rng.integers(-high, high, (2, cols)).astype(np.int32)
        got = m(x)
        for g, w in zip(got, _np_unique(x, is_sorted)):
            np.testing.assert_array_equal(g, w)
        seen.add(got[0].shape[0])
    assert len(seen) >= 3


def test_unique_axis_one_compile_many_sizes():
    # Slices along axis 1 (a dim known at run time), sorted lexicographically.
    m = dlc.compile("""func.func @main(%x: tensor<2x?x2xi32>) -> (tensor<2x?x2xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  %y:4 = "dlc_graph.unique"(%x) {axis = 1 : i64, sorted = true} : (tensor<2x?x2xi32>) -> (tensor<2x?x2xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>)
  return %y#0, %y#1, %y#2, %y#3 : tensor<2x?x2xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}""", threads=1)
    rng = np.random.default_rng(5)
    seen = set()
    for n, high in ((1, 2), (6, 2), (9, 1), (7, 3)):
        x = rng.integers(0, high + 1, (2, n, 2)).astype(np.int32)
        y, idx, inv, cnt = m(x)
        wy, widx, winv, wcnt = np.unique(x, axis=1, return_index=True, return_inverse=True,
                                         return_counts=True)
        np.testing.assert_array_equal(y, wy)
        np.testing.assert_array_equal(idx, widx)
        np.testing.assert_array_equal(inv, winv.reshape(-1))
        np.testing.assert_array_equal(cnt, wcnt)
        seen.add(y.shape[1])
    assert len(seen) >= 3


def _np_nms(boxes, scores, max_out, iou_th, score_th, center):
    """ONNX NonMaxSuppression as onnxruntime computes it."""
    def extent(b):
        if center:
            return b[0] - b[2] / 2, b[0] + b[2] / 2, b[1] - b[3] / 2, b[1] + b[3] / 2
        return min(b[1], b[3]), max(b[1], b[3]), min(b[0], b[2]), max(b[0], b[2])

    def suppresses(a, b):
        ax0, ax1, ay0, ay1 = extent(a)
        bx0, bx1, by0, by1 = extent(b)
        ix0, ix1, iy0, iy1 = max(ax0, bx0), min(ax1, bx1), max(ay0, by0), min(ay1, by1)
        if ix1 <= ix0 or iy1 <= iy0:
            return False
        inter = np.float32(ix1 - ix0) * np.float32(iy1 - iy0)
        a1 = np.float32(ax1 - ax0) * np.float32(ay1 - ay0)
        a2 = np.float32(bx1 - bx0) * np.float32(by1 - by0)
        union = a1 + a2 - inter
        if inter <= 0 or a1 <= 0 or a2 <= 0 or union <= 0:
            return False
        return inter / union > iou_th

    rows = []
    for b in range(scores.shape[0]):
        for c in range(scores.shape[1]):
            s = scores[b, c]
            order = sorted((i for i in range(len(s)) if s[i] > score_th), key=lambda i: (-s[i], i))
            kept = []
            for i in order:
                if len(kept) >= max_out:
                    break
                if not any(suppresses(boxes[b, i], boxes[b, k]) for k in kept):
                    kept.append(i)
            rows += [[b, c, i] for i in kept]
    return np.array(rows, np.int64).reshape(-1, 3)


@pytest.mark.parametrize("center", [0, 1])
def test_nms_one_compile_many_sizes(center):
    # Boxes known at run time in number; ties in score keep the lower index.
    m = dlc.compile(f"""func.func @main(%b: tensor<2x?x4xf32>, %s: tensor<2x3x?xf32>, %m: tensor<i64>, %iou: tensor<f32>, %t: tensor<f32>) -> tensor<?x3xi64> {{
  %y = "dlc_graph.non_max_suppression"(%b, %s, %m, %iou, %t) {{center_point_box = {center} : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}} : (tensor<2x?x4xf32>, tensor<2x3x?xf32>, tensor<i64>, tensor<f32>, tensor<f32>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}}""", threads=1)
    rng = np.random.default_rng(6 + center)
    seen = set()
    for n, max_out, iou, th in ((8, 3, 0.3, 0.2), (12, 10, 0.5, 0.0), (5, 0, 0.5, 0.0),
                                (10, 4, 0.0, 0.7), (1, 2, 0.5, -1.0)):
        xy = rng.uniform(0, 4, (2, n, 2)).astype(np.float32)
        wh = rng.uniform(0.5, 3, (2, n, 2)).astype(np.float32)
        boxes = np.concatenate([xy, wh], -1) if center else np.concatenate([xy, xy + wh], -1)[..., [1, 0, 3, 2]]
        scores = rng.choice(np.float32([0.1, 0.4, 0.75, 0.9]), (2, 3, n))
        args = (np.array(max_out, np.int64), np.array(iou, np.float32), np.array(th, np.float32))
        (y,) = m(boxes, scores, *args)
        np.testing.assert_array_equal(y, _np_nms(boxes, scores, max_out, np.float32(iou),
                                                  np.float32(th), center))
        seen.add(y.shape[0])
    assert len(seen) >= 3 and 0 in seen
