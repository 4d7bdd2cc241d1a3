"""Alignment losses of the `loss` op family: warpctc (CTC) and warprnnt (RNN-T), as Paddle
3.3.1's CPU kernels compute them through the warp-ctc / warp-transducer libraries.

warpctc: Logits time-major [T, B, C] with per-sequence lengths (padded form), or a LoD
tensor [T_total, C] (LoD form, padded here with zeros as Paddle pads it). The classes'
probabilities are softmax(logits) computed as exp(x - max) / sum; the CTC forward
(alpha) and backward (beta) variables run in log space over the labels with blanks
(2 L + 1 states), vectorised over the batch with a loop over time. Loss = -log p(label);
a sequence with L + repeats > T (no alignment fits) gets loss 0 and gradient 0, as
warp-ctc leaves them. WarpCTCGrad [T, B, C] is d loss / d logits: softmax minus the
posterior of each class, probs - exp(log sum(alpha beta over the class's states) -
log probs + log p) (probs itself where no state of the class is reachable, or where that
sum is exactly 1 or probs is 0, as warp-ctc writes it), 0 past a sequence's end. The
Loss is not divided by the length (norm_by_times scales the gradient op only).

warprnnt: see `warprnnt` (log-probabilities in, no softmax; FastEmit scales the gradient
only).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet, to_host
from phi.kernels.funcs.sequence import last_level, padded_rows

_CTC = "warpctc"


def _lengths(op: str, what: str, values: Any, count: int, low: int, high: int) -> np.ndarray:
    lens = to_host(values).reshape(-1).astype(np.int64)
    if lens.size != count:
        raise ValueError(f"{op}: {what} needs one length per sequence ({count}), got "
                         f"{lens.size}")
    if lens.size and (lens.min() < low or lens.max() > high):
        raise ValueError(f"{op}: {what} must lie in [{low}, {high}], got {lens.tolist()}")
    return lens


def ctc_batch(xp: Any, logits: Any, label: Any, logits_lod: Any, label_lod: Any,
              logits_length: Any | None, label_length: Any | None
              ) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray]:
    """(time-major logits [T, B, C], flat labels, logits lengths, label lengths) of either
    of warpctc's forms (padded: both length tensors given; else LoDs)."""
    if logits_length is not None and label_length is not None:
        if logits.ndim != 3 or 0 in logits.shape:
            raise ValueError(f"{_CTC}: padded Logits must be [T, B, C] with no zero dim, got "
                             f"{tuple(logits.shape)}")
        steps, batch, _ = logits.shape
        lens = _lengths(_CTC, "LogitsLength", logits_length, batch, 1, steps)
        if label.ndim != 2 or label.shape[0] != batch:
            raise ValueError(f"{_CTC}: padded Label must be [B, Lmax] with B = {batch}, got "
                             f"{tuple(label.shape)}")
        label_lens = _lengths(_CTC, "LabelLength", label_length, batch, 0, label.shape[1])
        host = to_host(label).astype(np.int64)
        flat = host[np.arange(label.shape[1])[None, :] < label_lens[:, None]]
        return logits, flat, lens, label_lens
    offsets = last_level(_CTC, logits_lod, logits.shape[0], max_levels=1, what="Logits")
    label_offsets = last_level(_CTC, label_lod, label.shape[0], max_levels=1, what="Label")
    if logits.ndim != 2 or label.ndim != 2 or label.shape[1] != 1:
        raise ValueError(f"{_CTC}: LoD Logits must be [T_total, C] and Label [L_total, 1], got "
                         f"{tuple(logits.shape)} and {tuple(label.shape)}")
    if offsets.size != label_offsets.size:
        raise ValueError(f"{_CTC}: Logits has {offsets.size - 1} sequences but Label "
                         f"{label_offsets.size - 1}")
    lens = _lengths(_CTC, "the LoD of Logits", np.diff(offsets), offsets.size - 1, 1,
                    logits.shape[0])
    rows, valid = padded_rows(offsets)
    padded = xp.where(xp.asarray(valid)[..., None], logits[xp.asarray(rows)],
                      logits.dtype.type(0))
    flat = to_host(label).reshape(-1).astype(np.int64)[:label_offsets[-1]]
    return padded.transpose(1, 0, 2), flat, lens, np.diff(label_offsets)


