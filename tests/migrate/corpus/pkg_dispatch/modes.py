"""The package's modes."""

import enum


class Rounding(enum.Enum):
    TRUNC = "trunc"
    FLOOR = "floor"
