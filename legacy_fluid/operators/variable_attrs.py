"""Attributes that name a variable.

Paddle lets a few attributes (eye's num_rows / num_columns, pad's pad_value, ...) hold a
variable instead of a value: the program then stores the variable's name with attribute
type VAR (VARS for a list). fluidphi computes from attribute values only, so such an op is
refused when it is created, with the attribute and the variable named.
"""

from __future__ import annotations

from collections.abc import Iterable

from legacy_fluid.framework.op_kernel import UnsupportedOpVariantError
from legacy_fluid.framework.operator import OperatorBase
from legacy_fluid.framework.var_type import AttrType


def refuse_variable_attrs(op: OperatorBase, names: Iterable[str]) -> None:
    """Raise UnsupportedOpVariantError when one of `names` holds a variable reference."""
    if op.desc is None:
        return
    for name in names:
        if op.desc.attr_types.get(name) in (AttrType.VAR, AttrType.VARS):
            raise UnsupportedOpVariantError(
                op.type, f"attribute '{name}' given by variable {op.attrs.get(name)!r}",
                "fluidphi reads attribute values only (write the value into the program, "
                "or feed the op a tensor input where it has one)")
