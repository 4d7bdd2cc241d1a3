"""The codemod on team W's package (tests/migrate/corpus/pkg_produce, issue 23, cm50), whose
kernels write their outputs through `produce(ctx, slot, *, like=None, dtype=None,
keep_lod=False, lod=None)`, a `@contextlib.contextmanager` generator of the shared `kit.py`
imported relatively (by name in `unary.py`, as `kit.produce` in `binary.py`), alone, after
and before the plain `quiet_fp(ctx.xp)` in one `with`, nested in it. Each such `with` is
inlined before the kernel is read (`migrate/generator_managers.py`), so the kernels migrate:
LoD kept through `keep_lod`, set through `lod=`, a dtype override. The twins of
`twins.py` (helpers of `twinkit.py`) are refused naming why. After `--write` every module
imports, every op computes what it did and the team's check script (values, dtype and LoD
of every output) prints the same bytes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import CORPUS, REPO, assert_module_rows, assert_nothing_broken, write_copy

PACKAGE = "pkg_produce"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
CM = "writes through the context manager "


def _refused(kernel: str, op: str, why: str) -> tuple[str, str, str, Any]:
    return ("skipped", op, why, None)


#: module -> kernel class -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[str, dict[str, tuple[str, str, str, Any]]] = {
    "unary.py": {"NegKernel": ("migrated", "pw_neg", "", REAL),
                 "LogAbsKernel": ("migrated", "pw_log_abs", "", REAL),
                 "ScaleWideKernel": ("migrated", "pw_scale_wide", "", REAL),
                 "StampedKernel": ("migrated", "pw_stamped", "", REAL)},
    "binary.py": {"DivKernel": ("migrated", "pw_div", "", REAL),
                  "HypotKernel": ("migrated", "pw_hypot", "", REAL)},
    "twins.py": {
        "ClosedKernel": _refused("ClosedKernel", "pw_closed", (
            f"{CM}produce_closed(), whose yield is not a statement of its body's top level "
            "(inside a try, with, loop or if, the code around it is no plain before and "
            "after)")),
        "TwiceKernel": _refused("TwiceKernel", "pw_twice", (
            f"{CM}produce_twice(), which yields 2 times (a `with` runs one yield)")),
        "NotedKernel": _refused("NotedKernel", "pw_noted", (
            f"{CM}produce_noted(), which keeps or passes on its ctx parameter "
            "(`_SEEN.append(ctx)`): only ctx.NAME reads are read")),
        "CountedKernel": _refused("CountedKernel", "pw_counted", (
            f"{CM}produce_counted (pkg_produce/twinkit.py), which reads '_CALLS', state of "
            "its module ('_CALLS' is changed or handed out through `.append` "
            "(`_CALLS.append(slot)`)); written here it would read the value it had when "
            "imported")),
        "SlottedKernel": _refused("SlottedKernel", "pw_slotted", (
            f"{CM}produce(), whose value the `with` binds to `bufs[0]`, not a plain name")),
        "RescuedKernel": _refused("RescuedKernel", "pw_rescued", (
            "writes through produce() inside a `try` whose handler reads its output 'out' "
            "(inlined, the handler would see code that was the context manager's)")),
        "EarlyKernel": _refused("EarlyKernel", "pw_early", (
            f"{CM}produce(), whose block leaves early by `return` (the generator would "
            "still run its code after the yield)")),
    },
}
MIGRATED = {op for ks in EXPECTED.values() for s, op, _, _ in ks.values() if s == "migrated"}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def _check(root: Path) -> bytes:
    """What the team's check script prints, the package imported from `root`."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(root)]),
           "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", f"{PACKAGE}.check"], capture_output=True,
                          env=env, cwd=root, timeout=300, check=True).stdout


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    reasons = {r["kernel"]: r["reason"] for r in written["doc"]["kernels"]}
    for kernels in EXPECTED.values():
        for kernel, (status, _, why, _) in kernels.items():
            if status == "skipped":
                assert reasons[kernel] == f"{why}; not migrated" or reasons[kernel] == why, \
                    reasons[kernel]


def test_the_written_package_imports_computes_and_checks_as_before(
        written: dict[str, Any]) -> None:
    assert_nothing_broken(written, MIGRATED)
    for op in MIGRATED - {"pw_div", "pw_hypot"}:  # the probe feeds X alone: the check feeds Y
        assert written["after"]["phi_ran"][op] == written["before"]["ran"][op], op
    after = _check(written["pkg"].parent)
    assert after == _check(CORPUS)
    assert b'"lod": [\n   [\n    0,\n    1,\n    3' in after  # the LoDs are compared too
    pkg: Path = written["pkg"]
    for kept in ("kit.py", "twinkit.py", "twins.py", "check.py", "__init__.py"):
        assert (pkg / kept).read_bytes() == (CORPUS / PACKAGE / kept).read_bytes(), kept


def test_the_with_is_inlined_around_the_body(written: dict[str, Any]) -> None:
    unary = (written["pkg"] / "unary.py").read_text()
    binary = (written["pkg"] / "binary.py").read_text()
    for text in (unary, binary):
        assert "with produce(" not in text and "kit.produce(" not in text
        assert "(OpKernel)" not in text and "(ctx, " not in text
    # the plain manager stays a `with`: around everything when it comes first, around the
    # body alone when it comes after `produce`
    log_abs = unary[unary.index("def pw_log_abs_kernel"):]
    assert log_abs.index("with quiet_fp(dev_ctx.xp):") < log_abs.index("dev_ctx.alloc(")
    div = binary[binary.index("def pw_div_kernel"):]
    assert div.index("dev_ctx.alloc(") < div.index("with kit.quiet_fp(dev_ctx.xp):") < \
        div.index("out[...] = x.data / y.data") < div.index(".lod = x.lod")
    assert "raise ValueError(\"op 'pw_neg': output 'Out' is not bound\")" in unary
    assert "from .kit import MapMaker, SameShapeOp, quiet_fp\n" in unary
