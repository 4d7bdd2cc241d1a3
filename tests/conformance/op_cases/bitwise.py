"""Bitwise ops: bitwise_and / or / xor / not (bool and integers; Y broadcasts against X,
NumPy style) and bitwise_left_shift / bitwise_right_shift (integers; `is_arithmetic`).

Shifts by a negative amount or by the type's width or more give 0, except an arithmetic
right shift, which then fills with the sign bit; a logical right shift of a signed type
shifts its bits as unsigned.
"""

from .spec import SHAPES, Case, In, grid, sweep

#: dtype -> (low, high) covering its whole range.
_RANGES = {"bool": (0, 2), "uint8": (0, 256), "int8": (-128, 128), "int16": (-2**15, 2**15),
           "int32": (-2**31, 2**31), "int64": (-2**63, 2**63 - 1)}
_EDGES = {"bool": (True, False), "uint8": (0, 255, 128), "int8": (0, -1, -128, 127),
          "int16": (0, -1, -2**15, 2**15 - 1), "int32": (0, -1, -2**31, 2**31 - 1),
          "int64": (0, -1, -2**63, 2**63 - 1)}

_BITS = {"uint8": 8, "int8": 8, "int16": 16, "int32": 32, "int64": 64}


def _logic(op: str, slots: list[str]) -> list[Case]:
    return [c for dtype, (low, high) in _RANGES.items()
            for c in sweep(op, slots, [dtype], low=low, high=high, special=_EDGES[dtype],
                           shapes=SHAPES if dtype in ("bool", "int32") else {"4x6": SHAPES["4x6"]})]


def _shifts(op: str) -> list[Case]:
    """Every edge value shifted by every amount around 0 and the type's width, both modes;
    plus random values, a broadcast and the empty / 0-d shapes."""
    cases = []
    for dtype, bits in _BITS.items():
        amounts = [0, 1, 3, bits - 1, bits, bits + 1] + ([] if dtype == "uint8" else [-1, -2])
        values = sorted({*_EDGES[dtype], 1, 5, -5 if dtype != "uint8" else 250})
        for mode in (True, False):
            case = grid(op, dtype, values, amounts, ("x", "y"),
                        tag="arith" if mode else "logic")
            cases.append(Case(case.name, op, case.inputs, attrs={"is_arithmetic": mode}))
    low, high = _RANGES["int32"]
    cases += sweep(op, ["x", "y"], ["int32"], tag="random", shapes={"0d": (), "empty": (0, 3)},
                   low=0, high=31)
    cases.append(Case(f"{op}_bcast_int64", op, {"x": In((2, 3, 4), "int64", low, high),
                                                 "y": In((4,), "int64", 0, 64)},
                      attrs={"is_arithmetic": False}))
    return cases


CASES = [
    *[c for dtype, (low, high) in _RANGES.items()
      for c in sweep("bitwise_and", ["X", "Y"], [dtype], low=low, high=high,
                     special=_EDGES[dtype], api="paddle.bitwise_and",
                     shapes=SHAPES if dtype in ("bool", "int32") else {"4x6": SHAPES["4x6"]})],
    Case("bitwise_and_bcast_int64", "bitwise_and",
         {"X": In((2, 3, 4), "int64", -1000, 1000), "Y": In((4,), "int64", -1000, 1000)}),
    Case("bitwise_and_bcast_bigger_y_bool", "bitwise_and",
         {"X": In((3,), "bool"), "Y": In((2, 3), "bool")}),
    *_logic("bitwise_or", ["X", "Y"]),
    *_logic("bitwise_xor", ["X", "Y"]),
    *_logic("bitwise_not", ["X"]),
    Case("bitwise_or_bcast_bigger_y_int16", "bitwise_or",
         {"X": In((3,), "int16", -100, 100), "Y": In((2, 3), "int16", -100, 100)}),
    Case("bitwise_xor_bcast_uint8", "bitwise_xor",
         {"X": In((2, 1, 4), "uint8", 0, 256), "Y": In((3, 1), "uint8", 0, 256)}),
    *_shifts("bitwise_left_shift"),
    *_shifts("bitwise_right_shift"),
]
