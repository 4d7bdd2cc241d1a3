"""A registration written as a comprehension used as a statement (`[register_op_kernel("x",
dev, K, t) for dev in ("CPU", "GPU") for t in REAL]`, also bound to `_`): the nested `for`
statements it stands for, so the op names of its calls can be read (`computed_lookups`). The
codemod does not rewrite such a statement: its kernels stay legacy, with their op named.
"""

from __future__ import annotations

import libcst as cst


def comprehension_of(stmt: cst.CSTNode, discarded_only: bool = False
                     ) -> cst.ListComp | cst.SetComp | None:
    """The list or set comprehension a top-level statement evaluates and discards (or binds
    to `_`, unless `discarded_only`); None for anything else (a generator expression runs
    nothing)."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    if discarded_only and not isinstance(stmt.body[0], cst.Expr):
        return None
    return _discarded(stmt.body[0])


def _discarded(small: cst.BaseSmallStatement) -> cst.ListComp | cst.SetComp | None:
    value = None
    if isinstance(small, cst.Expr):
        value = small.value
    elif (isinstance(small, cst.Assign) and len(small.targets) == 1
          and isinstance(small.targets[0].target, cst.Name)
          and small.targets[0].target.value == "_"):
        value = small.value
    return value if isinstance(value, (cst.ListComp, cst.SetComp)) else None


def as_loop(stmt: cst.CSTNode, discarded_only: bool = False) -> cst.For | None:
    """The nested `for` (and `if`) statements the comprehension statement `stmt` runs, its
    element as their body's one expression statement; None when `stmt` is no such
    statement (`discarded_only`: one binding nothing) or a clause is async."""
    comp = comprehension_of(stmt, discarded_only)
    if comp is None:
        return None
    clauses: list[cst.CompFor] = []
    clause: cst.CompFor | None = comp.for_in
    while clause is not None:
        if clause.asynchronous is not None:
            return None
        clauses.append(clause)
        clause = clause.inner_for_in
    body: cst.BaseStatement = cst.SimpleStatementLine([cst.Expr(comp.elt)])
    for clause in reversed(clauses):
        for cond in reversed(clause.ifs):
            body = cst.If(test=cond.test, body=cst.IndentedBlock([body]))
        body = cst.For(target=clause.target, iter=clause.iter, body=cst.IndentedBlock([body]))
    assert isinstance(body, cst.For)
    return body


def unread_statement(small: cst.BaseSmallStatement, code: str) -> str:
    """Why a registration statement `small` (spelled `code`) is not read."""
    if _discarded(small) is None:
        return f"registration inside `{code}`"
    return (f"registration inside the comprehension `{code}`, run for its calls: the codemod "
            "reads registration loops written as `for` statements")
