"""The codemod on a package whose kernels read class constants inside f-strings and
element functions bound as `staticmethod(lambda ...)` (tests/migrate/corpus/pkg_consts).

`quoted.py`: `MODES = ("abs", "neg")` named in a double-quoted f-string is spelled there by
its repr (single quotes); a constant whose repr needs a backslash is merged into the
f-string's literal text, escaped (`migrate/fstring_fields.py`), so its kernel migrates too.
`lambdas.py`: `fn = staticmethod(lambda ...)` on a
template base becomes a module-level function; a lambda whose default reads a name of
its class body stays legacy.

After `--write` every module still imports, the ops left legacy compute what they did, and
each migrated op (through its PHI kernel) gives the values and the error message its
legacy kernel gave.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, run_package_ops, verified_rows, write_copy

PACKAGE = "pkg_consts"

#: (module, kernel class) -> (status, the reason, exactly)
EXPECTED = {
    ("quoted.py", "PickKernel"): ("migrated", ""),
    ("quoted.py", "QuoteKernel"): ("migrated", ""),
    ("lambdas.py", "NegKernel"): ("migrated", ""),
    ("lambdas.py", "HalfAbsKernel"): ("migrated", ""),
    ("lambdas.py", "ShiftKernel"): ("skipped", "reads self.fn = staticmethod(lambda xp, x, "
                                               "by=SHIFT: x + by), which is not a lambda bound "
                                               "once reading no name of its class"),
}
#: op -> its attributes, for each run
CASES = {"ks_pick": [{"mode": "abs"}, {"mode": "neg"}, {"mode": "cube"}],
         "ks_quote": [{"mode": "abs"}, {"mode": "neg"}], "ks_neg": [{}], "ks_half_abs": [{}]}


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, ["pkg_consts.quoted", "pkg_consts.lambdas"], CASES, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("consts"), PACKAGE, run_ops)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    got = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED
    assert {r["op"] for r in got.values() if r["status"] == "migrated"} == set(CASES)


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, CASES)
    assert "ks_shift" in written["after"]["ran"]  # left legacy
    ops = written["before_ops"]
    assert ops["ks_pick {'mode': 'cube'}"] == \
        "ks_pick: mode must be one of ('abs', 'neg'), not 'cube'"
    assert ops["ks_quote {'mode': 'neg'}"] == "ks_quote: it's \"abs\", not 'neg'"
    assert ops["ks_neg {}"][0][0] == pytest.approx(2.0)
    assert ops["ks_half_abs {}"][0][0] == pytest.approx(1.0)


def test_the_constants_and_lambdas_are_spelled_as_they_fit(written: dict[str, Any]) -> None:
    quoted = (written["pkg"] / "quoted.py").read_text()
    assert ('raise ValueError(f"ks_pick: mode must be one of {(\'abs\', \'neg\')}, not '
            '{mode!r}")') in quoted
    assert 'raise ValueError(f"ks_quote: it\\\'s \\"abs\\", not {mode!r}")' in quoted
    lambdas = (written["pkg"] / "lambdas.py").read_text()
    assert "def _fn(xp, x):\n    return -x\n" in lambdas
    assert "def _half_abs_kernel_fn(xp, x):\n    return xp.abs(x) / 2\n" in lambdas
    assert "    data[...] = _half_abs_kernel_fn(dev_ctx.xp, x.data)\n" in lambdas
