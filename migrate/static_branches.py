"""Module-level names bound in the branches of a constant `if` (`if sys.version_info >=
(3, 8): _ROWS = [...] else: _ROWS = []`, `if _ENABLED: ...`): the test is decided
statically, as a constant `if` around registrations is, and the live branch's binding is
the name's one binding; the other branches' bindings are dead.

`sys.version_info` is the running interpreter's: the one `--verify` imports the module
with, and the one the codemod runs under, so migrate on the interpreter that runs the code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from migrate.static_refs import UnresolvableError


def branch_bindings(stmt: cst.If, decide: Callable[[cst.BaseExpression], Any]
                    ) -> tuple[dict[str, cst.BaseExpression], set[int]]:
    """The live branch's `NAME = value` bindings and the ids of the target names the other
    branches bind (({}, set()) when a test cannot be decided)."""
    branches: list[cst.If | cst.Else] = []
    live: cst.If | cst.Else | None = None
    node: cst.If | cst.Else | None = stmt
    while node is not None:
        branches.append(node)
        if live is None:
            if isinstance(node, cst.Else):
                live = node
            else:
                try:
                    value = decide(node.test)
                except UnresolvableError:
                    return {}, set()
                if not isinstance(value, (bool, int, str, tuple, list)) and value is not None:
                    return {}, set()
                if value:
                    live = node
        node = node.orelse if isinstance(node, cst.If) else None
    bound: dict[str, cst.BaseExpression] = {}
    dead: set[int] = set()
    for branch in branches:
        for line in branch.body.body:
            for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name)):
                    continue
                if branch is live:
                    bound[small.targets[0].target.value] = small.value
                else:
                    dead.add(id(small.targets[0].target))
    return bound, dead
