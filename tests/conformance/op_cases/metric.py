"""Evaluation metrics: edit_distance (LoD and padded-with-lengths pairs, empty hypotheses
and references, normalized, identical and disjoint sequences, an empty reference with
normalized raising), chunk_eval (IOB / IOE / IOBES / plain, LoD and SeqLength-padded rows,
excluded chunk types, no chunks at all, perfect agreement, a tag above the range raising),
auc (slide_steps 0 and > 0 with the step counter, InsTagWeight 0 /
1, one- and two-column Predict, scores 0 and 1, ignored negative labels, StatPosOut /
StatNegOut written into StatPos / StatNeg as training programs do, a score outside [0, 1]).

auc's stats are int64 counts: [1, num_thresholds + 1] for slide_steps 0, else
[(slide_steps + 1) * (num_thresholds + 1) + 1] (step rows, the sum row, the counter).
"""

from __future__ import annotations

from .spec import Case, In, LoDIn

#: case name -> {output slot: input slot}
INPLACE: dict[str, dict[str, str]] = {}


def _window(buckets: int, slide: int, counter: int, seed: int) -> list[int]:
    """Step rows of small counts, their sum row, the step counter."""
    steps = [[(seed * 3 + row * 5 + b * 7) % 4 for b in range(buckets)] for row in range(slide)]
    total = [sum(col) for col in zip(*steps)]
    return [v for row in steps for v in row] + total + [counter]


def _auc(tag: str, rows: int = 8, width: int = 2, nt: int = 15, slide: int = 0, *,
         predict: In | None = None, label: In | None = None, weight: float | None = None,
         counter: int = 4, inplace: bool = False, raises: str | None = None) -> Case:
    name = f"auc_{tag}"
    size = (slide + 1) * (nt + 1) + 1 if slide else nt + 1
    shape = (size,) if slide else (1, size)
    stats = [In(shape, "int64", 0, 5) if not slide else
             In(shape, "int64", values=_window(nt + 1, slide, counter, seed))
             for seed in (1, 2)]
    inputs = {"Predict": predict or In((rows, width), "float32", 0.0, 1.0),
              "Label": label or In((rows, 1), "int64", 0, 2),
              "StatPos": stats[0], "StatNeg": stats[1]}
    if weight is not None:
        inputs["InsTagWeight"] = In((1,), "float32", values=[weight])
    if inplace:
        INPLACE[name] = {"StatPosOut": "StatPos", "StatNegOut": "StatNeg"}
    return Case(name, "auc", inputs,
                attrs={"num_thresholds": nt, "slide_steps": slide}, raises=raises)


_EDGE_SCORES = [[0.0], [1.0], [0.5], [0.0625], [0.999], [1.0], [0.0], [0.3]]

CASES = [
    _auc("global"),
    _auc("global_width1", width=1),
    _auc("slide3", slide=3, counter=5),
    _auc("slide1_counter0", slide=1, counter=0),
    _auc("slide2_fake", slide=2, weight=0.0),
    _auc("slide2_weight1", slide=2, weight=1.0, counter=7),
    _auc("global_weight1", weight=1.0),
    _auc("edge_scores", width=1, nt=16, predict=In((8, 1), "float32", values=_EDGE_SCORES)),
    _auc("labels_ignored", label=In((8, 1), "int64", values=[[-1], [2], [0], [1], [-3], [0],
                                                             [5], [1]])),
    _auc("one_class", label=In((8, 1), "int64", values=[[1]] * 8)),
    Case("auc_pr_curve", "auc", _auc("pr_curve", slide=2).inputs,
         attrs={"num_thresholds": 15, "slide_steps": 2, "curve": "PR"}),
    _auc("inplace_global", inplace=True),
    _auc("inplace_slide2", slide=2, inplace=True, counter=3),
    _auc("nt1", nt=1, rows=5),
    _auc("score_above_one", predict=In((3, 2), "float32", values=[[0.0, 0.5], [0.0, 1.5],
                                                                  [0.5, 0.5]]), rows=3,
         raises="[Pp]redict"),
]


