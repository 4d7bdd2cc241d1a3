"""Team P: the parameter records our clip kernels build from their context. `ClipParams` (a
frozen dataclass, keywords) and `LeakyParams` (a plain value class, positional, with a
fallback when the desc lacks the attribute) are what we use, and `DecayParams` (its
builder reads an attribute no maker declares through the getter module, with a default),
`BandSpec` for the band kernels (its builder works the band out from the input's rank,
with a helper of this module), `WindowSpec` (filled in after it is built, a property); the
other two are kept for the kernels that still need them: `CheckedClipParams` validates
itself after construction, `WideningParams` can be widened in place.
"""

from dataclasses import dataclass, field

from .getters import attr_or


@dataclass(frozen=True)
class ClipParams:
    lo: float
    hi: float
    label: str = field(default="clip", compare=False)

    @classmethod
    def from_ctx(cls, ctx):
        return cls(lo=float(ctx.attr("min")), hi=ctx.attr("max"))


class LeakyParams:
    """Slope of the negative side, and a scale applied after."""

    def __init__(self, slope, scale=1.0):
        self.slope = slope
        self.scale = scale

    @classmethod
    def of(cls, c):
        return cls(c.attr("slope") if c.has_attr("slope") else 0.01)

    def describe(self):
        return f"leaky(slope={self.slope}, scale={self.scale})"


@dataclass(frozen=True)
class BandSpec:
    lo: float
    hi: float
    axes: tuple = ()

    @classmethod
    def from_ctx(cls, ctx, rank):
        lo, hi = ctx.attr("min"), ctx.attr("max")
        if lo > hi:
            lo, hi = hi, lo
        axes = []
        for i in range(rank):
            if _even(i):
                axes.append(i)
        return cls(lo, hi, tuple(axes))


def _even(i):
    return i % 2 == 0


def _spanned(rank):
    return max(rank - 1, 1)


@dataclass
class WindowSpec:
    """A clip window and the axes it spans, which its builder fills in after building it."""

    lo: float
    hi: float
    span: int = 0

    @classmethod
    def from_ctx(cls, ctx, rank):
        spec = cls(ctx.attr("min"), ctx.attr("max"))
        spec.span = _spanned(rank)
        return spec

    @property
    def width(self):
        return self.hi - self.lo


@dataclass(frozen=True)
class CheckedClipParams:
    lo: float
    hi: float

    def __post_init__(self):
        if self.lo > self.hi:
            raise ValueError(f"empty clip range [{self.lo}, {self.hi}]")

    @classmethod
    def from_ctx(cls, ctx):
        return cls(ctx.attr("min"), ctx.attr("max"))


@dataclass
class WideningParams:
    lo: float
    hi: float

    def widen(self, by):
        self.hi = self.hi + by

    @classmethod
    def from_ctx(cls, ctx):
        return cls(ctx.attr("min"), ctx.attr("max"))


@dataclass(frozen=True)
class DecayParams:
    lo: float
    hi: float
    decay: float

    @classmethod
    def from_ctx(cls, ctx):
        return cls(ctx.attr("min"), ctx.attr("max"), attr_or(ctx, "decay", 0.0))
