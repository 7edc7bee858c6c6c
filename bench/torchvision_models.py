"""torchvision models that DLC's schedules were not tuned on, for the
benchmark's whole-model section.

    /usr/bin/python3 torchvision_models.py NAME OUT.onnx --input X.npy --reference Y.npy

writes the model (random weights, batch 1, 224x224 or a video model's 8
frames of 112x112, opset 17), its input and PyTorch's output; build(NAME)
makes the same module again (same seeds), so that the PyTorch reference
times the module itself rather than an ONNX reimplementation. The weights are random: batch norm statistics are drawn
too, so that activations neither vanish nor explode through 50 layers.
"""

import argparse

import numpy as np
import torch
import torchvision

# (name, what it exercises)
MODELS = [
    ("regnet_y_400mf", "RegNetY-400MF: grouped 3x3 convolutions (8 channels a group), "
     "squeeze-excite"),
    ("regnet_x_400mf", "RegNetX-400MF: grouped 3x3 convolutions (16 channels a group)"),
    ("resnext50_32x4d", "ResNeXt-50 32x4d: 32 groups of 4 to 32 channels"),
    ("mnasnet1_0", "MNASNet 1.0: depthwise 3x3 and 5x5, 1x1 layers at 7x7"),
    ("efficientnet_b0", "EfficientNet-B0: depthwise 3x3 and 5x5, SiLU, squeeze-excite"),
    ("mobilenet_v3_large", "MobileNetV3-Large: hard-swish, squeeze-excite, depthwise 5x5"),
    ("shufflenet_v2_x1_0", "ShuffleNetV2: channel split and shuffle, small 1x1 convolutions"),
    ("squeezenet1_1", "SqueezeNet 1.1: fire modules (1x1 and 3x3 concatenated), ceil-mode "
     "pooling"),
    ("swin_t", "Swin-T: shifted-window attention (masks from ScatterND), GELU, layer norm"),
    ("deeplabv3_mobilenet_v3_large", "DeepLabV3 on MobileNetV3-Large: dilated 3x3 "
     "convolutions (ASPP), bilinear upsampling to the input's size"),
    ("r3d_18", "R3D-18 video classifier: 3-D convolutions, 8 frames of 112x112"),
]

# Segmentation models (torchvision.models.segmentation): their output is
# the dict's "out" tensor. Video models (torchvision.models.video) take a
# clip of frames.
SEGMENTATION = {"deeplabv3_mobilenet_v3_large"}
VIDEO = {"r3d_18"}


class _SegmentationOutput(torch.nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x)["out"]


def build(name):
    """The module NAME with seeded random weights, in eval mode."""
    torch.manual_seed(0)
    if name in SEGMENTATION:
        model = getattr(torchvision.models.segmentation, name)(
            weights=None, weights_backbone=None).eval()
    elif name in VIDEO:
        model = getattr(torchvision.models.video, name)(weights=None).eval()
    else:
        model = getattr(torchvision.models, name)(weights=None).eval()
    g = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, torch.nn.modules.batchnorm._BatchNorm):
                m.running_mean.copy_(torch.randn(m.running_mean.shape, generator=g) * 0.1)
                m.running_var.copy_(torch.rand(m.running_var.shape, generator=g) + 0.5)
    return _SegmentationOutput(model).eval() if name in SEGMENTATION else model


def example_input(name):
    rng = np.random.default_rng(0)
    shape = (1, 3, 8, 112, 112) if name in VIDEO else (1, 3, 224, 224)
    return rng.standard_normal(shape).astype(np.float32)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("name")
    p.add_argument("out")
    p.add_argument("--input", required=True)
    p.add_argument("--reference", required=True)
    args = p.parse_args()
    torch.set_num_threads(1)
    model = build(args.name)
    x = example_input(args.name)
    with torch.no_grad():
        y = model(torch.from_numpy(x)).numpy()
        torch.onnx.export(model, torch.from_numpy(x), args.out, opset_version=17,
                          do_constant_folding=True, input_names=["input"],
                          output_names=["output"])
    np.save(args.input, x)
    np.save(args.reference, y)


if __name__ == "__main__":
    main()
