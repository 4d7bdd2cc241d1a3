"""The tree and sampled losses of the `loss` family: hierarchical_sigmoid (PHI
hsigmoid_loss: a sample's path of binary decisions through a complete tree over
num_classes, or a custom tree given by PathTable / PathCode) and nce (noise-contrastive
estimation over the true classes and sampled negatives: uniform, log-uniform or a custom
distribution, reproducing Paddle's CPU sampler for a non-zero seed), with their
gradients. Semantics are Paddle 3.3.1's CPU kernels' (tests/fixtures/ops/loss)."""

from __future__ import annotations

import enum
import math
from typing import Any

import numpy as np

from phi.kernels.funcs import cpu_engine
from phi.kernels.funcs import random as random_funcs
from phi.kernels.funcs.common import quiet, to_host


def hsigmoid_paths(xp: Any, label: Any, num_classes: int, path_table: Any | None,
                   path_code: Any | None, nodes: int) -> tuple[Any, Any, Any]:
    """(node index, branch bit, on-path mask), each [N, code_length], of every sample's path
    from the root. Default tree: leaf c is code c + num_classes, whose j-th step goes
    through node (code >> (j + 1)) - 1 and takes bit j; the path is bit_length(code) - 1
    steps of code_length = bit_length(num_classes - 1). Custom tree: PathTable / PathCode
    rows, a path ending at its first negative node."""
    op = "hierarchical_sigmoid"
    if path_table is None:
        if num_classes < 1:
            raise ValueError(f"{op}: num_classes must be at least 1, got {num_classes}")
        ids = label.reshape(-1).astype(xp.int64)
        if bool(xp.any((ids < 0) | (ids >= num_classes))):
            raise ValueError(f"{op}: Label must hold classes in [0, {num_classes}), got "
                             f"{int(ids[(ids < 0) | (ids >= num_classes)][0])}")
        steps = xp.arange((num_classes - 1).bit_length(), dtype=xp.int64)
        code = (ids + num_classes)[:, None]
        index = (code >> (steps + 1)) - 1
        return index, ((code >> steps) & 1) == 1, index >= 0
    if path_code is None or tuple(path_code.shape) != tuple(path_table.shape):
        raise ValueError(f"{op}: PathCode must be given with PathTable's dims "
                         f"{tuple(path_table.shape)}")
    index = path_table.astype(xp.int64)
    on_path = xp.cumsum(index < 0, axis=1) == 0
    if bool(xp.any(on_path & (index >= nodes))):
        raise ValueError(f"{op}: PathTable names node {int(index[on_path].max())}, but W has "
                         f"{nodes} rows")
    return index, path_code != 0, on_path


def hsigmoid_loss(xp: Any, x: Any, w: Any, label: Any, path_table: Any | None,
                  path_code: Any | None, bias: Any | None, num_classes: int, is_sparse: bool,
                  out: Any, pre_out: Any) -> None:
    """(`is_sparse` only chooses the form of W's gradient: the forward is the same.)
    Out = sum over the code_length columns of softplus(pre) - sum of pre at the path's
    1-bits, pre = clip(bias[node] + W[node] . x, -40, 40) on the path and 0 off it (so each
    off-path column adds log 2, as Paddle's kernel does); PreOut = softplus(pre)."""
    index, bit, on_path = hsigmoid_paths(xp, label, num_classes, path_table, path_code,
                                         w.shape[0])
    if path_table is None and index.shape[1] and w.shape[0] < num_classes - 1:
        raise ValueError(f"hierarchical_sigmoid: W needs num_classes - 1 = {num_classes - 1} "
                         f"rows, got {w.shape[0]}")
    t = x.dtype.type
    node = xp.where(on_path, index, 0)
    with quiet(xp):
        pre = xp.zeros(index.shape, dtype=x.dtype)
        if bias is not None:
            pre += bias.reshape(-1)[node]
        pre += xp.einsum("nld,nd->nl", w[node], x)
        pre = xp.clip(xp.where(on_path, pre, t(0)), t(-40), t(40))
        picked = xp.where(on_path & bit, pre, t(0)).sum(axis=1, keepdims=True)
        xp.log(t(1) + xp.exp(pre), out=pre_out)
        xp.subtract(pre_out.sum(axis=1, keepdims=True), picked, out=out)


