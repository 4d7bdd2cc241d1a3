"""Write compat/coverage/census.json: every legacy op type real Paddle registers.

Test-time tool only (Paddle's venv, see tests/conformance/README.md):

    python tests/conformance/export_census.py            # writes compat/coverage/census.json
    python tests/conformance/export_census.py --out FILE

For each op proto of ``paddle.base.framework.get_all_op_protos()``: its inputs, outputs
and attributes (with Paddle's defaults from ``core.get_op_attrs_default_value``), the
PHI kernel name Paddle maps it to (``core._get_phi_kernel_name``), whether Paddle's CPU
build has a kernel for it, a family (the name tables below) and, for op types a CPU
inference or training program does not hold, the reason it is left out. For each op type
that is not left out, the grad op types Paddle's grad op maker makes for it
(``core.get_grad_op_desc`` on a one-op OpDesc with the proto's slots and default
attributes, in a forked child: a few makers crash Paddle; while's and conditional_block's,
which need the program around them, from the training programs Paddle differentiated:
GRADS_FROM_PROGRAMS), or why it makes none, and the dtypes of the plain CPU kernels Paddle
runs for it and for each of its grad op types. The output
is deterministic (sorted, one op per line) and names Paddle's version and this command.
"""

from __future__ import annotations

import os

# Must happen before paddle is imported: the legacy (non-PIR) op registry.
os.environ["FLAGS_enable_pir_api"] = "0"

import argparse
import json
import re
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from compat.coverage.census import CENSUS_FORMAT, CENSUS_PATH, CpuKernel, Exclusion  # noqa: E402

COMMAND = "python tests/conformance/export_census.py"

#: Operators Paddle runs without a kernel (C++ classes deriving from OperatorBase, directly
#: or through ArrayOp: control flow and tensor arrays); the executor runs them on any place.
#: `collect` refuses an entry that is not an op proto or that has a kernel after all.
FRAMEWORK_OPS = frozenset({
    "while", "conditional_block", "conditional_block_infer", "select_input", "select_output",
    "read_from_array", "write_to_array", "lod_array_length", "tensor_array_to_tensor",
})

#: (reason, regular expression over the op type), first match wins. The order matters
#: where names overlap (``c_embedding`` is distributed before anything else).
EXCLUSIONS: tuple[tuple[Exclusion, str], ...] = (
    (Exclusion.IO_HOST, r"^(feed|fetch|fetch_v2|save|save_combine|load|load_combine|read|"
                        r"create_\w*reader|py_func|pylayer|print|run_program|\w+_engine|"
                        r"checkpoint_notify|get_float_status|clear_float_status|"
                        r"memcpy\w*|share_buffer|dequeue|enqueue|queue_generator|"
                        r"nop|depend|coalesce_tensor|shadow_output|data|read_file|decode_jpeg|"
                        r"faster_tokenizer)$"),
    (Exclusion.DISTRIBUTED, r"^(c_\w+|all_gather|all_reduce|broadcast|reduce|reduce_scatter|"
                            r"p_send\w*|p_recv\w*|\w*comm\w*|send\w*|recv\w*|\w*allreduce\w*|"
                            r"\w*allgather\w*|\w*alltoall\w*|\w*all_to_all\w*|barrier|"
                            r"global_(gather|scatter)|partial_(send|recv|allgather)|"
                            r"dist_\w+|distributed_\w+|mp_allreduce_sum|\w*_xccl_\w*|"
                            r"\w*nccl\w*|\w*bkcl\w*|gen_\w+_id|listen_and_serv|"
                            r"fl_listen_and_serv|heter_listen_and_serv|prefetch|"
                            r"lookup_sparse_table\w*|pull_\w+|push_\w+|sparse_\w+_table\w*|"
                            r"fetch_barrier|send_barrier|split_ids|merge_ids|"
                            r"ref_by_trainer_id|limit_by_capacity|prune_gate_by_capacity|"
                            r"random_routing|number_count|assign_pos|moe\w*|"
                            r"sync_batch_norm|margin_cross_entropy|class_center_sample|"
                            r"dgc\w*|sequence_parallel\w*|\w*_calc_stream|\w*_comm_stream)$"),
    (Exclusion.QUANTIZATION, r"^(fake_\w+|\w*quantize\w*|\w*_quant\w*|quant_\w+|"
                             r"moving_average_abs_max_scale|\w*int8\w*|fp8\w*|\w*_fp8\w*|"
                             r"weight_only_linear|apply_per_channel_scale|"
                             r"llm_int8_linear|\w*dequant\w*)$"),
    (Exclusion.SPARSE, r"^sparse_(?!momentum$)\w+$"),
    (Exclusion.DEVICE_FUSED, r"^(\w+_xpu|fused_\w+|fusion_\w+|\w+_fused\w*|flash_?\w*|"
                             r"\w*multihead\w*|multi_head\w*|\w*_attention\w*|"
                             r"memory_efficient_attention|skip_layernorm|fast_\w+|"
                             r"resnet_unit|resnet_basic_block|squeeze_excitation_block|"
                             r"ap_\w+|npu_\w+|conv2d_inception_fusion|yolo_box_head|"
                             r"yolo_box_post|\w+_bias|gemm_epilogue|batched_gemm|"
                             r"cudnn_lstm|blha_\w+|qkv_\w+|top_p_sampling|"
                             r"variable_length_\w+|masked_multihead_\w+|add_group_norm_silu|"
                             r"fast_where\w*|embedding_with_eltwise_add\w*|"
                             r"multi_gru|fusion_\w+|\w+_onednn|skip_\w+|openvino\w*|"
                             r"tensorrt\w*|lite\w*|dlnne\w*|cinn\w*)$"),
)

