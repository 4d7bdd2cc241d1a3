"""`MetaTensor`: the view InferMeta functions read and write (dims, dtype, layout, lod)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from phi.common import DataLayout, DataType
from phi.core.dense_tensor import DenseTensor, LoD


@dataclass(frozen=True)
class MetaConfig:
    """`is_runtime` is False while inferring from descriptions (dims may hold -1)."""

    is_runtime: bool = True


class MetaTensor:
    """Wraps a DenseTensor; subclasses wrap other holders (fluid's VarDesc, ...)."""

    def __init__(self, tensor: DenseTensor | None = None) -> None:
        self._tensor = tensor

    def __bool__(self) -> bool:
        return self.is_initialized()

    def is_initialized(self) -> bool:
        return self._tensor is not None

    @property
    def tensor(self) -> DenseTensor:
        if self._tensor is None:
            raise ValueError("MetaTensor wraps no tensor")
        return self._tensor

    def dims(self) -> tuple[int, ...]:
        return self.tensor.dims

    def numel(self) -> int:
        return math.prod(self.dims())

    def dtype(self) -> DataType:
        return self.tensor.dtype

    def layout(self) -> DataLayout:
        return self.tensor.layout

    def lod(self) -> LoD:
        return self.tensor.lod

    def set_dims(self, dims: tuple[int, ...] | list[int]) -> None:
        self.tensor.resize(tuple(int(d) for d in dims))

    def set_dtype(self, dtype: DataType) -> None:
        self.tensor.set_dtype(dtype)

    def set_layout(self, layout: DataLayout) -> None:
        self.tensor.layout = layout

    def share_lod(self, other: MetaTensor) -> None:
        self.tensor.lod = other.lod()

    def set_lod(self, lod: LoD) -> None:
        self.tensor.lod = lod

    def share_meta(self, other: MetaTensor) -> None:
        """dims, dtype, layout and lod all taken from `other`."""
        self.set_dims(other.dims())
        self.set_dtype(other.dtype())
        self.set_layout(other.layout())
        self.share_lod(other)

    def __repr__(self) -> str:
        if not self.is_initialized():
            return "MetaTensor(<none>)"
        return f"MetaTensor(dims={list(self.dims())}, dtype={self.dtype()})"


def meta_of(value: object) -> MetaTensor | list[MetaTensor]:
    """A kernel argument as InferMeta sees it: a MetaTensor over a DenseTensor (an empty one
    for a missing optional tensor), a list of them for a tensor list."""
    if isinstance(value, list):
        return [MetaTensor(v if isinstance(v, DenseTensor) else None) for v in value]
    return MetaTensor(value if isinstance(value, DenseTensor) else None)
