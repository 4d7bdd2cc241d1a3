"""Manipulation family mappings (`fluidphi migrate` output): bounds and shifts come from a
tensor, a list of 1-element tensors or the attribute; repeat_interleave leaves out
output_size (a hint the kernel does not need); expand_as_v2 runs PHI's expand_as."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("expand_as_v2", "expand_as")


@register_arg_mapping("strided_slice")
def strided_slice_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    starts = ("StartsTensor" if ctx.has_input("StartsTensor")
              else "StartsTensorList" if ctx.has_input("StartsTensorList") else "starts")
    ends = ("EndsTensor" if ctx.has_input("EndsTensor")
            else "EndsTensorList" if ctx.has_input("EndsTensorList") else "ends")
    strides = ("StridesTensor" if ctx.has_input("StridesTensor")
               else "StridesTensorList" if ctx.has_input("StridesTensorList") else "strides")
    return KernelSignature("strided_slice", ["Input"],
                           ["axes", starts, ends, strides, "infer_flags", "decrease_axis"],
                           ["Out"])


@register_arg_mapping("roll")
def roll_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    shifts = "ShiftsTensor" if ctx.has_input("ShiftsTensor") else "shifts"
    return KernelSignature("roll", ["X"], [shifts, "axis"], ["Out"])


@register_arg_mapping("repeat_interleave")
def repeat_interleave_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("repeat_interleave", ["X", "RepeatsTensor"], ["Repeats", "dim"],
                           ["Out"])
