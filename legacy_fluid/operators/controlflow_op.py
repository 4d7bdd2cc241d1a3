"""Control flow and tensor arrays: while, conditional_block (and conditional_block_infer),
select_input / select_output, write_to_array, read_from_array, array_length /
lod_array_length, tensor_array_to_tensor.

These are framework ops in Paddle too (they run themselves, with no kernel). Sub-blocks
run in child scopes through the executor's block runner: a sub-block's own variables
live in the child scope, and variables of enclosing blocks are found (and written)
through the scope chain, as Paddle's scopes do. A tensor array is a variable holding a
Python list of DenseTensors. `while` keeps no step scopes (no backward runs here).
"""

from __future__ import annotations

from abc import abstractmethod

import numpy as np

from legacy_fluid.framework.block_runner import (
    LoopLimitError,
    current_block_runner,
    loop_limit_source,
    max_loop_iterations,
)
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorBase
from legacy_fluid.framework.scope import Scope, Variable
from legacy_fluid.framework.trace import DispatchPath, OpTrace
from legacy_fluid.framework.var_type import AttrType
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import DenseTensor


def _tensor(scope: Scope, name: str, op: OperatorBase, slot: str) -> DenseTensor:
    var = scope.find_var(name)
    value = var.value if var is not None else None
    if not isinstance(value, DenseTensor) or not value.initialized():
        raise ValueError(f"op '{op.type}': input {slot} ('{name}') holds no tensor")
    return value


def _scalar(scope: Scope, name: str, op: OperatorBase, slot: str) -> object:
    t = _tensor(scope, name, op, slot)
    if t.numel() != 1:
        raise ValueError(f"op '{op.type}': {slot} ('{name}') must hold one element, has "
                         f"dims {list(t.dims)}")
    return t.numpy().reshape(-1)[0].item()


def _copy_into(var: Variable, src: DenseTensor) -> None:
    out = var.get_tensor()
    out.set_array(np.array(src.numpy(), copy=True))
    out.lod = [list(level) for level in src.lod]
    out.layout = src.layout


def _array(scope: Scope, name: str) -> list[DenseTensor]:
    var = scope.find_var(name)
    if var is None:
        raise ValueError(f"tensor array '{name}' does not exist")
    return var.get_list()


class FrameworkOp(OperatorBase):
    """An op that runs itself; its trace names no kernel."""

    def run(self, scope: Scope, place: Place) -> OpTrace:
        self.compute(scope, place)
        return OpTrace(-1, self.type, DispatchPath.FRAMEWORK, "", "", [])

    @abstractmethod
    def compute(self, scope: Scope, place: Place) -> None:
        """Each op of the family defines this."""


# -- while -----------------------------------------------------------------------------------
class WhileOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "variables the loop body reads", duplicable=True)
        self.add_input("Condition", "bool [1]: keep looping while true")
        self.add_output("Out", "variables the loop body writes", duplicable=True)
        self.add_output("StepScopes", "the scopes of the steps (kept for backward)")
        self.add_attr("sub_block", AttrType.BLOCK, None, "the loop body")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference: one scope for all steps")
        self.add_attr("skip_eager_deletion_vars", AttrType.STRINGS, [],
                      "variables garbage collection keeps", extra=True)


class WhileOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        runner = current_block_runner(self.type)
        cond = self.input("Condition")
        limit = max_loop_iterations()
        steps = 0
        while bool(_scalar(scope, cond, self, "Condition")):
            if steps >= limit:
                raise LoopLimitError(
                    f"op 'while' ran {steps:,} iterations, {loop_limit_source(limit)}; its "
                    f"condition '{cond}' never became false")
            runner.run_block(int(self.attr("sub_block")), scope.new_scope())
            scope.drop_kids()
            steps += 1


# -- conditional_block -------------------------------------------------------------------------
class ConditionalBlockOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Cond", "the condition tensor(s)", duplicable=True)
        self.add_input("Input", "variables the block reads", duplicable=True)
        self.add_output("Out", "variables the block writes", duplicable=True)
        self.add_output("Scope", "the block's scope")
        self.add_attr("sub_block", AttrType.BLOCK, None, "the block run when the condition holds")
        self.add_attr("is_scalar_condition", AttrType.BOOLEAN, False,
                      "Cond is one bool [1]; else: run when every Cond tensor is non-empty")
        self.add_attr("skip_eager_deletion_vars", AttrType.STRINGS, [],
                      "variables garbage collection keeps", extra=True)


class ConditionalBlockInferOpMaker(OpProtoAndCheckerMaker):
    """conditional_block_infer: conditional_block as inference programs write it (no
    garbage-collection attribute); it runs the same way."""

    def make(self) -> None:
        self.add_input("Cond", "the condition tensor(s)", duplicable=True)
        self.add_input("Input", "variables the block reads", duplicable=True)
        self.add_output("Out", "variables the block writes", duplicable=True)
        self.add_output("Scope", "the block's scope")
        self.add_attr("sub_block", AttrType.BLOCK, None, "the block run when the condition holds")
        self.add_attr("is_scalar_condition", AttrType.BOOLEAN, False,
                      "Cond is one bool [1]; else: run when every Cond tensor is non-empty")


