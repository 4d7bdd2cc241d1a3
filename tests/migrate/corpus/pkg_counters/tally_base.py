"""Shared bases counting runs twice: on the instance and on the kernel's class, both
bumped by a helper method. `TallyBase`'s counts are read by nobody in this package;
`ServedBase.served` is read by `dash.py`, and `LoudBase._bump` also notes the run."""

from legacy_fluid.framework.op_kernel import OpKernel

#: the kernel classes `LoudBase` ran, in order
RAN = []


class TallyBase(OpKernel):
    calls = 0

    def __init__(self):
        super().__init__()
        self._local_calls = 0

    def _bump(self):
        """Count one run."""
        self._local_calls += 1
        type(self).calls += 1


class ServedBase(OpKernel):
    served = 0

    def _bump(self):
        type(self).served = type(self).served + 1


class LoudBase(OpKernel):
    calls = 0

    def _bump(self):
        type(self).calls += 1
        RAN.append(type(self).__name__)
