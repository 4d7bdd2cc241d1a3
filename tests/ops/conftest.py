"""The op tests' `snapshot`: syrupy Amber snapshots whose rounded floats compare within
their rounding, not by their text.

A snapshot stores kernel outputs rounded to a few decimals (`SNAPSHOT_DECIMALS` of the test
module, default 5). Float32 math (NumPy's vectorised exp, log, tanh...) differs between CPUs
in the last ulp, which moves a value rounded near a decimal boundary by one unit of its last
decimal: equal text would make such a snapshot depend on the CPU. Here the text between the
numbers must match exactly (structure, dtypes, shapes, ints, nan / inf), and each number
within one unit of the snapshot's last decimal plus a few float32 ulps of its magnitude.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from syrupy.extensions.amber import AmberSnapshotExtension

#: A decimal number as the Amber serializer writes a float (ints carry no point).
_DECIMAL = re.compile(r"-?\d+\.\d+(?:e[+-]?\d+)?")
#: Relative slack for the float32 ulps under the rounding (8 ulps of float32).
_FLOAT32_SLACK = 2.0 ** -20


def numbers_match(got: str, want: str, decimals: int) -> bool:
    """`got` is `want` up to its decimal numbers, each within one unit of the last of
    `decimals` places plus `_FLOAT32_SLACK` of its magnitude."""
    if got == want:
        return True
    if _DECIMAL.split(got) != _DECIMAL.split(want):
        return False
    unit = 10.0 ** -decimals
    return all(abs(float(a) - float(b)) <= unit + _FLOAT32_SLACK * max(1.0, abs(float(b)))
               for a, b in zip(_DECIMAL.findall(got), _DECIMAL.findall(want)))


def rounded_amber(decimals: int) -> type[AmberSnapshotExtension]:
    """An Amber extension (same files) whose numbers match by `numbers_match`."""

    class RoundedAmber(AmberSnapshotExtension):
        def matches(self, *, serialized_data: Any, snapshot_data: Any) -> bool:
            if isinstance(serialized_data, str) and isinstance(snapshot_data, str):
                return numbers_match(serialized_data, snapshot_data, decimals)
            return bool(serialized_data == snapshot_data)

    return RoundedAmber


@pytest.fixture
def snapshot(snapshot: Any, request: pytest.FixtureRequest) -> Any:
    decimals = getattr(request.module, "SNAPSHOT_DECIMALS", 5)
    return snapshot.use_extension(rounded_amber(decimals))
