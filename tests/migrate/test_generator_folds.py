"""`migrate.generator_folds.fold_known`: the tests an inlined context manager's literal
arguments decide, folded before the kernel is read (issue 23, cm50)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from migrate.generator_folds import fold_known, followed


def _folded(body: str, **known: str) -> str:
    """`body` (statements) folded with `known` (name -> literal source), each read of a
    known name before a store spelled as its literal."""
    module = cst.parse_module(textwrap.dedent(body))
    values = {k: cst.parse_expression(v) for k, v in known.items()}
    reads: dict[cst.Name, cst.BaseExpression] = {}
    stmts = fold_known(list(module.body), values, reads)

    class Spell(cst.CSTTransformer):
        def leave_Name(self, original_node: cst.Name, updated_node: cst.Name  # noqa: N802
                       ) -> cst.BaseExpression:
            return reads.get(original_node, updated_node)

    return module.with_changes(body=stmts).visit(Spell()).code


@pytest.mark.parametrize(("body", "known", "expected"), [
    # the branch taken, its nested test decided too
    ("if dtype is None:\n    if like is None:\n        raise TypeError('x')\n"
     "    dtype = like.dtype\nuse(dtype)\n", {"dtype": "None"},
     "if like is None:\n    raise TypeError('x')\ndtype = like.dtype\nuse(dtype)\n"),
    # what follows a raise the literals make sure of goes
    ("if like is None:\n    raise TypeError('x')\ndtype = like.dtype\n", {"like": "None"},
     "raise TypeError('x')\n"),
    # an elif chain: the first test false, the second simplified
    ("if lod is not None:\n    t.lod = lod\nelif keep and like is not None:\n    t.lod = 1\n",
     {"lod": "None", "keep": "True"}, "if like is not None:\n    t.lod = 1\n"),
    ("if lod is not None:\n    t.lod = lod\nelif keep and like is not None:\n    t.lod = 1\n",
     {"lod": "None", "keep": "False"}, ""),
    # stored inside a branch no literal decides: bound to its literal before it, read as
    # the local after it
    ("use(n)\nif flag():\n    n = n + 1\nuse(n)\n", {"n": "2"},
     "use(2)\nn = 2\nif flag():\n    n = n + 1\nuse(n)\n"),
    # a plain rebinding needs no binding before it
    ("use(n)\nn = other()\nuse(n)\n", {"n": "2"}, "use(2)\nn = other()\nuse(n)\n"),
    # `==` of literals, `not`
    ("if mode == 'a':\n    a()\nelse:\n    b()\nif not mode:\n    c()\n", {"mode": "'a'"},
     "a()\n"),
    # a test with a walrus is left alone
    ("if (n := 3) is None:\n    a()\n", {"n": "None"}, "n = None\nif (n := 3) is None:\n    a()\n"),
])
def test_literals_decide_the_tests_they_reach(body: str, known: dict[str, str],
                                              expected: str) -> None:
    assert _folded(body, **known).strip() == expected.strip()


def test_a_name_a_closure_reads_is_not_followed() -> None:
    module = cst.parse_module("f = lambda: dtype\ndtype = 1\n")
    block = cst.IndentedBlock(body=list(module.body))
    assert not followed(block, "dtype")
    assert followed(block, "other")
