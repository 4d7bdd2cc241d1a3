"""unsqueeze / unsqueeze2 -> unsqueeze: axes from AxesTensorList, else AxesTensor, else `axes`."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("unsqueeze2", "unsqueeze")


def _unsqueeze_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.input_size("AxesTensorList") > 0:
        axes = "AxesTensorList"
    elif ctx.has_input("AxesTensor"):
        axes = "AxesTensor"
    else:
        axes = "axes"
    return KernelSignature("unsqueeze", ["X"], [axes], ["Out"])


register_arg_mapping("unsqueeze")(_unsqueeze_mapping)
register_arg_mapping("unsqueeze2")(_unsqueeze_mapping)
