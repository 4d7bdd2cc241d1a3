"""Bitwise ops: bitwise_and (bool and integers; Y broadcasts against X, NumPy style)."""

from .spec import SHAPES, Case, In, sweep

#: dtype -> (low, high) covering its whole range.
_RANGES = {"bool": (0, 2), "uint8": (0, 256), "int8": (-128, 128), "int16": (-2**15, 2**15),
           "int32": (-2**31, 2**31), "int64": (-2**63, 2**63 - 1)}
_EDGES = {"bool": (True, False), "uint8": (0, 255, 128), "int8": (0, -1, -128, 127),
          "int16": (0, -1, -2**15, 2**15 - 1), "int32": (0, -1, -2**31, 2**31 - 1),
          "int64": (0, -1, -2**63, 2**63 - 1)}

CASES = [
    *[c for dtype, (low, high) in _RANGES.items()
      for c in sweep("bitwise_and", ["X", "Y"], [dtype], low=low, high=high,
                     special=_EDGES[dtype], api="paddle.bitwise_and",
                     shapes=SHAPES if dtype in ("bool", "int32") else {"4x6": SHAPES["4x6"]})],
    Case("bitwise_and_bcast_int64", "bitwise_and",
         {"X": In((2, 3, 4), "int64", -1000, 1000), "Y": In((4,), "int64", -1000, 1000)}),
    Case("bitwise_and_bcast_bigger_y_bool", "bitwise_and",
         {"X": In((3,), "bool"), "Y": In((2, 3), "bool")}),
]
