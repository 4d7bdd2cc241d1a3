"""LoD sequence ops (old fluid NLP programs) that Paddle 3.3.1 still registers:
`sequence_pool` over the last LoD level (SUM, AVERAGE, SQRT, MAX with MaxIndex, LAST,
FIRST; pad_value for empty sequences; a 2-level LoD keeps its top level as the output
LoD); `sequence_softmax` within each last-level sequence (Paddle's unshifted exp, float32
sums: overflow, subnormals, underflow); `sequence_mask` (width from maxlen, MaxLenTensor or
max(X), out_dtype); `sequence_conv` (context windows before, around and past the start,
zero or trainable padding, empty and short sequences); `row_conv` (LoD and padded
[batch, steps, width] forms, lookahead longer than a sequence); `lod_reset` (target_lod,
append, Y's values, Y's LoD of one or two levels); `sequence_expand` (rows or sequences
of X, Y's level by ref_level, empty sequences, the output LoD); `im2sequence` (kernels,
strides, paddings; Y's real sizes with out_stride, Paddle ignoring Y for one image);
`match_matrix_tensor` (float32, Paddle's CPU dtype: dim_t bilinear matching matrices per
pair of sequences, an empty sequence, one pair; Out's LoD and Tmp).
`add_position_encoding` (padded [batch, steps, enc] and one-level LoD forms, alpha /
beta, an encoding of 2, edge values, empty inputs; odd encodings and wrong ranks refused).
`pyramid_hash` (inference: the 2..pyramid_layer-grams of int32 tokens hashed with XXH32 over
their float32 bytes, one hash per rand_len chunk of the row, the rows scaled by
drop_out_percent; n-grams of 4 words and more take XXH32's stripe path; a sequence too
short for an n-gram gives a zero row; tokens past 2**24 round as floats; an int8 table is
not scaled). Only Out is fetched: Paddle's DropPos is larger than what its kernel writes.

Not here: the sequence ops Paddle 3.3.1 no longer registers (sequence_expand_as,
sequence_reverse, sequence_pad, sequence_unpad, sequence_concat, sequence_slice,
sequence_enumerate, sequence_erase), which have no 3.3.1 reference to export.
"""

from __future__ import annotations

from typing import Any

from .spec import Case, In, LoDIn

POOLTYPES = ("SUM", "AVERAGE", "SQRT", "MAX", "LAST", "FIRST")


def _seq(lod: tuple[tuple[int, ...], ...], tail: tuple[int, ...], dtype: str,
         **fields: Any) -> LoDIn:
    """A LoD input whose rows are the last level's sequences."""
    return LoDIn((lod[-1][-1], *tail), dtype, lod=lod, **fields)


def _pool(name: str, x: LoDIn, pooltype: str, **attrs: Any) -> Case:
    fetch = ("Out", "MaxIndex") if pooltype == "MAX" and not attrs.get("is_test") else None
    return Case(f"sequence_pool_{name}", "sequence_pool", {"X": x},
                attrs={"pooltype": pooltype, **attrs}, fetch=fetch)


_LOD_EMPTY = ((0, 2, 2, 5, 6, 6),)  # sequences of 2, 0, 3, 1, 0 rows

SEQUENCE_POOL = [
    *(_pool(f"{p.lower()}_{dtype}", _seq(_LOD_EMPTY, (3,), dtype), p, pad_value=0.5)
      for p in POOLTYPES for dtype in ("float32", "float64")),
    *(_pool(f"{p.lower()}_2level", _seq(((0, 2, 3), (0, 2, 2, 5)), (4,), "float32"), p)
      for p in POOLTYPES),
    *(_pool(f"{p.lower()}_rank3", _seq(((0, 1, 4),), (2, 3), "float64"), p)
      for p in POOLTYPES),
    _pool("default_average", _seq(((0, 3, 4),), (2,), "float32"), "AVERAGE"),
    _pool("max_ties", _seq(((0, 3, 5),), (2,), "float32",
                           values=[[1.0, 2.0], [1.0, 3.0], [0.5, 3.0], [-1.0, -1.0],
                                   [-1.0, -2.0]]), "MAX"),
    _pool("max_nan", _seq(((0, 3, 5),), (2,), "float64",
                          values=[[float("nan"), 1.0], [2.0, float("nan")], [0.0, 3.0],
                                  [float("-inf"), float("-inf")], [-1.0, float("nan")]]),
          "MAX", note="Paddle's `>` scan: a first NaN stays, a later one never wins"),
    _pool("max_pad_negative", _seq(_LOD_EMPTY, (3,), "float32"), "MAX",
          pad_value=-2.0),
    _pool("sum_one_sequence", _seq(((0, 7),), (5,), "float32"), "SUM"),
    Case("sequence_pool_fewer_rows_than_sequences", "sequence_pool",
         {"X": _seq(((0, 0, 0),), (3,), "float32")}, attrs={"pooltype": "SUM"},
         raises=r"first dimension .*batch size"),
]

