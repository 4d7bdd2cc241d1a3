"""Every backward op of phi/backward.yaml against central finite differences, in float64,
through the generated API and its autograd tape.

For a backward op B of forward op F: call F's generated function on the case's inputs
(float and complex inputs as Tensors that need a gradient), seed each output B takes a
gradient of with a random cotangent, run the tape (which binds and runs B), and compare
each input's .grad with d(Re sum(out * conj(cotangent))) / d input by central differences
(a complex input's gradient: d / d(real part) + i d / d(imaginary part), Paddle's
convention). A backward op
without a case here fails the coverage test: every grad has an FD test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from phi import api
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.op_defs import OpDef, backward_defs, op_def

Spec = tuple[int, ...] | Callable[[np.random.Generator], np.ndarray] | None  # None: left out


@dataclass(frozen=True)
class Seq:
    """An input fed as a LoD tensor: its values from `spec`, its LoD `lod`."""

    spec: Spec
    lod: tuple[tuple[int, ...], ...]
#: A list of specs is a Tensor[] argument (rnn's pre_state, weight_list).


def away_from_zero(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Values at least 0.1 from 0 (no kink inside the finite-difference step)."""
    def make(rng: np.random.Generator) -> np.ndarray:
        x = rng.standard_normal(shape)
        return x + np.sign(x) * 0.1
    return make


