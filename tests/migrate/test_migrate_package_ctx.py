"""The codemod on a package whose kernels call helpers with the ExecutionContext
(tests/migrate/corpus/pkg_ctx).

`shared.py` holds a mixin method `scale_of(self, ctx)` (reading `ctx.attr("scale")` and
the class constant FACTOR the kernel overrides) and a module function
`alloc_like(ctx, out, like)` (reading `ctx.place`); `scaled.py` has a kernel using both,
one calling a module helper that passes ctx to another one and reads `ctx.xp`, and one
whose helper keeps ctx (appends it to a module list): that one stays legacy.

Each helper read becomes a lifted function taking the read values by keyword; after
`--write` every module still imports, the op left legacy computes what it did, and each
migrated op (run through its PHI kernel) gives what its legacy kernel gave.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_nothing_broken,
    migrate,
    run_package_ops,
    unary,
    verified_rows,
    write_copy,
)

PACKAGE = "pkg_ctx"
HERE = Path(__file__).resolve().parent

#: kernel class -> (status, the reason, exactly)
EXPECTED = {
    "TripledAbsKernel": ("migrated", ""),
    "NestedKernel": ("migrated", ""),
    "KeepsCtxKernel": ("skipped", "passes ctx to remember(), which keeps 'ctx' or passes it "
                                  "on (ctx passed to _SEEN.append(): the codemod cannot trace "
                                  "_SEEN.append to one binding (a method of a value, a name "
                                  "bound more than once or at run time); only "
                                  "ctx.input/output/attr/... reads and helpers doing only those "
                                  "can become parameters)"),
}
MIGRATED_OPS = ("ctx_tripled_abs", "ctx_nested")


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    cases = {op: [{"scale": 0.5}] for op in MIGRATED_OPS}
    return run_package_ops(root, ["pkg_ctx.scaled"], cases, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("ctx"), PACKAGE, run_ops)


def test_every_kernel_passing_ctx_to_a_helper_has_its_row(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED
    assert {r["op"] for r in got.values() if r["status"] == "migrated"} == set(MIGRATED_OPS)


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED_OPS)
    assert "ctx_keeps" in written["after"]["ran"]  # its helper keeps ctx: left legacy
    # |x| * scale (0.5) * the kernel's FACTOR (3.0), at x = -2
    assert written["before_ops"]["ctx_tripled_abs {'scale': 0.5}"][0][0] == pytest.approx(3.0)
    assert written["before_ops"]["ctx_nested {'scale': 0.5}"][0][0] == pytest.approx(-1.0)


def test_the_helpers_are_lifted_taking_the_reads(written: dict[str, Any]) -> None:
    scaled = (written["pkg"] / "scaled.py").read_text()
    # the mixin's method, as the kernel class sees it (FACTOR of its own)
    assert "def _scale_of(*, scale) -> float:\n    return float(scale) * 3.0\n" in scaled
    # shared.py's function, its ctx parameter (and its annotation) gone
    assert "def _alloc_like(out: Any, like: Any, *, dev_ctx) -> Any:\n" in scaled
    assert "    data = _alloc_like(out, x, dev_ctx=dev_ctx)\n" in scaled
    # two levels: the outer helper passes on what the inner one reads
    assert "def _scaled_values(values, *, dev_ctx, scale):\n" in scaled
    assert "    return dev_ctx.xp.multiply(values, _scale_from(scale=scale))\n" in scaled
    assert "    data[...] = _scaled_values(x.data, dev_ctx=dev_ctx, scale=scale)\n" in scaled
    # shared.py is read, not rewritten
    assert (written["pkg"] / "shared.py").read_bytes() == \
        (HERE / "corpus" / PACKAGE / "shared.py").read_bytes()


_OUT_HELPER = '''
class UnaryKernel(OpKernel):
    def out(self, ctx, like):
        return ctx.output("Out").mutable_data(ctx.place, like.dtype)

    def compute(self, ctx):
        x = ctx.input("X")
        self.out(ctx, x)[...] = x.data * ctx.attr("alpha")
'''


def test_a_helper_named_like_the_parameter_its_reads_become_is_lifted() -> None:
    """A helper method `out(self, ctx, like)` reading the output `Out`: its own name binds
    nothing inside it, so no local clashes with the kernel's parameter `out`."""
    result = migrate(unary(_OUT_HELPER))
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    assert record.status == "migrated", record.reason
    assert "def _out(like, *, dev_ctx, out):\n" in result.new_text, result.new_text


_ALLOC_HELPER = '''
class UnaryKernel(OpKernel):
    def alloc(self, ctx, slot="Out", like=None, dtype=None):
        like = like if like is not None else ctx.input("X")
        return ctx.output(slot).mutable_data(ctx.place, dtype or like.dtype)

    def compute(self, ctx):
        x = ctx.input("X")
        self.alloc(ctx, like=x)[...] = x.data * ctx.attr("alpha")
'''


@pytest.mark.parametrize(("call", "reason"), [
    ("self.alloc(ctx, like=x)", ""),  # `slot` left to its literal default
    ("self.alloc(ctx, dtype=None, like=x)", ""),
    ("self.alloc(ctx, like=x, **{})", "with keyword or star arguments"),
])
def test_a_helper_called_with_keywords_past_a_defaulted_parameter(call: str, reason: str
                                                                  ) -> None:
    result = migrate(unary(_ALLOC_HELPER.replace("self.alloc(ctx, like=x)", call)))
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    if not reason:
        assert record.status == "migrated", record.reason
        return
    assert record.status == "skipped" and reason in record.reason, record.reason
