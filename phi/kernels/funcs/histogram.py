"""histogram and bincount, shared by PHI and legacy kernels.

Semantics are Paddle 3.3.1's CPU kernels' (tests/fixtures/ops/histogram):

- histogram: `bins` equal bins over [min, max] (both cast to x's type; min == max takes
  x's own range, widened by 1 each way when still equal); an element in range goes to bin
  (x - min) * bins / (max - min) computed in x's type (so integer X divides as integers,
  float32 X rounds as float32), the last bin taking max; NaN and values out of range are
  left out. Out is int64 counts, float32 sums of Weight, or float32 densities (count /
  (total * bin width)); an empty X gives float32 zeros;
- bincount: how often each non-negative integer occurs, at least `minlength` bins (Out's
  length depends on the data); int64 counts, or sums of Weights (float32 for float32
  weights, float64 otherwise).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import DataType


def histogram_dtype(weighted: bool, density: bool) -> DataType:
    return DataType.FLOAT32 if weighted or density else DataType.INT64


def check_histogram(bins: int, vmin: float, vmax: float) -> None:
    if int(bins) < 1:
        raise ValueError(f"histogram: bins must be at least 1, got {bins}")
    if vmax < vmin:
        raise ValueError(f"histogram: max must be larger or equal to min, got max {vmax} and "
                         f"min {vmin}")


def _range(xp: Any, flat: Any, vmin: float, vmax: float) -> tuple[Any, Any]:
    """[min, max] in x's type: the attributes, else x's range (std::min_element /
    max_element: a NaN counts only in front), widened when empty."""
    t = flat.dtype.type
    lo, hi = t(vmin), t(vmax)
    if lo == hi:
        if flat.dtype.kind == "f" and bool(xp.isnan(flat[0])):
            lo = hi = t(np.nan)
        else:
            lo, hi = t(xp.nanmin(flat).item()), t(xp.nanmax(flat).item())
    if lo == hi:
        lo, hi = t(lo - 1), t(hi + 1)
    return lo, hi


def histogram(xp: Any, x: Any, weight: Any | None, bins: int, vmin: float, vmax: float,
              density: bool, out: Any) -> None:
    """Paddle's histogram (see the module doc) into `out` (bins,)."""
    bins = int(bins)
    flat = x.reshape(-1)
    if flat.size == 0:
        out[...] = 0
        return
    lo, hi = _range(xp, flat, vmin, vmax)
    with np.errstate(invalid="ignore"):
        keep = (flat >= lo) & (flat <= hi)
        if flat.dtype.kind in "iu":  # C++: (x - min) * int64 bins / (max - min), in int64
            pos = (flat[keep] - lo).astype(np.int64) * bins // np.int64(hi - lo)
        else:
            pos = (flat[keep] - lo) * flat.dtype.type(bins) / (hi - lo)
    which = xp.minimum(pos.astype(np.int64), bins - 1)
    w = None if weight is None else weight.reshape(-1)[keep].astype(np.float32)
    counts = xp.bincount(which, weights=w, minlength=bins)
    if density:
        total = np.float32(counts.sum().item())
        width = np.float32(np.float32(hi - lo) / np.float32(bins))
        counts = counts.astype(np.float32) / total / width
    xp.copyto(out, counts.astype(out.dtype, copy=False))


def bincount_dtype(weights_dtype: DataType | None) -> DataType:
    if weights_dtype is None:
        return DataType.INT64
    return DataType.FLOAT32 if weights_dtype is DataType.FLOAT32 else DataType.FLOAT64


def bincount(xp: Any, x: Any, weights: Any | None, minlength: int) -> Any:
    """Counts (or weight sums) of each value 0..max(x), at least `minlength` of them."""
    flat = x.reshape(-1)
    if flat.size and int(flat.min()) < 0:
        raise ValueError("bincount: the elements in input tensor must be non-negative ints")
    if int(minlength) < 0:
        raise ValueError(f"bincount: minlength must be non-negative, got {minlength}")
    w = None if weights is None else weights.reshape(-1).astype(np.float64)
    return xp.bincount(flat.astype(np.int64), weights=w, minlength=int(minlength))
