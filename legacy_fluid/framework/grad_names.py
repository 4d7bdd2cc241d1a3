"""How gradient variables are named: the gradient of `x` is `x@GRAD` (renamed copies add
suffixes after it: `x@GRAD@RENAME@block0@0`), and a gradient's forward variable is the name
before its last `@GRAD`, as Paddle's GradVarName / GradOriginalVarName."""

from __future__ import annotations

GRAD_SUFFIX = "@GRAD"


def grad_var_name(name: str) -> str:
    """`x` -> `x@GRAD`."""
    return name + GRAD_SUFFIX


def forward_var_name(name: str) -> str:
    """The forward variable a gradient variable is named after: the name before its last
    `@GRAD` (`x@GRAD@RENAME@0` -> `x`); a name without `@GRAD` is its own."""
    pos = name.rfind(GRAD_SUFFIX)
    return name if pos < 0 else name[:pos]