def _ed_lod(tag: str, hyp_lod: tuple[int, ...], ref_lod: tuple[int, ...], *,
            hyps: list | None = None, refs: list | None = None, normalized: bool = False,
            raises: str | None = None) -> Case:
    def seqs(lod: tuple[int, ...], values: list | None) -> LoDIn:
        if values is not None:
            return LoDIn((lod[-1], 1), "int64", values=[[v] for v in values], lod=(lod,))
        return LoDIn((lod[-1], 1), "int64", 0, 4, lod=(lod,))
    return Case(f"edit_distance_{tag}", "edit_distance",
                {"Hyps": seqs(hyp_lod, hyps), "Refs": seqs(ref_lod, refs)},
                attrs={"normalized": normalized}, raises=raises)


def _ed_padded(tag: str, hyp_lens: list[int], ref_lens: list[int], width: int = 6,
               normalized: bool = False) -> Case:
    batch = len(hyp_lens)
    return Case(f"edit_distance_{tag}", "edit_distance",
                {"Hyps": In((batch, width), "int64", 0, 4), "Refs": In((batch, width - 1),
                                                                        "int64", 0, 4),
                 "HypsLength": In((batch,), "int64", values=hyp_lens),
                 "RefsLength": In((batch,), "int64", values=ref_lens)},
                attrs={"normalized": normalized})


CASES += [
    _ed_lod("lod", (0, 3, 7, 12), (0, 4, 6, 12)),
    _ed_lod("lod_normalized", (0, 3, 7, 12), (0, 4, 6, 12), normalized=True),
    _ed_lod("lod_empty_sequences", (0, 0, 4, 4, 6), (0, 3, 3, 5, 5)),
    _ed_lod("known_distances", (0, 6, 9, 12), (0, 7, 10, 13),
            hyps=[1, 2, 3, 4, 5, 6, 7, 7, 7, 1, 2, 3],
            refs=[1, 3, 4, 5, 9, 6, 8, 8, 8, 8, 1, 2, 3]),
    _ed_lod("normalized_empty_ref", (0, 2, 4), (0, 3, 3), normalized=True,
            raises="empty"),
    _ed_padded("padded", [6, 0, 3, 2], [5, 2, 0, 5]),
    _ed_padded("padded_normalized", [6, 1, 3], [5, 2, 4], normalized=True),
]


def _chunk(tag: str, scheme: str, types: int, lod: tuple[int, ...] | None = None, *,
           padded: tuple[int, int, list[int]] | None = None, infer: list | None = None,
           label: list | None = None, excluded: list[int] | None = None,
           raises: str | None = None) -> Case:
    top = types * {"IOB": 2, "IOE": 2, "IOBES": 4, "plain": 1}[scheme] + 1
    attrs = {"num_chunk_types": types, "chunk_scheme": scheme,
             "excluded_chunk_types": excluded or []}
    if padded is not None:
        batch, width, lengths = padded
        inputs = {"Inference": In((batch, width), "int64", 0, top, values=infer),
                  "Label": In((batch, width), "int64", 0, top, values=label),
                  "SeqLength": In((batch,), "int64", values=lengths)}
    else:
        def tags(values: list | None) -> LoDIn:
            return LoDIn((lod[-1], 1), "int64", 0, top, lod=(lod,),
                         values=None if values is None else [[v] for v in values])
        inputs = {"Inference": tags(infer), "Label": tags(label)}
    return Case(f"chunk_eval_{tag}", "chunk_eval", inputs, attrs=attrs, raises=raises)


_TAGS = [0, 1, 1, 6, 2, 3, 0, 4, 5, 6, 0, 1]

CASES += [
    *(_chunk(f"{scheme.lower()}_lod", scheme, 3, (0, 5, 12, 20))
      for scheme in ("IOB", "IOE", "IOBES", "plain")),
    _chunk("iob_padded", "IOB", 2, padded=(3, 6, [6, 2, 4])),
    _chunk("iobes_padded", "IOBES", 2, padded=(2, 7, [7, 5])),
    _chunk("iob_excluded", "IOB", 3, (0, 12, 20), excluded=[1]),
    _chunk("iob_same", "IOB", 3, (0, 5, 12), infer=_TAGS, label=_TAGS),
    _chunk("iob_all_other", "IOB", 3, (0, 4, 6), infer=[6] * 6, label=[6] * 6),
    _chunk("iob_tag_above_range", "IOB", 3, (0, 3, 5), infer=[0, 1, 7, 6, 6],
           label=[0, 1, 1, 6, 6], raises="[Ll]abel|range"),
]
