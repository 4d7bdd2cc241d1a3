"""scale beyond its Paddle fixtures (tests/conformance/op_cases/scale.py): what fluidphi
refuses where Paddle would run; the generated API with a Scalar bias."""

from __future__ import annotations

import numpy as np
import pytest

from phi import api
from phi.common import Scalar
from tests.ops.op_helpers import assert_refused


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
@pytest.mark.parametrize("x_dtype", [np.float32, np.complex64])
def test_a_complex_scalar_tensor_is_refused(slot: str, x_dtype: type) -> None:
    """Paddle reads a complex ScaleTensor / BiasTensor whole for complex X (its real part
    otherwise); fluidphi reads these tensors as real numbers, so it refuses them rather than
    drop an imaginary part."""
    x = np.array([1.0, 2.0], x_dtype)
    tensor = np.array([2.0 + 1.0j], np.complex64)
    assert_refused("scale", {"X": x, slot: tensor}, {}, ["Out"],
                   f"complex '{slot}' is not supported|cannot be read as float")


def test_the_generated_api_takes_a_scalar_bias() -> None:
    x = np.array([1, -2, 3], np.int32)
    np.testing.assert_array_equal(api.scale(x, 2.7, 0.9).numpy(), x * 2)  # both truncate
    fed = Scalar(np.array([5], np.int64), from_tensor=True)
    np.testing.assert_array_equal(api.scale(x, 2.0, fed).numpy(), x * 2 + 5)
    flags = np.array([True, False])
    np.testing.assert_array_equal(api.scale(flags, 0.0, 1.0, False).numpy(), [False, False])
    np.testing.assert_array_equal(api.scale(flags, 0.0, 1.0).numpy(), [True, True])