def hsigmoid_loss_grad(xp: Any, x: Any, w: Any, label: Any, path_table: Any | None,
                       path_code: Any | None, pre_out: Any, out_grad: Any, num_classes: int,
                       is_sparse: bool, x_grad: Any | None, w_grad: Any | None,
                       bias_grad: Any | None) -> None:
    """(W@GRAD is dense with `is_sparse` too: Paddle's SelectedRows holds the same rows.)
    d Out / d pre = sigmoid(pre) - bit = 1 - 1 / exp(PreOut) - bit on the path (times
    Out@GRAD per row; the clip's subgradient is ignored, as Paddle's kernel ignores it);
    Bias@GRAD / W@GRAD sum it (times x) into each path node's row, X@GRAD sums it times
    the node's W row."""
    index, bit, on_path = hsigmoid_paths(xp, label, num_classes, path_table, path_code,
                                         w.shape[0])
    t = x.dtype.type
    node = xp.where(on_path, index, 0)
    with quiet(xp):
        grad = (t(1) - t(1) / xp.exp(pre_out)) - bit.astype(x.dtype)
        grad = xp.where(on_path, grad * out_grad.reshape(-1, 1), t(0))
    if bias_grad is not None:
        bias_grad[...] = 0
        xp.add.at(bias_grad.reshape(-1), node[on_path], grad[on_path])
    if w_grad is not None:
        w_grad[...] = 0
        xp.add.at(w_grad, node[on_path], (grad[:, :, None] * x[:, None, :])[on_path])
    if x_grad is not None:
        x_grad[...] = xp.einsum("nl,nld->nd", grad, w[node])


def hsigmoid_code_length(num_classes: int, path_table_dims: tuple[int, ...] | None) -> int:
    return int(path_table_dims[1]) if path_table_dims else (num_classes - 1).bit_length()


class NCESampler(enum.IntEnum):
    """nce's `sampler` attribute: where the negative classes come from."""

    UNIFORM = 0
    LOG_UNIFORM = 1
    CUSTOM_DIST = 2

    @classmethod
    def parse(cls, value: int) -> NCESampler:
        try:
            return cls(value)
        except ValueError:
            raise ValueError(f"nce: Unsupported SamplerType. SamplerType should be 0: Uniform, "
                             f"1: LogUniform or 2: CustomDist. Received SamplerType: "
                             f"{value}") from None


