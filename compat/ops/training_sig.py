"""Training ops: legacy grad ops -> PHI backward kernels, optimizers, initializers, loss."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("elementwise_add_grad", "add_grad")
register_base_kernel_name("matmul_v2_grad", "matmul_grad")
register_base_kernel_name("reduce_mean_grad", "mean_grad")
register_base_kernel_name("softmax_with_cross_entropy", "cross_entropy_with_softmax")
register_base_kernel_name("softmax_with_cross_entropy_grad", "cross_entropy_with_softmax_grad")
register_base_kernel_name("uniform_random", "uniform")
register_base_kernel_name("gaussian_random", "gaussian")


@register_arg_mapping("reduce_mean_grad")
def reduce_mean_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("mean_grad", ["X", "Out@GRAD"], ["dim", "keep_dim", "reduce_all"],
                           ["X@GRAD"])


@register_arg_mapping("adam")
def adam_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    scalars = [tensor if ctx.has_input(tensor) else attr
               for tensor, attr in (("Beta1Tensor", "beta1"), ("Beta2Tensor", "beta2"),
                                    ("EpsilonTensor", "epsilon"))]
    return KernelSignature(
        "adam",
        ["Param", "Grad", "LearningRate", "Moment1", "Moment2", "Moment2Max", "Beta1Pow",
         "Beta2Pow", "MasterParam", "SkipUpdate"],
        [*scalars, "lazy_mode", "min_row_size_to_use_multithread", "multi_precision",
         "use_global_beta_pow", "amsgrad"],
        ["ParamOut", "Moment1Out", "Moment2Out", "Moment2MaxOut", "Beta1PowOut",
         "Beta2PowOut", "MasterParamOut"])


def _shape(ctx: ArgumentMappingContext) -> str:
    if ctx.has_input("ShapeTensor"):
        return "ShapeTensor"
    return "ShapeTensorList" if ctx.input_size("ShapeTensorList") > 0 else "shape"


@register_arg_mapping("uniform_random")
def uniform_random_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("uniform", [], [_shape(ctx), "dtype", "min", "max", "seed"], ["Out"])


@register_arg_mapping("gaussian_random")
def gaussian_random_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("gaussian", [], [_shape(ctx), "mean", "std", "seed", "dtype"],
                           ["Out"])
