"""`fluidphi crop`: run each model once and record the op types and kernels it needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from compat.dual_dispatch import PathMode
from compat.kernel_crop import CroppedKernel, KernelCrop, recording
from compat.meta_pass import declared_feeds, placeholder
from compat.predictor import ModelInputError, load_model, run_model
from phi.common import Place


def placeholder_feeds(model_path: str, program_feeds: Mapping[str, tuple[list[int], object]],
                      feed_names: Sequence[str]) -> dict[str, np.ndarray]:
    missing = [n for n in feed_names if n not in program_feeds]
    if missing:
        raise ModelInputError(model_path, [f"feed '{n}' declares no dense tensor dims/dtype; "
                                           "give the model's inputs (--inputs)" for n in missing])
    return {n: placeholder(dims, dtype)  # type: ignore[arg-type]
            for n, (dims, dtype) in program_feeds.items()}


def crop_models(models: Sequence[str], inputs: Sequence[Mapping[str, np.ndarray] | None],
                place: Place, path: PathMode) -> KernelCrop:
    """The crop of `models`: every op type of their programs, and every kernel one run of
    each chooses, fed `inputs` (per model; None: zeros of the declared dims, -1 as 1).
    Ops a run does not reach (a branch not taken) are listed without kernels."""
    ops: set[str] = set()
    kernels: set[CroppedKernel] = set()
    for model_path, feeds in zip(models, inputs, strict=True):
        model = load_model(model_path)
        ops.update(model.program.op_types())
        if feeds is None:
            feeds = placeholder_feeds(model_path, declared_feeds(model.program,
                                                                 model.feed_names),
                                      model.feed_names)
        with recording() as chosen:  # the trace holds no sub-block ops: record choices
            result = run_model(model, feeds, place=place, path=path)
        ops.update(entry.type for entry in result.trace)
        ops.update(k.op for k in chosen)
        kernels |= chosen
    return KernelCrop(frozenset(ops), frozenset(kernels), tuple(str(Path(m)) for m in models))
