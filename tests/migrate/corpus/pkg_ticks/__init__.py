"""A kernel keeping a write-only run counter next to modules that reach attributes by a
computed name, each of an object that is provably no kernel instance (`getattr(np, name)`,
`getattr(ctx.xp, self.FUNC)`, a literal, a parameter annotated ExecutionContext)."""

from . import lookup, tally  # noqa: F401
