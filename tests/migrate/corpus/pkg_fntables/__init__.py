"""Team M: kernels dispatching on a string attribute through a class-level table of the
module's functions (`MODES = {"relu": _relu, ...}`, read as `self.MODES.get(mode)`)."""
