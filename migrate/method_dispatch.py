"""`getattr(self, "_compute_" + mode)`: a kernel choosing one of its own methods by a name
built from a literal prefix (issue 23).

The name always begins with the prefix, so only the kernel's methods whose names begin
with it can be reached. Each is lifted as a helper (as `self._compute_sum(...)` would be),
and the call becomes a lifted dispatch function giving the lifted method by its name,
raising the AttributeError the instance would raise for any other name (or, for
`getattr(self, PREFIX + mode, None)`, returning the default the call gives). Refused, naming
why: a class attribute of the MRO that is no method, or a member of the framework's
`OpKernel`, begins with the prefix (it could be reached too).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.kernel_model import SkipError
from migrate.static_refs import code_of, literal_prefix

#: `kernel_rewrite.KernelMigration` (which imports this module: not imported here)
KernelMigration = Any


def method_dispatch(mk: KernelMigration, call: cst.Call, self_name: str) -> cst.Call | None:
    """`getattr(SELF, PREFIX + ...)` as a call of the lifted dispatch function; None when
    `call` is no such call (left to the other readings)."""
    args = call.args
    if (len(args) not in (2, 3) or any(a.keyword is not None or a.star for a in args)
            or not isinstance(args[0].value, cst.Name) or args[0].value.value != self_name
            or "getattr" in mk.info.module_names()):
        return None
    prefix = literal_prefix(args[1].value)
    if not prefix:
        return None
    from legacy_fluid.framework.op_kernel import OpKernel

    spelled = code_of(call).strip()
    framework = sorted(n for n in dir(OpKernel) if n.startswith(prefix))
    if framework:
        raise SkipError(f"calls `{spelled}`, which may reach OpKernel.{framework[0]}")
    names = sorted(n for n in mk.members if n.startswith(prefix))
    if not names:
        return None
    plain = [n for n in names if mk.members[n].function is None]
    if plain:
        raise SkipError(f"calls `{spelled}`, which may reach class attribute {plain[0]}, "
                        "no method")
    lifted = {n: mk.helper(n) for n in names}
    entries = "".join(f"        {n!r}: {fn},\n" for n, fn in lifted.items())
    # `getattr(self, name, default)`: the default for any other name (given by the call,
    # evaluated there as getattr's own argument is)
    given = len(args) == 3
    missing = "    if name not in table:\n" \
        f"        raise AttributeError(\"'{mk.class_name}' object has no attribute %r\"\n" \
        "                             % (name,))\n    return table[name]\n"
    node = cst.parse_statement(
        f"def _methods(name{', default' if given else ''}):\n"
        f"    table = {{\n{entries}    }}\n"
        + ("    return table.get(name, default)\n" if given else missing))
    assert isinstance(node, cst.FunctionDef)
    suffix = "_or" if given else ""
    dispatch = mk.lift((mk.class_name, f"getattr:{prefix}{suffix}"),
                       f"_{prefix.strip('_')}_methods{suffix}", node)
    return cst.Call(cst.Name(dispatch), [cst.Arg(a.value) for a in args[1:]])