CASES = [*SEQUENCE_POOL]

SEQUENCE_SOFTMAX = [
    Case("sequence_softmax_float32", "sequence_softmax",
         {"X": _seq(((0, 2, 2, 5, 6),), (1,), "float32")}),
    Case("sequence_softmax_float64_1d", "sequence_softmax",
         {"X": _seq(((0, 3, 7),), (), "float64")}),
    Case("sequence_softmax_2level", "sequence_softmax",
         {"X": _seq(((0, 1, 3), (0, 2, 4, 6)), (1,), "float32")}),
    Case("sequence_softmax_large", "sequence_softmax",
         {"X": _seq(((0, 3, 5),), (1,), "float32",
                    values=[[100.0], [101.0], [99.0], [-100.0], [-101.0]])},
         note="float32 sums of exp: overflow (Paddle gives 0, not NaN) and subnormals"),
    Case("sequence_softmax_underflow", "sequence_softmax",
         {"X": _seq(((0, 2, 3),), (1,), "float32", values=[[-200.0], [-201.0], [0.5]])},
         note="every exp of the first sequence underflows the float32 sum: x / 0"),
    Case("sequence_softmax_float64_edges", "sequence_softmax",
         {"X": _seq(((0, 2, 4, 6),), (1,), "float64",
                    values=[[800.0], [1.0], [float("nan")], [0.0], [-800.0], [-801.0]])}),
    Case("sequence_softmax_width_2", "sequence_softmax",
         {"X": _seq(((0, 1, 3),), (2,), "float32")}, raises="width of each timestep"),
]

CASES += SEQUENCE_SOFTMAX

#: VarType codes of sequence_mask's out_dtype.
_VT = {"bool": 0, "int32": 2, "int64": 3, "float32": 5, "float64": 6, "uint8": 20}


def _mask(name: str, x: In, out_dtype: str, max_len: In | None = None, **attrs: Any) -> Case:
    inputs = {"X": x} if max_len is None else {"X": x, "MaxLenTensor": max_len}
    return Case(f"sequence_mask_{name}", "sequence_mask", inputs,
                attrs={"out_dtype": _VT[out_dtype], **attrs})


SEQUENCE_MASK = [
    _mask("int64_maxlen_from_x", In((4,), "int64", values=[2, 0, 5, 3]), "int64"),
    _mask("int32_maxlen4_float32", In((2, 3), "int32", values=[[1, 4, 6], [0, 2, 3]]),
          "float32", maxlen=4),
    _mask("float32_x_bool", In((3,), "float32", values=[2.5, 0.0, 1.0]), "bool", maxlen=3),
    _mask("float64_x_float64", In((3,), "float64", values=[1.0, 3.0, -1.0]), "float64"),
    _mask("tensor_maxlen", In((3,), "int64", values=[1, 2, 3]), "int32",
          max_len=In((1,), "int32", values=[5]), maxlen=2),
    _mask("uint8_out", In((2,), "int32", values=[3, 1]), "uint8", maxlen=4),
    _mask("empty_x", In((0,), "int64"), "int64", maxlen=3),
    _mask("float_x_width_truncated", In((2,), "float32", values=[2.5, 1.5]), "int64"),
    Case("sequence_mask_tensor_maxlen_0", "sequence_mask",
         {"X": In((2,), "int64", values=[2, 1]), "MaxLenTensor": In((1,), "int32", values=[0])},
         attrs={"out_dtype": 3}, raises=r"MaxLenTensor\) value .*greater than 0"),
    _mask("x_all_zero", In((3,), "int32", values=[0, 0, 0]), "int64"),
    Case("sequence_mask_x_negative", "sequence_mask",
         {"X": In((2,), "int64", values=[-2, -1])}, attrs={"out_dtype": 5},
         raises="meta data must be valid|mask width .* negative",
         note="Paddle fails on the negative width with an internal meta-data error"),
]

