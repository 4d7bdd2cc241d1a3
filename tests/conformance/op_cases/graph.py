"""Graph message-passing and sampling ops.

- graph_send_recv (PHI send_u_recv): rows of X gathered at Src_index and reduced (SUM, MEAN,
  MAX, MIN) into the rows at Dst_index; rows receiving nothing are 0. Out has out_size rows
  (the attribute or the Out_size tensor; <= 0: X's rows). Float and int dtypes, int32 / int64
  indices ([E] or [E, 1]), 1-D and 3-D X, no edges; an index out of range is refused.
- graph_send_ue_recv (PHI send_ue_recv): as graph_send_recv with each message first combined
  (message_op ADD / MUL) with its edge's row of Y; feature dims of X and Y broadcast. Paddle
  does not check its indices here (an out-of-range one reads or writes past the rows); we
  refuse them, so no fixture.
- graph_send_uv (PHI send_uv): out[e] = x[src[e]] op y[dst[e]] (ADD, MUL), feature dims
  broadcast. Paddle's kernel leaves out unwritten for SUB / DIV (its API rewrites them into
  ADD / MUL); we refuse them, so no fixture.
- graph_reindex (PHI graph_reindex): centers X, Neighbors and int32 Count renumbered: X
  (duplicates kept, a repeated node gets its last position) then new neighbors in order.
  Paddle aborts the process on no neighbors and reads past Count when it does not sum to
  the neighbors, so those have no fixture (we refuse the latter); a non-int32 Count raises.
- graph_sample_neighbors / weighted_sample_neighbors: a CSC graph of 10 nodes (Row, Col_Ptr),
  int32 / int64, with sample_size at or above every degree (all neighbors, in order: Paddle
  samples a larger neighborhood from std::random_device, tested by its distribution in
  tests/ops/test_graph.py), 0, nodes without neighbors, repeated nodes, X [N, 1], Eids
  returned, no nodes. Refused as Paddle: a negative sample_size, index tensors of different
  dtypes, float64 edge weights (X [N, 2] and return_eids without Eids: Paddle refuses them
  while building the program, tests/ops/test_graph.py). A node outside
  Col_Ptr crashes Paddle (we refuse it; no fixture); so does weighted sampling with
  sample_size 0 from a node with neighbors (we give none).
- graph_khop_sampler: one and two hops where every frontier holds at least len(X) nodes
  (Paddle's CPU kernel samples the first len(X) of each; a larger second frontier shows
  it), Eids, int32. Refused as Paddle: X with consecutive repeats (fewer frontier nodes than
  X), X without neighbors, an empty X.
"""

from __future__ import annotations

from .spec import Case, In


def _idx(values: list[int], dtype: str = "int64", column: bool = False) -> In:
    shape = (len(values), 1) if column else (len(values),)
    return In(shape, dtype, values=[[v] for v in values] if column else values)


_SRC = [0, 1, 2, 0, 3, 1, 4]
_DST = [1, 2, 1, 0, 1, 4, 1]


def _recv(name: str, reduce_op: str, x: In, y: In | None = None, message_op: str = "ADD",
          src: list[int] = _SRC, dst: list[int] = _DST,
          index_dtype: str = "int64", column: bool = False, out_size: int | None = None,
          out_size_tensor: int | None = None, raises: str | None = None) -> Case:
    inputs = {"X": x, **({"Y": y} if y is not None else {}),
              "Src_index": _idx(src, index_dtype, column),
              "Dst_index": _idx(dst, index_dtype, column)}
    if out_size_tensor is not None:
        inputs["Out_size"] = In((1,), index_dtype, values=[out_size_tensor])
    attrs: dict[str, object] = {"reduce_op": reduce_op}
    if y is not None:
        attrs["message_op"] = message_op
    if out_size is not None:
        attrs["out_size"] = [out_size]
    op = "graph_send_recv" if y is None else "graph_send_ue_recv"
    return Case(f"{op}_{name}", op, inputs, attrs, raises=raises)


def _uv(name: str, message_op: str, x: In, y: In, src: list[int] = _SRC,
        dst: list[int] = _DST, index_dtype: str = "int64", raises: str | None = None) -> Case:
    return Case(f"graph_send_uv_{name}", "graph_send_uv",
                {"x": x, "y": y, "src_index": _idx(src, index_dtype),
                 "dst_index": _idx(dst, index_dtype)}, {"message_op": message_op},
                raises=raises)


def _reindex(name: str, x: list[int], neighbors: list[int], count: list[int],
             dtype: str = "int64", count_dtype: str = "int32", raises: str | None = None
             ) -> Case:
    return Case(f"graph_reindex_{name}", "graph_reindex",
                {"X": _idx(x, dtype), "Neighbors": _idx(neighbors, dtype),
                 "Count": _idx(count, count_dtype)}, raises=raises)


