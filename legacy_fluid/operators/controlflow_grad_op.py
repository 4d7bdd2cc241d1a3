"""The grads of control flow: while_grad and conditional_block_grad (tensor arrays'
tensor_array_to_tensor_grad is in tensor_array_to_tensor_grad_op.py).

Framework ops as in Paddle (no kernel). Each runs the grad block Paddle's backward wrote
for the forward's sub-block, in the scope(s) the forward left:

- `while_grad` walks the forward's step scopes (StepScopes) from the last step to the
  first. Before each step it links the outside output gradients (Out@GRAD) into the step
  under their inside names (attr original_output_grad; at the last step an outside gradient
  nobody wrote is zeros, a tensor array's is empty), sharing their tensors as Paddle shares
  their data: what the grad block writes there is written outside too (so a carried
  gradient whose X@GRAD is @EMPTY@ still reaches the step before). It runs the grad block
  there, then hands each input's gradient out: one that is also an output gradient (a
  loop-carried variable) replaces the outside one; any other (a parameter's, or a tensor
  array's the loop reads) is summed over the steps, from zeros (an array: entry by entry,
  from empty). Each used step scope is dropped, and the list emptied. A loop that ran no
  step leaves the carried gradients as they are and gives the others zeros like their
  inputs, as does a gradient no step wrote (Paddle writes nothing there, so an optimizer
  after it fails).
- `read_from_array` (controlflow_op.py) with X_W is write_to_array's grad: zeros like X_W
  where the gradient array holds nothing at I.
- `conditional_block_grad` runs the grad block in the forward's scope (Scope) when the
  condition holds and copies each input's gradient (the block's own `x@GRAD`) out; an
  input whose gradient the block did not write, and every input when the condition did not
  hold, gets zeros like the input.

Gradients named @EMPTY@ are not wanted and left alone.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.block_runner import BlockRunner, current_block_runner
from legacy_fluid.framework.grad_names import GRAD_SUFFIX, grad_var_name
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.scope import Scope, Variable
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.controlflow_op import (
    ConditionalBlockOp,
    FrameworkOp,
    copy_into,
    snapshot,
    zeros_like,
)
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import DenseTensor

#: the name Paddle gives a gradient nobody wants
EMPTY_VAR = "@EMPTY@"


def _assign(var: Variable, value: DenseTensor | list[DenseTensor]) -> None:
    """Write `value` into `var`: into its own tensor (kernels bound to it see the new
    value), or as a list of copies for a tensor array."""
    if isinstance(value, list):
        var.value = [snapshot(t) for t in value]
    else:
        copy_into(var, value)


def _zero_like_input(scope: Scope, name: str, grad: str) -> None:
    """grad = zeros like input `name` (each element of a tensor array); an input holding
    nothing, or nothing but an empty tensor, leaves grad alone (as Paddle)."""
    value = getattr(scope.find_var(name), "value", None)
    out = scope.find_var(grad) or scope.var(grad)
    if isinstance(value, DenseTensor):
        if value.initialized() and value.numel() != 0:
            copy_into(out, zeros_like(value))
    elif isinstance(value, list):
        out.value = [zeros_like(t) if t.initialized() else DenseTensor() for t in value]


def _holds_value(var: Variable | None) -> bool:
    value = getattr(var, "value", None)
    if isinstance(value, DenseTensor):
        return value.initialized()
    return isinstance(value, list) and any(t.initialized() and t.numel() for t in value)


def _add_arrays(out: Variable, array: list[DenseTensor]) -> None:
    """out += array, entry by entry, as Paddle's sum of tensor arrays: an entry holding
    nothing adds nothing, one out lacks is copied."""
    total = out.value if isinstance(out.value, list) else []
    for i, t in enumerate(array):
        if not t.initialized() or t.numel() == 0:
            continue
        while len(total) <= i:
            total.append(DenseTensor())
        if total[i].initialized() and total[i].numel() != 0:
            summed = (total[i].numpy() + t.numpy()).astype(t.numpy().dtype, copy=False)
            total[i] = DenseTensor().set_array(summed, CPUPlace())
            total[i].lod = [list(level) for level in t.lod]
        else:
            total[i] = snapshot(t)
    out.value = total


# -- while_grad --------------------------------------------------------------------------------
class WhileGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward while's X", duplicable=True)
        self.add_input("Out", "the forward while's Out", duplicable=True)
        self.add_input("Out@GRAD", "the gradients of the outputs, outside names",
                       duplicable=True)
        self.add_input("StepScopes", "the forward while's step scopes")
        self.add_output("X@GRAD", "the gradients of X (@EMPTY@: not wanted)", duplicable=True)
        self.add_attr("sub_block", AttrType.BLOCK, None, "the grad block of the loop body")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "must be false")
        self.add_attr("original_output_grad", AttrType.STRINGS, [],
                      "the names inside the grad block of the Out@GRAD variables, in order")
        self.add_attr("skip_eager_deletion_vars", AttrType.STRINGS, [],
                      "variables garbage collection keeps", extra=True)


class WhileGradOp(FrameworkOp):
    def _steps(self, scope: Scope) -> list[Scope]:
        name = self.input("StepScopes")
        steps = getattr(scope.find_var(name) if name else None, "value", None)
        if not isinstance(steps, list) or not all(isinstance(s, Scope) for s in steps):
            raise ValueError(f"op 'while_grad': StepScopes ('{name}') holds no step scopes; "
                             "the forward while (is_test false) must run before it")
        return steps

    def _zero_outside(self, runner: BlockRunner, scope: Scope, name: str) -> None:
        """An outside output gradient nobody wrote: zeros like the forward output (the
        name before @GRAD), or of its declared shape when that is fully known."""
        forward = scope.find_var(name.split(GRAD_SUFFIX, maxsplit=1)[0])
        value = getattr(forward, "value", None)
        if isinstance(value, list):  # a tensor array's: empty (reads of it give zeros)
            (scope.find_var(name) or scope.var(name)).value = []
            return
        if isinstance(value, DenseTensor) and value.initialized():
            copy_into(scope.find_var(name) or scope.var(name), zeros_like(value))
            return
        desc = runner.program.block(int(self.attr("sub_block"))).find_var_recursive(name)
        if desc is None or desc.dtype is None or any(d < 0 for d in desc.shape):
            raise ValueError(f"op 'while_grad': output gradient '{name}' holds no tensor and "
                             "neither its forward variable nor its declaration gives its dims")
        zeros = np.zeros(desc.shape, desc.dtype.to_numpy())
        (scope.find_var(name) or scope.var(name)).get_tensor().set_array(zeros, CPUPlace())

    def compute(self, scope: Scope, place: Place) -> None:
        if self.attr("is_test"):
            raise ValueError("op 'while_grad' runs only for a training while (is_test false)")
        runner = current_block_runner(self.type)
        steps = self._steps(scope)
        outside = self.inputs.get("Out@GRAD", [])
        inside = list(self.attr("original_output_grad") or [])
        xs, grads = self.inputs.get("X", []), self.outputs.get("X@GRAD", [])
        if len(outside) != len(inside) or len(xs) != len(grads):
            raise ValueError(f"op 'while_grad': {len(outside)} Out@GRAD for {len(inside)} "
                             f"original_output_grad names, {len(grads)} X@GRAD for "
                             f"{len(xs)} X; each pair must match")
        wanted = [(x, g) for x, g in zip(xs, grads) if g != EMPTY_VAR]
        started: set[str] = set()  # the summed gradients a step has written
        for k, step in enumerate(reversed(steps)):
            for out_name, in_name in zip(outside, inside):
                var = scope.find_var(out_name)
                if var is None:
                    continue
                if k == 0 and not _holds_value(var) and not isinstance(var.value, list):
                    self._zero_outside(runner, scope, out_name)
                # shared (see the module doc)
                value = var.value
                step.var(in_name).value = list(value) if isinstance(value, list) else value
            runner.run_block(int(self.attr("sub_block")), step)
            for x, grad in wanted:
                if self._hand_out(scope, step, x, grad, grad in outside,
                                  first=grad not in started):
                    started.add(grad)
            scope.delete_scope(step)
        for x, grad in wanted:  # no step wrote it (or the loop ran none): zeros
            if grad not in outside and grad not in started:
                _zero_like_input(scope, x, grad)
        steps.clear()

    def _hand_out(self, scope: Scope, step: Scope, x: str, grad: str, carried: bool,
                  first: bool) -> bool:
        """Hand the step's gradient of `x` out to `grad`; whether the step had one."""
        inner = step.find_var(grad_var_name(x))
        if inner is None:
            raise ValueError(f"op 'while_grad': the grad block wrote no '{grad_var_name(x)}' "
                             f"(the gradient of X '{x}')")
        if not _holds_value(inner):
            return False
        out = scope.find_var(grad) or scope.var(grad)
        if carried:
            _assign(out, inner.value)
            return True
        if inner is out or step.find_local_var(grad_var_name(x)) is None:
            raise ValueError(f"op 'while_grad': '{grad_var_name(x)}' is not a variable of the "
                             f"grad block, so the gradient of '{x}' cannot be summed per step")
        if isinstance(inner.value, list):
            if first:  # from empty (an executor may keep the variable from its last run)
                out.value = []
            _add_arrays(out, inner.value)
            return True
        if first:
            copy_into(out, zeros_like(inner.value))
        total = out.get_tensor().numpy() + inner.value.numpy()
        lod = inner.value.lod
        out.get_tensor().set_array(total.astype(inner.value.numpy().dtype, copy=False),
                                   CPUPlace())
        out.get_tensor().lod = [list(level) for level in lod]
        return True


