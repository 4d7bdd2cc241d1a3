"""A mixin checking each attribute its kernel's MODES table names against the values
allowed."""


class AllowedValuesMixin:
    MODES: dict[str, tuple[str, ...]] = {}

    def check_modes(self, ctx):
        for name, allowed in self.MODES.items():
            value = ctx.attr(name)
            if value not in allowed:
                raise ValueError(f"op '{ctx.op_type}': {name}={value!r}, expected one of {allowed}")