CASES = [
    *[_recv(f"{r.lower()}_{d}", r, In((5, 3), d, low=-8, high=8))
      for r in ("SUM", "MEAN", "MAX", "MIN") for d in ("float32", "float64", "int32", "int64")],
    _recv("mean_int_truncates", "MEAN", In((5, 2), "int32", values=[[1, -1], [2, -2], [4, -4],
                                                                   [6, -6], [7, -7]])),
    _recv("index_int32", "SUM", In((5, 3), "float32"), index_dtype="int32"),
    _recv("index_column", "MAX", In((5, 3), "float64"), column=True),
    _recv("x_1d", "SUM", In((5,), "float32")),
    _recv("x_3d", "MEAN", In((5, 2, 3), "float64")),
    _recv("out_size_attr", "SUM", In((5, 3), "float32"), out_size=7),
    _recv("out_size_small", "MIN", In((5, 3), "float32"), out_size=5, dst=[1, 2, 1, 0, 1, 4, 1]),
    _recv("out_size_zero", "MEAN", In((5, 3), "float32"), out_size=0),
    _recv("out_size_tensor", "MAX", In((5, 3), "int64"), out_size_tensor=6),
    _recv("no_edges", "SUM", In((4, 3), "float32"), src=[], dst=[]),
    _recv("no_edges_max", "MAX", In((4, 3), "float32"), src=[], dst=[]),
    _recv("dst_out_of_range", "SUM", In((5, 3), "float32"), dst=[1, 2, 1, 0, 1, 9, 1],
          raises="row index"),
    _recv("dst_beyond_out_size", "SUM", In((5, 3), "float32"), out_size=3, raises="row index"),
    _recv("src_out_of_range", "MEAN", In((5, 3), "float32"), src=[0, 1, 2, 0, 3, 5, 4],
          raises="row index"),
    _recv("src_negative", "MAX", In((5, 3), "float32"), src=[0, -1, 2, 0, 3, 1, 4],
          raises="row index"),
 *[_recv(f"{m.lower()}_{r.lower()}_{d}", r, In((5, 3), d, low=-8, high=8),
            In((7, 3), d, low=-3, high=3), m)
      for m in ("ADD", "MUL") for r in ("SUM", "MEAN", "MAX", "MIN")
      for d in ("float32", "float64", "int32", "int64")],
    _recv("y_scalar_per_edge", "SUM", In((5, 3), "float32"), In((7, 1), "float32"), "MUL"),
    _recv("y_1d", "MEAN", In((5, 3), "float64"), In((7,), "float64"), "ADD"),
    _recv("y_broadcast_up", "MAX", In((5, 3), "float32"), In((7, 2, 3), "float32"), "ADD"),
    _recv("x_broadcast_up", "MIN", In((5, 1), "float32"), In((7, 4), "float32"), "MUL"),
    _recv("ue_out_size_tensor", "SUM", In((5, 3), "int32"), In((7, 3), "int32"), "MUL",
          index_dtype="int32", out_size_tensor=6),
    _recv("ue_no_edges", "MEAN", In((4, 3), "float32"), In((0, 3), "float32"), "ADD",
          src=[], dst=[]),
    *[_uv(f"{m.lower()}_{d}", m, In((5, 3), d, low=-8, high=8), In((5, 3), d))
      for m in ("ADD", "MUL") for d in ("float32", "float64", "int32", "int64")],
    _uv("broadcast", "MUL", In((5, 3), "float32"), In((5, 2, 1), "float32")),
    _uv("y_one_feature", "ADD", In((5, 3), "float64"), In((5, 1), "float64")),
    _uv("x_1d", "ADD", In((5,), "float32"), In((5, 3), "float32")),
    _uv("index_int32", "MUL", In((5, 3), "float32"), In((6, 3), "float32", low=1, high=4),
        index_dtype="int32"),
    _uv("no_edges", "ADD", In((5, 3), "float32"), In((5, 3), "float32"), src=[], dst=[]),
    *[_reindex(f"{d}", [0, 1, 2], [8, 9, 0, 4, 7, 6, 7], [2, 3, 2], d)
      for d in ("int32", "int64")],
    _reindex("x_repeated", [5, 1, 5], [8, 9, 0, 4, 7, 6, 7], [2, 3, 2]),
    _reindex("negative_ids", [-3, 1, 2], [8, -9, 0, 4, 7, 6, -3], [2, 3, 2]),
    _reindex("one_edge", [0], [5], [1], "int32"),
    _reindex("zero_count", [0, 3], [5], [0, 1]),
    _reindex("all_known", [4, 2, 9], [9, 9, 2, 4], [1, 0, 3]),
    _reindex("count_int64", [0, 1], [3, 4], [1, 1], count_dtype="int64", raises="int32"),
]