def _states(flat: np.ndarray, label_lens: np.ndarray, blank: int) -> tuple[np.ndarray, ...]:
    """(labels with blanks [B, S], states per sequence, repeats per sequence)."""
    batch, longest = label_lens.size, int(label_lens.max(initial=0))
    cols = np.arange(longest)[None, :]
    inside = cols < label_lens[:, None]
    labels = np.full((batch, longest), blank, np.int64)
    labels[inside] = flat
    ext = np.full((batch, 2 * longest + 1), blank, np.int64)
    ext[:, 1::2] = labels
    repeats = (inside[:, 1:] & (labels[:, 1:] == labels[:, :-1])).sum(axis=1)
    return ext, 2 * label_lens + 1, repeats


def _shift(xp: Any, a: Any, by: int, neg: Any) -> Any:
    """a moved `by` states along its last axis (towards higher states if by > 0), -inf in."""
    out = xp.full(a.shape, neg, dtype=a.dtype)
    if by > 0:
        out[..., by:] = a[..., :-by]
    else:
        out[..., :by] = a[..., -by:]
    return out


def _log_sum(xp: Any, a: Any, axis: int, neg: Any) -> Any:
    """log(sum(exp(a))) along `axis`, -inf where every term is -inf."""
    top = a.max(axis=axis, keepdims=True)
    safe = xp.where(top == neg, a.dtype.type(0), top)
    return (xp.log(xp.exp(a - safe).sum(axis=axis, keepdims=True)) + safe).squeeze(axis)


def warpctc(xp: Any, logits: Any, flat: np.ndarray, lens: np.ndarray, label_lens: np.ndarray,
            blank: int, norm_by_times: bool, loss: Any, grad: Any) -> None:
    """CTC loss [B, 1] and its gradient [T, B, C] (see the module docstring;
    `norm_by_times` scales the gradient op's result only: neither output here)."""
    steps, batch, classes = logits.shape
    if not 0 <= blank < classes:
        raise ValueError(f"{_CTC}: the value of Attr(blank) should be in interval [0, "
                         f"{classes}), got {blank}")
    if flat.size and (flat.min() < 0 or flat.max() >= classes):
        raise ValueError(f"{_CTC}: Label values must lie in [0, {classes}), got "
                         f"{int(flat[(flat < 0) | (flat >= classes)][0])}")
    t = logits.dtype.type
    neg = t(-np.inf)
    ext, states, repeats = _states(flat, label_lens, blank)
    s_idx = np.arange(ext.shape[1])
    live = xp.asarray(s_idx[None, :] < states[:, None])
    skip_in = xp.asarray((s_idx >= 2) & (ext != blank) & (ext != np.roll(ext, 2, axis=1)))
    skip_out = xp.asarray((s_idx[None, :] + 2 < states[:, None]) & (ext != blank)
                          & (ext != np.roll(ext, -2, axis=1)))
    final = xp.asarray(s_idx[None, :] >= states[:, None] - 2) & live
    last = xp.asarray(lens - 1)[:, None]
    with quiet(xp):
        probs = xp.exp(logits - logits.max(axis=2, keepdims=True))
        probs /= probs.sum(axis=2, keepdims=True)
        log_probs = xp.log(probs)
        emit = log_probs[:, xp.arange(batch)[:, None], xp.asarray(ext)]  # [T, B, S]
        alpha = xp.full(emit.shape, neg, dtype=logits.dtype)
        alpha[0] = xp.where(live & xp.asarray(s_idx < 2), emit[0], neg)
        for step in range(1, steps):
            prev = alpha[step - 1]
            came = xp.logaddexp(prev, _shift(xp, prev, 1, neg))
            came = xp.logaddexp(came, xp.where(skip_in, _shift(xp, prev, 2, neg), neg))
            alpha[step] = xp.where(live, came + emit[step], neg)
        beta = xp.full(emit.shape, neg, dtype=logits.dtype)
        for step in range(steps - 1, -1, -1):
            if step + 1 < steps:
                nxt = beta[step + 1]
                went = xp.logaddexp(nxt, _shift(xp, nxt, -1, neg))
                went = xp.logaddexp(went, xp.where(skip_out, _shift(xp, nxt, -2, neg), neg))
                beta[step] = xp.where(live & (step < last), went + emit[step], neg)
            beta[step] = xp.where(final & (step == last), emit[step], beta[step])
        ends = alpha[xp.asarray(lens - 1), xp.arange(batch)]  # [B, S]
        log_p = _log_sum(xp, xp.where(final, ends, neg), 1, neg)
        feasible = xp.asarray(label_lens + repeats <= lens)
        loss[...] = xp.where(feasible, -log_p, t(0)).reshape(batch, 1)
        joint = alpha + beta  # [T, B, S]
        onehot = xp.asarray(ext[:, :, None] == np.arange(classes))  # [B, S, C]
        output = _log_sum(xp, xp.where(onehot, joint[..., None], neg), 2, neg)  # [T, B, C]
        plain = (output == neg) | (output == 0) | (probs == 0)
        posterior = probs - xp.exp(output - log_probs - log_p[None, :, None])
        inside = xp.asarray(np.arange(steps)[:, None] < lens[None, :])[..., None]
        grad[...] = xp.where(inside & feasible[None, :, None],
                             xp.where(plain, probs, posterior), t(0))


