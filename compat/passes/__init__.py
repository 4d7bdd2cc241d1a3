"""Inference passes run at plan time (`--no-passes` runs the program op by op).

`optimize` returns a `Rewrite`: a copy of the program with fused ops, the scope
holding the parameters the passes computed, the original op types behind each
fused op (named in the trace) and a note per rewrite.
"""

from __future__ import annotations

from compat.passes.fuse import PASSES
from compat.passes.graph import Rewrite
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope

__all__ = ["PASSES", "Rewrite", "optimize"]


def optimize(program: ProgramDesc, scope: Scope) -> Rewrite:
    rewrite = Rewrite.of(program, scope)
    for apply in PASSES:
        apply(rewrite)
    return rewrite
