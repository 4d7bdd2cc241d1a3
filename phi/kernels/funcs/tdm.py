"""Tree-based deep model (TDM) ops.

tdm_child: TreeInfo [nodes, 3 + k] holds per node its item id, layer, parent and child ids
(0: none). For each node id of X: its first child_nums children and a leaf mask (the child's
item id is not 0); a node 0, or one whose first child is 0, has children and mask 0. Ids
of X and the children they reach must be nodes of TreeInfo.

tdm_sampler: per node id of X and tree layer, the positive node on its Travel path and
negatives drawn from the layer's nodes, bit for bit as Paddle draws them for a non-zero seed
(docs/random.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs import cpu_engine, random
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


def tdm_sampler_dims(op: str, x_dims: Sequence[int], neg_samples_num_list: Sequence[int],
                     layer_offset: Sequence[int], output_positive: bool) -> tuple[int, int]:
    """Out, Labels and Mask: [X's nodes, sum over layers of negatives (+ 1 positive)]."""
    if len(x_dims) not in (1, 2) or (len(x_dims) == 2 and x_dims[1] != 1):
        raise ValueError(f"{op}: X must be [N] or [N, 1], got {list(x_dims)}")
    if len(layer_offset) < len(neg_samples_num_list) + 1:
        raise ValueError(f"{op}: layer_offset must hold {len(neg_samples_num_list) + 1} "
                         f"offsets (one per layer of neg_samples_num_list, and the end), got "
                         f"{list(layer_offset)}")
    return x_dims[0], sum(neg_samples_num_list) + len(neg_samples_num_list) * output_positive


class _Draws:
    """std::uniform_int_distribution<int>(0, high) over a std::mt19937_64 seeded with
    `seed`, drawn one at a time (computed in growing blocks)."""

    def __init__(self, seed: int, high: int) -> None:
        self.seed, self.high, self.block, self.next = seed, high, np.zeros(0, np.int64), 0

    def draw(self) -> int:
        if self.next == self.block.size:
            self.block = cpu_engine.uniform_int(self.seed, max(64, 2 * self.block.size), 0,
                                                self.high)
        self.next += 1
        return int(self.block[self.next - 1])


def _check_int(op: str, name: str, array: np.ndarray) -> None:
    if array.dtype not in (np.int32, np.int64):
        raise TypeError(f"{op}: Input({name}) holds the wrong type, it holds {array.dtype}, "
                        f"but desires to be int32 or int64")


def tdm_sampler(xp: Any, x: Any, travel: Any, layer: Any, output_positive: bool,
                neg_samples_num_list: Sequence[int], layer_offset: Sequence[int], seed: int,
                out: Any, labels: Any | None, mask: Any) -> None:
    """Per node id of X, per tree layer: its Travel node (the positive, label 1, unless
    output_positive is off) and neg_samples_num_list[layer] distinct other nodes of that
    layer (Layer[layer_offset[l]:layer_offset[l + 1]], label 0), drawn as Paddle's
    UniformSampler does: one std::mt19937_64 per layer seeded with the seed (as a 32-bit
    unsigned int; 0: a random one), a draw rejected while it names the positive or a node
    already drawn for this id. A Travel entry of 0 pads: its slots are 0 with mask 0. The
    draws are sequential by nature (each rejection moves the engine)."""
    op = "tdm_sampler"
    if labels is None:
        raise ValueError(f"{op}: the Labels output is required: Paddle's kernel writes it "
                         f"whether or not the program declares it (Required tensor shall not "
                         f"be nullptr)")
    ids, travel, layer = to_host(x).reshape(-1), to_host(travel), to_host(layer).reshape(-1)
    for name, array in (("X", ids), ("Travel", travel), ("Layer", layer)):
        _check_int(op, name, array)
    if travel.dtype != layer.dtype:
        raise TypeError(f"{op}: Input(Travel) must holds the same type with Input(Layer), but "
                        f"Travel holds {travel.dtype}, and Layer holds {layer.dtype}")
    layers = len(neg_samples_num_list)
    sizes = [layer_offset[i + 1] - layer_offset[i] for i in range(layers)]
    if any(size - 1 <= 0 for size in sizes):
        raise ValueError(f"{op}: every layer needs at least 2 nodes (the sampler's range "
                         f"should be greater than 0), got layer sizes {sizes}")
    seed = seed % (1 << 32) or int(random.global_generator().integers(1, 1 << 32))
    draws = [_Draws(seed, size - 1) for size in sizes]
    flat_travel = travel.reshape(-1)
    width = out.shape[1] if out.ndim == 2 else 0
    result = np.zeros((ids.size, width), np.int64)
    label = np.zeros_like(result)
    valid = np.ones_like(result)
    for i, node in enumerate(ids.tolist()):
        if not -1 < node < travel.shape[0]:
            raise ValueError(f"{op}: Variable value (input) expected >= 0 and < "
                             f"{travel.shape[0]}, but got {node}")
        col = 0
        for li, (count, size) in enumerate(zip(neg_samples_num_list, sizes)):
            if count > size - 1:
                raise ValueError(f"{op}: Neg sample nums id at layer {li} expected <= "
                                 f"{size} - 1 (positive included), but got {count}")
            low, high = layer_offset[li], layer_offset[li + 1]
            positive = int(flat_travel[node * layers + li])
            slots = count + int(output_positive)
            if positive == 0:
                valid[i, col:col + slots] = 0
                col += slots
                continue
            if not low <= positive <= high:
                raise ValueError(f"{op}: Positive node id at layer {li} expected >= {low} "
                                 f"and <= {high}, but got {positive}")
            if output_positive:
                result[i, col], label[i, col] = positive, 1
                col += 1
            nodes = layer[low:high]
            if int((nodes != positive).sum()) < count:
                raise ValueError(f"{op}: layer {li} holds fewer than {count} nodes other "
                                 f"than the positive {positive} (Paddle would never stop "
                                 f"drawing)")
            picked: list[int] = []
            for _ in range(count):
                pick = draws[li].draw()
                while nodes[pick] == positive or pick in picked:
                    pick = draws[li].draw()
                picked.append(pick)
                if nodes[pick] > high:
                    raise ValueError(f"{op}: Negative node id at layer {li} expected >= "
                                     f"{low} and <= {high}, but got {int(nodes[pick])}")
                result[i, col] = nodes[pick]
                col += 1
    for array, target in ((result, out), (label, labels), (valid, mask)):
        if target is not None:
            target[...] = xp.asarray(array.reshape(target.shape))