#: Op types Paddle's CPU build registers a kernel for that no legacy program runs, each with
#: the one-op program `collect` runs to show it (inputs: slot -> (dims, dtype), attrs, output
#: slots, the error Paddle must raise; None: the op cannot be run safely, the note says what
#: was seen) and the note recorded in census.json. `collect` refuses an entry Paddle runs.
NOT_RUNNABLE: dict[str, tuple[dict | None, str]] = {
    "correlation": ({"inputs": {"Input1": ((1, 2, 5, 5), "float32"),
                                "Input2": ((1, 2, 5, 5), "float32")},
                     "attrs": {"pad_size": 1, "kernel_size": 1, "max_displacement": 1,
                               "stride1": 1, "stride2": 1},
                     "outputs": ["Output"], "error": "only supports GPU"},
                    "its CPU kernel only raises 'Correlation only supports GPU now'"),
    "full_int_array": (None, "Paddle 3.3.1 and 2.6.2 crash (SIGSEGV in "
                       "FullIntArrayOp::GetExpectedKernelType) running a program holding the op, "
                       "for every dtype (int32, int64) and place attribute; programs get the "
                       "values from full / assign_value instead"),
    "batch_fc": ({"inputs": {"Input": ((2, 3, 4), "float32"), "W": ((2, 4, 5), "float32"),
                             "Bias": ((2, 5), "float32")},
                  "outputs": ["Out"], "error": "BatchFC only supports GPU now"},
                 "its CPU kernel only raises 'BatchFC only supports GPU now'"),
    **{op: ({"inputs": {slot: ((2, 3), "float32")}, "attrs": attrs, "outputs": ["out"],
             "error": "no kernels which are registered"},
            "a legacy program holding it fails with 'There are no kernels which are registered "
            "in the ... operator' (Paddle 3.3.1 and 2.6.2 alike: its kernels are strided-view "
            "kernels the legacy executor does not select)")
       for op, slot, attrs in (
           ("as_strided", "input", {"dims": [3, 2], "stride": [1, 3], "offset": 0}),
           ("view_dtype", "input", {"dtype": 2}),
           ("index_select_strided", "x", {"index": 1, "axis": 0}))},
    **{op: (None, "an internal op of dygraph advanced indexing (no static API writes it; "
                  "Paddle 2.6.2 has no such op); run from a legacy program on CPU by hand "
                  "(x [2, 3] float32, int64 index [1, 0], byte strides), Paddle 3.3.1's "
                  f"kernel {seen}")
       for op, seen in (
           ("index_elementwise_get", "returned values that are not elements of x"),
           ("index_elementwise_put", "corrupted the heap ('malloc(): unsorted double linked "
                                     "list corrupted') or hung"),
           ("index_elementwise_put_with_tensor", "hung"))},
}

