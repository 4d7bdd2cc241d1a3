"""coalesce_tensor: the inputs laid out in one flat buffer, as the startup programs of
paddle.nn.LSTM / GRU fuse an RNN layer's weights (Output is Input's variables there).

Paddle 3.3.1 CPU facts pinned: without use_align the buffer is the inputs flattened and
joined (copy_data) or `constant` everywhere (set_constant; static_cast to int32 truncates
-2.7 to -2); with use_align each piece's bytes are rounded up to align_size (4096 when
align_size <= 0), user_defined_size_of_dtype standing in for the element size, and the
padding is what set_constant wrote or, with copy_data, uninitialized memory: a padded
copy_data case fetches the Outputs only. `dtype` is a fluid VarType number (INT32 = 2,
FP32 = 5, FP64 = 6). An empty input is refused (a fed empty tensor counts as
uninitialized, so Paddle names the missing concated_ranks; with them it names the empty
tensor).
"""

from __future__ import annotations

from typing import Any

from .spec import FLOAT_EDGES, FLOATS, Case, In

#: Output has one variable per Input tensor
OUTPUT_COUNTS = {"coalesce_tensor": {"Output": "Input"}}
#: case name -> {output slot: input slot}
INPLACE: dict[str, dict[str, str]] = {}
_VAR_TYPE = {"int32": 2, "float32": 5, "float64": 6}
_SHAPES = ((3, 4), (5,), (2, 1, 3))


def _case(tag: str, dtype: str, shapes: tuple[tuple[int, ...], ...] = _SHAPES,
          inplace: bool = False, fetch: tuple[str, ...] | None = None,
          raises: str | None = None, **attrs: Any) -> Case:
    name = f"coalesce_tensor_{tag}_{dtype}"
    if inplace:
        INPLACE[name] = {"Output": "Input"}
    special = FLOAT_EDGES if dtype != "int32" else ()
    inputs = [In(s, dtype, -4.0, 4.0, special=special if i == 0 else ())
              for i, s in enumerate(shapes)]
    return Case(name, "coalesce_tensor", {"Input": inputs},
                attrs={"dtype": _VAR_TYPE[dtype], **attrs}, fetch=fetch, raises=raises)


CASES = [
    # paddle.nn.LSTM / GRU: copy_data, no alignment, in place
    *(_case("rnn_weights", dtype, inplace=True, copy_data=True, use_align=False)
      for dtype in FLOATS),
    *(_case("copy", dtype, copy_data=True, use_align=False) for dtype in (*FLOATS, "int32")),
    _case("copy_one", "float32", shapes=((2, 3),), copy_data=True, use_align=False),
    _case("copy_0d", "float64", shapes=((), (2,)), copy_data=True, use_align=False),
    # copy_data wins over set_constant
    _case("copy_and_constant", "float32", copy_data=True, set_constant=True, constant=7.0,
          use_align=False),
    *(_case("constant", dtype, set_constant=True, constant=-2.7, use_align=False)
      for dtype in (*FLOATS, "int32")),
    _case("constant_inplace", "float32", inplace=True, set_constant=True, constant=0.5,
          use_align=False),
    # aligned: pieces of 16 bytes need no padding; the buffer is still the inputs joined
    _case("align16_exact", "float32", shapes=((2, 2), (8,)), copy_data=True,
          use_align=True, align_size=16),
    # padded pieces: set_constant fills the padding, so the whole buffer is defined
    *(_case("align_default_constant", dtype, set_constant=True, constant=1.5)
      for dtype in FLOATS),
    _case("align24_constant", "float64", shapes=((3,), (5,)), set_constant=True,
          constant=2.5, align_size=24),
    _case("align8_size2_constant", "float32", shapes=((3,), (5,)), set_constant=True,
          constant=-1.0, align_size=8, user_defined_size_of_dtype=2),
    # padded copy_data: Paddle's padding is uninitialized memory, only the Outputs compare
    _case("align32_copy", "float32", shapes=((3,), (5,)), copy_data=True, align_size=32,
          fetch=("Output",)),
    _case("align_default_copy", "float64", copy_data=True, fetch=("Output",)),
    _case("empty_input", "float32", shapes=((3,), (0,)), copy_data=True, use_align=False,
          raises=r"concated_ranks|elements is 0"),
]
