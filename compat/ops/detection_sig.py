"""generate_proposals_v2 runs the PHI kernel `generate_proposals` (Paddle's base name)."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("generate_proposals_v2", "generate_proposals")
