"""The codemod on a package whose kernels read attributes by the names a constant lists, and
read class-level dicts and lists of literals (tests/migrate/corpus/pkg_ranges).

`base/kernels.py` (re-exported by `base/__init__`): a template base whose helper
`collect(ctx)` builds `{key: ctx.attr(key) for key in self.NAMES}`, handed with `**` to the
subclass's `apply`. `ranges.py`: a subclass naming `NAMES = ("lo", "hi")`, a loop over a
module constant, a list comprehension over `getattr(self, "NAMES")`: each unrolled into
literal reads. The negative twins: `drift.py`, whose names a function of its module changes
at run time, and `ranges.py`'s WindowKernel, whose names `tune.py` changes (while the
`DriftKernel.NAMES` and `self.NAMES` of other classes there leave the others' alone).
`bits.py`: a dict and a list of literals nothing changes (read at their reads), and the
negative twins: a method calling `.setdefault` on its dict, a list handed to a function,
a dict `tune.py` stores into.

After `--write` every module still imports, the ops left legacy compute what they did, and
each migrated op gives, through its PHI kernel, what its legacy kernel gave."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, run_package_ops, verified_rows, write_copy

PACKAGE = "pkg_ranges"

_TABLE = ("which is not an immutable constant ('{name}' holds a mutable value that {why}); "
          "only numbers, strings, tuples and frozensets of those, and lists, dicts and sets "
          "of those nothing changes or hands out, are inlined")

#: (module, kernel class) -> (status, the reason, exactly)
EXPECTED = {
    ("ranges.py", "ClampKernel"): ("migrated", ""),
    ("ranges.py", "SpanKernel"): ("migrated", ""),
    ("ranges.py", "ScaleRangeKernel"): ("migrated", ""),
    ("ranges.py", "WindowKernel"): (
        "skipped", "passes ctx to collect(): reads by the names self.NAMES lists, which are "
                   "not provably constant ('NAMES' is also assigned as an attribute in "
                   "pkg_ranges/tune.py)"),
    ("drift.py", "DriftKernel"): (
        "skipped", "passes ctx to collect(): reads by the names self.NAMES lists, which are "
                   "not provably constant ('NAMES' is also assigned outside its class body)"),
    ("bits.py", "ExponentKernel"): ("migrated", ""),
    ("bits.py", "TallyKernel"): (
        "skipped", 'reads class attribute self._SEEN = {4: "uint32", 8: "uint64"}, '
        + _TABLE.format(name="_SEEN", why="is changed or handed out through `.setdefault` "
                        '(`self._SEEN.setdefault(size, f"uint{size * 8}")`)')),
    ("bits.py", "WidthKernel"): (
        "skipped", 'reads class attribute self._BYTES = ["uint8", "uint16", "uint32", '
        '"uint64"], ' + _TABLE.format(
            name="_BYTES", why="is handed to a function, which may change it (`word = "
            "_pick(self._BYTES, x.data.itemsize.bit_length() - 1)`)")),
    ("bits.py", "OffsetKernel"): (
        "skipped", "reads class attribute self._STEPS = {4: 1.0, 8: 2.0}, " + _TABLE.format(
            name="_STEPS", why="is changed in place (`OffsetKernel._STEPS[4] = 10.0`) in "
            "pkg_ranges/tune.py")),
}
#: op -> its attributes, for each run
CASES = {"rg_clamp": [{}, {"lo": -0.5, "hi": 0.25}], "rg_span": [{"lo": -3.0, "hi": 5.0}],
         "rg_scale": [{"lo": 0.5, "hi": 2.0}], "rg_exponent": [{}]}
LEGACY = {"rg_drift": [{"lo": 0.5}], "rg_tally": [{}], "rg_width": [{}],
          "rg_window": [{"hi": 0.5}], "rg_offset": [{}]}


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    modules = [f"{PACKAGE}.{m}" for m in ("ranges", "drift", "bits", "tune")]
    return run_package_ops(root, modules, CASES | LEGACY, mode, frozenset(LEGACY))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("ranges"), PACKAGE, run_ops)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    got = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED
    assert {r["op"] for r in got.values() if r["status"] == "migrated"} == set(CASES)


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, CASES)
    assert set(LEGACY) <= set(written["after"]["ran"])
    ops = written["before_ops"]
    # the values are the legacy kernels' own: clipped to the defaults and to the attributes
    assert ops["rg_clamp {}"][0][0] == pytest.approx(-1.0)
    assert ops["rg_clamp {'lo': -0.5, 'hi': 0.25}"][2][3] == pytest.approx(0.25)
    assert ops["rg_span {'lo': -3.0, 'hi': 5.0}"][0][0] == pytest.approx(1 / 8)
    assert ops["rg_scale {'lo': 0.5, 'hi': 2.0}"][0][0] == pytest.approx(-3.0)
    assert ops["rg_exponent {}"][0][0] == pytest.approx(384.0)  # -2.0: sign 256, exponent 128


def test_the_names_become_literal_reads_and_the_tables_are_read_where_read(
        written: dict[str, Any]) -> None:
    ranges = (written["pkg"] / "ranges.py").read_text()
    assert 'def _collect(*, hi, lo) -> dict:\n    return {"lo": lo, "hi": hi}\n' in ranges
    assert "result = _apply(dev_ctx.xp, x.data, **_collect(hi=hi, lo=lo))" in ranges
    assert "    bounds.append(lo)\n    bounds.append(hi)\n" in ranges
    assert "ctx.attr(n)" not in ranges and "ctx.attr(name)" not in ranges
    assert '    NAMES = ("lo", "hi")\n' in ranges  # WindowKernel's, which stays legacy
    bits = (written["pkg"] / "bits.py").read_text()
    assert 'bits = x.data.view({2: "uint16", 4: "uint32", 8: "uint64"}[size])' in bits
    assert "shift = [10, 23, 52][(size // 4) if size > 2 else 0]" in bits
    # the refused kernels' classes stay as they were
    assert '    _SEEN = {4: "uint32", 8: "uint64"}\n' in bits
    drift = (written["pkg"] / "drift.py").read_text()
    assert 'register_op_kernel("rg_drift", "CPU", DriftKernel' in drift
