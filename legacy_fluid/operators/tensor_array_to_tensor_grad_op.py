"""tensor_array_to_tensor_grad: the backward of tensor_array_to_tensor (controlflow_op).

A framework op in Paddle too (no kernel): it reads the forward's tensor array X (for the
items' dims) and Out@GRAD, and writes the tensor array X@GRAD, item i the part of Out@GRAD
that item i of X became: Out@GRAD split along `axis` by the items' sizes there
(concatenated), or its index i along `axis` with that axis dropped (`use_stack`). Each
gradient item has Out@GRAD's dtype and its X item's dims and LoD. Slots and attributes as
Paddle 3.3.1's grad OpDesc: X, Out@GRAD -> X@GRAD (no OutIndex: the dims come from X).

An item of X that holds no tensor (a position never written) took no part in the forward,
as tensor_array_to_tensor skips it; its gradient item is left holding none.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.controlflow_op import FrameworkOp, _array, _tensor
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import DenseTensor


class TensorArrayToTensorGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's tensor array (its items' dims)")
        self.add_input("Out@GRAD", "the gradient of the joined tensor")
        self.add_output("X@GRAD", "the tensor array of the items' gradients")
        self.add_attr("axis", AttrType.INT, 0, "the axis the forward joined along")
        self.add_attr("use_stack", AttrType.BOOLEAN, False,
                      "the forward stacked (new axis) or concatenated")


def split_joined_grad(out_grad: np.ndarray, dims: list[tuple[int, ...]], axis: int,
                      use_stack: bool) -> list[np.ndarray]:
    """The parts of `out_grad` that items of `dims` became when joined along `axis` (>= 0)."""
    if use_stack:
        return [np.reshape(p, d) for p, d in zip(np.split(out_grad, len(dims), axis=axis), dims)]
    return np.split(out_grad, np.cumsum([d[axis] for d in dims])[:-1], axis=axis)


def joined_dims(dims: list[tuple[int, ...]], axis: int, use_stack: bool) -> list[int]:
    """The dims of items of `dims` stacked or concatenated along `axis` (>= 0)."""
    first = list(dims[0])
    if use_stack:
        return [*first[:axis], len(dims), *first[axis:]]
    return [*first[:axis], sum(d[axis] for d in dims), *first[axis + 1:]]


class TensorArrayToTensorGradOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        name = self.output("X@GRAD")
        if name is None:
            return
        items = _array(scope, self.input("X"))
        live = [i for i, t in enumerate(items) if t.initialized()]
        if not live:
            raise ValueError(f"op '{self.type}': '{self.input('X')}' is empty")
        out_grad = _tensor(scope, self.input("Out@GRAD"), self, "Out@GRAD").numpy()
        dims = [tuple(items[i].dims) for i in live]
        rank = len(dims[0]) + bool(self.attr("use_stack"))
        axis = int(self.attr("axis"))
        if not -rank <= axis < rank:
            raise ValueError(f"op '{self.type}': axis {axis} is out of range for items of "
                             f"rank {len(dims[0])}")
        axis %= rank
        joined = joined_dims(dims, axis, bool(self.attr("use_stack")))
        if list(out_grad.shape) != joined:
            raise ValueError(f"op '{self.type}': Out@GRAD ('{self.input('Out@GRAD')}') has "
                             f"dims {list(out_grad.shape)}, the joined items' are {joined}")
        parts = split_joined_grad(out_grad, dims, axis, bool(self.attr("use_stack")))
        grads: list[DenseTensor] = [DenseTensor() for _ in items]
        for i, part in zip(live, parts):
            grads[i].set_array(np.array(part, copy=True), CPUPlace())
            grads[i].lod = [list(level) for level in items[i].lod]
        (scope.find_var(name) or scope.var(name)).value = grads


register_operator("tensor_array_to_tensor_grad", TensorArrayToTensorGradOp,
                  TensorArrayToTensorGradOpMaker)
