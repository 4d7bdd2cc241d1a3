"""data_norm_grad (Paddle 2.6.2 only, as the forward): X@GRAD = Y@GRAD * Scales (times
scale_w with enable_scale_and_shift, whose slots without a show give zeros), scale_w@GRAD /
bias@GRAD, and the accumulators' new-batch statistics as BatchSize@GRAD / BatchSum@GRAD /
BatchSquareSum@GRAD (count, sum, squared deviations + count * epsilon; per slot with
slot_dim: over the rows showing it, as means, count 1). Variants: slot_dim (shows of zero,
-0.0, tiny, NaN), scale and shift, sync_stats (CPU: no effect), epsilon, NHWC.
"""

from .data_norm import _SHOWS, _dn
from .spec import GradCase, In

#: The Paddle release that exports this family (3.3.1 has no data_norm).
PADDLE = "2.6.2"

_STATS = ("X", "BatchSize", "BatchSum", "BatchSquareSum")
_SCALED = (*_STATS, "scale_w", "bias")


def _g(name: str, x: In, wrt: tuple[str, ...] = _STATS, **kw) -> GradCase:
    return GradCase(_dn(f"grad_{name}", x, **kw), wrt, of=("Y",))


GRAD_CASES = [
    _g("float32", In((4, 6), "float32")),
    _g("float64", In((5, 3), "float64")),
    _g("one_row_epsilon", In((1, 4), "float32"), epsilon=0.001),
    _g("nhwc_sync_stats", In((3, 5), "float64"), data_layout="NHWC", sync_stats=True),
    _g("slot_dim3", In((4, 6), "float32", values=_SHOWS), slot_dim=3),
    _g("slot_dim3_float64", In((4, 6), "float64", values=_SHOWS), slot_dim=3, epsilon=0.0005),
    _g("slot_dim1", In((4, 6), "float32", values=_SHOWS), slot_dim=1),
    _g("scale_shift", In((4, 6), "float32"), _SCALED, scale=True,
       enable_scale_and_shift=True),
    _g("scale_shift_float64", In((3, 4), "float64"), _SCALED, scale=True,
       enable_scale_and_shift=True, sync_stats=True),
    _g("scale_shift_slot_dim3", In((4, 6), "float32", values=_SHOWS), _SCALED, scale=True,
       enable_scale_and_shift=True, slot_dim=3),
    _g("scale_shift_slot_dim2_float64", In((4, 6), "float64", values=_SHOWS), _SCALED,
       scale=True, enable_scale_and_shift=True, slot_dim=2),
]
#: data_norm's InferShape sets no output dtype (export_ops.py declares float32): Y's
#: cotangent takes X's dtype.
COTANGENT_DTYPE_OF = {"data_norm": "X"}
