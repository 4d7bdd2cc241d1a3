"""fill_constant -> full: shape from ShapeTensor / ShapeTensorList / shape and value from
ValueTensor / str_value / value, in Paddle's order of precedence."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("fill_constant")
def fill_constant_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_output("Out"):
        return UNREGISTERED
    if ctx.has_input("ShapeTensor"):
        shape = "ShapeTensor"
    elif ctx.input_size("ShapeTensorList") > 0:
        shape = "ShapeTensorList"
    else:
        shape = "shape"
    if ctx.has_input("ValueTensor"):
        value = "ValueTensor"
    else:
        # A running op holds str_value already parsed (FillConstantOp); a desc holds text.
        str_value = ctx.attr("str_value") if ctx.has_attr("str_value") else ""
        value = "value" if isinstance(str_value, str) and not str_value else "str_value"
    return KernelSignature("full", [], [shape, value, "dtype"], ["Out"])
