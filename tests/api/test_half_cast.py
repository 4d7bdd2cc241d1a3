"""Casts to float16 / bfloat16 round through float32, as Paddle's 16-bit float types
convert every other type (their constructors take a float): a value just above a 16-bit
tie that float32 rounds onto the tie then rounds to even. The expected values are written
out, so the test does not lean on the conversion path NumPy or ml_dtypes picks."""

from __future__ import annotations

import numpy as np
import pytest

from phi import api
from phi.common import DataType

#: (source dtype, value just above a tie of the 16-bit type, what Paddle gives)
CASES = {
    "float64->float16": (np.float64, DataType.FLOAT16, 1 + 2.0**-11 + 2.0**-40, 1.0),
    "float64->bfloat16": (np.float64, DataType.BFLOAT16, 1 + 2.0**-8 + 2.0**-40, 1.0),
    "int64->bfloat16": (np.int64, DataType.BFLOAT16, 2**24 + 2**16 + 1, 2.0**24),
    "int32->bfloat16": (np.int32, DataType.BFLOAT16, -(2**24 + 2**16 + 1), -(2.0**24)),
    "int64->float16": (np.int64, DataType.FLOAT16, 2**40 + 1, np.inf),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_cast_to_a_16_bit_float_rounds_through_float32(case: str) -> None:
    src, dst, value, expected = CASES[case]
    out = api.cast(api.Tensor(np.array([value, 3], src)), dst).numpy()
    assert out.astype(np.float64).tolist() == [expected, 3.0]


def test_a_direct_rounding_would_differ() -> None:
    """The cases are not vacuous: rounding float64 once gives the other neighbour."""
    assert float(np.float16(1 + 2.0**-11 + 2.0**-40)) == 1 + 2.0**-10
