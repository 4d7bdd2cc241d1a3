"""Team R: a kernel class re-exported by a lookup at import time, which no static reading
traces to its class statement."""

from .act import gated

_NAME = "GluKernel"
GluKernel = getattr(gated, _NAME)