#: (family, regular expression over the op type), first match wins; else "misc".
FAMILIES: tuple[tuple[str, str], ...] = (
    ("control-flow", r"^(while|conditional_block\w*|select_(input|output)|"
                     r"(read_from|write_to)_array|"
                     r"lod_array_length|tensor_array_to_tensor|recurrent|rnn_memory_\w+|"
                     r"increment|is_empty|lod_rank_table|max_sequence_len|"
                     r"reorder_lod_tensor_by_rank|shrink_rnn_memory|merge_lod_tensor|"
                     r"split_lod_tensor)$"),
    ("sequence", r"^(sequence_\w+|lod_reset|im2sequence|row_conv|match_matrix_tensor|"
                 r"var_conv_2d|search_\w+|pyramid_hash|sequence\w*)$"),
    ("fft", r"^(fft_\w+|stft|frame|overlap_add)$"),
    ("linalg", r"^(cholesky\w*|eig\w*|svd\w*|qr|lu\w*|inverse|determinant|slogdeterminant|"
               r"matrix_\w+|triangular_solve|solve|lstsq|pinv|multi_dot|trace|diagonal|"
               r"cross|dot|kron|bmm|mv|cov|cdist|dist|norm|p_norm|frobenius_norm|"
               r"squared_l2_norm|l1_norm|renorm|einsum|tril_triu|triu|tril|matmul\w*|mul|"
               r"addmm|baddbmm|fc|bilinear_tensor_product|linear_v2)$"),
    ("loss", r"^(\w+_loss|\w*cross_entropy\w*|bpr_loss|cos_sim|hinge_loss|huber_loss|"
             r"kldiv_loss|log_loss|rank_loss|margin_rank_loss|modified_huber_loss|"
             r"smooth_l1_loss|nll_loss|warpctc|warprnnt|center_loss|teacher_student_\w+|"
             r"squared_l2_distance|sigmoid_focal_loss|identity_loss|hierarchical_sigmoid|"
             r"nce|sample_logits|cvm|label_smooth)$"),
    ("metric", r"^(accuracy|auc|precision_recall|chunk_eval|edit_distance|mean_iou|"
               r"positive_negative_pair|ctc_align)$"),
    ("optimizer", r"^(sgd|momentum|lars_momentum|adam|adamw|adamax|adagrad|adadelta|"
                  r"decayed_adagrad|rmsprop|ftrl|lamb|proximal_\w+|dpsgd|dgc_momentum|"
                  r"merged_\w+|sparse_momentum|average_accumulates|\w+_decay\w*|"
                  r"check_finite_and_unscale|update_loss_scaling|clip_by_norm|"
                  r"rprop|asgd|nadam|radam)$"),
    ("detection", r"^(\w*box\w*|\w*prior\w*|\w*nms\w*|roi_\w+|psroi_pool|prroi_pool|"
                  r"\w*proposals\w*|anchor_generator|bipartite_match|target_assign|"
                  r"mine_hard_examples|retinanet_\w+|iou_similarity|yolov3_loss|"
                  r"rpn_target_assign|detection_map|deformable_psroi_pooling|"
                  r"polygon_box_transform|generate_mask_labels|affine_channel)$"),
    ("rnn", r"^(lstm\w*|gru\w*|rnn|cudnn_lstm|lstmp|attention_lstm)$"),
    ("random", r"^(\w*random\w*|gaussian\w*|uniform\w*|randint|randperm|bernoulli|"
               r"multinomial|poisson|dropout\w*|seed|sampling_id|exponential|"
               r"class_center_sample|shuffle_batch|dirichlet|binomial|"
               r"truncated_gaussian_random|rrelu|gumbel_softmax)$"),
    ("elementwise", r"^elementwise_\w+$"),
    ("reduce", r"^(reduce_\w+|mean|logsumexp|sum|cumsum|cumprod|logcumsumexp|cummax|cummin|"
               r"nanmedian|median|kthvalue|mode|top_k\w*|arg_(min|max)|argsort|"
               r"max_with_index|min_with_index|segment_pool|size|numel|std|var)$"),
    ("compare-logic", r"^(equal\w*|not_equal|less_\w+|greater_\w+|logical_\w+|bitwise_\w+|"
                      r"isclose|allclose|isfinite\w*|isinf\w*|isnan\w*|where|where_index)$"),
    ("conv", r"^(conv\w*|depthwise_conv\w*|deformable_conv\w*)$"),
    ("pool", r"^(pool\w*|max_pool\w*|unpool\w*|lp_pool\w*|\w+_pool\w*d|spp|maxout|"
             r"fractional_max_pool\w*|adaptive_\w+)$"),
    ("norm", r"^(\w*_norm|lrn|data_norm|norm\w*|spectral_norm|layer_norm\w*|rms_norm)$"),
    ("interp", r"^(\w+_interp\w*|interp_antialias|grid_sampler|affine_grid|temporal_shift|"
               r"pixel_(un)?shuffle|channel_shuffle|shuffle_channel|space_to_depth|"
               r"correlation)$"),
    ("unary", r"^(relu\w*|sigmoid|logsigmoid|tanh\w*|gelu|swish|silu|hard_\w+|"
                   r"leaky_relu|elu|selu|celu|mish|softplus|softsign|softshrink|"
                   r"thresholded_relu|brelu|soft_relu|stanh|prelu|exp|expm1|log\w*|sqrt|"
                   r"rsqrt|abs|sign|square|pow|sin\w*|cos\w*|tan|asin\w*|acos\w*|atan\w*|"
                   r"erf\w*|ceil|floor|round|rint|reciprocal|trunc|swiglu|glu|"
                   r"softmax|log_softmax|lgamma|digamma|polygamma|i0\w*|i1\w*|"
                   r"gammaln|gammaincc?|logit|scale|clip|angle|real|imag|conj|"
                   r"complex|as_real|as_complex|heaviside|copysign|nextafter)$"),
    ("creation", r"^(fill\w*|full\w*|assign\w*|range\w*|arange|linspace|logspace|eye|"
                 r"empty\w*|ones\w*|zeros\w*|shape\w*|cast|one_hot\w*|diag\w*|"
                 r"meshgrid|tril_indices|triu_indices|set_value\w*|share_data\w*)$"),
    ("embedding", r"^(lookup_table\w*|embedding\w*|c_embedding)$"),
    ("graph", r"^(graph_\w+|weighted_sample_neighbors)$"),
    ("decoding", r"^(beam_search\w*|viterbi_decode|crf_decoding|tdm_\w+)$"),
)


