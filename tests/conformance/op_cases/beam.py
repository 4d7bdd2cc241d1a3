"""Beam-search decoding ops.

- beam_search: one step over 2-level LoD inputs (pre_ids, pre_scores [rows, 1], ids,
  scores [rows, K]): each source (a sequence of LoD level `level`) keeps its beam_size best
  candidates; finished rows (pre_id == end_id) offer only end_id; a source whose kept
  candidates all end finished rows is pruned. Paddle's CPU kernel reads pre_ids / ids as
  int64 and scores as float32 whatever the kernel's dtype, so the cases are those dtypes.
  Cases: first step, several sources, accumulated scores, finished and pruned sources, empty
  prefixes and sources, level 1, exact ties (Paddle's insertion order).
- gather_tree: Ids and Parents [max_time, batch, beam] (int32 / int64, Paddle's CPU dtypes);
  the full id paths traced back from the last step through the parents. Shapes with one
  step, one beam, zero-size batch and time; a reached parent out of [0, beam) is refused,
  one never reached (or of step 0, which indexes nothing) is not.
- beam_search_decode: Ids and Scores are tensor arrays (`ArrayIn`), one [rows, 1] tensor per
  step with beam_search's 2-level LoD (source offsets over the previous step's rows, each
  row's offsets over the step's candidates). Cases: one and several steps and sources,
  finished hypotheses (their repeated end_id skipped), a source pruned before the last
  step, ties of the final scores, an empty source at beam_size 1, every CPU dtype of
  Scores (the kernel's key). Refused as Paddle refuses: more candidates than beam_size,
  arrays of different sizes, a 1-level LoD, int32 Ids. Fewer hypotheses than beam_size
  crash Paddle's process (its sort reads a missing hypothesis' score): no fixture,
  tests/ops/test_beam_ops.py checks fluidphi's error.
"""

from __future__ import annotations

from .spec import ArrayIn, Case, In, LoDIn

_UNREACHABLE = ("Paddle's CPU kernel reads scores as float32 whatever its kernel's dtype, so "
                "this registration cannot run; fluidphi keys beam_search by scores: float32")
DTYPE_GAPS = {"beam_search": dict.fromkeys(("int32", "int64", "float64"), _UNREACHABLE)}


def _tree(name: str, shape: tuple[int, int, int], dtype: str, parents: object = None,
          raises: str | None = None) -> Case:
    beam = shape[2]
    if parents is None:
        parents = In(shape, dtype, low=0, high=max(beam, 1))
    elif not isinstance(parents, In):
        parents = In(shape, dtype, values=parents)
    return Case(f"gather_tree_{name}", "gather_tree",
                {"Ids": In(shape, dtype, low=0, high=50), "Parents": parents},
                api="paddle.nn.functional.gather_tree", raises=raises)


def _search(name: str, lod: tuple[tuple[int, ...], ...], width: int, pre_ids: list[int],
            *, accumulated: bool = False, with_ids: bool = True, ids: object = None,
            score_values: object = None, raises: str | None = None,
            **attrs: object) -> Case:
    rows = lod[-1][-1]
    scores = (In((rows, width), "float32", low=-6.0, high=0.0) if accumulated
              else In((rows, width), "float32", low=0.05, high=1.0))
    inputs: dict[str, In] = {
        "pre_ids": LoDIn((rows, 1), "int64", values=[[i] for i in pre_ids], lod=lod),
        "pre_scores": LoDIn((rows, 1), "float32", low=-3.0, high=0.0, lod=lod),
    }
    if with_ids:
        inputs["ids"] = (LoDIn((rows, width), "int64", low=1, high=40, lod=lod) if ids is None
                         else LoDIn((rows, width), "int64", values=ids, lod=lod))
    inputs["scores"] = LoDIn(scores.shape, scores.dtype, low=scores.low, high=scores.high,
                             values=score_values, lod=lod)
    return Case(f"beam_search_{name}", "beam_search", inputs,
                attrs={"level": 0, "is_accumulated": accumulated, **attrs}, outputs=("parent_idx",),
                raises=raises)


