"""nce -> nce: the default mapping leaves extra attributes out, but the PHI kernel takes
the extra `custom_neg_classes` (fixed negatives), as Paddle's does."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("nce")
def nce_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature(
        "nce", ["Input", "Label", "Weight", "Bias", "SampleWeight", "CustomDistProbs",
                "CustomDistAlias", "CustomDistAliasProbs"],
        ["num_total_classes", "custom_neg_classes", "num_neg_samples", "sampler", "seed",
         "is_sparse", "remote_prefetch", "is_test"], ["Cost", "SampleLogits", "SampleLabels"])
