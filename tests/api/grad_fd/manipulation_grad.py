"""Finite-difference cases of the manipulation_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them).

view_shape_grad has no Paddle fixture: Paddle 3.3.1 makes the op for view_shape but
registers no operator of that type, so its static executor refuses the program ("There are
no kernels which are registered in the view_shape_grad operator"); these finite differences
are its only check."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
    complex_normal,
    int_labels,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "view_shape_grad": [({"input": (3, 4)}, {"dims": [12]}), ({"input": (2, 3, 2)},
                                                              {"dims": [0, -1]}),
                        ({"input": complex_normal((2, 3))}, {"dims": [3, 2]})],
    "expand_grad": [({"x": (3, 1)}, {"shape": [2, 3, 4]}),
                    ({"x": (2, 1, 3)}, {"shape": [-1, 5, -1]}),
                    ({"x": complex_normal((3, 1))}, {"shape": [2, 3, 4]})],
    "tile_grad": [({"x": (2, 3)}, {"repeat_times": [2, 2, 1]}),
                  ({"x": (2, 3)}, {"repeat_times": [3]})],
    "gather_grad": [({"x": (4, 3), "index": int_labels((5,), 4)}, {}),
                    ({"x": (2, 3, 4), "index": int_labels((3,), 4)}, {"axis": -1}),
                    ({"x": complex_normal((4, 3)), "index": int_labels((5,), 4)}, {})],
    "concat_grad": [({"x": [(2, 3), (4, 3)]}, {}), ({"x": [(2, 1), (2, 3), (2, 2)]}, {"axis": -1})],
    "stack_grad": [({"x": [(2, 3), (2, 3)]}, {}), ({"x": [(3,), (3,), (3,)]}, {"axis": -1})],
    "index_add_grad": [({"x": (4, 3), "index": int_labels((5,), 4), "add_value": (5, 3)}, {}),
                       ({"x": (2, 3, 4), "index": int_labels((2,), 4), "add_value": (2, 3, 2)},
                        {"axis": -1})],
    "index_put_grad": [({"x": (4, 3), "indices": [int_labels((5,), 4)], "value": (3,)},
                        {"accumulate": True}),
                       ({"x": (4, 3), "indices": [lambda rng: np.array([3, 0])], "value": (2, 3)},
                        {})],
    "scatter_nd_add_grad": [({"x": (3, 4), "index": lambda rng: np.array([[1, 2], [1, 2], [0, -1]]),
                             "updates": (3,)}, {})],
    "broadcast_tensors_grad": [({"x": [(3, 1), (1, 4), (4,)]}, {})],
    "partial_concat_grad": [({"x": [(2, 5), (2, 5)]}, {"start_index": 1, "length": 3}),
                            ({"x": [(3, 4)]}, {"start_index": -2})],
    "partial_sum_grad": [({"x": [(2, 5), (2, 5), (2, 5)]}, {"start_index": 2, "length": 2})],
    "multiplex_grad": [({"x": [(4, 3), (4, 3)],
                         "ids": lambda rng: np.array([[1], [0], [1]], np.int32)}, {})],
    "unstack_grad": [({"x": (3, 2)}, {"num": 3}), ({"x": (2, 3, 4)}, {"axis": -1, "num": 4})],
    "strided_slice_grad": [
        ({"input": (4, 5, 6)}, {"axes": [0, 1, 2], "starts": [-1, 10, -1],
                                "ends": [-100, -6, -7], "strides": [-1, -2, -4]}),
        ({"input": (4, 5, 6)}, {"axes": [1, 2], "starts": [1, 0], "ends": [5, 6],
                                "strides": [2, 3], "infer_flags": [1]}),
        ({"input": (4, 5, 6)}, {"axes": [0, 2], "starts": [2, -1], "ends": [3, 6],
                                "strides": [1, 1], "infer_flags": [1, 1],
                                "decrease_axis": [0, 2]}),
    ],
    "roll_grad": [({"x": (3, 4)}, {"shifts": [1, -5], "axis": [0, 1]}),
                  ({"x": (2, 3, 2)}, {"shifts": [-13], "axis": []})],
    "expand_as_grad": [({"x": (3, 1), "y": (2, 3, 4)}, {"target_shape": [2, 3, 4]}),
                       ({"x": (1, 3), "y": None}, {"target_shape": [4, 2, 3]})],
    "repeat_interleave_grad": [
        ({"x": (2, 3), "repeats_tensor": None}, {"repeats": 2, "dim": 1}),
        ({"x": (3, 2), "repeats_tensor": lambda rng: np.array([2, 0, 3])}, {"dim": 0})],
    "meshgrid_grad": [({"x": [(2,), (3,), (4,)]}, {}), ({"x": [(), (3,)]}, {})],
    "slice_grad": [
        ({"input": (4, 3)}, {"axes": [0], "starts": [1], "ends": [3], "infer_flags": [1],
                             "decrease_axis": []}),
        ({"input": (3, 4, 2)}, {"axes": [0, 1], "starts": [1, -3], "ends": [2, 100],
                                "infer_flags": [1, 1], "decrease_axis": [0]}),
    ],
}
