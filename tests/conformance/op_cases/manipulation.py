"""Manipulation: unstack, multiplex, reverse, scatter_nd_add, broadcast_tensors,
partial_concat, partial_sum, shard_index, view_slice, set, transfer_layout, view_shape.

unstack: X's slices along `axis` (negative: from the end), the axis dropped; the program
holds `num` = X.dims[axis] outputs Y (Paddle checks the count against `num` while the
program is built).

multiplex: Out[i] = X[Ids[i, 0]][i] over two or more candidates X of one dims; Ids is int32
[N, 1] (Paddle's kernel reads int32: int64 ids raise), N at most the candidates' rows; ids
outside [0, len(X)) raise.

reverse: X with the axes in `axis` reversed (negative: from the end; a repeated axis is
reversed once); an empty `axis` or one out of range raises while the program is built
(tests/ops/test_manipulation_ops.py).

scatter_nd_add: X with Updates[i...] added at X[Index[i..., :]] in order (Index's last dim
indexes X's leading axes, 0 of them: every update adds to all of X); negative ids count from
the end, ids out of range raise.

broadcast_tensors: each X broadcast to the common dims (NumPy's rules), one Out per X.

partial_concat / partial_sum: the columns [start_index, start_index + length) of 2-D inputs of
one dims (length -1: to the end) side by side / added in input order onto zeros; a negative
start_index counts from the end in partial_concat (partial_sum refuses it: Paddle's kernel
reads before the row there, tests/ops/test_manipulation_ops.py).

shard_index: ids X [..., 1] in [0, index_num) made local to shard `shard_id` of `nshards`
shards of ceil(index_num / nshards) ids, other shards' ids ignore_value; ids out of range,
nshards <= 0 and shard_id outside [0, nshards) raise.

view_slice: input's rows [begin_idx, end_idx) (0 <= begin_idx < end_idx <= dims[0], checked
while the program is built).

Not here: as_strided, view_dtype and index_select_strided (Paddle 3.3.1's legacy executor
has no kernel for them: a program holding one fails with "no kernels which are registered");
view_shape (its CPU kernel keeps the input's dims whatever `dims` says).

Tensor manipulation: strided_slice, unbind, flip, roll, expand_as_v2, repeat_interleave,
meshgrid.

strided_slice follows Python slicing per axis (negative strides included), with bounds
from attributes, a 1-D tensor (StartsTensor...) or a list of 1-element tensors
(StartsTensorList...); Paddle 3.3.1 rejects negative axes when building. Paddle crashes on
some programs its legacy ops accept (expand_as_v2 with a -1 target or a Y whose rank is not
target_shape's; repeat_interleave with a negative dim): no case here builds them, and
fluidphi raises on them (tests/ops/test_manipulation_ops.py).

set: out = the view of source's elements with `dims`, element strides `stride` and a byte
`offset` (default: the 0-d first element), in x's dtype. Paddle 3.3.1's executor fetches such
a view by copying numel(out) elements from the offset and then indexing that copy with the
strides, so a view reaching past numel(out) elements from its start fetches memory past the
copy (dims [3], stride [2] gives [s0, s2, garbage]): the cases keep every view within that
span (transposes, broadcasts, offsets); fluidphi returns the true view and refuses views
outside source.

transfer_layout: X transposed from its own layout (NCHW for a fed tensor) to dst_layout
(1 NHWC: axes 0, 2, 3, 1; 4-D only), a copy where X is in dst_layout (2) already; src_layout
is read only by oneDNN paths (not covered: fluidphi has no oneDNN layout); src_layout ==
dst_layout and other layouts refused. An empty X with rows (N > 0, C = 0) kills Paddle's
process with SIGFPE: no such case (fluidphi transposes it).

view_shape: `dims` checked as a reshape of input while the program is built (refused there
otherwise), but Paddle 3.3.1's CPU kernel keeps input's dims: out is input, dims and all.

Not here: as_strided, view_dtype and index_select_strided (Paddle 3.3.1's legacy executor
has no kernel for them: a program holding one fails with "no kernels which are registered";
the op census excludes them as not-runnable).
"""

