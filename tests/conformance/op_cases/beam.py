"""Beam-search decoding ops.

- gather_tree: Ids and Parents [max_time, batch, beam] (int32 / int64, Paddle's CPU dtypes);
  the full id paths traced back from the last step through the parents. Shapes with one
  step, one beam, zero-size batch and time; a reached parent out of [0, beam) is refused,
  one never reached (or of step 0, which indexes nothing) is not.
"""

from __future__ import annotations

from .spec import Case, In


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
]
