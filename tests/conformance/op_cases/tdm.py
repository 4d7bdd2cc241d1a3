"""Tree-based deep model (TDM) ops.

- tdm_child: TreeInfo rows (item id, layer, parent, child ids) of a small tree; the children
  of X's nodes and the leaf mask in the dtype attribute (int32 / int64), X and TreeInfo
  int32 / int64 (float X: Paddle registers the kernel but refuses it), X of rank 1 and 2,
  node 0 and leaves (no children), fewer children asked than stored, a node whose first
  child slot is empty; ids outside the tree are refused.
  Paddle reads past a row when child_nums exceeds its child columns: refused here, no fixture.
"""

from __future__ import annotations

from .spec import Case, In

#: node 0 unused; 1, 2 inner (layer 1); 3..6 layer 2 (4 and 5 items); 7 inner with only a
#: second child slot filled.
_TREE = [[0, 0, 0, 0, 0], [0, 1, 0, 3, 4], [0, 1, 0, 5, 6], [0, 2, 1, 0, 0], [7, 2, 1, 0, 0],
         [8, 2, 2, 0, 0], [0, 2, 2, 0, 0], [0, 1, 0, 0, 5]]


def _child(name: str, x: list, x_dtype: str = "int64", tree_dtype: str = "int32",
           child_nums: int = 2, dtype: int = 3, raises: str | None = None) -> Case:
    shape = (len(x), len(x[0])) if isinstance(x[0], list) else (len(x),)
    return Case(f"tdm_child_{name}", "tdm_child",
                {"X": In(shape, x_dtype, values=x),
                 "TreeInfo": In((len(_TREE), 5), tree_dtype, values=_TREE)},
                attrs={"child_nums": child_nums, "dtype": dtype}, raises=raises)


CASES = [
    _child("int64", [[1], [2], [4], [0]]),
    _child("int32_out_int32", [[1], [2], [4], [0]], "int32", dtype=2),
    _child("tree_int64", [1, 2, 3], tree_dtype="int64"),
    _child("rank2", [[1, 2], [6, 7]], "int32"),
    _child("x_float32", [[1], [4], [7]], "float32", raises="int32 or int64"),
    _child("x_float64_tree_int64", [2, 0], "float64", tree_dtype="int64", dtype=2,
           raises="int32 or int64"),
    _child("one_child_asked", [[1, 2]], child_nums=1),
    _child("id_past_tree", [[1], [9]], raises="expected >= 0 and < 8"),
    _child("id_negative", [[-1]], "int32", raises="expected >= 0 and < 8"),
]
