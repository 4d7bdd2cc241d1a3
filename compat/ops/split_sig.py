"""split: num > 0 picks split_with_num; else sections from SectionsTensorList or the attribute.

AxisTensor, when fed, replaces the `axis` attribute in either case.
"""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("split", chooses={"split_with_num": "num > 0",
                                         "split": "num == 0: sections"})
def split_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    axis = "AxisTensor" if ctx.has_input("AxisTensor") else "axis"
    if ctx.has_attr("num") and int(ctx.attr("num")) > 0:
        return KernelSignature("split_with_num", ["X"], ["num", axis], ["Out"])
    sections = "SectionsTensorList" if ctx.input_size("SectionsTensorList") > 0 else "sections"
    return KernelSignature("split", ["X"], [sections, axis], ["Out"])