def family_of(op_type: str) -> str:
    for family, pattern in FAMILIES:
        if re.match(pattern, op_type):
            return family
    return "manipulation" if _MANIPULATION.match(op_type) else "misc"


_MANIPULATION = re.compile(
    r"^(reshape\w*|squeeze\w*|unsqueeze\w*|flatten\w*|transpose\w*|concat|split\w*|stack|"
    r"unstack|slice|strided_slice|expand\w*|tile|gather\w*|scatter\w*|pad\w*|crop\w*|"
    r"roll|flip|reverse|unbind|unique\w*|index_\w+|masked_\w+|take_along_axis|"
    r"put_along_axis|repeat_interleave\w*|broadcast_tensors|chunk|partial_\w+|"
    r"as_strided|view_\w+|tensor_unfold|unfold|fold|nonzero|multiplex|histogram\w*|"
    r"bincount|int_bincount|searchsorted|bucketize|batch_size_like|filter_by_instag|"
    r"shard_index|trans_layout|contiguous|lod_\w+)$")


def exclusion_of(op_type: str, cpu: CpuKernel) -> Exclusion | None:
    if op_type in NOT_RUNNABLE:
        return Exclusion.NOT_RUNNABLE
    for reason, pattern in EXCLUSIONS:
        if re.match(pattern, op_type):
            return reason
    return Exclusion.NO_CPU_KERNEL if cpu is CpuKernel.NONE else None


def cpu_kernel_of(op_type: str, phi_name: str, by_op: dict, by_phi: dict) -> CpuKernel:
    """A CPU kernel under the op type (fluid and PHI, keyed by Paddle by op type) or under
    its PHI kernel name (the op-keyed table misses names several op types share)."""
    keyed = by_op.get(op_type, [])
    named = by_phi.get(phi_name, []) + by_phi.get(op_type, [])
    if any("place[Place(cpu)]" in k for k in keyed) or any(
            k.startswith(("(CPU,", "(ONEDNN,")) for k in named):
        return CpuKernel.KERNEL
    return CpuKernel.FRAMEWORK if op_type in FRAMEWORK_OPS else CpuKernel.NONE


