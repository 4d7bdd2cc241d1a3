"""Forward kernels over Paddle 3.3.1's CPU dtypes: for every op type of the census that a
CPU program can hold and that Paddle runs with a kernel (census.json's `cpu_dtypes`), when
fluidphi registers the op type: its legacy CPU class kernels and its PHI CPU kernel are
registered for exactly Paddle's dtypes (the legacy form less those no fluid kernel is keyed
on: op_helpers.held_dtypes), less and plus the declared differences: the op_cases family's
`DTYPE_GAPS` where a family holds the op type, else tests/ops/op_dtype_gaps.py (each with
its reason). An op type a family declares
`LEGACY_ONLY` has no PHI kernel. Op types the census does not count (left out, or only in
Paddle 2.6.2) are held to the CPU dtypes their op_cases family's exported protos record."""

from __future__ import annotations

import pytest

from compat.coverage.census import CpuKernel, load_census
from legacy_fluid.framework.op_registry import OP_INFOS
from phi.common import DataType
from tests.conformance.op_cases import family_names, load_family
from tests.conformance.op_fixtures import family_fixtures
from tests.ops import op_dtype_gaps
from tests.ops.op_helpers import cpu_dtypes_by_form, held_dtypes

_FAMILIES = [load_family(name) for name in family_names()]
#: op type -> Paddle's CPU dtypes, for the op types fluidphi registers: the census's, else
#: those a family's exported protos record
PADDLE_DTYPES: dict[str, tuple[str, ...]] = {
    **{op: tuple(facts["cpu_dtypes"]) for name in family_names()
       for op, facts in family_fixtures(name).protos.items()},
    **{op.op_type: op.cpu_dtypes for op in load_census().counted
       if op.cpu_kernel is CpuKernel.KERNEL and OP_INFOS.has(op.op_type)}}
#: op type -> {dtype: reason}: the op_cases families' declared gaps
FAMILY_GAPS: dict[str, dict[str, str]] = {
    op: gaps for module in _FAMILIES for op, gaps in getattr(module, "DTYPE_GAPS", {}).items()}
LEGACY_ONLY: set[str] = {op for module in _FAMILIES for op in getattr(module, "LEGACY_ONLY", {})}


def declared(op_type: str) -> tuple[set[str], set[str]]:
    """(missing, extra): the dtypes declared for `op_type`, in exactly one place."""
    listed = op_type in op_dtype_gaps.MISSING or op_type in op_dtype_gaps.EXTRA
    assert not (listed and op_type in FAMILY_GAPS), \
        f"{op_type}: gaps declared both in its family's DTYPE_GAPS and in op_dtype_gaps.py"
    if op_type in FAMILY_GAPS:
        return set(FAMILY_GAPS[op_type]), set()
    return set(op_dtype_gaps.MISSING.get(op_type, ())), set(op_dtype_gaps.EXTRA.get(op_type, ()))


@pytest.mark.parametrize("op_type", sorted(PADDLE_DTYPES))
def test_cpu_kernel_dtypes_match_paddle(op_type: str) -> None:
    paddle = set(PADDLE_DTYPES[op_type])
    missing, extra = declared(op_type)
    assert missing <= paddle, f"declared missing dtypes Paddle does not register: " \
                              f"{sorted(missing - paddle)}"
    assert not extra & paddle, f"declared extra dtypes Paddle registers: {sorted(extra & paddle)}"
    wanted = (paddle - missing) | extra
    forms = cpu_dtypes_by_form(op_type)  # a `_raw` variant: test_phi_kernel_dtypes.py
    if op_type in LEGACY_ONLY:
        assert list(forms) == ["legacy"], f"{op_type} has a PHI kernel: drop it from LEGACY_ONLY"
    else:
        assert len(forms) > 1, f"{op_type}: no PHI kernel (nor declared LEGACY_ONLY)"
    any_dtype = str(DataType.ALL_DTYPE)
    for form, dtypes in forms.items():
        if form != "legacy" and op_type in op_dtype_gaps.ANY_DTYPE_PHI:
            assert dtypes == {any_dtype}, f"{op_type} {form}: {sorted(dtypes)}, declared " \
                                          f"{any_dtype} in op_dtype_gaps.ANY_DTYPE_PHI"
            continue
        held = held_dtypes(form, wanted)
        assert dtypes == held, (
            f"{op_type} {form} CPU kernels: lacking {sorted(held - dtypes)}, beyond "
            f"{sorted(dtypes - held)} (Paddle: {sorted(paddle)}; declared differences: "
            "update the family's DTYPE_GAPS / tests/ops/op_dtype_gaps.py, or the kernels)")


def test_declared_differences_are_of_checked_ops() -> None:
    tables = (op_dtype_gaps.MISSING, op_dtype_gaps.EXTRA, op_dtype_gaps.ANY_DTYPE_PHI)
    unknown = sorted({op for table in tables for op in table} - set(PADDLE_DTYPES))
    assert not unknown, f"differences declared for op types not checked: {unknown}"
    unknown = sorted(set(FAMILY_GAPS) - set(PADDLE_DTYPES))
    assert not unknown, f"DTYPE_GAPS declared for op types not checked: {unknown}"
    for table in (op_dtype_gaps.MISSING, op_dtype_gaps.EXTRA):
        for op, dtypes in table.items():
            assert dtypes and list(dtypes) == sorted(set(dtypes)), op
            assert all(op_dtype_gaps.reason(op, d) for d in dtypes)