_RNNT = "warprnnt"


def rnnt_lengths(acts: Any, label: Any, input_lengths: Any,
                 label_lengths: Any) -> tuple[np.ndarray, np.ndarray]:
    """warprnnt's checked (input lengths, label lengths): acts [B, T, U + 1, V] with no zero
    dim, label [B, U], lengths within T and U."""
    if acts.ndim != 4 or 0 in acts.shape:
        raise ValueError(f"{_RNNT}: input must be [B, T, U + 1, V] with no zero dim, got "
                         f"{tuple(acts.shape)}")
    batch, steps, width, _ = acts.shape
    if label.ndim != 2 or tuple(label.shape) != (batch, width - 1):
        raise ValueError(f"{_RNNT}: label must be [B, U] = {(batch, width - 1)}, got "
                         f"{tuple(label.shape)}")
    return (_lengths(_RNNT, "input_lengths", input_lengths, batch, 1, steps),
            _lengths(_RNNT, "label_lengths", label_lengths, batch, 0, width - 1))


def _diagonals(steps: int, width: int, reverse: bool) -> Any:
    """(t, u) index arrays of each anti-diagonal t + u of a [steps, width] grid, in order."""
    order = range(steps + width - 1)
    for d in reversed(order) if reverse else order:
        t = np.arange(max(0, d - width + 1), min(steps, d + 1))
        yield t, d - t


def warprnnt(xp: Any, acts: Any, label: Any, lens: np.ndarray, label_lens: np.ndarray,
             blank: int, fastemit_lambda: float, loss: Any, grad: Any) -> None:
    """RNN-T loss [B] of log-probabilities acts [B, T, U + 1, V] (taken as given, no
    softmax) and its gradient: alpha / beta over the (t, u) lattice in log space, one
    anti-diagonal at a time, vectorised over the batch; loss = -(alpha[T-1, U] +
    blank[T-1, U]). d loss / d acts is -exp(alpha + beta(next) + acts - log p) at the blank
    and the next label of each on-lattice (t, u) (the label's times 1 + fastemit_lambda),
    0 elsewhere; the loss itself has no FastEmit term."""
    batch, steps, width, classes = acts.shape
    if not 0 <= blank < classes:
        raise ValueError(f"{_RNNT}: blank must lie in [0, {classes}), got {blank}")
    labels = to_host(label).astype(np.int64)
    used = np.arange(width - 1)[None, :] < label_lens[:, None]
    if bool(np.any(used & ((labels < 0) | (labels >= classes)))):
        raise ValueError(f"{_RNNT}: label values must lie in [0, {classes}), got "
                         f"{int(labels[used & ((labels < 0) | (labels >= classes))][0])}")
    t = acts.dtype.type
    neg = t(-np.inf)
    labels = np.where(used, labels, 0)
    rows = xp.arange(batch)[:, None, None]
    grid_t = np.arange(steps)[None, :, None]
    grid_u = np.arange(width)[None, None, :]
    end_t, end_u = (lens - 1)[:, None, None], label_lens[:, None, None]
    on = xp.asarray((grid_t <= end_t) & (grid_u <= end_u))
    terminal = xp.asarray((grid_t == end_t) & (grid_u == end_u))
    stay = acts[..., blank]  # [B, T, U + 1]
    emit = xp.full(stay.shape, neg, dtype=acts.dtype)
    emit[:, :, :-1] = acts[rows, xp.arange(steps)[None, :, None],
                           xp.arange(width - 1)[None, None, :], xp.asarray(labels)[:, None, :]]
    emit = xp.where(xp.asarray(grid_u < end_u), emit, neg)
    with quiet(xp):
        alpha = xp.full(stay.shape, neg, dtype=acts.dtype)
        alpha[:, 0, 0] = 0
        for t_host, u_host in _diagonals(steps, width, reverse=False):
            if t_host[0] + u_host[0] == 0:
                continue
            ts, us = xp.asarray(t_host), xp.asarray(u_host)
            up_t = xp.asarray(np.maximum(t_host - 1, 0))
            left_u = xp.asarray(np.maximum(u_host - 1, 0))
            down = xp.where(ts > 0, alpha[:, up_t, us] + stay[:, up_t, us], neg)
            right = xp.where(us > 0, alpha[:, ts, left_u] + emit[:, ts, left_u], neg)
            alpha[:, ts, us] = xp.logaddexp(right, down)
        beta = xp.full(stay.shape, neg, dtype=acts.dtype)
        for t_host, u_host in _diagonals(steps, width, reverse=True):
            ts, us = xp.asarray(t_host), xp.asarray(u_host)
            next_t = xp.asarray(np.minimum(t_host + 1, steps - 1))
            next_u = xp.asarray(np.minimum(u_host + 1, width - 1))
            later = xp.where(ts + 1 < steps, beta[:, next_t, us], neg) + stay[:, ts, us]
            more = xp.where(us + 1 < width, beta[:, ts, next_u], neg) + emit[:, ts, us]
            value = xp.where(terminal[:, ts, us], stay[:, ts, us], xp.logaddexp(more, later))
            beta[:, ts, us] = xp.where(on[:, ts, us], value, neg)
        log_p = (alpha + stay)[xp.arange(batch), xp.asarray(lens - 1), xp.asarray(label_lens)]
        loss[...] = -log_p
        after = xp.full(stay.shape, neg, dtype=acts.dtype)
        after[:, :-1] = beta[:, 1:]
        after = xp.where(terminal, t(0), after)
        top = log_p[:, None, None]
        blank_grad = xp.where(on & (after != neg), -xp.exp(alpha + stay + after - top), t(0))
        right = xp.full(stay.shape, neg, dtype=acts.dtype)
        right[:, :, :-1] = beta[:, :, 1:]
        label_grad = -xp.exp(alpha + emit + right - top) * t(1 + fastemit_lambda)
        grad[...] = 0
        grad[..., blank] = blank_grad
        hit = xp.asarray(np.arange(classes) == np.concatenate(
            [labels, np.full((batch, 1), -1)], axis=1)[:, None, :, None]) & \
            (on & (right != neg) & xp.asarray(grid_u < end_u))[..., None]
        grad[...] = xp.where(hit, label_grad[..., None], grad)