Step = tuple[list[int], list[float], tuple[tuple[int, ...], ...]]  # ids, scores, LoD


def _decode(name: str, steps: list[Step], beam_size: int, end_id: int = 0,
            dtype: str = "float32", ids_dtype: str = "int64", score_steps: int | None = None,
            raises: str | None = None) -> Case:
    ids = ArrayIn(tuple(LoDIn((len(i), 1), ids_dtype, values=[[v] for v in i], lod=lod)
                        for i, _, lod in steps))
    scores = ArrayIn(tuple(LoDIn((len(v), 1), dtype, values=[[x] for x in v], lod=lod)
                           for _, v, lod in steps[:score_steps]))
    return Case(f"beam_search_decode_{name}", "beam_search_decode",
                {"Ids": ids, "Scores": scores}, attrs={"beam_size": beam_size, "end_id": end_id},
                raises=raises)


# two sources, beam 2: step 0 one prefix per source, step 1 one candidate per prefix
_TWO: list[Step] = [([3, 4, 5, 6], [-0.5, -1.0, -0.25, -2.0], ((0, 1, 2), (0, 2, 4))),
                    ([7, 8, 9, 2], [-1.5, -1.25, -0.75, -3.0], ((0, 2, 4), (0, 1, 2, 3, 4)))]
# one source, beam 2, end 0: a hypothesis ends at step 1 and repeats end_id at step 2
_FINISHED: list[Step] = [([3, 4], [-1.0, -2.0], ((0, 1), (0, 2))),
                         ([0, 5], [-1.5, -2.5], ((0, 2), (0, 1, 2))),
                         ([0, 6], [-1.5, -3.0], ((0, 2), (0, 1, 2)))]
# two sources, beam 2: source 1 finishes at step 1 and is pruned at step 2 (no candidates)
_PRUNED: list[Step] = [([3, 4, 5, 6], [-1.0, -2.0, -1.0, -2.0], ((0, 1, 2), (0, 2, 4))),
                       ([7, 8, 0, 0], [-2.0, -3.0, -1.5, -2.5], ((0, 2, 4), (0, 1, 2, 3, 4))),
                       ([9, 1], [-4.0, -3.5], ((0, 2, 4), (0, 1, 2, 2, 2)))]
# one source, beam 3: both candidates of step 1 come from prefix 1 (prefix 0 and 2 dropped)
_REGROUP: list[Step] = [([3, 4, 5], [-1.0, -1.0, -1.0], ((0, 1), (0, 3))),
                        ([6, 7, 8], [-2.0, -1.0, -2.0], ((0, 3), (0, 0, 3, 3)))]
_INT_TWO: list[Step] = [(i, [float(round(v * 4)) for v in s], lod) for i, s, lod in _TWO]