CASES += SEQUENCE_MASK


def _conv(name: str, lod: tuple[int, ...], width: int, length: int, start: int, out: int,
          dtype: str = "float32", trainable: bool = False) -> Case:
    inputs: dict[str, In] = {"X": _seq((lod,), (width,), dtype),
                             "Filter": In((length * width, out), dtype, low=-1.0, high=1.0)}
    if trainable:
        up, down = max(0, -start), max(0, start + length - 1)
        inputs["PaddingData"] = In((up + down, width), dtype, low=-1.0, high=1.0)
    return Case(f"sequence_conv_{name}", "sequence_conv", inputs,
                attrs={"contextLength": length, "contextStart": start,
                       "paddingTrainable": trainable})


SEQUENCE_CONV = [
    _conv("float32_centered", (0, 2, 2, 5, 6), 3, 3, -1, 4),
    _conv("start0", (0, 4, 5), 2, 2, 0, 3),
    _conv("start_positive", (0, 3, 4, 8), 2, 2, 1, 2),
    _conv("length1", (0, 1, 3), 4, 1, 0, 2),
    _conv("trainable_start_minus2_len5", (0, 2, 3, 7), 2, 5, -2, 3, trainable=True),
    _conv("trainable_start1_len3", (0, 1, 4, 6), 2, 3, 1, 2, trainable=True),
    _conv("trainable_start_past_short", (0, 2, 5), 3, 2, 3, 2, trainable=True),
    _conv("trainable_start_minus4_len3", (0, 2, 7), 2, 3, -4, 2, trainable=True),
]
#: Paddle 3.3.1 registers sequence_conv for float64 too, but its context projection reads
#: the input as float32 and fails ("The type of data we are trying to retrieve (float32)
#: does not match ... (float64)"): float64 has no Paddle reference; fluidphi computes it.

CASES += SEQUENCE_CONV


def _row_conv(name: str, x: In, context: int, dtype: str = "float32") -> Case:
    width = x.shape[-1]
    return Case(f"row_conv_{name}", "row_conv",
                {"X": x, "Filter": In((context, width), dtype, low=-1.0, high=1.0)})


ROW_CONV = [
    _row_conv("lod_float32", _seq(((0, 2, 2, 6, 7),), (3,), "float32"), 3),
    _row_conv("lod_long", _seq(((0, 5, 8),), (2,), "float32"), 2),
    _row_conv("lod_context_longer", _seq(((0, 1, 3),), (2,), "float32"), 4),
    _row_conv("lod_context1", _seq(((0, 3, 4),), (4,), "float32"), 1),
    _row_conv("padded_batch", In((2, 4, 3), "float32"), 2),
    _row_conv("padded_context_longer", In((3, 2, 2), "float32"), 3),
    # Not a case: a 2-level LoD (Paddle reads level 0 as row offsets and leaves the rows
    # past it uninitialised; fluidphi refuses it, tests/ops/test_sequence_ops.py).
]

CASES += ROW_CONV


LOD_RESET = [
    Case("lod_reset_target_float32", "lod_reset",
         {"X": _seq(((0, 3, 6),), (2,), "float32")}, attrs={"target_lod": [0, 2, 2, 6]}),
    Case("lod_reset_plain_x_int64", "lod_reset",
         {"X": In((6,), "int64")}, attrs={"target_lod": [0, 1, 4, 6]}),
    Case("lod_reset_append", "lod_reset",
         {"X": LoDIn((6, 2), "float64", lod=((0, 2, 6),))},
         attrs={"target_lod": [0, 3, 6], "append": True}),
    Case("lod_reset_y_tensor_int32", "lod_reset",
         {"X": In((5, 3), "int32"), "Y": In((3,), "int32", values=[0, 4, 5])}),
    Case("lod_reset_y_lod", "lod_reset",
         {"X": _seq(((0, 6),), (1,), "float32"), "Y": _seq(((0, 2, 6),), (1,), "float32")},
         attrs={"target_lod": [0, 6]}),
    Case("lod_reset_y_lod_2_levels", "lod_reset",
         {"X": In((5, 2), "float32"), "Y": _seq(((0, 1, 3), (0, 2, 2, 5)), (1,), "int64")}),
    Case("lod_reset_target_mismatch", "lod_reset",
         {"X": In((4, 2), "float32")}, attrs={"target_lod": [0, 2, 5]},
         raises="last value of .*(should|must) be equal to the first dimension"),
]

