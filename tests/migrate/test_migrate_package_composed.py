"""The codemod on a package whose sub-packages re-export their modules' names from their
`__init__` (tests/migrate/corpus/pkg_composed): a kernel class composed through a
re-export (`from ..act import GluKernel`: a star import of a module with `__all__`, an
explicit re-export imported absolutely, a chain through `api.py`, a star import of the
re-exporting package) migrates as the direct import `from ..act.gated import GluKernel`
does, calling the function of the class's defining module; the shared dtype tuple, template
base, mixin, helper taking ctx, maker, operator and registration helper work through
`common`'s re-exports (explicit and star); a re-export no static reading traces
(`GluKernel = getattr(gated, name)`) leaves its composing kernel legacy with a reason
naming the class and the module it was imported from.

After `--write` every module still imports and every op computes what it computed before
(tests/migrate/package_probe.py, before and after, in a subprocess).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import copy_package, write_copy

from migrate.runner import discover, run_codemod

PACKAGE = "pkg_composed"

UNTRACED = ("passes the ExecutionContext 'ctx' on to GluKernel().compute(ctx): it composes "
            "GluKernel, imported from pkg_composed.lazy, which the codemod cannot trace to "
            "its class statement")

#: (module, kernel class) -> (status, op, reason); a reason ending in "..." is its start
EXPECTED: dict[tuple[str, str], tuple[str, str, str]] = {
    # kept for their `__all__` (and the tree's re-exports of them)
    ("act/gated.py", "GluKernel"): ("migrated", "rx_glu", "migrated; class kept for ..."),
    ("act/soft.py", "SoftKernel"): ("migrated", "rx_soft", "migrated; class kept for ..."),
    # `from ..act import GluKernel` (act's star import of gated.py), `from pkg_composed.act
    # import SoftKernel` (an explicit re-export), `from ..api import GluKernel as ...` (api.py
    # star-imports act, which star-imports gated.py)
    ("misc/pipeline.py", "GluSquaredKernel"): ("migrated", "rx_glu_squared", ""),
    ("misc/pipeline.py", "SoftDoubleKernel"): ("migrated", "rx_soft_double", ""),
    ("misc/pipeline.py", "GluHalfKernel"): ("migrated", "rx_glu_half", ""),
    # `from ..act import *`
    ("misc/starglu.py", "GluNegKernel"): ("migrated", "rx_glu_neg", ""),
    # base, mixin, helper taking ctx, FLOATS, register_cpu, maker, operator named through
    # `from ..common import ...` (common's __init__ star-imports shared.py)
    ("misc/powers.py", "CubeKernel"): ("migrated", "rx_cube", ""),
    ("misc/powers.py", "ShiftedSquareKernel"): ("migrated", "rx_shifted_square", ""),
    ("misc/powers.py", "AlphaScaleKernel"): ("migrated", "rx_alpha_scale", ""),
    # the same through `from ..common import *`
    ("misc/starred.py", "QuarticKernel"): ("migrated", "rx_quartic", ""),
    ("misc/starred.py", "ShiftedCubeKernel"): ("migrated", "rx_shifted_cube", ""),
    ("misc/starred.py", "AlphaShiftKernel"): ("migrated", "rx_alpha_shift", ""),
    ("misc/untraced.py", "GluCubedKernel"): (
        "skipped", "rx_glu_cubed",
        f"{UNTRACED} (pkg_composed.lazy binds it other than by a class statement); not migrated"),
}


def _module(file: str) -> str:
    parts = Path(file).parts
    return "/".join(parts[parts.index(PACKAGE) + 1:])


def _matches(reason: str, expected: str) -> bool:
    return reason.startswith(expected[:-3]) if expected.endswith("...") else reason == expected


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("reexport"), PACKAGE)


def test_every_kernel_has_its_row_and_verify_finds_the_migrated_ones_identical(
        written: dict[str, Any]) -> None:
    rows = {(_module(r["file"]), r["kernel"]): r for r in written["doc"]["kernels"]}
    assert set(rows) == set(EXPECTED)
    for key, (status, op, reason) in EXPECTED.items():
        row = rows[key]
        assert (row["status"], row["op"]) == (status, op), (key, row)
        assert _matches(row["reason"], reason), (key, row["reason"])
        if status == "migrated":
            assert row["verification"].startswith("identical on 2 of 2"), (key, row)
    assert written["code"] == 0 and written["doc"]["written"]


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"} and len(before["imported"]) == 15
    assert after["imported"] == before["imported"]
    ops = {op for _, op, _ in EXPECTED.values()}
    assert set(before["ran"]) == ops
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    # the composing kernels compute what the composed kernel and their own step give
    glu = before["ran"]["rx_glu"]
    assert before["ran"]["rx_glu_neg"] == [[-v for v in row] for row in glu]
    assert before["ran"]["rx_glu_half"] == [[v * 0.5 for v in row] for row in glu]
    migrated = {op for status, op, _ in EXPECTED.values() if status == "migrated"}
    assert after["ran"] == {op: before["ran"][op] for op in ops - migrated}
    assert after["phi_ran"] == {op: before["ran"][op] for op in migrated}


def test_a_composition_calls_the_function_of_the_class_defining_module(
        written: dict[str, Any]) -> None:
    pipeline = (written["pkg"] / "misc" / "pipeline.py").read_text()
    assert "from ..act.gated import rx_glu_kernel\n" in pipeline
    assert "from pkg_composed.act.soft import rx_soft_kernel\n" in pipeline  # absolute, as imported
    assert "    rx_glu_kernel(dev_ctx, x, alpha, out)\n    out.data[...] = out.data * 0.5\n" \
        in pipeline
    assert "class " not in pipeline and ".compute(ctx)" not in pipeline
    starglu = (written["pkg"] / "misc" / "starglu.py").read_text()
    assert "from ..act.gated import rx_glu_kernel\n" in starglu
    assert "class GluCubedKernel(OpKernel)" in (written["pkg"] / "misc" / "untraced.py"
                                                ).read_text()


def _plan(root: Path, edit: dict[str, tuple[str, str]]) -> dict[tuple[str, str], Any]:
    """A dry run over a copy of the package with `edit` (module -> (old, new) text): per
    kernel row, its status, reason and generated source."""
    pkg = copy_package(root, PACKAGE)
    for module, (old, new) in edit.items():
        path = pkg / module
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new))
    results = run_codemod(discover([pkg]))
    sources = {name: src for r in results for op in r.ops for name, src in op.sources.items()}
    return {(_module(rec.file), rec.kernel): (rec.status, rec.reason,
                                              sources.get(rec.function))
            for r in results for rec in r.records}


def test_a_composition_through_a_reexport_migrates_like_the_direct_import(tmp_path: Path
                                                                          ) -> None:
    through = _plan(tmp_path / "through", {})
    direct = _plan(tmp_path / "direct", {"misc/pipeline.py": (
        "from pkg_composed.act import SoftKernel\n\nfrom ..act import GluKernel\n"
        "from ..api import GluKernel as ApiGluKernel\n",
        "from pkg_composed.act.soft import SoftKernel\n\nfrom ..act.gated import GluKernel\n"
        "from ..act.gated import GluKernel as ApiGluKernel\n")})
    # the composing kernels alike; the composed ones migrate alike (who keeps their class
    # differs: a direct import names their module, a re-export names the package)
    assert {k: v for k, v in through.items() if k[0].startswith("misc/")} == \
        {k: v for k, v in direct.items() if k[0].startswith("misc/")}
    assert {k: (v[0], v[2]) for k, v in through.items()} == \
        {k: (v[0], v[2]) for k, v in direct.items()}
    assert through[("misc/pipeline.py", "GluHalfKernel")][0] == "migrated"


def test_a_reexport_bound_twice_is_refused_naming_the_class(tmp_path: Path) -> None:
    plan = _plan(tmp_path, {"lazy.py": (
        '_NAME = "GluKernel"\nGluKernel = getattr(gated, _NAME)\n',
        "try:\n    from .act.gated import GluKernel\nexcept ImportError:\n"
        "    GluKernel = None\n")})
    status, reason, _ = plan[("misc/untraced.py", "GluCubedKernel")]
    assert (status, reason) == ("skipped", f"{UNTRACED}; not migrated")
