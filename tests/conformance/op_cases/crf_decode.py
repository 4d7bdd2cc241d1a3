"""CRF decoders (paddle.text.viterbi_decode and the fluid crf_decoding op): CPU-only ops.

Paddle registers both on CPU only (crf_decoding's expected kernel type is CPU on every
place), the case kernel_selection.md describes; fluidphi does the same, so inside a
device program they run on CPU with transfers in and out.

viterbi_decode: Input [B, T, N] potentials, Transition [N, N] (with include_bos_eos_tag,
row N-1 holds the start and row N-2 the stop transitions), Length [B] int64; Scores [B]
and Path [B, max(Length)]. crf_decoding (padded mode): Emission [B, T, N], Transition
[N + 2, N] (row 0 start, row 1 stop, then tag to tag), Length [B] int64, optional Label
[B, T]; ViterbiPath [B, T] (1 / 0 for label hits with Label; 0 past each length).
"""

from __future__ import annotations

from typing import Any

from .spec import FLOATS, Case, In

INF, NAN = float("inf"), float("nan")


def viterbi(name: str, *, b: int = 3, t: int = 5, n: int = 4, lengths: list[int] | None = None,
            dtype: str = "float32", tag: bool = True, len_dtype: str = "int64",
            potentials: Any = None, transition: Any = None, **kw: Any) -> Case:
    lengths = [5, 3, 1][:b] if lengths is None else lengths
    return Case(f"viterbi_decode_{name}", "viterbi_decode",
                {"Input": In((b, t, n), dtype, -2.0, 2.0, values=potentials),
                 "Transition": In((n, n), dtype, -1.0, 1.0, values=transition),
                 "Length": In((b,), len_dtype, values=lengths)},
                api="paddle.text.viterbi_decode", api_kwargs={"include_bos_eos_tag": tag},
                **kw)


def crf(name: str, *, b: int = 3, t: int = 5, n: int = 4, lengths: list[int] | None = None,
        dtype: str = "float32", label: bool = False, transition: Any = None,
        emission: Any = None, **kw: Any) -> Case:
    lengths = [5, 3, 1][:b] if lengths is None else lengths
    inputs = {"Emission": In((b, t, n), dtype, -2.0, 2.0, values=emission),
              "Transition": In((n + 2, n), dtype, -1.0, 1.0, values=transition)}
    if label:
        inputs["Label"] = In((b, t), "int64", 0, n)
    inputs["Length"] = In((b,), "int64", values=lengths)
    return Case(f"crf_decoding_{name}", "crf_decoding", inputs, **kw)


#: Integer-valued scores: many exact ties (both decoders keep the first maximum).
_TIE_POTENTIALS = [[[1, 1, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1]],
                   [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]]
_TIE_TRANS = [[0, 1, 0], [1, 0, 1], [0, 1, 1]]
_T4 = [[0.1, -0.2, 0.3, 0.0], [0.5, 0.4, -0.1, 0.2], [-0.3, 0.2, 0.1, 0.6],
       [0.2, -0.5, 0.4, -0.1]]

CASES = [
    *(viterbi(f"bos_eos_{d}", dtype=d) for d in FLOATS),
    *(viterbi(f"no_bos_eos_{d}", dtype=d, tag=False) for d in FLOATS),
    viterbi("full_lengths", lengths=[5, 5, 5]),
    viterbi("max_length_below_t", lengths=[3, 2, 3], t=6),
    viterbi("b1_length1", b=1, lengths=[1]),
    viterbi("zero_length_in_batch", lengths=[4, 0, 2]),
    viterbi("two_tags", n=2, lengths=[4, 2, 3]),
    viterbi("ties", b=2, t=4, n=3, lengths=[4, 3], potentials=_TIE_POTENTIALS,
            transition=_TIE_TRANS),
    viterbi("ties_no_bos_eos", b=2, t=4, n=3, lengths=[4, 2], potentials=_TIE_POTENTIALS,
            transition=_TIE_TRANS, tag=False),
    viterbi("forbidden_transitions", b=2, n=4, lengths=[5, 4],
            transition=[[0.1, -INF, 0.3, 0.0], [0.5, 0.4, -INF, 0.2],
                        [-INF, 0.2, 0.1, 0.6], [0.2, -0.5, 0.4, -INF]]),
    viterbi("nan_potential", b=2, lengths=[5, 3],
            potentials=[[[0.5, NAN, 0.1, 0.2]] + [[0.1, 0.2, 0.3, 0.4]] * 4,
                        [[0.3, 0.2, 0.1, 0.0]] * 2 + [[0.0, 1.0, NAN, 0.5]] * 3],
            transition=_T4, note="NaN scores are never the maximum (Paddle's strict >)"),
    viterbi("inf_past_the_end", b=2, lengths=[5, 2], tag=False,
            potentials=[[[0.5, 0.2, 0.1, 0.2]] * 5,
                        [[0.3, 0.2, 0.1, 0.0]] * 2 + [[INF, 0.0, 0.0, 0.0]] * 3],
            transition=_T4,
            note="past a sequence's end Paddle masks arithmetically (inf * 0 = NaN)"),
    viterbi("length_over_t", lengths=[6, 3, 1], raises="out of bound|range|Length|index"),
    *(crf(f"lengths_{d}", dtype=d) for d in FLOATS),
    crf("full_lengths", lengths=[5, 5, 5]),
    crf("zero_length_in_batch", lengths=[4, 0, 2]),
    crf("label", label=True),
    crf("label_float64", label=True, dtype="float64", lengths=[2, 5, 4]),
    crf("nine_tags", n=9, b=2, t=4, lengths=[4, 3],
        note="nine tags: Paddle's AVX path for float32 (8 lanes and a tail)"),
    crf("ties", b=2, t=4, n=3, lengths=[4, 3], emission=_TIE_POTENTIALS,
        transition=[[0, 0, 0], [0, 0, 0], *_TIE_TRANS]),
    crf("forbidden_transitions", b=2, n=3, t=4, lengths=[4, 3],
        transition=[[0.0, -INF, 0.1], [0.2, 0.0, -INF], [-INF, 0.3, 0.0],
                    [0.1, -INF, -INF], [0.0, 0.2, -INF]]),
    crf("all_forbidden", b=1, n=2, t=3, lengths=[3],
        transition=[[-INF, -INF], [0.0, 0.0], [-INF, -INF], [-INF, -INF]],
        note="every score -inf: Paddle's maximum starts at -FLT_MAX, tag 0 wins"),
]