CASES += LOD_RESET


def _expand(name: str, x: In, y_lod: tuple[tuple[int, ...], ...], **attrs: Any) -> Case:
    return Case(f"sequence_expand_{name}", "sequence_expand",
                {"X": x, "Y": _seq(y_lod, (1,), "float32")}, attrs=attrs)


SEQUENCE_EXPAND = [
    _expand("rows_float32", In((3, 2), "float32"), ((0, 2, 2, 5),)),
    _expand("rows_int64", In((3, 1), "int64"), ((0, 1, 3, 4),)),
    _expand("sequences_float64", LoDIn((3, 2), "float64", lod=((0, 2, 3),)), ((0, 2, 3),)),
    _expand("sequences_empty_x", LoDIn((2, 2), "int32", lod=((0, 0, 2),)), ((0, 2, 3),)),
    _expand("y_2_levels_ref0", In((2, 2), "float32"), ((0, 2, 3), (0, 1, 3, 6)), ref_level=0),
    _expand("y_2_levels_last", In((3, 2), "float32"), ((0, 2, 3), (0, 1, 3, 6))),
    _expand("y_2_levels_ref1", LoDIn((4, 3), "float32", lod=((0, 1, 1, 4),)),
            ((0, 2, 3), (0, 1, 3, 6)), ref_level=1),
    _expand("rank3_rows", In((2, 2, 2), "float32"), ((0, 3, 4),)),
    Case("sequence_expand_rows_mismatch", "sequence_expand",
         {"X": In((3, 2), "float32"), "Y": _seq(((0, 2, 4),), (1,), "float32")},
         raises="first dimension of Input\\(X\\)|size of Input\\(Y\\)"),
]

CASES += SEQUENCE_EXPAND


def _im2seq(name: str, shape: tuple[int, ...], dtype: str = "float32", **attrs: Any) -> Case:
    return Case(f"im2sequence_{name}", "im2sequence", {"X": In(shape, dtype)}, attrs=attrs)


IM2SEQUENCE = [
    _im2seq("k2_float32", (2, 3, 4, 4), kernels=[2, 2]),
    _im2seq("strided_padded", (1, 2, 5, 6), kernels=[3, 2], strides=[2, 1],
            paddings=[1, 0, 1, 1]),
    _im2seq("rect_stride", (3, 1, 4, 7), kernels=[2, 3], strides=[2, 2]),
    _im2seq("whole_image", (2, 2, 3, 3), kernels=[3, 3]),
    Case("im2sequence_real_sizes", "im2sequence",
         {"X": In((2, 2, 5, 5), "float32"),
          "Y": In((2, 2), "float32", values=[[5.0, 4.0], [3.0, 2.0]])},
         attrs={"kernels": [2, 2], "paddings": [0, 0, 1, 1]}),
    Case("im2sequence_real_sizes_out_stride", "im2sequence",
         {"X": In((3, 1, 6, 6), "float32"),
          "Y": In((3, 2), "float32", values=[[6.0, 6.0], [5.0, 3.0], [12.0, 9.0]])},
         attrs={"kernels": [2, 2], "strides": [1, 2], "out_stride": [2, 2]},
         note="the third image's real size exceeds X: windows past X's edge read zeros"),
    Case("im2sequence_real_sizes_batch1", "im2sequence",
         {"X": In((1, 2, 4, 4), "float32"), "Y": In((1, 2), "float32", values=[[2.0, 2.0]])},
         attrs={"kernels": [2, 2]}, note="Paddle ignores Y for a batch of one"),
]

CASES += IM2SEQUENCE


