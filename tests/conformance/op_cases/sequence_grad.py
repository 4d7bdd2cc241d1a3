"""Grads of the LoD sequence ops (sequence.py): sequence_pool (every pooltype, empty
sequences, a 2-level LoD, rank 3; MAX through MaxIndex), sequence_conv (X, Filter and the
trainable PaddingData; windows before, around and past the start), sequence_softmax,
sequence_expand (rows and sequences of X repeated), row_conv (LoD form: X and Filter) and
lod_reset (the gradient passed through); float32 and float64 where Paddle computes both.

add_position_encoding (padded and LoD forms, alpha; X@GRAD = alpha * Out@GRAD), im2sequence
(strides, paddings, whole-image windows; float32 as Paddle registers it; no real-size
Input(Y) case: Paddle's grad kernel takes the whole image's windows while its forward
with Y and a batch > 1 writes the real sizes', so the two disagree on Out's rows) and
match_matrix_tensor (X, Y and W; dim_t, several sequence pairs; float32)."""

from __future__ import annotations

from typing import Any

from .spec import Case, GradCase, In, LoDIn

POOLTYPES = ("SUM", "AVERAGE", "SQRT", "MAX", "LAST", "FIRST")


def _seq(lod: tuple[tuple[int, ...], ...], tail: tuple[int, ...], dtype: str,
         **fields: Any) -> LoDIn:
    return LoDIn((lod[-1][-1], *tail), dtype, lod=lod, **fields)


_LOD_EMPTY = ((0, 2, 2, 5, 6, 6),)


def _pool(name: str, x: LoDIn, pooltype: str) -> GradCase:
    return GradCase(Case(f"sequence_pool_{name}", "sequence_pool", {"X": x},
                         attrs={"pooltype": pooltype}), ("X",), of=("Out",))


_POOL = [
    *(_pool(f"{p.lower()}_{dtype}", _seq(_LOD_EMPTY, (3,), dtype), p)
      for p in POOLTYPES for dtype in ("float32", "float64")),
    *(_pool(f"{p.lower()}_2level", _seq(((0, 2, 3), (0, 2, 2, 5)), (4,), "float32"), p)
      for p in ("SUM", "MAX")),
    _pool("average_rank3", _seq(((0, 1, 4),), (2, 3), "float64"), "AVERAGE"),
]


def _conv(name: str, lod: tuple[int, ...], width: int, length: int, start: int, out: int,
          trainable: bool = False) -> GradCase:
    inputs: dict[str, In] = {"X": _seq((lod,), (width,), "float32"),
                             "Filter": In((length * width, out), "float32", -1.0, 1.0)}
    wrt = ("X", "Filter")
    if trainable:
        up, down = max(0, -start), max(0, start + length - 1)
        inputs["PaddingData"] = In((up + down, width), "float32", -1.0, 1.0)
        wrt += ("PaddingData",)
    return GradCase(Case(f"sequence_conv_{name}", "sequence_conv", inputs,
                         attrs={"contextLength": length, "contextStart": start,
                                "paddingTrainable": trainable}), wrt)


_CONV = [
    _conv("centered", (0, 2, 2, 5, 6), 3, 3, -1, 4),
    _conv("start0", (0, 4, 5), 2, 2, 0, 3),
    # every sequence longer than contextStart: for a shorter one (its whole window past
    # the end) Paddle's Filter@GRAD takes that row's context from memory it never zeroes
    _conv("start_positive", (0, 3, 5, 8), 2, 2, 1, 2),
    _conv("trainable_start_minus2_len5", (0, 2, 3, 7), 2, 5, -2, 3, trainable=True),
    _conv("trainable_start1_len3", (0, 1, 4, 6), 2, 3, 1, 2, trainable=True),
    _conv("trainable_start_past_short", (0, 2, 5), 3, 2, 3, 2, trainable=True),
]

#: float32 only: Paddle 3.3.1's float64 sequence_softmax_grad reads its input as float32 and
#: fails ("The type of data we are trying to retrieve (float64) does not match").
_SOFTMAX = [
    GradCase(Case("sequence_softmax_float32", "sequence_softmax",
                  {"X": _seq(((0, 2, 2, 5, 6),), (1,), "float32")}), ("X",)),
    GradCase(Case("sequence_softmax_2level_float32", "sequence_softmax",
                  {"X": _seq(((0, 1, 3), (0, 2, 4, 6)), (), "float32")}), ("X",)),
]


def _expand(name: str, x: In, y_lod: tuple[tuple[int, ...], ...], **attrs: Any) -> GradCase:
    return GradCase(Case(f"sequence_expand_{name}", "sequence_expand",
                         {"X": x, "Y": _seq(y_lod, (1,), "float32")}, attrs=attrs), ("X",))


_EXPAND = [
    _expand("rows_float32", In((3, 2), "float32"), ((0, 2, 2, 5),)),
    _expand("sequences_float64", LoDIn((3, 2), "float64", lod=((0, 2, 3),)), ((0, 2, 3),)),
    _expand("y_2_levels_ref0", In((2, 2), "float32"), ((0, 2, 3), (0, 1, 3, 6)), ref_level=0),
    _expand("y_2_levels_ref1", LoDIn((4, 3), "float32", lod=((0, 1, 1, 4),)),
            ((0, 2, 3), (0, 1, 3, 6)), ref_level=1),
]


def _row_conv(name: str, x: In, context: int) -> GradCase:
    return GradCase(Case(f"row_conv_{name}", "row_conv",
                         {"X": x, "Filter": In((context, x.shape[-1]), "float32", -1.0, 1.0)}),
                    ("X", "Filter"))


