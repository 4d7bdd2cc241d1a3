"""Functor classes: objects called like functions, `functor(xp, x)`; one also knows its
derivative (`backward`). `CountingFunctor` remembers how often it ran."""


class AbsSquareFunctor:
    """|x|**2, elementwise."""

    def __call__(self, xp, x):
        mag = xp.abs(x)
        return mag * mag


class ScaleFunctor:
    def __init__(self, factor=1.0, shift=0.0):
        self.factor = factor
        self.shift = shift

    def __call__(self, xp, x):
        return x * self.factor + self.shift


class SigmoidFunctor:
    def __call__(self, xp, x):
        return 1.0 / (1.0 + xp.exp(-x))

    def backward(self, xp, out, dout):
        return dout * out * (1.0 - out)


class CountingFunctor:
    """Scales by how many times it has been called: each run differs."""

    def __init__(self):
        self.calls = 0

    def __call__(self, xp, x):
        self.calls += 1
        return x * self.calls
