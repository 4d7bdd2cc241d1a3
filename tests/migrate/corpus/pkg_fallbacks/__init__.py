"""Team F: kernels reading attributes their makers declare with no default through
`ctx.has_attr` fallbacks (an op desc may lack such an attribute)."""

from pkg_fallbacks import ops  # noqa: F401