def _match(name: str, x_lod: tuple[int, ...], y_lod: tuple[int, ...], dim_in: int,
           dim_t: int, raises: str | None = None) -> Case:
    return Case(f"match_matrix_tensor_{name}", "match_matrix_tensor",
                {"X": _seq((x_lod,), (dim_in,), "float32"),
                 "Y": _seq((y_lod,), (dim_in,), "float32"),
                 "W": In((dim_in, dim_t, dim_in), "float32", low=-1.0, high=1.0)},
                attrs={"dim_t": dim_t}, fetch=("Out", "Tmp"), raises=raises)


MATCH_MATRIX_TENSOR = [
    _match("dim_t3", (0, 2, 5), (0, 3, 4), 4, 3),
    _match("dim_t1", (0, 1, 3, 6), (0, 2, 2, 3), 3, 1),
    _match("one_pair", (0, 4), (0, 5), 2, 2),
]

CASES += MATCH_MATRIX_TENSOR


def _ape(name: str, x: In, raises: str | None = None, **attrs: Any) -> Case:
    return Case(f"add_position_encoding_{name}", "add_position_encoding", {"X": x},
                attrs=attrs, raises=raises)


ADD_POSITION_ENCODING = [
    *(_ape(f"padded_{dtype}", In((2, 5, 8), dtype), alpha=0.5, beta=2.0)
      for dtype in ("float32", "float64")),
    *(_ape(f"lod_{dtype}", _seq(_LOD_EMPTY, (6,), dtype)) for dtype in ("float32", "float64")),
    _ape("defaults", In((1, 4, 4), "float32")),
    _ape("enc_2", In((2, 7, 2), "float64"), alpha=-1.0, beta=0.25),
    _ape("long_steps", In((1, 60, 10), "float32"), alpha=0.0),
    _ape("edges", In((1, 7, 2), "float32",
                     values=[[[float("nan"), 1.0], [float("inf"), 0.0], [float("-inf"), -0.0],
                              [1e38, -1e38], [-1.0, 2.0], [0.0, 0.0], [3.0, -3.0]]]),
         alpha=4.0),
    _ape("empty_steps", In((2, 0, 4), "float32")),
    _ape("empty_batch", In((0, 3, 4), "float64")),
    _ape("odd_enc", In((2, 3, 5), "float32"), raises="even"),
    _ape("rank2_no_lod", In((3, 4), "float32"), raises="dimension|dims"),
    _ape("lod_rank3", _seq(((0, 1, 3),), (2, 4), "float32"), raises="dimension|dims"),
]

CASES += ADD_POSITION_ENCODING


def _pyramid(name: str, lod: tuple[int, ...], space_len: int, rand_len: int, num_emb: int,
             dtype: str = "float32", tokens: Any = None, **attrs: Any) -> Case:
    rows = lod[-1]
    x = (LoDIn((rows, 1), "int32", low=-20, high=60, lod=(lod,)) if tokens is None
         else LoDIn((rows, 1), "int32", values=[[t] for t in tokens], lod=(lod,)))
    table = (In((space_len + rand_len, 1), dtype, low=-100, high=100) if dtype == "int8"
             else In((space_len + rand_len, 1), dtype, low=-1.0, high=1.0))
    return Case(f"pyramid_hash_{name}", "pyramid_hash",
                {"X": x, "W": table, "WhiteList": In((1, 1), "float32"),
                 "BlackList": In((1, 1), "float32")},
                attrs={"space_len": space_len, "rand_len": rand_len, "num_emb": num_emb,
                       "drop_out_percent": 0.5, **attrs}, fetch=("Out",))


PYRAMID_HASH = [
    _pyramid("bigrams", (0, 3, 4, 8), 30, 2, 4),
    _pyramid("trigrams_empty_sequence", (0, 5, 5, 7, 8), 40, 3, 6, pyramid_layer=3),
    _pyramid("long_grams_stripes", (0, 7, 13), 50, 2, 6, pyramid_layer=7,
             drop_out_percent=1.0),
    _pyramid("one_chunk", (0, 4, 6), 17, 4, 4, pyramid_layer=4),
    _pyramid("big_tokens", (0, 4), 23, 1, 3, pyramid_layer=3,
             tokens=[16777217, -16777217, 2147483647, -2147483648]),
    _pyramid("int8_table", (0, 3, 6), 20, 2, 4, dtype="int8", pyramid_layer=3),
    _pyramid("short_sequences_only", (0, 1, 2), 10, 2, 2),
]

CASES += PYRAMID_HASH

