"""Refusals of the creation / statistics families that Paddle 3.3.1 makes while building a
program (so no fixture can hold them) or where its kernels crash or act silently: fluidphi
refuses them at run time on every path, naming the op and what was expected."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")


@pytest.mark.parametrize("mode", PATHS)
def test_fill_constant_batch_size_like_refuses_indices_out_of_range(mode: str) -> None:
    x = {"Input": np.zeros((2, 3), np.float32)}
    with pytest.raises(Exception, match="input_dim_idx 2 is out of range"):
        run_single_op("fill_constant_batch_size_like", x,
                      {"shape": [-1, 3], "input_dim_idx": 2}, ["Out"], mode)
    with pytest.raises(Exception, match="output_dim_idx 2 is out of range"):
        run_single_op("fill_constant_batch_size_like", x,
                      {"shape": [-1, 3], "output_dim_idx": 2}, ["Out"], mode)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize("op", ["cummax", "cummin"])
def test_cum_extremum_refuses_an_axis_out_of_range(op: str, mode: str) -> None:
    with pytest.raises(Exception, match=f"{op}.*axis 2 is out of range"):
        run_single_op(op, {"x": np.zeros((2, 3), np.float32)}, {"axis": 2},
                      ["out", "indices"], mode)


@pytest.mark.parametrize("mode", PATHS)
def test_set_value_refuses_a_negative_axis(mode: str) -> None:
    # Paddle 3.3.1 leaves Input unchanged for one: refused rather than guessed
    with pytest.raises(Exception, match="axes\\[0\\] = -1 is negative"):
        run_single_op("set_value", {"Input": np.zeros((2, 3), np.float32)},
                      {"axes": [-1], "starts": [0], "ends": [1], "steps": [1],
                       "values": [1.0], "shape": [1]}, ["Out"], mode)


@pytest.mark.parametrize("mode", PATHS)
def test_set_value_refuses_values_that_do_not_fill_shape(mode: str) -> None:
    with pytest.raises(Exception, match="set_value: 3 values do not fill shape \\[1\\]"):
        run_single_op("set_value", {"Input": np.zeros((3,), np.float32)},
                      {"axes": [0], "starts": [0], "ends": [3], "steps": [1],
                       "values": [5.0, 6.0, 7.0], "shape": [1]}, ["Out"], mode)


@pytest.mark.parametrize("mode", PATHS)
def test_fill_diagonal_tensor_refuses_negative_dims(mode: str) -> None:
    # Paddle 3.3.1's kernel crashes (SIGSEGV) on them
    with pytest.raises(Exception, match="dim1 -2 must be in \\[0, 3\\)"):
        run_single_op("fill_diagonal_tensor", {"X": np.zeros((2, 3, 4), np.float32),
                                               "Y": np.zeros((2, 3), np.float32)},
                      {"dim1": -2, "dim2": -1}, ["Out"], mode)


@pytest.mark.parametrize("mode", PATHS)
def test_median_refuses_an_unknown_mode(mode: str) -> None:
    # Paddle 3.3.1 runs any mode but "avg" as "min"
    with pytest.raises(Exception, match="mode 'max' is not one of"):
        run_single_op("median", {"x": np.zeros((3,), np.float32)}, {"mode": "max"},
                      ["out", "medians"], mode)


@pytest.mark.parametrize("mode", PATHS)
def test_allclose_refuses_other_dims(mode: str) -> None:
    with pytest.raises(Exception, match="allclose: Input's dims \\[1\\] must equal Other's"):
        run_single_op("allclose", {"Input": np.ones((1,)), "Other": np.ones((2,))}, {},
                      ["Out"], mode)


@pytest.mark.parametrize("mode", PATHS)
def test_segment_pool_refuses_ids_that_do_not_match_the_rows(mode: str) -> None:
    with pytest.raises(Exception, match="one id per row of X \\(3\\)"):
        run_single_op("segment_pool", {"X": np.zeros((3, 2), np.float32),
                                       "SegmentIds": np.array([0, 1], np.int64)},
                      {"pooltype": "SUM"}, ["Out", "SummedIds"], mode)