def positive(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Values in [0.5, 2) (inside a log's or a fractional power's domain)."""
    return lambda rng: rng.uniform(0.5, 2.0, size=shape)


def avoiding(shape: tuple[int, ...], kinks: tuple[float, ...], low: float = -4.0,
             high: float = 4.0) -> Callable[[np.random.Generator], np.ndarray]:
    """Values in [low, high) at least 0.1 from every kink (where the function bends)."""
    def make(rng: np.random.Generator) -> np.ndarray:
        x = rng.uniform(low, high, size=shape)
        for k in kinks:
            near = np.abs(x - k) < 0.1
            x[near] = k + np.where(x[near] >= k, 0.1, -0.1)
        return x
    return make


def int_labels(shape: tuple[int, ...], classes: int) -> Callable[[np.random.Generator], Any]:
    return lambda rng: rng.integers(0, classes, size=shape).astype(np.int64)


#: nce's custom-distribution inputs (the generated function takes them before its first
#: attribute, which has no default): the alias table of [0.1, 0.2, 0.3, 0.4].
NCE_ALIAS = {
    "custom_dist_probs": lambda rng: np.array([0.1, 0.2, 0.3, 0.4], np.float32),
    "custom_dist_alias": lambda rng: np.array([3, 2, -1, -1], np.int32),
    "custom_dist_alias_probs": lambda rng: np.array([0.4, 0.8, 1.0, 1.0], np.float32)}


def probabilities(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    def make(rng: np.random.Generator) -> np.ndarray:
        p = rng.random(shape) + 0.1
        return p / p.sum(axis=-1, keepdims=True)
    return make


def rnn_case(mode: str, layers: int = 1, bidirec: bool = False,
             lengths: list[int] | None = None, **attrs: Any
             ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A training rnn forward of 3 steps, batch 2, input 2, hidden 3 (lengths only where no
    reverse direction meets a non-zero initial state: there Paddle's grad takes the padded
    Out, zero, for h_prev, on purpose; tests/ops covers it against Paddle)."""
    gates, dirs = {"LSTM": 4, "GRU": 3}.get(mode, 1), 2 if bidirec else 1
    weights: list[Spec] = []
    for k in range(layers * dirs):
        weights += [(gates * 3, 2 if k < dirs else dirs * 3), (gates * 3, 3)]
    weights += [(gates * 3,)] * (2 * layers * dirs)
    specs: dict[str, Any] = {"x": (3, 2, 2), "pre_state": [(layers * dirs, 2, 3)] * (
        2 if mode == "LSTM" else 1), "weight_list": weights}
    if lengths is not None:
        specs["sequence_length"] = lambda rng: np.array(lengths, np.int64)
    return specs, {"mode": mode, "num_layers": layers, "is_bidirec": bidirec,
                   "input_size": 2, "hidden_size": 3, **attrs}


#: backward op -> cases: (forward inputs, attributes shared by forward and backward)
GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "relu_grad": [({"x": away_from_zero((3, 4))}, {})],
    "add_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "matmul_grad": [
        ({"x": (2, 3, 4), "y": (4, 5)}, {}),
        ({"x": (4, 3), "y": (5, 4)}, {"transpose_x": True, "transpose_y": True}),
        ({"x": (4,), "y": (2, 4, 3)}, {}),
    ],
    "mean_grad": [({"x": (3, 4, 2)}, {"axis": [1]}),
                  ({"x": (3, 4)}, {"axis": [0, 1], "keepdim": True})],
    "cross_entropy_with_softmax_grad": [
        ({"input": (5, 4), "label": int_labels((5, 1), 4)}, {}),
        ({"input": (5, 4), "label": int_labels((5, 1), 4)}, {"ignore_index": 2}),
        ({"input": (3, 4, 2), "label": int_labels((3, 1, 2), 4)}, {"axis": 1}),
        ({"input": (5, 4), "label": probabilities((5, 4))}, {"soft_label": True}),
        ({"input": probabilities((5, 4)), "label": int_labels((5, 1), 4)},
         {"use_softmax": False}),
        ({"input": probabilities((5, 4)), "label": probabilities((5, 4))},
         {"use_softmax": False, "soft_label": True}),
    ],
    # -- elementwise_grad family
    "subtract_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "multiply_grad": [({"x": (2, 3, 4), "y": (3, 1)}, {}), ({"x": (4,), "y": (2, 3, 4)}, {})],
    "divide_grad": [({"x": (2, 3, 4), "y": away_from_zero((4,))}, {}),
                    ({"x": (3, 1), "y": away_from_zero((2, 1, 4))}, {})],
    "maximum_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "minimum_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "elementwise_pow_grad": [({"x": positive((2, 3, 4)), "y": (4,)}, {}),
                             ({"x": positive((3, 1)), "y": (2, 1, 4)}, {})],
    # -- activation_grad family
    "sigmoid_grad": [({"x": (3, 4)}, {})],
    "tanh_grad": [({"x": (3, 4)}, {})],
    "exp_grad": [({"x": (3, 4)}, {})],
    "sqrt_grad": [({"x": positive((3, 4))}, {})],
    "relu6_grad": [({"x": avoiding((3, 4), (0.0, 6.0), -3.0, 9.0)}, {})],
    "log_grad": [({"x": positive((3, 4))}, {})],
    "square_grad": [({"x": (3, 4)}, {})],
    "abs_grad": [({"x": away_from_zero((3, 4))}, {})],
    "swish_grad": [({"x": (3, 4)}, {})],
    "silu_grad": [({"x": (3, 4)}, {})],
    "leaky_relu_grad": [({"x": away_from_zero((3, 4))}, {}),
                        ({"x": away_from_zero((3, 4))}, {"negative_slope": 0.3})],
    "softplus_grad": [({"x": (3, 4)}, {}),
                      ({"x": avoiding((3, 4), (1.5,))}, {"beta": 2.0, "threshold": 3.0})],
    "hardswish_grad": [({"x": avoiding((3, 4), (-3.0, 3.0), -5.0, 5.0)}, {})],
    "hardsigmoid_grad": [({"x": avoiding((3, 4), (-2.5, 2.5))}, {}),
                         ({"x": avoiding((3, 4), (-1.0, 1.0), -2.0, 2.0)},
                          {"slope": 0.5, "offset": 0.5})],
    "gelu_grad": [({"x": (3, 4)}, {}), ({"x": (3, 4)}, {"approximate": True})],
    "softmax_grad": [({"x": (3, 4)}, {}), ({"x": (3, 4, 2)}, {"axis": 1})],
    "log_softmax_grad": [({"x": (3, 4)}, {}), ({"x": (3, 4, 2)}, {"axis": 0})],
    **{f"{op}_grad": [({"x": (3, 4)}, {})] for op in ("softsign", "logsigmoid", "tanh_shrink")},
    "softshrink_grad": [({"x": avoiding((3, 4), (-0.5, 0.5))}, {"lambda_": 0.5})],
    "hardshrink_grad": [({"x": avoiding((3, 4), (-0.5, 0.5))}, {"threshold": 0.5})],
    "thresholded_relu_grad": [({"x": avoiding((3, 4), (1.0,))}, {"threshold": 1.0})],
    "stanh_grad": [({"x": (3, 4)}, {"scale_a": 0.67, "scale_b": 1.7159})],
    "elu_grad": [({"x": away_from_zero((3, 4))}, {"alpha": 0.5})],
    "selu_grad": [({"x": away_from_zero((3, 4))}, {})],
    "hardtanh_grad": [({"x": avoiding((3, 4), (-1.0, 2.0))}, {"t_min": -1.0, "t_max": 2.0})],
    "mish_grad": [({"x": (3, 4)}, {})],
    "logit_grad": [({"x": avoiding((3, 4), (), 0.1, 0.9)}, {})],
    "celu_grad": [({"x": away_from_zero((3, 4))}, {"alpha": 1.5})],
    # -- unary_math_grad family
    **{f"{op}_grad": [({"x": (3, 4)}, {})]
       for op in ("sin", "cos", "atan", "sinh", "cosh", "asinh", "expm1")},
    **{f"{op}_grad": [({"x": avoiding((3, 4), (), -0.9, 0.9)}, {})]
       for op in ("asin", "acos", "atanh")},
    "tan_grad": [({"x": avoiding((3, 4), (), -1.2, 1.2)}, {})],
    "acosh_grad": [({"x": avoiding((3, 4), (), 1.2, 4.0)}, {})],
    "log1p_grad": [({"x": avoiding((3, 4), (), -0.8, 3.0)}, {})],
    **{f"{op}_grad": [({"x": positive((3, 4))}, {})] for op in ("log2", "log10", "rsqrt")},
    "reciprocal_grad": [({"x": away_from_zero((3, 4))}, {})],
    **{f"{op}_grad": [({"x": avoiding((3, 4), (-2.0, -1.0, 0.0, 1.0, 2.0))}, {})]
       for op in ("ceil", "floor", "trunc", "rint")},
    "round_grad": [({"x": avoiding((3, 4), (-1.5, -0.5, 0.5, 1.5))}, {"decimals": 0})],
    "erf_grad": [({"x": (3, 4)}, {})],
    "erfinv_grad": [({"x": avoiding((3, 4), (), -0.9, 0.9)}, {})],
    **{f"{op}_grad": [({"x": avoiding((3, 4), (-3.0, -2.0, -1.0, 0.0))}, {})]
       for op in ("lgamma", "digamma")},
    # -- shape_grad family
    "reshape_grad": [({"x": (2, 3, 4)}, {"shape": [4, -1]})],
    "flatten_grad": [({"x": (2, 3, 4)}, {"start_axis": 1, "stop_axis": 2})],
    "squeeze_grad": [({"x": (3, 1, 4, 1)}, {"axes": [1]}), ({"x": (3, 1, 4, 1)}, {})],
    "unsqueeze_grad": [({"x": (3, 4)}, {"axes": [0, -1]})],
    "transpose_grad": [({"x": (2, 3, 4)}, {"axis": [1, 2, 0]})],
    # -- vision_grad family
    "conv2d_grad": [
        ({"input": (2, 3, 5, 5), "filter": (4, 3, 3, 3)}, {"paddings": [1, 1]}),
        ({"input": (1, 4, 7, 6), "filter": (6, 2, 3, 2)},
         {"strides": [2, 1], "paddings": [1, 0, 2, 1], "dilations": [2, 1], "groups": 2}),
        ({"input": (1, 5, 6, 4), "filter": (3, 4, 3, 3)},
         {"strides": [2, 2], "padding_algorithm": "SAME", "data_format": "NHWC"}),
        ({"input": (1, 2, 5, 5), "filter": (2, 2, 2, 2)}, {"padding_algorithm": "VALID",
                                                          "dilations": [2, 2]}),
    ],
    "depthwise_conv2d_grad": [
        ({"input": (2, 3, 5, 5), "filter": (3, 1, 3, 3)}, {"groups": 3, "paddings": [1, 1]}),
        ({"input": (1, 2, 7, 7), "filter": (4, 1, 3, 3)},
         {"groups": 2, "strides": [2, 2], "dilations": [2, 2], "paddings": [2, 2]}),
    ],
    "pool2d_grad": [
        ({"x": (2, 3, 5, 5)}, {"kernel_size": [2, 2], "strides": [2, 2],
                               "pooling_type": "max", "ceil_mode": True}),
        ({"x": (1, 2, 5, 6)}, {"kernel_size": [3, 3], "strides": [2, 1], "paddings": [1, 1],
                               "pooling_type": "max"}),
        ({"x": (1, 2, 5, 6)}, {"kernel_size": [3, 2], "strides": [2, 2], "paddings": [1, 1],
                               "pooling_type": "avg", "exclusive": False}),
        ({"x": (1, 2, 5, 6)}, {"kernel_size": [3, 3], "strides": [2, 2], "paddings": [1, 1],
                               "pooling_type": "avg", "ceil_mode": True}),
        ({"x": (1, 2, 5, 7)}, {"kernel_size": [2, 3], "pooling_type": "max",
                               "adaptive": True}),
        ({"x": (1, 2, 5, 7)}, {"kernel_size": [3, 2], "pooling_type": "avg",
                               "adaptive": True}),
        ({"x": (1, 2, 4, 3)}, {"kernel_size": [1, 1], "pooling_type": "avg",
                               "global_pooling": True, "data_format": "NHWC"}),
    ],
    # -- conv_transpose_grad family
    "conv2d_transpose_grad": [
        ({"x": (1, 2, 3, 3), "filter": (2, 2, 3, 3)},
         {"strides": [2, 2], "paddings": [1, 1], "output_padding": [1, 0]}),
        ({"x": (1, 4, 3, 2), "filter": (4, 1, 2, 2)},
         {"groups": 2, "dilations": [2, 1], "paddings": [1, 0, 0, 1], "data_format": "NCHW"}),
        ({"x": (1, 3, 3, 2), "filter": (2, 2, 3, 3)},
         {"strides": [2, 2], "padding_algorithm": "SAME", "data_format": "NHWC"}),
    ],
    "depthwise_conv2d_transpose_grad": [
        ({"x": (1, 2, 3, 3), "filter": (2, 1, 3, 3)},
         {"groups": 2, "strides": [2, 2], "output_size": [8, 7]}),
    ],
    # -- cast_scale_grad family
    "cast_grad": [({"x": (3, 4)}, {"dtype": DataType.FLOAT64})],
    "scale_grad": [({"x": (2, 3)}, {"scale": -2.5, "bias": 1.0}),
                   ({"x": (4,)}, {"scale": 0.5, "bias": 3.0, "bias_after_scale": False})],
    # -- loss family: CTC over 2 sequences (T 5 and 4, labels [1, 2] and [3])
    "warpctc_grad": [
        ({"logits": (5, 2, 4), "label": lambda rng: np.array([[1, 2], [3, 0]], np.int32),
          "logits_length": lambda rng: np.array([5, 4], np.int64),
          "label_length": lambda rng: np.array([2, 1], np.int64)}, {}),
    ],
    # -- linalg family: linear_v2 (weight transposed or not, bias of N, 1 or 0-d elements)
    "linear_v2_grad": [
        ({"input": (2, 3), "weight": (3, 4), "bias": (4,)}, {}),
        ({"input": (2, 3, 5), "weight": (4, 5), "bias": (1,)}, {"transpose_weight": True}),
        ({"input": (5,), "weight": (5, 2), "bias": ()}, {}),
    ],
    # RNN-T over 2 sequences (T 4 and 3, labels [1, 2] and [3]; log-probabilities as given)
    "warprnnt_grad": [
        ({"input": lambda rng: rng.uniform(-4.0, 0.0, (2, 4, 3, 5)),
          "label": lambda rng: np.array([[1, 2], [3, 0]], np.int32),
          "input_lengths": lambda rng: np.array([4, 3], np.int32),
          "label_lengths": lambda rng: np.array([2, 1], np.int32)}, {}),
    ],
    "hsigmoid_loss_grad": [
        ({"x": (4, 3), "w": (5, 3), "label": int_labels((4, 1), 6), "bias": (5, 1)},
         {"num_classes": 6}),
        ({"x": (3, 2), "w": (4, 2), "label": lambda rng: np.zeros((3, 1), np.int64),
          "path_table": lambda rng: np.array([[0, 1, -1], [0, 2, 3], [1, -1, -1]], np.int64),
          "path_code": lambda rng: np.array([[1, 0, 0], [0, 1, 1], [1, 0, 0]], np.int64)}, {}),
    ],
    "data_norm_grad": [
        ({"x": (4, 3), "batch_size": positive((3,)), "batch_sum": (3,),
          "batch_square_sum": positive((3,)), "scale_w": (3,), "bias": (3,)}, {}),
        ({"x": (3, 4), "batch_size": positive((4,)), "batch_sum": (4,),
          "batch_square_sum": positive((4,)), "scale_w": (4,), "bias": (4,)},
         {"enable_scale_and_shift": True}),
        ({"x": lambda rng: rng.uniform(0.5, 2.0, (3, 4)), "batch_size": positive((4,)),
          "batch_sum": (4,), "batch_square_sum": positive((4,)), "scale_w": (4,),
          "bias": (4,)}, {"enable_scale_and_shift": True, "slot_dim": 2}),
    ],
    "nanmedian_grad": [
        ({"x": (3, 4)}, {"axis": [1]}),
        ({"x": (3, 4)}, {"axis": [0], "mode": "min", "keepdim": False}),
        ({"x": (2, 3, 5)}, {}),
    ],
    "nce_grad": [
        ({"input": (3, 4), "label": int_labels((3, 1), 4), "weight": (4, 4), "bias": (4, 1),
          "sample_weight": positive((3, 1)), **NCE_ALIAS},
         {"num_total_classes": 4, "num_neg_samples": 2, "seed": 9}),
        ({"input": (2, 3), "label": int_labels((2, 2), 4), "weight": (4, 3), "bias": (4, 1),
          "sample_weight": positive((2, 1)), **NCE_ALIAS},
         {"num_total_classes": 4, "num_neg_samples": 3, "sampler": 2,
          "custom_neg_classes": [3, 0, 2]}),
    ],
    "cross_entropy_grad": [
        ({"x": probabilities((4, 5)), "label": int_labels((4, 1), 5)}, {}),
        ({"x": probabilities((2, 3, 4)), "label": int_labels((2, 3, 1), 4)},
         {"ignore_index": 1}),
        ({"x": probabilities((3, 4)), "label": probabilities((3, 4))}, {"soft_label": True}),
    ],
    "cross_entropy2_grad": [
        ({"x": probabilities((4, 5)), "label": int_labels((4, 1), 5)}, {}),
        ({"x": probabilities((2, 3, 4)), "label": int_labels((2, 3, 1), 4)},
         {"ignore_index": 1}),
    ],
    "batch_norm_grad": [
        ({"x": (4, 3, 2, 2), "mean": (3,), "variance": positive((3,)), "scale": (3,),
          "bias": (3,)}, {}),
        ({"x": (5, 3), "mean": (3,), "variance": positive((3,)), "scale": (3,),
          "bias": (3,)}, {"epsilon": 1e-3}),
        ({"x": (2, 2, 3, 3), "mean": (3,), "variance": positive((3,)), "scale": (3,),
          "bias": (3,)}, {"data_layout": "NHWC", "use_global_stats": True}),
    ],
    "matmul_with_flatten_grad": [
        ({"x": (2, 3, 4), "y": (4, 5)}, {"x_num_col_dims": 2}),
        ({"x": (3, 6), "y": (2, 3, 2, 2)}, {"y_num_col_dims": 2}),
    ],
    "rnn_grad": [rnn_case("LSTM", layers=2, bidirec=True), rnn_case("LSTM", lengths=[3, 1]),
                 rnn_case("GRU", layers=2, lengths=[2, 3]), rnn_case("GRU", bidirec=True),
                 rnn_case("RNN_TANH", bidirec=True), rnn_case("RNN_RELU", layers=2),
                 # a seeded dropout mask: every forward of the FD run draws the same one
                 rnn_case("LSTM", layers=2, dropout_prob=0.4, seed=5)],
    # fluid's LoD lstm: Hidden's gradient (Paddle's lstm_grad takes none of Cell)
    "lstm_grad": [
        ({"input": Seq((6, 12), ((0, 2, 5, 6),)), "h0": (3, 3), "c0": (3, 3), "weight": (3, 12),
          "bias": (1, 21)}, {}),
        ({"input": Seq((6, 12), ((0, 3, 3, 4, 6),)), "h0": None, "c0": (4, 3),
          "weight": (3, 12), "bias": (1, 12)},
         {"use_peepholes": False, "is_reverse": True, "cell_activation": "identity",
          "gate_activation": "tanh"}),
    ],

    "layer_norm_grad": [
        ({"x": (3, 4, 5), "scale": (20,), "bias": (20,)}, {}),
        ({"x": (3, 4, 5), "scale": (5,), "bias": (5,)}, {"begin_norm_axis": 2, "epsilon": 1e-3}),
        ({"x": (4, 6)}, {}),
    ],
    "embedding_grad": [
        ({"x": int_labels((3, 4), 6), "weight": (6, 5)}, {}),
        ({"x": int_labels((7,), 4), "weight": (4, 3)}, {"padding_idx": 2}),
    ],
    "sum_grad": [({"x": (3, 4, 2)}, {"axis": [1]}),
                 ({"x": (3, 4)}, {"axis": [0, 1], "keepdim": True})],
    "max_grad": [({"x": (3, 4, 2)}, {"axis": [1]}), ({"x": (3, 4)}, {"keepdim": True})],
    "min_grad": [({"x": (3, 4, 2)}, {"axis": [-1]}), ({"x": (2, 3)}, {"axis": [0]})],
    "prod_grad": [({"x": away_from_zero((3, 4, 2))}, {"axis": [1]}),
                  ({"x": away_from_zero((2, 3))}, {"axis": [0, 1], "keepdim": True})],
    "expand_grad": [({"x": (3, 1)}, {"shape": [2, 3, 4]}),
                    ({"x": (2, 1, 3)}, {"shape": [-1, 5, -1]})],
    "tile_grad": [({"x": (2, 3)}, {"repeat_times": [2, 2, 1]}),
                  ({"x": (2, 3)}, {"repeat_times": [3]})],
    "gather_grad": [({"x": (4, 3), "index": int_labels((5,), 4)}, {}),
                    ({"x": (2, 3, 4), "index": int_labels((3,), 4)}, {"axis": -1})],
    "concat_grad": [({"x": [(2, 3), (4, 3)]}, {}), ({"x": [(2, 1), (2, 3), (2, 2)]}, {"axis": -1})],
    "stack_grad": [({"x": [(2, 3), (2, 3)]}, {}), ({"x": [(3,), (3,), (3,)]}, {"axis": -1})],
    "index_add_grad": [({"x": (4, 3), "index": int_labels((5,), 4), "add_value": (5, 3)}, {}),
                       ({"x": (2, 3, 4), "index": int_labels((2,), 4), "add_value": (2, 3, 2)},
                        {"axis": -1})],
    "index_put_grad": [({"x": (4, 3), "indices": [int_labels((5,), 4)], "value": (3,)},
                        {"accumulate": True}),
                       ({"x": (4, 3), "indices": [lambda rng: np.array([3, 0])], "value": (2, 3)},
                        {})],
    "scatter_nd_add_grad": [({"x": (3, 4), "index": lambda rng: np.array([[1, 2], [1, 2], [0, -1]]),
                             "updates": (3,)}, {})],
    "broadcast_tensors_grad": [({"x": [(3, 1), (1, 4), (4,)]}, {})],
    "partial_concat_grad": [({"x": [(2, 5), (2, 5)]}, {"start_index": 1, "length": 3}),
                            ({"x": [(3, 4)]}, {"start_index": -2})],
    "partial_sum_grad": [({"x": [(2, 5), (2, 5), (2, 5)]}, {"start_index": 2, "length": 2})],
    "multiplex_grad": [({"x": [(4, 3), (4, 3)],
                         "ids": lambda rng: np.array([[1], [0], [1]], np.int32)}, {})],
    "unstack_grad": [({"x": (3, 2)}, {"num": 3}), ({"x": (2, 3, 4)}, {"axis": -1, "num": 4})],
    "slice_grad": [
        ({"input": (4, 3)}, {"axes": [0], "starts": [1], "ends": [3], "infer_flags": [1],
                             "decrease_axis": []}),
        ({"input": (3, 4, 2)}, {"axes": [0, 1], "starts": [1, -3], "ends": [2, 100],
                                "infer_flags": [1, 1], "decrease_axis": [0]}),
    ],
    "dropout_grad": [
        ({"x": (3, 4)}, {"p": 0.3, "mode": "upscale_in_train", "seed": 3, "fix_seed": True}),
        ({"x": (2, 5)}, {"p": 0.4, "seed": 11, "fix_seed": True}),
    ],
    # inference, and training with one slope: the forward draws nothing that matters
    "rrelu_grad": [({"x": away_from_zero((3, 4))}, {"is_test": True, "lower": 0.1,
                                                     "upper": 0.5}),
                   ({"x": away_from_zero((2, 5))}, {"lower": 0.3, "upper": 0.3})],
    # -- loss_grad family
    "sigmoid_cross_entropy_with_logits_grad": [
        ({"x": (3, 4), "label": positive((3, 4))}, {}),
        ({"x": (3, 4), "label": lambda rng: rng.uniform(0.0, 1.0, (3, 4)),
          "pos_weight": positive((3, 4))}, {"normalize": True}),
        ({"x": (2, 3), "label": lambda rng: np.array([[1.0, 0.0, 0.25], [0.0, 1.0, 0.5]])},
         {"ignore_index": 1}),
    ],
    "bce_loss_grad": [({"input": lambda rng: rng.uniform(0.1, 0.9, (3, 4)),
                       "label": lambda rng: rng.uniform(0.0, 1.0, (3, 4))}, {})],
    "nll_loss_grad": [
        ({"input": (5, 4), "label": int_labels((5,), 4), "weight": positive((4,))}, {}),
        ({"input": (2, 3, 2, 2), "label": int_labels((2, 2, 2), 3)}, {"reduction": "none"}),
        ({"input": (4, 3), "label": lambda rng: np.array([0, 2, 1, 2])},
         {"reduction": "sum", "ignore_index": 2}),
    ],
    "kldiv_loss_grad": [
        ({"x": (3, 4), "label": lambda rng: rng.uniform(0.1, 1.0, (3, 4))},
         {"reduction": "batchmean"}),
        ({"x": (3, 4), "label": (3, 4)}, {"reduction": "none", "log_target": True}),
    ],
    "huber_loss_grad": [({"input": (3, 4), "label": (3, 4)}, {"delta": 0.7})],
    "hinge_loss_grad": [({"logits": lambda rng: np.array(
        [[0.5], [-2.0], [0.25], [2.0], [-0.5]], np.float32),
        "labels": lambda rng: np.array([[1.0], [0.0], [0.0], [1.0], [1.0]], np.float32)}, {})],
    "log_loss_grad": [({"input": lambda rng: rng.uniform(0.2, 0.8, (4, 1)).astype(np.float32),
                       "label": lambda rng: rng.uniform(0.0, 1.0, (4, 1)).astype(np.float32)},
                      {"epsilon": 1e-4})],
    # -- v1_grad family
    "mean_all_grad": [({"x": (3, 4)}, {}), ({"x": (2, 3, 2)}, {})],
    "topk_v1_grad": [({"x": lambda rng: rng.permutation(15).reshape(3, 5) * 0.5}, {"k": 2})],
    "legacy_expand_grad": [({"x": (2, 1, 3)}, {"expand_times": [2, 3, 1]})],
    "crop_grad": [({"x": (4, 5)}, {"shape": [2, 3], "offsets": [1, 2]})],
    # -- sequence_grad family (LoD inputs)
    "sequence_pool_grad": [({"x": Seq((6, 3), ((0, 2, 2, 5, 6),))}, {"pooltype": p})
                           for p in ("SUM", "AVERAGE", "SQRT", "MAX", "LAST", "FIRST")],
    "sequence_softmax_grad": [({"x": Seq((6, 1), ((0, 2, 2, 5, 6),))}, {})],
    "sequence_conv_grad": [
        ({"x": Seq((6, 2), ((0, 2, 2, 5, 6),)), "padding_data": None, "filter": (6, 3)},
         {"context_length": 3, "context_start": -1}),
        ({"x": Seq((7, 2), ((0, 2, 3, 7),)), "padding_data": (4, 2), "filter": (10, 3)},
         {"context_length": 5, "context_start": -2, "padding_trainable": True}),
    ],
    "sequence_expand_grad": [({"x": Seq((3, 2), ((0, 2, 3),)), "y": Seq((3, 1), ((0, 2, 3),))},
                              {})],
    "row_conv_grad": [({"x": Seq(lambda rng: rng.standard_normal((7, 3)).astype(np.float32),
                                 ((0, 2, 2, 6, 7),)),
                        "filter": lambda rng: rng.standard_normal((3, 3)).astype(np.float32)},
                       {})],
    "lod_reset_grad": [({"x": (6, 2)}, {"target_lod": [0, 2, 6]})],
    # -- gru_grad family (LoD gru: sequences from input's LoD; one-step gru_unit)
    "gru_grad": [
        ({"input": Seq((6, 9), ((0, 2, 2, 5, 6),)), "h0": (4, 3), "weight": (3, 9),
          "bias": (1, 9)}, {}),
        ({"input": Seq((5, 6), ((0, 3, 5),)), "h0": None, "weight": (2, 6), "bias": None},
         {"is_reverse": True, "origin_mode": True, "activation": "identity"}),
    ],
    "gru_unit_grad": [
        ({"input": (3, 9), "hidden_prev": (3, 3), "weight": (3, 9), "bias": (1, 9)}, {}),
        ({"input": (2, 6), "hidden_prev": (2, 2), "weight": (2, 6), "bias": None},
         {"origin_mode": True, "activation": 0, "gate_activation": 2}),
    ],
    # -- solve_grad family (well conditioned: a multiple of I added)
    "solve_grad": [({"x": lambda rng: rng.uniform(-1, 1, (3, 3)) + 3 * np.eye(3), "y": (3, 2)},
                    {}),
                   ({"x": lambda rng: rng.uniform(-1, 1, (2, 3, 3)) + 3 * np.eye(3), "y": (3,)},
                    {})],
    "triangular_solve_grad": [
        ({"x": lambda rng: rng.uniform(-1, 1, (3, 3)) + 3 * np.eye(3), "y": (3, 2)}, {}),
        ({"x": lambda rng: rng.uniform(-1, 1, (2, 3, 3)) + 3 * np.eye(3), "y": (3, 2)},
         {"upper": False, "transpose": True}),
        ({"x": lambda rng: rng.uniform(-1, 1, (3, 3)), "y": (3, 2)},
         {"transpose": True, "unitriangular": True}),
    ],
    # triangular factors: Y's gradient (as Paddle's) multiplies by all of Y, which is the
    # derivative only when the other triangle, never read, is zero
    "cholesky_solve_grad": [
        ({"x": (3, 2), "y": lambda rng: np.tril(rng.uniform(-1, 1, (3, 3))) + 3 * np.eye(3)},
         {}),
        ({"x": (2, 3, 2), "y": lambda rng: np.triu(rng.uniform(-1, 1, (3, 3))) + 3 * np.eye(3)},
         {"upper": True}),
    ],
    # -- fft_grad family (complex inputs and outputs: see the module docstring)
    "fft_c2c_grad": [
        ({"x": lambda rng: rng.standard_normal((2, 4)) + 1j * rng.standard_normal((2, 4))},
         {"axes": [1], "normalization": norm, "forward": fwd})
        for norm, fwd in (("backward", True), ("forward", False), ("ortho", True))],
    "fft_r2c_grad": [({"x": (2, 5)}, {"axes": [1], "normalization": "backward",
                                      "forward": True, "onesided": True}),
                     ({"x": (3, 4)}, {"axes": [0, 1], "normalization": "ortho",
                                      "forward": False, "onesided": False})],
    "fft_c2r_grad": [
        ({"x": lambda rng: rng.standard_normal((2, 4)) + 1j * rng.standard_normal((2, 4))},
         {"axes": [1], "normalization": norm, "forward": fwd, "last_dim_size": n})
        for norm, fwd, n in (("backward", False, 6), ("forward", True, 7), ("ortho", False, 0))],
    "frame_grad": [({"x": (2, 9)}, {"frame_length": 4, "hop_length": 2}),
                   ({"x": (7, 2)}, {"frame_length": 2, "hop_length": 3, "axis": 0})],
}
STEP = 1e-6
#: backward ops whose forward Paddle registers for float32 only: (step, rtol, atol)
FLOAT32_FD = {"hinge_loss_grad": (1e-2, 1e-3, 1e-4), "log_loss_grad": (1e-3, 1e-2, 1e-3),
              "row_conv_grad": (1e-2, 1e-3, 1e-3)}
