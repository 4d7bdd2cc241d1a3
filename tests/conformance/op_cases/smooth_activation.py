"""Activations: softplus, silu, mish, elu, celu, logsigmoid, sigmoid, tanh (out = f(x),
x's dims).

Paddle registers them on CPU for float32 and float64, and complex64 / complex128 for
softplus, silu, logsigmoid, sigmoid and tanh (phi.kernels.funcs.complex_activation);
float16 and bfloat16 only through oneDNN kernels, which fluidphi does not model.
"""

from ._inputs import complex_sweep
from .spec import FLOAT_EDGES, FLOATS, SHAPES, sweep

_MAIN = {"4x6": SHAPES["4x6"]}
#: Around the softplus / mish thresholds (20 by default) and far out.
_WIDE = (*FLOAT_EDGES, 19.99, 20.0, 20.01, 25.0, -25.0, 40.0, -40.0, 100.0, -100.0, 1e30)
#: Paddle's vectorised (Eigen) exp/log give zeros whose sign depends on the element's
#: position (SIMD lane or scalar tail); the sign of a zero result is not a semantic.
_SIMD_ZERO = "sign of zero results depends on Paddle's SIMD path"

CASES = [
    *sweep("softplus", ["X"], FLOATS, zero_sign=False, note=_SIMD_ZERO),
    *sweep("softplus", ["X"], FLOATS, shapes=_MAIN, tag="wide", low=-50, high=50,
           special=_WIDE, zero_sign=False, note=_SIMD_ZERO),
    *sweep("softplus", ["X"], FLOATS, shapes=_MAIN, tag="beta2_t10", special=_WIDE,
           attrs={"beta": 2.0, "threshold": 10.0}, zero_sign=False, note=_SIMD_ZERO),
    *sweep("softplus", ["X"], ["float32"], shapes=_MAIN, tag="beta_neg", low=-30, high=30,
           attrs={"beta": -0.5, "threshold": 5.0}, zero_sign=False, note=_SIMD_ZERO),
    *sweep("silu", ["X"], FLOATS, api="paddle.nn.functional.silu"),
    *sweep("silu", ["X"], FLOATS, shapes=_MAIN, tag="wide", low=-120, high=120, special=_WIDE,
           api="paddle.nn.functional.silu"),
    *sweep("mish", ["X"], FLOATS, api="paddle.nn.functional.mish"),
    *sweep("mish", ["X"], FLOATS, shapes=_MAIN, tag="wide", low=-50, high=50, special=_WIDE,
           api="paddle.nn.functional.mish"),
    *sweep("mish", ["X"], FLOATS, shapes=_MAIN, tag="t3", attrs={"threshold": 3.0},
           special=(*FLOAT_EDGES, 2.99, 3.0, 3.01)),
    *sweep("elu", ["X"], FLOATS, api="paddle.nn.functional.elu"),
    *sweep("elu", ["X"], FLOATS, shapes=_MAIN, tag="alpha0.5", attrs={"alpha": 0.5},
           special=(*FLOAT_EDGES, 1e-8, -1e-8, -100.0)),
    *sweep("elu", ["X"], ["float32"], shapes=_MAIN, tag="alpha_neg", attrs={"alpha": -2.0}),
    *sweep("celu", ["X"], FLOATS, api="paddle.nn.functional.celu"),
    *sweep("celu", ["X"], FLOATS, shapes=_MAIN, tag="alpha2.5", attrs={"alpha": 2.5},
           special=(*FLOAT_EDGES, 1e-8, -1e-8, -100.0)),
    *sweep("celu", ["X"], ["float32"], shapes=_MAIN, tag="alpha_neg", attrs={"alpha": -0.5},
           low=-2, high=2),
    *sweep("logsigmoid", ["X"], FLOATS, api="paddle.nn.functional.log_sigmoid",
           zero_sign=False, note=_SIMD_ZERO),
    *sweep("logsigmoid", ["X"], FLOATS, shapes=_MAIN, tag="wide", low=-120, high=120,
           special=_WIDE, api="paddle.nn.functional.log_sigmoid", zero_sign=False,
           note=_SIMD_ZERO),
    *sweep("sigmoid", ["X"], FLOATS),
    *sweep("sigmoid", ["X"], FLOATS, shapes=_MAIN, tag="wide", low=-120, high=120,
           special=_WIDE),
    *sweep("tanh", ["X"], FLOATS),
    *sweep("tanh", ["X"], FLOATS, shapes=_MAIN, tag="wide", low=-30, high=30, special=_WIDE),
    # complex
    *complex_sweep("softplus", exp_based=True, zero_sign=False, note=_SIMD_ZERO),
    *complex_sweep("softplus", exp_based=True, wide=False, tag="beta2_t10",
                   attrs={"beta": 2.0, "threshold": 10.0}, zero_sign=False, note=_SIMD_ZERO),
    *complex_sweep("silu", exp_based=True),
    *complex_sweep("logsigmoid", exp_based=True),
    *complex_sweep("sigmoid", exp_based=True),
    *complex_sweep("tanh"),
]
