"""Grads of the manipulation family: reverse (Paddle's grad of reverse is a reverse op),
unstack (PHI unstack_grad: the output gradients stacked back along the axis),
scatter_nd_add, broadcast_tensors, partial_concat, partial_sum, multiplex, strided_slice
(negative strides, fewer infer_flags than axes, bound tensors), roll (flat and per axis, the
shifts tensor), expand_as_v2 (Y or target_shape), repeat_interleave (int and tensor
repeats) and meshgrid (each input's gradient: its output gradient summed over the other
axes); float32 and float64.

strided_slice with decrease_axis has no case: Paddle 3.3.1's strided_slice_grad refuses the
program paddle.static.gradients builds for it ("Input dimension size should be equal to 1,
but received dimension size is 3", raised by the grad op when the program runs);
tests/api/grad_fd/manipulation_grad.py checks fluidphi's by finite differences."""

from ._inputs import ids
from .manipulation import OUTPUT_COUNTS
from .spec import FLOATS, Case, GradCase, In

__all__ = ["GRAD_CASES", "OUTPUT_COUNTS"]


def _cases(dtype: str) -> list[GradCase]:
    return [
        GradCase(Case(f"reverse_axes_{dtype}", "reverse", {"X": In((2, 3, 4), dtype)},
                      attrs={"axis": [0, -1]}), ("X",)),
        GradCase(Case(f"unstack_axis1_{dtype}", "unstack", {"X": In((2, 3, 4), dtype)},
                      attrs={"axis": 1, "num": 3}), ("X",)),
        GradCase(Case(f"unstack_axis_neg_{dtype}", "unstack", {"X": In((3, 2), dtype)},
                      attrs={"axis": -1, "num": 2}), ("X",)),
        GradCase(Case(f"scatter_nd_add_{dtype}", "scatter_nd_add",
                      {"X": In((3, 4), dtype), "Updates": In((3,), dtype),
                       "Index": In((3, 2), "int64", values=[[1, 2], [1, 2], [0, -1]])}),
                 ("X", "Updates")),
        GradCase(Case(f"broadcast_tensors_{dtype}", "broadcast_tensors",
                      {"X": [In((3, 1), dtype), In((1, 4), dtype), In((4,), dtype)]}), ("X",)),
        GradCase(Case(f"partial_concat_{dtype}", "partial_concat",
                      {"X": [In((2, 5), dtype), In((2, 5), dtype)]},
                      attrs={"start_index": 1, "length": 3}), ("X",)),
        GradCase(Case(f"partial_sum_{dtype}", "partial_sum",
                      {"X": [In((2, 5), dtype), In((2, 5), dtype)]},
                      attrs={"start_index": 0, "length": 2}), ("X",)),
        GradCase(Case(f"multiplex_{dtype}", "multiplex",
                      {"X": [In((4, 3), dtype), In((4, 3), dtype)],
                       "Ids": In((4, 1), "int32", values=[[1], [0], [1], [1]])}), ("X",)),
        _ss(dtype, "reverse", In((4, 5, 6), dtype), [0, 1, 2], [-1, 10, -1], [-100, -6, -7],
            [-1, -2, -4]),
        _ss(dtype, "step", In((3, 4, 5), dtype), [0, 2], [1, 4], [3, 0], [1, -2]),
        _ss(dtype, "few_flags", In((4, 5, 6), dtype), [1, 2], [1, 0], [5, 6], [2, 3],
            infer_flags=[1]),
        GradCase(Case(f"strided_slice_tensors_{dtype}", "strided_slice",
                      {"Input": In((4, 5, 6), dtype), "StartsTensor": ids([3, 1], "int32"),
                       "EndsTensorList": [ids([0], "int32"), ids([6], "int32")]},
                      attrs={"axes": [0, 2], "starts": [0, 0], "ends": [4, 4],
                             "strides": [-1, 2], "infer_flags": [-1, -1],
                             "decrease_axis": []}), ("Input",)),
        GradCase(Case(f"roll_axes_{dtype}", "roll", {"X": In((3, 4), dtype)},
                      attrs={"shifts": [1, -5], "axis": [0, 1]}), ("X",)),
        GradCase(Case(f"roll_flat_{dtype}", "roll", {"X": In((2, 3, 2), dtype)},
                      attrs={"shifts": [-13], "axis": []}), ("X",)),
        GradCase(Case(f"roll_shifts_tensor_{dtype}", "roll",
                      {"X": In((3, 4), dtype), "ShiftsTensor": ids([2, -1])},
                      attrs={"shifts": [7, 7], "axis": [0, 1]}), ("X",)),
        GradCase(Case(f"expand_as_v2_{dtype}", "expand_as_v2",
                      {"X": In((3, 1), dtype), "Y": In((2, 3, 4), dtype)},
                      attrs={"target_shape": [2, 3, 4]}), ("X",)),
        GradCase(Case(f"expand_as_v2_target_only_{dtype}", "expand_as_v2",
                      {"X": In((1, 3), dtype)}, attrs={"target_shape": [4, 2, 3]}), ("X",)),
        GradCase(Case(f"repeat_interleave_{dtype}", "repeat_interleave",
                      {"X": In((2, 3), dtype)}, attrs={"Repeats": 2, "dim": 1}), ("X",)),
        GradCase(Case(f"repeat_interleave_tensor_{dtype}", "repeat_interleave",
                      {"X": In((3, 2), dtype), "RepeatsTensor": ids([2, 0, 3])},
                      attrs={"dim": 0}), ("X",)),
        GradCase(Case(f"meshgrid_{dtype}", "meshgrid",
                      {"X": [In((2,), dtype), In((3,), dtype), In((4,), dtype)]},
                      api="paddle.meshgrid"), ("X",)),
    ]


