"""The dtype differences between fluidphi's forward CPU kernels and Paddle 3.3.1's CPU
registrations (census.json's `cpu_dtypes`) for op types whose op_cases family does not
declare them (a family's `DTYPE_GAPS` holds its own): tests/ops/test_op_kernels.py fails on
any difference declared in neither place and on any declared one that is gone. Each
dtype's reason follows from its kind (`reason`)."""

from __future__ import annotations

from tests.conformance.op_cases.spec import NO_UNSIGNED_PROGRAM

#: op type -> dtypes Paddle 3.3.1 registers a CPU kernel for that fluidphi does not
MISSING: dict[str, tuple[str, ...]] = {
    "cast": ("uint16", "uint32", "uint64"),
    "elementwise_add": ("bool", "int8", "uint8"),
    "elementwise_div": ("bool", "int8", "uint8"),
    "elementwise_mul": ("bool",),
}
#: op type -> dtypes fluidphi registers a CPU kernel for that Paddle 3.3.1 does not
EXTRA: dict[str, tuple[str, ...]] = {
    "elementwise_add": ("bfloat16", "float16"),
    "elementwise_div": ("bfloat16", "float16"),
    "elementwise_max": ("float16",),
    "elementwise_min": ("float16",),
    "elementwise_mul": ("float16", "int16"),
    "elementwise_sub": ("float16",),
}
#: op type -> why its PHI kernel is registered once for every dtype (``ALL_DTYPE``) rather
#: than for Paddle's list (its legacy kernels are checked against the list as declared)
ANY_DTYPE_PHI: dict[str, str] = {
    op: "a dtype-agnostic view kernel (as Paddle's, registered for all of its dtypes): "
        "the legacy kernels hold Paddle's list"
    for op in ("reshape", "reshape2")}

#: op type -> what blocks closing its differences (before the kind's reason)
_BLOCKED_BY_PROTO = (
    "blocked: the fixture proof needs the op in an op_cases family, whose proto check fails "
    "while ElementwiseOpMaker's extra attrs (x_data_format, y_data_format) differ from Paddle "
    "3.3.1's (onednn_data_type, use_onednn; phi/op_compat.yaml lists the old ones too)")
BLOCKED: dict[str, str] = {
    op: _BLOCKED_BY_PROTO for op in ("elementwise_add", "elementwise_div", "elementwise_mul")}


#: op type -> why its declared differences stay, where the dtype's kind does not say it
WHY: dict[str, str] = {}


def reason(op_type: str, dtype: str) -> str:
    """Why `op_type` differs from Paddle on `dtype`."""
    if op_type in WHY:
        return WHY[op_type]
    if op_type in BLOCKED:
        return f"{BLOCKED[op_type]}; {_kind_reason(op_type, dtype)}"
    return _kind_reason(op_type, dtype)


def _kind_reason(op_type: str, dtype: str) -> str:
    if op_type in EXTRA and dtype in EXTRA[op_type]:
        return "registered wider than Paddle's CPU kernel; not yet checked that no fixture " \
               "or training program needs it before dropping it"
    if dtype in ("uint16", "uint32", "uint64"):
        return NO_UNSIGNED_PROGRAM
    if dtype.startswith("complex"):
        return "not written yet: a complex kernel with fixtures"
    if dtype in ("float16", "bfloat16"):
        return "not written yet: a half-precision kernel with fixtures"
    return "not written yet: an integer / bool kernel with fixtures"