def warprnnt_grad(xp: Any, warprnntgrad: Any, loss_grad: Any, input_grad: Any) -> None:
    """d loss / d input: the forward's warprnntgrad [B, T, U + 1, V] times each sequence's
    loss@GRAD [B] (FastEmit is already in warprnntgrad)."""
    batch = warprnntgrad.shape[0]
    if loss_grad.size != batch:
        raise ValueError(f"{_RNNT}_grad: loss@GRAD needs one value per sequence ({batch}), "
                         f"got shape {tuple(loss_grad.shape)}")
    scale = loss_grad.reshape(batch, 1, 1, 1).astype(warprnntgrad.dtype, copy=False)
    xp.multiply(warprnntgrad, scale, out=input_grad)


def warpctc_grad(xp: Any, warp_ctc_grad: Any, loss_grad: Any, logits_length: Any | None,
                 logits_lod: Any, rows: int, norm_by_times: bool, logits_grad: Any) -> None:
    """d loss / d Logits: the forward's WarpCTCGrad [T, B, C] times each sequence's
    Loss@GRAD (and 1 / its length with norm_by_times); padded form: [T, B, C] as is, LoD
    form: each sequence's steps back to its rows of the [T_total, C] Logits."""
    steps, batch, _ = warp_ctc_grad.shape
    t = warp_ctc_grad.dtype.type
    scale = loss_grad.reshape(1, batch, 1).astype(warp_ctc_grad.dtype)
    if logits_length is not None:
        lens = _lengths(_CTC, "LogitsLength", logits_length, batch, 1, steps)
        grad = warp_ctc_grad * scale
        if norm_by_times:
            grad = grad * (t(1) / xp.asarray(lens.astype(warp_ctc_grad.dtype))).reshape(
                1, batch, 1)
        logits_grad[...] = grad
        return
    offsets = last_level(_CTC, logits_lod, rows, max_levels=1, what="Logits")
    seq = np.searchsorted(offsets, np.arange(rows), side="right") - 1
    step = np.arange(rows) - offsets[seq]
    picked = warp_ctc_grad[xp.asarray(step), xp.asarray(seq)]  # [T_total, C]
    if norm_by_times:
        picked = picked * (t(1) / xp.asarray(np.diff(offsets)[seq].astype(
            warp_ctc_grad.dtype)))[:, None]
    logits_grad[...] = picked * loss_grad.reshape(-1)[xp.asarray(seq)][:, None]
