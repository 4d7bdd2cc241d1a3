"""Kernels book themselves by subclassing `BookedKernel` with their op as a class keyword;
`publish_book()` registers every booking, on CPU and GPU unless told otherwise."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.common import DataType

from . import _flags


class Book:
    def __init__(self):
        self.pending = []

    def enter(self, op, kernel, devices):
        self.pending.append((op, kernel, devices))

    def publish(self):
        for op, kernel, devices in self.pending:
            for device in devices:
                dtypes = [DataType.FLOAT32, DataType.FLOAT64]
                if device == "GPU" and _flags.GPU_HALF:
                    dtypes.append(DataType.FLOAT16)
                register_op_kernel(op, device, kernel, *dtypes)
        self.pending.clear()


BOOK = Book()


class BookedKernel(OpKernel):
    def __init_subclass__(cls, *, op, devices=("CPU", "GPU"), **kwargs):
        super().__init_subclass__(**kwargs)
        BOOK.enter(op, cls, devices)


def publish_book():
    BOOK.publish()