def refuses(op_type: str, check: dict) -> str | None:
    """Run `check`'s one-op program on Paddle's CPU executor: None when Paddle raises the
    expected error, else what happened instead."""
    import numpy as np
    import paddle
    from paddle.base.layer_helper import LayerHelper

    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        ins = {slot: [paddle.static.data(slot.lower(), list(dims), dtype)]
               for slot, (dims, dtype) in check["inputs"].items()}
        outs = {slot: [main.current_block().create_var(name=f"out_{slot.lower()}",
                                                        dtype="float32")]
                for slot in check["outputs"]}
        LayerHelper(op_type).append_op(type=op_type, inputs=ins, outputs=outs,
                                       attrs=check.get("attrs", {}))
    feed = {slot.lower(): np.ones(dims, dtype) for slot, (dims, dtype) in check["inputs"].items()}
    try:
        paddle.static.Executor(paddle.CPUPlace()).run(
            main, feed=feed, fetch_list=[v[0] for v in outs.values()])
    except Exception as exc:  # any error is Paddle's answer, checked below
        text = str(exc)
        return None if re.search(check["error"], text) else f"raised: {text[-300:]}"
    finally:
        paddle.disable_static()
    return "ran"


def _json_value(value):
    """A default as JSON: floats rounded through repr (float32 defaults stay readable)."""
    if isinstance(value, float):
        return float(f"{value:.7g}")
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    return value


def _var(v) -> dict:
    out = {"name": v.name}
    for flag in ("duplicable", "dispensable", "intermediate", "extra", "quant"):
        if getattr(v, flag):
            out[flag] = True
    return out


#: Census attribute type -> (OpDesc setter, the value set where Paddle has no default: a
#: grad op maker that reads a required attribute needs one of the right type).
_ATTR_SETTERS = {
    "INT": ("_set_int32_attr", 0), "LONG": ("_set_int64_attr", 0),
    "FLOAT": ("_set_float32_attr", 0.0), "FLOAT64": ("_set_float64_attr", 0.0),
    "BOOLEAN": ("_set_bool_attr", False), "STRING": ("_set_str_attr", ""),
    "INTS": ("_set_int32s_attr", [0]), "LONGS": ("_set_int64s_attr", [0]),
    "FLOATS": ("_set_float32s_attr", [0.0]), "FLOAT64S": ("_set_float64s_attr", [0.0]),
    "BOOLEANS": ("_set_bools_attr", [False]), "STRINGS": ("_set_strs_attr", [""]),
}


def _grad_desc_types(op: dict) -> dict:
    """In a forked child: the grad op types Paddle's grad op maker makes for census entry
    `op` (its slots; its attributes at Paddle's defaults, typed placeholders where Paddle
    has none), or why it makes none."""
    import paddle
    from paddle.base import core

    paddle.enable_static()
    desc = paddle.static.Program().global_block().desc.append_op()
    desc.set_type(op["op_type"])
    for v in op["inputs"]:
        desc.set_input(v["name"], [f"in_{v['name']}"])
    for v in op["outputs"]:
        desc.set_output(v["name"], [f"out_{v['name']}"])
    for a in op["attrs"]:
        if a["type"] in _ATTR_SETTERS:  # (BLOCK, SCALAR, VAR attributes stay unset)
            setter, placeholder = _ATTR_SETTERS[a["type"]]
            getattr(desc, setter)(a["name"], a.get("default", placeholder))
    try:
        grads, _ = core.get_grad_op_desc(desc, set(), [])
    except Exception as exc:  # Paddle's refusal is the finding, recorded with the op
        return {"grad_ops": [], "grad_note": "Paddle's grad op maker raised: "
                + str(exc).strip().splitlines()[0][:200]}
    return {"grad_ops": sorted({g.type() for g in grads})}


#: Op types whose grad op maker needs a program around the op (it reads the sub-block and
#: makes the grad block: on a one-op OpDesc Paddle 3.3.1 dies of SIGSEGV): their grad op
#: types are the ones Paddle's own backward wrote into the training fixture named here
#: (tests/fixtures/train/NAME, exported by tests/conformance/export_train.py with this Paddle),
#: which must hold the grad op type.
GRADS_FROM_PROGRAMS = {"while": ("while_grad", "while_tanh_sgd"),
                       "conditional_block": ("conditional_block_grad", "cond_branches_sgd")}


