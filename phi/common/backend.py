"""`Backend`: where and with which library a kernel computes."""

from __future__ import annotations

from enum import IntEnum


class Backend(IntEnum):
    """A superset of place: a device plus the library computing on it.

    ``ALL_BACKEND`` (== ``UNDEFINED``) is only meaningful for kernel
    registration and selection: a kernel registered for it serves any backend.
    """

    UNDEFINED = 0
    CPU = 1
    GPU = 2
    XPU = 3
    ONEDNN = 4
    GPUDNN = 5
    KPS = 6
    CUSTOM = 7
    ALL_BACKEND = 0

    def __str__(self) -> str:
        return "ALL_BACKEND" if self is Backend.UNDEFINED else self.name
