"""The PHI kernels the framework itself registers, which a migrated kernel must not register
again.

A team's op may run on one of the framework's PHI kernels (`register_base_kernel_name(
"my_relu", "relu")`): its legacy class kernel is then its legacy form only, and a PHI
kernel migrated from it would register `relu` a second time, which fails when both are
imported (or, where only one is, runs whichever was imported). The framework's kernels are
read from `compat/registration_index.json` (every PHI kernel name with the modules that
register it), so kernels that a run imports lazily count too; the framework's ops.yaml and
backward.yaml entries likewise (a migrated op's entry would be a second one). The
framework's own op types (those it registers an operator or a class kernel for) keep their
names: migrating them is how their PHI kernels came to be.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from compat.registration_index import load_index
from phi.op_defs import backward_defs, op_defs


@cache
def _framework_ops() -> frozenset[str]:
    groups = load_index().groups
    return frozenset(groups.get("operators", {})) | frozenset(groups.get("legacy_kernels", {}))


def taken_by_framework(op_type: str, phi_name: str) -> str:
    """Why a kernel migrated for `op_type` may not register PHI kernel `phi_name`: the
    framework registers that name and `op_type` is not one of the framework's ops; ""
    when it may."""
    if op_type in _framework_ops():
        return ""
    modules = load_index().groups.get("phi_kernels", {}).get(phi_name, ())
    if modules:
        return (f"op '{op_type}' runs on the framework's PHI kernel '{phi_name}' (registered "
                f"by {', '.join(modules)}): a migrated kernel would register '{phi_name}' a "
                "second time; the class kernel stays as the op's legacy form")
    entry = _framework_entries().get(phi_name)
    if entry is not None:
        return (f"op '{op_type}' would get PHI op '{phi_name}', which the framework's "
                f"{entry.file}:{entry.line} declares: its ops.yaml entry would be written a "
                "second time; the class kernel stays as the op's legacy form")
    return ""


@cache
def _framework_entries() -> dict[str, Any]:
    """The framework's ops.yaml and backward.yaml entries by name."""
    return {d.name: d for d in (*op_defs(), *backward_defs())}
