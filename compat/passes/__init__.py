"""Inference passes run at plan time (`--no-passes` runs the program op by op).

`optimize` returns a `Rewrite`: a copy of the program with fused ops, the scope
holding the parameters the passes computed, the original op types behind each
fused op (named in the trace) and a note per rewrite. A run that prefers the compiled
library (`KernelLibrary.NUMBA`, loadable here) also has its elementwise chains fused
(`compat.passes.elementwise_chain`), after the other passes.
"""

from __future__ import annotations

from collections.abc import Iterable

from compat.kernel_library import KernelLibrary
from compat.passes.fuse import PASSES
from compat.passes.graph import Rewrite
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope

__all__ = ["PASSES", "Rewrite", "optimize"]


def optimize(program: ProgramDesc, scope: Scope,
             library: KernelLibrary | str = KernelLibrary.PLAIN,
             keep: Iterable[str] = ()) -> Rewrite:
    """The passes applied to a copy of `program`. `library`: the run's kernel library
    preference on the CPU (plain for another place); `keep`: variables fetched by name."""
    rewrite = Rewrite.of(program, scope, frozenset(keep))
    for apply in PASSES:
        apply(rewrite)
    if KernelLibrary.parse(library) is KernelLibrary.NUMBA and _compiled_library_loads():
        from compat.passes.elementwise_chain import fuse_elementwise_chains

        fuse_elementwise_chains(rewrite)
    return rewrite


def _compiled_library_loads() -> bool:
    import phi.jit

    return phi.jit.unavailable_reason() is None
