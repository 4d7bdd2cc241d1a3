"""The codemod on kernels computing through a helper object they hold
(tests/migrate/corpus/pkg_helpers_obj, issue 23): `self._blend = Blender()` in `__init__`,
`_mix = Blender(2.0)` in a class body (run as `self._mix.bind(ctx.xp)(x, y, w)`), both of
`blend.py` imported relatively, and `self._half = _Halver()` of the kernel's own module.
They migrate with the constructor call inline (`Blender().apply(x, w)`): the helper's
instance holds literals nothing changes. Negative twins, each refused with its reason: a
helper whose method mutates it (`Tally`), a constructor argument computed at run time, and
an object compute() hands out (`SEEN.append(self._blend)`).

After `--write` (verify on) every module still imports and every op computes what it
computed before, on several attribute values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_module_rows,
    assert_ops_as_before,
    migrate,
    run_package_ops,
    unary,
    write_copy,
)

PACKAGE = "pkg_helpers_obj"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_TALLY = ("holds a helper object `self._tally = Tally()`: Tally keeps state its methods "
          "mutate: apply() runs `self.calls += 1`; one object per kernel and one per call "
          "would compute differently")
_DYNAMIC = ("holds a helper object `self._blend = Blender(_gamma())` whose constructor reads "
            "`_gamma()`, not a literal: the object cannot be rebuilt alike in a function "
            "(only literal constructor arguments are read)")
_STASHED = ("holds a helper object `self._blend = Blender(0.25)`, and the object escapes: "
            "`self._blend` (only calls of its methods, `self._blend.method(...)`, in "
            "compute() are read)")

EXPECTED = {"ops.py": {
    "BlendKernel": ("migrated", "ho_blend", "", _FLOATS),
    "BoundBlendKernel": ("migrated", "ho_bound_blend", "", _FLOATS),
    "HalfKernel": ("migrated", "ho_half", "", _FLOATS),
    "TallyKernel": ("skipped", "ho_tally", _TALLY, {}),
    "DynamicBlendKernel": ("skipped", "ho_dynamic_blend", _DYNAMIC, {}),
    "StashedBlendKernel": ("skipped", "ho_stashed_blend", _STASHED, {}),
}}
LEGACY = frozenset({"ho_tally", "ho_dynamic_blend", "ho_stashed_blend"})
CASES = {op: [{}, {"w": -1.5}, {"w": 3.0}] for _, op, _, _ in EXPECTED["ops.py"].values()}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, ["pkg_helpers_obj.ops"], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("helpers_obj"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    rows = {r["kernel"]: r["reason"] for r in written["doc"]["kernels"]}
    assert (rows["TallyKernel"], rows["DynamicBlendKernel"], rows["StashedBlendKernel"]) == (
        _TALLY, _DYNAMIC, _STASHED)


def test_the_helper_is_built_by_its_constructor_call_inline(written: dict[str, Any]) -> None:
    ops = (written["pkg"] / "ops.py").read_text()
    assert "    out[...] = Blender().apply(x.data, w)\n" in ops
    assert "    out[...] = Blender(2.0).bind(dev_ctx.xp)(x.data, -x.data, w)\n" in ops
    assert "    out[...] = _Halver().apply(x.data) * w\n" in ops
    assert "from .blend import Blender, Tally\n" in ops and "class _Halver:" in ops
    for kernel in ("BlendKernel", "BoundBlendKernel", "HalfKernel"):
        assert f"class {kernel}(" not in ops
    for kernel in ("TallyKernel", "DynamicBlendKernel", "StashedBlendKernel"):
        assert f"class {kernel}(OpKernel)" in ops
    assert (written["pkg"] / "blend.py").read_text() == (
        Path(__file__).parent / "corpus" / PACKAGE / "blend.py").read_text()


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert all(isinstance(v, list) for v in before.values()), before
    # the cases tell the helpers apart: the class attribute's gamma, the weight, the sign
    assert before["ho_blend {'w': 3.0}"] != before["ho_bound_blend {'w': 3.0}"]
    assert before["ho_blend {'w': -1.5}"] != before["ho_blend {'w': 3.0}"]


_KERNEL = '''
class UnaryKernel(OpKernel):
    def __init__(self):
        self._h = Helper(STORE_ARGS)

    def compute(self, ctx):
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = self._h.scale(ctx.input("X").data, ctx.attr("alpha"))
'''


@pytest.mark.parametrize(("helper", "args", "reason"), [
    ("    def scale(self, x, a):\n        return x * a\n", "", ""),
    ("    def __init__(self, k=(1, 2)):\n        self.k = k\n\n"
     "    def scale(self, x, a):\n        return x * a * len(self.k)\n", "k=(1, -2, 3)", ""),
    ("    def scale(self, x, a):\n        for self.i in (1,):\n            pass\n"
     "        return x * a\n", "", "keeps state its methods mutate: scale() runs `for self.i"),
    ("    def scale(self, x, a):\n        self.seen[0] = a\n        return x * a\n", "",
     "keeps state its methods mutate: scale() runs `self.seen[0] = a`"),
    ("    def __init__(self, *, k=[]):\n        self.k = k\n\n"
     "    def scale(self, x, a):\n        return x * a\n", "",
     "takes other than parameters with literal defaults in its __init__"),
    ("    def __init__(self):\n        self.k = []\n\n"
     "    def scale(self, x, a):\n        return x * a\n", "",
     "runs `self.k = []` in its __init__"),
    ("    CACHE = {}\n\n    def scale(self, x, a):\n        return x * a\n", "",
     "runs `CACHE = {}` in its class body"),
    ("    def scale(self, x, a):\n        object.__setattr__(self, 'a', a)\n"
     "        return x * a\n", "", "reaches its instance through __setattr__"),
    ("    def scale(self, x, a):\n        return x * a\n", "f'{1}'",
     "whose constructor reads `f'{1}'`, not a literal"),
    ("    def other(self, x, a):\n        return x * a\n", "",
     "calls its scale(), which Helper does not define"),
])
def test_a_helper_object_is_read_only_when_it_cannot_change(helper: str, args: str,
                                                            reason: str) -> None:
    source = unary(_KERNEL.replace("STORE_ARGS", args)).replace(
        "\nclass UnaryKernel", f"\nclass Helper:\n{helper}\n\nclass UnaryKernel")
    record = next(r for r in migrate(source).records if r.kernel == "UnaryKernel")
    if not reason:
        assert record.status == "migrated", record.reason
    else:
        assert (record.status, reason in record.reason) == ("skipped", True), record.reason
