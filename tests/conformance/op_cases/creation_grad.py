"""Grads of the creation family's writing ops (forward cases in creation.py): X@GRAD is
Out@GRAD where the forward kept X and zero where it wrote.

- fill_any: zero everywhere (0-d and empty too), float16 / float32 / float64;
- fill_diagonal: the forward's walk (offset either way, a tall matrix with and without
  `wrap`, a cube), float16 / float32 / float64;
- fill_diagonal_tensor: offsets, batched diagonals over other dims, swapped dims, complex64;
  Paddle 3.3.1 makes no Y@GRAD (its grad op writes X@GRAD alone), so only X is
  differentiated.
"""

from .spec import Case, GradCase, In


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
