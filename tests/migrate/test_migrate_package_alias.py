"""The codemod on a package whose kernels reach helpers taking ctx through module aliases
(tests/migrate/corpus/pkg_alias).

`base/tensors.py` (a module of a sub-package whose `__init__` re-exports other things)
holds `new_out(ctx, slot, like, dtype=None)` (reads `ctx.output(slot)` and `ctx.place`),
`operands(ctx, first="X", second="Y")` (returns a tuple of two reads named by its
defaults), `shift_of(ctx, name="shift")`, `xp_of(ctx)` and a helper keeping ctx. The
kernels call them as `T.f(ctx)` (`import pkg_alias.base.tensors as T`), `tensors.f(ctx)`
(`from pkg_alias.base import tensors`), `tz.f(ctx)` (`from ..base import tensors as tz`)
and `pkg_alias.base.tensors.f(ctx)`; one reads a dispensable input, one calls a method
of self taking `xp`. Each helper is lifted into the kernel's module taking its reads by
keyword; the helper keeping ctx and a bound method of a list given ctx stay legacy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_nothing_broken,
    migrate,
    run_script,
    unary,
    verified_rows,
    write_copy,
)

PACKAGE = "pkg_alias"

#: kernel class -> (status, the reason, exactly)
EXPECTED = {
    "BlendKernel": ("migrated", ""),
    "FloorDivIntKernel": ("migrated", ""),
    "ShiftKernel": ("migrated", ""),
    "ShiftSquareKernel": ("migrated", ""),
    # the helper is named, and what it does with ctx
    "RememberKernel": ("skipped", "passes ctx to remember(), which keeps 'ctx' or passes it "
                                  "on (ctx passed to _SEEN.append(): the codemod cannot trace "
                                  "_SEEN.append to one binding (a method of a value, a name "
                                  "bound more than once or at run time); only "
                                  "ctx.input/output/attr/... reads and helpers doing only those "
                                  "can become parameters)"),
    # `record = _SEEN.append` in tensors.py: no function statement to lift
    "RecordKernel": ("skipped", "passes the ExecutionContext 'ctx' on or keeps it (ctx passed "
                                "to tz.record(): pkg_alias.base.tensors.record is not one "
                                "function statement (def) of its module; only "
                                "ctx.input/output/attr/... reads can become parameters)"),
}
MIGRATED_OPS = ("ax_blend", "ax_floor_div", "ax_shift", "ax_shift_square")

#: runs the package's ops (argv: root, mode) on X and Y (and Ratio, where given) and prints
#: each one's Out, or its error's message
_RUN = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, mode = sys.argv[1:]
sys.path.insert(0, root)
for name in ("pkg_alias.arith.mix", "pkg_alias.arith.shifted"):
    importlib.import_module(name)
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
y = np.linspace(3, -1, 12, dtype=np.float32).reshape(3, 4)
runs = {
    "blend attr": ("ax_blend", {"X": x, "Y": y}, {"ratio": 0.75}),
    "blend tensor": ("ax_blend", {"X": x, "Y": y, "Ratio": np.full_like(x, 0.5)}, {}),
    "floor_div": ("ax_floor_div", {"X": np.arange(-6, 6, dtype=np.int64).reshape(3, 4),
                                   "Y": np.full((3, 4), 4, dtype=np.int64)}, {}),
    "floor_div zero": ("ax_floor_div", {"X": np.ones((2, 2), np.int32),
                                        "Y": np.zeros((2, 2), np.int32)}, {}),
    "shift": ("ax_shift", {"X": x}, {"shift": -0.5}),
    "shift_square": ("ax_shift_square", {"X": x}, {}),
}
out = {}
for key, (op, ins, attrs) in runs.items():
    try:
        out[key] = run_single_op(op, ins, attrs, {"Out": 1}, mode=mode)[0]["Out"][0].tolist()
    except Exception as exc:
        out[key] = f"{type(exc).__name__}: {exc}"
print(json.dumps(out))
'''


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_script(_RUN, str(root), mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("alias"), PACKAGE, run_ops)


def test_every_kernel_reaching_helpers_through_an_alias_has_its_row(written: dict[str, Any]
                                                                    ) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED
    assert {r["op"] for r in got.values() if r["status"] == "migrated"} == set(MIGRATED_OPS)


def test_the_write_breaks_nothing_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                ) -> None:
    assert_nothing_broken(written, MIGRATED_OPS)
    before = written["before_ops"]
    assert before["blend attr"][0][0] == pytest.approx(-2 * 0.25 + 3 * 0.75)
    assert before["blend tensor"][0][0] == pytest.approx(0.5)  # Ratio fed: its 0.5
    assert before["floor_div"][0] == [-2, -2, -1, -1]
    assert before["floor_div zero"].endswith("ZeroDivisionError: ax_floor_div: Y holds a zero")
    assert before["shift"][0][0] == pytest.approx(-2.5)
    assert before["shift_square"][0][0] == pytest.approx(0.25)  # (-2 + 1.5) ** 2


def test_the_helpers_are_lifted_taking_the_reads(written: dict[str, Any]) -> None:
    mix = (written["pkg"] / "arith" / "mix.py").read_text()
    # the tuple of reads the defaults name, and the slot given as a literal
    assert "def _operands(*, x, y):\n    return x, y\n" in mix
    assert "def _new_out(like, dtype=None, *, dev_ctx, out):\n" in mix
    assert "    a, b = _operands(x=x, y=y)\n" in mix
    assert "    res = _new_out(a, dev_ctx=dev_ctx, out=out)\n" in mix
    # the dispensable input is an optional parameter; the helper not taking ctx stays
    assert "ratio_tensor: DenseTensor | None, ratio: float" in mix
    assert "r = T.like_scalar(a.data, ratio)" in mix
    # the method of self taking xp is lifted as any helper
    assert "def _refuse_zero(xp, divisor):\n" in mix
    assert "    _refuse_zero(xp, y.data)\n" in mix
    shifted = (written["pkg"] / "arith" / "shifted.py").read_text()
    assert "def _xp_of(*, dev_ctx):\n    return dev_ctx.xp\n" in shifted
    assert "def _shift_of(*, shift):\n    return float(shift)\n" in shifted
    # the dotted import nothing reads any more goes; the alias the legacy kernels use stays
    assert "import pkg_alias.base.tensors\n" not in shifted
    assert "from ..base import tensors as tz\n" in shifted
    # tensors.py is read, not rewritten
    for name in ("tensors.py", "__init__.py"):
        assert (written["pkg"] / "base" / name).read_bytes() == \
            (CORPUS / PACKAGE / "base" / name).read_bytes()


_KEEPS = '''
class UnaryKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        kept = ctx
        ctx.output("Out").mutable_data(ctx.place)[...] = x.data
'''


@pytest.mark.parametrize(("line", "why"), [
    ("        kept = ctx\n", "ctx kept by `kept = ctx`"),
    ("        H.alloc_like(ctx)\n", "ctx passed to H.alloc_like(): H.alloc_like is no function "
                                   "of this module"),
    ("        helpers[0](ctx)\n", "ctx passed to helpers[0](): helpers[0] is computed at run "
                                 "time"),
])
def test_a_ctx_use_left_is_named_in_the_reason(line: str, why: str) -> None:
    result = migrate(unary(_KEEPS.replace("        kept = ctx\n", line)))
    assert [r.reason for r in result.records] == [
        f"passes the ExecutionContext 'ctx' on or keeps it ({why}; only "
        "ctx.input/output/attr/... reads can become parameters)"]
