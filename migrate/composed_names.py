"""The kernel classes a module composes, by the names it spells them with.

A module composes a kernel class `C` where it runs `C().compute(...)`, or where it stores
an instance, `self._k = C()` (in `__init__`) or `_k = C()` (in a class body), and runs
`<...>._k.compute(...)` somewhere. These are the names `runner` follows to other modules of
the tree (`tree_origins.class_statement`) to find which migrated kernels a module may
compose; whether a composition is then read is `kernel_compose`'s decision, not this one's.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.kernel_compose import composed_callee

_MADE = m.Call(func=m.Name(), args=())


def composed_names(module: cst.Module) -> set[str]:
    """The names of the classes `module` composes, directly or through a stored instance."""
    names = {c for call in m.findall(module, m.Call())
             if (c := composed_callee(cst.ensure_type(call, cst.Call))) is not None}
    run = {call.func.value.attr.value  # type: ignore[attr-defined]
           for call in m.findall(module, m.Call(func=m.Attribute(
               value=m.Attribute(attr=m.Name()), attr=m.Name("compute"))))}
    for node in m.findall(module, m.Assign(targets=[m.AssignTarget(m.Attribute(
            attr=m.Name()))], value=_MADE)):
        assign = cst.ensure_type(node, cst.Assign)
        if cst.ensure_type(assign.targets[0].target, cst.Attribute).attr.value in run:
            names.add(cst.ensure_type(cst.ensure_type(assign.value, cst.Call).func,
                                      cst.Name).value)
    for cls in m.findall(module, m.ClassDef()):
        for stmt in cst.ensure_type(cls, cst.ClassDef).body.body:
            if m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(
                    targets=[m.AssignTarget(m.Name())], value=_MADE)])):
                assign = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine
                                                         ).body[0], cst.Assign)
                if cst.ensure_type(assign.targets[0].target, cst.Name).value in run:
                    names.add(cst.ensure_type(cst.ensure_type(assign.value, cst.Call).func,
                                              cst.Name).value)
    return names