#: 10 nodes; node i's neighbors are _ROW[_COLPTR[i]:_COLPTR[i + 1]] (7 and 9: none).
_ROW = [3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7]
_COLPTR = [0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13]
_EIDS = [10 * i for i in range(13)]


def _sample(name: str, x: list, sample_size: int = 5, dtype: str = "int64",
            eids: bool = False, weighted: bool = False, column: bool = False,
            colptr_dtype: str | None = None, weight_dtype: str = "float32",
            return_eids: bool | None = None, raises: str | None = None) -> Case:
    if weighted:
        op, slots = "weighted_sample_neighbors", ("row", "colptr", "input_nodes", "eids")
        outs = ("out_neighbors", "out_count", "out_eids")
    else:
        op, slots = "graph_sample_neighbors", ("Row", "Col_Ptr", "X", "Eids")
        outs = ("Out", "Out_Count", "Out_Eids")
    inputs = {slots[0]: _idx(_ROW, dtype), slots[1]: _idx(_COLPTR, colptr_dtype or dtype)}
    if weighted:
        inputs["edge_weight"] = In((13,), weight_dtype, low=0.5, high=2.0)
    inputs[slots[2]] = _idx(x, dtype, column)
    if eids:
        inputs[slots[3]] = _idx(_EIDS, dtype)
    attrs: dict[str, object] = {"sample_size": sample_size,
                                "return_eids": eids if return_eids is None else return_eids}
    if not weighted:
        attrs["flag_perm_buffer"] = False
    return Case(f"{op}_{name}", op, inputs, attrs, fetch=outs if eids else outs[:2],
                raises=raises)


def _khop(name: str, x: list, sample_sizes: list[int], dtype: str = "int64",
          eids: bool = False, raises: str | None = None) -> Case:
    inputs = {"Row": _idx(_ROW, dtype), "Col_Ptr": _idx(_COLPTR, dtype), "X": _idx(x, dtype)}
    if eids:
        inputs["Eids"] = _idx(_EIDS, dtype)
    outs = ("Out_Src", "Out_Dst", "Sample_Index", "Reindex_X", "Out_Eids")
    return Case(f"graph_khop_sampler_{name}", "graph_khop_sampler", inputs,
                {"sample_sizes": sample_sizes, "return_eids": eids},
                fetch=outs if eids else outs[:4], raises=raises)


_NODES = [0, 8, 1, 2, 7, 5]
CASES += [
    *[_sample(f"{d}{'_weighted' if w else ''}", _NODES, dtype=d, weighted=w)
      for d in ("int32", "int64") for w in (False, True)],
    *[_sample(f"degree_equal{'_weighted' if w else ''}", _NODES, 2, weighted=w)
      for w in (False, True)],
    _sample("size_zero", _NODES, 0),
    _sample("size_zero_no_neighbors", [7, 9], 0, weighted=True),
    _sample("repeated_nodes", [5, 5, 0, 5], 3, "int32"),
    _sample("x_column", _NODES, 4, column=True),
    _sample("x_column_weighted", _NODES, 4, weighted=True, column=True),
    *[_sample(f"eids_{d}{'_weighted' if w else ''}", _NODES, 2, d, eids=True, weighted=w)
      for d in ("int32", "int64") for w in (False, True)],
    _sample("no_nodes", [], 3),
    _sample("no_nodes_weighted", [], 3, weighted=True),
    _sample("negative_size", _NODES, -1, raises="sample_size|_M_default_append"),
    _sample("negative_size_weighted", _NODES, -1, weighted=True,
            raises="sample_size|_M_default_append"),
    _sample("colptr_int32_row_int64", _NODES, 3, colptr_dtype="int32",
            raises="type of data|dtype"),
    _sample("weight_float64", _NODES, 3, weighted=True, weight_dtype="float64",
            raises="float32|type of data"),
    _khop("one_hop", [0, 8, 1, 2], [5]),
    _khop("one_hop_int32", [0, 8, 1, 2], [5], "int32"),
    _khop("one_hop_eids", [0, 8, 1, 2], [5], eids=True),
    _khop("two_hops", [3, 5], [5, 5]),
    _khop("two_hops_eids_int32", [3, 5], [2, 1], "int32", eids=True),
    _khop("two_hops_frontier_beyond_x", [4, 6], [5, 5]),
    _khop("one_node", [8], [5]),
    _khop("x_repeats", [0, 0, 2], [5], raises="frontier|mismatch"),
    _khop("x_without_neighbors", [7, 9], [5], raises="at least one neighbor"),
    _khop("x_empty", [], [5], raises="should not be 0|empty"),
]
