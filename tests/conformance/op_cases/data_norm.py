"""data_norm (CTR models' feature normalisation from accumulated statistics): Means =
BatchSum / BatchSize, Scales = sqrt(BatchSize / BatchSquareSum), Y = (X - Means) * Scales per
column of a 2-D X; with `slot_dim` > 0 a slot (slot_dim columns) whose first column (the
show count) is within 1e-7 of zero gives zeros; `enable_scale_and_shift` then multiplies by
scale_w and adds bias.

Paddle 3.3.1 no longer registers the op, so these fixtures come from Paddle 2.6.2
(`PADDLE`; `python tests/conformance/export_ops.py --family data_norm` run by a Python with
paddlepaddle==2.6.2). Float32 and float64 (its CPU kernels).
"""

from __future__ import annotations

from typing import Any

from .spec import INF, NAN, Case, In

#: The Paddle release that exports this family (3.3.1 has no data_norm).
PADDLE = "2.6.2"

_FETCH = ("Y", "Means", "Scales")


def _stats(c: int, dtype: str) -> dict[str, In]:
    return {"BatchSize": In((c,), dtype, 50.0, 150.0), "BatchSum": In((c,), dtype, -20.0, 20.0),
            "BatchSquareSum": In((c,), dtype, 60.0, 300.0)}


def _dn(name: str, x: In, *, scale: bool = False, stats: dict | None = None,
        raises: str | None = None, **attrs: Any) -> Case:
    c = x.shape[-1] if attrs.get("data_layout") == "NHWC" else x.shape[1]
    inputs: dict[str, In] = {}
    if scale:
        inputs = {"scale_w": In((c,), x.dtype, 0.5, 1.5), "bias": In((c,), x.dtype, -0.3, 0.3)}
    inputs = {**inputs, "X": x, **(stats or _stats(c, x.dtype))}
    return Case(f"data_norm_{name}", "data_norm", inputs, attrs=attrs,
                fetch=None if raises else _FETCH, raises=raises)


# rows of 2 slots of 3 columns: shows 0, -0.0, 5e-8 (below 1e-7: the slot gives zeros),
# 2e-7, -1e-7 (kept), NaN (kept, NaN out)
_SHOWS = [[0.0, 1.0, 2.0, 3.0, -1.0, 0.5], [-0.0, 4.0, 1.0, 5e-8, 2.0, 2.0],
          [2e-7, -3.0, 0.25, -1e-7, 1.5, -2.0], [NAN, 1.0, 1.0, 7.0, INF, -INF]]

CASES = [
    _dn("float32", In((4, 6), "float32")),
    _dn("float64", In((4, 6), "float64")),
    _dn("one_row", In((1, 5), "float32")),
    _dn("edges", In((3, 4), "float32", values=[[NAN, INF, -INF, 0.0], [-0.0, 1.0, -1.0, 3e38],
                                               [1e-30, -2.5, 7.0, -3e38]])),
    _dn("zero_stats", In((2, 3), "float64"),
        stats={"BatchSize": In((3,), "float64", values=[0.0, 4.0, 9.0]),
               "BatchSum": In((3,), "float64", values=[0.0, 2.0, -3.0]),
               "BatchSquareSum": In((3,), "float64", values=[0.0, 0.0, 18.0])}),
    _dn("slot_dim3_shows", In((4, 6), "float32", values=_SHOWS), slot_dim=3),
    _dn("slot_dim3_shows_float64", In((4, 6), "float64", values=_SHOWS), slot_dim=3),
    _dn("slot_dim1", In((4, 6), "float32", values=_SHOWS), slot_dim=1),
    _dn("slot_dim_whole_row", In((4, 6), "float32", values=_SHOWS), slot_dim=6),
    _dn("scale_shift", In((4, 6), "float32"), scale=True, enable_scale_and_shift=True),
    _dn("scale_shift_float64", In((4, 6), "float64"), scale=True, enable_scale_and_shift=True),
    _dn("scale_shift_slot_dim3", In((4, 6), "float32", values=_SHOWS), scale=True,
        enable_scale_and_shift=True, slot_dim=3),
    _dn("scale_given_not_enabled", In((3, 4), "float32"), scale=True),
    _dn("nhwc", In((3, 5), "float32"), data_layout="NHWC"),
    _dn("train_attrs", In((3, 4), "float32"), epsilon=0.001, summary_decay_rate=0.5,
        sync_stats=True),
    _dn("rank3_refused", In((2, 3, 4), "float32"), raises="dim size should be 2"),
    _dn("float32_stats_of_float64_refused", In((2, 3), "float64"),
        stats=_stats(3, "float32"), raises="BatchSize input should be of"),
]
# slot_dim not dividing the columns: Paddle's kernel reads past the statistics (no fixture;
# tests/ops/test_data_norm_ops.py checks fluidphi's error)
