"""A legacy op that declares no infer_shape is shaped by its PHI kernel's InferMeta,
through its argument mapping (compat.infer_shape_by_meta); one that declares its own keeps
it; one with neither is refused by name."""

from __future__ import annotations

import numpy as np
import pytest

import compat.dual_dispatch  # noqa: F401  (installs the default shape inference)
from compat.infer_shape_by_meta import NoInferMetaError, infer_shape_by_meta
from compat.registration_index import ensure_all_registered
from legacy_fluid.framework.execution_context import InferShapeContext, RuntimeContext
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.program_desc import OpDesc
from legacy_fluid.framework.scope import Scope
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor


def _scope(inputs: dict[str, DenseTensor], outputs: list[str]) -> Scope:
    scope = Scope()
    for name, tensor in inputs.items():
        scope.var(name).value = tensor
    for name in outputs:
        scope.var(name)
    return scope


def _meta(scope: Scope, name: str) -> tuple:
    t = scope.find_var(name).get_tensor()
    return t.dims, t.dtype, [list(level) for level in t.lod or []]


def _infer(op_type: str, inputs: dict[str, list[str]], outputs: dict[str, list[str]],
           attrs: dict, scope: Scope, by_meta: bool) -> None:
    op = create_op(OpDesc(op_type, inputs, outputs, attrs))
    ctx = InferShapeContext(op, RuntimeContext.build(op, scope))
    if by_meta:
        infer_shape_by_meta(op, ctx)
    else:
        op.infer_shape(ctx)


@pytest.mark.parametrize(("op_type", "inputs", "outputs", "attrs"), [
    ("relu", {"X": (5, 2)}, ["Out"], {}),
    ("abs", {"X": (3, 4)}, ["Out"], {}),
    ("exp", {"X": (2, 3, 4)}, ["Out"], {}),
])
def test_infer_meta_gives_the_declared_infer_shape_result(op_type, inputs, outputs, attrs):
    """Ops that declare infer_shape: their InferMeta through the mapping sets the same
    dims, dtypes and (X's LoD on a LoD input) lods (those that declare none since issue
    22: tests/compat/test_infer_shape_records.py)."""
    ensure_all_registered()
    assert type(create_op(OpDesc(op_type, {}, {}, {}))).infer_shape \
        is not OperatorWithKernel.infer_shape
    lod = [[0, 1, inputs["X"][0]]]
    feeds = {slot.lower(): DenseTensor(np.ones(shape, np.float32), lod=lod if slot == "X" else None)
             for slot, shape in inputs.items()}
    found = []
    for by_meta in (False, True):
        scope = _scope(feeds, [s.lower() for s in outputs])
        _infer(op_type, {s: [s.lower()] for s in inputs}, {s: [s.lower()] for s in outputs},
               attrs, scope, by_meta)
        found.append([_meta(scope, s.lower()) for s in outputs])
    assert found[0] == found[1]
    assert found[1][0][1] is DataType.FLOAT32


class _NoShapeMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "x")
        self.add_output("Out", "out")


class _NoShapeOp(OperatorWithKernel):
    """Declares no infer_shape: the default (InferMeta through the mapping) runs."""


@pytest.fixture
def no_shape_op():
    """Registers throwaway op types (and base kernel names) for one test only."""
    from compat.arg_mapping import BASE_KERNEL_NAMES
    from legacy_fluid.framework.op_registry import register_operator

    ensure_all_registered()
    with OP_INFOS.scoped(inherit=True), BASE_KERNEL_NAMES.scoped(inherit=True):
        def register(op_type: str) -> str:
            register_operator(op_type, _NoShapeOp, _NoShapeMaker)
            return op_type

        yield register


def test_an_op_without_infer_shape_uses_its_kernels_infer_meta(no_shape_op):
    """An op named like a PHI kernel with an InferMeta (`relu`'s default mapping: X ->
    Out) needs no infer_shape of its own; LoD passes through as relu's InferMeta says."""
    from compat.arg_mapping import register_base_kernel_name

    op_type = no_shape_op("test_relu_without_infer_shape")
    register_base_kernel_name(op_type, "relu")
    scope = _scope({"x": DenseTensor(np.ones((4, 3), np.float32), lod=[[0, 1, 4]])}, ["out"])
    op = create_op(OpDesc(op_type, {"X": ["x"]}, {"Out": ["out"]}, {}))
    op.infer_shape(InferShapeContext(op, RuntimeContext.build(op, scope)))
    assert _meta(scope, "out") == ((4, 3), DataType.FLOAT32, [[0, 1, 4]])


def test_an_op_with_neither_is_refused_by_name(no_shape_op):
    op_type = no_shape_op("test_op_with_no_shape_rule")
    scope = _scope({"x": DenseTensor(np.ones((2,), np.float32))}, ["out"])
    op = create_op(OpDesc(op_type, {"X": ["x"]}, {"Out": ["out"]}, {}))
    with pytest.raises(NoInferMetaError, match="op 'test_op_with_no_shape_rule' declares no "
                       "infer_shape and its PHI kernel 'test_op_with_no_shape_rule' has no "
                       "InferMeta"):
        op.infer_shape(InferShapeContext(op, RuntimeContext.build(op, scope)))
