"""LoD sequence ops: what Paddle's fixtures cannot show (tests/ops/test_paddle_ops.py
checks the values against Paddle): bad LoDs and attributes get errors naming the op, the
input and what was expected, on both paths; `VERIFY_CASES` may feed LoD tensors."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from compat.verify_inputs import make_input
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from tests.ops.op_helpers import assert_refused

PATHS = ("legacy", "phi")


def _lod(rows: int, lod: list[list[int]], width: int = 3) -> DenseTensor:
    data = np.arange(rows * width, dtype=np.float32).reshape(rows, width)
    return DenseTensor(data, lod=lod)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("x", "attrs", "message"), [
    (DenseTensor(np.ones((4, 3), np.float32)), {}, r"must be a LoD tensor"),
    (_lod(4, [[0, 1], [0, 2], [0, 1, 4]]), {}, r"at most 2 LoD levels, got 3"),
    (_lod(4, [[0, 3], [0, 2, 4]]), {}, r"inconsistent: a level ends at 3 .* 2 sequences"),
    (_lod(4, [[0, 3, 2, 4]]), {}, r"starting at 0 and never decreasing"),
    (_lod(4, [[0, 2, 6]]), {}, r"ends at 6, past its 4 rows"),
    (_lod(4, [[0, 2, 4]]), {"pooltype": "MEAN"}, r"pooltype must be one of SUM, .*'MEAN'"),
], ids=["no_lod", "3_levels", "inconsistent", "decreasing", "past_rows", "bad_pooltype"])
def test_sequence_pool_refuses_bad_input(path: str, x: DenseTensor, attrs: dict,
                                         message: str) -> None:
    with pytest.raises(Exception, match=f"sequence_pool: .*{message}"):
        run_single_op("sequence_pool", {"X": x}, attrs, ["Out", "MaxIndex"], path)


def test_sequence_pool_max_index_rows_and_pad() -> None:
    """MaxIndex holds absolute rows (-1 for an empty sequence); both paths agree."""
    x = DenseTensor(np.array([[1.0], [3.0], [2.0], [5.0]], np.float32), lod=[[0, 3, 3, 4]])
    for path in PATHS:
        out, _ = run_single_op("sequence_pool", {"X": x}, {"pooltype": "MAX", "pad_value": 7.0},
                               ["Out", "MaxIndex"], path)
        np.testing.assert_array_equal(out["Out"][0], [[3.0], [7.0], [5.0]])
        np.testing.assert_array_equal(out["MaxIndex"][0], [[1], [-1], [3]])
        assert out["MaxIndex"][0].dtype == np.int32


def test_verify_spec_with_lod_gives_a_lod_tensor() -> None:
    got = make_input({"shape": (5, 2), "lod": [[0, 2, 5]]}, DataType.FLOAT64,
                     np.random.default_rng(0))
    assert isinstance(got, DenseTensor)
    assert got.lod == [[0, 2, 5]] and got.dims == (5, 2) and got.dtype == DataType.FLOAT64


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("x", "message"), [
    (DenseTensor(np.ones((4, 1), np.float32)), r"must be a LoD tensor"),
    (_lod(5, [[0, 2, 4]], width=1), r"first dimension of Input\(X\) \(5\) must equal the sum "
                                    r"of its sequences' lengths \(4\)"),
    (_lod(4, [[0, 2, 4]], width=2), r"width of each timestep .* got dims \[4, 2\]"),
], ids=["no_lod", "rows_not_covered", "width_2"])
def test_sequence_softmax_refuses_bad_input(path: str, x: DenseTensor, message: str) -> None:
    with pytest.raises(Exception, match=f"sequence_softmax: .*{message}"):
        run_single_op("sequence_softmax", {"X": x}, {}, ["Out"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("inputs", "attrs", "message"), [
    ({"X": np.array([2, 1])}, {"maxlen": 0}, r"maxlen must be less than 0 .* got 0"),
    ({"X": np.array([2, 1]), "MaxLenTensor": np.array([3, 4], np.int32)}, {},
     r"MaxLenTensor\) must hold one value, got 2"),
    ({"X": np.array([1.0, np.nan])}, {}, r"max\(X\), which is nan"),
    ({"X": np.zeros((0,), np.int64)}, {}, r"Input\(X\) is empty"),
], ids=["maxlen_0", "two_maxlen_values", "nan_width", "empty_x_no_maxlen"])
def test_sequence_mask_refuses_bad_width(path: str, inputs: dict, attrs: dict,
                                         message: str) -> None:
    with pytest.raises(Exception, match=f"sequence_mask: .*{message}"):
        run_single_op("sequence_mask", inputs, {"out_dtype": 3, **attrs}, ["Y"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("x", "filt", "attrs", "message"), [
    (_lod(4, [[0, 2, 4]], 2), np.ones((6, 3), np.float32), {"contextStride": 2},
     r"only contextStride = 1"),
    (_lod(4, [[0, 2, 4]], 2), np.ones((4, 3), np.float32), {},
     r"Filter's height must be contextLength \* X's width = 3 \* 2"),
    (_lod(4, [[0, 1], [0, 2, 4]], 2), np.ones((6, 3), np.float32), {},
     r"must have one LoD level, got 2"),
    (_lod(4, [[0, 2, 4]], 2), np.ones((6, 3), np.float32), {"paddingTrainable": True},
     r"paddingTrainable needs Input\(PaddingData\)"),
], ids=["stride_2", "filter_height", "2_levels", "no_padding_data"])
def test_sequence_conv_refuses_bad_input(path: str, x: DenseTensor, filt: np.ndarray,
                                         attrs: dict, message: str) -> None:
    with pytest.raises(Exception, match=f"sequence_conv: .*{message}"):
        run_single_op("sequence_conv", {"X": x, "Filter": filt},
                      {"contextLength": 3, "contextStart": -1, **attrs}, ["Out"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("x", "filt", "message"), [
    (_lod(5, [[0, 1, 2], [0, 2, 5]], 2), np.ones((2, 2), np.float32),
     r"must have one LoD level, got 2"),
    (DenseTensor(np.ones((4, 2), np.float32)), np.ones((2, 2), np.float32),
     r"without a LoD must be \[batch, steps, width\]"),
    (_lod(4, [[0, 2, 4]], 2), np.ones((2, 3), np.float32), r"Filter must be \[future context"),
], ids=["2_levels", "2d_without_lod", "filter_width"])
def test_row_conv_refuses_bad_input(path: str, x: DenseTensor, filt: np.ndarray,
                                    message: str) -> None:
    """Paddle reads a 2-level LoD's level 0 as row offsets and leaves the other rows
    uninitialised; fluidphi refuses it."""
    with pytest.raises(Exception, match=f"row_conv: .*{message}"):
        run_single_op("row_conv", {"X": x, "Filter": filt}, {}, ["Out"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("inputs", "attrs", "message"), [
    ({"X": np.ones((4, 2), np.float32)}, {"target_lod": [1, 4]}, r"\(target_lod\) must start at 0"),
    ({"X": np.ones((4, 2), np.float32)}, {"target_lod": [0, 3, 2, 4]}, r"must never decrease"),
    ({"X": np.ones((4, 2), np.float32)}, {"target_lod": []}, r"needs at least 2 offsets"),
    ({"X": np.ones((4, 2), np.float32), "Y": np.array([0, 2, 3], np.int32)}, {},
     r"last value of the target LoD \(Input\(Y\)\) \(3\) must be equal"),
    ({"X": np.ones((4, 2), np.float32), "Y": _lod(5, [[0, 5]], 1)}, {},
     r"last value of Input\(Y\)'s last LoD level \(5\)"),
], ids=["start_1", "decreasing", "empty", "y_values_end", "y_lod_end"])
def test_lod_reset_refuses_bad_lod(path: str, inputs: dict, attrs: dict, message: str) -> None:
    with pytest.raises(Exception, match=f"lod_reset: .*{message}"):
        run_single_op("lod_reset", inputs, attrs, ["Out"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("x", "y", "attrs", "message"), [
    (_lod(3, [[0, 1], [0, 3]], 2), _lod(2, [[0, 2]], 1), {}, r"at most one LoD level, got 2"),
    (DenseTensor(np.ones((3, 2), np.float32)), DenseTensor(np.ones((3, 1), np.float32)), {},
     r"Input\(Y\) must be a LoD tensor"),
    (DenseTensor(np.ones((2, 2), np.float32)), _lod(3, [[0, 2, 3]], 1), {"ref_level": 1},
     r"ref_level must be -1 or in \[0, 1\)"),
    (_lod(3, [[0, 1, 2, 3]], 2), _lod(3, [[0, 2, 3]], 1), {},
     r"Input\(X\)'s LoD has 3 sequences, but Input\(Y\)'s level -1 has 2"),
], ids=["x_2_levels", "y_no_lod", "ref_level", "sequence_counts"])
def test_sequence_expand_refuses_bad_lod(path: str, x: DenseTensor, y: DenseTensor, attrs: dict,
                                         message: str) -> None:
    with pytest.raises(Exception, match=f"sequence_expand: .*{message}"):
        run_single_op("sequence_expand", {"X": x, "Y": y}, attrs, ["Out"], path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("inputs", "attrs", "message"), [
    ({"X": np.ones((2, 3, 4), np.float32)}, {}, r"must be \[N, C, H, W\]"),
    ({"X": np.ones((1, 1, 2, 2), np.float32)}, {"kernels": [3, 3]}, r"does not fit"),
    ({"X": np.ones((1, 1, 4, 4), np.float32)}, {"paddings": [1, 1]}, r"paddings must hold 4"),
    ({"X": np.ones((2, 1, 4, 4), np.float32), "Y": np.array([4.0, 4.0], np.float32)}, {},
     r"\(height, width\) per image: 4 values, got 2"),
], ids=["rank3", "kernel_too_big", "paddings_2", "y_values"])
def test_im2sequence_refuses_bad_input(path: str, inputs: dict, attrs: dict,
                                       message: str) -> None:
    with pytest.raises(Exception, match=f"im2sequence: .*{message}"):
        run_single_op("im2sequence", inputs, {"kernels": [2, 2], **attrs}, ["Out"], path)


def _pyramid(attrs: dict, x_shape: tuple[int, int] = (5, 1)) -> tuple[dict, object]:
    x = DenseTensor(np.arange(np.prod(x_shape), dtype=np.int32).reshape(x_shape),
                    lod=[[0, 3, x_shape[0]]])
    inputs = {"X": x, "W": np.ones((14, 1), np.float32),
              "WhiteList": np.zeros((1, 1), np.float32), "BlackList": np.zeros((1, 1), np.float32)}
    base = {"num_emb": 4, "space_len": 12, "rand_len": 2, "drop_out_percent": 0.5}
    return run_single_op("pyramid_hash", inputs, {**base, **attrs},
                         ["Out", "DropPos", "X_Temp_Out"], "phi")


@pytest.mark.parametrize(("attrs", "x_shape", "match"), [
    ({"is_training": 1}, (5, 1), "rand_r"),
    ({"white_list_len": 3}, (5, 1), "bloom filters"),
    ({"num_emb": 5}, (5, 1), "should mod Attr\\(rand_len\\)"),
    ({"space_len": 10}, (5, 1), "space_len \\+ rand_len"),
    ({}, (5, 2), "must be \\[N, 1\\]"),
])
def test_pyramid_hash_refusals(attrs: dict, x_shape: tuple[int, int], match: str) -> None:
    """Training (glibc rand_r dropout) and the bloom filters are refused, as are what
    Paddle's InferShape refuses and an X Paddle's kernel would read past."""
    with pytest.raises(Exception, match=match):
        _pyramid(attrs, x_shape)


def test_pyramid_hash_without_filters_ignores_use_filter() -> None:
    """use_filter with no list length filters nothing; DropPos marks each n-gram."""
    out, _ = _pyramid({"use_filter": False, "pyramid_layer": 3})
    with_filter, _ = _pyramid({"use_filter": True, "pyramid_layer": 3})
    np.testing.assert_array_equal(out["Out"][0], with_filter["Out"][0])
    assert out["DropPos"][0].reshape(-1).tolist() == [1, 1, 1, 1] + [0] * 11


def _pyramid_grad_inputs(drop_pos: list[int], drop_lod: list[int], rows: int) -> dict:
    """X: sequences of 3, 1 and 4 tokens: 3 + 0 + 5 n-grams with pyramid_layer 3."""
    tokens = np.array([[3], [7], [1], [4], [9], [2], [5], [8]], np.int32)
    return {"X": DenseTensor(tokens, lod=[[0, 3, 4, 8]]), "W": np.ones((14, 1), np.float32),
            "DropPos": DenseTensor(np.array(drop_pos, np.int32).reshape(-1, 1), lod=[drop_lod]),
            "X_Temp_Out": tokens.astype(np.float32), "Out@GRAD": np.ones((rows, 4), np.float32)}


@pytest.mark.parametrize(("inputs", "match"), [
    (_pyramid_grad_inputs([1] * 6, [0, 3, 3, 8], 9), "DropPos has 6 entries, X's n-grams need 8"),
    (_pyramid_grad_inputs([1] * 8 + [0] * 16, [0, 3, 3, 8], 8), "a row per kept n-gram \\(9\\)"),
    (_pyramid_grad_inputs([1] * 8 + [0] * 16, [0, 8], 9), "one offset per sequence"),
])
def test_pyramid_hash_grad_refusals(inputs: dict, match: str) -> None:
    """What Paddle's grad kernel would read past (DropPos, Out@GRAD rows, DropPos's LoD) is
    refused on both paths."""
    attrs = {"num_emb": 4, "space_len": 12, "rand_len": 2, "pyramid_layer": 3, "lr": 0.5}
    assert_refused("pyramid_hash_grad", inputs, attrs, ["X@GRAD"], match)


def test_pyramid_hash_grad_skips_dropped_grams_and_empty_rows() -> None:
    """DropPos 0 entries take no Out@GRAD row; a sequence with no kept n-gram (by DropPos's
    LoD) skips its zero row: W moves exactly where the kept rows say, on both paths."""
    attrs = {"num_emb": 4, "space_len": 12, "rand_len": 2, "pyramid_layer": 3, "lr": 1.0}
    flags = [1, 0, 1, 1, 1, 0, 1, 1]  # sequence 0: 2 of 3 kept; 1: none (1 token); 2: 4 of 5
    results = []
    for mode in ("legacy", "phi"):
        inputs = _pyramid_grad_inputs(flags + [0] * 16, [0, 2, 2, 6], 8)
        inputs["Out@GRAD"] = np.zeros((8, 4), np.float32)
        inputs["Out@GRAD"][2] = 1.0  # sequence 1's zero row: must not reach W
        run_single_op("pyramid_hash_grad", inputs, attrs, ["X@GRAD"], mode)
        np.testing.assert_array_equal(inputs["W"], np.ones((14, 1), np.float32))
        inputs["Out@GRAD"][3] = 1.0  # sequence 2's first kept n-gram: two chunks of 2
        run_single_op("pyramid_hash_grad", inputs, attrs, ["X@GRAD"], mode)
        results.append(inputs["W"].copy())
        assert np.isclose(inputs["W"].sum(), 14 - 4)  # each of its 4 values moved by -1
    np.testing.assert_array_equal(results[0], results[1])


def test_pyramid_hash_grad_steps_w_by_the_derivative_of_out() -> None:
    """With drop_out_percent 1 the inference forward is the hashed gather itself, so the step
    pyramid_hash_grad takes on W is -lr times d(sum(Out * Out@GRAD)) / dW: checked against
    central differences of the forward (exact up to float32 rounding: Out is linear in W)."""
    attrs = {"num_emb": 4, "space_len": 12, "rand_len": 2, "pyramid_layer": 3,
             "drop_out_percent": 1.0}
    tokens = np.array([[3], [7], [1], [4], [9], [2], [5], [8]], np.int32)
    w = np.random.default_rng(7).uniform(-1, 1, (14, 1)).astype(np.float32)

    def forward(table: np.ndarray) -> dict:
        inputs = {"X": DenseTensor(tokens, lod=[[0, 3, 4, 8]]), "W": table,
                  "WhiteList": np.zeros((1, 1), np.float32),
                  "BlackList": np.zeros((1, 1), np.float32)}
        return run_single_op("pyramid_hash", inputs, attrs, ["Out", "DropPos", "X_Temp_Out"],
                             "legacy")[0]

    outs = forward(w)
    cot = np.random.default_rng(8).uniform(-1, 1, outs["Out"][0].shape).astype(np.float32)
    numeric = np.zeros(w.shape)
    for i in np.ndindex(w.shape):
        plus, minus = w.copy(), w.copy()
        plus[i] += 0.5
        minus[i] -= 0.5
        numeric[i] = float(np.sum(forward(plus)["Out"][0].astype(np.float64) * cot)
                           - np.sum(forward(minus)["Out"][0].astype(np.float64) * cot))
    for mode in ("legacy", "phi"):
        table = w.copy()
        inputs = {"X": DenseTensor(tokens, lod=[[0, 3, 4, 8]]), "W": table,
                  "DropPos": DenseTensor(outs["DropPos"][0], lod=[[0, 3, 3, 8]]),
                  "X_Temp_Out": outs["X_Temp_Out"][0], "Out@GRAD": cot}
        run_single_op("pyramid_hash_grad", inputs, {**attrs, "lr": 0.5}, ["X@GRAD"], mode)
        np.testing.assert_allclose((w - table) / 0.5, numeric, rtol=1e-5, atol=1e-5,
                                   err_msg=mode)
        assert np.any(table != w)
