"""Every PHI kernel fluidphi registers for the CPU that Paddle 3.3.1 registers too, held to
Paddle's dtypes for plain CPU tensors (tests/fixtures/phi_kernels/cpu_dtypes.json, written
by tests/conformance/export_phi_kernels.py): a legacy op reaches kernels besides the one
the census names for it (split's `split_with_num`, unsqueeze2's `unsqueeze_with_xshape`,
elementwise_div's `divide_raw` for an `axis` other than -1, `feed`), and a kernel
registered wider than Paddle's runs a program Paddle refuses.

The kernels the census names (each op type's PHI kernel and its grad kernels) are checked,
with their declared differences, by test_op_kernels.py and test_grad_kernels.py; this test
holds the rest, less `DIFFERENCES`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compat.coverage.census import load_census
from phi.common import DataType
from phi.core.kernel_factory import KERNELS
from tests.ops.op_helpers import phi_cpu_dtypes

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "phi_kernels" / "cpu_dtypes.json"
PADDLE: dict[str, set[str]] = {
    name: set(dtypes)
    for name, dtypes in json.loads(FIXTURE.read_text(encoding="utf-8"))["kernels"].items()}

#: kernel -> (dtypes Paddle registers that fluidphi does not, why); none today
DIFFERENCES: dict[str, tuple[set[str], str]] = {}


def _census_kernels() -> set[str]:
    names: set[str] = set()
    for op in load_census().counted:
        if op.phi_kernel:
            names.add(op.phi_kernel)
        names.update(g.phi_kernel for g in op.grad_kernels if g.phi_kernel)
    return names


CENSUS_KERNELS = _census_kernels()
HELD = sorted(name for name in KERNELS.names()
              if name in PADDLE and name not in CENSUS_KERNELS and phi_cpu_dtypes(name)
              and DataType.ALL_DTYPE not in {k.dtype for k in KERNELS.kernels_of(name)})


@pytest.mark.parametrize("name", HELD)
def test_cpu_dtypes_equal_paddles(name: str) -> None:
    missing, _why = DIFFERENCES.get(name, (set(), ""))
    assert phi_cpu_dtypes(name) == PADDLE[name] - missing, \
        f"PHI kernel {name}: fluidphi registers CPU dtypes {sorted(phi_cpu_dtypes(name))}, " \
        f"Paddle 3.3.1 {sorted(PADDLE[name])} (declared missing: {sorted(missing)})"


def test_declared_differences_are_of_held_kernels() -> None:
    assert set(DIFFERENCES) <= set(HELD)
    for name, (missing, why) in DIFFERENCES.items():
        assert missing <= PADDLE[name] and why, name


def test_the_held_set_is_not_empty() -> None:
    """The split / unsqueeze2 / elementwise / feed kernels above are among those held."""
    assert {"split_with_num", "unsqueeze_with_xshape", "divide_raw", "add_raw",
            "feed"} <= set(HELD)