def nce_negatives(sampler: NCESampler, classes: int, seed: int, count: int,
                  dist: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
    """`count` negative classes as Paddle's samplers draw them over [0, classes): with a
    non-zero seed its own bits (std::mt19937_64 seeded with the seed's low 32 bits and
    libstdc++'s distributions), else fluidphi's process-wide generator."""
    seed &= 0xFFFFFFFF
    rng = random_funcs.global_generator()
    if sampler is NCESampler.UNIFORM:
        return (cpu_engine.uniform_int(seed, count, 0, classes - 1) if seed
                else rng.integers(0, classes, count))
    if sampler is NCESampler.LOG_UNIFORM:
        if classes < 2:
            raise ValueError("nce: the log-uniform sampler needs num_total_classes >= 2")
        u = cpu_engine.canonical(seed, count, np.float64) if seed else rng.random(count)
        scale = np.float64(np.float32(math.log(classes)))
        return (np.exp(u * scale).astype(np.int64) - 1) % (classes - 1)
    _, alias, alias_probs = dist  # type: ignore[misc]
    index, p = (cpu_engine.index_and_canonical(seed, count, classes - 1) if seed
                else (rng.integers(0, classes, count), rng.random(count)))
    aliased = alias[index].astype(np.int64)
    return np.where((p > alias_probs[index]) & (aliased != -1), aliased, index)


def nce_probability(sampler: NCESampler, classes: int, targets: np.ndarray,
                    dist: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
    """The sampler's probability of each target class, float32 as Paddle's samplers give it."""
    if sampler is NCESampler.UNIFORM:
        return np.full(targets.shape, np.float32(1) / np.float32(classes), np.float32)
    if sampler is NCESampler.LOG_UNIFORM:
        scale = np.float64(np.float32(math.log(classes)))
        return (np.log((targets + 2.0) / (targets + 1.0)) / scale).astype(np.float32)
    return dist[0].reshape(-1)[targets].astype(np.float32)  # type: ignore[index]


def nce_sample_labels(label: np.ndarray, num_total_classes: int, num_neg_samples: int,
                      sampler: NCESampler, seed: int, custom_neg_classes: list[int],
                      dist: tuple[np.ndarray, np.ndarray, np.ndarray] | None,
                      rows: int) -> np.ndarray:
    """[N, true + num_neg_samples] int64: each row's true labels, then its negatives
    (custom_neg_classes, else drawn row by row)."""
    if label.ndim != 2:
        raise ValueError(f"nce: Label must be [N, num_true_classes], got {label.shape}")
    if custom_neg_classes:
        if len(custom_neg_classes) != num_neg_samples:
            raise ValueError(f"nce: custom_neg_classes must hold num_neg_samples = "
                             f"{num_neg_samples} classes, got {len(custom_neg_classes)}")
        negatives = np.tile(np.asarray(custom_neg_classes, np.int64), (label.shape[0], 1))
    else:
        negatives = nce_negatives(sampler, num_total_classes, seed,
                                  label.shape[0] * num_neg_samples, dist).reshape(
            label.shape[0], num_neg_samples)
    samples = np.concatenate([label.astype(np.int64), negatives], axis=1)
    if samples.size and samples.min() < 0:
        raise ValueError(f"nce: ValueError: Every sample label should be non-negative. But "
                         f"received: Input(SampleLabels) = {int(samples.min())}")
    if samples.size and samples.max() >= rows:
        raise ValueError(f"nce: sample label {int(samples.max())} is past Weight's {rows} rows")
    return samples


def nce(xp: Any, x: Any, weight: Any, bias: Any | None, sample_weight: Any | None,
        samples: np.ndarray, probability: np.ndarray, num_true: int, num_neg_samples: int,
        cost: Any, sample_logits: Any | None) -> None:
    """sample_logits = sigmoid(bias[s] + x . weight[s]) per sample class s; cost per row =
    w * (sum over true s of -log(o / (o + b)) + sum over negatives of -log(b / (o + b))),
    b = probability(s) * num_neg_samples in float32 (Paddle's sampler type)."""
    ids = xp.asarray(samples)
    with quiet(xp):
        logits = xp.einsum("nd,nsd->ns", x, weight[ids])
        if bias is not None:
            logits = bias.reshape(-1)[ids] + logits
        o = (1.0 / (1.0 + xp.exp(-logits).astype(xp.float64))).astype(x.dtype)
        b = xp.asarray(probability * np.float32(num_neg_samples)).astype(x.dtype)
        true = xp.asarray(np.arange(samples.shape[1]) < num_true)
        each = -xp.log(xp.where(true, o, b) / (o + b))
        if sample_weight is not None:
            each = sample_weight.reshape(-1, 1).astype(x.dtype) * each
        cost[...] = each.sum(axis=1, keepdims=True)
        if sample_logits is not None:
            sample_logits[...] = o


def nce_loss(xp: Any, x: Any, label: Any, weight: Any, bias: Any | None,
             sample_weight: Any | None, dist: tuple[Any, Any, Any] | None,
             num_total_classes: int, custom_neg_classes: list[int], num_neg_samples: int,
             sampler: int, seed: int, cost: Any, sample_logits: Any | None,
             sample_labels: Any | None) -> None:
    """nce's forward: the samples (`nce_sample_labels`), their logits and the cost (the
    samples and logits written where their outputs are given: saved programs drop them)."""
    kind = NCESampler.parse(sampler)
    host_dist = None
    if kind is NCESampler.CUSTOM_DIST:
        if dist is None or any(d is None for d in dist):
            raise ValueError("nce: sampler 2 (CustomDist) needs CustomDistProbs, "
                             "CustomDistAlias and CustomDistAliasProbs")
        host_dist = tuple(to_host(d).reshape(-1) for d in dist)
        if any(d.size != num_total_classes for d in host_dist):
            raise ValueError(f"nce: ShapeError: CustomDistProbs, CustomDistAlias and "
                             f"CustomDistAliasProbs need num_total_classes = "
                             f"{num_total_classes} elements each")
    samples = nce_sample_labels(to_host(label), num_total_classes, num_neg_samples, kind, seed,
                                list(custom_neg_classes), host_dist, weight.shape[0])
    nce(xp, x, weight, bias, sample_weight, samples,
        nce_probability(kind, num_total_classes, samples, host_dist), label.shape[1],
        num_neg_samples, cost, sample_logits)
    if sample_labels is not None:
        sample_labels[...] = xp.asarray(samples)


def nce_dims(x_dims: tuple[int, ...], label_dims: tuple[int, ...],
             num_neg_samples: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(Cost [N, 1], SampleLogits / SampleLabels [N, num_true + num_neg_samples])."""
    if len(label_dims) != 2 or label_dims[0] != x_dims[0]:
        raise ValueError(f"nce: Label must be [N, num_true_classes] with Input's N = "
                         f"{x_dims[0]}, got {tuple(label_dims)}")
    return (x_dims[0], 1), (x_dims[0], label_dims[1] + num_neg_samples)


def nce_loss_grad(xp: Any, x: Any, weight: Any, sample_weight: Any | None, sample_logits: Any,
                  sample_labels: Any, label: Any, dist: tuple[Any, Any, Any] | None,
                  num_total_classes: int, num_neg_samples: int, sampler: int, cost_grad: Any,
                  x_grad: Any | None, weight_grad: Any | None, bias_grad: Any | None) -> None:
    """d cost / d logit per sample: w * b / (o + b) * (o - 1) for a true class, w * o (1 - o)
    / (o + b) for a negative (times Cost@GRAD), scattered into Bias@GRAD and (times Input)
    Weight@GRAD rows and gathered (times the Weight rows) into Input@GRAD."""
    kind = NCESampler.parse(sampler)
    host_dist = None if kind is not NCESampler.CUSTOM_DIST else tuple(
        to_host(d).reshape(-1) for d in dist)  # type: ignore[union-attr]
    samples = to_host(sample_labels).astype(np.int64)
    b = xp.asarray(nce_probability(kind, num_total_classes, samples, host_dist)
                   * np.float32(num_neg_samples)).astype(x.dtype)
    o = sample_logits
    w = (xp.ones((o.shape[0], 1), dtype=x.dtype) if sample_weight is None
         else sample_weight.reshape(-1, 1).astype(x.dtype))
    true = xp.asarray(np.arange(samples.shape[1]) < label.shape[1])
    with quiet(xp):
        grad = xp.where(true, w * (b / (o + b)) * (o - 1), w * (o * (1 - o) / (o + b)))
        grad = grad * cost_grad.reshape(-1, 1)
    ids = xp.asarray(samples)
    if bias_grad is not None:
        bias_grad[...] = 0
        xp.add.at(bias_grad.reshape(-1), ids.reshape(-1), grad.reshape(-1))
    if weight_grad is not None:
        weight_grad[...] = 0
        xp.add.at(weight_grad, ids.reshape(-1),
                  (grad[:, :, None] * x[:, None, :]).reshape(-1, x.shape[1]))
    if x_grad is not None:
        x_grad[...] = xp.einsum("ns,nsd->nd", grad, weight[ids])
