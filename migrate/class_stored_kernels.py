"""A kernel composed through a class attribute: `_impl = OtherKernel()` in the class body
(of the kernel or a class of its MRO) and `self._impl.compute(ctx)` in compute().

It is the composition an `__init__` storing `self._impl = OtherKernel()` is read as
(`kernel_compose.stored_kernels`): `OtherKernel().compute(ctx)`, since the composed kernel
only migrates when it keeps no state (one shared instance or one per call: the same
program). Read only where the attribute is bound by a call of a plain name with no
arguments, each other mention of it in the MRO is `self._impl.compute(ctx)` in compute(),
and the module stores it nowhere (`x._impl = ...`, setattr); anything else stays a class
attribute holding a mutable value, refused as before.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, assigned_outside
from migrate.cst_walk import find_all
from migrate.static import ModuleInfo


def class_level_kernels(info: ModuleInfo, mro: list[cst.ClassDef],
                        members: dict[str, Member], compute: cst.FunctionDef
                        ) -> dict[str, str]:
    """`{"_impl": "OtherKernel"}` for each class attribute compute() only runs on its
    context, as above; {} when there is none."""
    params = compute.params.params
    if len(params) != 2:
        return {}
    self_name, ctx = params[0].name.value, params[1].name.value
    run = m.Call(func=m.Attribute(value=m.Attribute(value=m.Name(self_name), attr=m.Name()),
                                  attr=m.Name("compute")),
                 args=[m.Arg(value=m.Name(ctx), keyword=None, star="")])
    runs: dict[str, list[cst.Attribute]] = {}
    for call in m.findall(compute, run):
        target = call.func.value  # type: ignore[attr-defined]
        runs.setdefault(target.attr.value, []).append(target)
    out: dict[str, str] = {}
    for attr, targets in runs.items():
        member = members.get(attr)
        if (member is None or member.value is None or assigned_outside(info, attr)
                or not m.matches(member.value, m.Call(func=m.Name(), args=()))):
            continue
        mentions = [n for cls in mro for n in find_all(
            cls, m.Attribute(attr=m.Name(attr)))]
        if all(any(n is t for t in targets) for n in mentions):
            out[attr] = member.value.func.value  # type: ignore[attr-defined]
    return out