#: Backward outputs that are no derivatives: data_norm_grad's new-batch statistics for the
#: accumulators (checked against Paddle in tests/ops/test_paddle_grads.py); their inputs
#: are not differentiated here.
NOT_DERIVATIVES = {"data_norm_grad": {"batch_size", "batch_sum", "batch_square_sum"}}
#: Backward ops that compute no derivative at all: pyramid_hash_grad steps W in place by
#: -lr times Out@GRAD's rows (Paddle's in-place SGD; its X@GRAD is never written), checked
#: against Paddle in tests/ops/test_paddle_grads.py (sequence_grad family).
IN_PLACE_UPDATES = {"pyramid_hash_grad"}


def _cases() -> list[tuple[str, int]]:
    return [(b.name, i) for b in backward_defs() for i in range(len(GRAD_CASES.get(b.name, [])))]


def test_every_backward_op_has_a_finite_difference_case() -> None:
    missing = [b.name for b in backward_defs()
               if not GRAD_CASES.get(b.name) and b.name not in IN_PLACE_UPDATES]
    assert not missing, f"backward ops without a finite-difference case: {missing}"


def _outputs(op: OpDef, result: Any) -> dict[str, Any]:
    values = result if len(op.outputs) > 1 else (result,)
    return {o.name: v for o, v in zip(op.outputs, values) if v is not None}


