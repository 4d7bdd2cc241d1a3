"""Registration helpers that normalise their arguments before registering
(`cpu, gpu = tuple(cpu), tuple(gpu)`): a `tuple(x)` / `list(x)` copy of a value the codemod
reads is a local it reads too, so the helper's registrations are read through it. A copy
through anything else (`sorted`, a `tuple` bound in the module) keeps the helper unread."""

from __future__ import annotations

import pytest

from migrate.module_scan import scan_module

_MODULE = '''
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
{prelude}

def register_kernels(op_type, kernel, cpu, gpu=()):
    {normalise}
    register_op_kernel(op_type, "CPU", kernel, *cpu)
    if gpu:
        register_op_kernel(op_type, "GPU", kernel, *gpu)


class AKernel(OpKernel):
    def compute(self, ctx):
        pass


class BKernel(OpKernel):
    def compute(self, ctx):
        pass


register_kernels("x_a", AKernel, FLOATS, gpu=[DataType.FLOAT32])
register_kernels("x_b", BKernel, [DataType.INT64])
'''


def _registrations(normalise: str, prelude: str = "") -> list[tuple[str, str, list[str]]]:
    info = scan_module(_MODULE.replace("{normalise}", normalise).replace("{prelude}", prelude))
    assert not info.unresolved, info.unresolved
    return sorted((r.op_type, r.device, sorted(r.dtypes)) for r in info.registrations)


@pytest.mark.parametrize("normalise", [
    "cpu, gpu = tuple(cpu), tuple(gpu)",
    "cpu = list(cpu)\n    gpu = tuple(gpu)",
    "cpu, gpu = tuple(list(cpu)), tuple(gpu) + ()",
])
def test_copied_arguments_are_read(normalise: str) -> None:
    assert _registrations(normalise) == [
        ("x_a", "CPU", ["FLOAT32", "FLOAT64"]), ("x_a", "GPU", ["FLOAT32"]),
        ("x_b", "CPU", ["INT64"])]


@pytest.mark.parametrize("normalise, prelude", [
    ("cpu = sorted(cpu)", ""),
    ("cpu = tuple(cpu)", "\ndef tuple(x):\n    return (DataType.INT8,)\n"),
    ("cpu = tuple(*cpu)", ""),
])
def test_other_copies_keep_the_helper_unread(normalise: str, prelude: str) -> None:
    info = scan_module(_MODULE.replace("{normalise}", normalise).replace("{prelude}", prelude))
    assert not info.registrations
    assert {u.classes.pop() for u in info.unresolved} == {"AKernel", "BKernel"}
    for u in info.unresolved:  # the reason names the helper and quotes what it could not read
        assert "in `register_kernels` called as `register_kernels(" in u.reason, u.reason
        assert "tuple(" in u.reason or "sorted(" in u.reason, u.reason
