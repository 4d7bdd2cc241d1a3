"""fused_conv2d_add_act and fc: both forms agree with each other and with their parts."""

from __future__ import annotations

import numpy as np
import pytest

from tests.ops.op_helpers import assert_close, rand, run_both


def _conv(x: np.ndarray, w: np.ndarray, pad: int) -> np.ndarray:
    """A plain NCHW stride-1 convolution, the reference."""
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    n, _, h, wd = xp.shape
    o, _c, kh, kw = w.shape
    out = np.zeros((n, o, h - kh + 1, wd - kw + 1))
    for i in range(kh):
        for j in range(kw):
            out += np.einsum("nchw,oc->nohw", xp[:, :, i:i + out.shape[2], j:j + out.shape[3]],
                             w[:, :, i, j])
    return out


@pytest.mark.parametrize(("activation", "act"), [
    ("relu", lambda v: np.maximum(v, 0)), ("identity", lambda v: v),
    ("relu6", lambda v: np.clip(v, 0, 6)), ("sigmoid", lambda v: 1 / (1 + np.exp(-v))),
    ("leaky_relu", lambda v: np.where(v >= 0, v, 0.1 * v)),
])
def test_fused_conv2d_add_act(activation: str, act) -> None:
    x, w = rand((2, 3, 5, 5), 1), rand((4, 3, 3, 3), 2)
    bias, residual = rand((4,), 3), rand((2, 4, 5, 5), 4)
    out = run_both("fused_conv2d_add_act",
                   {"Input": x, "Filter": w, "Bias": bias, "ResidualData": residual},
                   {"paddings": [1, 1], "activation": activation, "fuse_alpha": 0.1},
                   ["Output"])["Output"][0]
    ref = act(_conv(x, w, 1) + bias[None, :, None, None] + residual)
    assert_close(out, ref, rtol=1e-4, atol=1e-4, dtype=np.float32)


def test_fused_conv2d_nhwc_without_bias_and_an_unknown_activation() -> None:
    x, w = rand((1, 4, 4, 3), 5), rand((2, 3, 1, 1), 6)
    out = run_both("fused_conv2d_add_act", {"Input": x, "Filter": w},
                   {"data_format": "NHWC", "activation": "identity"}, ["Output"])["Output"][0]
    ref = _conv(x.transpose(0, 3, 1, 2), w, 0).transpose(0, 2, 3, 1)
    assert_close(out, ref, rtol=1e-5, atol=1e-5)
    with pytest.raises(Exception, match="activation 'gelu' is not supported"):
        run_both("fused_conv2d_add_act", {"Input": x, "Filter": w},
                 {"data_format": "NHWC", "activation": "gelu"}, ["Output"])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_fc(dtype: type) -> None:
    x, w, b = rand((2, 3, 4), 7, dtype), rand((4, 5), 8, dtype), rand((5,), 9, dtype)
    out = run_both("fc", {"Input": x, "W": w, "Bias": b},
                   {"in_num_col_dims": 2, "activation_type": "relu"})["Out"][0]
    assert_close(out, np.maximum(x @ w + b, 0), dtype=dtype)
    flat = run_both("fc", {"Input": x, "W": rand((12, 2), 10, dtype)}, {})["Out"][0]
    assert flat.shape == (2, 2)
    with pytest.raises(Exception, match="12 columns, but W has 4 rows"):
        run_both("fc", {"Input": x, "W": w}, {})


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_fc_keeps_the_lod_of_its_input(mode: str) -> None:
    """A mul + elementwise_add fused into fc over LoD rows (an old NLP program's projection
    before lstm / gru) keeps the sequences, as Paddle's fc shares Input's LoD."""
    from compat.single_op import run_single_op_tensors
    from phi.core.dense_tensor import DenseTensor

    x = DenseTensor(rand((5, 4), 1), lod=[[0, 2, 5]])
    run = run_single_op_tensors("fc", {"Input": x, "W": rand((4, 3), 2),
                                       "Bias": rand((3,), 3)},
                                {"in_num_col_dims": 1}, ["Out"], mode)
    assert run.outputs["Out"][0].lod == [[0, 2, 5]]