from ._inputs import FLOAT_TYPES, data, ids
from .spec import Case, In


def _unstack_counts(attrs: dict) -> int:
    return attrs["num"]



#: Output slot -> the input slot whose tensor count it has, or a function of the attributes.
OUTPUT_COUNTS = {"unstack": {"Y": _unstack_counts}, "broadcast_tensors": {"Out": "X"}}


def _unstack() -> list[Case]:
    def case(tag: str, shape: tuple[int, ...], dtype: str, axis: int) -> Case:
        return Case(f"unstack_{tag}_{dtype}", "unstack", {"X": data(shape, dtype)},
                    attrs={"axis": axis, "num": shape[axis]})

    return [
        *(case("axis0", (3, 4), d, 0) for d in ("int32", "int64", "float32", "float64",
                                                  "complex64", "complex128")),
        case("axis_neg", (2, 3, 4), "float32", -1),
        case("axis1", (2, 3, 4), "int64", 1),
        case("1d", (5,), "float64", 0),
        case("empty_rest", (2, 0, 3), "float32", 0),
        case("one", (1, 3), "int32", 0),
    ]


def _multiplex() -> list[Case]:
    def case(tag: str, xs: list[In], picks: In, **kw) -> Case:
        return Case(f"multiplex_{tag}", "multiplex", {"X": xs, "Ids": picks}, **kw)

    picks = ids([[2], [0], [1], [2]], "int32")
    return [
        *(case(d, [data((4, 3), d)] * 3, picks) for d in
          ("int32", "int64", "float32", "float64", "complex64", "complex128")),
        case("fewer_ids", [data((5, 2, 2), "float32")] * 2, ids([[1], [0], [1]], "int32")),
        case("empty_ids", [data((3, 2), "float64")] * 2, In((0, 1), "int32")),
        case("negative_id", [data((3, 2), "float32")] * 2, ids([[0], [-1], [1]], "int32"),
             raises="nonnegative"),
        case("id_past_candidates", [data((3, 2), "float32")] * 2, ids([[0], [2], [1]], "int32"),
             raises="candidate tensors"),
        case("int64_ids", [data((3, 2), "float32")] * 2, ids([[0], [1], [1]]), raises="int32"),
    ]


def _reverse() -> list[Case]:
    def case(tag: str, x: In, axis: list[int], **kw) -> Case:
        return Case(f"reverse_{tag}", "reverse", {"X": x}, attrs={"axis": axis}, **kw)

    return [
        *(case(d, data((3, 4), d), [0]) for d in
          ("bool", "uint8", "int32", "int64", "float32", "float64")),
        case("both_axes", data((2, 3, 4), "float32"), [2, 0]),
        case("negative_axis", data((2, 3, 4), "int64"), [-1, -2]),
        case("repeated_axis", data((3, 4), "float64"), [1, 1, -1]),
        case("empty", In((0, 3), "float32"), [1]),
    ]


def _scatter_nd_add() -> list[Case]:
    def case(tag: str, x: In, index: In, updates: In, **kw) -> Case:
        return Case(f"scatter_nd_add_{tag}", "scatter_nd_add",
                    {"X": x, "Index": index, "Updates": updates}, **kw)

    pairs = ids([[1, 2], [1, 2], [0, -1], [2, -4]])
    return [
        *(case(d, data((3, 4), d), pairs, data((4,), d)) for d in
          ("uint8", "int32", "int64", "float32", "float64")),
        case("rows_int32_ids", data((3, 2, 2), "float32"), ids([[2], [0], [2]], "int32"),
             data((3, 2, 2), "float32")),
        case("batched_ids", data((4, 3), "float64"), ids([[[3], [0]], [[3], [-1]]]),
             data((2, 2, 3), "float64")),
        case("depth0", data((2, 3), "float32"), In((2, 0), "int64"), data((2, 2, 3), "float32")),
        case("empty_ids", data((3, 4), "float32"), In((0, 2), "int64"), In((0,), "float32")),
        case("out_of_range", data((3, 4), "float32"), ids([[3, 0]]), data((1,), "float32"),
             raises="less than \\[3\\]|expected >= -3 and < 3"),
        case("below_range", data((3, 4), "int64"), ids([[0, -5]]), data((1,), "int64"),
             raises="less than \\[4\\]|expected >= -4 and < 4"),
    ]


