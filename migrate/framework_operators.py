"""Operator classes the framework itself defines, registered directly by an op module
(`register_operator("x_grad", GradOp, XGradMaker)`, `GradOp` imported from
`legacy_fluid.framework.grad`): read as the framework class they are, not as an unreadable
operator. A grad op's shape inference is then the framework's (each `S@GRAD` like `S`), and
its kernel follows its backward_op entry, which carries its InferMeta."""

from __future__ import annotations

import importlib
import re
from typing import Any

from migrate.static_refs import ClassRef, ImportedRef

#: a first-order grad op's name (`migrate.grads.GRAD_OP`, which imports what imports this)
_GRAD_OP = re.compile(r"_grad$")


def framework_grad_operator(op_type: str, value: Any) -> ClassRef | None:
    """`value` (an evaluated operator argument) as a ClassRef when it is a grad operator
    class of the framework (`GradOp` or a subclass defined in `legacy_fluid`) and `op_type`
    a grad op's name; else None."""
    if not (isinstance(value, ImportedRef) and _GRAD_OP.search(op_type)
            and value.qualified.startswith("legacy_fluid.")):
        return None
    module, _, name = value.qualified.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None
    from legacy_fluid.framework.grad import GradOp

    if not (isinstance(cls, type) and issubclass(cls, GradOp)
            and cls.__module__.startswith("legacy_fluid.")):
        return None
    return ClassRef(name)
