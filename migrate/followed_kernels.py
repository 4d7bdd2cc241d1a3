"""Kernels whose legacy keys come from another module's code the codemod cannot read: the
PHI kernel follows the legacy class's keys (`legacy_fluid.framework.op_kernel.
follow_legacy_kernel`).

Every team writes its own registry (a plug-in loader installing each module's `MANIFEST`,
a base's `__init_subclass__` booking into an object a package function publishes, a helper
of another team), and a static proof of which keys one shape registers does not carry over
to the next. When importing the tree (`live_registrations`) shows a kernel class registered
by such code, and nothing about the kernel itself refuses it (its compute, its op's proto,
its attributes, the class replaced after its statement or built elsewhere), the class and
the other module stay exactly as they are; the PHI kernel is written beside the class with
no registration of its own, followed by `follow_legacy_kernel("op", kernel, Class)`: the
PHI kernel is registered for exactly the keys the class is registered under, those it has
when the statement runs and those the other module's code gives it later. The PHI key set
thus equals the legacy one under any environment, plug-in list or load order, and
`--path legacy` still runs the class.
"""

from __future__ import annotations

import libcst as cst

from migrate.kernel_model import KernelFunction
from migrate.registration_effects import KEPT_REGISTERED
from migrate.static import ModuleInfo

#: `info.memo` key: the kernel classes whose PHI kernel follows their legacy keys
FOLLOWED = "followed_kernels"
#: `info.memo` key: why the class statement of a followed booked or recorded kernel stays
UNPROVEN = "unproven_registrations"
#: the framework function the written statement calls
FOLLOW = "follow_legacy_kernel"


def mark_followed(info: ModuleInfo, name: str) -> None:
    """`name`'s PHI kernel follows its legacy class's keys."""
    info.memo.setdefault(FOLLOWED, set()).add(name)


def followed(info: ModuleInfo, name: str) -> bool:
    """Whether `name`'s PHI kernel follows its legacy class's keys (no registration of its
    own is written)."""
    return name in info.memo.get(FOLLOWED, set())


def mark_unproven(info: ModuleInfo, name: str, why: str) -> None:
    """Why the booking or record reader (`booked_publish`, `manifest_records`) did not prove
    that `name`'s registering code adds its keys alone (its class statement then stays)."""
    info.memo.setdefault(UNPROVEN, {})[name] = why


def unproven(info: ModuleInfo, name: str) -> str:
    """`mark_unproven`'s text for `name` ("": none)."""
    return info.memo.get(UNPROVEN, {}).get(name, "")


def followed_reason(elsewhere: str, why: str = "") -> str:
    """The row's reason, from `live_registrations.registered_elsewhere`'s text ("it
    registered when `...` runs (file:line), by code the codemod cannot read") and why a
    reader of booked or recorded kernels did not prove it (`why`, "": none tried)."""
    return (f"{KEPT_REGISTERED}: {elsewhere.removeprefix('it ')}; the PHI kernel follows "
            "the class's keys" + (f" (its class statement not replaced: {why})" if why else ""))


def followed_shared_reason(classes: list[str], phi_name: str, ops: list[str]) -> str:
    """Why kernels of `ops`, sharing PHI kernel `phi_name`, stay legacy when one of them is
    of a class (`classes`) whose PHI kernel would follow the class's keys."""
    return (f"{' and '.join(classes)} {'is' if len(classes) == 1 else 'are'} registered by "
            f"code the codemod cannot read for ops {', '.join(sorted(ops))}, which all map "
            f"to PHI kernel '{phi_name}': the PHI kernel would follow the class's keys for "
            "one op only, and the keys that code gives the others may differ")


def follow_statement(kf: KernelFunction, names: dict[str, str]) -> cst.SimpleStatementLine:
    """`follow_legacy_kernel("op", kernel, Class)` (`name=` when the PHI kernel's name is
    not the op's); `names`: the module's aliases of framework names."""
    extra = "" if kf.phi_name == kf.op_type else f', name="{kf.phi_name}"'
    text = f'{names.get(FOLLOW, FOLLOW)}("{kf.op_type}", {kf.func_name}, {kf.class_name}{extra})\n'
    return cst.ensure_type(cst.parse_statement(text), cst.SimpleStatementLine)