def _broadcast_tensors() -> list[Case]:
    def case(tag: str, xs: list[In]) -> Case:
        return Case(f"broadcast_tensors_{tag}", "broadcast_tensors", {"X": xs})

    return [
        *(case(d, [data((3, 1), d), data((1, 4), d), data((4,), d)]) for d in
          ("bool", "int32", "int64", "float16", "float32", "float64", "complex64",
           "complex128")),
        case("0d_and_3d", [data((), "float32"), data((2, 1, 3), "float32")]),
        case("one_input", [data((2, 3), "int64")]),
        case("empty", [In((0, 1), "float32"), In((1, 3), "float32")]),
    ]


def _partial(op: str, dtypes: tuple[str, ...]) -> list[Case]:
    def case(tag: str, xs: list[In], start: int, length: int) -> Case:
        return Case(f"{op}_{tag}", op, {"X": xs},
                    attrs={"start_index": start, "length": length})

    return [
        *(case(d, [data((3, 5), d)] * 3, 1, 3) for d in dtypes),
        case("to_end", [data((2, 4), "float32")] * 2, 1, -1),
        case("defaults", [data((2, 3), "float64")] * 2, 0, -1),
        case("one_input", [data((3, 4), "int64")], 3, 1),
        case("no_columns", [data((3, 4), "float32")] * 2, 2, 0),
        case("empty_rows", [In((0, 4), "float32")] * 2, 1, 2),
    ]


def _shard_index() -> list[Case]:
    def case(tag: str, x: In, index_num: int, nshards: int, shard_id: int, **kw) -> Case:
        attrs = {"index_num": index_num, "nshards": nshards, "shard_id": shard_id,
                 **kw.pop("attrs", {})}
        return Case(f"shard_index_{tag}", "shard_index", {"X": x}, attrs=attrs, **kw)

    row = [[1], [6], [12], [19], [0], [10], [9]]
    return [
        case("int64", ids(row), 20, 2, 0),
        case("int32", ids(row, "int32"), 20, 2, 1, attrs={"ignore_value": -7}),
        case("uneven_shards", ids(row), 20, 3, 2),
        case("3d", In((2, 3, 1), "int64", 0, 13), 13, 4, 1),
        case("empty", In((2, 0, 1), "int64"), 20, 2, 0),
        case("id_past_index_num", ids([[3], [20]]), 20, 2, 0, raises="less than index_num"),
        case("negative_id", ids([[-1]], "int32"), 20, 2, 0, raises="greater or equal to 0|>= 0"),
        case("shard_id_past_nshards", ids(row), 20, 2, 2, raises="less than nshards"),
        case("no_shards", ids(row), 20, 0, 0, raises="nshards must be greater than 0|"
             "'nshards' for Op\\(shard_index\\) must be greater than 0"),
    ]


def _view_slice() -> list[Case]:
    def case(tag: str, x: In, begin: int, end: int) -> Case:
        return Case(f"view_slice_{tag}", "view_slice", {"input": x},
                    attrs={"begin_idx": begin, "end_idx": end})

    return [
        *(case(d, data((4, 3), d), 1, 3) for d in
          ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
           "float32", "float64", "complex64", "complex128")),
        case("all_rows", data((3, 2, 2), "float32"), 0, 3),
        case("1d", data((5,), "int64"), 4, 5),
        case("empty_rest", In((3, 0), "float32"), 0, 2),
    ]


_PARTIAL_SUM = ("int32", "int64", "float32", "float64")