_ROW_CONV = [
    _row_conv("lod", _seq(((0, 2, 2, 6, 7),), (3,), "float32"), 3),
    _row_conv("lod_context_longer", _seq(((0, 1, 3),), (2,), "float32"), 4),
    _row_conv("padded_batch", In((2, 4, 3), "float32"), 2),
]

_LOD_RESET = [
    GradCase(Case("lod_reset_target_float32", "lod_reset",
                  {"X": _seq(((0, 3, 6),), (2,), "float32")},
                  attrs={"target_lod": [0, 2, 2, 6]}), ("X",)),
    GradCase(Case("lod_reset_y_lod_float64", "lod_reset",
                  {"X": _seq(((0, 6),), (1,), "float64"),
                   "Y": _seq(((0, 2, 6),), (1,), "float32")}, attrs={"target_lod": [0, 6]}),
             ("X",)),
]

GRAD_CASES = [*_POOL, *_CONV, *_SOFTMAX, *_EXPAND, *_ROW_CONV, *_LOD_RESET]


#: pyramid_hash_grad writes no gradient: it steps W in place (W -= lr * Out@GRAD rows
#: scattered to the hashed positions); its X@GRAD slot stays unwritten.
UPDATED_IN_PLACE = {"pyramid_hash": ("W",)}


def _pyramid(name: str, lod: tuple[int, ...], space_len: int, rand_len: int, num_emb: int,
             tokens: Any = None, **attrs: Any) -> GradCase:
    """pyramid_hash (inference forward: is_training 0, no filters) and its grad over int32
    tokens with a 1-level LoD and a float32 table W [space_len + rand_len, 1]."""
    rows = lod[-1]
    x = (LoDIn((rows, 1), "int32", low=-20, high=60, lod=(lod,)) if tokens is None
         else LoDIn((rows, 1), "int32", values=[[t] for t in tokens], lod=(lod,)))
    return GradCase(Case(f"pyramid_hash_grad_{name}", "pyramid_hash", {
        "X": x, "W": In((space_len + rand_len, 1), "float32", -1.0, 1.0),
        "WhiteList": In((1, 1), "float32"), "BlackList": In((1, 1), "float32")},
        attrs={"space_len": space_len, "rand_len": rand_len, "num_emb": num_emb,
               "drop_out_percent": 0.5, "use_filter": False, "lr": 0.5, **attrs},
        fetch=("Out",)), ("X",), of=("Out",))


GRAD_CASES += [
    _pyramid("bigrams", (0, 3, 4, 8), 30, 2, 4),
    # a sequence without n-grams: its zero row takes no update; collisions sum in order
    _pyramid("trigrams_empty_sequence", (0, 5, 5, 7, 8), 8, 3, 6, pyramid_layer=3),
    _pyramid("long_grams_stripes", (0, 7, 13), 50, 2, 6, pyramid_layer=7, lr=0.25),
    _pyramid("one_chunk_lr", (0, 4, 6), 17, 4, 4, pyramid_layer=4, lr=0.1),
    _pyramid("lr_negative", (0, 3, 5), 12, 2, 4, lr=-1.0),
    # as many tokens as sequences, all -1: Paddle's grad returns before any update
    _pyramid("all_minus_one", (0, 0, 2), 10, 2, 2, tokens=[-1, -1]),
    _pyramid("short_sequences_only", (0, 1, 2), 10, 2, 2),
]


def _ape(name: str, x: In, **attrs: Any) -> GradCase:
    return GradCase(Case(f"add_position_encoding_{name}", "add_position_encoding", {"X": x},
                         attrs=attrs), ("X",))


def _im2seq(name: str, shape: tuple[int, ...], **attrs: Any) -> GradCase:
    return GradCase(Case(f"im2sequence_{name}", "im2sequence", {"X": In(shape, "float32")},
                         attrs=attrs), ("X",))


def _match(name: str, x_lod: tuple[int, ...], y_lod: tuple[int, ...], dim_in: int,
           dim_t: int) -> GradCase:
    return GradCase(Case(f"match_matrix_tensor_{name}", "match_matrix_tensor",
                         {"X": _seq((x_lod,), (dim_in,), "float32"),
                          "Y": _seq((y_lod,), (dim_in,), "float32"),
                          "W": In((dim_in, dim_t, dim_in), "float32", low=-1.0, high=1.0)},
                         attrs={"dim_t": dim_t}), ("X", "Y", "W"), of=("Out",))


GRAD_CASES += [
    *(_ape(f"padded_{dtype}", In((2, 5, 8), dtype), alpha=0.5, beta=2.0)
      for dtype in ("float32", "float64")),
    _ape("lod_float64", _seq(_LOD_EMPTY, (6,), "float64"), alpha=-1.5),
    _ape("empty_steps", In((2, 0, 4), "float32")),
    _im2seq("k2", (2, 3, 4, 4), kernels=[2, 2]),
    _im2seq("strided_padded", (1, 2, 5, 6), kernels=[3, 2], strides=[2, 1],
            paddings=[1, 0, 1, 1]),
    _im2seq("rect_stride", (3, 1, 4, 7), kernels=[2, 3], strides=[2, 2]),
    _im2seq("overlapping", (1, 2, 4, 5), kernels=[3, 3], strides=[1, 1], paddings=[1, 1, 1, 1]),
    _match("dim_t3", (0, 2, 5), (0, 3, 4), 4, 3),
    _match("dim_t1", (0, 1, 3, 6), (0, 2, 2, 3), 3, 1),
    _match("one_pair", (0, 4), (0, 5), 2, 2),
]
