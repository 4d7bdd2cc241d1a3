"""Verification inputs for fluidphi's own legacy ops whose modules carry no `VERIFY_CASES`.

Same format as a module-level `VERIFY_CASES` (docs/adding_an_op.md), keyed by op
type. Add an entry when the default cases (random inputs of one shape,
attributes at their defaults) do not give the op valid shapes or values.
"""

from __future__ import annotations

from typing import Any

CASES: dict[str, list[dict[str, Any]]] = {
    "scale": [
        {"name": "scale and bias", "attrs": {"scale": 2.5, "bias": 0.5}},
        {"name": "bias before scale", "attrs": {"bias_after_scale": False}},
        {"name": "ScaleTensor overrides scale",
         "inputs": {"ScaleTensor": {"shape": [1], "low": 0.5, "high": 3}},
         "dtypes": ["FLOAT32", "FLOAT64"]},
    ],
    "arg_max": [
        {"name": "axis 1", "inputs": {"X": (3, 4)}, "attrs": {"axis": 1}},
        {"name": "axis -1 keepdims, int32", "inputs": {"X": (2, 3, 4)},
         "attrs": {"axis": -1, "keepdims": True, "dtype": 2}},
        {"name": "flatten", "inputs": {"X": (3, 4)}, "attrs": {"axis": 0, "flatten": True}},
    ],
    "cast": [
        {"name": "to float32", "attrs": {"out_dtype": 5, "in_dtype": -1}},
        {"name": "to int64", "attrs": {"out_dtype": 3, "in_dtype": -1}},
    ],
    "transpose": [
        {"name": "swap 2-D", "inputs": {"X": (3, 4)}, "attrs": {"axis": [1, 0]}},
        {"name": "permute 3-D", "inputs": {"X": (2, 3, 4)}, "attrs": {"axis": [2, 0, 1]}},
    ],
    "transpose2": [
        {"name": "swap 2-D", "inputs": {"X": (3, 4)}, "attrs": {"axis": [1, 0]}},
        {"name": "permute 3-D", "inputs": {"X": (2, 3, 4)}, "attrs": {"axis": [2, 0, 1]}},
    ],
    "lookup_table": [
        {"name": "ids [4, 1]", "inputs": {"W": (5, 3), "Ids": {"shape": (4, 1),
                                                              "dtype": "int64", "low": 0,
                                                              "high": 5}}},
        {"name": "padding_idx 2", "inputs": {"W": (5, 3), "Ids": {"value": [[2], [0], [4]],
                                                                 "dtype": "int64"}},
         "attrs": {"padding_idx": 2}},
    ],
    "mul": [
        {"name": "2-D", "inputs": {"X": (3, 4), "Y": (4, 5)}},
        {"name": "flatten 3-D x at 2", "inputs": {"X": (2, 3, 4), "Y": (4, 5)},
         "attrs": {"x_num_col_dims": 2}},
    ],
    "elementwise_div": [
        {"name": "nonzero divisor", "inputs": {"X": (3, 4), "Y": {"shape": (3, 4), "low": 1,
                                                                 "high": 5}}},
        {"name": "broadcast along axis 0", "inputs": {"X": (3, 4), "Y": {"shape": (3,),
                                                                         "low": 1, "high": 5}},
         "attrs": {"axis": 0}},
    ],
    "assign": [
        {"name": "copy", "inputs": {"X": (3, 4)}},
    ],
    "assign_value": [
        {"name": "fp32 values", "attrs": {"shape": [2, 2], "dtype": 5,
                                          "fp32_values": [1.5, -2.0, 0.25, 3.0]},
         "dtypes": ["float32"]},
        {"name": "int64 values", "attrs": {"shape": [3], "dtype": 3,
                                           "int64_values": [7, -1, 2**40]},
         "dtypes": ["int64"]},
        {"name": "int32 values", "attrs": {"shape": [2], "dtype": 2, "int32_values": [4, -9]},
         "dtypes": ["int32"]},
        {"name": "bool values", "attrs": {"shape": [2], "dtype": 0, "bool_values": [1, 0]},
         "dtypes": ["bool"]},
        {"name": "fp64 values", "attrs": {"shape": [3], "dtype": 6,
                                          "fp64_values": [0.1, -1e300, 2.5]},
         "dtypes": ["float64"]},
        {"name": "fp16 from fp32_values (2.x)", "attrs": {"shape": [3], "dtype": 4,
                                                          "fp32_values": [0.5, -3.0, 1e-3]},
         "dtypes": ["float16"]},
        {"name": "bf16 from values (3.x)", "attrs": {"shape": [2], "dtype": 22,
                                                     "values": [1.25, -7.0]},
         "dtypes": ["bfloat16"]},
        {"name": "int8 from values (3.x)", "attrs": {"shape": [3], "dtype": 21,
                                                     "values": [-128, 0, 127]},
         "dtypes": ["int8"]},
        {"name": "complex64 values", "attrs": {"shape": [2], "dtype": 23,
                                               "values": [1 + 2j, -0.5j]},
         "dtypes": ["complex64"]},
        {"name": "complex128 values", "attrs": {"shape": [2, 1], "dtype": 24,
                                                "values": [3 - 1j, 0.25]},
         "dtypes": ["complex128"]},
    ],
    "reshape": [
        {"name": "0 copies a dim, -1 infers", "inputs": {"X": (2, 3, 4)},
         "attrs": {"shape": [0, -1]}},
        {"name": "flat", "inputs": {"X": (3, 4)}, "attrs": {"shape": [12]}},
    ],
    "reshape2": [
        {"name": "0 copies a dim, -1 infers", "inputs": {"X": (2, 3, 4)},
         "attrs": {"shape": [0, -1]}},
        {"name": "Shape tensor wins over attr", "inputs": {
            "X": (3, 4), "Shape": {"value": [4, 3], "dtype": "int32"}},
         "attrs": {"shape": [12]}},
    ],
    "slice": [
        {"name": "two axes, negative start", "inputs": {"Input": (4, 5, 6)},
         "attrs": {"axes": [0, 2], "starts": [1, -4], "ends": [3, 100]}},
        {"name": "decrease axis", "inputs": {"Input": (4, 5)},
         "attrs": {"axes": [0], "starts": [2], "ends": [3], "decrease_axis": [0]}},
    ],
    "split": [
        {"name": "num 2 on axis 1", "inputs": {"X": (3, 4)}, "attrs": {"num": 2, "axis": 1},
         "outputs": {"Out": 2}},
        {"name": "sections with -1", "inputs": {"X": (6, 2)},
         "attrs": {"sections": [1, -1, 2], "axis": 0}, "outputs": {"Out": 3}},
    ],
}
