"""seed: the kernel also takes the extra `deterministic` and `rng_name` attributes, which
decide whether a non-zero `seed` is the output."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("seed")
def seed_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("seed", [], ["seed", "deterministic", "rng_name"], ["Out"])
