"""The codemod on team H's package (tests/migrate/corpus/pkg_hops): a template base whose
compute() calls a ctx helper its own module imports from a third module (the kernel's
module imports neither), read where the base is written and lifted; the twin whose
template module binds the helper twice is refused naming it. A helper taking `*keys`
given string literals (or a class constant tuple spread with `*`) reads those attributes;
the twin given a run-time value is refused naming it. A helper taking `*arrays` given plain
values gets them as that many parameters of its lifted copy. After `--write` every module still
imports and every op computes what it computed before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_package_ops, write_copy

PACKAGE = "pkg_hops"
EXPECTED = {
    ("unary.py", "HardHalfKernel"): ("migrated", "hp_half", ""),
    ("unary.py", "FloorHalfKernel"): ("migrated", "hp_floor_half", ""),
    ("unary.py", "HardHalfTwiceKernel"): (
        "skipped", "hp_half_twice", "inherits from TwiceTemplate (common/twice.py), which reads "
        "'make_out': no single binding of it is statically known there"),
    ("unary.py", "BandKernel"): ("migrated", "hp_band", ""),
    ("unary.py", "BandSpreadKernel"): ("migrated", "hp_band_spread", ""),
    ("unary.py", "BandPickedKernel"): (
        "skipped", "hp_band_picked", "passes ctx to attr_tuple(), whose *keys is given "
        "`*self.pick(x)` here: no constant strings (string literals, or a literal tuple of them "
        "or a class constant spread with `*`, are read)"),
    ("unary.py", "BandScaledKernel"): ("migrated", "hp_band_scaled", ""),
}
LEGACY = frozenset({"hp_half_twice", "hp_band_picked"})
CASES: dict[str, list[dict[str, Any]]] = {op: [{}] for _, op, _ in EXPECTED.values()}
MODULES = [f"{PACKAGE}.common", f"{PACKAGE}.common.template", f"{PACKAGE}.common.twice",
           f"{PACKAGE}.acts.unary"]


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, MODULES, CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): (r["status"], r["op"], r["reason"])
           for r in written["doc"]["kernels"]}
    assert got == EXPECTED
    assert written["code"] == 0 and written["doc"]["written"]
    verdicts = {r["kernel"]: r["verification"] for r in written["doc"]["kernels"]
                if r["status"] == "migrated"}
    assert all(v.startswith("identical") for v in verdicts.values()), verdicts


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert written["after_ops"] == written["before_ops"]
    assert isinstance(written["before_ops"]["hp_band {}"], list)


def test_the_lifted_helpers(written: dict[str, Any]) -> None:
    text = (written["pkg"] / "acts" / "unary.py").read_text()
    # the base's helper, read in the base's module, lifted with its reads as parameters
    assert "def _make_out(dtype=None, *, dev_ctx, out, x):\n" in text
    assert "out = _make_out(dev_ctx=dev_ctx, out=out, x=x)" in text
    # `*keys` bound to ("lo", "hi"): one lifted copy reading both, shared by both calls
    assert text.count("def _attr_tuple(*, hi, lo):\n    return (lo, hi)\n") == 1
    assert text.count("lo, hi = _attr_tuple(hi=hi, lo=lo)") == 2
    # the template's `*[ctx.attr(a) for a in self.ATTRS]`, as each subclass sees ATTRS
    assert "out[...] = _apply(dev_ctx.xp, x.data, *[])" in text
    assert "out[...] = _floor_half_kernel_apply(dev_ctx.xp, x.data, *[lo])" in text
    assert "class HardHalfKernel" not in text and "class FloorHalfKernel" not in text
    assert "class BandSpreadKernel" not in text
    assert "attr_tuple(ctx, *self.pick(x))" in text
    # `*arrays` given two values: a copy taking them as parameters, read as their tuple
    assert "def _widest(arrays_0, arrays_1, *, hi):\n" in text
    assert "for a in (arrays_0, arrays_1) if a.size" in text
    assert "scale = _widest(x.data, x.data * 0.5, hi=hi)" in text