CASES = [*_unstack(), *_multiplex(), *_reverse(), *_scatter_nd_add(), *_broadcast_tensors(),
         *_partial("partial_concat", (*_PARTIAL_SUM, "complex64", "complex128")),
         Case("partial_concat_negative_start", "partial_concat",
              {"X": [data((2, 4), "float32")] * 2}, attrs={"start_index": -3, "length": 2}),
         *_partial("partial_sum", _PARTIAL_SUM), *_shard_index(), *_view_slice()]


def _ss(name: str, inputs: dict, axes, starts, ends, strides, infer_flags=None,
        decrease_axis=(), **kw) -> Case:
    attrs = {"axes": list(axes), "starts": list(starts), "ends": list(ends),
             "strides": list(strides),
             "infer_flags": list([1] * len(axes) if infer_flags is None else infer_flags),
             "decrease_axis": list(decrease_axis)}
    return Case(f"strided_slice_{name}", "strided_slice", inputs, attrs=attrs, **kw)


def _strided_slice() -> list[Case]:
    all_types = ("bool", "uint8", "int8", "int16", "int32", "int64", *FLOAT_TYPES)
    cases = [_ss(d, {"Input": data((3, 4, 5), d)}, [0, 2], [1, 4], [3, 0], [1, -2])
             for d in all_types]
    x = data((4, 5, 6), "float32")
    return [
        *cases,
        _ss("api", {"Input": x}, [1, 2], [1, 0], [5, 6], [2, 3],
            api="paddle.strided_slice", api_kwargs={"axes": [1, 2], "starts": [1, 0],
                                                    "ends": [5, 6], "strides": [2, 3]}),
        _ss("reverse_full", {"Input": x}, [0, 1, 2], [-1, 10, -1], [-100, -6, -7],
            [-1, -2, -4]),
        _ss("clamped", {"Input": x}, [0, 2], [-10, 2], [10, 100], [3, 1]),
        _ss("empty_window", {"Input": x}, [1], [3], [1], [1]),
        _ss("empty_reverse", {"Input": x}, [1], [1], [3], [-1]),
        _ss("start_past_end_reverse", {"Input": x}, [1], [7], [0], [-2]),
        _ss("decrease", {"Input": x}, [0, 2], [2, -1], [3, 6], [1, 1],
            decrease_axis=[0, 2]),
        _ss("decrease_all", {"Input": data((2, 3), "int64")}, [0, 1], [1, 2], [2, 3], [1, 1],
            decrease_axis=[0, 1]),
        _ss("decrease_not_one", {"Input": x}, [1], [0], [2], [1], decrease_axis=[1],
            raises="decrease"),
        _ss("starts_tensor", {"Input": x, "StartsTensor": ids([3, -1]),
                              "EndsTensor": ids([0, -7], "int32")},
            [0, 1], [], [], [-1, -2], infer_flags=[-1, -1]),
        _ss("tensor_lists", {"Input": x,
                             "StartsTensorList": [ids([2], "int32"), ids([1])],
                             "EndsTensorList": [ids([-5]), ids([6], "int32")],
                             "StridesTensorList": [ids([-1]), ids([2])]},
            [0, 2], [0, 0], [1, 1], [1, 1], infer_flags=[-1, -1]),
        _ss("strides_tensor", {"Input": x, "StridesTensor": ids([-2, 3], "int32")},
            [1, 2], [4, 1], [0, 6], [1, 1], infer_flags=[1, 1]),
        _ss("decrease_tensor_minus_one", {"Input": x, "StartsTensor": ids([-1]),
                                          "EndsTensor": ids([0])},
            [1], [], [], [1], infer_flags=[-1], decrease_axis=[1],
            note="Paddle's start -1 / end 0 from tensors on a decreased axis reads element 0"),
        _ss("decrease_tensor_minus_one_reverse", {"Input": x, "StartsTensor": ids([-1]),
                                                  "EndsTensor": ids([0])},
            [1], [], [], [-1], infer_flags=[-1], decrease_axis=[1]),
        _ss("empty_input", {"Input": In((0, 3), "float32")}, [1], [2], [0], [-1]),
        _ss("short_infer_flags", {"Input": x}, [0, 1, 2], [1, 0, -1], [3, 5, -7], [1, 2, -2],
            infer_flags=[1], note="Paddle never checks infer_flags' length (an empty list "
            "segfaults its InferMeta: no case)"),
        _ss("short_infer_flags_decrease", {"Input": x}, [0, 2], [2, -1], [3, 6], [1, 1],
            infer_flags=[1], decrease_axis=[0, 2]),
        _ss("short_infer_flags_tensor", {"Input": x, "StartsTensor": ids([3, 1]),
                                         "EndsTensor": ids([0, 5], "int32")},
            [0, 1], [], [], [-1, 2], infer_flags=[-1]),
        _ss("zero_stride_tensor", {"Input": x, "StridesTensor": ids([0])}, [1], [0], [3],
            [1], raises="stride"),
    ]


