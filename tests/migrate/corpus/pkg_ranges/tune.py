"""Changes kernel classes of another module at run time. Registers nothing."""

from __future__ import annotations

from .bits import OffsetKernel
from .ranges import WindowKernel


def coarser() -> None:
    OffsetKernel._STEPS[4] = 10.0


def narrower() -> None:
    WindowKernel.NAMES = ("lo",)


class Settings:
    """Its own instances' NAMES: no kernel's."""

    def __init__(self) -> None:
        self.NAMES = ("hi",)
