"""The dtype differences between fluidphi's forward CPU kernels and Paddle 3.3.1's CPU
registrations (census.json's `cpu_dtypes`) for op types whose op_cases family does not
declare them (a family's `DTYPE_GAPS` holds its own): tests/ops/test_op_kernels.py fails on
any difference declared in neither place and on any declared one that is gone. Each
dtype's reason follows from its kind (`kind_reason`, shared with grad_dtype_gaps.py)."""

from __future__ import annotations

#: op type -> dtypes Paddle 3.3.1 registers a CPU kernel for that fluidphi does not
MISSING: dict[str, tuple[str, ...]] = {}
#: op type -> dtypes fluidphi registers a CPU kernel for that Paddle 3.3.1 does not
EXTRA: dict[str, tuple[str, ...]] = {}
#: op type -> why its PHI kernel is registered once for every dtype (``ALL_DTYPE``) rather
#: than for Paddle's list (its legacy kernels are checked against the list as declared)
ANY_DTYPE_PHI: dict[str, str] = {
    op: "a dtype-agnostic view kernel (as Paddle's, registered for all of its dtypes): "
        "the legacy kernels hold Paddle's list"
    for op in ("reshape", "reshape2")}


def kind_reason(dtype: str, kernel: str = "kernel") -> str:
    """Why a `kernel` Paddle registers for `dtype` is missing, by the dtype's kind."""
    if dtype.startswith("complex"):
        return f"not written yet: a complex {kernel} with fixtures"
    if dtype in ("float16", "bfloat16"):
        return f"not written yet: a half-precision {kernel} with fixtures"
    return f"not written yet: an integer / bool {kernel} with fixtures"


def reason(op_type: str, dtype: str) -> str:
    """Why `op_type` differs from Paddle on `dtype`."""
    if op_type in EXTRA and dtype in EXTRA[op_type]:
        return "registered wider than Paddle's CPU kernel; not yet checked that no fixture " \
               "or training program needs it before dropping it"
    return kind_reason(dtype)
