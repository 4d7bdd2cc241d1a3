"""`TensorBase`: what every tensor kind (dense, sparse, ...) exposes."""

from __future__ import annotations

from abc import ABC, abstractmethod

from phi.common import DataLayout, DataType, Place


class TensorBase(ABC):
    """The interface kernels, InferMeta and the executor rely on."""

    @property
    @abstractmethod
    def dims(self) -> tuple[int, ...]: ...

    @property
    @abstractmethod
    def dtype(self) -> DataType: ...

    @property
    @abstractmethod
    def layout(self) -> DataLayout: ...

    @property
    @abstractmethod
    def place(self) -> Place: ...

    @abstractmethod
    def numel(self) -> int: ...

    @abstractmethod
    def initialized(self) -> bool: ...