def _make(spec: Spec | list[Spec], rng: np.random.Generator) -> Any:
    if spec is None:
        return None
    if isinstance(spec, Seq):
        return _make(spec.spec, rng)
    if isinstance(spec, list):
        return [_make(s, rng) for s in spec]
    return spec(rng) if callable(spec) else rng.standard_normal(spec)


def _cotangent(rng: np.random.Generator, like: np.ndarray) -> np.ndarray:
    """A random cotangent of `like`'s dims and dtype (complex: both parts random)."""
    c = rng.standard_normal(like.shape)
    if like.dtype.kind == "c":
        c = c + 1j * rng.standard_normal(like.shape)
    return np.asarray(c, like.dtype)


def _flat(value: Any) -> list[Any]:
    """A value or the items of a list value (a Tensor[] argument or output)."""
    return list(value) if isinstance(value, list) else [value]


def _replaced(inputs: dict[str, Any], name: str, index: int | None, array: Any) -> dict:
    """`inputs` with input `name` (item `index` of a list input) replaced by `array`."""
    changed = dict(inputs)
    if index is None:
        changed[name] = array
    else:
        changed[name] = [array if i == index else a for i, a in enumerate(inputs[name])]
    return changed


@pytest.mark.parametrize(("name", "index"), _cases(), ids=[f"{n}-{i}" for n, i in _cases()])
def test_grad_matches_finite_differences(name: str, index: int) -> None:
    back = op_def(name)
    forward = op_def(back.forward.op)  # type: ignore[union-attr]
    specs, attrs = GRAD_CASES[name][index]
    assert set(attrs) <= {a.name for a in forward.attrs}, "case attributes are the forward's"
    rng = np.random.default_rng(index)
    inputs = {k: _make(s, rng) for k, s in specs.items()}
    function = api.functions()[forward.name]
    differentiated = ({o.name[: -len("_grad")] for o in back.outputs}
                      - NOT_DERIVATIVES.get(name, set()))

    lods = {k: [list(level) for level in s.lod] for k, s in specs.items() if isinstance(s, Seq)}

    def run_forward(values: dict[str, Any], record: bool) -> tuple[dict, dict]:
        def tensor(k: str, v: np.ndarray) -> api.Tensor:
            return api.Tensor(DenseTensor(v, lod=lods[k]) if k in lods else v,
                              stop_gradient=not (record and k in differentiated
                                                 and v.dtype.kind in "fc"))
        tensors = {k: None if v is None else [tensor(k, a) for a in v] if isinstance(v, list)
                   else tensor(k, v) for k, v in values.items()}
        return tensors, _outputs(forward, function(**tensors, **attrs))

    tensors, outputs = run_forward(inputs, record=True)
    grads_in = [a.name[: -len("_grad")] for a in back.inputs
                if a.name.endswith("_grad") and a.name[: -len("_grad")] in outputs]
    assert grads_in, f"{name} takes no gradient of a forward output"
    # in each output's dtype and dims (a 0-D output's cotangent 0-D)
    cotangents = {o: [_cotangent(rng, t.numpy()) for t in _flat(outputs[o])]
                  for o in grads_in}
    api.backward([t for o in grads_in for t in _flat(outputs[o])],
                 [c for o in grads_in for c in cotangents[o]])

    def objective(values: dict[str, Any]) -> float:
        outs = run_forward(values, record=False)[1]
        return float(sum(np.real(np.sum(t.numpy() * np.conj(c)))
                         for o, cs in cotangents.items() for t, c in zip(_flat(outs[o]), cs)))

    checked = 0
    for target, slot in tensors.items():
        for item, tensor in enumerate(_flat(slot)):
            if tensor is None or tensor.stop_gradient:  # None: an optional input left out
                continue
            index_ = item if isinstance(slot, list) else None
            what = f"{name} {target}_grad" + ("" if index_ is None else f"[{item}]")
            assert tensor.grad is not None, f"{what}: no gradient reached it"
            value = _flat(inputs[target])[item]
            step, rtol, atol = FLOAT32_FD.get(name, (STEP, 1e-5, 1e-6))
            numeric = np.zeros(value.shape, np.complex128 if value.dtype.kind == "c" else float)
            # a complex input: d/d(real part) + i d/d(imaginary part)
            for unit in (1, 1j) if value.dtype.kind == "c" else (1,):
                for i in np.ndindex(value.shape):
                    plus, minus = value.copy(), value.copy()
                    plus[i] += step * unit
                    minus[i] -= step * unit
                    numeric[i] += unit * (objective(_replaced(inputs, target, index_, plus))
                                          - objective(_replaced(inputs, target, index_, minus))
                                          ) / (2 * step)
            np.testing.assert_allclose(tensor.grad.numpy(), numeric, rtol=rtol, atol=atol,
                                       err_msg=what)
            checked += 1
    assert checked, f"{name}: no input gradient was checked"
