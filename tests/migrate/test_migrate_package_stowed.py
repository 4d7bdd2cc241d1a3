"""The codemod on a package whose kernels compose, through a stored instance, a kernel of
another module (tests/migrate/corpus/pkg_stowed): `acts/bounded.py` imports
`SpanClampKernel` from `kit/limits.py` and stores it in `__init__`
(`self._clamp = SpanClampKernel()`) or in its class body, then runs
`self._clamp.compute(ctx)`; `acts/halved.py` does so through a relative import, then halves
the output. They migrate as calls of the clamp's new function, imported from its module.
Negative twins: a clamp keeping instance state (it stays legacy, so does the kernel storing
it, naming it), an op declaring `hi` as an int where the clamp reads a float (legacy,
naming the attribute), and the clamp held back after the run (its composers go legacy).

After `--write` (verify on) every module still imports and every op computes what it
computed before (tests/migrate/package_probe.py, before and after, in a subprocess).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_module_rows, copy_package, write_copy

from migrate.runner import discover, recheck_foreign, remigrate, run_codemod

PACKAGE = "pkg_stowed"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_STICKY = ("passes the ExecutionContext 'ctx' on to StickyClampKernel().compute(ctx): kernel "
           "StickyClampKernel stays legacy (not migrated as one function this kernel can "
           "call), so this one does too")
_INT = ("composes SpanClampKernel().compute(ctx), whose new kernel sx_span_clamp_kernel "
        "reads attribute 'hi', which op 'sx_int_hard_tanh' declares INT; passing ctx on stays "
        "legacy")

#: module -> kernel -> (status, op, reason prefix, dtypes)
EXPECTED: dict[str, dict[str, tuple[str, str, str, dict[str, list[str]]]]] = {
    "limits.py": {
        "SpanClampKernel": ("migrated", "sx_span_clamp", "migrated; class kept for ", _FLOATS),
        "StickyClampKernel": ("skipped", "sx_sticky_clamp",
                              "StickyClampKernel keeps instance state", {}),
    },
    "bounded.py": {
        "HardTanhKernel": ("migrated", "sx_hard_tanh", "", _FLOATS),
        "SharedHardTanhKernel": ("migrated", "sx_shared_hard_tanh", "", _FLOATS),
        "StickyHardTanhKernel": ("skipped", "sx_sticky_hard_tanh", _STICKY, {}),
        "IntHardTanhKernel": ("skipped", "sx_int_hard_tanh", _INT, {}),
    },
    "halved.py": {"HalfHardTanhKernel": ("migrated", "sx_half_hard_tanh", "", _FLOATS)},
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("stowed"), PACKAGE)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    rows = {r["kernel"]: r["reason"] for r in written["doc"]["kernels"]}
    assert rows["StickyHardTanhKernel"] == _STICKY
    assert rows["IntHardTanhKernel"] == _INT


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"} and len(before["imported"]) == 6
    assert after["imported"] == before["imported"]
    ops = {op for kernels in EXPECTED.values() for _, op, _, _ in kernels.values()}
    assert set(before["ran"]) == ops
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    # the composers clamp with their own op's defaults, not the composed op's
    clamp, tanh = before["ran"]["sx_span_clamp"], before["ran"]["sx_hard_tanh"]
    assert tanh != clamp and before["ran"]["sx_shared_hard_tanh"] == tanh
    assert before["ran"]["sx_half_hard_tanh"] == [[v * 0.5 for v in row] for row in tanh]
    migrated = {op for kernels in EXPECTED.values() for status, op, _, _ in kernels.values()
                if status == "migrated"}
    assert after["ran"] == {op: before["ran"][op] for op in ops - migrated}
    assert after["phi_ran"] == {op: before["ran"][op] for op in migrated}


def test_a_stored_kernel_of_another_module_becomes_a_call_of_its_function(
        written: dict[str, Any]) -> None:
    bounded = (written["pkg"] / "acts" / "bounded.py").read_text()
    assert "import FLOATS, SpanClampKernel, StickyClampKernel, sx_span_clamp_kernel\n" \
        in bounded  # absolute, as imported
    assert bounded.count("    sx_span_clamp_kernel(dev_ctx, x, lo, hi, out)\n") == 2
    assert "class HardTanhKernel" not in bounded and "class SharedHardTanhKernel" not in bounded
    assert "self._clamp = StickyClampKernel()" in bounded  # the twins stay as they were
    assert "class IntHardTanhKernel(OpKernel)" in bounded
    halved = (written["pkg"] / "acts" / "halved.py").read_text()
    assert "from ..kit.limits import sx_span_clamp_kernel\n" in halved  # relative, as imported
    assert ("    sx_span_clamp_kernel(dev_ctx, x, lo, hi, out)\n"
            "    out.data[...] = out.data * 0.5\n") in halved
    assert "SpanClampKernel" not in halved and ".compute(ctx)" not in halved


def test_the_stored_kernel_held_back_leaves_its_composers_legacy(tmp_path: Path) -> None:
    """limits.py's clamp held back after the run (as verify or a held record does): the
    modules storing it are migrated again without it, their kernels legacy, named."""
    files = discover([copy_package(tmp_path, PACKAGE)])
    results = run_codemod(files)
    index = {f.name: i for i, f in enumerate(files)}
    limits, bounded, halved = index["limits.py"], index["bounded.py"], index["halved.py"]
    assert "sx_span_clamp_kernel(dev_ctx" in results[halved].new_text
    results[limits] = remigrate(files[limits], results[limits], {"sx_span_clamp": "held"})
    assert recheck_foreign(files, results) == [bounded, halved]
    for i, kernel in ((bounded, "HardTanhKernel"), (bounded, "SharedHardTanhKernel"),
                      (halved, "HalfHardTanhKernel")):
        row = next(r for r in results[i].records if r.kernel == kernel)
        assert (row.status, row.reason) == ("skipped", (
            "passes the ExecutionContext 'ctx' on to SpanClampKernel().compute(ctx): kernel "
            "SpanClampKernel stays legacy (not migrated as one function this kernel can "
            "call), so this one does too")), row
    assert results[halved].new_text == results[halved].old_text
    assert "sx_span_clamp_kernel" not in results[bounded].new_text
