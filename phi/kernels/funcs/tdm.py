"""Tree-based deep model (TDM) ops.

tdm_child: TreeInfo [nodes, 3 + k] holds per node its item id, layer, parent and child ids
(0: none). For each node id of X: its first child_nums children and a leaf mask (the child's
item id is not 0); a node 0, or one whose first child is 0, has children and mask 0. Ids
of X and the children they reach must be nodes of TreeInfo.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import to_host


def tdm_child_dims(op: str, x_dims: Sequence[int], tree_dims: Sequence[int],
                   child_nums: int) -> tuple[int, ...]:
    """Child and LeafMask: X's dims and child_nums."""
    if len(tree_dims) != 2 or child_nums <= 0 or tree_dims[1] < 3 + child_nums:
        raise ValueError(f"{op}: TreeInfo must be [nodes, 3 + k] with k >= child_nums > 0, "
                         f"got TreeInfo {list(tree_dims)} and child_nums {child_nums}")
    return (*x_dims, child_nums)


def _checked_ids(op: str, ids: np.ndarray, nodes: int) -> np.ndarray:
    if ids.size and (ids.min() < 0 or ids.max() >= nodes):
        bad = int(ids.min()) if ids.min() < 0 else int(ids.max())
        raise ValueError(f"{op}: input id expected >= 0 and < {nodes}, but got {bad}")
    return ids.astype(np.int64)


def tdm_child(xp: Any, x: Any, tree_info: Any, child_nums: int, child: Any,
              leaf_mask: Any) -> None:
    """child / leaf_mask [*x.shape, child_nums] (their dtypes are the outputs')."""
    tree, ids = to_host(tree_info), to_host(x).reshape(-1)
    for name, array in (("X", ids), ("TreeInfo", tree)):
        if array.dtype not in (np.int32, np.int64):
            raise TypeError(f"tdm_child: Input({name}) holds the wrong type, it holds "
                            f"{array.dtype}, but desires to be int32 or int64")
    ids = _checked_ids("tdm_child", ids, tree.shape[0])
    children = tree[ids, 3:3 + child_nums].astype(np.int64)
    has = (ids != 0) & (children[:, 0] != 0)
    children[~has] = 0
    mask = (tree[_checked_ids("tdm_child", children, tree.shape[0]), 0] != 0) & has[:, None]
    child[...] = xp.asarray(children.reshape(child.shape))
    leaf_mask[...] = xp.asarray(mask.reshape(leaf_mask.shape))
