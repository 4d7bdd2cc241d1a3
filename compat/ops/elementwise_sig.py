"""elementwise_{add,sub,mul,div,max,min,pow,floordiv,mod}: the plain PHI kernel when
axis == -1, else the `*_raw` kernel taking fluid's axis (as Paddle's elementwise argument
mappings). The PHI names of these ops, and of fmax / fmin / heaviside (no axis: the
default mapping), are in phi/op_compat.yaml."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


def _axis_choices(kernel: str) -> dict[str, str]:
    return {kernel: "axis == -1 (NumPy broadcasting)",
            f"{kernel}_raw": "axis != -1 (fluid's axis broadcasting)"}


def _signature(ctx: ArgumentMappingContext, kernel: str) -> KernelSignature:
    axis = ctx.attr("axis") if ctx.has_attr("axis") else -1
    if axis == -1:
        return KernelSignature(kernel, ["X", "Y"], [], ["Out"])
    return KernelSignature(f"{kernel}_raw", ["X", "Y"], ["axis"], ["Out"])


@register_arg_mapping("elementwise_add", chooses=_axis_choices("add"))
def elementwise_add_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "add")


@register_arg_mapping("elementwise_sub", chooses=_axis_choices("subtract"))
def elementwise_sub_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "subtract")


@register_arg_mapping("elementwise_mul", chooses=_axis_choices("multiply"))
def elementwise_mul_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "multiply")


@register_arg_mapping("elementwise_div", chooses=_axis_choices("divide"))
def elementwise_div_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "divide")


@register_arg_mapping("elementwise_max", chooses=_axis_choices("maximum"))
def elementwise_max_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "maximum")


@register_arg_mapping("elementwise_min", chooses=_axis_choices("minimum"))
def elementwise_min_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "minimum")


@register_arg_mapping("elementwise_pow", chooses=_axis_choices("elementwise_pow"))
def elementwise_pow_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "elementwise_pow")


@register_arg_mapping("elementwise_floordiv", chooses=_axis_choices("floor_divide"))
def elementwise_floordiv_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "floor_divide")


@register_arg_mapping("elementwise_mod", chooses=_axis_choices("remainder"))
def elementwise_mod_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "remainder")