def _ss(dtype: str, tag: str, x: In, axes, starts, ends, strides, infer_flags=None,
        decrease_axis=()) -> GradCase:
    attrs = {"axes": list(axes), "starts": list(starts), "ends": list(ends),
             "strides": list(strides),
             "infer_flags": list([1] * len(axes) if infer_flags is None else infer_flags),
             "decrease_axis": list(decrease_axis)}
    return GradCase(Case(f"strided_slice_{tag}_{dtype}", "strided_slice", {"Input": x},
                         attrs=attrs), ("Input",))


def _edges() -> list[GradCase]:
    """complex128 where Paddle 3.3.1 registers the grad kernel, 0-D and empty tensors."""
    c = "complex128"
    return [
        GradCase(Case("strided_slice_complex128", "strided_slice", {"Input": In((3, 4), c)},
                      attrs={"axes": [0, 1], "starts": [2, 0], "ends": [-4, 4],
                             "strides": [-1, 3], "infer_flags": [1, 1],
                             "decrease_axis": []}), ("Input",)),
        GradCase(Case("strided_slice_empty_window_float64", "strided_slice",
                      {"Input": In((4, 5), "float64")},
                      attrs={"axes": [1], "starts": [3], "ends": [1], "strides": [1],
                             "infer_flags": [1], "decrease_axis": []}), ("Input",)),
        GradCase(Case("roll_complex128", "roll", {"X": In((3, 4), c)},
                      attrs={"shifts": [2], "axis": [1]}), ("X",)),
        GradCase(Case("roll_0d_float64", "roll", {"X": In((), "float64", values=1.5)},
                      attrs={"shifts": [3], "axis": []}), ("X",)),
        GradCase(Case("meshgrid_complex128", "meshgrid", {"X": [In((2,), c), In((3,), c)]},
                      api="paddle.meshgrid"), ("X",)),
        GradCase(Case("meshgrid_0d_float64", "meshgrid",
                      {"X": [In((), "float64", values=2.0), In((3,), "float64")]},
                      api="paddle.meshgrid"), ("X",)),
        GradCase(Case("expand_as_v2_0d_x_float64", "expand_as_v2",
                      {"X": In((), "float64", values=4.0), "Y": In((2, 2), "float64")},
                      attrs={"target_shape": [2, 2]}), ("X",)),
        GradCase(Case("repeat_interleave_tensor_all_zero_float64", "repeat_interleave",
                      {"X": In((2, 3), "float64"), "RepeatsTensor": ids([0, 2, 0])},
                      attrs={"dim": 1}), ("X",)),
    ]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)] + _edges()
