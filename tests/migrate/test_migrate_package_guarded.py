"""The codemod on team G's package (tests/migrate/corpus/pkg_guarded): a cooperative guard
mixin passing ctx to a template base's `compute` whose local `out` (the output buffer) is
spelled like the kernel parameter `out` its reads become: the lifted helper's local is
renamed (every read and store, the one in a generator expression included) and the kernel
migrates; the twin whose template declares `global out` is refused naming the name (as
state of the template's module: `moved_reads.own_state`). After
`--write` every module still imports and every op computes what it computed before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_package_ops, write_copy

PACKAGE = "pkg_guarded"
EXPECTED = {
    ("kernels.py", "GuardedDoubleKernel"): ("migrated", "gd_double", ""),
    ("kernels.py", "GuardedRememberKernel"): (
        "skipped", "gd_remember", "inherits from RememberingTemplate (pkg_guarded/guards.py), "
        "which reads 'out', state of its module ('out' is bound more than once in its module "
        "(`out = ctx.output(\"Out\").mutable_data(ctx.place, x.dtype)`)); written here it "
        "would read the value it had when imported"),
}
LEGACY = frozenset({"gd_remember"})
CASES: dict[str, list[dict[str, Any]]] = {op: [{}] for _, op, _ in EXPECTED.values()}
MODULES = [f"{PACKAGE}.guards", f"{PACKAGE}.kernels"]


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
    assert isinstance(written["before_ops"]["gd_double {}"], list)


def test_the_helper_local_is_renamed_everywhere(written: dict[str, Any]) -> None:
    text = (written["pkg"] / "kernels.py").read_text()
    assert "def _compute(*, dev_ctx, out, x):\n    out_ = dev_ctx.alloc(out, x.dtype)\n" in text
    assert "if out_ is not None)" in text and "class GuardedDoubleKernel" not in text
