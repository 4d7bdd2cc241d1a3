"""set_value: PHI set_value_with_tensor when ValueTensor is fed, else set_value (the value from
the `values` / `shape` attributes); each bound list from its ...TensorList when fed.
set_value_grad: PHI set_value_grad (ValueTensor, when fed, gives ValueTensor@GRAD its dims)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


def _bound(ctx: ArgumentMappingContext, tensor_list: str, attr: str) -> str:
    return tensor_list if ctx.input_size(tensor_list) > 0 else attr


def _bounds(ctx: ArgumentMappingContext) -> list[str]:
    return [_bound(ctx, "StartsTensorList", "starts"), _bound(ctx, "EndsTensorList", "ends"),
            _bound(ctx, "StepsTensorList", "steps"), "axes", "decrease_axes", "none_axes"]


@register_arg_mapping("set_value", chooses={
    "set_value_with_tensor": "ValueTensor fed", "set_value": "no ValueTensor (values attr)"})
def set_value_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    bounds = _bounds(ctx)
    if ctx.has_input("ValueTensor"):
        return KernelSignature("set_value_with_tensor", ["Input", "ValueTensor"], bounds,
                               ["Out"])
    return KernelSignature("set_value", ["Input"], [*bounds, "shape", "values"], ["Out"])


@register_arg_mapping("set_value_grad")
def set_value_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("set_value_grad", ["Out@GRAD", "ValueTensor"], _bounds(ctx),
                           ["Input@GRAD", "ValueTensor@GRAD"])
