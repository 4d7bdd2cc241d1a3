"""Grads of the fold family: unfold (the blocks' gradients summed back where each tap read,
the padding dropped) and fold (the output gradient cut into blocks, zero where a block lay
in the padding), over kernel sizes, strides, paddings (unfold's asymmetric) and
dilations; float32 and float64, complex for fold (Paddle 3.3.1 registers fold_grad for
complex64 / complex128)."""

from .spec import Case, GradCase, In

#: (kernel_sizes, strides, paddings, dilations, tag), the forward cases' grid
_GRID = (([2, 2], [1, 1], [0, 0, 0, 0], [1, 1], "plain"),
         ([2, 3], [2, 1], [1, 0, 0, 2], [1, 1], "pad_stride"),
         ([2, 2], [1, 2], [0, 1, 1, 0], [2, 1], "dilated"),
         ([1, 3], [3, 2], [2, 2, 2, 2], [1, 2], "wide_pad"))


def _attrs(k, s, p, d, **extra) -> dict:
    return {**extra, "kernel_sizes": list(k), "strides": list(s), "paddings": list(p),
            "dilations": list(d)}


def _fold_blocks(size, k, s, p, d) -> int:
    return (size + 2 * p - (d * (k - 1) + 1)) // s + 1


def _cases() -> list[GradCase]:
    cases = []
    for k, s, p, d, tag in _GRID:
        for dtype in ("float32", "float64"):
            cases.append(GradCase(Case(f"unfold_{tag}_{dtype}", "unfold",
                                       {"X": In((2, 2, 4, 5), dtype)},
                                       attrs=_attrs(k, s, p, d)), ("X",)))
        p = [p[0], p[1], p[0], p[1]]  # fold reads top / left for both sides
        blocks = _fold_blocks(4, k[0], s[0], p[0], d[0]) * _fold_blocks(5, k[1], s[1], p[1], d[1])
        for dtype in ("float32", "float64", "complex64", "complex128"):
            cases.append(GradCase(Case(f"fold_{tag}_{dtype}", "fold",
                                       {"X": In((2, 2 * k[0] * k[1], blocks), dtype)},
                                       attrs=_attrs(k, s, p, d, output_sizes=[4, 5])), ("X",)))
    return cases


GRAD_CASES = _cases()
