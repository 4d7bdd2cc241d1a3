"""InferMeta of concat_grad and stack_grad: each input's gradient like the input (an
absent one, not asked for, is skipped)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def unchanged_multi_infer_meta(x: list[MetaTensor], out: list[MetaTensor]) -> None:
    for src, dst in zip(x, out):
        if dst and src:
            dst.share_meta(src)