CASES = [
    _tree("int64", (5, 2, 3), "int64"),
    _tree("int32", (4, 3, 2), "int32"),
    _tree("one_step", (1, 2, 4), "int64"),
    _tree("one_beam", (6, 3, 1), "int32"),
    _tree("batch1", (3, 1, 5), "int64"),
    _tree("doc_example", (3, 2, 2), "int64",
          parents=[[[0, 0], [1, 1]], [[1, 0], [1, 0]], [[0, 0], [0, 1]]]),
    _tree("empty_batch", (3, 0, 2), "int64"),
    _tree("empty_time", (0, 2, 2), "int32"),
    _tree("unreached_parent_out_of_range", (3, 1, 2), "int64",
          parents=[[[0, 1]], [[1, 5]], [[0, 0]]]),
    _tree("step0_parents_unchecked", (3, 1, 2), "int32",
          parents=[[[0, 9]], [[1, 1]], [[0, 0]]]),
    _tree("reached_parent_out_of_range", (3, 1, 2), "int64",
          parents=[[[0, 1]], [[5, 0]], [[0, 0]]], raises="parent"),
    _tree("parent_out_of_range", (2, 1, 2), "int64", parents=[[[0, 1]], [[2, 0]]],
          raises="parent"),
    _tree("parent_negative", (2, 1, 2), "int32", parents=[[[0, 1]], [[-1, 0]]],
          raises="parent"),
    _search("first_step", ((0, 1, 2), (0, 1, 2)), 5, [0, 0], beam_size=2, end_id=1),
    _search("two_sources", ((0, 2, 4), (0, 1, 2, 3, 4)), 4, [3, 5, 7, 9], beam_size=2,
            end_id=1),
    _search("accumulated", ((0, 2, 3), (0, 1, 2, 3)), 3, [3, 5, 7], accumulated=True,
            beam_size=2, end_id=1),
    _search("finished_branch", ((0, 2, 4), (0, 1, 2, 3, 4)), 3, [1, 5, 7, 9], beam_size=2,
            end_id=1),
    _search("all_finished_pruned", ((0, 2, 4), (0, 1, 2, 3, 4)), 3, [1, 1, 7, 9],
            beam_size=2, end_id=1),
    _search("empty_prefix", ((0, 2, 3), (0, 1, 1, 3)), 3, [4, 5, 6], beam_size=2, end_id=0),
    _search("empty_source", ((0, 0, 2), (0, 1, 2)), 3, [4, 5], beam_size=3, end_id=0),
    _search("level1", ((0, 2, 3), (0, 1, 3, 4)), 3, [4, 5, 6, 7], beam_size=2, end_id=0,
            level=1),
    # exact ties: a candidate equal to the full beam's last one replaces it
    _search("ties_last_slot", ((0, 1), (0, 1)), 4, [3], accumulated=True,
            ids=[[11, 12, 13, 14]], score_values=[[-0.5, -0.5, -0.5, -0.5]], beam_size=2,
            end_id=0),
    _search("ties_pushed_down", ((0, 2), (0, 1, 2)), 4, [3, 4], accumulated=True,
            ids=[[11, 12, 13, 14], [21, 22, 23, 24]],
            score_values=[[-0.5, -0.5, -0.5, -0.5], [-0.25, -2.0, -0.5, -0.125]],
            beam_size=3, end_id=0),
    _search("ties_across_rows", ((0, 3), (0, 1, 2, 3)), 2, [3, 4, 5], accumulated=True,
            ids=[[11, 12], [21, 22], [31, 32]],
            score_values=[[-1.0, -1.0], [-1.0, -1.0], [-1.0, -3.0]], beam_size=2, end_id=0),
    _decode("two_steps", _TWO, beam_size=2),
    _decode("one_step", _TWO[:1], beam_size=2),
    _decode("float64", _TWO, beam_size=2, dtype="float64"),
    _decode("float16", _TWO, beam_size=2, dtype="float16"),
    _decode("int32_scores", _INT_TWO, beam_size=2, dtype="int32"),
    _decode("int64_scores", _INT_TWO, beam_size=2, dtype="int64"),
    _decode("finished", _FINISHED, beam_size=2, end_id=0),
    _decode("end_id_not_met", _FINISHED, beam_size=2, end_id=9),
    _decode("pruned_source", _PRUNED, beam_size=2, end_id=0),
    _decode("regroup_ties", _REGROUP, beam_size=3),
    _decode("beam1_empty_source", [([3], [-1.0], ((0, 1, 1), (0, 1))),
                                   ([4], [-2.0], ((0, 1, 1), (0, 1)))], beam_size=1),
    _decode("more_than_beam", _REGROUP, beam_size=2, raises="range"),
    _decode("sizes_differ", _TWO, beam_size=2, score_steps=1,
            raises=r"size of Input\(Ids\) and Input\(Scores\)"),
    _decode("one_level_lod", [([3, 4], [-1.0, -2.0], ((0, 2),))], beam_size=2,
            raises="lod"),
    _decode("int32_ids", _TWO, beam_size=2, ids_dtype="int32", raises="int64"),
]
