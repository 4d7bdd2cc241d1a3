"""A kernel's reading is complete only when it names an output its compute() writes.

A legacy kernel that only checks its inputs (`if not xp.all(...): raise ...`), or whose
compute() writes nothing, leaves every output of its op's proto unwritten: its PHI
function would have no output parameter, and an ops.yaml entry without outputs is no entry
(the op model refuses it, and with it every entry of the file, so every op of the module
would fail verify). Such a kernel is refused here, naming why, before anything of it is
written; the other kernels of its module are read as usual.
"""

from __future__ import annotations

from collections.abc import Iterable

from migrate.kernel_model import Param, SkipError
from migrate.static_facts import StaticProto

#: how a refusal below starts (the op's other kernels are held back by it: `consistency`)
NO_OUTPUT = "compute() writes no output of op"


def require_output(op: str, proto: StaticProto, params: Iterable[Param]) -> None:
    """SkipError when `params` (the kernel's reading) hold no output of `op`."""
    if any(p.kind == "output" for p in params):
        return
    declared = [v.name for v in proto.outputs]
    said = (f"its proto declares {', '.join(repr(n) for n in declared)}, which compute() "
            "never writes" if declared else "its proto declares no output")
    raise SkipError(f"{NO_OUTPUT} '{op}' it can name ({said}): a kernel "
                    "that only checks its inputs has no PHI signature (an ops.yaml entry "
                    "needs an output)")
