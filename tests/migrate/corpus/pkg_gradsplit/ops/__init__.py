"""Forward ops and their gradients (importing the package registers every op)."""

from . import cube, cube_grad, tally, tally_grad

__all__ = ["cube", "cube_grad", "tally", "tally_grad"]
