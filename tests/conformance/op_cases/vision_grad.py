"""Grads of conv2d, depthwise_conv2d, pool2d and batch_norm (training and global
statistics): strides, paddings (2 and 4 values, SAME, VALID), dilations, groups, NCHW and
NHWC; max / avg pooling (exclusive or not, ceil_mode, adaptive, global, a window of ties);
float32 throughout, float64 for one case of each op.

Not exported: adaptive max pooling. Paddle 3.3.1's pool2d with adaptive=True and max
pooling sizes its output adaptively but fills it with plain ksize x ksize windows at
stride `strides` (5x7 -> 2x3 of arange gives [[9, 10, 11], [16, 17, 18]]), forward and
grad alike; fluidphi's forward pools the adaptive windows, and its grad follows its
forward (its finite-difference case in tests/api/grad_fd/vision_grad.py).
"""

from .spec import Case, GradCase, In

#: tag -> (Input dims, Filter dims, attrs)
_CONV = {
    "pad1": ((2, 3, 6, 6), (4, 3, 3, 3), {"paddings": [1, 1]}),
    "stride2": ((2, 3, 7, 7), (4, 3, 3, 3), {"strides": [2, 2], "paddings": [1, 1]}),
    "groups_dilation": ((1, 4, 8, 7), (6, 2, 3, 2),
                        {"groups": 2, "dilations": [2, 1], "paddings": [1, 2, 0, 1]}),
    "same": ((1, 3, 7, 6), (2, 3, 3, 3), {"strides": [2, 2], "padding_algorithm": "SAME"}),
    "valid": ((1, 2, 6, 6), (3, 2, 2, 2), {"padding_algorithm": "VALID", "dilations": [2, 2]}),
    "nhwc": ((2, 5, 5, 3), (4, 3, 3, 3), {"paddings": [1, 1], "data_format": "NHWC"}),
}
_DEPTHWISE = {
    "pad1": ((2, 3, 6, 6), (3, 1, 3, 3), {"groups": 3, "paddings": [1, 1]}),
    "multiplier2": ((1, 2, 7, 7), (4, 1, 3, 3),
                    {"groups": 2, "strides": [2, 2], "dilations": [2, 2], "paddings": [2, 2]}),
    "nhwc": ((1, 5, 5, 3), (3, 1, 3, 3), {"groups": 3, "paddings": [1, 1],
                                          "data_format": "NHWC"}),
}
#: tag -> (X dims, attrs)
_POOL = {
    "max2": ((2, 3, 6, 6), {"pooling_type": "max", "ksize": [2, 2], "strides": [2, 2]}),
    "max3_pad": ((1, 2, 7, 6), {"pooling_type": "max", "ksize": [3, 3], "strides": [2, 2],
                                "paddings": [1, 1]}),
    "max_ceil": ((1, 2, 5, 5), {"pooling_type": "max", "ksize": [2, 2], "strides": [2, 2],
                                "ceil_mode": True}),
    "max_nhwc": ((1, 5, 6, 2), {"pooling_type": "max", "ksize": [3, 3], "strides": [2, 2],
                                "paddings": [1, 1], "data_format": "NHWC"}),
    "avg_excl": ((1, 2, 6, 7), {"pooling_type": "avg", "ksize": [3, 3], "strides": [2, 2],
                                "paddings": [1, 1]}),
    "avg_incl": ((1, 2, 6, 7), {"pooling_type": "avg", "ksize": [3, 2], "strides": [2, 2],
                                "paddings": [1, 1], "exclusive": False}),
    "avg_ceil": ((1, 2, 5, 6), {"pooling_type": "avg", "ksize": [2, 3], "strides": [2, 2],
                                "ceil_mode": True, "exclusive": False}),
    "avg_same": ((1, 2, 5, 6), {"pooling_type": "avg", "ksize": [3, 3], "strides": [2, 2],
                                "padding_algorithm": "SAME"}),
    "adaptive_avg1": ((2, 3, 5, 5), {"pooling_type": "avg", "ksize": [1, 1], "adaptive": True}),
    "adaptive_avg": ((1, 2, 5, 7), {"pooling_type": "avg", "ksize": [3, 2], "adaptive": True}),
    "adaptive_up": ((1, 2, 2, 3), {"pooling_type": "avg", "ksize": [3, 4], "adaptive": True}),
    "global_avg": ((2, 3, 4, 3), {"pooling_type": "avg", "ksize": [1, 1],
                                  "global_pooling": True}),
    "global_max": ((2, 3, 4, 3), {"pooling_type": "max", "ksize": [1, 1],
                                  "global_pooling": True}),
}
#: tag -> (X dims, paddle.nn.functional.batch_norm keywords)
_BN = {
    "train": ((4, 3, 3, 2), {}),
    "train_nhwc": ((3, 2, 2, 4), {"data_format": "NHWC", "momentum": 0.8}),
    "train_2d": ((6, 5), {"data_format": "NC", "epsilon": 1e-3}),
    "global_stats": ((3, 3, 2, 2), {"use_global_stats": True}),
}


