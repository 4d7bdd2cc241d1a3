"""Pooling ops of issue 25's census (the pool family; pool2d / pool3d and the with-index ops
are in vision_pool).

- lp_pool2d: (sum over each window's input elements of x ** norm_type) ** (1 / norm_type),
  Paddle's powf (no absolute value: a negative element with a fractional power is NaN, a
  negative sum with an odd root too), float32 and float64 (whose powers Paddle takes in
  float32: COMPUTED_IN); strides, paddings (padded places add nothing), ceil_mode, SAME /
  VALID, NHWC, global, adaptive cells, the kernel size fed as a tensor, NaN / inf inputs, no
  batch; norm_type +inf or pooling_type "max" give max pooling, pooling_type "avg" average
  pooling, norm_type 0 gives inf and -inf 1.
- fractional_max_pool2d / fractional_max_pool3d: the max of each fractional window and its
  flat index (mask, int32), windows from random_u given (Paddle draws u from its
  process-wide generator when random_u is 0: tests/ops/test_pool.py), without kernel_size
  (the windows' sizes vary; u scaled into their safe range) and with it (fixed-size
  overlapping windows), output as large as the input, one output cell, ties, NaN / -inf;
  refused as Paddle: an output_size that leaves no room for the windows.
"""

from __future__ import annotations

from typing import Any

from .spec import FLOAT_EDGES, FLOATS, INF, NAN, Case, In

_X2 = (2, 3, 5, 6)
COMPUTED_IN = {"lp_pool2d": {"float64": "float32"}}


def _lp(name: str, x: In | None = None, dtype: str = "float32", norm_type: float = 2.0,
        kernel_tensor: list[int] | None = None, **attrs: Any) -> Case:
    inputs: dict[str, Any] = {"x": x or In(_X2, dtype, -3.0, 3.0)}
    if kernel_tensor is not None:
        inputs["KernelSizeTensor"] = In((2,), "int64", values=kernel_tensor)
    return Case(f"lp_pool2d_{name}", "lp_pool2d", inputs,
                attrs={"kernel_size": [2, 2], "norm_type": norm_type, **attrs})


CASES = [
    *[_lp(f"p2_{d}", dtype=d) for d in FLOATS],
    *[_lp(f"p3_stride2_{d}", dtype=d, norm_type=3.0, strides=[2, 2]) for d in FLOATS],
    _lp("p1_5_positive", In(_X2, "float64", 0.1, 3.0), norm_type=1.5, kernel_size=[3, 2]),
    _lp("p1_5_negative_nan", norm_type=1.5),
    _lp("p1_is_the_sum", norm_type=1.0, kernel_size=[3, 3]),
    _lp("paddings", norm_type=2.0, paddings=[1, 2], strides=[2, 2]),
    _lp("paddings_4", norm_type=4.0, paddings=[1, 0, 0, 1]),
    _lp("ceil_mode", kernel_size=[3, 3], strides=[2, 2], ceil_mode=True),
    _lp("same", kernel_size=[3, 2], strides=[2, 2], padding_algorithm="SAME"),
    _lp("valid", kernel_size=[2, 3], paddings=[1, 1], padding_algorithm="VALID"),
    _lp("nhwc", In((2, 5, 6, 3), "float32"), kernel_size=[3, 2], data_format="NHWC"),
    _lp("global", dtype="float64", global_pooling=True),
    _lp("adaptive", In(_X2, "float32", 0.0, 2.0), kernel_size=[2, 4], adaptive=True),
    _lp("kernel_size_tensor", kernel_tensor=[3, 2]),
    _lp("edges", In((1, 2, 4, 4), "float32", special=FLOAT_EDGES), kernel_size=[2, 2],
        strides=[2, 2]),
    _lp("no_batch", In((0, 3, 5, 6), "float32")),
    _lp("inf_is_max", norm_type=INF, paddings=[1, 1]),
    _lp("max_pooling_type", dtype="float64", pooling_type="max"),
    _lp("avg_pooling_type", pooling_type="avg", paddings=[1, 1], exclusive=False),
    _lp("inf_overrides_avg", norm_type=INF, pooling_type="avg"),
    _lp("p0_is_inf", norm_type=0.0),
    _lp("minus_inf_is_one", norm_type=-INF),
]


def _fractional(name: str, rank: int, shape: tuple[int, ...], output_size: list[int],
                random_u: float = 0.3, kernel_size: list[int] | None = None,
                dtype: str = "float32", x: In | None = None, raises: str | None = None
                ) -> Case:
    op = f"fractional_max_pool{rank}d"
    attrs: dict[str, Any] = {"output_size": output_size, "random_u": random_u}
    if kernel_size is not None:
        attrs["kernel_size"] = kernel_size
    return Case(f"{op}_{name}", op, {"x": x or In(shape, dtype, -4.0, 4.0)}, attrs=attrs,
                raises=raises)


_F2, _F3 = (2, 3, 9, 7), (2, 2, 7, 6, 5)
CASES += [
    *[_fractional(f"{d}", 2, _F2, [4, 3], dtype=d) for d in FLOATS],
    *[_fractional(f"{d}", 3, _F3, [3, 4, 2], dtype=d) for d in FLOATS],
    *[_fractional(f"float16_{r}d", r, (_F2, _F3)[r - 2], ([4, 3], [3, 4, 2])[r - 2],
                  dtype="float16") for r in (2, 3)],
    *[_fractional(f"u{str(u).replace('.', '_')}", 2, _F2, [5, 4], u) for u in (0.01, 0.99)],
    _fractional("u_large", 2, _F2, [3, 2], 0.7),
    _fractional("kernel_size", 2, _F2, [4, 3], 0.45, kernel_size=[3, 2]),
    _fractional("kernel_size", 3, _F3, [3, 2, 2], 0.6, kernel_size=[2, 3, 2]),
    _fractional("same_size", 2, (1, 2, 5, 4), [5, 4], 0.5),
    _fractional("one_cell", 3, (1, 1, 3, 4, 2), [1, 1, 1], 0.2),
    _fractional("odd_u", 2, (1, 1, 11, 13), [4, 6], 0.123),
    _fractional("edges", 2, (1, 2, 6, 6), [3, 3], 0.5,
                x=In((1, 2, 6, 6), "float32", special=(NAN, -INF, -INF, -INF, 1.0, 1.0))),
    _fractional("ties", 2, (1, 1, 6, 6), [2, 2], 0.5,
                x=In((1, 1, 6, 6), "float64", values=[[[[1.0] * 6] * 6]])),
    _fractional("output_too_large", 2, (1, 1, 4, 4), [4, 4], 0.5, kernel_size=[2, 2],
                raises="less than valid output"),
]
