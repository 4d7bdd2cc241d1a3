"""Control flow and tensor arrays: while, conditional_block (and conditional_block_infer),
select_input / select_output, write_to_array, read_from_array, array_length /
lod_array_length, tensor_array_to_tensor.

These are framework ops in Paddle too (they run themselves, with no kernel). Sub-blocks
run in child scopes through the executor's block runner: a sub-block's own variables
live in the child scope, and variables of enclosing blocks are found (and written)
through the scope chain, as Paddle's scopes do. A tensor array is a variable holding a
Python list of DenseTensors.

A training `while` (is_test false) whose StepScopes some op of the program reads (its
while_grad) keeps one scope per step there, each holding, under their own names, the values
its loop inputs had when the step began (as Paddle's step scopes do); any other `while` keeps
none, so inference loops hold no memory per step. `conditional_block` leaves its scope in
Scope. The grads are in controlflow_grad_op.py.
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
from legacy_fluid.framework.program_desc import ProgramDesc
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


def copy_into(var: Variable, src: DenseTensor) -> None:
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


def zeros_like(tensor: DenseTensor) -> DenseTensor:
    """Zeros of `tensor`'s dims, dtype and LoD (on the host)."""
    out = DenseTensor().set_array(np.zeros(tensor.dims, tensor.numpy().dtype), CPUPlace())
    out.lod = [list(level) for level in tensor.lod]
    return out


def step_scopes_read(program: ProgramDesc, holder: str) -> bool:
    """Whether some op of `program` reads the step scopes `holder` (a while_grad does)."""
    return any(holder in op.inputs.get("StepScopes", ())
               for block in program.blocks for op in block.ops)


def snapshot(tensor: DenseTensor) -> DenseTensor:
    """A copy of `tensor` (an empty tensor when it holds none)."""
    if not tensor.initialized():
        return DenseTensor()
    copy = Variable("")
    copy_into(copy, tensor)
    return copy.value


class WhileOp(FrameworkOp):
    def _keeps_steps(self, program: ProgramDesc, holder: str | None) -> bool:
        keeps = getattr(self, "_keeps", None)
        if keeps is None or keeps[0] is not program:
            keeps = self._keeps = (program, holder is not None and not self.attr("is_test")
                                   and step_scopes_read(program, holder))
        return keeps[1]

    def _copied_inputs(self, program: ProgramDesc) -> list[str]:
        """The loop inputs a step scope keeps a copy of: all but the program's parameters
        and the variables that an op of the loop body both reads and writes (Paddle's
        choice)."""
        body = program.block(int(self.attr("sub_block")))
        skip = {v.name for v in program.global_block().vars.values() if v.is_parameter}
        for op in body.ops:
            skip.update(set(op.input_arg_names()) & set(op.output_arg_names()))
        return [n for n in dict.fromkeys(self.inputs.get("X", [])) if n not in skip]

    def compute(self, scope: Scope, place: Place) -> None:
        runner = current_block_runner(self.type)
        cond = self.input("Condition")
        holder = self.output("StepScopes")
        keep = self._keeps_steps(runner.program, holder)
        kept: list[Scope] = []
        if keep:
            var = scope.find_var(holder) or scope.var(holder)
            for old in var.value if isinstance(var.value, list) else ():
                scope.delete_scope(old)
            var.value = kept
            copied = self._copied_inputs(runner.program)
        limit = max_loop_iterations()
        steps = 0
        while bool(_scalar(scope, cond, self, "Condition")):
            if steps >= limit:
                raise LoopLimitError(
                    f"op 'while' ran {steps:,} iterations, {loop_limit_source(limit)}; its "
                    f"condition '{cond}' never became false")
            step = scope.new_scope()
            if keep:
                values = {n: snapshot(v.value) for n in copied
                          if isinstance(v := scope.find_var(n), Variable)
                          and isinstance(v.value, DenseTensor)}
            runner.run_block(int(self.attr("sub_block")), step)
            if keep:
                for name, value in values.items():
                    step.var(name).value = value
                kept.append(step)
            else:
                scope.delete_scope(step)
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
            var = scope.find_var(holder) or scope.var(holder)
            if isinstance(var.value, Scope):
                scope.delete_scope(var.value)
            var.value = child
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
        copy_into(scope.find_var(self.output("Out")) or scope.var(self.output("Out")),
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
        copy_into(scope.find_var(names[mask]) or scope.var(names[mask]),
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
        copy_into(copy, _tensor(scope, self.input("X"), self, "X"))
        array[i] = copy.value


class ReadFromArrayOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the tensor array")
        self.add_input("I", "int64 [1]: the position")
        self.add_input("X_W", "as write_to_array's grad: the tensor written (zeros like it "
                       "where X has none at I)", dispensable=True)
        self.add_output("Out", "a copy of X[I]")


class ReadFromArrayOp(FrameworkOp):
    def compute(self, scope: Scope, place: Place) -> None:
        array = _array(scope, self.input("X"))
        i = int(_scalar(scope, self.input("I"), self, "I"))
        out = scope.find_var(self.output("Out")) or scope.var(self.output("Out"))
        if 0 <= i < len(array) and array[i].initialized():
            copy_into(out, array[i])
        elif (written := self.input("X_W")) is not None:
            # write_to_array's grad: a position nothing flowed back to has gradient zero
            copy_into(out, zeros_like(_tensor(scope, written, self, "X_W")))
        else:
            raise ValueError(f"op 'read_from_array': position {i} of '{self.input('X')}' "
                             f"holds no tensor (the array has {len(array)} entries)")


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