def _grad_ops_from_program(op_type: str) -> dict:
    grad, fixture = GRADS_FROM_PROGRAMS[op_type]
    meta = json.loads((ROOT / "tests" / "fixtures" / "train" / fixture / "meta.json").read_text())
    if op_type not in meta["op_types"] or grad not in meta["op_types"]:
        raise SystemExit(f"GRADS_FROM_PROGRAMS: the training fixture {fixture} holds no "
                         f"{op_type} and {grad} ops; fix the table")
    return {"grad_ops": [grad]}


def grad_ops_of(op: dict) -> dict:
    """``{"grad_ops": [...]}`` for census entry `op` (empty: Paddle has no grad op maker or
    it makes no op), with a ``grad_note`` where Paddle crashes or refuses to make one
    (`GRADS_FROM_PROGRAMS`: from a program Paddle differentiated instead)."""
    from paddle.base import core

    if not core.has_non_empty_grad_op_maker(op["op_type"]):
        return {"grad_ops": []}
    if op["op_type"] in GRADS_FROM_PROGRAMS:
        return _grad_ops_from_program(op["op_type"])
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: a crashing grad op maker takes only it down
        os.close(read)
        try:
            os.write(write, json.dumps(_grad_desc_types(op)).encode())
        except BaseException as exc:  # reported to the parent, which stops
            os.write(write, json.dumps({"error": repr(exc)}).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    if data:
        found = json.loads(data)
        if "error" in found:
            raise SystemExit(f"grad ops of {op['op_type']}: making its OpDesc failed: "
                             f"{found['error']}")
        return found
    if os.WIFSIGNALED(status):
        return {"grad_ops": [], "grad_note": "Paddle crashed (" + signal.Signals(
            os.WTERMSIG(status)).name + ") making its grad op from a one-op OpDesc"}
    raise SystemExit(f"grad ops of {op['op_type']}: the child exited ({status}) saying nothing")


def plain_cpu_dtypes(names: tuple[str | None, ...], op_type: str, by_op: dict,
                     by_phi: dict) -> tuple[str | None, list[str]]:
    """(the PHI kernel Paddle's CPU build runs for `op_type`: the first of `names`
    registered, else None; the dtypes of its plain CPU kernels, a fluid kernel's of the op
    type where no PHI one is registered)."""
    from tests.conformance.export_ops import CPP_TYPES

    phi_name = next((n for n in names if n and by_phi.get(n)), None)
    dtypes = {k.strip("()").split(", ")[-1] for k in by_phi.get(phi_name, [])
              if k.startswith("(CPU, Undefined(AnyLayout)")}
    if not dtypes:
        dtypes = {CPP_TYPES.get(m.group(1), m.group(1).rsplit("::", 1)[-1])
                  for k in by_op.get(op_type, [])
                  if "place[Place(cpu)]" in k and "library_type[PLAIN]" in k
                  for m in [re.search(r"data_type\[([^\]]+)\]", k)] if m}
    return phi_name, sorted(dtypes)


def cpu_dtypes_of(op: dict, by_op: dict, by_phi: dict) -> dict:
    """``{"cpu_dtypes": [...]}`` for census entry `op`: the dtypes of the plain CPU kernels
    Paddle runs for the op type (its PHI kernel's, under the op's PHI kernel name or else
    the op type, as tests/conformance/export_ops.py finds them; else its fluid kernels')."""
    return {"cpu_dtypes": plain_cpu_dtypes((op["phi_kernel"], op["op_type"]), op["op_type"],
                                           by_op, by_phi)[1]}


def grad_kernels_of(op: dict, by_op: dict, by_phi: dict) -> dict:
    """``{"grad_kernels": {grad op type: {"phi_kernel", "cpu_dtypes"}}}`` for the grad op
    types Paddle makes for census entry `op`: the PHI kernel its CPU build runs for each
    (its name as `_get_phi_kernel_name` gives it, else the op type's, else the forward's
    PHI kernel's name + `_grad`: flatten_contiguous_range_grad runs flatten_grad) and the
    dtypes of its plain CPU kernels (a fluid kernel's where no PHI one is registered)."""
    from paddle.base import core

    kernels = {}
    for grad in op["grad_ops"]:
        names = (core._get_phi_kernel_name(grad), grad, f"{op['phi_kernel']}_grad")
        phi_name, dtypes = plain_cpu_dtypes(names, grad, by_op, by_phi)
        kernels[grad] = {"phi_kernel": phi_name, "cpu_dtypes": dtypes}
    return {"grad_kernels": kernels} if kernels else {}


def collect() -> dict:
    import paddle
    from paddle.base import core, framework

    protos = sorted(framework.get_all_op_protos(), key=lambda p: p.type)
    by_op = core._get_all_register_op_kernels()
    by_phi = core._get_registered_phi_kernels("function")
    attr_type = {v.number: v.name for v in protos[0].attrs[0].DESCRIPTOR.fields_by_name[
        "type"].enum_type.values}
    common = set.intersection(*({a.name for a in p.attrs} for p in protos))
    ops = []
    for p in protos:
        defaults = core.get_op_attrs_default_value(p.type.encode())
        phi_name = core._get_phi_kernel_name(p.type) or None
        cpu = cpu_kernel_of(p.type, phi_name or p.type, by_op, by_phi)
        attrs = []
        for a in sorted(p.attrs, key=lambda a: a.name):
            if a.name in common:
                continue
            entry = {"name": a.name, "type": attr_type[a.type]}
            if a.name in defaults:
                entry["default"] = _json_value(defaults[a.name])
            for flag in ("extra", "quant", "support_tensor"):
                if getattr(a, flag):
                    entry[flag] = True
            attrs.append(entry)
        excluded = exclusion_of(p.type, cpu)
        ops.append({
            "op_type": p.type, "family": family_of(p.type), "cpu_kernel": cpu.value,
            "phi_kernel": phi_name, "excluded": excluded.value if excluded else None,
            "inputs": [_var(v) for v in p.inputs], "outputs": [_var(v) for v in p.outputs],
            "attrs": attrs,
            **({"note": NOT_RUNNABLE[p.type][1]} if p.type in NOT_RUNNABLE else {}),
        })
        if excluded is None:
            ops[-1].update(cpu_dtypes_of(ops[-1], by_op, by_phi))
            ops[-1].update(grad_ops_of(ops[-1]))
            ops[-1].update(grad_kernels_of(ops[-1], by_op, by_phi))
    kernels = {o["op_type"] for o in ops if o["cpu_kernel"] == "kernel"}
    for op_type, (check, _note) in sorted(NOT_RUNNABLE.items()):
        outcome = "no CPU kernel registered" if op_type not in kernels else (
            check and refuses(op_type, check))
        if outcome:
            raise SystemExit(f"NOT_RUNNABLE: Paddle {paddle.__version__} on {op_type}: "
                             f"{outcome}; fix the table")
    wrong = sorted(FRAMEWORK_OPS - {o["op_type"] for o in ops if o["cpu_kernel"] == "framework"})
    if wrong:
        raise SystemExit(f"FRAMEWORK_OPS: {', '.join(wrong)} not an op proto of Paddle "
                         f"{paddle.__version__}, or registered with a kernel: fix the table")
    return {"format": CENSUS_FORMAT, "paddle_version": paddle.__version__, "command": COMMAND,
            "source": "paddle.base.framework.get_all_op_protos()",
            "common_attrs": sorted(common), "ops": ops}


def render(doc: dict) -> str:
    """One op per line, keys sorted: small diffs, identical bytes on a rerun."""
    head = {k: v for k, v in doc.items() if k != "ops"}
    lines = [json.dumps(head, sort_keys=True, ensure_ascii=False)[:-1] + ', "ops": [']
    body = [json.dumps(op, sort_keys=True, ensure_ascii=False) for op in doc["ops"]]
    lines.append(",\n".join(body))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=CENSUS_PATH)
    args = ap.parse_args(argv)
    text = render(collect())
    args.out.write_text(text, encoding="utf-8")
    doc = json.loads(text)
    kept = sum(o["excluded"] is None for o in doc["ops"])
    print(f"{args.out}: {len(doc['ops'])} op types, {kept} not excluded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
