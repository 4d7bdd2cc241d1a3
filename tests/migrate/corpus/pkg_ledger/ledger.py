"""Team L's registration helpers. Each one books what it registers in `BOOK` (our
`list-ops` tool prints it) or logs it; two do more than that with the kernel class."""

import functools
import logging

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
HOST = ("CPU",)
EVERYWHERE = ("CPU", "GPU")

#: op -> {"op": operator class, "impl": [(kernel class name, backend, dtype), ...]}
BOOK = {}
_log = logging.getLogger("team_l")


def declare(op, op_cls, maker):
    register_operator(op, op_cls, maker)
    BOOK.setdefault(op, {"op": None, "impl": []})["op"] = op_cls


def provide(op, impl, types=FLOATS, places=EVERYWHERE):
    """One kernel registration per place and type, each booked."""
    for place in places:
        for t in types:
            register_op_kernel(op, place, impl, t)
            BOOK.setdefault(op, {"op": None, "impl": []})["impl"].append(
                (impl.__name__, place, t))
    _log.debug("%s: %d kernels", op, len(places) * len(types))
    return impl


host_only = functools.partial(provide, places=HOST)


def booked(op, types=FLOATS):
    """Class decorator: the class provided for `op` on every place, booked."""
    def wrap(impl):
        provide(op, impl, types)
        return impl
    return wrap


def provide_tagged(op, impl, types=FLOATS):
    """Tags the class with its op: what its compute may read later."""
    for t in types:
        register_op_kernel(op, "CPU", impl, t)
    impl.op_tag = op


def _audit(cls):
    return cls.__name__.endswith("Impl")


def provide_audited(op, impl, types=FLOATS):
    for t in types:
        register_op_kernel(op, "CPU", impl, t)
    BOOK.setdefault(op, {"op": None, "impl": []})["audited"] = _audit(impl)
