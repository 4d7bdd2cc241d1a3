"""Tree-based deep model (TDM) ops.

- tdm_child: TreeInfo rows (item id, layer, parent, child ids) of a small tree; the children
  of X's nodes and the leaf mask in the dtype attribute (int32 / int64), X and TreeInfo
  int32 / int64 (float X: Paddle registers the kernel but refuses it), X of rank 1 and 2,
  node 0 and leaves (no children), fewer children asked than stored, a node whose first
  child slot is empty; ids outside the tree are refused.
  Paddle reads past a row when child_nums exceeds its child columns: refused here, no fixture.
- tdm_sampler: a two-layer tree (4 and 8 nodes; node ids within the layer offsets, as
  Paddle checks), items' Travel paths with a padded one; seeded draws (7, -5 as the unsigned
  int Paddle makes of it) reproduced bit for bit; every other node asked for, no positive,
  int32 / int64 ids, Travel / Layer and outputs; refused as Paddle: no Labels output (its
  kernel writes it anyway), ids outside Travel, too many negatives, a positive outside its
  layer, a one-node layer, Travel and Layer of different dtypes, float ids. Seed 0
  (std::random_device): tests/ops/test_tdm.py.
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


#: items 0..7 travel to layer-1 node 1 + i // 2 and layer-2 node 5 + i; item 8 is padded.
_TRAVEL = [[1 + i // 2, 5 + i] for i in range(8)] + [[4, 0]]
_LAYER = [[n] for n in range(1, 13)]


def _sampler(name: str, x: list, neg: tuple[int, ...] = (1, 3), seed: int = 7,
             x_dtype: str = "int64", tree_dtype: str = "int32", layer_dtype: str | None = None,
             dtype: int = 2,
             column: bool = True, offsets: tuple[int, ...] = (0, 4, 12), travel: list = _TRAVEL,
             labels: bool = True, output_positive: bool = True, raises: str | None = None
             ) -> Case:
    shape = (len(x), 1) if column else (len(x),)
    return Case(f"tdm_sampler_{name}", "tdm_sampler",
                {"X": In(shape, x_dtype, values=[[v] for v in x] if column else x),
                 "Travel": In((len(travel), 2), tree_dtype, values=travel),
                 "Layer": In((12, 1), layer_dtype or tree_dtype, values=_LAYER)},
                attrs={"neg_samples_num_list": list(neg), "layer_offset": list(offsets),
                       "seed": seed, "dtype": dtype, "output_positive": output_positive},
                outputs=("Labels",) if labels else (), raises=raises)


_ITEMS = [0, 3, 7, 8, 3]
CASES += [
    _sampler("seed7", _ITEMS),
    _sampler("int32_ids_int64_tree", _ITEMS, x_dtype="int32", tree_dtype="int64", dtype=3,
             column=False),
    _sampler("all_negatives_no_positive", _ITEMS, (3, 7), output_positive=False),
    _sampler("negative_seed", _ITEMS, (1, 2), seed=-5),
    _sampler("no_labels", [1, 2, 6], (2, 4), seed=11, labels=False,
             raises="Labels|nullptr"),
    _sampler("no_negatives", [4, 5], (0, 0), seed=3),
    _sampler("id_past_travel", [1, 9], raises="expected >= 0 and < 9"),
    _sampler("too_many_negatives", [1, 2], (4, 3), raises="expected <= 4 - 1"),
    _sampler("positive_outside_layer", [0], travel=[[5, 6]], raises="Positive node id"),
    _sampler("one_node_layer", [0], (0, 1), offsets=(0, 1, 12), travel=[[1, 6]],
             raises="greater than 0"),
    _sampler("tree_dtypes_differ", [0], layer_dtype="int64", raises="same type"),
    _sampler("float_ids", [0, 1], x_dtype="float32", raises="wrong type"),
]
