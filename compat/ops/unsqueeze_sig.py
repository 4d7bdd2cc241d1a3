"""unsqueeze / unsqueeze2 -> unsqueeze: axes from AxesTensorList, else AxesTensor, else `axes`;
an unsqueeze2 with an XShape output (which its grad op reads) -> unsqueeze_with_xshape."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


def _unsqueeze_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.input_size("AxesTensorList") > 0:
        axes = "AxesTensorList"
    elif ctx.has_input("AxesTensor"):
        axes = "AxesTensor"
    else:
        axes = "axes"
    if ctx.op_type == "unsqueeze2" and ctx.has_output("XShape"):
        return KernelSignature("unsqueeze_with_xshape", ["X"], [axes], ["Out", "XShape"])
    return KernelSignature("unsqueeze", ["X"], [axes], ["Out"])


register_arg_mapping("unsqueeze")(_unsqueeze_mapping)
register_arg_mapping("unsqueeze2", chooses={
    "unsqueeze_with_xshape": "the op has an XShape output", "unsqueeze": "no XShape output"},
)(_unsqueeze_mapping)
