"""Plain array functions, written once for every array module (`xp`)."""


def softplus(xp, x, beta=1.0):
    return xp.log1p(xp.exp(beta * x)) / beta


def softsign(xp, x):
    return x / (1 + xp.abs(x))


def leaky(xp, x, alpha=0.02):
    return xp.where(x > 0, x, alpha * x)
