"""Sliding blocks: unfold (im2col: [N, C, H, W] -> [N, C*kh*kw, L]) and fold (col2im: the
blocks summed back into [N, C, H, W]).

unfold's paddings are [top, left, bottom, right]; fold counts blocks with paddings[0] on top
and bottom and paddings[1] on left and right, and raises where the other two give another
count. Block counts below one raise.
"""

from .spec import Case, In


def _attrs(k, s, p, d, **extra) -> dict:
    return {**extra, "kernel_sizes": list(k), "strides": list(s), "paddings": list(p),
            "dilations": list(d)}


#: (kernel_sizes, strides, paddings, dilations, tag)
_GRID = (([2, 2], [1, 1], [0, 0, 0, 0], [1, 1], "plain"),
         ([2, 3], [2, 1], [1, 0, 0, 2], [1, 1], "pad_stride"),
         ([2, 2], [1, 2], [0, 1, 1, 0], [2, 1], "dilated"),
         ([1, 3], [3, 2], [2, 2, 2, 2], [1, 2], "wide_pad"))


def _unfold() -> list[Case]:
    cases = [Case(f"unfold_{tag}_{d}", "unfold", {"X": In((2, 2, 4, 5), d)},
                  attrs=_attrs(k, s, p, dl))
             for k, s, p, dl, tag in _GRID for d in ("float32", "float64")]
    return [
        *cases,
        Case("unfold_api", "unfold", {"X": In((1, 3, 5, 5), "float32")},
             api="paddle.nn.functional.unfold",
             api_kwargs={"kernel_sizes": 3, "strides": 2, "paddings": 1}),
        Case("unfold_no_blocks", "unfold", {"X": In((1, 1, 4, 5), "float32")},
             attrs=_attrs([5, 5], [1, 1], [0, 0, 0, 0], [1, 1]), raises="sliding blocks"),
    ]


def _fold_blocks(size, k, s, p, d) -> int:
    return (size + 2 * p - (d * (k - 1) + 1)) // s + 1


def _fold() -> list[Case]:
    cases = []
    for k, s, p, d, tag in _GRID:
        p = [p[0], p[1], p[0], p[1]]  # fold reads top / left for both sides
        blocks = _fold_blocks(4, k[0], s[0], p[0], d[0]) * _fold_blocks(5, k[1], s[1], p[1], d[1])
        for dtype in ("float32", "float64", "complex64", "complex128"):
            cases.append(Case(f"fold_{tag}_{dtype}", "fold",
                              {"X": In((2, 2 * k[0] * k[1], blocks), dtype)},
                              attrs=_attrs(k, s, p, d, output_sizes=[4, 5])))
    return [
        *cases,
        Case("fold_api", "fold", {"X": In((1, 12, 9), "float32")},
             api="paddle.nn.functional.fold",
             api_kwargs={"output_sizes": [4, 4], "kernel_sizes": 2, "strides": 1,
                         "paddings": 0}),
        Case("fold_asymmetric_paddings", "fold", {"X": In((1, 8, 6), "float32")},
             attrs=_attrs([2, 2], [1, 1], [0, 0, 1, 0], [1, 1], output_sizes=[3, 4]),
             raises="inconsistent"),
    ]


CASES = [*_unfold(), *_fold()]
