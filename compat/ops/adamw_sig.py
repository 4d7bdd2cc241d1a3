"""adamw -> adamw: adam's signature with lr_ratio, coeff and with_decay after the scalars."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("adamw")
def adamw_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    scalars = [tensor if ctx.has_input(tensor) else attr
               for tensor, attr in (("Beta1Tensor", "beta1"), ("Beta2Tensor", "beta2"),
                                    ("EpsilonTensor", "epsilon"))]
    return KernelSignature(
        "adamw",
        ["Param", "Grad", "LearningRate", "Moment1", "Moment2", "Moment2Max", "Beta1Pow",
         "Beta2Pow", "MasterParam", "SkipUpdate"],
        [*scalars, "lr_ratio", "coeff", "with_decay", "lazy_mode",
         "min_row_size_to_use_multithread", "multi_precision", "use_global_beta_pow",
         "amsgrad"],
        ["ParamOut", "Moment1Out", "Moment2Out", "Moment2MaxOut", "Beta1PowOut",
         "Beta2PowOut", "MasterParamOut"])
