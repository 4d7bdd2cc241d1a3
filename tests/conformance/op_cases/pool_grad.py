"""Grads of the pool family (forward cases in pool.py):

- lp_pool2d: norm_type 2, 3 and 1.5 (positive inputs: a negative element with a fractional
  power is NaN forward and back), strides, paddings, ceil_mode, SAME, NHWC, global,
  adaptive cells, the kernel size fed as a tensor, and the max / avg pooling it turns into
  (pooling_type "max" / "avg", norm_type +inf). Paddle takes the power of the float64 ratio
  in float32 (`powf`): float64 gradients are float32-precise (tolerance 1e-6).
- fractional_max_pool2d / 3d: Out@GRAD at the mask, windows from the given random_u (u 0
  draws from a generator: the grad reads the forward's mask whatever the draw), with and
  without kernel_size (overlapping windows), ties (the first element), float16 / float64.
"""

from typing import Any

from .spec import Case, GradCase, In

_X2 = (2, 3, 5, 6)


def _lp(tag: str, x: In | None = None, dtype: str = "float32", norm_type: float = 2.0,
        kernel_tensor: list[int] | None = None, **attrs: Any) -> GradCase:
    inputs: dict[str, Any] = {"x": x or In(_X2, dtype, 0.2, 3.0)}
    if kernel_tensor is not None:
        inputs["KernelSizeTensor"] = In((2,), "int64", values=kernel_tensor)
    tol = 1e-6 if dtype == "float64" else None
    return GradCase(Case(f"lp_pool2d_{tag}_{dtype}", "lp_pool2d", inputs,
                         attrs={"kernel_size": [2, 2], "norm_type": norm_type, **attrs}),
                    ("x",), tol=tol)


def _fractional(tag: str, rank: int, shape: tuple, output_size: list[int],
                random_u: float = 0.3, kernel_size: list[int] | None = None,
                dtype: str = "float32", x: In | None = None) -> GradCase:
    op = f"fractional_max_pool{rank}d"
    attrs: dict[str, Any] = {"output_size": output_size, "random_u": random_u}
    if kernel_size is not None:
        attrs["kernel_size"] = kernel_size
    return GradCase(Case(f"{op}_{tag}_{dtype}", op, {"x": x or In(shape, dtype, -4.0, 4.0)},
                         attrs=attrs), ("x",), of=("out",))


_F2, _F3 = (2, 3, 9, 7), (2, 2, 7, 6, 5)

GRAD_CASES = [
    *(_lp("p2", dtype=dt) for dt in ("float32", "float64")),
    _lp("p3_stride2", norm_type=3.0, strides=[2, 2]),
    _lp("p1_5", norm_type=1.5, kernel_size=[3, 2], dtype="float64"),
    _lp("overlap", norm_type=2.0, kernel_size=[3, 3], strides=[1, 2]),
    _lp("paddings", paddings=[1, 2], strides=[2, 2]),
    _lp("ceil_mode", kernel_size=[3, 3], strides=[2, 2], ceil_mode=True),
    _lp("same", kernel_size=[3, 2], strides=[2, 2], padding_algorithm="SAME"),
    _lp("nhwc", In((2, 5, 6, 3), "float32", 0.2, 3.0), kernel_size=[3, 2],
        data_format="NHWC"),
    _lp("global", global_pooling=True),
    _lp("adaptive", kernel_size=[2, 4], adaptive=True),
    _lp("kernel_size_tensor", kernel_tensor=[3, 2]),
    _lp("max_pooling_type", In(_X2, "float32", -3.0, 3.0), pooling_type="max"),
    _lp("avg_pooling_type", pooling_type="avg", paddings=[1, 1], exclusive=False),
    _lp("inf_is_max", In(_X2, "float32", -3.0, 3.0), norm_type=float("inf"), paddings=[1, 1]),
    *(_fractional("2d", 2, _F2, [4, 3], dtype=dt) for dt in ("float32", "float64", "float16")),
    *(_fractional("3d", 3, _F3, [3, 4, 2], dtype=dt) for dt in ("float32", "float16")),
    _fractional("u_large", 2, _F2, [3, 2], 0.7),
    _fractional("kernel_size", 2, _F2, [4, 3], 0.45, kernel_size=[3, 2]),
    _fractional("kernel_size", 3, _F3, [3, 2, 2], 0.6, kernel_size=[2, 3, 2], dtype="float64"),
    _fractional("same_size", 2, (1, 2, 5, 4), [5, 4], 0.5),
    _fractional("ties", 2, (1, 1, 6, 6), [2, 2], 0.5, kernel_size=[4, 4],
                x=In((1, 1, 6, 6), "float32", values=[[[[1.0] * 6] * 6]])),
]