def _unbind() -> list[Case]:
    dtypes = ("bool", "int32", "int64", *FLOAT_TYPES)
    cases = [Case(f"unbind_{d}", "unbind", {"X": data((3, 2), d)}, api="paddle.unbind")
             for d in dtypes]
    return [
        *cases,
        Case("unbind_api_axis1", "unbind", {"X": data((2, 3, 2), "float32")},
             api="paddle.unbind", api_kwargs={"axis": 1}),
        Case("unbind_axis_neg", "unbind", {"X": data((2, 4), "int64")}, api="paddle.unbind",
             api_kwargs={"axis": -1}),
        Case("unbind_empty_rest", "unbind", {"X": In((2, 0), "float32")}, api="paddle.unbind"),
        Case("unbind_1d", "unbind", {"X": data((3,), "float64")}, api="paddle.unbind"),
    ]


def _flip() -> list[Case]:
    dtypes = ("bool", "int32", "int64", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"flip_{d}", "flip", {"X": data((3, 4), d)}, attrs={"axis": [0]})
             for d in dtypes]
    return [
        *cases,
        Case("flip_api_two_axes", "flip", {"X": data((2, 3, 4), "float32")}, api="paddle.flip",
             api_kwargs={"axis": [0, 2]}),
        Case("flip_negative_axes", "flip", {"X": data((2, 3, 4), "int64")},
             attrs={"axis": [-1, 1]}),
        Case("flip_no_axes", "flip", {"X": data((2, 3), "float64")}, attrs={"axis": []}),
        Case("flip_0d", "flip", {"X": In((), "float32", values=2.5)}, attrs={"axis": []}),
        Case("flip_empty", "flip", {"X": In((0, 3), "float32")}, attrs={"axis": [1]}),
    ]


def _roll() -> list[Case]:
    dtypes = ("bool", "int32", "int64", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"roll_{d}", "roll", {"X": data((3, 4), d)},
                  attrs={"shifts": [1, -5], "axis": [0, 1]}) for d in dtypes]
    return [
        *cases,
        Case("roll_flat", "roll", {"X": data((3, 4), "float32")},
             attrs={"shifts": [5], "axis": []}),
        Case("roll_flat_negative", "roll", {"X": data((2, 3, 2), "int64")},
             attrs={"shifts": [-13], "axis": []}),
        Case("roll_same_axis_twice", "roll", {"X": data((3, 4), "float64")},
             attrs={"shifts": [1, 2], "axis": [-1, 1]}),
        Case("roll_shifts_tensor", "roll",
             {"X": data((3, 4), "float32"), "ShiftsTensor": ids([2, -1])},
             attrs={"shifts": [7, 7], "axis": [0, 1]}),
        Case("roll_shifts_tensor_flat_int32", "roll",
             {"X": data((3, 4), "int32"), "ShiftsTensor": ids([3], "int32")},
             attrs={"shifts": [], "axis": []}),
        Case("roll_0d", "roll", {"X": In((), "float32", values=1.5)},
             attrs={"shifts": [3], "axis": []}),
        Case("roll_empty", "roll", {"X": In((0, 3), "float32")},
             attrs={"shifts": [1], "axis": [1]}),
    ]


