"""`fold_constant_reshapes`: a reshape2 of a parameter is computed once, at plan time.

Paddle 3.x writes a convolution's bias as reshape2(bias, [1, C, 1, 1]) feeding an
elementwise_add; folding the reshape leaves the add reading a parameter, which
`fuse_conv_bias_act` then takes into the conv. Only reshapes whose target shape is an
attribute (no Shape / ShapeTensor input) and whose XShape nobody reads are folded.
"""

from __future__ import annotations

import numpy as np

from compat.passes.graph import Rewrite


def _target_shape(dims: tuple[int, ...], shape: list[int]) -> list[int] | None:
    """Paddle's reshape rule: 0 copies the input's dim at that index, -1 is inferred."""
    out = []
    for i, d in enumerate(shape):
        if d == 0:
            if i >= len(dims):
                return None
            out.append(dims[i])
        else:
            out.append(int(d))
    return out


def _folded(rw: Rewrite, i: int) -> np.ndarray | None:
    desc = rw.ops[i]
    if desc.type != "reshape2" or desc.input("Shape") or desc.input("ShapeTensor"):
        return None
    value = rw.param(desc.input("X")[0])
    out = desc.output("Out")[0]
    if value is None or rw.protected(out) or any(rw.consumers(n)
                                                 for n in desc.output("XShape")):
        return None
    shape = _target_shape(value.shape, list(desc.attr("shape", [])))
    if shape is None or shape.count(-1) > 1:
        return None
    try:
        return value.reshape(shape)
    except ValueError:  # the op itself will report the mismatch when it runs
        return None


def fold_constant_reshapes(rw: Rewrite) -> None:
    i = 0
    while i < len(rw.ops):
        value = _folded(rw, i)
        if value is None:
            i += 1
            continue
        desc = rw.ops[i]
        out = desc.output("Out")[0]
        rw.make_constant(i, out, value, f"reshape2 {out}: a parameter reshaped to "
                                        f"{list(value.shape)}, computed once")
