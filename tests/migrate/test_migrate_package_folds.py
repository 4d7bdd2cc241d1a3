"""The codemod on a template-method base whose subclasses set its constants
(tests/migrate/corpus/pkg_folds, issue 23, cm41): `EMPTY_VALUE` None / 0 / 1 and `OP_NAME`
a string. Inlined per subclass, the constants leave `1 is None and w < 0`, `None is not
None and ...`, `not 0 and ...` and `f"{'cf_max'}: ..."`; these are folded (`constant_folds`)
and the `if` a test so decided is dropped (its `else` kept). The team's own literals are
left as written. After `--write` (verify on) every op computes what it computed before.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_module_rows,
    function_source,
    migrate,
    run_package_ops,
    unary,
    write_copy,
)

PACKAGE = "pkg_folds"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
EXPECTED = {"ops.py": {
    "MaxKernel": ("migrated", "cf_max", "", _FLOATS),
    "SumKernel": ("migrated", "cf_sum", "", _FLOATS),
    "ProdKernel": ("migrated", "cf_prod", "", _FLOATS),
}}
CASES = {op: [{}, {"w": -1.0}, {"w": 3.0}] for op in ("cf_max", "cf_sum", "cf_prod")}

_MAX = '''    out = dev_ctx.alloc(out, x.dtype)
    if w < 0:
        raise ValueError(f"cf_max: negative weight {w}")
    out[...] = _reduce(x.data) * w
    if w > 1:
        out[...] += w
'''
_SUM = '''    out = dev_ctx.alloc(out, x.dtype)
    if w < 0:
        out[...] = 0
    else:
        out[...] = _sum_kernel_reduce(x.data) * w
    if w > 1:
        out[...] += w
'''
_PROD = '''    out = dev_ctx.alloc(out, x.dtype)
    if w < 0:
        out[...] = 1
    else:
        out[...] = _prod_kernel_reduce(x.data) * w


'''


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, ["pkg_folds.ops"], CASES, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("folds"), PACKAGE, _run)


def test_every_kernel_migrates_and_verifies_identical(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_substituted_constants_are_folded(written: dict[str, Any]) -> None:
    ops = (written["pkg"] / "ops.py").read_text()
    for body in (_MAX, _SUM, _PROD):
        assert body in ops, ops
    code = ops.split("FLOATS = ")[1]  # the module's docstring quotes what is folded
    assert " is None" not in code and "{'" not in code and "not 0" not in code
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # `1 is None` would be a SyntaxWarning
        compile(ops, "ops.py", "exec")


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    assert set(written["after"]["imported"].values()) == {"ok"}
    before, after = written["before_ops"], written["after_ops"]
    assert after == before
    # the cases tell the branches apart: the error, the empty value, the reduction
    assert before["cf_max {'w': -1.0}"] == "cf_max: negative weight -1.0"
    assert before["cf_sum {'w': -1.0}"] != before["cf_prod {'w': -1.0}"]
    assert before["cf_sum {'w': 3.0}"] != before["cf_sum {}"]


_KERNEL = '''
class UnaryKernel(OpKernel):
    MODE = MODE_VALUE

    def compute(self, ctx):
        x = ctx.input("X").data
        out = ctx.output("Out").mutable_data(ctx.place)
        BODY
'''


@pytest.mark.parametrize(("mode", "body", "expected"), [
    # short-circuit: the operand dropped is one the original never evaluates
    ("None", "out[...] = x if self.MODE is None and x.size else -x",
     "out[...] = x if x.size else -x"),
    ("2", "out[...] = x if self.MODE is None and x.size else -x", "out[...] = -x"),
    ("2", "out[...] = x * (self.MODE or x.size)", "out[...] = x * (2)"),
    ("0", "out[...] = x * (self.MODE or x.size)", "out[...] = x * (x.size)"),
    ("'a'", "out[...] = x if self.MODE != 'b' else -x", "out[...] = x"),
    ("3", "out[...] = x if self.MODE in (1, 2) else -x", "out[...] = -x"),
    # a constant right operand: the left one runs in the original, so it stays as written
    ("True", "out[...] = x if x.size and self.MODE else -x",
     "out[...] = x if x.size and True else -x"),
    # the team's own literals are not folded
    ("1", "out[...] = x if None is None and x.size else -x",
     "out[...] = x if None is None and x.size else -x"),
    ("1", 'print(f"{\'lit\'}{self.MODE}")', 'print(f"{\'lit\'}{1}")'),
    # a substituted string with a conversion: its text too (issue 23, cm42)
    ("'m'", 'print(f"{self.MODE!r} {self.MODE}")', 'print("\'m\' m")'),
])
def test_only_what_the_substitution_wrote_is_folded(mode: str, body: str, expected: str
                                                    ) -> None:
    source = unary(_KERNEL.replace("MODE_VALUE", mode).replace("BODY", body))
    result = migrate(source)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    assert record.status == "migrated", record.reason
    assert f"    {expected}\n" in function_source(result, "unary_kernel")
