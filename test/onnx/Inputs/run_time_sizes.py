"""One-node models whose output sizes follow from graph inputs fed at run
time (test/onnx/run-time-sizes.test): python3 run_time_sizes.py OUT_DIR."""
import os
import sys

import onnx
from onnx import helper, TensorProto as T


def save(out, name, node, inputs, output_rank, opset, out_type=T.FLOAT):
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info(*i) for i in inputs],
                              [helper.make_tensor_value_info("y", out_type, [None] * output_rank)])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    onnx.save(m, os.path.join(out, name + ".onnx"))


def main(out):
    os.makedirs(out, exist_ok=True)
    save(out, "hann_runtime", helper.make_node("HannWindow", ["size"], ["y"], name="hann"),
         [("size", T.INT32, [])], 1, 17)
    save(out, "hann_runtime_two", helper.make_node("HannWindow", ["size"], ["y"], name="hann"),
         [("size", T.INT64, [2])], 1, 17)
    save(out, "pad_edge_runtime",
         helper.make_node("Pad", ["x", "pads"], ["y"], mode="edge", name="pad"),
         [("x", T.FLOAT, [3, 4]), ("pads", T.INT64, [4])], 2, 19)
    save(out, "pad_wrap_runtime_axes",
         helper.make_node("Pad", ["x", "pads", "", "axes"], ["y"], mode="wrap", name="pad"),
         [("x", T.FLOAT, [3, 4]), ("pads", T.INT64, [2]), ("axes", T.INT64, [1])], 2, 19)
    save(out, "affine_grid_runtime",
         helper.make_node("AffineGrid", ["theta", "size"], ["y"], name="grid"),
         [("theta", T.FLOAT, [2, 2, 3]), ("size", T.INT64, [4])], 4, 20)
    save(out, "affine_grid_runtime_length",
         helper.make_node("AffineGrid", ["theta", "size"], ["y"], name="grid"),
         [("theta", T.FLOAT, [2, 2, 3]), ("size", T.INT64, [None])], 4, 20)
    save(out, "max_unpool_runtime",
         helper.make_node("MaxUnpool", ["x", "i", "shape"], ["y"], kernel_shape=[2, 2],
                          strides=[2, 2], name="unpool"),
         [("x", T.FLOAT, [1, 1, 2, 2]), ("i", T.INT64, [1, 1, 2, 2]), ("shape", T.INT64, [4])],
         4, 11)
    save(out, "max_unpool_runtime_length",
         helper.make_node("MaxUnpool", ["x", "i", "shape"], ["y"], kernel_shape=[2, 2],
                          strides=[2, 2], name="unpool"),
         [("x", T.FLOAT, [1, 1, 2, 2]), ("i", T.INT64, [1, 1, 2, 2]), ("shape", T.INT64, [3])],
         4, 11)
    save(out, "dft_axis_runtime", helper.make_node("DFT", ["x", "", "axis"], ["y"], name="dft"),
         [("x", T.FLOAT, [3, 4, 4, 1]), ("axis", T.INT64, [])], 4, 20)
    save(out, "dft_axis_runtime_onesided",
         helper.make_node("DFT", ["x", "", "axis"], ["y"], onesided=1, name="dft"),
         [("x", T.FLOAT, [3, 4, 4, 1]), ("axis", T.INT64, [])], 4, 20)
    save(out, "dft_length_runtime",
         helper.make_node("DFT", ["x", "n"], ["y"], axis=1, name="dft"),
         [("x", T.FLOAT, [2, 6, 1]), ("n", T.INT64, [])], 3, 17)
    save(out, "dft_length_axis_runtime",
         helper.make_node("DFT", ["x", "n", "axis"], ["y"], name="dft"),
         [("x", T.FLOAT, [2, 6, 1]), ("n", T.INT64, []), ("axis", T.INT64, [])], 3, 20)
    save(out, "stft_step_runtime",
         helper.make_node("STFT", ["signal", "step", "window"], ["y"], name="stft"),
         [("signal", T.FLOAT, [1, 16, 1]), ("step", T.INT64, []), ("window", T.FLOAT, [4])], 4, 17)
    save(out, "stft_length_runtime",
         helper.make_node("STFT", ["signal", "step", "", "length"], ["y"], name="stft"),
         [("signal", T.FLOAT, [1, 16, 1]), ("step", T.INT64, []), ("length", T.INT64, [])], 4, 17)
    save(out, "col2im_runtime",
         helper.make_node("Col2Im", ["x", "image", "block"], ["y"], strides=[1, 2], name="col2im"),
         [("x", T.FLOAT, [1, 6, 4]), ("image", T.INT64, [2]), ("block", T.INT64, [2])], 4, 18)
    save(out, "col2im_runtime_lengths",
         helper.make_node("Col2Im", ["x", "image", "block"], ["y"], name="col2im"),
         [("x", T.FLOAT, [1, 6, 4]), ("image", T.INT64, [2]), ("block", T.INT64, [3])], 4, 18)
    save(out, "mel_runtime",
         helper.make_node("MelWeightMatrix", ["bins", "length", "rate", "low", "high"], ["y"],
                          name="mel"),
         [("bins", T.INT32, []), ("length", T.INT32, []), ("rate", T.INT32, []),
          ("low", T.FLOAT, []), ("high", T.FLOAT, [])], 2, 17)
    save(out, "mel_runtime_two",
         helper.make_node("MelWeightMatrix", ["bins", "length", "rate", "low", "high"], ["y"],
                          name="mel"),
         [("bins", T.INT32, [2]), ("length", T.INT32, []), ("rate", T.INT32, []),
          ("low", T.FLOAT, []), ("high", T.FLOAT, [])], 2, 17)


if __name__ == "__main__":
    main(sys.argv[1])