def _expand_as() -> list[Case]:
    dtypes = ("bool", "int32", "int64", "float32", "float64")
    cases = [Case(f"expand_as_v2_{d}", "expand_as_v2",
                  {"X": data((3, 1), d), "Y": In((2, 3, 4), "float32")},
                  attrs={"target_shape": [2, 3, 4]}) for d in dtypes]
    return [
        *cases,
        Case("expand_as_v2_target_only", "expand_as_v2", {"X": data((1, 3), "float32")},
             attrs={"target_shape": [4, 2, 3]}),
        Case("expand_as_v2_y_wins", "expand_as_v2",
             {"X": data((1, 3), "int64"), "Y": In((5, 3), "int64")},
             attrs={"target_shape": [2, 3]}),
        Case("expand_as_v2_0d_x", "expand_as_v2",
             {"X": In((), "float32", values=4.0), "Y": In((2, 2), "float32")},
             attrs={"target_shape": [2, 2]}),
        Case("expand_as_v2_0d_target", "expand_as_v2", {"X": In((), "float64", values=-1.0)},
             attrs={"target_shape": []}),
        Case("expand_as_v2_empty", "expand_as_v2", {"X": In((0, 1), "float32")},
             attrs={"target_shape": [0, 3]}),
        Case("expand_as_v2_mismatch", "expand_as_v2", {"X": data((2, 3), "float32")},
             attrs={"target_shape": [4, 3]}, raises="non-singleton|does not match"),
    ]


def _repeat_interleave() -> list[Case]:
    dtypes = ("int32", "int64", "bfloat16", "float32", "float64")
    cases = [Case(f"repeat_interleave_{d}", "repeat_interleave", {"X": data((2, 3), d)},
                  attrs={"Repeats": 2, "dim": 1}) for d in dtypes]
    cases += [Case(f"repeat_interleave_tensor_{d}", "repeat_interleave",
                   {"X": data((3, 2), d), "RepeatsTensor": ids([2, 0, 3])},
                   attrs={"dim": 0}) for d in dtypes]
    return [
        *cases,
        Case("repeat_interleave_api", "repeat_interleave", {"X": data((2, 3), "float32")},
             api="paddle.repeat_interleave", api_kwargs={"repeats": 3, "axis": 0}),
        Case("repeat_interleave_tensor_api_int32", "repeat_interleave",
             {"X": data((2, 3), "float32"), "RepeatsTensor": ids([1, 0, 4], "int32")},
             api="paddle.repeat_interleave", api_kwargs={"axis": 1}),
        Case("repeat_interleave_tensor_all_zero", "repeat_interleave",
             {"X": data((2, 3), "int64"), "RepeatsTensor": ids([0, 0])}, attrs={"dim": 0}),
        Case("repeat_interleave_1d", "repeat_interleave", {"X": data((4,), "float64")},
             attrs={"Repeats": 3, "dim": 0}),
        Case("repeat_interleave_empty", "repeat_interleave", {"X": In((0, 3), "float32")},
             attrs={"Repeats": 2, "dim": 1}),
        Case("repeat_interleave_output_size", "repeat_interleave",
             {"X": data((2, 3), "float32"), "RepeatsTensor": ids([1, 2, 0])},
             attrs={"dim": 1, "output_size": 3}),
        Case("repeat_interleave_zero_repeats", "repeat_interleave", {"X": data((2, 3), "float32")},
             attrs={"Repeats": 0, "dim": 1}, raises="repeats must"),
        Case("repeat_interleave_negative_tensor", "repeat_interleave",
             {"X": data((2, 3), "float32"), "RepeatsTensor": ids([1, -1, 2])},
             attrs={"dim": 1}, raises="repeats must"),
        Case("repeat_interleave_tensor_length", "repeat_interleave",
             {"X": data((2, 3), "float32"), "RepeatsTensor": ids([2])},
             attrs={"dim": 1}, raises="RepeatsTensor"),
    ]


