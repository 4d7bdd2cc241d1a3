"""`IntArray`: an integer list from an attribute, a tensor, or a list of tensors."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np


class IntArray(Sequence[int]):
    """Shape/axes/index lists from an attr, a 1-D tensor or a list of 1-element tensors."""

    __slots__ = ("_data", "from_tensor")

    def __init__(self, values: Iterable[Any] | np.ndarray, from_tensor: bool = False) -> None:
        if isinstance(values, np.ndarray):
            self._data = tuple(int(v) for v in values.reshape(-1))
        else:
            self._data = tuple(
                int(np.asarray(v).reshape(-1)[0]) if not isinstance(v, int) else v for v in values
            )
        self.from_tensor = from_tensor

    def get_data(self) -> list[int]:
        return list(self._data)

    def __getitem__(self, i):  # type: ignore[override]
        return self._data[i]

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self) -> Iterator[int]:
        return iter(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, IntArray):
            return self._data == other._data
        if isinstance(other, (list, tuple)):
            return list(self._data) == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._data)

    def __repr__(self) -> str:
        return f"IntArray({list(self._data)})"
