"""A helper whose trace switch a function turns on at run time: its branch is live."""

_TRACE = False


def enable_trace():
    global _TRACE
    _TRACE = True


def alloc_traced(ctx, slot, like="X"):
    data = ctx.input(like)
    if _TRACE:
        print(f"[loud] {ctx.op_type}: alloc {slot} {data.shape}")
    return ctx.output(slot).mutable_data(ctx.place, data.dtype)
