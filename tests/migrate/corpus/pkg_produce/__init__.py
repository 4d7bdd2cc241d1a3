"""Team W: kernels writing their outputs through `produce(ctx, slot, ...)`, a generator
context manager of the shared helper module, often stacked with `quiet_fp(xp)`."""

from . import binary, twins, unary  # noqa: F401 (registers the ops)