def _meshgrid() -> list[Case]:
    dtypes = ("int32", "int64", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"meshgrid_{d}", "meshgrid", {"X": [data((2,), d), data((3,), d)]},
                  api="paddle.meshgrid") for d in dtypes]
    return [
        *cases,
        Case("meshgrid_api_three", "meshgrid",
             {"X": [data((2,), "float32"), data((3,), "float32"), data((4,), "float32")]},
             api="paddle.meshgrid"),
        Case("meshgrid_0d_and_empty", "meshgrid",
             {"X": [In((), "int64", values=7), In((0,), "int64"), data((2,), "int64")]},
             api="paddle.meshgrid"),
        Case("meshgrid_one", "meshgrid", {"X": [data((3,), "float64")]}, api="paddle.meshgrid"),
    ]


CASES += [*_strided_slice(), *_unbind(), *_flip(), *_roll(), *_expand_as(),
         *_repeat_interleave(), *_meshgrid()]


def _set() -> list[Case]:
    def case(tag: str, dtype: str, x: tuple[int, ...], source: tuple[int, ...], **attrs) -> Case:
        return Case(f"set_{tag}_{dtype}", "set",
                    {"x": data(x, dtype), "source": data(source, dtype)}, attrs=attrs)

    every = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
             "float32", "float64", "complex64", "complex128")
    return [
        *(case("transpose", d, (2, 3), (2, 3), dims=[3, 2], stride=[1, 3]) for d in every),
        case("default_0d", "float32", (2, 2), (5,)),
        case("offset", "float64", (2, 2), (10,), dims=[2, 3], stride=[1, 2], offset=16),
        case("offset_rows", "int32", (4,), (3, 4), dims=[2, 2], stride=[2, 1], offset=4),
        case("broadcast", "float32", (3,), (6,), dims=[2, 3], stride=[0, 1], offset=4),
        case("3d", "int64", (2,), (2, 3, 2), dims=[2, 2, 3], stride=[1, 6, 2]),
        case("empty_view", "float32", (2,), (4,), dims=[0, 3], stride=[3, 1]),
    ]


def _transfer_layout() -> list[Case]:
    def case(tag: str, dtype: str, shape: tuple[int, ...], raises: str | None = None,
             **attrs) -> Case:
        return Case(f"transfer_layout_{tag}_{dtype}", "transfer_layout", {"X": data(shape, dtype)},
                    attrs=attrs, raises=raises)

    every = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
             "float32", "float64", "complex64", "complex128")
    return [
        *(case("to_nhwc", d, (2, 3, 4, 2), src_layout=2, dst_layout=1) for d in every),
        case("to_nhwc_src_default", "float32", (1, 2, 3, 4), dst_layout=1),
        case("to_nhwc_src_any", "int64", (2, 1, 3, 2), src_layout=0, dst_layout=1),
        case("to_nhwc_empty", "float32", (0, 3, 2, 2), src_layout=2, dst_layout=1),
        case("to_nchw_copy", "float32", (2, 3, 4), src_layout=1, dst_layout=2),
        case("to_nchw_copy_0d", "int32", (), dst_layout=2),
        case("same_layout", "float32", (1, 2, 3, 4), raises="No layout transform needed"),
        case("to_ncdhw", "float32", (1, 2, 3, 4, 2), src_layout=4, dst_layout=3,
             raises="Unsupported layout transform"),
        case("to_nhwc_2d", "float32", (2, 3), src_layout=2, dst_layout=1,
             raises="dimension size should be equal to"),
    ]


def _view_shape() -> list[Case]:
    def case(tag: str, dtype: str, shape: tuple[int, ...], dims: list[int]) -> Case:
        return Case(f"view_shape_{tag}_{dtype}", "view_shape", {"input": data(shape, dtype)},
                    attrs={"dims": dims})

    every = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
             "float32", "float64", "complex64", "complex128")
    return [
        *(case("flat", d, (2, 3), [6]) for d in every),
        case("swap", "float32", (2, 3), [3, 2]),
        case("infer", "int64", (2, 3, 2), [-1, 4]),
        case("keep_dim", "float64", (2, 3), [0, 3]),
        case("0d", "float32", (), []),
        case("empty", "float32", (0, 3), [0, 3]),
    ]


CASES += [*_set(), *_transfer_layout(), *_view_shape()]
