"""`remove_identity_scales`: a scale by 1 plus 0 is dropped; its readers read its input.

Paddle's inference pass lists drop such scales too (identity_op_clean_pass). Programs carry
them where an upscale_in_train dropout meets inference (`remove_dropout` makes it such a
scale) and where exporters wrote eval-mode dropout as one. The op's only effect is
x * 1 + 0 turning -0.0 into +0.0; without it -0.0 stays.

An op is dropped only when its output is an intermediate (not persistable, fetched or
read by a sub-block) written by it alone, and nothing between it and its last reader
writes its input.
"""

from __future__ import annotations

from compat.passes.graph import Rewrite


def _is_identity_scale(rw: Rewrite, i: int) -> bool:
    desc = rw.ops[i]
    return desc.type == "scale" and not desc.input("ScaleTensor") \
        and not desc.input("BiasTensor") and float(desc.attr("scale", 1.0)) == 1.0 \
        and float(desc.attr("bias", 0.0)) == 0.0


def _readers_if_removable(rw: Rewrite, i: int) -> list[int] | None:
    """The readers of op i's output when op i can go, else None."""
    desc = rw.ops[i]
    xs, outs = desc.input("X"), desc.output("Out")
    if len(xs) != 1 or len(outs) != 1 or xs[0] == outs[0] or rw.protected(outs[0]):
        return None
    x, out = xs[0], outs[0]
    readers = rw.consumers(out)
    writers = [j for j, o in enumerate(rw.ops) if out in o.output_arg_names()]
    if not readers or readers[0] <= i or writers != [i]:
        return None
    if any(x in rw.ops[j].output_arg_names() for j in range(i + 1, readers[-1] + 1)):
        return None
    return readers


def remove_identity_scales(rw: Rewrite) -> None:
    i = 0
    while i < len(rw.ops):
        readers = _readers_if_removable(rw, i) if _is_identity_scale(rw, i) else None
        if readers is None:
            i += 1
            continue
        x, out = rw.ops[i].input("X")[0], rw.ops[i].output("Out")[0]
        for j in readers:
            rw.rename_input(j, out, x)
        rw.drop(i, f"scale {out}: scale 1, bias 0 (the identity), removed; its readers "
                   f"read {x}")
