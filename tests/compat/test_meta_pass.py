"""The InferMeta pass agrees with a real run on every var of every fixture model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner
from compat.meta_pass import declared_feeds, infer_program, placeholder
from compat.predictor import check_feeds, load_model
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.operator import OperatorBase
from legacy_fluid.framework.scope import Scope
from phi.common import DataType, Place

ROOT = Path(__file__).resolve().parent.parent.parent
MODELS = sorted(p.parent for p in (ROOT / "tests" / "fixtures").glob("models*/*/model.pdmodel"))


class _Recorder(DualDispatchRunner):
    """Dual dispatch that notes the dims and dtype of every output after each op."""

    def __init__(self) -> None:
        super().__init__("auto")
        self.seen: dict[str, tuple[tuple[int, ...], DataType]] = {}

    def __call__(self, op: OperatorBase, scope: Scope, place: Place):
        trace = super().__call__(op, scope, place)
        for names in op.outputs.values():
            for name in names:
                value = scope.find_var(name).value
                if hasattr(value, "dims"):
                    self.seen[name] = (tuple(value.dims), value.dtype)
        return trace


@pytest.mark.parametrize("model_dir", MODELS, ids=[p.name for p in MODELS])
def test_every_inferred_var_matches_the_run(model_dir: Path) -> None:
    model = load_model(model_dir / "model")
    with np.load(model_dir / "inputs_b4.npz") as npz:
        feeds = {k: npz[k] for k in npz.files}
    metas = {k: (v.shape, DataType.from_numpy(v.dtype)) for k, v in feeds.items()}
    result = infer_program(model.program, model.scope, metas)
    assert not result.problems and not result.not_inferred
    recorder = _Recorder()
    Executor(None, recorder).run(model.program, model.scope, check_feeds(model, feeds))
    inferred = {n: (m.dims, m.dtype) for n, m in result.vars.items()}
    assert inferred == {n: recorder.seen[n] for n in inferred}
    assert set(recorder.seen) - set(inferred) <= {"fetch"}
    assert result.bytes == sum(m.nbytes for m in result.vars.values())
    assert model.scope.kids == []  # the pass leaves the parameter scope as it was


def test_declared_feeds_take_batch_for_unknown_dims() -> None:
    model = load_model(ROOT / "examples" / "mlp" / "model")
    assert declared_feeds(model.program, model.feed_names, batch=3) == {
        "x": ([3, 16], DataType.FLOAT32)}


def test_placeholder_holds_one_element() -> None:
    big = placeholder([2**31, 4], DataType.FLOAT32)
    assert big.shape == (2**31, 4) and big.strides == (0, 0) and not big.flags.writeable
