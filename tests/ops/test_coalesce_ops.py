"""coalesce_tensor beyond Paddle's fixtures (tests/fixtures/ops/coalesce): where a padded
copy_data buffer puts each input (Paddle's padding is uninitialized memory, fluidphi's
zeros), and the variants refused by name on both paths."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.kernels.funcs.coalesce import piece_lengths
from tests.ops.op_helpers import assert_refused, run_both

_XS = [np.arange(1, 4, dtype=np.float32), np.arange(1, 11, dtype=np.float32).reshape(2, 5)]
_OUTS = {"Output": 2, "FusedOutput": 1}


@pytest.mark.parametrize(("align_size", "starts", "numel"),
                         [(32, [0, 8], 24), (-1, [0, 1024], 2048), (12, [0, 3], 15)])
def test_a_padded_copy_puts_each_input_at_its_aligned_offset(
        align_size: int, starts: list[int], numel: int) -> None:
    out = run_both("coalesce_tensor", {"Input": _XS},
                   {"dtype": 5, "copy_data": True, "align_size": align_size}, _OUTS)
    (fused,) = out["FusedOutput"]
    assert fused.shape == (numel,) and fused.dtype == np.float32
    for x, start, got in zip(_XS, starts, out["Output"], strict=True):
        np.testing.assert_array_equal(fused[start:start + x.size], x.ravel())
        np.testing.assert_array_equal(got, x)
    padding = np.ones(numel, bool)
    for x, start in zip(_XS, starts):
        padding[start:start + x.size] = False
    assert not fused[padding].any()


def test_the_gpu_default_alignment_is_its_minimum_chunk() -> None:
    assert piece_lengths([3, 70], 4, True, -1, on_gpu=True) == [64, 128]
    assert piece_lengths([3, 70], 4, True, -1) == [1024, 1024]
    assert piece_lengths([3, 70], 4, False, 32) == [3, 70]


@pytest.mark.parametrize(("attrs", "inputs", "match"), [
    ({"dtype": 5, "use_align": False}, _XS, "neither copy_data nor set_constant"),
    ({"dtype": 5, "persist_output": True}, _XS, "neither copy_data nor set_constant"),
    ({"dtype": 6, "copy_data": True}, _XS, "Input 0 is float32 but the dtype attribute"),
])
def test_undefined_variants_are_refused(attrs: dict, inputs: list, match: str) -> None:
    assert_refused("coalesce_tensor", {"Input": inputs}, attrs, _OUTS,
                   f"(?i)coalesce_tensor.*{match}")


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_an_output_list_shorter_than_the_inputs_is_refused(path: str) -> None:
    with pytest.raises(Exception, match=r"2 (Input|input) tensors but 1"):
        run_single_op("coalesce_tensor", {"Input": _XS}, {"dtype": 5, "copy_data": True},
                      {"Output": 1, "FusedOutput": 1}, path)