def _conv(op: str, tag: str, x, w, attrs, dtype: str) -> GradCase:
    return GradCase(Case(f"{op}_{tag}_{dtype}", op,
                         {"Input": In(x, dtype), "Filter": In(w, dtype, -1.0, 1.0)},
                         attrs=attrs), ("Input", "Filter"))


def _pool(tag: str, x, attrs, dtype: str) -> GradCase:
    return GradCase(Case(f"pool2d_{tag}_{dtype}", "pool2d", {"X": In(x, dtype)}, attrs=attrs),
                    ("X",))


def _bn(tag: str, x, kwargs, dtype: str) -> GradCase:
    """Through paddle.nn.functional.batch_norm (training), which makes MeanOut / VarianceOut
    the Mean / Variance variables as Paddle's op requires (inputs in its argument order)."""
    stat = ((x[-1] if kwargs.get("data_format") == "NHWC" else x[1]),)
    inputs = {"X": In(x, dtype), "Mean": In(stat, dtype, -0.5, 0.5),
              "Variance": In(stat, dtype, 0.5, 2.0), "Scale": In(stat, dtype, 0.5, 1.5),
              "Bias": In(stat, dtype, -0.5, 0.5)}
    return GradCase(Case(f"batch_norm_{tag}_{dtype}", "batch_norm", inputs,
                         api="paddle.nn.functional.batch_norm",
                         api_kwargs={"training": True, **kwargs}),
                    ("X", "Scale", "Bias"), of=("Y",))


#: a max window whose elements tie: the gradient goes to the first (row-major)
_TIES = GradCase(Case("pool2d_max_ties_float32", "pool2d",
                      {"X": In((1, 1, 4, 4), "float32",
                               values=[[[[1, 1, 2, 0], [1, 0, 2, 2], [3, 3, 0, 0],
                                         [3, 3, 0, -1]]]])},
                      attrs={"pooling_type": "max", "ksize": [2, 2], "strides": [2, 2]}),
                 ("X",))

GRAD_CASES = [
    *(_conv("conv2d", tag, *spec, "float32") for tag, spec in _CONV.items()),
    *(_conv("depthwise_conv2d", tag, *spec, "float32") for tag, spec in _DEPTHWISE.items()),
    *(_pool(tag, *spec, "float32") for tag, spec in _POOL.items()),
    _TIES,
    *(_bn(tag, *spec, "float32") for tag, spec in _BN.items()),
    _conv("conv2d", "groups_dilation", *_CONV["groups_dilation"], "float64"),
    _conv("depthwise_conv2d", "pad1", *_DEPTHWISE["pad1"], "float64"),
    _pool("max3_pad", *_POOL["max3_pad"], "float64"),
    _pool("avg_incl", *_POOL["avg_incl"], "float64"),
    _bn("train", *_BN["train"], "float64"),
]
#: float16, which Paddle 3.3.1's CPU pool2d_grad adds (max, averages, adaptive)
GRAD_CASES += [_pool(tag, *_POOL[tag], "float16")
               for tag in ("max2", "max3_pad", "avg_excl", "avg_incl", "adaptive_avg")]
