"""CTC greedy decoding (`ctc_align`): merge repeated tokens and drop blanks, in both of
Paddle's forms: padded Input [B, T] with InputLength [B, 1] (Output padded with
padding_value, OutputLength), and a LoD Input [N, 1] (Output [M, 1] with the decoded
sequences' LoD; [[-1]] when every sequence decodes to nothing). int32 and int64 (Paddle's
CPU dtypes), blank other than 0, merge_repeated off, a leading -1 token (Paddle's previous
token starts at -1), empty sequences.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import Case, In, LoDIn


def _tokens(shape: tuple[int, ...], dtype: str, seed: int, high: int = 4) -> In:
    rng = np.random.default_rng(seed)
    return In(shape, dtype, values=rng.integers(0, high, shape).tolist())


def _padded(name: str, tokens: In, lengths: list[int], **attrs: Any) -> Case:
    return Case(f"ctc_align_{name}", "ctc_align",
                {"Input": tokens, "InputLength": In((len(lengths), 1), tokens.dtype,
                                                    values=[[n] for n in lengths])},
                attrs=attrs, outputs=("OutputLength",))


def _lod(name: str, lod: tuple[int, ...], dtype: str, seed: int, values: Any = None,
         **attrs: Any) -> Case:
    if values is None:
        values = np.random.default_rng(seed).integers(0, 4, (lod[-1], 1)).tolist()
    return Case(f"ctc_align_{name}", "ctc_align",
                {"Input": LoDIn((lod[-1], 1), dtype, values=values, lod=(lod,))}, attrs=attrs)


CASES = [
    _padded("padded_int32", _tokens((3, 8), "int32", 1), [8, 5, 0]),
    _padded("padded_int64_no_merge", _tokens((2, 6), "int64", 2), [6, 4], merge_repeated=False,
            padding_value=-1),
    _padded("padded_blank2_pad7", _tokens((4, 5), "int32", 3), [5, 3, 1, 5], blank=2,
            padding_value=7),
    _padded("padded_leading_minus1", In((2, 5), "int64", values=[[-1, -1, 2, 2, 0],
                                                                 [1, 1, 0, 1, -1]]),
            [5, 5], blank=0),
    _padded("padded_batch1", _tokens((1, 7), "int32", 4, high=6), [7], blank=5),
    _lod("lod_int32", (0, 4, 4, 9), "int32", 5),
    _lod("lod_int64_no_merge", (0, 3, 8), "int64", 6, merge_repeated=False),
    _lod("lod_blank3", (0, 6), "int32", 7, blank=3),
    _lod("lod_all_blank", (0, 2, 3), "int64", 8, values=[[0], [0], [0]]),
    _lod("lod_leading_minus1", (0, 2, 5), "int32", 9, values=[[-1], [1], [-1], [-1], [1]]),
]
