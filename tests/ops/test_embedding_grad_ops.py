"""lookup_table_v2_grad and lookup_table_grad beyond the Paddle fixtures: a sparse table
gradient is refused with a clear error, out-of-range ids are an error, the padding id's row
stays zero, bfloat16 rows are summed in bfloat16 one id after another."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from compat.single_op import run_single_op
from legacy_fluid.framework.executor import OpRunError
from tests.ops.op_helpers import rand, run_both

W = rand((5, 3), 1)


@pytest.mark.parametrize(("op", "ids"), [("lookup_table_v2_grad", np.array([1, 2])),
                                        ("lookup_table_grad", np.array([[1], [2]]))])
def test_sparse_gradient_is_refused(op: str, ids: np.ndarray) -> None:
    inputs = {"Ids": ids, "W": W, "Out@GRAD": rand((2, 3), 2)}
    for path in ("legacy", "auto"):
        with pytest.raises(OpRunError, match="is_sparse"):
            run_single_op(op, inputs, {"is_sparse": True}, ["W@GRAD"], path)


def test_v1_bfloat16_rows_sum_in_bfloat16() -> None:
    bf16 = ml_dtypes.bfloat16
    grads = np.array([[1.0, 2.0], [0.01, 0.01], [0.01, 0.01], [3.0, 4.0]], bf16)
    ids = np.array([[0], [0], [0], [2]])
    expected = np.zeros((3, 2), bf16)
    for row, grad in zip(ids[:, 0], grads):  # one bfloat16 rounding per added row
        expected[row] = (expected[row] + grad).astype(bf16)
    assert expected[0, 0] != np.float32(1.0) + np.float32(0.02)  # the rounding shows
    out = run_both("lookup_table_grad", {"W": np.zeros((3, 2), bf16), "Ids": ids,
                                         "Out@GRAD": grads}, {}, ["W@GRAD"])["W@GRAD"][0]
    assert out.dtype == bf16
    np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_out_of_range_id_is_an_error(path: str) -> None:
    inputs = {"Ids": np.array([1, 5]), "W": W, "Out@GRAD": rand((2, 3), 3)}
    with pytest.raises(OpRunError, match="out of range"):
        run_single_op("lookup_table_v2_grad", inputs, {}, ["W@GRAD"], path)


def test_padding_row_gets_nothing_and_repeats_add() -> None:
    grads = rand((4, 3), 4)
    out = run_both("lookup_table_v2_grad",
                   {"Ids": np.array([3, 1, 3, 2], np.int32), "W": W, "Out@GRAD": grads},
                   {"padding_idx": 2}, ["W@GRAD"])["W@GRAD"][0]
    expected = np.zeros_like(W)
    expected[3] = grads[0] + grads[2]
    expected[1] = grads[1]
    np.testing.assert_array_equal(out, expected)
