"""`apply`: the body of every generated API function (phi/api/generated).

It wraps the arguments as Tensors, runs the op's kernel through `call.run_op` (kernel
selection, data transform, InferMeta, output allocation, kernel call) and hands the
results to the autograd tape, which records them when an input needs a gradient.
"""

from __future__ import annotations

from typing import Any

from phi.api.autograd import Tensor, TensorLike, record, to_tensor
from phi.api.call import run_op
from phi.op_defs import ArgType, op_def


def apply(name: str, inputs: dict[str, Any], attrs: dict[str, Any]
          ) -> Tensor | list[Tensor] | tuple[Any, ...]:
    """Run op `name` of ops.yaml / backward.yaml; one output is returned as itself, several
    as a tuple in the yaml's order."""
    op = op_def(name)
    slots: dict[str, Tensor | list[Tensor] | None] = {}
    for arg in op.inputs:
        value: TensorLike = inputs[arg.name]
        if value is None:
            if not arg.optional:
                raise TypeError(f"{name}(): tensor argument '{arg.name}' is required")
            slots[arg.name] = None
        elif arg.type is ArgType.TENSORS:
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"{name}(): '{arg.name}' takes a list of tensors")
            slots[arg.name] = [to_tensor(v) for v in value]
        else:
            slots[arg.name] = to_tensor(value)
    values = {k: ([t.impl for t in v] if isinstance(v, list) else None if v is None else v.impl)
              for k, v in slots.items()}
    attrs = {k: list(v) if isinstance(v, tuple) else v for k, v in attrs.items()}
    outputs = run_op(op, values, attrs)
    wrapped = record(op, attrs, slots, values,
                     {o.name: v for o, v in zip(op.outputs, outputs)})
    results = tuple(wrapped[o.name] for o in op.outputs)
    return results[0] if len(results) == 1 else results  # type: ignore[return-value]
