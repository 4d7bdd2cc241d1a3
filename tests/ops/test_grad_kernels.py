"""Grad kernels over Paddle 3.3.1's CPU dtypes: for every grad op type Paddle makes for a
census op type (census.json's `grad_kernels`) that fluidphi registers as a grad op, its
legacy CPU class kernels (where it has any) and its PHI CPU kernel (where it has one) are
registered for exactly Paddle's dtypes (the legacy form less those no fluid kernel is keyed
on: op_helpers.held_dtypes), less and plus the declared differences of
tests/ops/grad_dtype_gaps.py (each with its reason). A grad op type that is a forward op
type too (scale, assign, cast, concat) is checked as a forward op by test_paddle_ops.
A grad op type Paddle makes but registers no operator for (grad_dtype_gaps.NO_STATIC_KERNEL:
its static executor runs no kernel of it) is registered for its declared dtypes instead,
the forward's types that have a derivative."""

from __future__ import annotations

import pytest

from compat.arg_mapping import phi_kernel_name
from compat.coverage.census import CensusGradKernel, load_census
from legacy_fluid.framework.op_kernel import OP_KERNELS
from tests.conformance.op_cases import family_names, load_family
from tests.ops import grad_dtype_gaps
from tests.ops.op_helpers import cpu_dtypes_by_form, held_dtypes, is_registered_grad_op

#: grad op type -> Paddle's kernel for it, for the grad ops fluidphi registers
GRAD_KERNELS: dict[str, CensusGradKernel] = {
    k.grad_op: k for op in load_census().counted for k in op.grad_kernels
    if k.cpu_dtypes and is_registered_grad_op(k.grad_op)
    and k.grad_op not in grad_dtype_gaps.NO_STATIC_KERNEL}
#: grad op type -> its forward op type, for the grad ops Paddle makes without an operator
NO_STATIC_FORWARD: dict[str, str] = {
    k.grad_op: op.op_type for op in load_census().counted for k in op.grad_kernels
    if k.grad_op in grad_dtype_gaps.NO_STATIC_KERNEL}
_DIFFERENTIABLE = {"float16", "bfloat16", "float32", "float64", "complex64", "complex128"}


def fluidphi_cpu_dtypes(grad_op: str) -> dict[str, set[str]]:
    """The CPU dtypes of `grad_op`'s forms that fluidphi has kernels for."""
    return {form: dtypes for form, dtypes in cpu_dtypes_by_form(grad_op).items() if dtypes}


@pytest.mark.parametrize("grad_op", sorted(GRAD_KERNELS))
def test_grad_kernel_dtypes_match_paddle(grad_op: str) -> None:
    paddle = set(GRAD_KERNELS[grad_op].cpu_dtypes)
    missing = set(grad_dtype_gaps.MISSING.get(grad_op, ()))
    extra = set(grad_dtype_gaps.EXTRA.get(grad_op, ()))
    assert missing <= paddle, f"declared missing dtypes Paddle does not register: " \
                              f"{sorted(missing - paddle)}"
    assert not extra & paddle, f"declared extra dtypes Paddle registers: {sorted(extra & paddle)}"
    wanted = (paddle - missing) | extra
    forms = fluidphi_cpu_dtypes(grad_op)
    assert forms, f"{grad_op}: no CPU kernel in either form"
    for form, dtypes in forms.items():
        held = held_dtypes(form, wanted)
        assert dtypes == held, (
            f"{grad_op} {form} CPU kernels: lacking {sorted(held - dtypes)}, beyond "
            f"{sorted(dtypes - held)} (Paddle: {sorted(paddle)}; declared in "
            "tests/ops/grad_dtype_gaps.py: update it or the kernels)")


@pytest.mark.parametrize("grad_op", sorted(grad_dtype_gaps.NO_STATIC_KERNEL))
def test_grad_op_without_paddle_operator_has_the_forwards_derivative_dtypes(
        grad_op: str) -> None:
    assert grad_op in NO_STATIC_FORWARD, f"{grad_op}: no census op makes it"
    assert is_registered_grad_op(grad_op), f"{grad_op}: fluidphi registers no grad op"
    declared = set(grad_dtype_gaps.NO_STATIC_KERNEL[grad_op])
    forward = NO_STATIC_FORWARD[grad_op]
    forward_cpu = {str(k.data_type) for k in OP_KERNELS.kernels_of(forward) if k.place.is_cpu}
    assert declared == forward_cpu & _DIFFERENTIABLE, (
        f"{grad_op}: declared {sorted(declared)}, but {forward}'s CPU dtypes with a "
        f"derivative are {sorted(forward_cpu & _DIFFERENTIABLE)}")
    forms = fluidphi_cpu_dtypes(grad_op)
    assert set(forms) == {"legacy", f"PHI {phi_kernel_name(grad_op)}"}, \
        f"{grad_op}: CPU kernels only in {sorted(forms)}"
    for form, dtypes in forms.items():
        assert dtypes == declared, f"{grad_op} {form} CPU kernels: {sorted(dtypes)}, " \
                                   f"declared {sorted(declared)}"


def test_declared_differences_are_of_known_grad_ops() -> None:
    unknown = sorted((set(grad_dtype_gaps.MISSING) | set(grad_dtype_gaps.EXTRA))
                     - set(GRAD_KERNELS))
    assert not unknown, f"differences declared for grad ops not checked: {unknown}"
    reasons = {grad_dtype_gaps.reason(g, d) for table in (grad_dtype_gaps.MISSING,
                                                         grad_dtype_gaps.EXTRA)
               for g, ds in table.items() for d in ds}
    assert all(reasons)
    forward_gaps = {op: gaps for name in family_names()
                    for op, gaps in getattr(load_family(name), "DTYPE_GAPS", {}).items()}
    for grad_op, forward in grad_dtype_gaps.FORWARD_REFUSES.items():
        missing = set(grad_dtype_gaps.MISSING[grad_op])
        assert missing <= set(forward_gaps.get(forward, {})), \
            f"{grad_op}: {forward} does not declare {sorted(missing)} in its DTYPE_GAPS"
