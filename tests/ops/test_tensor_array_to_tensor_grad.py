"""tensor_array_to_tensor_grad beyond the Paddle grad fixtures (tests/fixtures/grads/
controlflow_grad): central finite differences of sum(Out * cotangent) over the array's
items, a training-style program as Paddle 3.3.1's append_backward writes it (write_to_array
before, read_from_array with X_W after), and the errors."""

from __future__ import annotations

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner
from compat.plan import PlannedExecutor
from legacy_fluid.framework.executor import Executor, OpRunError
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import VarType
from phi.common import Place

EXECUTORS = {"legacy": lambda: Executor(Place(), DualDispatchRunner("legacy")),
             "auto": lambda: Executor(Place(), DualDispatchRunner("auto")),
             "planned": lambda: PlannedExecutor(Place())}


def _joined(count: int, axis: int, use_stack: bool, backward: bool) -> ProgramDesc:
    """arr (fed) -> tensor_array_to_tensor -> out; with `backward`, the grad op seeded by
    the fed out@GRAD and the `count` gradient items read back as g0, g1, ..."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("arr").type = VarType.LOD_TENSOR_ARRAY
    for name in ("out", "index", "out@GRAD"):
        block.var(name)
    attrs = {"axis": axis, "use_stack": use_stack}
    block.append_op("tensor_array_to_tensor", {"X": ["arr"]},
                    {"Out": ["out"], "OutIndex": ["index"]}, attrs)
    if backward:
        block.var("arr@GRAD").type = VarType.LOD_TENSOR_ARRAY
        block.append_op("tensor_array_to_tensor_grad", {"X": ["arr"], "Out@GRAD": ["out@GRAD"]},
                        {"X@GRAD": ["arr@GRAD"]}, attrs)
        for i in range(count):
            for name in (f"i{i}", f"g{i}"):
                block.var(name)
            block.append_op("fill_constant", {}, {"Out": [f"i{i}"]},
                            {"shape": [1], "dtype": int(VarType.INT64), "value": float(i)})
            block.append_op("read_from_array", {"X": ["arr@GRAD"], "I": [f"i{i}"]},
                            {"Out": [f"g{i}"]})
    return program


@pytest.mark.parametrize("path", sorted(EXECUTORS))
@pytest.mark.parametrize(("dims", "axis", "use_stack"), [
    (((2, 3), (1, 3), (0, 3)), 0, False), (((2, 3), (2, 4)), 1, False),
    (((2, 2, 3), (2, 2, 1)), -1, False), (((2, 3), (2, 3), (2, 3)), 1, True),
    (((4,), (4,)), -1, True)])
def test_gradient_matches_finite_differences(path: str, dims, axis: int, use_stack: bool) -> None:
    rng = np.random.default_rng(7)
    items = [rng.standard_normal(d) for d in dims]
    forward = _joined(len(dims), axis, use_stack, backward=False)

    def loss(values: list[np.ndarray], cot: np.ndarray) -> float:
        (out,) = EXECUTORS[path]().run(forward, Scope(), {"arr": values}, fetch_list=["out"])
        return float(np.sum(out.numpy() * cot))

    (out,) = EXECUTORS[path]().run(forward, Scope(), {"arr": items}, fetch_list=["out"])
    cot = rng.standard_normal(out.numpy().shape)
    fetched = EXECUTORS[path]().run(_joined(len(dims), axis, use_stack, backward=True),
                                    Scope(), {"arr": items, "out@GRAD": cot},
                                    fetch_list=[f"g{i}" for i in range(len(dims))])
    step = 1e-6
    for i, item in enumerate(items):
        numeric = np.zeros_like(item)
        for k in np.ndindex(item.shape):  # a test: the forward per perturbed element
            plus = [v.copy() for v in items]
            minus = [v.copy() for v in items]
            plus[i][k] += step
            minus[i][k] -= step
            numeric[k] = (loss(plus, cot) - loss(minus, cot)) / (2 * step)
        grad = fetched[i].numpy()
        assert grad.shape == item.shape and grad.dtype == np.float64
        np.testing.assert_allclose(grad, numeric, rtol=1e-6, atol=1e-8)


def test_training_style_program_as_paddle_writes_it() -> None:
    """x, y -> write_to_array (x * 2, y) -> tensor_array_to_tensor(axis 1) -> mean(out * out)
    and its backward as Paddle 3.3.1's append_backward emits it (the grad array read back by
    read_from_array with an X_W input, the write's own gradient)."""
    program = ProgramDesc()
    block = program.global_block()
    for name in ("x", "y", "x2", "i0", "i1", "out", "index", "sq", "loss", "loss@GRAD",
                 "sq@GRAD", "out@GRAD@0", "out@GRAD@1", "out@GRAD", "x2@GRAD", "x@GRAD",
                 "y@GRAD"):
        block.var(name)
    for name in ("arr", "arr@GRAD"):
        block.var(name).type = VarType.LOD_TENSOR_ARRAY
    ops = [
        ("fill_constant", {}, {"Out": ["i0"]}, {"shape": [1], "dtype": 3, "value": 0.0}),
        ("fill_constant", {}, {"Out": ["i1"]}, {"shape": [1], "dtype": 3, "value": 1.0}),
        ("scale", {"X": ["x"]}, {"Out": ["x2"]}, {"scale": 2.0}),
        ("write_to_array", {"X": ["x2"], "I": ["i0"]}, {"Out": ["arr"]}, {}),
        ("write_to_array", {"X": ["y"], "I": ["i1"]}, {"Out": ["arr"]}, {}),
        ("tensor_array_to_tensor", {"X": ["arr"]}, {"Out": ["out"], "OutIndex": ["index"]},
         {"axis": 1, "use_stack": False}),
        ("elementwise_mul", {"X": ["out"], "Y": ["out"]}, {"Out": ["sq"]}, {"axis": -1}),
        ("reduce_mean", {"X": ["sq"]}, {"Out": ["loss"]}, {"reduce_all": True, "dim": []}),
        ("fill_constant", {}, {"Out": ["loss@GRAD"]}, {"shape": [], "dtype": 5, "value": 1.0}),
        ("reduce_mean_grad", {"X": ["sq"], "Out@GRAD": ["loss@GRAD"]}, {"X@GRAD": ["sq@GRAD"]},
         {"reduce_all": True, "dim": []}),
        ("elementwise_mul_grad", {"X": ["out"], "Y": ["out"], "Out@GRAD": ["sq@GRAD"]},
         {"X@GRAD": ["out@GRAD@0"], "Y@GRAD": ["out@GRAD@1"]}, {"axis": -1}),
        ("sum", {"X": ["out@GRAD@0", "out@GRAD@1"]}, {"Out": ["out@GRAD"]}, {}),
        ("tensor_array_to_tensor_grad", {"X": ["arr"], "Out@GRAD": ["out@GRAD"]},
         {"X@GRAD": ["arr@GRAD"]}, {"axis": 1, "use_stack": False}),
        ("read_from_array", {"X": ["arr@GRAD"], "I": ["i1"], "X_W": ["y"]}, {"Out": ["y@GRAD"]},
         {}),
        ("read_from_array", {"X": ["arr@GRAD"], "I": ["i0"], "X_W": ["x2"]},
         {"Out": ["x2@GRAD"]}, {}),
        ("scale", {"X": ["x2@GRAD"]}, {"Out": ["x@GRAD"]}, {"scale": 2.0}),
    ]
    for op_type, inputs, outputs, attrs in ops:
        block.append_op(op_type, inputs, outputs, attrs)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.arange(8, dtype=np.float32).reshape(2, 4)
    for path, make in EXECUTORS.items():
        dx, dy = make().run(program, Scope(), {"x": x, "y": y}, fetch_list=["x@GRAD", "y@GRAD"])
        # loss = mean(out^2) over 14 elements: d/dout = out / 7
        np.testing.assert_allclose(dx.numpy(), 2 * (2 * x) / 7, rtol=1e-6, err_msg=path)
        np.testing.assert_allclose(dy.numpy(), y / 7, rtol=1e-6, err_msg=path)


def test_out_grad_of_other_dims_is_refused() -> None:
    with pytest.raises(OpRunError, match=r"Out@GRAD \('out@GRAD'\) has dims \[2, 5\], the "
                                         r"joined items' are \[2, 6\]"):
        Executor(Place(), DualDispatchRunner("auto")).run(
            _joined(2, 1, False, backward=True), Scope(),
            {"arr": [np.ones((2, 3)), np.ones((2, 3))], "out@GRAD": np.ones((2, 5))},
            fetch_list=["g0"])