# -- conditional_block_grad --------------------------------------------------------------------
class ConditionalBlockGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Cond", "the forward's condition tensor(s)", duplicable=True)
        self.add_input("Input", "the forward's Input", duplicable=True)
        self.add_input("Out", "the forward's Out", duplicable=True)
        self.add_input("Out@GRAD", "the gradients of Out", duplicable=True)
        self.add_input("Scope", "the forward's scope")
        self.add_output("Input@GRAD", "the gradients of Input (@EMPTY@: not wanted)",
                        duplicable=True)
        self.add_attr("sub_block", AttrType.BLOCK, None, "the grad block of the forward's")
        self.add_attr("is_scalar_condition", AttrType.BOOLEAN, False,
                      "Cond is one bool [1]; else: ran when every Cond tensor is non-empty")


class ConditionalBlockGradOp(ConditionalBlockOp):
    def compute(self, scope: Scope, place: Place) -> None:
        inputs, grads = self.inputs.get("Input", []), self.outputs.get("Input@GRAD", [])
        if len(inputs) != len(grads):
            raise ValueError(f"op 'conditional_block_grad': {len(grads)} Input@GRAD for "
                             f"{len(inputs)} Input")
        wanted = [(x, g) for x, g in zip(inputs, grads) if g != EMPTY_VAR]
        if not self.holds(scope):
            for x, grad in wanted:
                _zero_like_input(scope, x, grad)
            return
        name = self.input("Scope")
        child = getattr(scope.find_var(name) if name else None, "value", None)
        if not isinstance(child, Scope):
            raise ValueError(f"op 'conditional_block_grad': Scope ('{name}') holds no scope; "
                             "the forward conditional_block must run before it")
        current_block_runner(self.type).run_block(int(self.attr("sub_block")), child)
        for x, grad in wanted:
            inner = child.find_local_var(grad_var_name(x))
            if _holds_value(inner):
                _assign(scope.find_var(grad) or scope.var(grad), inner.value)  # type: ignore[union-attr]
            else:
                _zero_like_input(scope, x, grad)


register_operator("while_grad", WhileGradOp, WhileGradOpMaker)
register_operator("conditional_block_grad", ConditionalBlockGradOp,
                  ConditionalBlockGradOpMaker)
