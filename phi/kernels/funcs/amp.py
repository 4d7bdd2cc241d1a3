"""Loss scaling of mixed-precision training, as Paddle's CPU kernels compute it.

- check_finite_and_unscale: outs[i] = xs[i] * (1 / scale) (the reciprocal rounded to the
  dtype) while every tensor so far is finite; from the first tensor holding NaN or inf on,
  outs[i] = xs[i] * 0 (NaN for NaN and inf, -0.0 for negatives); found_inf says whether
  one was met.
- update_loss_scaling: with found_inf every out is zeros, else out = x (a program's outs
  are its xs); unless stop_update, found_inf counts a bad step (good = 0) and after
  decr_every_n_nan_or_inf of them scale *= decr_ratio (at least 1, bad = 0), else a good
  step (bad = 0) and after incr_every_n_steps of them scale *= incr_ratio unless that is
  not finite (good = 0). The counters are int32 [1] tensors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import copy_into, quiet, to_host


def check_finite_and_unscale(xp: Any, xs: Sequence[Any], scale: Any, outs: Sequence[Any],
                             found_inf: Any) -> None:
    found = False
    with quiet(xp):
        for x, out in zip(xs, outs):
            if not found:
                found = not bool(xp.isfinite(x).all())
            if found:
                xp.multiply(x, x.dtype.type(0), out=out)
            else:
                inverse = x.dtype.type(1.0 / float(scale.reshape(-1)[0]))
                xp.multiply(x, inverse, out=out)
    found_inf[...] = found


def zero_or_keep(xp: Any, xs: Sequence[Any], found_inf: bool, outs: Sequence[Any]) -> None:
    """update_loss_scaling's outs: zeros after a non-finite step, else the xs."""
    for x, out in zip(xs, outs):
        if found_inf:
            out.fill(0)
        else:
            xp.copyto(out, x)


def update_loss_scaling_step(xp: Any, xs: Sequence[Any], found_inf: Any, prev_scale: Any,
                             in_good: Any, in_bad: Any, incr_every_n_steps: int,
                             decr_every_n_nan_or_inf: int, incr_ratio: float, decr_ratio: float,
                             stop_update: bool, outs: Sequence[Any], scale_out: Any,
                             good_out: Any, bad_out: Any) -> None:
    """update_loss_scaling's kernel on arrays: outs, then the scale and the int32 counters
    (kept as they are with stop_update)."""
    found = bool(to_host(found_inf).reshape(-1)[0])
    good = int(to_host(in_good).reshape(-1)[0])
    bad = int(to_host(in_bad).reshape(-1)[0])
    zero_or_keep(xp, xs, found, outs)
    scale = to_host(prev_scale)
    if not stop_update:
        scale, good, bad = update_loss_scaling(found, scale, good, bad, incr_every_n_steps,
                                               decr_every_n_nan_or_inf, incr_ratio, decr_ratio)
    copy_into(xp, scale.reshape(scale_out.shape), scale_out)
    good_out.fill(good)
    bad_out.fill(bad)


def update_loss_scaling(found_inf: bool, prev_scale: Any, good: int, bad: int,
                        incr_every_n_steps: int, decr_every_n_nan_or_inf: int,
                        incr_ratio: float, decr_ratio: float) -> tuple[Any, int, int]:
    """(new scale as a 0-d array of prev_scale's dtype, good steps, bad steps)."""
    t = prev_scale.dtype.type
    scale = t(prev_scale.reshape(-1)[0])
    with np.errstate(over="ignore"):
        if found_inf:
            good, bad = 0, bad + 1
            if bad == decr_every_n_nan_or_inf:
                scale, bad = max(scale * t(np.float32(decr_ratio)), t(1)), 0
        else:
            good, bad = good + 1, 0
            if good == incr_every_n_steps:
                grown = scale * t(np.float32(incr_ratio))
                scale, good = (grown if np.isfinite(grown) else scale), 0
    return np.asarray(scale, dtype=prev_scale.dtype), good, bad