class ConditionalBlockOp(FrameworkOp):
    def holds(self, scope: Scope) -> bool:
        names = self.inputs.get("Cond", [])
        if self.attr("is_scalar_condition"):
            if len(names) != 1:
                raise ValueError(f"op '{self.type}': a scalar condition is one tensor, "
                                 f"got {len(names)}")
            return bool(_scalar(scope, names[0], self, "Cond"))
        return all(_tensor(scope, n, self, "Cond").numel() != 0 for n in names)

    def compute(self, scope: Scope, place: Place) -> None:
        if not self.holds(scope):
            return
        child = scope.new_scope()
        holder = self.output("Scope")
        if holder is not None:
            (scope.find_var(holder) or scope.var(holder)).value = child
        current_block_runner(self.type).run_block(int(self.attr("sub_block")), child)


# -- select_input / select_output --------------------------------------------------------------
class SelectInputOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the candidates", duplicable=True)
        self.add_input("Mask", "int32 [1]: which candidate")
        self.add_output("Out", "X[Mask]")


class SelectInputOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        names = self.inputs.get("X", [])
        mask = int(_scalar(scope, self.input("Mask"), self, "Mask"))
        if not 0 <= mask < len(names):
            raise ValueError(f"op 'select_input': Mask {mask} is out of range for "
                             f"{len(names)} inputs")
        _copy_into(scope.find_var(self.output("Out")) or scope.var(self.output("Out")),
                   _tensor(scope, names[mask], self, f"X[{mask}]"))


class SelectOutputOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the tensor to route")
        self.add_input("Mask", "int32 [1]: which output")
        self.add_output("Out", "the candidates", duplicable=True)


class SelectOutputOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        names = self.outputs.get("Out", [])
        mask = int(_scalar(scope, self.input("Mask"), self, "Mask"))
        if not 0 <= mask < len(names):
            raise ValueError(f"op 'select_output': Mask {mask} is out of range for "
                             f"{len(names)} outputs")
        _copy_into(scope.find_var(names[mask]) or scope.var(names[mask]),
                   _tensor(scope, self.input("X"), self, "X"))


# -- tensor arrays ---------------------------------------------------------------------------
class WriteToArrayOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the tensor to store")
        self.add_input("I", "int64 [1]: the position")
        self.add_output("Out", "the tensor array")


class WriteToArrayOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        i = int(_scalar(scope, self.input("I"), self, "I"))
        if i < 0:
            raise ValueError(f"op 'write_to_array': position {i} is negative")
        name = self.output("Out")
        array = (scope.find_var(name) or scope.var(name)).get_list()
        while len(array) <= i:
            array.append(DenseTensor())
        copy = Variable(name)
        _copy_into(copy, _tensor(scope, self.input("X"), self, "X"))
        array[i] = copy.value


class ReadFromArrayOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the tensor array")
        self.add_input("I", "int64 [1]: the position")
        self.add_output("Out", "a copy of X[I]")


class ReadFromArrayOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        array = _array(scope, self.input("X"))
        i = int(_scalar(scope, self.input("I"), self, "I"))
        if not 0 <= i < len(array) or not array[i].initialized():
            raise ValueError(f"op 'read_from_array': position {i} of '{self.input('X')}' "
                             f"holds no tensor (the array has {len(array)} entries)")
        _copy_into(scope.find_var(self.output("Out")) or scope.var(self.output("Out")),
                   array[i])


class ArrayLengthOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the tensor array")
        self.add_output("Out", "int64 [1]: its length")


class ArrayLengthOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        n = len(_array(scope, self.input("X")))
        out = scope.find_var(self.output("Out")) or scope.var(self.output("Out"))
        out.get_tensor().set_array(np.array([n], np.int64), CPUPlace())


class TensorArrayToTensorOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the tensor array")
        self.add_output("Out", "its tensors stacked or concatenated along axis")
        self.add_output("OutIndex", "int32: each tensor's size along axis (1 when stacked)")
        self.add_attr("axis", AttrType.INT, 0, "the axis to join along")
        self.add_attr("use_stack", AttrType.BOOLEAN, False, "stack (new axis) or concatenate")


class TensorArrayToTensorOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        array = [t for t in _array(scope, self.input("X")) if t.initialized()]
        if not array:
            raise ValueError(f"op 'tensor_array_to_tensor': '{self.input('X')}' is empty")
        arrays = [t.numpy() for t in array]
        axis = int(self.attr("axis"))
        if self.attr("use_stack"):
            joined = np.stack(arrays, axis=axis)
            sizes = np.ones(len(arrays), np.int32)
        else:
            joined = np.concatenate(arrays, axis=axis)
            sizes = np.array([a.shape[axis] for a in arrays], np.int32)
        out = scope.find_var(self.output("Out")) or scope.var(self.output("Out"))
        out.get_tensor().set_array(joined, CPUPlace())
        index = self.output("OutIndex")
        if index is not None:
            (scope.find_var(index) or scope.var(index)).get_tensor().set_array(sizes, CPUPlace())


register_operator("while", WhileOp, WhileOpMaker)
register_operator("conditional_block", ConditionalBlockOp, ConditionalBlockOpMaker)
register_operator("conditional_block_infer", ConditionalBlockOp, ConditionalBlockInferOpMaker)
register_operator("select_input", SelectInputOp, SelectInputOpMaker)
register_operator("select_output", SelectOutputOp, SelectOutputOpMaker)
register_operator("write_to_array", WriteToArrayOp, WriteToArrayOpMaker)
register_operator("read_from_array", ReadFromArrayOp, ReadFromArrayOpMaker)
register_operator("array_length", ArrayLengthOp, ArrayLengthOpMaker)
register_operator("lod_array_length", ArrayLengthOp, ArrayLengthOpMaker)
register_operator("tensor_array_to_tensor", TensorArrayToTensorOp, TensorArrayToTensorOpMaker)
