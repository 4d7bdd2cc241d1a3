"""The InferMeta pass agrees with a real run on every var of every fixture model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner
from compat.meta_pass import declared_feeds, infer_program, placeholder
from compat.predictor import check_feeds, load_model, run_model
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.operator import OperatorBase
from legacy_fluid.framework.scope import Scope
from phi.common import DataType, Place
from phi.core.dense_tensor import DenseTensor
from tests.conformance.paddle_reference import INFERRED_BY_RUNNING, fixture_feeds

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
    feeds = fixture_feeds(model_dir, "b4")
    metas = {k: (tuple(v.dims), v.dtype) if isinstance(v, DenseTensor)
             else (v.shape, DataType.from_numpy(v.dtype)) for k, v in feeds.items()}
    result = infer_program(model.program, model.scope, metas)
    # Control flow, tensor arrays and data-dependent shapes are inferred only by running
    # them (and what reads them).
    framework = [n for n in result.not_inferred
                 if "framework op" in n[2] or "is not inferred" in n[2]]
    assert not result.problems and result.not_inferred == framework
    assert not framework or model_dir.name in INFERRED_BY_RUNNING
    ops = model.program.global_block().ops
    skipped = {name for index, _, _ in framework for name in ops[index].output_arg_names()}
    recorder = _Recorder()
    fed = fixture_feeds(model_dir, "b4")  # LoD feeds (ctr_v2's slots) with their LoD
    Executor(None, recorder).run(model.program, model.scope, check_feeds(model, fed))
    inferred = {n: (m.dims, m.dtype) for n, m in result.vars.items()}
    assert inferred == {n: recorder.seen[n] for n in inferred}
    sub_block = set(recorder.seen) - set(model.program.global_block().vars)
    # Data-dependent sizes (NMS detections) are known only by running the op.
    data_dependent = set(result.data_dependent)
    # Outputs the op leaves unwritten (an is_test lstm's BatchGate / BatchCellPreAct, as
    # Paddle's kernel leaves them) have nothing to infer.
    unwritten = {n for n, (_, dtype) in recorder.seen.items() if dtype is DataType.UNDEFINED}
    assert set(recorder.seen) - set(inferred) <= ({"fetch"} | skipped | sub_block
                                                 | data_dependent | unwritten)
    assert result.bytes == sum(m.nbytes for m in result.vars.values())
    assert model.scope.kids == []  # the pass leaves the parameter scope as it was


def test_declared_feeds_take_batch_for_unknown_dims() -> None:
    model = load_model(ROOT / "examples" / "mlp" / "model")
    assert declared_feeds(model.program, model.feed_names, batch=3) == {
        "x": ([3, 16], DataType.FLOAT32)}


def test_placeholder_holds_one_element() -> None:
    big = placeholder([2**31, 4], DataType.FLOAT32)
    assert big.shape == (2**31, 4) and big.strides == (0, 0) and not big.flags.writeable


def test_the_pass_never_writes_a_parameter(tmp_path: Path) -> None:
    """An op that scales a parameter in place, run for real by the pass (its input is known
    and small), must not leave the parameter scaled for the run that follows; the run
    itself scales it once, reading it before writing it."""
    from legacy_fluid.framework.var_type import AttrType
    from tests.cli.malformed import edited, invoke

    def edit(m):
        op = m.blocks[0].ops.add(type="scale")
        op.inputs.add(parameter="X", arguments=["linear_0.b_0"])
        op.outputs.add(parameter="Out", arguments=["linear_0.b_0"])
        op.attrs.add(name="scale", type=AttrType.FLOAT, f=3.0)
        ops = list(m.blocks[0].ops)
        del m.blocks[0].ops[:]
        m.blocks[0].ops.extend([ops[0], ops[-1], *ops[1:-1]])  # the scale right after feed

    prefix = edited(tmp_path / "m", edit)
    x = ROOT / "examples" / "mlp" / "x.npy"
    res = invoke("run", prefix, "-i", x, "--output", tmp_path / "cli.npz", "--warm-runs", "0")
    assert res.exit_code == 0, res.output
    model = load_model(prefix)
    bias = model.scope.find_var("linear_0.b_0").value.numpy().copy()
    direct = run_model(model, {"x": np.load(x)})
    # the in-place scale read its input before writing it (copy on write of the parameter)
    np.testing.assert_allclose(model.scope.find_var("linear_0.b_0").value.numpy(), 3 * bias)
    with np.load(tmp_path / "cli.npz") as npz:
        for name, arr in direct.outputs.items():
            np.testing.assert_array_equal(npz[name], arr)
