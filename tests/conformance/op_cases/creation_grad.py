"""Grads of the creation family's writing ops (forward cases in creation.py): X@GRAD is
Out@GRAD where the forward kept X and zero where it wrote.

- fill_any: zero everywhere (0-d and empty too), float16 / float32 / float64;
- fill_diagonal: the forward's walk (offset either way, a tall matrix with and without
  `wrap`, a cube), float16 / float32 / float64;
- fill_diagonal_tensor: offsets, batched diagonals over other dims, swapped dims, complex64;
  Paddle 3.3.1 makes no Y@GRAD (its grad op writes X@GRAD alone), so only X is
  differentiated;
- set_value: Input@GRAD is Out@GRAD with the written window zeroed, ValueTensor@GRAD the
  window's gradient summed over the value's broadcast dims (rows, leading 1s, a 0-d value),
  with negative steps, decrease_axes, bounds from ...TensorList inputs, an empty window, a
  constant (`values`) value; float16 / float32 / float64 / complex64. With `none_axes`
  Paddle 3.3.1 gives Input an empty (dims [0]) gradient, a Paddle bug: that case
  differentiates ValueTensor alone (fluidphi writes Input's gradient in Input's dims). A 0-d
  Input has no case: Paddle's grad kernel refuses rank 0 ("The rank of input should be less
  than 7, but received 0") where its forward accepts it; fluidphi differentiates it.
"""

from .spec import Case, GradCase, In

_END = 2147483647


def _fill_any(tag: str, x: In) -> GradCase:
    return GradCase(Case(f"fill_any_{tag}", "fill_any", {"X": x}, attrs={"value": 2.5}), ("X",))


def _fill_diagonal(tag: str, x: In, **attrs) -> GradCase:
    return GradCase(Case(f"fill_diagonal_{tag}", "fill_diagonal", {"X": x},
                         attrs={"value": 9.0, **attrs}), ("X",))


def _fill_diagonal_tensor(tag: str, x: In, y: In, **attrs) -> GradCase:
    return GradCase(Case(f"fill_diagonal_tensor_{tag}", "fill_diagonal_tensor",
                         {"X": x, "Y": y}, attrs=attrs), ("X",))


GRAD_CASES = [
    *(_fill_any(d, In((3, 4), d)) for d in ("float16", "float32", "float64")),
    _fill_any("0d", In((), "float32")),
    _fill_any("empty", In((0, 4), "float64")),
    *(_fill_diagonal(d, In((3, 4), d)) for d in ("float16", "float32", "float64")),
    _fill_diagonal("tall", In((6, 3), "float32")),
    _fill_diagonal("tall_wrap", In((7, 3), "float64"), wrap=True),
    _fill_diagonal("offset_1", In((4, 4), "float32"), offset=1),
    _fill_diagonal("offset_minus_2", In((4, 5), "float64"), offset=-2),
    _fill_diagonal("offset_tall_wrap", In((7, 3), "float32"), offset=1, wrap=True),
    _fill_diagonal("cube", In((3, 3, 3), "float32")),
    *(_fill_diagonal_tensor(d, In((3, 4), d), In((3,), d))
      for d in ("float16", "float32", "float64", "complex64")),
    _fill_diagonal_tensor("offset_1", In((3, 4), "float32"), In((3,), "float32"), offset=1),
    _fill_diagonal_tensor("offset_minus_1", In((3, 4), "float64"), In((2,), "float64"),
                          offset=-1),
    _fill_diagonal_tensor("batched", In((2, 3, 3), "float32"), In((2, 3), "float32"),
                          dim1=1, dim2=2),
    _fill_diagonal_tensor("dims_0_2", In((3, 2, 4), "float64"), In((2, 3), "float64"),
                          dim1=0, dim2=2),
    _fill_diagonal_tensor("dims_swapped", In((3, 4), "float32"), In((3,), "float32"),
                          dim1=1, dim2=0),
]


def _set_value(tag: str, x: In, axes, starts, ends, steps, value: In | None = None,
               wrt=("Input", "ValueTensor"), bounds=None, **attrs) -> GradCase:
    inputs = {"Input": x}
    if value is not None:
        inputs["ValueTensor"] = value
    else:
        attrs = {"values": [1.5], "shape": [1], **attrs}
        wrt = ("Input",)
    for slot, items in (bounds or {}).items():
        inputs[slot] = [In((1,), "int64", values=[v]) for v in items]
    full = {"axes": axes, "starts": starts, "ends": ends, "steps": steps, **attrs}
    return GradCase(Case(f"set_value_{tag}", "set_value", inputs, attrs=full), wrt)


GRAD_CASES += [
    *(_set_value(f"rows_{d}", In((3, 4), d), [0], [1], [3], [1], In((1, 4), d))
      for d in ("float16", "float32", "float64", "complex64")),
    _set_value("two_axes", In((3, 5), "float64"), [0, 1], [0, 0], [2, _END], [1, 2],
               In((2, 3), "float64")),
    _set_value("negative_step", In((3, 6), "float32"), [1], [5], [0], [-2],
               In((3, 3), "float32")),
    _set_value("decrease", In((3, 4), "float64"), [0], [1], [2], [1], In((4,), "float64"),
               decrease_axes=[0]),
    _set_value("decrease_two", In((3, 4, 2), "float64"), [0, 2], [2, 1], [3, 2], [1, 1],
               In((4,), "float64"), decrease_axes=[0, 2]),
    _set_value("leading_ones", In((4, 3), "float32"), [0], [0], [2], [1],
               In((1, 1, 2, 3), "float32")),
    _set_value("value_0d", In((2, 3), "float64"), [1], [0], [3], [2], In((), "float64")),
    _set_value("empty_window", In((3, 5), "float32"), [1], [4], [1], [1],
               In((3, 1), "float32")),
    _set_value("none_axes", In((2, 3), "float64"), [0], [0], [2], [1],
               In((2, 1, 3), "float64"), wrt=("ValueTensor",), none_axes=[1]),
    _set_value("bounds_tensors", In((4, 5), "float64"), [0, 1], [], [], [],
               In((2, 2), "float64"), bounds={"StartsTensorList": [1, -1],
                                              "EndsTensorList": [3, -5],
                                              "StepsTensorList": [1, -2]}),
    _set_value("values_attr", In((3, 4), "float32"), [0], [1], [3], [1]),
]
