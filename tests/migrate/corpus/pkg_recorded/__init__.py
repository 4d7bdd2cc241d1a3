"""A team registering kernels through class decorators that only record the class in a
table, registered later by a loop or `flush(__name__)` (issue 23): a decorator factory of
another module (`@kernel("rc_clip")`), a module-local one, and a factory of factories
(`kernel = kernel_decorator(TABLE)`); with the team's other habits around them: slot names
in a class-level dict extended by `dict(Base.SLOTS, ...)`, makers built by a factory from
`"Name?"` input specs and `(name, type, default)` attribute tuples, an attribute view given
class constants as keyword defaults, a `typing.NamedTuple` parameter object and a
staticmethod called as `type(self)._clip(...)`. Twins: a decorator handing the class to a
function, one returning a subclass, and one storing an attribute the kernel reads."""

from . import flushed, normed, tabled, twins  # noqa: F401
