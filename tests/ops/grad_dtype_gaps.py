"""The dtype differences between fluidphi's grad kernels and Paddle 3.3.1's CPU
registrations (census.json's `grad_kernels`), declared: tests/ops/test_grad_kernels.py
fails on any difference not listed here and on any listed one that is gone. Each dtype's
reason follows from its kind (`reason`, op_dtype_gaps.kind_reason). Complex grads where
Paddle 3.3.1's CPU kernel breaks its own conjugate convention are matched, not listed here
(docs/training.md)."""

from __future__ import annotations

from tests.ops.op_dtype_gaps import kind_reason

#: grad op type -> dtypes Paddle 3.3.1 registers a CPU grad kernel for that fluidphi does not
MISSING: dict[str, tuple[str, ...]] = {
}
#: grad op types whose forward op type refuses the missing dtypes (its op_cases DTYPE_GAPS)
FORWARD_REFUSES: dict[str, str] = {}
#: grad op type -> dtypes fluidphi registers a CPU grad kernel for that Paddle 3.3.1 does not
EXTRA: dict[str, tuple[str, ...]] = {}
#: grad op types Paddle 3.3.1's grad makers make but for which it registers no operator: its
#: static executor refuses them ("There are no kernels which are registered in the <op>
#: operator"), and census.json's `cpu_dtypes` for them are its PHI kernel's, which only its
#: dygraph reaches. No static CPU kernel, so no dtype is missing or extra: fluidphi
#: registers the forward's types that have a derivative (these; checked by finite
#: differences in tests/api/grad_fd, no Paddle fixture possible)
NO_STATIC_KERNEL: dict[str, tuple[str, ...]] = {
    "remainder_grad": ("complex128", "complex64", "float32", "float64"),
    "view_shape_grad": ("bfloat16", "complex128", "complex64", "float16", "float32",
                        "float64"),
}


def reason(grad_op: str, dtype: str) -> str:
    """Why `grad_op` differs from Paddle on `dtype`."""
    if grad_op in FORWARD_REFUSES:
        return f"{FORWARD_REFUSES[grad_op]} refuses {dtype} (see its DTYPE_GAPS): no program " \
               "reaches the grad"
    if grad_op in EXTRA:
        return "registered with the forward's dtypes, wider than Paddle's grad kernel"
    return kind_reason(dtype, "grad kernel")
